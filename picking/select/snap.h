#pragma once
/// Snapping the point under the cursor to what a modeller aims at: a vertex, an edge's
/// midpoint, the closest point of an edge, or the face itself, within a radius in screen
/// pixels. The candidates are the features of the hit instance within that radius on screen and
/// near the hit in space (found through its BVH, tested in double precision) that the camera
/// sees: a ray to each, through the same BVH, meets nothing of the instance before it, so the
/// far side of a thin part never snaps; the first kind with a
/// candidate within the radius wins (vertex, then midpoint, then edge, then face), and within a
/// kind the nearest on screen; a vertex or edge that several triangles share is answered
/// through the lowest of them (then the lowest corner), however the search met them.

#include <cstdint>
#include <optional>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include "picking/scene/scene_accel.h"
#include "picking/scene/scene_view.h"

namespace picking {

enum class SnapKind { Vertex, EdgeMidpoint, Edge, Face };

/// "vertex", "edge midpoint", "edge", "face".
[[nodiscard]] const char* snap_kind_name(SnapKind kind);

/// Which kinds may be snapped to.
struct SnapTargets {
    bool vertex = true, edge_midpoint = true, edge = true, face = true;
};

/// How the world appears in the window: the camera's clip_from_world and the view's rectangle
/// in window pixels (origin top left).
struct ScreenMapping {
    glm::dmat4 clip_from_world{1.0};
    glm::dvec2 view_min{0.0}, view_size{1.0};

    /// Where a world point appears (window pixels); nothing behind the eye.
    [[nodiscard]] std::optional<glm::dvec2> window_of(glm::dvec3 world) const;
    /// Where normalized device coordinates are in the window.
    [[nodiscard]] glm::dvec2 window_of_ndc(glm::dvec2 ndc) const;
    /// The world ray through a window point: origin on the near plane, unit direction.
    void ray_through(glm::dvec2 window, glm::dvec3& origin, glm::dvec3& direction) const;
};

struct SnapResult {
    SnapKind kind = SnapKind::Face;
    std::uint32_t instance = 0;
    std::uint32_t triangle = 0;  ///< within the instance's mesh
    /// The vertex (corner_a) or the edge (corner_a, corner_b): corners 0..2 of `triangle`; -1
    /// for a face.
    int corner_a = -1, corner_b = -1;
    std::uint32_t vertex = 0;    ///< a vertex snap: its index among the mesh's positions
    double edge_fraction = 0.0;  ///< an edge snap: where along corner_a -> corner_b
    glm::dvec3 world{0.0};       ///< the snapped point in world space
    glm::dvec3 mesh{0.0};        ///< the same in the mesh's bone space
    double distance_px = 0.0;    ///< from the cursor, on screen
};

struct SnapQuery {
    std::uint32_t instance = 0, triangle = 0;  ///< the hit under the cursor
    glm::dvec3 world_hit{0.0};
    glm::dvec2 cursor{0.0};  ///< window pixels
    double radius_px = 12.0;
    SnapTargets targets;
};

/// The snapped point for a hit, or nothing when no allowed kind is within the radius (face
/// snapping, when allowed, always answers). Through `accel`'s BVH of the hit mesh when it has
/// one; else the hit triangle alone is a candidate. `candidates`, when given, counts the
/// triangles looked at.
[[nodiscard]] std::optional<SnapResult> snap_near(const SceneView& scene, const SceneAccel* accel,
                                                  const ScreenMapping& screen,
                                                  const SnapQuery& query,
                                                  std::size_t* candidates = nullptr);

/// The same over every triangle of the hit instance: the brute force the BVH path must equal.
[[nodiscard]] std::optional<SnapResult> snap_near_every_triangle(const SceneView& scene,
                                                                 const ScreenMapping& screen,
                                                                 const SnapQuery& query);

}  // namespace picking
