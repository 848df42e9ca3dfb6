#pragma once
/// An axis-aligned rectangle of the window, in window pixels (origin top left): where a panel or
/// the 3D view is.

#include <glm/vec2.hpp>

namespace app {

struct Rect {
    glm::vec2 min{0.0f}, max{0.0f};

    [[nodiscard]] glm::vec2 size() const { return max - min; }
    [[nodiscard]] float width() const { return max.x - min.x; }
    [[nodiscard]] float height() const { return max.y - min.y; }
    [[nodiscard]] float area() const { return width() * height(); }
    [[nodiscard]] bool empty() const { return width() <= 0.0f || height() <= 0.0f; }
    /// Half-open: a point on the max edge belongs to the next rectangle.
    [[nodiscard]] bool contains(glm::vec2 p) const {
        return p.x >= min.x && p.y >= min.y && p.x < max.x && p.y < max.y;
    }
    friend bool operator==(const Rect&, const Rect&) = default;
};

}  // namespace app
