// Seed 002's ray–sphere quadratic in double-double: the exact reference of the sphere forms.

#include "picking/primitives/ray_sphere_exact.h"

#include <utility>

#include "picking/core/finite.h"

namespace picking {

namespace {

/// x · y + ... over three components, each term exact before the sums.
DoubleDouble dot(const DoubleDouble (&x)[3], const DoubleDouble (&y)[3]) {
    return x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
}

}  // namespace

ExactSphereRoots exact_sphere_roots(const Ray& ray, const Sphere& sphere) {
    ExactSphereRoots r;
    if (!finite(ray.origin) || !finite(ray.direction) || !finite(sphere.center) ||
        !finite(sphere.radius) || !(sphere.radius > 0.0f))
        return r;
    DoubleDouble f[3], d[3];  // f = O − C, exactly; D as given
    for (int i = 0; i < 3; ++i) {
        f[i] = dd_detail::two_sum(double(ray.origin[i]), -double(sphere.center[i]));
        d[i] = DoubleDouble(double(ray.direction[i]));
    }
    const DoubleDouble radius(double(sphere.radius));
    r.a = dot(d, d);
    r.h = dot(f, d);
    r.c = dot(f, f) - radius * radius;
    if (dd_sign(r.a) <= 0) return r;
    r.discriminant = r.h * r.h - r.a * r.c;
    if (dd_sign(r.discriminant) < 0) return r;
    r.hit = true;
    // q = −(h + sign(h) √disc) adds two numbers of one sign: the root of larger magnitude is
    // q / a, the other c / q (their product is c / a), and neither subtracts near equals.
    const DoubleDouble root = dd_sqrt(r.discriminant);
    const DoubleDouble q = dd_sign(r.h) >= 0 ? -(r.h + root) : root - r.h;
    if (dd_sign(q) == 0) return r;  // h = 0 and disc = 0: c = 0, a double root at 0
    r.t_near = q / r.a;
    r.t_far = r.c / q;
    if (r.t_far < r.t_near) std::swap(r.t_near, r.t_far);
    return r;
}

}  // namespace picking
