#pragma once
/// How presses, moves and releases of the pointer become clicks and drags, as desktop 3D tools
/// read them: a press and a release without moving more than a few pixels is a click; moving
/// further while a button is held is a drag, which never clicks. One button at a time: another
/// button pressed while one is held is ignored, and so is its release. Window pixels throughout.

#include <optional>

#include <glm/vec2.hpp>

namespace app {

class PointerGesture {
  public:
    /// How far a held pointer may wander before the press becomes a drag.
    static constexpr float kDragThresholdPx = 4.0f;

    struct Drag {
        int button = 0;
        glm::vec2 from{0.0f}, to{0.0f};  ///< this step of the drag
    };

    /// `button` went down at `cursor`; false (and nothing changes) while another is held.
    bool press(int button, glm::vec2 cursor);
    /// The pointer moved to `cursor`: a step of a drag once the held button's press has moved
    /// past the threshold (the first step starts where the pointer was last).
    [[nodiscard]] std::optional<Drag> move(glm::vec2 cursor);
    /// `button` went up at `cursor`: where the click was, when this button's press never became
    /// a drag; nothing otherwise (a drag, or a button this gesture did not take).
    [[nodiscard]] std::optional<glm::vec2> release(int button, glm::vec2 cursor);

    /// The held button, or -1.
    [[nodiscard]] int held_button() const { return held_; }
    [[nodiscard]] bool dragging() const { return dragging_; }
    [[nodiscard]] glm::vec2 last_cursor() const { return last_; }
    /// Whether the pointer moved since the last call (hovering picks again only then).
    [[nodiscard]] bool take_moved() {
        const bool moved = moved_;
        moved_ = false;
        return moved;
    }

  private:
    int held_ = -1;
    glm::vec2 pressed_at_{0.0f};
    glm::vec2 last_{0.0f};
    bool dragging_ = false;
    bool moved_ = false;
};

}  // namespace app
