#pragma once
/// A rectangle or lasso drawn over the 3D view, made into a selection of triangles: the region
/// in window pixels becomes a SelectionVolume of the camera (picking/select), X-ray keeps every
/// triangle in it, visible-only keeps those the camera sees at some pixel of it. Visibility is
/// decided by casting the ray of every pixel centre in the region through the BVH with the
/// pick's own settings (not the ID buffer): the same answer with or without a window, on any
/// pose, at any size, and equal to what a click on that pixel picks.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>

#include "app/core/camera.h"
#include "app/core/pick_choice.h"
#include "app/core/rect.h"
#include "app/core/scene_session.h"
#include "picking/select/region_select.h"

namespace app {

enum class RegionShape { Rectangle, Lasso };

struct RegionRequest {
    RegionShape shape = RegionShape::Rectangle;
    /// Window pixels (origin top left): the rectangle's two opposite corners, or the lasso's
    /// points in drawing order.
    std::vector<glm::vec2> points;
    picking::RegionRule rule = picking::RegionRule::Touching;
    bool visible_only = false;
    unsigned threads = 0;  ///< for visible-only's rays; 0: every core
};

struct RegionOutcome {
    picking::TriangleSet triangles;
    picking::RegionSelectStats stats;
    std::uint64_t visibility_rays = 0;  ///< pixel rays cast for visible-only
    double seconds = 0.0;
};

/// The polygon of `request` in normalized device coordinates of `view`.
[[nodiscard]] std::vector<glm::dvec2> region_ndc(const RegionRequest& request, const Rect& view);

/// The camera's clip_from_world for `view`'s shape, in double.
[[nodiscard]] glm::dmat4 clip_from_world(const Camera& camera, const Rect& view);

/// What the region selects in the current pose. Returns an error in words when the region has
/// no area (fewer than three distinct points, a rectangle of no width).
[[nodiscard]] std::optional<std::string> select_in_view(const SceneSession& session,
                                                        const PickChoice& choice,
                                                        const Camera& camera, const Rect& view,
                                                        const RegionRequest& request,
                                                        RegionOutcome& out);

/// The world-space area of the selected triangles, in the current pose.
[[nodiscard]] double selected_area(const SceneSession& session, const picking::TriangleSet& set);

/// Every rule, in the order the UI lists them.
inline constexpr std::array kRegionRules = {
    picking::RegionRule::Touching, picking::RegionRule::Centroid, picking::RegionRule::FullyInside};

/// The words of a rule, for the UI and JSON: "touching", "centroid", "fully inside".
[[nodiscard]] const char* rule_name(picking::RegionRule rule);
/// The command line's and the records' word for a rule: "touching", "centroid", "inside".
[[nodiscard]] std::string_view rule_word(picking::RegionRule rule);
/// The rule a command-line word names (touching, centroid, inside).
[[nodiscard]] std::optional<picking::RegionRule> parse_rule(std::string_view word);

}  // namespace app
