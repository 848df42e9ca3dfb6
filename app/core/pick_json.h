#pragma once
/// The pick as one JSON object, the same for `raypick pick` and the viewer (DESIGN.md).

#include <string_view>

#include <nlohmann/json.hpp>

#include "app/core/pick_choice.h"
#include "app/core/scene_session.h"
#include "picking/scene/all_hits.h"
#include "picking/scene/scene_pick.h"

namespace app {

/// {"hit", "ray", "t", "point", "normal", "mesh", "mesh_name", "node", "node_path", "triangle",
///  "u", "v", "vertices", "world_from_mesh", "bone_ray", "algorithm", "accel", "triangles_tested",
///  "nodes_visited", "box_tests", "sphere_tests", "instances_tested", "microseconds", "time",
///  "clip", "pose", ...} for a pick made in `pose`. A triangle hit also has the surface there
///  (surface_at_hit.h): "uv" [u, v] (texture channel 0) and "uvs" (every channel) when the mesh
///  has texture coordinates, "smooth_normal" (world) and "smooth_normal_local" (bone space; null
///  when the corners' normals cancel), "color" [r, g, b, a] when it has vertex colours,
///  "material", "material_index" and "texture" (the base-colour texture's path, or null). An
///  analytic shape hit has "hit": true, "t", "point", "normal", "front_face", "node", "node_path"
///  and "shape": {"index", "name", "kind", "test", "local_point", "local_normal", and its test's
///  numbers}, and no triangle fields.
[[nodiscard]] nlohmann::ordered_json pick_to_json(const SceneSession& session,
                                                  const picking::Ray& ray, const PickChoice& choice,
                                                  const picking::PickResult& result,
                                                  PoseChoice pose = PoseChoice::Current);

/// [{"t", "mesh", "mesh_name", "node", "triangle", "u", "v", "front_face", "near_duplicate"}]
/// in the order of increasing t.
[[nodiscard]] nlohmann::ordered_json all_hits_to_json(const SceneSession& session,
                                                      const picking::AllHitsResult& hits);

}  // namespace app
