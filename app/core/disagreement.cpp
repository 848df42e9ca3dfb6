#include "app/core/disagreement.h"

#include <algorithm>
#include <atomic>
#include <chrono>

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

DisagreementImage trace_disagreement(const SceneSession& session, const Camera& camera,
                                     const PickChoice& a, const PickChoice& b, glm::ivec2 size,
                                     int t_ulps, unsigned threads) {
    DisagreementImage image;
    image.size = glm::max(size, glm::ivec2(0));
    image.verdicts.assign(std::size_t(image.size.x) * std::size_t(image.size.y),
                          PixelVerdict::BothMiss);
    if (image.verdicts.empty()) return image;
    const glm::vec2 window(image.size);
    const SceneSession::Caster cast_a = session.caster(a), cast_b = session.caster(b);
    const unsigned workers =
        unsigned(std::min<int>(int(picking::resolve_thread_count(threads)), image.size.y));
    std::atomic<int> next_row{0};
    const auto start = Clock::now();
    picking::parallel_chunks(workers, workers, [&](std::size_t, std::size_t, unsigned) {
        picking::PickStats stats;
        for (int y = next_row++; y < image.size.y; y = next_row++)
            for (int x = 0; x < image.size.x; ++x) {
                const picking::Ray ray =
                    ray_from_cursor(camera, glm::vec2(float(x) + 0.5f, float(y) + 0.5f), window);
                const auto hit_a = cast_a.intersect(ray, stats);
                const auto hit_b = cast_b.intersect(ray, stats);
                image.verdicts[std::size_t(y) * std::size_t(image.size.x) + std::size_t(x)] =
                    judge(hit_a, hit_b, t_ulps);
            }
    });
    image.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    for (const PixelVerdict v : image.verdicts)
        ++image.counts[std::size_t(v)];
    return image;
}

std::vector<std::uint8_t> disagreement_rgba(const DisagreementImage& image, bool legend) {
    std::vector<std::uint8_t> rgba(image.verdicts.size() * 4);
    for (std::size_t i = 0; i < image.verdicts.size(); ++i) {
        const glm::u8vec3 c = verdict_color(image.verdicts[i]);
        rgba[i * 4 + 0] = c.r;
        rgba[i * 4 + 1] = c.g;
        rgba[i * 4 + 2] = c.b;
        rgba[i * 4 + 3] = 255;
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
