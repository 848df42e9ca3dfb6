#include "app/core/scene_inspection.h"

#include <chrono>
#include <numeric>
#include <span>

namespace app {

namespace {

template <class Count>
std::size_t sum(std::span<const picking::MeshInspection> meshes, Count count) {
    return std::accumulate(
        meshes.begin(), meshes.end(), std::size_t{0},
        [&](std::size_t s, const picking::MeshInspection& m) { return s + count(m); });
}

/// {"hit", "epsilon_rejects", "misses"}: what the DirectX test makes of these triangles.
nlohmann::ordered_json verdicts(std::span<const picking::MeshInspection> meshes, bool slivers) {
    nlohmann::ordered_json j;
    for (const auto verdict :
         {picking::DxVerdict::Hit, picking::DxVerdict::EpsilonRejects, picking::DxVerdict::Misses})
        j[picking::dx_verdict_name(verdict)] =
            sum(meshes, [&](const auto& m) { return m.count(verdict, slivers); });
    return j;
}

/// The counts of `meshes` (one mesh, or all of them), in the order the contract gives.
void add_counts(nlohmann::ordered_json& j, std::span<const picking::MeshInspection> meshes) {
    j["triangles"] = sum(meshes, [](const auto& m) { return m.triangles; });
    j["degenerate"] = sum(meshes, [](const auto& m) { return m.degenerate.size(); });
    j["slivers"] = sum(meshes, [](const auto& m) { return m.slivers.size(); });
    j["duplicate_vertices"] = sum(meshes, [](const auto& m) { return m.duplicate_vertices; });
    j["duplicated_positions"] =
        sum(meshes, [](const auto& m) { return m.duplicated_positions.size(); });
    j["boundary_edges"] = sum(meshes, [](const auto& m) { return m.boundary_edges.size(); });
    j["non_manifold_edges"] =
        sum(meshes, [](const auto& m) { return m.non_manifold_edges.size(); });
    j["vertices"] = sum(meshes, [](const auto& m) { return m.vertices; });
    bool counted = true;
    for (const auto& m : meshes)
        counted = counted && m.near_duplicate_vertices.has_value();
    if (counted)
        j["near_duplicate_vertices"] =
            sum(meshes, [](const auto& m) { return *m.near_duplicate_vertices; });
    else
        j["near_duplicate_vertices"] = nullptr;  // too crowded to count in time
    j["dx_epsilon_rejects"] = sum(meshes, [](const auto& m) { return m.dx_epsilon_rejects; });
    j["degenerate_dx"] = verdicts(meshes, false);
    j["slivers_dx"] = verdicts(meshes, true);
}

/// The first kListedProblems of `problems`: which triangle, why, and the DirectX verdict.
nlohmann::ordered_json problem_list(const std::vector<picking::ProblemTriangle>& problems,
                                    bool slivers) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (std::size_t i = 0; i < problems.size() && i < kListedProblems; ++i) {
        const picking::ProblemTriangle& p = problems[i];
        nlohmann::ordered_json one;
        one["triangle"] = p.triangle;
        if (slivers)
            one["height_ratio"] = p.height_ratio;
        else
            one["kind"] = picking::degenerate_kind_name(p.kind);
        one["dx"] = picking::dx_verdict_name(p.dx);
        list.push_back(std::move(one));
    }
    return list;
}

}  // namespace

std::size_t SceneInspection::triangles() const {
    return sum(meshes, [](const auto& m) { return m.triangles; });
}
std::size_t SceneInspection::degenerate() const {
    return sum(meshes, [](const auto& m) { return m.degenerate.size(); });
}
std::size_t SceneInspection::slivers() const {
    return sum(meshes, [](const auto& m) { return m.slivers.size(); });
}
std::size_t SceneInspection::duplicate_vertices() const {
    return sum(meshes, [](const auto& m) { return m.duplicate_vertices; });
}
std::size_t SceneInspection::boundary_edges() const {
    return sum(meshes, [](const auto& m) { return m.boundary_edges.size(); });
}
std::size_t SceneInspection::non_manifold_edges() const {
    return sum(meshes, [](const auto& m) { return m.non_manifold_edges.size(); });
}

SceneInspection inspect_scene(const SceneSession& session, const picking::RayTriangleOptions& dx,
                              SceneInspectionProgress* progress) {
    const auto start = std::chrono::steady_clock::now();
    SceneInspection out;
    const assets::Scene& scene = session.scene();
    // The bind view's first meshes are the scene's, with the vertices as loaded.
    const picking::SceneView& loaded = session.view(PoseChoice::Bind);
    for (std::size_t m = 0; m < scene.meshes.size(); ++m) {
        if (progress && progress->cancel) break;
        out.meshes.push_back(picking::inspect_mesh(loaded.meshes[m], dx));
        if (progress) progress->fraction = float(m + 1) / float(scene.meshes.size());
    }
    out.instances.assign(scene.meshes.size(), 0);
    for (const assets::MeshInstance& instance : scene.instances())
        ++out.instances[instance.mesh];
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return out;
}

std::shared_ptr<SceneInspectionJob> start_scene_inspection(
    std::shared_ptr<const SceneSession> session, const picking::RayTriangleOptions& dx) {
    std::string subject = session->scene().source;
    return SceneInspectionJob::start(std::move(subject),
                                     [session = std::move(session), dx](auto& progress) {
                                         return inspect_scene(*session, dx, &progress);
                                     });
}

nlohmann::ordered_json inspection_json(const SceneInspection& inspection,
                                       const assets::Scene& scene) {
    nlohmann::ordered_json j;
    add_counts(j, inspection.meshes);
    j["sliver_height_ratio"] = picking::kSliverHeightRatio;
    j["merge_tolerance_ratio"] = picking::kMergeToleranceRatio;
    j["dx_det_epsilon"] = inspection.meshes.empty() ? picking::RayTriangleOptions{}.dx_det_epsilon
                                                    : inspection.meshes[0].dx_det_epsilon;
    j["per"] = "mesh";
    j["listed_at_most"] = kListedProblems;
    nlohmann::ordered_json meshes = nlohmann::ordered_json::array();
    for (std::size_t m = 0; m < inspection.meshes.size(); ++m) {
        nlohmann::ordered_json one;
        one["mesh"] = m;
        one["mesh_name"] = scene.meshes[m].name;
        one["instances"] = inspection.instances[m];
        add_counts(one, std::span(&inspection.meshes[m], 1));
        one["merge_tolerance"] = inspection.meshes[m].merge_tolerance;
        one["degenerate_triangles"] = problem_list(inspection.meshes[m].degenerate, false);
        one["sliver_triangles"] = problem_list(inspection.meshes[m].slivers, true);
        meshes.push_back(std::move(one));
    }
    j["meshes"] = std::move(meshes);
    j["seconds"] = inspection.seconds;
    return j;
}

}  // namespace app
