#include "app/core/pointer_gesture.h"

#include <glm/geometric.hpp>

namespace app {

bool PointerGesture::press(int button, glm::vec2 cursor) {
    if (held_ >= 0) return false;
    held_ = button;
    pressed_at_ = last_ = cursor;
    dragging_ = false;
    return true;
}

std::optional<PointerGesture::Drag> PointerGesture::move(glm::vec2 cursor) {
    const glm::vec2 from = last_;
    last_ = cursor;
    moved_ = true;
    if (held_ < 0) return std::nullopt;
    if (!dragging_ && glm::length(cursor - pressed_at_) < kDragThresholdPx) return std::nullopt;
    dragging_ = true;
    return Drag{held_, from, cursor};
}

std::optional<glm::vec2> PointerGesture::release(int button, glm::vec2 cursor) {
    if (button != held_) return std::nullopt;
    const bool click = !dragging_;
    held_ = -1;
    dragging_ = false;
    if (!click) return std::nullopt;
    return cursor;
}

}  // namespace app
