#pragma once
/// An axis-aligned bounding box: what seed 002's slab test and the BVH bound triangles with.

#include <algorithm>
#include <cmath>
#include <limits>
#include <span>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "picking/core/triangle.h"

namespace picking {

struct Aabb {
    /// The default box is empty (min > max), so that extending it by a point gives that point.
    glm::vec3 min{std::numeric_limits<float>::infinity()};
    glm::vec3 max{-std::numeric_limits<float>::infinity()};

    Aabb& extend(glm::vec3 p) {
        min = glm::min(min, p);
        max = glm::max(max, p);
        return *this;
    }
    Aabb& extend(const Aabb& other) {
        min = glm::min(min, other.min);
        max = glm::max(max, other.max);
        return *this;
    }
    /// True when no point is inside (min > max on some axis, or NaN).
    [[nodiscard]] bool empty() const {
        return !(min.x <= max.x && min.y <= max.y && min.z <= max.z);
    }
    [[nodiscard]] glm::vec3 center() const { return 0.5f * (min + max); }
    [[nodiscard]] glm::vec3 extent() const { return max - min; }
    /// The radius of the sphere about center() through the corners (half the diagonal); 0 for
    /// an empty box.
    [[nodiscard]] float radius() const { return empty() ? 0.0f : 0.5f * glm::length(extent()); }
    /// Half the surface area: the SAH only ever compares areas, so the factor 2 is dropped.
    [[nodiscard]] float half_area() const {
        if (empty()) return 0.0f;
        const glm::vec3 e = extent();
        return e.x * e.y + e.y * e.z + e.z * e.x;
    }
    [[nodiscard]] bool contains(glm::vec3 p) const {
        return p.x >= min.x && p.y >= min.y && p.z >= min.z && p.x <= max.x && p.y <= max.y &&
               p.z <= max.z;
    }
    [[nodiscard]] bool overlaps(const Aabb& other) const {
        return min.x <= other.max.x && other.min.x <= max.x && min.y <= other.max.y &&
               other.min.y <= max.y && min.z <= other.max.z && other.min.z <= max.z;
    }
};

/// The exact box of a triangle (min and max of float coordinates round nothing).
[[nodiscard]] inline Aabb bounds_of(const Triangle& tri) {
    Aabb box;
    box.extend(tri.p0).extend(tri.p1).extend(tri.p2);
    return box;
}

/// The box around every finite point; non-finite points are skipped.
[[nodiscard]] Aabb bounds_of(std::span<const glm::vec3> points);

/// The box around `box` moved by `m` (its eight corners transformed); empty stays empty.
[[nodiscard]] Aabb transformed(const Aabb& box, const glm::mat4& m);

}  // namespace picking
