#pragma once
/// The mesh inspector over a whole scene (`raypick inspect` and the viewer's Inspect mesh
/// tool): picking's inspect_mesh() on every mesh of the scene once, as loaded (the bind pose's
/// vertices: what the file holds), however many instances place it; and the one JSON object
/// both print, so the viewer's report and the command agree by construction.

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/core/background_job.h"
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

/// Per mesh, the JSON lists this many degenerate triangles and slivers at most (the first).
inline constexpr std::size_t kListedProblems = 100;

struct SceneInspectionProgress {
    std::atomic<float> fraction{0.0f};
    std::atomic<bool> cancel{false};
};

/// Inspects every mesh of `session`'s scene with the DirectX test's options `dx` (its epsilon).
/// With `progress`: reports it per mesh, and stops between meshes on a cancel (what it returns
/// then is incomplete, for the caller to drop).
[[nodiscard]] SceneInspection inspect_scene(const SceneSession& session,
                                            const picking::RayTriangleOptions& dx = {},
                                            SceneInspectionProgress* progress = nullptr);

using SceneInspectionJob = BackgroundJob<SceneInspection, SceneInspectionProgress, std::string>;

/// inspect_scene on a thread of its own (a million triangles take about 0.4 s). The job holds
/// `session` until it ends; what it reads of it never changes (the scene and its meshes as
/// loaded), so the pose may move on meanwhile.
[[nodiscard]] std::shared_ptr<SceneInspectionJob> start_scene_inspection(
    std::shared_ptr<const SceneSession> session, const picking::RayTriangleOptions& dx);

/// {"triangles", "degenerate", "slivers", "duplicate_vertices", "boundary_edges",
/// "non_manifold_edges", "near_duplicate_vertices", "dx_epsilon_rejects", the thresholds, the
/// DirectX verdicts, "meshes": [per mesh the same, with its name and instances, and its first
/// degenerate triangles and slivers: {"triangle", "kind" or "height_ratio", "dx"}]}.
[[nodiscard]] nlohmann::ordered_json inspection_json(const SceneInspection& inspection,
                                                     const assets::Scene& scene);

}  // namespace app
