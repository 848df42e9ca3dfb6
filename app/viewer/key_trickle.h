#pragma once
/// Dear ImGui 1.86 reads the keyboard as a state sampled once a frame: a key pressed and
/// released between two frames (a quick tap while a frame of a million triangles takes half a
/// second) is never seen down, so Enter in a text field or an arrow in a list is lost. ImGui
/// 1.87 queues key events; here the release of a key pressed since the last frame waits for the
/// next frame, so every press lasts at least one frame. Presses, characters and mouse buttons
/// pass at once (ImGui latches mouse presses and queues characters itself).

#include <vector>

namespace app {

class KeyTrickle {
  public:
    struct KeyEvent {
        int key = 0, scancode = 0, action = 0, mods = 0;
        friend bool operator==(const KeyEvent&, const KeyEvent&) = default;
    };

    /// A key event from GLFW: what to hand to ImGui now (nothing for a deferred release).
    [[nodiscard]] std::vector<KeyEvent> on_key(KeyEvent event);
    /// At the start of a frame, before the events are polled: the releases held back since the
    /// last frame, to hand to ImGui now (ImGui has seen those keys down for a frame).
    [[nodiscard]] std::vector<KeyEvent> next_frame();

  private:
    std::vector<int> pressed_;  ///< keys pressed since the last frame began
    std::vector<KeyEvent> held_;
};

}  // namespace app
