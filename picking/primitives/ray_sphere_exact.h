#pragma once
/// The reference the four sphere forms (ray_sphere_forms.h) are measured against: seed 002's
/// quadratic solved for the float ray and sphere as given, in double-double arithmetic
/// (core/double_double.h), about 2^-100 of the root or better where the float forms keep 2^-24.

#include "picking/core/double_double.h"
#include "picking/core/ray.h"
#include "picking/core/sphere.h"

namespace picking {

/// Seed 002's names, exact: a = D·D, h = b/2 = (O − C)·D, c = |O − C|² − R², and the
/// discriminant h² − a c (the half_b form's scaling: b² − 4ac = 4 (h² − a c)).
struct ExactSphereRoots {
    DoubleDouble a, h, c;
    DoubleDouble discriminant;
    DoubleDouble t_near, t_far;  ///< both roots, whatever the ray's t range (when hit)
    bool hit = false;            ///< the line meets the sphere: discriminant >= 0
};

/// Takes every float exactly: O − C by TwoSum, each product by a fused multiply-add. The roots
/// come from q = −(h + sign(h) √disc): q / a and c / q, so that neither cancels. Not hit for a
/// ray or sphere that is not finite, a zero direction, or a radius that is not positive.
[[nodiscard]] ExactSphereRoots exact_sphere_roots(const Ray& ray, const Sphere& sphere);

}  // namespace picking
