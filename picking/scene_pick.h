#pragma once
/// Picking a scene: world ray -> per-instance bone-space ray -> ray–triangle tests -> the
/// closest hit, with t in the world ray's parameter.

#include <cstdint>
#include <optional>

#include <glm/vec3.hpp>

#include "picking/ray.h"
#include "picking/ray_triangle.h"
#include "picking/scene_view.h"

namespace picking {

/// Where the triangle tests run.
enum class RaySpace {
    BoneSpace,       ///< the ray moves into each mesh's bone space (XNA recipe 4-18, the fast way)
    WorldTriangles,  ///< every triangle moves to world space first (the seed's naive way)
};

struct PickSettings {
    RayTriangleMethod method = RayTriangleMethod::MollerTrumbore;
    RayTriangleOptions triangle_options;
    RaySpace space = RaySpace::BoneSpace;
};

/// What a pick cost.
struct PickStats {
    std::uint64_t instances_tested = 0;
    std::uint64_t triangles_tested = 0;
    double microseconds = 0.0;
};

struct PickHit {
    std::uint32_t instance = 0;
    std::uint32_t mesh = 0;
    std::uint32_t node = 0;
    std::uint32_t triangle = 0;   ///< index within the mesh
    float t = 0.0f;               ///< along the world ray: point = origin + t * direction
    float u = 0.0f, v = 0.0f;     ///< weights of the triangle's 2nd and 3rd corner
    glm::vec3 point{0.0f};        ///< world space
    glm::vec3 local_point{0.0f};  ///< the mesh's bone space, (1 - u - v) p0 + u p1 + v p2
    glm::vec3 normal{0.0f};       ///< unit geometric normal in world space (by winding)
    bool front_face = true;       ///< the ray meets the counter-clockwise side
    Triangle local_triangle{};    ///< the corners as stored in the mesh
};

struct PickResult {
    std::optional<PickHit> hit;
    PickStats stats;
};

/// The closest hit of `world_ray` over every instance (ties keep the first instance and
/// triangle), or, for xna_plane with RayTriangleOptions::xna_first_found, the first triangle
/// hit in instance and triangle order, as seed 001 does. A ray that ray_problem() rejects
/// returns no hit.
[[nodiscard]] PickResult pick(const SceneView& scene, const Ray& world_ray,
                              const PickSettings& settings);

}  // namespace picking
