#pragma once
/// Picking a scene: world ray -> per-instance bone-space ray -> ray–triangle tests -> the
/// closest hit, with t in the world ray's parameter.

#include <cstdint>
#include <optional>

#include <glm/vec3.hpp>

#include "picking/analytic_shape.h"
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
    ShapeTestSettings shapes;  ///< which seed 002 forms test the analytic shapes
};

/// What a pick cost.
struct PickStats {
    std::uint64_t instances_tested = 0;
    std::uint64_t triangles_tested = 0;
    std::uint64_t shapes_tested = 0;
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

/// An analytic shape hit (SceneView::shapes), tested by its equation.
struct ShapePickHit {
    std::uint32_t shape = 0;  ///< index into SceneView::shapes
    std::uint32_t node = 0;
    ShapeKind kind = ShapeKind::Sphere;
    float t = 0.0f;  ///< along the world ray
    glm::vec3 point{0.0f};
    glm::vec3 normal{0.0f};  ///< unit, world space
    bool front_face = true;
    ShapeLocalHit local;  ///< what the test computed, in the shape's space
};

struct PickResult {
    std::optional<PickHit> hit;         ///< the closest triangle, if it is the closest of all
    std::optional<ShapePickHit> shape;  ///< the closest analytic shape, if it is
    PickStats stats;
    [[nodiscard]] bool any() const { return hit.has_value() || shape.has_value(); }
};

/// The closest hit of `world_ray` over every instance (ties keep the first instance and
/// triangle), or, for xna_plane with RayTriangleOptions::xna_first_found, the first triangle
/// hit in instance and triangle order, as seed 001 does. A ray that ray_problem() rejects
/// returns no hit.
[[nodiscard]] PickResult pick(const SceneView& scene, const Ray& world_ray,
                              const PickSettings& settings);

// == The pieces pick() is made of, for other scene queries (all hits, compare, BVHs)

/// The ray in the space where `space` tests the instance's triangles (its bone space, or the
/// world); nothing for a singular bone.
[[nodiscard]] std::optional<Ray> instance_ray(const Instance& instance, const Ray& world_ray,
                                              RaySpace space);
/// Triangle `index` of the instance's mesh in that same space.
[[nodiscard]] Triangle instance_triangle(const Instance& instance, const MeshView& mesh,
                                         std::size_t index, RaySpace space);
/// The full hit record (world point, normal, face, corners) of a triangle hit.
[[nodiscard]] PickHit make_pick_hit(const SceneView& scene, const Ray& world_ray,
                                    std::uint32_t instance, std::uint32_t triangle,
                                    const RayHit& hit);
/// The closest analytic shape within the ray's range.
[[nodiscard]] std::optional<ShapePickHit> pick_shapes(const SceneView& scene, const Ray& world_ray,
                                                      const ShapeTestSettings& settings);

}  // namespace picking
