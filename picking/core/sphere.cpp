// Ritter, "An Efficient Bounding Sphere", Graphics Gems (1990): start from a far pair of
// points, then grow the sphere just enough for every point outside it. Not the smallest
// sphere (Welzl's is), but within a few percent, and what XNA's CreateFromPoints returns.

#include "picking/core/sphere.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

namespace picking {

namespace {

bool finite(glm::vec3 p) {
    return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z);
}

/// Pads a radius computed in double so that float tests of points on the surface still pass:
/// a few ulps of the largest coordinate involved.
float padded_radius(glm::dvec3 center, double radius) {
    const double scale =
        std::max({std::abs(center.x), std::abs(center.y), std::abs(center.z), radius});
    const double padded =
        radius * (1.0 + 1e-6) + scale * 4.0 * double(std::numeric_limits<float>::epsilon());
    return std::nextafter(float(padded), std::numeric_limits<float>::infinity());
}

}  // namespace

Sphere bounding_sphere(std::span<const glm::vec3> points) {
    // == Pass 1: the point farthest from the first, then the point farthest from that one.
    const glm::vec3* first = nullptr;
    for (const glm::vec3& p : points)
        if (finite(p)) {
            first = &p;
            break;
        }
    if (!first) return {};
    auto farthest_from = [&](glm::dvec3 from) {
        glm::dvec3 best = from;
        double best_distance = -1.0;
        for (const glm::vec3& p : points) {
            if (!finite(p)) continue;
            const glm::dvec3 q(p);
            const double d = glm::dot(q - from, q - from);
            if (d > best_distance) {
                best_distance = d;
                best = q;
            }
        }
        return best;
    };
    const glm::dvec3 a = farthest_from(glm::dvec3(*first));
    const glm::dvec3 b = farthest_from(a);
    glm::dvec3 center = 0.5 * (a + b);
    double radius = 0.5 * glm::length(b - a);

    // == Pass 2: grow towards every point still outside, keeping the far side fixed.
    for (const glm::vec3& p : points) {
        if (!finite(p)) continue;
        const glm::dvec3 q(p);
        const double distance = glm::length(q - center);
        if (distance <= radius) continue;
        const double new_radius = 0.5 * (radius + distance);
        center += (new_radius - radius) / distance * (q - center);
        radius = new_radius;
    }
    // The centre is stored in float: measure every point from the rounded centre, in double,
    // so containment is exact before padding.
    const glm::vec3 rounded(center);
    radius = 0.0;
    for (const glm::vec3& p : points)
        if (finite(p)) radius = std::max(radius, glm::length(glm::dvec3(p) - glm::dvec3(rounded)));
    return {rounded, padded_radius(glm::dvec3(rounded), radius)};
}

Sphere sphere_about(glm::vec3 center, std::span<const glm::vec3> points) {
    if (!finite(center)) return {};
    float farthest_squared = -1.0f;
    for (const glm::vec3& p : points) {
        const glm::vec3 d = p - center;
        const float squared = d.x * d.x + d.y * d.y + d.z * d.z;
        // NaN and infinite points give NaN or infinity here; they bound nothing.
        if (squared > farthest_squared && squared < std::numeric_limits<float>::infinity())
            farthest_squared = squared;
    }
    if (farthest_squared < 0.0f) return {};
    // Float rounding of the distance is a few ulps: padded_radius allows 1e-6 relative.
    return {center, padded_radius(glm::dvec3(center), std::sqrt(double(farthest_squared)))};
}

Sphere merge(const Sphere& a, const Sphere& b) {
    if (a.empty()) return b;
    if (b.empty()) return a;
    const glm::dvec3 ca(a.center), cb(b.center);
    const double distance = glm::length(cb - ca);
    if (distance + double(b.radius) <= double(a.radius)) return a;
    if (distance + double(a.radius) <= double(b.radius)) return b;
    const double radius = 0.5 * (distance + double(a.radius) + double(b.radius));
    const glm::dvec3 center = ca + (radius - double(a.radius)) / distance * (cb - ca);
    const glm::vec3 rounded(center);
    return {rounded,
            padded_radius(glm::dvec3(rounded), radius + glm::length(glm::dvec3(rounded) - center))};
}

}  // namespace picking
