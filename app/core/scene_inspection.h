#pragma once
/// The mesh inspector over a whole scene (`raypick inspect` and the viewer's Inspect mesh
/// tool): picking's inspect_mesh() on every mesh of the scene once, as loaded (the bind pose's
/// vertices: what the file holds), however many instances place it; and the one JSON object
/// both print, so the viewer's report and the command agree by construction.

#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/core/scene_session.h"
#include "picking/studies/mesh_inspection.h"

namespace app {

struct SceneInspection {
    /// Per mesh of the scene (assets::Scene::meshes order).
    std::vector<picking::MeshInspection> meshes;
    std::vector<std::uint32_t> instances;  ///< per mesh: how many instances place it
    double seconds = 0.0;                  ///< the analysis alone, not the load

    [[nodiscard]] std::size_t triangles() const;
    [[nodiscard]] std::size_t degenerate() const;
    [[nodiscard]] std::size_t slivers() const;
    [[nodiscard]] std::size_t duplicate_vertices() const;
    [[nodiscard]] std::size_t boundary_edges() const;
    [[nodiscard]] std::size_t non_manifold_edges() const;
};

/// Inspects every mesh of `session`'s scene with the DirectX test's options `dx` (its epsilon).
[[nodiscard]] SceneInspection inspect_scene(const SceneSession& session,
                                            const picking::RayTriangleOptions& dx = {});

/// {"triangles", "degenerate", "slivers", "duplicate_vertices", "boundary_edges",
/// "non_manifold_edges", "near_duplicate_vertices", "dx_epsilon_rejects", the thresholds, the
/// DirectX verdicts, "meshes": [per mesh the same, with its name and instances]}.
[[nodiscard]] nlohmann::ordered_json inspection_json(const SceneInspection& inspection,
                                                     const assets::Scene& scene);

}  // namespace app
