#include "app/core/algorithms_model.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/vec4.hpp>

namespace app {

void AlgorithmsModel::clear() {
    *this = AlgorithmsModel{};
}

void AlgorithmsModel::clear_pick() {
    compare.clear();
    compare_shape.reset();
    all_hits.reset();
}

void AlgorithmsModel::study_pick(const SceneSession& session, const Selection& selection) {
    clear_pick();
    compare =
        picking::compare_algorithms(session.view(), selection.ray, selection.choice.settings(), 3,
                                    &session.accels().broad_phases());
    if (selection.result.shape) compare_shape = selection.result.shape->shape;
    all_hits = session.all_hits(selection.ray, selection.choice);
}

void AlgorithmsModel::sweep_leaks(const SceneSession& session, const LeakSweepChoice& choice) {
    leaks.clear();
    leak_marks.clear();
    leak_marks_method = choice.marked;
    const picking::SceneView& view = session.view();
    std::vector<picking::MeshTopology> topologies;
    std::size_t total_edges = 0;
    for (const picking::MeshView& mesh : view.meshes) {
        topologies.push_back(picking::mesh_topology(mesh));
        total_edges += topologies.back().shared_edges.size();
    }
    if (total_edges == 0) return;
    for (const auto& algorithm : picking::kRayTriangleAlgorithms) {
        const bool marked = algorithm.method == choice.marked;
        if (!choice.every_algorithm && !marked) continue;
        LeakRow row{algorithm.method, 0, 0, 0};
        for (std::size_t m = 0; m < view.meshes.size(); ++m) {
            picking::LeakSweepOptions sweep;
            // The rays go to the meshes in proportion to their shared edges.
            sweep.rays = int(double(choice.rays) * double(topologies[m].shared_edges.size()) /
                                 double(total_edges) +
                             0.5);
            sweep.seed = std::uint32_t(1 + m);
            if (sweep.rays == 0) continue;
            const auto r = picking::leak_sweep(view.meshes[m], topologies[m], algorithm,
                                               choice.options, sweep, marked ? 4000 : 0);
            row.rays += r.rays;
            row.leaks += r.leaks;
            row.double_hits += r.double_hits;
            if (!marked) continue;
            // Each spot where the mesh is drawn: at every instance of it.
            for (const picking::Instance& instance : view.instances) {
                if (instance.mesh != m) continue;
                for (const picking::LeakSpot& spot : r.spots)
                    leak_marks.push_back(
                        {glm::vec3(instance.world_from_mesh * glm::vec4(spot.point, 1.0f)),
                         spot.leak});
            }
        }
        leaks.push_back(row);
    }
}

glm::dvec3 AlgorithmsModel::move_far(SceneSession& session, double distance,
                                     const picking::RayTriangleOptions& options, int rays) {
    const glm::dvec3 direction = glm::normalize(glm::dvec3(1.0, 1.0, 1.0));
    const glm::dvec3 before = session.world_offset();
    const glm::dvec3 after = distance > 0.0 ? distance * direction : glm::dvec3(0.0);
    session.set_world_offset(after);
    far_log10 = distance > 1.0 ? float(std::log10(distance)) : 0.0f;
    picking::FarFromOriginOptions study;
    study.rays = rays;
    study.direction = direction;
    far = picking::far_from_origin_study(session.world_triangles_without_offset(),
                                         std::max(distance, 0.0), options, study);
    // The pick's ray and triangles are where the model was.
    clear_pick();
    return after - before;
}

}  // namespace app
