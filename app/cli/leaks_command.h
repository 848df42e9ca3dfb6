#pragma once
/// `raypick leaks MODEL [--algorithm NAME] [--rays N]`: the edge-crack sweep without a window.
/// Rays aimed exactly at the model's shared edges and vertices; one JSON line per algorithm
/// (every algorithm of the table unless --algorithm names one):
/// {"algorithm", "rays", "leaks", "double_hits", "meshes", "closed_meshes", ...}.

#include <string>

#include "app/core/algorithm_flags.h"

namespace app {

struct LeaksCommandOptions {
    std::string model;
    std::string algorithm;  ///< empty: every algorithm
    int rays = 10000;
    std::uint32_t seed = 1;
    double time = 0.0;
    AlgorithmFlags flags;
    bool obj_via_tinyobjloader = false;
    double load_timeout = 0.0;
};

[[nodiscard]] int run_leaks_command(const LeaksCommandOptions& options);

}  // namespace app
