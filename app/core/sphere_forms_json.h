#pragma once
/// The sphere forms study (picking/studies/sphere_form_study.h) as JSON: one point for
/// `raypick sphere-forms` and the viewer's report alike. A form that missed where the exact
/// solve hits has "hit": false and null roots and errors (JSON has no NaN).

#include <nlohmann/json.hpp>

#include "picking/studies/sphere_form_study.h"

namespace app {

/// {"ratio", "offset", "exact": {"t_near", "t_far", "discriminant", "hit"}, "names": {"a",
/// "b", "c", "h"} (the floats every form computes), "forms": {name: {"hit", "t_near", "t_far",
/// "discriminant", "exact_discriminant", "rel_error_near", "rel_error_far", "ulps_near",
/// "ulps_far"}}} in kSphereAlgorithms' order.
[[nodiscard]] nlohmann::ordered_json sphere_point_json(const picking::SpherePointStudy& point);

/// {name: {"ulps_near", "ratio_near", "ulps_far", "misses", "first_miss_ratio"}}: each form's
/// worst over the sweep (first_miss_ratio null without a miss).
[[nodiscard]] nlohmann::ordered_json sphere_worst_json(const picking::SphereFormSweep& sweep);

}  // namespace app
