#include "app/core/triangle_lessons.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "picking/scene/bone_space.h"

namespace app {

namespace {

double half_cross_length(glm::dvec3 p0, glm::dvec3 p1, glm::dvec3 p2) {
    return 0.5 * glm::length(glm::cross(p1 - p0, p2 - p0));
}

}  // namespace

TriangleLessons triangle_lessons(const picking::PickHit& hit, const picking::Ray& world_ray,
                                 const glm::mat4& world_from_mesh) {
    TriangleLessons l;
    const picking::Triangle& local = hit.local_triangle;
    const glm::dvec3 p0(local.p0), p1(local.p1), p2(local.p2);
    l.area_bone = half_cross_length(p0, p1, p2);
    const glm::dmat4 m(world_from_mesh);
    l.area_world =
        half_cross_length(glm::dvec3(m * glm::dvec4(p0, 1.0)), glm::dvec3(m * glm::dvec4(p1, 1.0)),
                          glm::dvec3(m * glm::dvec4(p2, 1.0)));
    // The ray as the test saw it: t is the same parameter in both spaces (affine placement).
    const picking::Ray bone =
        picking::to_bone_space(world_ray, picking::mesh_from_world(world_from_mesh));
    l.volume = std::abs(glm::dot(glm::dvec3(bone.direction), glm::cross(p1 - p0, p2 - p0)));
    l.from_ray = bone.origin + hit.t * bone.direction;
    l.from_barycentric = local.point(hit.u, hit.v);
    l.difference = glm::length(glm::dvec3(l.from_ray) - glm::dvec3(l.from_barycentric));
    float largest = 0.0f;
    double most = 0.0;
    for (int i = 0; i < 3; ++i) {
        largest = std::max({largest, std::abs(l.from_ray[i]), std::abs(l.from_barycentric[i])});
        most = std::max(most, std::abs(double(l.from_ray[i]) - double(l.from_barycentric[i])));
    }
    const double ulp =
        double(std::nextafter(largest, std::numeric_limits<float>::infinity())) - double(largest);
    l.ulps = most / ulp;
    return l;
}

}  // namespace app
