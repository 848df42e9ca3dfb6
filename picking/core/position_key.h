#pragma once
/// A point's exact identity for welding corners: its coordinates' bits, with -0 made +0 (the
/// same point). Ordered for sorting and hashable for hash maps; NaN coordinates get keys too,
/// so callers drop points that are not finite first.

#include <bit>
#include <compare>
#include <cstddef>
#include <cstdint>

#include <glm/vec3.hpp>

namespace picking {

struct PositionKey {
    std::uint32_t x, y, z;
    auto operator<=>(const PositionKey&) const = default;
};

[[nodiscard]] inline PositionKey position_key(glm::vec3 p) {
    return {std::bit_cast<std::uint32_t>(p.x + 0.0f), std::bit_cast<std::uint32_t>(p.y + 0.0f),
            std::bit_cast<std::uint32_t>(p.z + 0.0f)};
}

struct PositionKeyHash {
    std::size_t operator()(const PositionKey& k) const {
        return std::size_t((std::uint64_t(k.x) * 0x9e3779b97f4a7c15ull) ^
                           (std::uint64_t(k.y) * 0xc2b2ae3d27d4eb4full) ^ (std::uint64_t(k.z)));
    }
};

}  // namespace picking
