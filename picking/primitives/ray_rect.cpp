// Ray–rectangle: seed 002's plane hit + min/max check (as written, and as intended), and an
// oriented test on the rectangle's own edge directions.

#include "picking/primitives/ray_rect.h"

#include <cmath>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "picking/primitives/ray_plane.h"

namespace picking {

namespace {

struct Located {
    float t;
    glm::vec3 point, lo, hi;
};

std::optional<Located> on_plane(const Ray& ray, const Rect& rect) {
    const glm::vec3 n = glm::cross(rect.edge_u, rect.edge_v);
    const auto hit = intersect_plane(ray, Plane{rect.corner, n});
    if (!hit) return std::nullopt;
    const glm::vec3 point = ray.at(hit->t);
    const glm::vec3 a = rect.corner, b = a + rect.edge_u, c = b + rect.edge_v, d = a + rect.edge_v;
    return Located{hit->t, point, glm::min(glm::min(a, b), glm::min(c, d)),
                   glm::max(glm::max(a, b), glm::max(c, d))};
}

RectHit with_coordinates(const Located& at, const Rect& rect) {
    const glm::vec3 rel = at.point - rect.corner;
    return {at.t, glm::dot(rel, rect.edge_u) / glm::dot(rect.edge_u, rect.edge_u),
            glm::dot(rel, rect.edge_v) / glm::dot(rect.edge_v, rect.edge_v), at.point};
}

}  // namespace

std::optional<RectHit> intersect_rect_seed(const Ray& ray, const Rect& rect) {
    const auto at = on_plane(ray, rect);
    if (!at) return std::nullopt;
    for (int axis = 0; axis < 3; ++axis)
        if (!(at->lo[axis] < at->point[axis] && at->point[axis] < at->hi[axis]))
            return std::nullopt;
    return with_coordinates(*at, rect);
}

std::optional<RectHit> intersect_rect_axis_aligned(const Ray& ray, const Rect& rect) {
    const auto at = on_plane(ray, rect);
    if (!at) return std::nullopt;
    const glm::vec3 n = glm::abs(glm::cross(rect.edge_u, rect.edge_v));
    const int flat = n.x >= n.y ? (n.x >= n.z ? 0 : 2) : (n.y >= n.z ? 1 : 2);
    for (int axis = 0; axis < 3; ++axis) {
        if (axis == flat) continue;
        if (!(at->lo[axis] <= at->point[axis] && at->point[axis] <= at->hi[axis]))
            return std::nullopt;
    }
    return with_coordinates(*at, rect);
}

std::optional<RectHit> intersect_rect_oriented(const Ray& ray, const Rect& rect) {
    const auto at = on_plane(ray, rect);
    if (!at) return std::nullopt;
    const RectHit hit = with_coordinates(*at, rect);
    if (!(hit.s >= 0.0f && hit.s <= 1.0f && hit.r >= 0.0f && hit.r <= 1.0f)) return std::nullopt;
    return hit;
}

}  // namespace picking
