#pragma once

namespace picking {

/// A vector of three draws from `distribution`, in one order whatever the compiler.
///
/// `glm::vec3(d(rng), d(rng), d(rng))` leaves the order of its three draws to the compiler
/// (GCC draws z first, Clang x first), so a seeded ray set or triangle set came out different
/// from each. This draws z, then y, then x: GCC's order, so the sets GCC made stay the same.
template <class Vec, class Distribution, class Engine>
[[nodiscard]] Vec draw_vec3(Distribution& distribution, Engine& rng) {
    const auto z = distribution(rng);
    const auto y = distribution(rng);
    const auto x = distribution(rng);
    return Vec(x, y, z);
}

}  // namespace picking
