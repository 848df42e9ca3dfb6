#include "app/viewer/key_trickle.h"

#include <algorithm>

#include <GLFW/glfw3.h>

namespace app {

std::vector<KeyTrickle::KeyEvent> KeyTrickle::on_key(KeyEvent event) {
    const bool pressed_now =
        std::find(pressed_.begin(), pressed_.end(), event.key) != pressed_.end();
    if (event.action == GLFW_PRESS) {
        if (!pressed_now) pressed_.push_back(event.key);
    } else if (event.action == GLFW_RELEASE && pressed_now) {
        held_.push_back(event);  // not seen down by a frame yet
        return {};
    }
    return {event};
}

std::vector<KeyTrickle::KeyEvent> KeyTrickle::next_frame() {
    pressed_.clear();
    std::vector<KeyEvent> released;
    released.swap(held_);
    return released;
}

}  // namespace app
