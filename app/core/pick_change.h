#pragma once
/// What decides a pick besides its ray, and what changed between two: the viewer re-runs the
/// last pick on the same ray whenever a setting that affects it changes, and says which.

#include <string>
#include <vector>

#include "app/core/pick_choice.h"

namespace app {

/// Everything a pick through a given ray runs with: the choice (algorithm, its options, the
/// accel) and the t range the ray gets.
struct PickInputs {
    PickChoice choice;
    float t_min = 0.0f;
    float t_max = 0.0f;
};

/// The settings that differ, one phrase each, in the order the Inspector lists them:
/// "algorithm moller_trumbore -> watertight", "t max inf -> 100", "back faces culled". Options
/// that cannot change the answer (drawing the boxes a pick entered, the SIMD switch) are not
/// compared. Empty when the two would pick the same.
[[nodiscard]] std::vector<std::string> pick_changes(const PickInputs& before,
                                                    const PickInputs& after);

/// "algorithm moller_trumbore -> watertight; t max inf -> 100" (empty for no change).
[[nodiscard]] std::string join_changes(const std::vector<std::string>& changes);

}  // namespace app
