#pragma once
/// The command-line flags for the options every ray–triangle algorithm shares (the t range,
/// back-face culling) and each tolerance a seed uses, the same for the viewer and `pick`.

#include <limits>
#include <string>

#include "picking/core/ray.h"
#include "picking/primitives/analytic_shape.h"
#include "picking/ray_triangle/ray_triangle.h"

namespace app {

struct AlgorithmFlags {
    picking::RayTriangleOptions options;  ///< defaults: the seeds' own values
    float t_min = 0.0f;
    float t_max = std::numeric_limits<float>::infinity();
    std::string seed_t = "ignore";  ///< "ignore" (the seeds' quirk) or "clip"
    std::string xna_hit = "first";  ///< "first" (seed 001) or "closest"
    /// Which of seed 002's forms test the analytic shapes.
    picking::ShapeTestSettings shapes;
    std::string sphere_form = "precise";  ///< quadratic | half_b | unit_direction | precise
    std::string rect_test = "oriented";   ///< seed | axis_aligned | oriented
    std::string slab_test = "robust";     ///< seed | robust

    /// Copies the parsed strings into `options` and `shapes`.
    void apply();
    /// The ray with this t range.
    [[nodiscard]] picking::Ray with_t_range(picking::Ray ray) const;
};

}  // namespace app
