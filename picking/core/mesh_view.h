#pragma once
/// How picking sees a mesh: spans of positions and triangle indices. Picking never learns where
/// the data came from.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>

#include <glm/vec3.hpp>

#include "picking/core/triangle.h"

namespace picking {

struct MeshView {
    std::span<const glm::vec3> positions;
    std::span<const std::uint32_t> indices;  ///< three per triangle

    [[nodiscard]] std::size_t triangle_count() const { return indices.size() / 3; }
    /// Triangle i; an index past the positions gives a NaN corner, which every test rejects.
    [[nodiscard]] Triangle triangle(std::size_t i) const {
        return {corner(indices[3 * i]), corner(indices[3 * i + 1]), corner(indices[3 * i + 2])};
    }

    /// Position `index`, or NaN past the positions. Inline: builds and picks over every
    /// triangle call it three times a triangle.
    [[nodiscard]] glm::vec3 corner(std::uint32_t index) const {
        return index < positions.size() ? positions[index]
                                        : glm::vec3(std::numeric_limits<float>::quiet_NaN());
    }
};

}  // namespace picking
