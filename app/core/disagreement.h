#pragma once
/// Disagreement as a picture: every pixel of a view cast with two algorithms (or one against
/// `reference`), each pixel given a verdict: both agree (the same triangle, t within k ULPs, or
/// both miss), only A hits, only B hits, they hit different triangles, or the same triangle at
/// t more than k ULPs apart. Cracks and speckles of tests that are not watertight show as an
/// image; the Far from origin offset (SceneSession::set_world_offset) makes them grow.
/// `raypick disagree` writes it as PNG with the counts.

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include <glm/gtc/type_precision.hpp>
#include <glm/vec2.hpp>

#include "app/core/camera.h"
#include "app/core/pick_choice.h"
#include "app/core/scene_session.h"

namespace app {

enum class PixelVerdict : std::uint8_t {
    BothMiss,           ///< neither hits: agreement over the background
    Agree,              ///< the same triangle, t within the ULPs allowed
    OnlyA,              ///< A hits, B misses (a crack in B)
    OnlyB,              ///< B hits, A misses (a crack in A)
    DifferentTriangle,  ///< both hit, not the same triangle (or instance)
    TDiffers,           ///< the same triangle, t further apart than allowed
};
inline constexpr std::size_t kPixelVerdicts = 6;

/// "both_miss", "agree", "only_a", "only_b", "different_triangle", "t_differs".
[[nodiscard]] std::string_view verdict_name(PixelVerdict verdict);
/// The legend's words: "both miss", "agree", "only A hits", ...
[[nodiscard]] std::string_view verdict_label(PixelVerdict verdict);
/// Each verdict's colour in the picture.
[[nodiscard]] glm::u8vec3 verdict_color(PixelVerdict verdict);

/// The verdict of one ray's two answers.
[[nodiscard]] PixelVerdict judge(const std::optional<picking::SceneHit>& a,
                                 const std::optional<picking::SceneHit>& b, int t_ulps);

struct DisagreementImage {
    glm::ivec2 size{0, 0};
    std::vector<PixelVerdict> verdicts;  ///< row by row from the top
    std::array<std::uint64_t, kPixelVerdicts> counts{};
    double seconds = 0.0;

    [[nodiscard]] std::uint64_t count(PixelVerdict v) const { return counts[std::size_t(v)]; }
    [[nodiscard]] std::uint64_t pixels() const { return verdicts.size(); }
};

/// Casts the ray through every pixel centre of a window of `size` pixels seen by `camera`, once
/// with `a` and once with `b`, on `threads` threads (0: every core).
[[nodiscard]] DisagreementImage trace_disagreement(const SceneSession& session,
                                                   const Camera& camera, const PickChoice& a,
                                                   const PickChoice& b, glm::ivec2 size, int t_ulps,
                                                   unsigned threads);

/// RGBA pixels, top row first, in the verdicts' colours; with `legend`, a strip along the
/// bottom with each colour's swatch.
[[nodiscard]] std::vector<std::uint8_t> disagreement_rgba(const DisagreementImage& image,
                                                          bool legend);

}  // namespace app
