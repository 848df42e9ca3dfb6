#include "app/algorithm_flags.h"

namespace app {

void AlgorithmFlags::apply() {
    options.seed_ignores_t_range = seed_t != "clip";
    options.xna_first_found = xna_hit != "closest";
}

picking::Ray AlgorithmFlags::with_t_range(picking::Ray ray) const {
    ray.t_min = t_min;
    ray.t_max = t_max;
    return ray;
}

void add_algorithm_flags(CLI::App& app, AlgorithmFlags& flags) {
    auto& o = flags.options;
    app.add_flag("--cull-backfaces", o.cull_backfaces, "Ignore triangles seen from behind");
    app.add_option("--t-min", flags.t_min, "Accept hits at t >= T (default 0)");
    app.add_option("--t-max", flags.t_max, "Accept hits at t <= T (default: no limit)");
    app.add_option("--seed-t", flags.seed_t,
                   "dx_pick, unity_pick, xna_plane: 'ignore' the t range as the seeds do "
                   "(hits behind the eye count), or 'clip' to it")
        ->check(CLI::IsMember({"ignore", "clip"}));
    app.add_option("--xna-hit", flags.xna_hit,
                   "xna_plane: the 'first' triangle found (seed 001) or the 'closest'")
        ->check(CLI::IsMember({"first", "closest"}));
    app.add_option("--dx-epsilon", o.dx_det_epsilon, "dx_pick: det below this is parallel (0.0001)")
        ->check(CLI::NonNegativeNumber);
    app.add_option("--unity-epsilon", o.unity_det_epsilon,
                   "unity_pick: det below this is parallel (0.00001)")
        ->check(CLI::NonNegativeNumber);
    app.add_option("--unity-tolerance", o.unity_edge_tolerance,
                   "unity_pick: slack on u - det and u + v - det (0.00001)")
        ->check(CLI::NonNegativeNumber);
}

}  // namespace app
