#include "app/core/leak_sweep_job.h"

#include <glm/vec4.hpp>

#include "app/core/scene_session.h"
#include "picking/studies/leak_sweep.h"

namespace app {

LeakSweepInput leak_sweep_input(const SceneSession& session, const LeakSweepChoice& choice) {
    LeakSweepInput input;
    input.choice = choice;
    const picking::SceneView& view = session.view();
    input.meshes.reserve(view.meshes.size());
    for (const picking::MeshView& mesh : view.meshes) {
        input.meshes.push_back({{mesh.positions.begin(), mesh.positions.end()},
                                {mesh.indices.begin(), mesh.indices.end()}});
    }
    for (const picking::Instance& instance : view.instances)
        input.instances.push_back({instance.mesh, instance.world_from_mesh});
    return input;
}

LeakSweepOutcome run_leak_sweep(const LeakSweepInput& input, LeakSweepProgress* progress) {
    const LeakSweepChoice& choice = input.choice;
    LeakSweepOutcome out;
    out.marked = choice.marked;
    const auto cancelled = [progress] { return progress != nullptr && progress->cancel.load(); };
    std::vector<picking::MeshView> meshes;
    for (const LeakSweepInput::Mesh& mesh : input.meshes)
        meshes.push_back({mesh.positions, mesh.indices});

    // Finding the shared edges is about half the work on a big mesh.
    std::vector<picking::MeshTopology> topologies;
    std::size_t total_edges = 0;
    for (std::size_t m = 0; m < meshes.size(); ++m) {
        if (cancelled()) return out;
        topologies.push_back(picking::mesh_topology(meshes[m]));
        total_edges += topologies.back().shared_edges.size();
        if (progress) progress->fraction = 0.5f * float(m + 1) / float(meshes.size());
    }
    if (total_edges == 0) return out;
    int algorithms = 0;
    for (const auto& algorithm : picking::kRayTriangleAlgorithms)
        algorithms += choice.every_algorithm || algorithm.method == choice.marked;
    int done = 0;
    for (const auto& algorithm : picking::kRayTriangleAlgorithms) {
        const bool marked = algorithm.method == choice.marked;
        if (!choice.every_algorithm && !marked) continue;
        LeakRow row{algorithm.method, 0, 0, 0};
        for (std::size_t m = 0; m < meshes.size(); ++m) {
            if (cancelled()) return out;
            picking::LeakSweepOptions sweep;
            // The rays go to the meshes in proportion to their shared edges.
            sweep.rays = int(double(choice.rays) * double(topologies[m].shared_edges.size()) /
                                 double(total_edges) +
                             0.5);
            sweep.seed = std::uint32_t(1 + m);
            if (sweep.rays == 0) continue;
            const auto r = picking::leak_sweep(meshes[m], topologies[m], algorithm, choice.options,
                                               sweep, marked ? 4000 : 0);
            row.rays += r.rays;
            row.leaks += r.leaks;
            row.double_hits += r.double_hits;
            if (!marked) continue;
            // Each spot where the mesh is drawn: at every instance of it.
            for (const LeakSweepInput::Placement& instance : input.instances) {
                if (instance.mesh != m) continue;
                for (const picking::LeakSpot& spot : r.spots)
                    out.marks.push_back(
                        {glm::vec3(instance.world_from_mesh * glm::vec4(spot.point, 1.0f)),
                         spot.leak});
            }
        }
        out.leaks.push_back(row);
        ++done;
        if (progress) progress->fraction = 0.5f + 0.5f * float(done) / float(algorithms);
    }
    return out;
}

std::shared_ptr<LeakSweepJob> start_leak_sweep(LeakSweepInput input) {
    return LeakSweepJob::start("the leak sweep",
                               [input = std::move(input)](LeakSweepProgress& progress) {
                                   return run_leak_sweep(input, &progress);
                               });
}

}  // namespace app
