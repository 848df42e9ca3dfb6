#include "picking/scene/bone_space.h"

#include <cmath>
#include <limits>

#include <glm/matrix.hpp>

#include <xmmintrin.h>

namespace picking {

glm::dmat4 mesh_from_world(const glm::mat4& world_from_mesh) {
    return glm::inverse(glm::dmat4(world_from_mesh));
}

Ray to_bone_space(const Ray& world_ray, const glm::dmat4& mesh_from_world) {
    const glm::dvec3 origin = glm::dvec3(world_ray.origin);
    const glm::dvec3 direction = glm::dvec3(world_ray.direction);
    // Transforming the direction as a vector (w = 0) is the seed's "end point minus start
    // point" without the cancellation.
    const glm::dvec3 local_origin = glm::dvec3(mesh_from_world * glm::dvec4(origin, 1.0));
    const glm::dvec3 local_direction = glm::dvec3(mesh_from_world * glm::dvec4(direction, 0.0));
    // Written as ray_usable() reads it, two 16-byte vectors: its callers check the ray at once,
    // and a load spanning two smaller stores waits for them (store forwarding fails: the FBX
    // cubes' packets, each ray moved at its instance's leaves, were 12 % slower).
    Ray local;
    static_assert(sizeof(Ray) == 8 * sizeof(float));
    float* f = &local.origin.x;
    _mm_storeu_ps(f, _mm_setr_ps(float(local_origin.x), float(local_origin.y),
                                 float(local_origin.z), float(local_direction.x)));
    _mm_storeu_ps(f + 4, _mm_setr_ps(float(local_direction.y), float(local_direction.z),
                                     world_ray.t_min, world_ray.t_max));
    return local;
}

glm::dvec3 bone_space_margin(const glm::dvec3& lo, const glm::dvec3& hi) {
    // The bone-space ray is rounded to float too: a relative margin covers both.
    return 1e-6 * (glm::abs(lo) + glm::abs(hi) + (hi - lo));
}

WorldBox world_box_with_margin(const Aabb& box, const glm::mat4& world_from_mesh) {
    if (box.empty()) return {};
    const glm::dmat4 m(world_from_mesh);
    glm::dvec3 lo(std::numeric_limits<double>::infinity()), hi(-lo);
    for (int i = 0; i < 8; ++i) {
        const glm::dvec3 corner((i & 1) ? box.max.x : box.min.x, (i & 2) ? box.max.y : box.min.y,
                                (i & 4) ? box.max.z : box.min.z);
        const glm::dvec3 p(m * glm::dvec4(corner, 1.0));
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    WorldBox result;
    result.margin = bone_space_margin(lo, hi);
    constexpr float kInf = std::numeric_limits<float>::infinity();
    for (int axis = 0; axis < 3; ++axis) {
        result.box.min[axis] = std::nextafter(float(lo[axis] - result.margin[axis]), -kInf);
        result.box.max[axis] = std::nextafter(float(hi[axis] + result.margin[axis]), kInf);
    }
    return result;
}

}  // namespace picking
