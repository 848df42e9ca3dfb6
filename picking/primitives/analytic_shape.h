#pragma once
/// Shapes that are picked (and drawn) from their equations rather than as triangles: the
/// seed 002 primitives placed in a scene. Each lives in its own space, placed in the world by
/// a node's transform, exactly like a mesh instance: the ray moves into that space.

#include <cstdint>
#include <limits>
#include <string_view>

#include <glm/mat4x4.hpp>

#include "picking/primitives/ray_aabb.h"
#include "picking/primitives/ray_plane.h"
#include "picking/primitives/ray_rect.h"
#include "picking/primitives/ray_sphere_forms.h"

namespace picking {

enum class ShapeKind { Sphere, Plane, Rect, Box };

[[nodiscard]] std::string_view shape_kind_name(ShapeKind kind);

struct AnalyticShape {
    ShapeKind kind = ShapeKind::Sphere;
    Sphere sphere;  ///< kind Sphere
    Plane plane;    ///< kind Plane
    /// kind Plane: only points within this distance of plane.point count (a scene shows a
    /// disc of the plane); infinite, as by default, is seed 002's whole plane.
    float plane_radius = std::numeric_limits<float>::infinity();
    Rect rect;  ///< kind Rect
    Aabb box;   ///< kind Box
};

/// One placed shape, as SceneView lists them.
struct ShapeInstance {
    AnalyticShape shape;
    std::uint32_t node = 0;  ///< opaque to picking; reported back
    glm::mat4 world_from_shape{1.0f};
};

/// Which seed 002 form tests each kind of shape.
enum class RectTest { Seed, AxisAligned, Oriented };
enum class SlabTest { Seed, Robust };
struct ShapeTestSettings {
    SphereForm sphere = SphereForm::Precise;
    RectTest rect = RectTest::Oriented;
    SlabTest slab = SlabTest::Robust;
    /// The seed slab test's absolute slack (t_exit + epsilon > t_enter), seed 002's 0.0001 by
    /// default; read wherever SlabTest::Seed runs (the box shapes, the aabb broad phase).
    float slab_epsilon = kSeedSlabEpsilon;
};

[[nodiscard]] std::string_view rect_test_name(RectTest test);
[[nodiscard]] std::string_view slab_test_name(SlabTest test);

/// What the test of one shape found, in the shape's own space.
struct ShapeLocalHit {
    float t = 0.0f;
    glm::vec3 normal{0.0f};  ///< unit, in the shape's space, facing out (the plane: its normal)
    std::string_view test;   ///< the form that ran ("precise", "seed", ...)
    // The form's own numbers, for the Pick panel
    SphereHit sphere;
    PlaneHit plane;
    float plane_distance = 0.0f;  ///< kind Plane: how far the hit is from plane.point
    RectHit rect;
    Interval box;  ///< where the ray is inside the box (the slab test's answer)
};

/// Tests one shape with the chosen forms; the ray is in the shape's space.
[[nodiscard]] std::optional<ShapeLocalHit> intersect_shape(const Ray& local_ray,
                                                           const AnalyticShape& shape,
                                                           const ShapeTestSettings& settings);

}  // namespace picking
