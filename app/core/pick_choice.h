#pragma once
/// What a user picks with: the ray–triangle algorithm with its options, and the accel. The one
/// source of truth for the viewer's picks, hovers, heatmap, Compare and cost label, and for the
/// commands: the accel alone decides the broad phase, so no second copy of it can go stale.

#include <optional>
#include <string>
#include <string_view>

#include "app/core/settings_names.h"
#include "picking/scene/scene_pick.h"

namespace app {

/// The broad phase of picking::pick that an accel runs (`none` for the peers, which pick by
/// themselves).
[[nodiscard]] picking::BroadPhase broad_phase_of(Accel accel);
/// The accel that runs a broad phase of picking::pick.
[[nodiscard]] Accel accel_of(picking::BroadPhase phase);
/// The accel name of a broad phase of picking::pick ("none", "sphere", "aabb", "bvh").
[[nodiscard]] std::string_view broad_phase_name(picking::BroadPhase phase);

class PickChoice {
  public:
    PickChoice() = default;
    /// Picking's settings as they are: the accel is the one their broad phase names.
    PickChoice(const picking::PickSettings& settings)  // NOLINT: implicit on purpose
        : options_(settings), accel_(accel_of(settings.broad_phase)) {}
    PickChoice(const picking::PickSettings& settings, Accel accel)
        : options_(settings), accel_(accel) {}

    [[nodiscard]] Accel accel() const { return accel_; }
    void set_accel(Accel accel) { accel_ = accel; }
    [[nodiscard]] picking::RayTriangleMethod method() const { return options_.method; }

    /// The algorithm and every option but the broad phase, for the panels to edit (the
    /// broad_phase field here is never read: settings() takes it from the accel).
    [[nodiscard]] picking::PickSettings& options() { return options_; }
    [[nodiscard]] const picking::PickSettings& options() const { return options_; }

    /// What picking::pick runs: the options with the broad phase of the accel.
    [[nodiscard]] picking::PickSettings settings() const {
        picking::PickSettings settings = options_;
        settings.broad_phase = broad_phase_of(accel_);
        return settings;
    }

  private:
    picking::PickSettings options_;
    Accel accel_ = Accel::None;
};

/// Sets the algorithm and the accel the command line names (`--algorithm`, `--accel`), keeping
/// the other options of `choice`; an error message for an unknown name.
[[nodiscard]] std::optional<std::string> parse_pick_choice(std::string_view algorithm,
                                                           std::string_view accel,
                                                           PickChoice& choice);

}  // namespace app
