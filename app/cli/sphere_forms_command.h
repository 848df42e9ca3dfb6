#pragma once
/// `raypick sphere-forms [--points N] [--offset F]`: the sphere forms study without a window
/// (picking/studies/sphere_form_study.h): one JSON line per distance / radius of the sweep, in
/// increasing order, {"ratio", "offset", "exact": {"t_near", "t_far", ...}, "names", "forms":
/// {name: {"hit", "t_near", "t_far", "rel_error_near", "ulps_near", ...}}}
/// (app/core/sphere_forms_json.h), the same numbers the Sphere forms tool plots.

#include "picking/studies/sphere_form_study.h"

namespace app {

struct SphereFormsCommandOptions {
    int points = picking::kSphereStudyPoints;            ///< 2 .. 100000
    double offset = picking::kSphereStudyDefaultOffset;  ///< 0 .. 0.99 radii off the centre
};

/// Runs it: returns the process exit status.
[[nodiscard]] int run_sphere_forms_command(const SphereFormsCommandOptions& options);

}  // namespace app
