#pragma once
/// Disagreement as a picture: every pixel of a view cast with two algorithms (or one against
/// `reference`), each pixel given a verdict: both agree (the same triangle, t within k ULPs, or
/// both miss), only A hits, only B hits, they hit different triangles, or the same triangle at
/// t more than k ULPs apart. Cracks and speckles of tests that are not watertight show as an
/// image; the Far from origin offset (SceneSession::set_world_offset) makes them grow.
/// `raypick disagree` writes it as PNG with the counts.

#include <algorithm>
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

/// The picture, traced row by row from the top (the viewer adds a few rows per frame).
struct DisagreementImage {
    glm::ivec2 size{0, 0};
    std::vector<PixelVerdict> verdicts;  ///< row by row from the top
    int rows_done = 0;                   ///< whole rows traced
    int columns_done = 0;  ///< pixels traced of row rows_done (trace_disagreement_pixels)
    std::array<std::uint64_t, kPixelVerdicts> counts{};
    double seconds = 0.0;  ///< tracing time so far (wall clock)

    /// An untraced picture of `size` pixels.
    void reset(glm::ivec2 size);
    [[nodiscard]] bool complete() const { return rows_done >= size.y; }
    [[nodiscard]] std::uint64_t count(PixelVerdict v) const { return counts[std::size_t(v)]; }
    /// The pixels traced so far (the counts are over these).
    [[nodiscard]] std::uint64_t pixels() const {
        return std::uint64_t(rows_done) * std::uint64_t(std::max(size.x, 0)) +
               std::uint64_t(columns_done);
    }
};

/// Casts the rays of the next `rows` untraced rows (through each pixel centre of a window of
/// image.size pixels seen by `camera`), once with `a` and once with `b`, on `threads` threads
/// (0: every core), and adds their verdicts to the counts. A row begun by
/// trace_disagreement_pixels is finished first.
void trace_disagreement_rows(const SceneSession& session, const Camera& camera, const PickChoice& a,
                             const PickChoice& b, int t_ulps, unsigned threads,
                             DisagreementImage& image, int rows);

/// The next `pixels` untraced pixels, left to right and on to the next rows, on this thread:
/// the viewer's steps when a single row costs more than a frame (a million triangles without a
/// broad phase).
void trace_disagreement_pixels(const SceneSession& session, const Camera& camera,
                               const PickChoice& a, const PickChoice& b, int t_ulps,
                               DisagreementImage& image, int pixels);

/// The whole picture of a window of `size` pixels at once.
[[nodiscard]] DisagreementImage trace_disagreement(const SceneSession& session,
                                                   const Camera& camera, const PickChoice& a,
                                                   const PickChoice& b, glm::ivec2 size, int t_ulps,
                                                   unsigned threads);

/// RGBA pixels, top row first, in the verdicts' colours (pixels not traced yet are transparent);
/// with `legend`, a strip along the bottom with each colour's swatch.
[[nodiscard]] std::vector<std::uint8_t> disagreement_rgba(const DisagreementImage& image,
                                                          bool legend);

}  // namespace app
