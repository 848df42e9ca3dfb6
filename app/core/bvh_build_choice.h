#pragma once
/// How the app asks for its BVHs to be built: by SAH, from Morton codes, or (auto) a big model's
/// Morton tree at once and its SAH tree behind it. `--bvh-build` and the Acceleration tool's
/// Build method name these choices; picking::BvhBuildMethod is what one build does.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "picking/bvh/bvh.h"

namespace app {

enum class BvhBuildChoice {
    Auto,    ///< Morton first for a big model (then SAH where the app lives on), else SAH
    Sah,     ///< picking::BvhBuildMethod::Sah
    Morton,  ///< picking::BvhBuildMethod::Morton
};

/// From this many triangles a scene's SAH build takes longer than about half a second on two
/// cores (docs/benchmarks.md: 1.4 s for ten million), while its Morton build takes about half
/// that: `auto` builds the Morton tree first.
inline constexpr std::size_t kMortonFirstTriangles = 2'000'000;

/// The method a scene of `triangles` is built by now, for `choice`; `tree_serves` says that a
/// BVH is already built (auto then wants the SAH tree, built behind the one that serves).
[[nodiscard]] picking::BvhBuildMethod bvh_build_for(BvhBuildChoice choice, std::size_t triangles,
                                                    bool tree_serves);

/// The method a command (which builds once) asks for by `--bvh-build NAME`: auto's first tree.
[[nodiscard]] picking::BvhBuildMethod command_bvh_build(std::string_view name,
                                                        std::size_t triangles);

/// "auto", "sah", "morton".
[[nodiscard]] std::optional<BvhBuildChoice> find_bvh_build_choice(std::string_view name);
[[nodiscard]] std::string_view bvh_build_choice_name(BvhBuildChoice choice);
/// "auto | sah | morton".
[[nodiscard]] std::string bvh_build_choice_names_text();
/// What a method is called in JSON and on the command line: "sah", "morton".
[[nodiscard]] std::string_view bvh_build_name(picking::BvhBuildMethod method);
/// And in the viewer: "SAH", "Morton".
[[nodiscard]] std::string_view bvh_build_label(picking::BvhBuildMethod method);

}  // namespace app
