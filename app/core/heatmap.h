#pragma once
/// The per-pixel cost heatmap: every pixel's ray cast on the CPU with the current settings,
/// coloured by what it cost (BVH nodes visited + triangles tested; or nanoseconds, for Embree,
/// which does not count), with a legend. The viewer shows it over the scene; `raypick heatmap`
/// writes the same picture as PNG.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <glm/gtc/type_precision.hpp>
#include <glm/vec2.hpp>

#include "app/core/camera.h"
#include "app/core/pick_choice.h"
#include "app/core/scene_session.h"

namespace app {

enum class HeatmapMetric {
    Work,         ///< nodes visited + triangles tested (sphere and box tests count as nodes)
    Nanoseconds,  ///< the time each ray took (noisy; the only measure Embree allows)
    /// Each 4x4 tile cast as one packet (SceneSession::Caster::intersect_packet): the tile's
    /// work (Embree: its time in nanoseconds) shared out over its rays. Where neighbours
    /// part ways (silhouettes, thin parts) a packet walks more of the tree for each ray.
    Packets,
};

/// Whether `metric`'s costs are nanoseconds when `accel` casts the rays: the ns metric, and
/// packets cast by a peer (Embree counts no work).
[[nodiscard]] bool timed_costs(HeatmapMetric metric, Accel accel);
/// "work", "ns" or "packets": the metric's name on the command line and in the report.
[[nodiscard]] std::string_view heatmap_metric_name(HeatmapMetric metric);

/// What every pixel cost, row by row from the top.
struct CostImage {
    glm::ivec2 size{0, 0};
    HeatmapMetric metric = HeatmapMetric::Work;
    std::vector<std::uint32_t> cost;  ///< per pixel
    std::vector<std::uint8_t> hit;    ///< 1 where the ray hit something
    int rows_done = 0;                ///< rows traced so far, from the top
    int columns_done = 0;             ///< pixels traced of row rows_done (trace_cost_pixels)

    // Totals over the traced rows.
    std::uint64_t rays = 0, hits = 0, nodes = 0, triangles = 0, box_tests = 0, sphere_tests = 0;
    double seconds = 0.0;  ///< tracing time so far (wall clock, all threads together)

    /// An untraced image of `size` pixels.
    void reset(glm::ivec2 image_size, HeatmapMetric image_metric);
    [[nodiscard]] bool complete() const { return rows_done >= size.y; }
    /// The cost that the top of the colour scale stands for: the 99.5th percentile of the
    /// pixels that cost anything (a few outliers do not wash the picture out).
    [[nodiscard]] std::uint32_t scale_max() const;
};

/// Casts one ray through every pixel centre of the next `rows` untraced rows of `image`, as
/// seen by `camera` in a window of image.size pixels, `threads` threads taking rows in turn
/// (0: every core; for HeatmapMetric::Packets, bands of four rows in 4x4 tiles). The viewer
/// traces a few rows per frame; the command line all at once. A row begun by
/// trace_cost_pixels is finished first.
void trace_cost_rows(const SceneSession& session, const Camera& camera, const PickChoice& choice,
                     unsigned threads, CostImage& image, int rows);

/// Casts the rays of the next `pixels` untraced pixels, left to right and on to the next rows,
/// on this thread: the viewer's steps when a single row costs more than a frame (a million
/// triangles without a broad phase). For HeatmapMetric::Packets each pixel is a packet of
/// its own ray.
void trace_cost_pixels(const SceneSession& session, const Camera& camera, const PickChoice& choice,
                       CostImage& image, int pixels);

/// RGBA pixels, top row first: the colour scale over cost / scale_max for pixels whose ray hit
/// something or did any work, near-black for those that cost nothing; rows not traced yet are
/// transparent. With `legend`, a colour bar along the bottom with 0 and scale_max written on it.
[[nodiscard]] std::vector<std::uint8_t> colorize(const CostImage& image, std::uint32_t scale_max,
                                                 bool legend);

/// The colour scale itself (dark blue, through green and yellow, to white-hot red) at x in [0, 1].
[[nodiscard]] glm::u8vec3 heat_color(float x);

/// "1,234,567 rays, 812,345 hits, 41.2 nodes + 5.3 triangles per ray, 0.35 s".
[[nodiscard]] std::string heatmap_totals_text(const CostImage& image);

}  // namespace app
