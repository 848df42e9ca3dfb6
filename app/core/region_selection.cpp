#include "app/core/region_selection.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <optional>
#include <span>
#include <stdexcept>

#include <glm/geometric.hpp>

#include "app/core/pixel_tiles.h"
#include "picking/core/parallel_for.h"

namespace app {

namespace {

using Clock = std::chrono::steady_clock;

glm::dvec2 ndc_of(glm::vec2 window, const Rect& view) {
    return {2.0 * (double(window.x) - double(view.min.x)) / double(view.width()) - 1.0,
            1.0 - 2.0 * (double(window.y) - double(view.min.y)) / double(view.height())};
}

/// The (instance, triangle) that each pixel centre of the region shows, as a set.
picking::TriangleSet visible_in(const SceneSession& session, const PickChoice& choice,
                                const Camera& camera, const Rect& view,
                                const picking::SelectionVolume& volume,
                                const std::vector<glm::vec2>& points, unsigned threads,
                                std::uint64_t& rays) {
    const picking::SceneView& scene = session.view();
    const std::vector<std::size_t> counts = picking::instance_triangle_counts(scene);
    // The pixels whose centres may fall inside: the region's bounding box within the view.
    glm::vec2 lo = points[0], hi = points[0];
    for (const glm::vec2 p : points) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    lo = glm::max(lo, view.min);
    hi = glm::min(hi, view.max);
    const int x0 = int(std::floor(lo.x)), x1 = int(std::ceil(hi.x));
    const int y0 = int(std::floor(lo.y)), y1 = int(std::ceil(hi.y));
    if (x0 >= x1 || y0 >= y1) return picking::TriangleSet(counts);

    // Threads take bands of four rows, whose pixels inside the region are cast in 4x4 tiles.
    const int bands = (y1 - y0 + kTileSide - 1) / kTileSide;
    const unsigned workers =
        unsigned(std::min<int>(int(picking::resolve_thread_count(threads)), bands));
    // Each worker's set is made on its own thread (in its own allocator's arena) and moved here
    // at the end: sets made side by side here shared a cache line that both workers' hits wrote.
    std::vector<picking::TriangleSet> seen(workers,
                                           picking::TriangleSet(std::span<const std::size_t>{}));
    std::vector<std::uint64_t> cast(workers, 0);
    std::atomic<int> next_band{0};
    const SceneSession::Caster caster = session.caster(choice);
    const picking::ShapeTestSettings shape_tests = choice.settings().shapes;
    // ray_from_cursor(camera, centre, view) for each pixel, its matrix made once; and where the
    // view lies on whole pixels, each column's and row's part too: the pixel centres are then
    // those of the view's own pixels, and the rays the same bits.
    const CursorRays view_rays(camera, view.size());
    const bool whole_pixels = view.min == glm::floor(view.min) && view.max == glm::floor(view.max);
    std::optional<PixelRays> pixel_rays;
    if (whole_pixels) pixel_rays.emplace(camera, glm::ivec2(view.size()));
    const glm::ivec2 view_origin(view.min);
    auto ray_at = [&](int x, int y) -> std::optional<picking::Ray> {
        const glm::vec2 centre{float(x) + 0.5f, float(y) + 0.5f};
        if (!view.contains(centre) || !volume.polygon_contains(ndc_of(centre, view)))
            return std::nullopt;
        if (pixel_rays) return pixel_rays->ray(x - view_origin.x, y - view_origin.y);
        return view_rays.ray(centre - view.min);
    };
    picking::parallel_chunks(workers, workers, [&](std::size_t, std::size_t, unsigned worker) {
        picking::PickStats stats;
        picking::TriangleSet mine(counts);
        // Counted here, not in `cast`, whose workers' entries share a cache line.
        std::uint64_t rays_cast = 0;
        std::optional<picking::SceneHit> hits[picking::kPacketRays];
        for (int band = next_band++; band < bands; band = next_band++) {
            const int top = y0 + band * kTileSide;
            for_each_pixel_tile(
                x0, x1, top, std::min(y1, top + kTileSide), ray_at, [&](const PixelTile& tile) {
                    rays_cast += std::uint64_t(tile.count);
                    const std::span<const picking::Ray> tile_rays(tile.ray,
                                                                  std::size_t(tile.count));
                    caster.intersect_packet(tile_rays, hits, stats);
                    for (int i = 0; i < tile.count; ++i) {
                        const auto& hit = hits[i];
                        if (!hit) continue;
                        // An analytic shape in front hides the triangle, as it does for a click.
                        if (!scene.shapes.empty()) {
                            const auto shape =
                                picking::pick_shapes(scene, tile_rays[std::size_t(i)], shape_tests);
                            if (shape && shape->t < hit->hit.t) continue;
                        }
                        mine.insert(hit->instance, hit->triangle);
                    }
                });
        }
        cast[worker] = rays_cast;
        seen[worker] = std::move(mine);
    });
    for (unsigned w = 1; w < workers; ++w)
        seen[0].combine(seen[w], picking::SelectionOp::Add);
    for (const std::uint64_t n : cast)
        rays += n;
    return std::move(seen[0]);
}

}  // namespace

std::vector<glm::dvec2> region_ndc(const RegionRequest& request, const Rect& view) {
    std::vector<glm::dvec2> polygon;
    if (request.shape == RegionShape::Rectangle) {
        if (request.points.size() != 2) return polygon;
        const glm::vec2 a = request.points[0], b = request.points[1];
        for (const glm::vec2 corner : {a, glm::vec2(b.x, a.y), b, glm::vec2(a.x, b.y)})
            polygon.push_back(ndc_of(corner, view));
        return polygon;
    }
    for (const glm::vec2 p : request.points)
        polygon.push_back(ndc_of(p, view));
    return polygon;
}

glm::dmat4 clip_from_world(const Camera& camera, const Rect& view) {
    const float aspect = view.width() / std::max(view.height(), 1.0f);
    return glm::dmat4(camera.projection_matrix(aspect)) * glm::dmat4(camera.view());
}

std::optional<std::string> select_in_view(const SceneSession& session, const PickChoice& choice,
                                          const Camera& camera, const Rect& view,
                                          const RegionRequest& request, RegionOutcome& out) {
    if (view.empty()) return "the 3D view has no area";
    if (request.shape == RegionShape::Rectangle) {
        if (request.points.size() != 2) return "a rectangle needs two corners";
        const glm::vec2 d = glm::abs(request.points[1] - request.points[0]);
        if (!(d.x > 0.0f && d.y > 0.0f)) return "the rectangle has no area";
    } else {
        std::vector<glm::vec2> distinct;
        for (const glm::vec2 p : request.points)
            if (distinct.empty() || p != distinct.back()) distinct.push_back(p);
        if (distinct.size() < 3) return "a lasso needs at least three distinct points";
    }
    for (const glm::vec2 p : request.points)
        if (!std::isfinite(p.x) || !std::isfinite(p.y))
            return "a point of the region is not a number";

    const auto start = Clock::now();
    const picking::SelectionVolume volume(clip_from_world(camera, view), region_ndc(request, view));
    const picking::SceneAccel& accel = session.accels().broad_phases();
    out = RegionOutcome{};
    out.triangles =
        picking::select_region(session.view(), &accel, volume, request.rule, &out.stats);
    if (request.visible_only) {
        const picking::TriangleSet seen =
            visible_in(session, choice, camera, view, volume, request.points, request.threads,
                       out.visibility_rays);
        out.triangles.combine(seen, picking::SelectionOp::Intersect);
    }
    out.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return std::nullopt;
}

double selected_area(const SceneSession& session, const picking::TriangleSet& set) {
    double area = 0.0;
    set.for_each([&](std::uint32_t instance, std::uint32_t triangle) {
        const picking::Triangle t = session.world_triangle(instance, triangle);
        const glm::dvec3 p0(t.p0), p1(t.p1), p2(t.p2);
        area += 0.5 * glm::length(glm::cross(p1 - p0, p2 - p0));
    });
    return area;
}

const char* rule_name(picking::RegionRule rule) {
    switch (rule) {
        case picking::RegionRule::Touching:
            return "touching";
        case picking::RegionRule::Centroid:
            return "centroid";
        case picking::RegionRule::FullyInside:
            return "fully inside";
    }
    return "touching";
}

std::string_view rule_word(picking::RegionRule rule) {
    return rule == picking::RegionRule::FullyInside ? "inside" : rule_name(rule);
}

std::optional<picking::RegionRule> parse_rule(std::string_view word) {
    if (word == "touching") return picking::RegionRule::Touching;
    if (word == "centroid") return picking::RegionRule::Centroid;
    if (word == "inside" || word == "fully-inside") return picking::RegionRule::FullyInside;
    return std::nullopt;
}

}  // namespace app
