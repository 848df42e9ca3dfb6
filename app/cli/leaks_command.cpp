#include "app/cli/leaks_command.h"

#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/command_model.h"
#include "app/core/json_line.h"
#include "picking/studies/leak_sweep.h"

namespace app {

int run_leaks_command(const LeaksCommandOptions& options) {
    LeaksCommandOptions o = options;
    o.flags.apply();
    std::vector<const picking::RayTriangleAlgorithm*> algorithms;
    if (o.algorithm.empty()) {
        for (const auto& a : picking::kRayTriangleAlgorithms)
            algorithms.push_back(&a);
    } else if (const auto* a = picking::find_ray_triangle_algorithm(o.algorithm)) {
        algorithms.push_back(a);
    } else {
        std::cerr << "raypick leaks: unknown algorithm '" << o.algorithm
                  << "' (known: " << picking::ray_triangle_algorithm_names() << ")\n";
        return 2;
    }

    assets::LoadOptions load_options;
    load_options.obj_via_tinyobjloader = o.obj_via_tinyobjloader;
    int status = 0;
    const auto loaded = load_command_model("leaks", o.model, load_options, o.load_timeout, status);
    if (!loaded) return status;
    const picking::SceneView& view = loaded->view();

    // The rays go to the meshes in proportion to their shared edges, each in its own space.
    std::vector<picking::MeshTopology> topologies;
    std::size_t total_edges = 0, closed = 0;
    for (const picking::MeshView& mesh : view.meshes) {
        topologies.push_back(picking::mesh_topology(mesh));
        total_edges += topologies.back().shared_edges.size();
        closed += topologies.back().closed() && !topologies.back().shared_edges.empty();
    }
    if (total_edges == 0) {
        std::cerr << "raypick leaks: " << o.model << " has no edge shared by two triangles\n";
        return 1;
    }
    std::vector<int> rays_per_mesh(view.meshes.size(), 0);
    int assigned = 0;
    for (std::size_t m = 0; m < view.meshes.size(); ++m) {
        rays_per_mesh[m] =
            int(double(o.rays) * double(topologies[m].shared_edges.size()) / double(total_edges));
        assigned += rays_per_mesh[m];
    }
    for (std::size_t m = 0; assigned < o.rays; m = (m + 1) % view.meshes.size())
        if (!topologies[m].shared_edges.empty()) ++rays_per_mesh[m], ++assigned;

    for (const picking::RayTriangleAlgorithm* algorithm : algorithms) {
        int rays = 0, leaks = 0, double_hits = 0;
        for (std::size_t m = 0; m < view.meshes.size(); ++m) {
            if (rays_per_mesh[m] == 0) continue;
            picking::LeakSweepOptions sweep;
            sweep.rays = rays_per_mesh[m];
            sweep.seed = o.seed + std::uint32_t(m);
            const auto r = picking::leak_sweep(view.meshes[m], topologies[m], *algorithm,
                                               o.flags.options, sweep, 0);
            rays += r.rays;
            leaks += r.leaks;
            double_hits += r.double_hits;
        }
        nlohmann::ordered_json j;
        j["algorithm"] = algorithm->name;
        j["rays"] = rays;
        j["leaks"] = leaks;
        j["double_hits"] = double_hits;
        j["model"] = o.model;
        j["meshes"] = view.meshes.size();
        j["closed_meshes"] = closed;
        j["shared_edges"] = total_edges;
        j["seed"] = o.seed;
        std::cout << json_line(std::move(j)) << "\n";
    }
    std::cout.flush();
    return 0;
}

}  // namespace app
