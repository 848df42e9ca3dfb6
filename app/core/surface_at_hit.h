#pragma once
/// What the surface carries at a triangle hit, beside the geometry: every texture coordinate
/// channel, the smooth (interpolated vertex) normal next to the geometric one, the vertex colour,
/// and the material with its base-colour texture. Interpolated with the hit's barycentric weights
/// (1 - u - v, u, v) of the triangle's corners, as the renderer interpolates them.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "app/core/scene_session.h"
#include "assets/scene/scene.h"
#include "picking/scene/scene_pick.h"

namespace app {

struct SurfaceAtHit {
    std::vector<glm::vec2> uvs;      ///< one per texture coordinate channel of the mesh
    std::optional<glm::vec4> color;  ///< RGBA, when the mesh has vertex colours
    /// The corners' normals interpolated and normalised, in the mesh's (bone) space and in world
    /// space (by the inverse transpose of world_from_mesh). Nothing when they cancel out (a
    /// length below 1e-12), as opposite normals at a crease can.
    std::optional<glm::vec3> smooth_normal_mesh, smooth_normal_world;
    /// The triangle's own unit normal by its winding, in the same two spaces (in world space by
    /// the placed corners' winding, as PickHit::normal: a mirroring transform turns it over).
    glm::vec3 geometric_normal_mesh{0.0f}, geometric_normal_world{0.0f};
    std::uint32_t material = 0;
    std::string material_name;
    std::string texture;  ///< the base-colour texture's path; empty when it has none
};

/// The surface of triangle `triangle` of `mesh` at weights (1 - u - v, u, v). `positions` and
/// `normals` are the mesh's vertices and normals at the pose picked (one per vertex, in the
/// mesh space `world_from_mesh` places); texture coordinates and colours do not change with the
/// pose and come from `mesh`.
[[nodiscard]] SurfaceAtHit surface_at_hit(const assets::MeshData& mesh,
                                          const assets::Material& material,
                                          std::span<const glm::vec3> positions,
                                          std::span<const glm::vec3> normals,
                                          std::uint32_t triangle, float u, float v,
                                          const glm::mat4& world_from_mesh);

/// The three corner normals of `triangle` of the mesh `instance` draws, at `pose`, in the space
/// of the positions the session picks that instance in. A deforming mesh at the current pose,
/// in a session that keeps only its positions (SessionOptions::deform_normals unset, as in
/// `raypick pick`), is posed again with its normals: O(its vertices).
[[nodiscard]] std::array<glm::vec3, 3> corner_normals(const SceneSession& session,
                                                      std::uint32_t instance,
                                                      std::uint32_t triangle, PoseChoice pose);

/// The surface at a session's triangle hit, at `pose`.
[[nodiscard]] SurfaceAtHit surface_at_hit(const SceneSession& session, const picking::PickHit& hit,
                                          PoseChoice pose = PoseChoice::Current);

}  // namespace app
