#include "app/core/heatmap.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <optional>
#include <span>

#include "app/core/display_text.h"
#include "app/core/pixel_tiles.h"
#include "picking/core/parallel_for.h"

namespace app {

namespace {

using Clock = std::chrono::steady_clock;

/// 3x5 digits for the legend's numbers (one bit per pixel, rows top to bottom).
constexpr std::array<std::array<std::uint8_t, 5>, 10> kDigits = {{
    {7, 5, 5, 5, 7},
    {2, 6, 2, 2, 7},
    {7, 1, 7, 4, 7},
    {7, 1, 7, 1, 7},
    {5, 5, 7, 1, 1},
    {7, 4, 7, 1, 7},
    {7, 4, 7, 5, 7},
    {7, 1, 1, 1, 1},
    {7, 5, 7, 5, 7},
    {7, 5, 7, 1, 7},
}};

struct Canvas {
    std::vector<std::uint8_t>& rgba;
    glm::ivec2 size;

    void put(int x, int y, glm::u8vec3 c) {
        if (x < 0 || y < 0 || x >= size.x || y >= size.y) return;
        std::uint8_t* p = &rgba[(std::size_t(y) * std::size_t(size.x) + std::size_t(x)) * 4];
        p[0] = c.r;
        p[1] = c.g;
        p[2] = c.b;
        p[3] = 255;
    }
    /// Draws the decimal digits of `value` at (x, y), each 3x5 pixels scaled by `scale`.
    void number(int x, int y, std::uint64_t value, int scale, glm::u8vec3 color) {
        const std::string text = std::to_string(value);
        for (char ch : text) {
            const auto& glyph = kDigits[std::size_t(ch - '0')];
            for (int row = 0; row < 5; ++row)
                for (int col = 0; col < 3; ++col)
                    if (glyph[std::size_t(row)] & (4 >> col))
                        for (int sy = 0; sy < scale; ++sy)
                            for (int sx = 0; sx < scale; ++sx)
                                put(x + col * scale + sx, y + row * scale + sy, color);
            x += 4 * scale;
        }
    }
};

}  // namespace

bool timed_costs(HeatmapMetric metric, Accel accel) {
    // Embree counts no work: its packets are timed as its single rays are.
    return metric == HeatmapMetric::Nanoseconds ||
           (metric == HeatmapMetric::Packets && is_peer(accel));
}

std::string_view heatmap_metric_name(HeatmapMetric metric) {
    switch (metric) {
        case HeatmapMetric::Work:
            return "work";
        case HeatmapMetric::Nanoseconds:
            return "ns";
        case HeatmapMetric::Packets:
            return "packets";
    }
    return "work";
}

std::uint32_t CostImage::scale_max() const {
    std::vector<std::uint32_t> nonzero;
    const std::size_t traced = std::size_t(std::max(rows_done, 0)) * std::size_t(size.x);
    for (std::size_t i = 0; i < std::min(traced, cost.size()); ++i)
        if (cost[i] > 0) nonzero.push_back(cost[i]);
    if (nonzero.empty()) return 1;
    const std::size_t at =
        std::min(nonzero.size() - 1, std::size_t(double(nonzero.size()) * 0.995));
    std::nth_element(nonzero.begin(), nonzero.begin() + std::ptrdiff_t(at), nonzero.end());
    return std::max<std::uint32_t>(1, nonzero[at]);
}

void CostImage::reset(glm::ivec2 image_size, HeatmapMetric image_metric) {
    size = image_size;
    metric = image_metric;
    cost.assign(std::size_t(size.x) * std::size_t(size.y), 0);
    hit.assign(cost.size(), 0);
    rows_done = 0;
    columns_done = 0;
    rays = hits = nodes = triangles = box_tests = sphere_tests = 0;
    seconds = 0.0;
}

namespace {

/// What tracing one pixel gives: its cost and whether it hit, with the ray's counters.
struct PixelTrace {
    std::uint32_t cost = 0;
    bool hit = false;
    picking::PickStats stats;
};

/// Nodes visited + triangles tested: spheres and boxes are the nodes of their broad phases;
/// the BVH's box tests are already in its nodes.
std::uint64_t work_of(const picking::PickStats& stats, Accel accel) {
    const std::uint64_t volumes = stats.sphere_tests + (accel == Accel::Aabb ? stats.box_tests : 0);
    return stats.nodes_visited + stats.triangles_tested + volumes;
}

PixelTrace trace_pixel(const SceneSession::Caster& caster, const PixelRays& rays, int x, int y,
                       bool timed, Accel accel) {
    const picking::Ray ray = rays.ray(x, y);
    PixelTrace pixel;
    const auto ray_start = timed ? Clock::now() : Clock::time_point();
    pixel.hit = caster.intersect(ray, pixel.stats).has_value();
    if (timed) {
        pixel.cost = std::uint32_t(
            std::chrono::duration<double, std::nano>(Clock::now() - ray_start).count());
    } else {
        pixel.cost =
            std::uint32_t(std::min<std::uint64_t>(work_of(pixel.stats, accel), 0xFFFFFFFFu));
    }
    return pixel;
}

/// Pixels [x0, x1) x [y0, y1) of `image` in 4x4 tiles, each cast as one packet: every pixel
/// of a tile gets the tile's work (`timed`: its nanoseconds) divided by its rays, rounded up.
/// Adds the hits and counters to `hits` and `stats`.
void trace_tiles(const SceneSession::Caster& caster, const PixelRays& rays, CostImage& image,
                 int x0, int x1, int y0, int y1, bool timed, Accel accel, std::uint64_t& hits,
                 picking::PickStats& stats) {
    std::optional<picking::SceneHit> found[picking::kPacketRays];
    for_each_pixel_tile(
        x0, x1, y0, y1, [&](int x, int y) { return std::optional<picking::Ray>(rays.ray(x, y)); },
        [&](const PixelTile& tile) {
            picking::PickStats tile_stats;
            const auto start = timed ? Clock::now() : Clock::time_point();
            caster.intersect_packet(std::span(tile.ray, std::size_t(tile.count)), found,
                                    tile_stats);
            const std::uint64_t total =
                timed ? std::uint64_t(
                            std::chrono::duration<double, std::nano>(Clock::now() - start).count())
                      : work_of(tile_stats, accel);
            const auto n = std::uint64_t(tile.count);
            const auto cost =
                std::uint32_t(std::min<std::uint64_t>((total + n - 1) / n, 0xFFFFFFFFu));
            for (int i = 0; i < tile.count; ++i) {
                const std::size_t at = std::size_t(tile.pixel[i].y) * std::size_t(image.size.x) +
                                       std::size_t(tile.pixel[i].x);
                image.cost[at] = cost;
                image.hit[at] = found[i].has_value();
                hits += found[i].has_value();
            }
            stats += tile_stats;
        });
}

void add_totals(CostImage& image, std::uint64_t hits, const picking::PickStats& stats) {
    image.hits += hits;
    image.nodes += stats.nodes_visited;
    image.triangles += stats.triangles_tested;
    image.box_tests += stats.box_tests;
    image.sphere_tests += stats.sphere_tests;
}

}  // namespace

void trace_cost_pixels(const SceneSession& session, const Camera& camera, const PickChoice& choice,
                       CostImage& image, int pixels) {
    const PixelRays pixel_rays(camera, image.size);
    const bool packets = image.metric == HeatmapMetric::Packets;
    const bool timed = timed_costs(image.metric, choice.accel());
    const SceneSession::Caster caster = session.caster(choice);
    const auto start = Clock::now();
    std::uint64_t hits = 0;
    picking::PickStats stats;
    if (packets) {
        // Whole tiles of the band of four rows at rows_done, left to right; columns_done
        // counts the band's columns traced.
        for (int n = 0; n < pixels && !image.complete(); n += kTileSide * kTileSide) {
            const int y0 = image.rows_done, y1 = std::min(image.size.y, y0 + kTileSide);
            const int x0 = image.columns_done, x1 = std::min(image.size.x, x0 + kTileSide);
            trace_tiles(caster, pixel_rays, image, x0, x1, y0, y1, timed, choice.accel(), hits,
                        stats);
            image.rays += std::uint64_t(x1 - x0) * std::uint64_t(y1 - y0);
            image.columns_done = x1;
            if (image.columns_done >= image.size.x) {
                image.columns_done = 0;
                image.rows_done = y1;
            }
        }
        image.seconds += std::chrono::duration<double>(Clock::now() - start).count();
        add_totals(image, hits, stats);
        return;
    }
    for (int n = 0; n < pixels && !image.complete(); ++n) {
        const int x = image.columns_done, y = image.rows_done;
        const PixelTrace pixel = trace_pixel(caster, pixel_rays, x, y, timed, choice.accel());
        const std::size_t i = std::size_t(y) * std::size_t(image.size.x) + std::size_t(x);
        image.cost[i] = pixel.cost;
        image.hit[i] = pixel.hit;
        hits += pixel.hit;
        stats += pixel.stats;
        ++image.rays;
        if (++image.columns_done >= image.size.x) {
            image.columns_done = 0;
            ++image.rows_done;
        }
    }
    image.seconds += std::chrono::duration<double>(Clock::now() - start).count();
    add_totals(image, hits, stats);
}

void trace_cost_rows(const SceneSession& session, const Camera& camera, const PickChoice& choice,
                     unsigned threads, CostImage& image, int rows) {
    const bool packets = image.metric == HeatmapMetric::Packets;
    // A row (for packets: a band of four rows) begun pixel by pixel is finished first, then
    // whole rows follow (whole bands: tiles stay on a grid of four from the top left).
    const int row_step = packets ? kTileSide : 1;
    if (image.columns_done > 0 && rows > 0) {
        trace_cost_pixels(session, camera, choice, image,
                          (image.size.x - image.columns_done) * row_step * row_step);
        rows -= row_step;
    }
    if (packets) rows = (std::max(rows, 0) + kTileSide - 1) / kTileSide * kTileSide;
    const glm::ivec2 size = image.size;
    const int first = image.rows_done, last = std::min(size.y, first + std::max(rows, 0));
    if (first >= last) return;
    const PixelRays pixel_rays(camera, size);
    const bool timed = timed_costs(image.metric, choice.accel());
    struct Totals {
        std::uint64_t hits = 0;
        picking::PickStats stats;
    };
    // Threads take rows in turn, or bands of four rows for 4x4 tiles.
    const int jobs = (last - first + row_step - 1) / row_step;
    const unsigned workers =
        unsigned(std::min<int>(int(picking::resolve_thread_count(threads)), jobs));
    std::vector<Totals> totals(workers);
    std::atomic<int> next_job{0};
    const SceneSession::Caster caster = session.caster(choice);
    const auto start = Clock::now();
    picking::parallel_chunks(workers, workers, [&](std::size_t, std::size_t, unsigned worker) {
        // Counted on this thread's stack: the workers' totals side by side in `totals` share a
        // cache line, which every tile's counts would pass back and forth.
        Totals mine;
        for (int job = next_job++; job < jobs; job = next_job++) {
            const int y = first + job * row_step;
            if (packets) {
                trace_tiles(caster, pixel_rays, image, 0, size.x, y, std::min(last, y + row_step),
                            timed, choice.accel(), mine.hits, mine.stats);
                continue;
            }
            for (int x = 0; x < size.x; ++x) {
                const PixelTrace pixel =
                    trace_pixel(caster, pixel_rays, x, y, timed, choice.accel());
                const std::size_t i = std::size_t(y) * std::size_t(size.x) + std::size_t(x);
                image.cost[i] = pixel.cost;
                image.hit[i] = pixel.hit;
                mine.hits += pixel.hit;
                mine.stats += pixel.stats;
            }
        }
        totals[worker] = mine;
    });
    image.seconds += std::chrono::duration<double>(Clock::now() - start).count();
    image.rays += std::uint64_t(last - first) * std::uint64_t(size.x);
    for (const Totals& t : totals)
        add_totals(image, t.hits, t.stats);
    image.rows_done = last;
}

glm::u8vec3 heat_color(float x) {
    // Control points of a dark-to-hot scale with rising lightness: readable in grey too.
    static constexpr std::array<glm::vec3, 7> kStops = {{
        {0.05f, 0.03f, 0.25f},
        {0.10f, 0.25f, 0.70f},
        {0.05f, 0.60f, 0.65f},
        {0.35f, 0.80f, 0.25f},
        {0.95f, 0.85f, 0.15f},
        {0.95f, 0.35f, 0.10f},
        {1.00f, 0.95f, 0.90f},
    }};
    x = std::clamp(x, 0.0f, 1.0f) * float(kStops.size() - 1);
    const auto i = std::min(std::size_t(x), kStops.size() - 2);
    const glm::vec3 c = glm::mix(kStops[i], kStops[i + 1], x - float(i));
    return glm::u8vec3(glm::round(c * 255.0f));
}

std::vector<std::uint8_t> colorize(const CostImage& image, std::uint32_t scale_max, bool legend) {
    const glm::ivec2 size = image.size;
    std::vector<std::uint8_t> rgba(std::size_t(size.x) * std::size_t(size.y) * 4, 0);
    const int rows = std::min(image.rows_done, size.y);
    for (int y = 0; y < rows; ++y)
        for (int x = 0; x < size.x; ++x) {
            const std::size_t i = std::size_t(y) * std::size_t(size.x) + std::size_t(x);
            std::uint8_t* p = &rgba[i * 4];
            if (image.cost[i] == 0 && !image.hit[i]) {
                p[0] = p[1] = p[2] = 12;  // nothing there, nothing spent
            } else {
                const glm::u8vec3 c =
                    heat_color(float(image.cost[i]) / float(std::max(scale_max, 1u)));
                p[0] = c.r;
                p[1] = c.g;
                p[2] = c.b;
            }
            p[3] = 255;
        }
    if (!legend || size.x < 64 || size.y < 48) return rgba;

    // == The legend: a bar across the bottom with its two ends labelled.
    Canvas canvas{rgba, size};
    const int scale = size.x >= 640 ? 2 : 1;
    const int bar_height = 8 * scale, margin = 6 * scale;
    const int bar_left = margin, bar_right = size.x - margin;
    const int bar_top = size.y - margin - bar_height - 7 * scale;
    for (int y = bar_top - 2 * scale; y < size.y; ++y)
        for (int x = 0; x < size.x; ++x)
            canvas.put(x, y, {20, 20, 24});
    for (int x = bar_left; x < bar_right; ++x) {
        const glm::u8vec3 c =
            heat_color(float(x - bar_left) / float(std::max(1, bar_right - bar_left - 1)));
        for (int y = bar_top; y < bar_top + bar_height; ++y)
            canvas.put(x, y, c);
    }
    const glm::u8vec3 ink{235, 235, 235};
    const int text_y = bar_top + bar_height + scale;
    canvas.number(bar_left, text_y, 0, scale, ink);
    const int digits = int(std::to_string(scale_max).size());
    canvas.number(bar_right - digits * 4 * scale, text_y, scale_max, scale, ink);
    return rgba;
}

std::string heatmap_totals_text(const CostImage& image) {
    const double rays = double(std::max<std::uint64_t>(image.rays, 1));
    char line[256];
    std::snprintf(line, sizeof line,
                  "%s rays, %s hits, %.1f nodes + %.1f triangles per ray, %.3f s",
                  thousands(image.rays).c_str(), thousands(image.hits).c_str(),
                  double(image.nodes) / rays, double(image.triangles) / rays, image.seconds);
    return line;
}

}  // namespace app
