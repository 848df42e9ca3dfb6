#pragma once
/// A ray O + tD with a parameter range, and the checks that keep bad rays out of the kernels.

#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include <glm/vec3.hpp>

#include <emmintrin.h>  // part of every x86-64: ray_usable reads a ray as two vectors

namespace picking {

struct Ray {
    glm::vec3 origin{0.0f};
    glm::vec3 direction{0.0f, 0.0f, -1.0f};  ///< not necessarily unit length: t is in its units
    float t_min = 0.0f;
    float t_max = std::numeric_limits<float>::infinity();

    [[nodiscard]] glm::vec3 at(float t) const { return origin + t * direction; }
};

/// Returns why a ray cannot be cast (non-finite origin or direction, zero-length direction,
/// an empty or NaN t range), or nothing when it is fine.
[[nodiscard]] std::optional<std::string> ray_problem(const Ray& ray);

/// The same check without the message, for loops over many rays: true when ray_problem()
/// finds nothing.
[[nodiscard]] inline bool ray_usable(const Ray& ray) {
    // The ray's eight floats in two vectors: origin and direction finite (|x| <= max, which
    // NaN fails), some direction component non-zero, t_min <= t_max. A handful of
    // instructions and one branch: tight loops over many rays call this first.
    static_assert(sizeof(Ray) == 8 * sizeof(float));
    const float* f = &ray.origin.x;
    const __m128 abs_mask = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
    const __m128 max = _mm_set1_ps(std::numeric_limits<float>::max());
    const __m128 a = _mm_loadu_ps(f);      // o.x o.y o.z d.x
    const __m128 b = _mm_loadu_ps(f + 4);  // d.y d.z t_min t_max
    const int finite_a = _mm_movemask_ps(_mm_cmple_ps(_mm_and_ps(a, abs_mask), max));
    const int finite_b = _mm_movemask_ps(_mm_cmple_ps(_mm_and_ps(b, abs_mask), max));
    const int nonzero = (_mm_movemask_ps(_mm_cmpneq_ps(a, _mm_setzero_ps())) & 0x8) |
                        (_mm_movemask_ps(_mm_cmpneq_ps(b, _mm_setzero_ps())) & 0x3);
    const bool range = ray.t_min <= ray.t_max;
    return (finite_a == 0xf) & ((finite_b & 0x3) == 0x3) & (nonzero != 0) & range;
}

}  // namespace picking
