#pragma once
/// What the "Bone space" window shows for a pick: the picked mesh alone in its own space, in
/// the pose of the pick (even after the animation has moved on), its axes, the world ray moved
/// into that space by the inverse of world_from_mesh (clipped to a box around the mesh), the
/// picked triangle and the hit point. Also the same axes as the main view shows them, moved to
/// the world by world_from_mesh (unequal lengths: non-uniform scale).

#include <cstdint>
#include <span>

#include "app/core/camera.h"
#include "app/core/scene_session.h"
#include "app/core/selection.h"
#include "render/renderer.h"

namespace app {

struct BoneSpaceScene {
    render::FrameView view;
    render::Overlay overlay;
};

/// The picked instance's vertices in the pose of the pick (Selection::picked_positions for a
/// deforming mesh, else the mesh's vertices as loaded, which no pose changes): what the view
/// draws, so the mesh, the picked triangle and the ray all show the moment of the pick.
[[nodiscard]] std::span<const glm::vec3> picked_vertices(const SceneSession& session,
                                                         const Selection& selection);

/// The bone-space view of `selection` (which must hold a hit) at `size_px`. For a new pick
/// (`framed_serial` differs from selection.serial, which it then records) `camera` is framed on
/// the mesh and looks at the ray from the side.
[[nodiscard]] BoneSpaceScene bone_space_scene(const SceneSession& session,
                                              const Selection& selection, Camera& camera,
                                              std::uint64_t& framed_serial, glm::ivec2 size_px);

/// The picked mesh's axes in world space: segments from M * 0 to M * (r e_i), r the mesh's
/// bounding radius, coloured x red, y green, z blue.
void add_bone_axes(const SceneSession& session, const Selection& selection,
                   render::Overlay& overlay);

}  // namespace app
