#include "app/core/algorithm_flags.h"

namespace app {

void AlgorithmFlags::apply() {
    options.seed_ignores_t_range = seed_t != "clip";
    options.xna_first_found = xna_hit != "closest";
    for (const auto& form : picking::kSphereAlgorithms)
        if (form.name == sphere_form) shapes.sphere = form.form;
    shapes.rect = rect_test == "seed"           ? picking::RectTest::Seed
                  : rect_test == "axis_aligned" ? picking::RectTest::AxisAligned
                                                : picking::RectTest::Oriented;
    shapes.slab = slab_test == "seed" ? picking::SlabTest::Seed : picking::SlabTest::Robust;
}

picking::Ray AlgorithmFlags::with_t_range(picking::Ray ray) const {
    ray.t_min = t_min;
    ray.t_max = t_max;
    return ray;
}

}  // namespace app
