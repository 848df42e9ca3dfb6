// Ray–sphere: seed 002's quadratic and its two simplifications, and Ray Tracing Gems ch. 7's
// precise form (Haines, Günther, Akenine-Möller 2019).

#include "picking/primitives/ray_sphere_forms.h"
#include "picking/core/finite.h"

#include <cmath>

#include <glm/geometric.hpp>

namespace picking {

namespace {

/// The nearest of the two roots inside the ray's range.
std::optional<SphereHit> choose(const Ray& ray, float t0, float t1, float discriminant) {
    if (t1 < t0) std::swap(t0, t1);
    SphereHit hit{t0, t0, t1, discriminant, false};
    if (t0 >= ray.t_min && t0 <= ray.t_max) return hit;
    if (t1 >= ray.t_min && t1 <= ray.t_max) {
        hit.t = t1;
        hit.from_inside = true;
        return hit;
    }
    return std::nullopt;  // NaN roots fail both tests
}

bool usable(const Ray& ray, const Sphere& s) {
    return finite(ray.origin) && finite(ray.direction) && finite(s.center) &&
           std::isfinite(s.radius) && s.radius > 0.0f;
}

}  // namespace

std::optional<SphereHit> intersect_sphere_quadratic(const Ray& ray, const Sphere& s) {
    if (!usable(ray, s)) return std::nullopt;
    const glm::vec3 oc = ray.origin - s.center;
    const float a = glm::dot(ray.direction, ray.direction);
    const float b = 2.0f * glm::dot(oc, ray.direction);
    const float c = glm::dot(oc, oc) - s.radius * s.radius;
    const float discriminant = b * b - 4.0f * a * c;
    if (!(discriminant >= 0.0f) || !(a > 0.0f)) return std::nullopt;
    const float root = std::sqrt(discriminant);
    return choose(ray, (-b - root) / (2.0f * a), (-b + root) / (2.0f * a), discriminant);
}

std::optional<SphereHit> intersect_sphere_half_b(const Ray& ray, const Sphere& s) {
    if (!usable(ray, s)) return std::nullopt;
    const glm::vec3 oc = ray.origin - s.center;
    const float a = glm::dot(ray.direction, ray.direction);
    const float h = glm::dot(oc, ray.direction);
    const float c = glm::dot(oc, oc) - s.radius * s.radius;
    const float discriminant = h * h - a * c;
    if (!(discriminant >= 0.0f) || !(a > 0.0f)) return std::nullopt;
    const float root = std::sqrt(discriminant);
    return choose(ray, (-h - root) / a, (-h + root) / a, discriminant);
}

std::optional<SphereHit> intersect_sphere_unit_direction(const Ray& ray, const Sphere& s) {
    if (!usable(ray, s)) return std::nullopt;
    const glm::vec3 oc = ray.origin - s.center;
    const float h = glm::dot(oc, ray.direction);
    const float c = glm::dot(oc, oc) - s.radius * s.radius;
    const float discriminant = h * h - c;  // a = 1 assumed, as the seed writes it
    if (!(discriminant >= 0.0f)) return std::nullopt;
    const float root = std::sqrt(discriminant);
    return choose(ray, -h - root, -h + root, discriminant);
}

std::optional<SphereHit> intersect_sphere_precise(const Ray& ray, const Sphere& s) {
    if (!usable(ray, s)) return std::nullopt;
    const glm::vec3 f = ray.origin - s.center;
    const glm::vec3& d = ray.direction;
    const float a = glm::dot(d, d);
    if (!(a > 0.0f)) return std::nullopt;
    const float b_prime = -glm::dot(f, d);  // b = −2 b′
    // The part of f perpendicular to the ray: r² minus its squared length is the
    // discriminant / (4a), computed without subtracting two large, nearly equal squares.
    const glm::vec3 perpendicular = f + (b_prime / a) * d;
    const float r2 = s.radius * s.radius;
    const float discriminant = r2 - glm::dot(perpendicular, perpendicular);
    if (!(discriminant >= 0.0f)) return std::nullopt;
    const float c = glm::dot(f, f) - r2;
    // q = b′ + sign(b′) √(a Δ): the larger root in magnitude, without cancellation; the
    // other comes from the product of the roots, c / a.
    const float q = b_prime + std::copysign(std::sqrt(a * discriminant), b_prime);
    if (q == 0.0f) return choose(ray, 0.0f, 0.0f, discriminant);  // a tangent at the origin
    return choose(ray, c / q, q / a, discriminant);
}

}  // namespace picking
