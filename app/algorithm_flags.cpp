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

}  // namespace app
