// Ritter, "An Efficient Bounding Sphere", Graphics Gems (1990): start from a far pair of
// points, then grow the sphere just enough for every point outside it. Not the smallest
// sphere (Welzl's is), but within a few percent, and what XNA's CreateFromPoints returns.

#include "picking/core/sphere.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include <glm/geometric.hpp>

#include "picking/core/finite.h"
#include "picking/core/parallel_for.h"

namespace picking {

namespace {

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
    // Passes 1 and 3 find maxima, which come out the same whatever the split: they run on
    // every core for a big mesh. Pass 2 depends on the order and stays on one.
    const unsigned chunks = points.size() >= kParallelPoints ? resolve_thread_count(0) : 1u;

    // == Pass 1: the point farthest from the first, then the point farthest from that one.
    const glm::vec3* first = nullptr;
    for (const glm::vec3& p : points)
        if (finite(p)) {
            first = &p;
            break;
        }
    if (!first) return {};
    auto farthest_from = [&](glm::dvec3 from) {
        // Each chunk's first farthest point; of those, the first farthest.
        std::vector<std::pair<double, glm::dvec3>> best(chunks, {-1.0, from});
        parallel_chunks(points.size(), chunks, [&](std::size_t begin, std::size_t end, unsigned c) {
            // Kept here, not in `best`: neighbouring chunks' entries share a cache line.
            std::pair<double, glm::dvec3> own{-1.0, from};
            for (std::size_t i = begin; i < end; ++i) {
                if (!finite(points[i])) continue;
                const glm::dvec3 q(points[i]);
                const double d = glm::dot(q - from, q - from);
                if (d > own.first) own = {d, q};
            }
            best[c] = own;
        });
        std::pair<double, glm::dvec3> farthest{-1.0, from};
        for (const auto& candidate : best)
            if (candidate.first > farthest.first) farthest = candidate;
        return farthest.second;
    };
    const glm::dvec3 a = farthest_from(glm::dvec3(*first));
    const glm::dvec3 b = farthest_from(a);
    glm::dvec3 center = 0.5 * (a + b);
    double radius = 0.5 * glm::length(b - a);

    // == Pass 2: grow towards every point still outside, keeping the far side fixed.
    // A squared distance this far below the squared radius is inside for certain (the margin
    // dwarfs the rounding of both squares): most points skip the square root.
    const auto surely_inside = [](double r) { return r * r * (1.0 - 1e-9); };
    double inside = surely_inside(radius);
    for (const glm::vec3& p : points) {
        if (!finite(p)) continue;
        const glm::dvec3 q(p);
        const double squared = glm::dot(q - center, q - center);
        if (squared < inside) continue;
        const double distance = std::sqrt(squared);  // glm::length(q - center)
        if (distance <= radius) continue;
        const double new_radius = 0.5 * (radius + distance);
        center += (new_radius - radius) / distance * (q - center);
        radius = new_radius;
        inside = surely_inside(radius);
    }
    // == Pass 3: the centre is stored in float: measure every point from the rounded centre,
    // in double, so containment is exact before padding.
    const glm::vec3 rounded(center);
    std::vector<double> farthest(chunks, 0.0);
    parallel_chunks(points.size(), chunks, [&](std::size_t begin, std::size_t end, unsigned c) {
        // The largest squared distance: its root is the largest distance (the root is
        // rounded correctly, so it keeps the order).
        double own = 0.0;
        for (std::size_t i = begin; i < end; ++i)
            if (finite(points[i])) {
                const glm::dvec3 d = glm::dvec3(points[i]) - glm::dvec3(rounded);
                own = std::max(own, glm::dot(d, d));
            }
        farthest[c] = own;
    });
    radius = std::sqrt(*std::max_element(farthest.begin(), farthest.end()));
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
