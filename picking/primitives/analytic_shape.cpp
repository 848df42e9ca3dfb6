#include "picking/primitives/analytic_shape.h"

#include <cmath>

#include <glm/geometric.hpp>

namespace picking {

std::string_view shape_kind_name(ShapeKind kind) {
    switch (kind) {
        case ShapeKind::Sphere:
            return "sphere";
        case ShapeKind::Plane:
            return "plane";
        case ShapeKind::Rect:
            return "rectangle";
        case ShapeKind::Box:
            return "box";
    }
    return "";
}

std::string_view rect_test_name(RectTest test) {
    switch (test) {
        case RectTest::Seed:
            return "seed (strict min/max)";
        case RectTest::AxisAligned:
            return "axis-aligned (min/max)";
        case RectTest::Oriented:
            return "oriented";
    }
    return "";
}

std::string_view slab_test_name(SlabTest test) {
    switch (test) {
        case SlabTest::Seed:
            return "seed slab (eps)";
        case SlabTest::Robust:
            return "robust slab";
    }
    return "";
}

std::optional<ShapeLocalHit> intersect_shape(const Ray& ray, const AnalyticShape& shape,
                                             const ShapeTestSettings& settings) {
    ShapeLocalHit result;
    switch (shape.kind) {
        case ShapeKind::Sphere: {
            const SphereAlgorithm& form = kSphereAlgorithms[std::size_t(settings.sphere)];
            const auto hit = form.intersect(ray, shape.sphere);
            if (!hit) return std::nullopt;
            result.t = hit->t;
            result.test = form.name;
            result.sphere = *hit;
            result.normal = glm::normalize(ray.at(hit->t) - shape.sphere.center);
            if (hit->from_inside) result.normal = -result.normal;
            break;
        }
        case ShapeKind::Plane: {
            const auto hit = intersect_plane(ray, shape.plane);
            if (!hit) return std::nullopt;
            // A disc of the plane: the seed's t, then the distance from the plane's point.
            result.plane_distance = glm::length(ray.at(hit->t) - shape.plane.point);
            if (!(result.plane_distance <= shape.plane_radius)) return std::nullopt;
            result.t = hit->t;
            result.test = std::isinf(shape.plane_radius) ? "plane" : "plane (disc)";
            result.plane = *hit;
            result.normal = glm::normalize(shape.plane.normal);
            break;
        }
        case ShapeKind::Rect: {
            const auto hit = settings.rect == RectTest::Seed ? intersect_rect_seed(ray, shape.rect)
                             : settings.rect == RectTest::AxisAligned
                                 ? intersect_rect_axis_aligned(ray, shape.rect)
                                 : intersect_rect_oriented(ray, shape.rect);
            if (!hit) return std::nullopt;
            result.t = hit->t;
            result.test = rect_test_name(settings.rect);
            result.rect = *hit;
            result.normal = glm::normalize(glm::cross(shape.rect.edge_u, shape.rect.edge_v));
            break;
        }
        case ShapeKind::Box: {
            const auto hit = settings.slab == SlabTest::Seed
                                 ? intersect_slab_seed002(ray, shape.box, settings.slab_epsilon)
                                 : intersect_slab_robust(ray, shape.box);
            if (!hit) return std::nullopt;
            // From outside the box the entry is the hit; from inside, the exit.
            const float t = hit->t_enter > ray.t_min ? hit->t_enter : hit->t_exit;
            // The seed form has no t range of its own: clip its answer like the others.
            if (!(t >= ray.t_min && t <= ray.t_max)) return std::nullopt;
            result.t = t;
            result.test = slab_test_name(settings.slab);
            result.box = *hit;
            // The face: the one nearest the hit point, relative to the half extents.
            const glm::vec3 p = ray.at(t);
            const glm::vec3 centre = 0.5f * (shape.box.min + shape.box.max);
            const glm::vec3 half = 0.5f * (shape.box.max - shape.box.min);
            const glm::vec3 rel = (p - centre) / glm::max(half, glm::vec3(1e-30f));
            const glm::vec3 a = glm::abs(rel);
            const int axis = a.x >= a.y ? (a.x >= a.z ? 0 : 2) : (a.y >= a.z ? 1 : 2);
            result.normal = glm::vec3(0.0f);
            result.normal[axis] = rel[axis] >= 0.0f ? 1.0f : -1.0f;
            break;
        }
    }
    if (!std::isfinite(result.t)) return std::nullopt;
    return result;
}

}  // namespace picking
