#pragma once
/// What the Bone space tool shows for a pick: the picked mesh alone in its own space, in the
/// pose of the pick (even after the animation has moved on), its axes, the world ray moved into
/// that space by the inverse of world_from_mesh (clipped to a box around what is drawn), the
/// picked triangle and the hit point. A dense mesh shows only the triangles around the hit, so
/// the picture costs the same on a million triangles as on a hundred. Also the same axes as the
/// main view shows them, moved to the world by world_from_mesh (unequal lengths: non-uniform
/// scale).

#include <cstdint>
#include <span>

#include "app/core/camera.h"
#include "app/core/scene_session.h"
#include "app/core/selection.h"
#include "render/renderer.h"

namespace app {

/// Meshes of more triangles than this show the hit's neighbourhood instead of the whole mesh.
inline constexpr std::size_t kBoneSpaceWholeMesh = 20000;
/// How many triangles around the hit a neighbourhood holds.
inline constexpr std::size_t kNeighbourhoodTriangles = 1500;

struct BoneSpaceScene {
    render::FrameView view;
    render::Overlay overlay;
    bool whole_mesh = true;     ///< draw the mesh; otherwise the overlay holds the neighbourhood
    std::size_t triangles = 0;  ///< how many of the mesh's triangles are drawn
};

/// The picked instance's vertices in the pose of the pick (Selection::picked_positions for a
/// deforming mesh, else the mesh's vertices as loaded, which no pose changes): what the view
/// draws, so the mesh, the picked triangle and the ray all show the moment of the pick.
[[nodiscard]] std::span<const glm::vec3> picked_vertices(const SceneSession& session,
                                                         const Selection& selection);

/// The bone-space view of `selection` (which must hold a hit) at `size_px`. For a new pick
/// (`framed_serial` differs from selection.serial, which it then records) `camera` is framed on
/// what is drawn and looks at the ray from the side. `neighbourhood` (nearest_triangles() of
/// the picked vertices around the hit) is drawn instead of a mesh of more than
/// kBoneSpaceWholeMesh triangles.
[[nodiscard]] BoneSpaceScene bone_space_scene(const SceneSession& session,
                                              const Selection& selection, Camera& camera,
                                              std::uint64_t& framed_serial, glm::ivec2 size_px,
                                              std::span<const std::uint32_t> neighbourhood);

/// The picked mesh's axes in world space: segments from M * 0 to M * (r e_i), r the mesh's
/// bounding radius `mesh_radius` (in its own space) or `max_length` when shorter (in world
/// units, measured along the longest axis: unequal lengths show a non-uniform scale), coloured
/// x red, y green, z blue.
void add_bone_axes(const SceneSession& session, const Selection& selection, float mesh_radius,
                   render::Overlay& overlay, float max_length);
/// The bounding radius of the picked mesh in its own space, in the pose of the pick.
[[nodiscard]] float picked_mesh_radius(const SceneSession& session, const Selection& selection);

}  // namespace app
