#include "app/core/disagreement.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <optional>
#include <span>

#include "app/core/pixel_tiles.h"
#include "picking/core/parallel_for.h"
#include "picking/studies/algorithm_compare.h"

namespace app {

namespace {

using Clock = std::chrono::steady_clock;

struct VerdictInfo {
    std::string_view name, label;
    glm::u8vec3 color;
};

constexpr std::array<VerdictInfo, kPixelVerdicts> kVerdicts = {{
    {"both_miss", "both miss", {22, 22, 28}},
    {"agree", "agree", {112, 112, 112}},
    {"only_a", "only A hits", {235, 85, 40}},
    {"only_b", "only B hits", {45, 125, 245}},
    {"different_triangle", "different triangle", {245, 210, 40}},
    {"t_differs", "t differs", {225, 60, 225}},
}};

}  // namespace

std::string_view verdict_name(PixelVerdict verdict) {
    return kVerdicts[std::size_t(verdict)].name;
}
std::string_view verdict_label(PixelVerdict verdict) {
    return kVerdicts[std::size_t(verdict)].label;
}
glm::u8vec3 verdict_color(PixelVerdict verdict) {
    return kVerdicts[std::size_t(verdict)].color;
}

PixelVerdict judge(const std::optional<picking::SceneHit>& a,
                   const std::optional<picking::SceneHit>& b, int t_ulps) {
    if (!a && !b) return PixelVerdict::BothMiss;
    if (!b) return PixelVerdict::OnlyA;
    if (!a) return PixelVerdict::OnlyB;
    if (a->instance != b->instance || a->triangle != b->triangle)
        return PixelVerdict::DifferentTriangle;
    return picking::ulp_distance(a->hit.t, b->hit.t) > std::int64_t(t_ulps) ? PixelVerdict::TDiffers
                                                                            : PixelVerdict::Agree;
}

void DisagreementImage::reset(glm::ivec2 new_size) {
    size = glm::max(new_size, glm::ivec2(0));
    verdicts.assign(std::size_t(size.x) * std::size_t(size.y), PixelVerdict::BothMiss);
    rows_done = 0;
    columns_done = 0;
    counts = {};
    seconds = 0.0;
}

namespace {

/// Judges the pixels of `image`: one at a time, or a tile's at once (a packet per caster).
struct PixelJudge {
    const PixelRays pixel_rays;  ///< through the image's pixels
    const SceneSession::Caster cast_a, cast_b;
    int t_ulps;

    [[nodiscard]] picking::Ray ray(const DisagreementImage&, int x, int y) const {
        return pixel_rays.ray(x, y);
    }
    PixelVerdict operator()(const DisagreementImage& image, int x, int y,
                            picking::PickStats& stats) const {
        const picking::Ray r = ray(image, x, y);
        return judge(cast_a.intersect(r, stats), cast_b.intersect(r, stats), t_ulps);
    }
    /// Rows [y0, y1) in 4x4 tiles: each tile's rays through both casters as packets.
    void rows(DisagreementImage& image, int y0, int y1, picking::PickStats& stats) const;
};

PixelVerdict& verdict_at(DisagreementImage& image, int x, int y) {
    return image.verdicts[std::size_t(y) * std::size_t(image.size.x) + std::size_t(x)];
}

void PixelJudge::rows(DisagreementImage& image, int y0, int y1, picking::PickStats& stats) const {
    std::optional<picking::SceneHit> hits_a[picking::kPacketRays], hits_b[picking::kPacketRays];
    for_each_pixel_tile(
        0, image.size.x, y0, y1,
        [&](int x, int y) { return std::optional<picking::Ray>(ray(image, x, y)); },
        [&](const PixelTile& tile) {
            const std::span<const picking::Ray> rays(tile.ray, std::size_t(tile.count));
            cast_a.intersect_packet(rays, hits_a, stats);
            cast_b.intersect_packet(rays, hits_b, stats);
            for (int i = 0; i < tile.count; ++i)
                verdict_at(image, tile.pixel[i].x, tile.pixel[i].y) =
                    judge(hits_a[i], hits_b[i], t_ulps);
        });
}

}  // namespace

void trace_disagreement_pixels(const SceneSession& session, const Camera& camera,
                               const PickChoice& a, const PickChoice& b, int t_ulps,
                               DisagreementImage& image, int pixels) {
    if (image.size.x <= 0) return;
    const PixelJudge judge_pixel{PixelRays(camera, image.size), session.caster(a),
                                 session.caster(b), t_ulps};
    const auto start = Clock::now();
    picking::PickStats stats;
    for (int i = 0; i < pixels && !image.complete(); ++i) {
        const PixelVerdict v = judge_pixel(image, image.columns_done, image.rows_done, stats);
        verdict_at(image, image.columns_done, image.rows_done) = v;
        ++image.counts[std::size_t(v)];
        if (++image.columns_done == image.size.x) {
            image.columns_done = 0;
            ++image.rows_done;
        }
    }
    image.seconds += std::chrono::duration<double>(Clock::now() - start).count();
}

void trace_disagreement_rows(const SceneSession& session, const Camera& camera, const PickChoice& a,
                             const PickChoice& b, int t_ulps, unsigned threads,
                             DisagreementImage& image, int rows) {
    if (image.columns_done > 0 && rows > 0) {  // the row begun pixel by pixel
        trace_disagreement_pixels(session, camera, a, b, t_ulps, image,
                                  image.size.x - image.columns_done);
        --rows;
    }
    const int first = image.rows_done, end = std::min(image.size.y, first + std::max(rows, 0));
    if (first >= end || image.size.x <= 0) return;
    const PixelJudge judge_pixel{PixelRays(camera, image.size), session.caster(a),
                                 session.caster(b), t_ulps};
    // Threads take bands of four rows, cast in 4x4 tiles.
    const int bands = (end - first + kTileSide - 1) / kTileSide;
    const unsigned workers =
        unsigned(std::min<int>(int(picking::resolve_thread_count(threads)), bands));
    std::atomic<int> next_band{0};
    const auto start = Clock::now();
    picking::parallel_chunks(workers, workers, [&](std::size_t, std::size_t, unsigned) {
        picking::PickStats stats;
        for (int band = next_band++; band < bands; band = next_band++) {
            const int y0 = first + band * kTileSide;
            judge_pixel.rows(image, y0, std::min(end, y0 + kTileSide), stats);
        }
    });
    image.seconds += std::chrono::duration<double>(Clock::now() - start).count();
    const auto row_begin = image.verdicts.begin() + std::ptrdiff_t(first) * image.size.x;
    const auto row_end = image.verdicts.begin() + std::ptrdiff_t(end) * image.size.x;
    for (auto v = row_begin; v != row_end; ++v)
        ++image.counts[std::size_t(*v)];
    image.rows_done = end;
}

DisagreementImage trace_disagreement(const SceneSession& session, const Camera& camera,
                                     const PickChoice& a, const PickChoice& b, glm::ivec2 size,
                                     int t_ulps, unsigned threads) {
    DisagreementImage image;
    image.reset(size);
    trace_disagreement_rows(session, camera, a, b, t_ulps, threads, image, image.size.y);
    return image;
}

std::vector<std::uint8_t> disagreement_rgba(const DisagreementImage& image, bool legend) {
    std::vector<std::uint8_t> rgba(image.verdicts.size() * 4);
    for (std::size_t i = 0; i < image.verdicts.size(); ++i) {
        const glm::u8vec3 c = verdict_color(image.verdicts[i]);
        rgba[i * 4 + 0] = c.r;
        rgba[i * 4 + 1] = c.g;
        rgba[i * 4 + 2] = c.b;
        rgba[i * 4 + 3] =
            i / std::size_t(std::max(image.size.x, 1)) < std::size_t(image.rows_done) ? 255 : 0;
    }
    // The legend: one swatch per verdict, in the order of PixelVerdict, along the bottom left.
    const int w = image.size.x, h = image.size.y;
    const int swatch = std::max(4, std::min(w / (3 * int(kPixelVerdicts)), h / 12));
    if (!legend || h < 2 * swatch || w < int(kPixelVerdicts) * 2 * swatch) return rgba;
    for (std::size_t v = 0; v < kPixelVerdicts; ++v) {
        const glm::u8vec3 c = verdict_color(PixelVerdict(v));
        const int x0 = swatch / 2 + int(v) * 2 * swatch, y0 = h - swatch - swatch / 2;
        for (int y = y0 - 1; y < y0 + swatch + 1; ++y)
            for (int x = x0 - 1; x < x0 + swatch + 1; ++x) {
                const bool border = y < y0 || y >= y0 + swatch || x < x0 || x >= x0 + swatch;
                const std::size_t i = (std::size_t(y) * std::size_t(w) + std::size_t(x)) * 4;
                rgba[i + 0] = border ? 255 : c.r;
                rgba[i + 1] = border ? 255 : c.g;
                rgba[i + 2] = border ? 255 : c.b;
            }
    }
    return rgba;
}

}  // namespace app
