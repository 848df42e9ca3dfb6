#include "picking/select/selection_volume.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace picking {

namespace {

[[nodiscard]] double cross2(glm::dvec2 a, glm::dvec2 b, glm::dvec2 c) {
    return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

[[nodiscard]] int sign(double x) {
    return (x > 0.0) - (x < 0.0);
}

/// Whether [a, b] and [c, d] share a point (touching and overlapping count).
[[nodiscard]] bool segments_meet(glm::dvec2 a, glm::dvec2 b, glm::dvec2 c, glm::dvec2 d) {
    const int o1 = sign(cross2(a, b, c)), o2 = sign(cross2(a, b, d));
    const int o3 = sign(cross2(c, d, a)), o4 = sign(cross2(c, d, b));
    if (o1 * o2 > 0 || o3 * o4 > 0) return false;
    if (o1 != 0 || o2 != 0 || o3 != 0 || o4 != 0) return true;
    // All four on one line: they meet when their extents overlap on both axes.
    return std::max(std::min(a.x, b.x), std::min(c.x, d.x)) <=
               std::min(std::max(a.x, b.x), std::max(c.x, d.x)) &&
           std::max(std::min(a.y, b.y), std::min(c.y, d.y)) <=
               std::min(std::max(a.y, b.y), std::max(c.y, d.y));
}

/// Whether segment [a, b] meets the box [lo, hi].
[[nodiscard]] bool segment_meets_box(glm::dvec2 a, glm::dvec2 b, glm::dvec2 lo, glm::dvec2 hi) {
    const auto inside = [&](glm::dvec2 p) {
        return p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y;
    };
    if (inside(a) || inside(b)) return true;
    if (std::max(a.x, b.x) < lo.x || std::min(a.x, b.x) > hi.x || std::max(a.y, b.y) < lo.y ||
        std::min(a.y, b.y) > hi.y)
        return false;
    const glm::dvec2 c0 = lo, c1{hi.x, lo.y}, c2 = hi, c3{lo.x, hi.y};
    return segments_meet(a, b, c0, c1) || segments_meet(a, b, c1, c2) ||
           segments_meet(a, b, c2, c3) || segments_meet(a, b, c3, c0);
}

[[nodiscard]] double plane_distance(const glm::dvec4& plane, const glm::dvec4& p) {
    return plane.x * p.x + plane.y * p.y + plane.z * p.z + plane.w * p.w;
}

/// At most 3 corners + one per plane cut.
constexpr int kMaxClipped = 3 + 6;

/// Sutherland–Hodgman: the part of polygon `in` (homogeneous points) on the inside of `plane`.
int clip_polygon(const glm::dvec4* in, int count, const glm::dvec4& plane, glm::dvec4* out) {
    int n = 0;
    for (int i = 0; i < count; ++i) {
        const glm::dvec4& s = in[(i + count - 1) % count];
        const glm::dvec4& e = in[i];
        const double ds = plane_distance(plane, s), de = plane_distance(plane, e);
        if (de >= 0.0) {
            if (ds < 0.0) out[n++] = s + (e - s) * (ds / (ds - de));
            out[n++] = e;
        } else if (ds >= 0.0) {
            out[n++] = s + (e - s) * (ds / (ds - de));
        }
    }
    return n;
}

[[nodiscard]] glm::dvec2 project(const glm::dvec4& clip) {
    return {clip.x / clip.w, clip.y / clip.w};
}

}  // namespace

SelectionVolume::SelectionVolume(const glm::dmat4& clip_from_world, std::vector<glm::dvec2> polygon)
    : clip_from_world_(clip_from_world), polygon_(std::move(polygon)) {
    if (polygon_.size() < 3)
        throw std::invalid_argument("a selection region needs at least three points");
    lo_ = hi_ = polygon_[0];
    for (const glm::dvec2& p : polygon_) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y))
            throw std::invalid_argument("a selection region's point is not a finite number");
        lo_ = glm::min(lo_, p);
        hi_ = glm::max(hi_, p);
    }
    // Four points that are the corners of their bounding rectangle, in either turning order.
    if (polygon_.size() == 4) {
        int corners = 0;
        for (const glm::dvec2& p : polygon_)
            corners += (p.x == lo_.x || p.x == hi_.x) && (p.y == lo_.y || p.y == hi_.y);
        const bool sides_axis_aligned =
            (polygon_[0].x == polygon_[1].x) != (polygon_[0].y == polygon_[1].y);
        is_rectangle_ = corners == 4 && sides_axis_aligned && polygon_[0] != polygon_[2] &&
                        polygon_[1] != polygon_[3];
    }
    clip_planes_ = {glm::dvec4{1.0, 0.0, 0.0, -lo_.x}, glm::dvec4{-1.0, 0.0, 0.0, hi_.x},
                    glm::dvec4{0.0, 1.0, 0.0, -lo_.y}, glm::dvec4{0.0, -1.0, 0.0, hi_.y},
                    glm::dvec4{0.0, 0.0, 1.0, 1.0},    glm::dvec4{0.0, 0.0, -1.0, 1.0}};
    if (is_rectangle_) return;
    const std::size_t n = polygon_.size();
    const std::size_t band_count = std::clamp<std::size_t>(n / 2, 1, 256);
    bands_.resize(band_count);
    band_height_ = std::max((hi_.y - lo_.y) / double(band_count), 1e-300);
    for (std::size_t i = 0; i < n; ++i) {
        const glm::dvec2 a = polygon_[i], b = polygon_[(i + 1) % n];
        const auto first = std::size_t(std::clamp(
            std::floor((std::min(a.y, b.y) - lo_.y) / band_height_), 0.0, double(band_count - 1)));
        const auto last = std::size_t(std::clamp(
            std::floor((std::max(a.y, b.y) - lo_.y) / band_height_), 0.0, double(band_count - 1)));
        for (std::size_t band = first; band <= last; ++band)
            bands_[band].push_back(std::uint32_t(i));
    }
}

SelectionVolume SelectionVolume::rectangle(const glm::dmat4& clip_from_world, glm::dvec2 lo,
                                           glm::dvec2 hi) {
    const glm::dvec2 a = glm::min(lo, hi), b = glm::max(lo, hi);
    return SelectionVolume(clip_from_world, {a, {b.x, a.y}, b, {a.x, b.y}});
}

std::array<glm::dvec4, 6> SelectionVolume::planes_in(const glm::dmat4& clip_from_mesh) const {
    std::array<glm::dvec4, 6> planes{};
    const glm::dmat4 transposed = glm::transpose(clip_from_mesh);
    for (std::size_t i = 0; i < planes.size(); ++i)
        planes[i] = transposed * clip_planes_[i];
    return planes;
}

template <typename Fn>
bool SelectionVolume::any_edge_in_rows(double y0, double y1, Fn&& fn) const {
    if (y1 < lo_.y || y0 > hi_.y) return false;
    const double last_band = double(bands_.size() - 1);
    const auto first =
        std::size_t(std::clamp(std::floor((y0 - lo_.y) / band_height_), 0.0, last_band));
    const auto last =
        std::size_t(std::clamp(std::floor((y1 - lo_.y) / band_height_), 0.0, last_band));
    const std::size_t n = polygon_.size();
    for (std::size_t band = first; band <= last; ++band)
        for (const std::uint32_t i : bands_[band])
            if (fn(polygon_[i], polygon_[(i + 1) % n])) return true;
    return false;
}

bool SelectionVolume::polygon_contains(glm::dvec2 p) const {
    if (!(p.x >= lo_.x && p.x <= hi_.x && p.y >= lo_.y && p.y <= hi_.y)) return false;
    if (is_rectangle_) return true;
    // Even-odd: crossings of the ray to +x, each edge half-open in y so a vertex counts once.
    bool inside = false;
    const double last_band = double(bands_.size() - 1);
    const auto band =
        std::size_t(std::clamp(std::floor((p.y - lo_.y) / band_height_), 0.0, last_band));
    const std::size_t n = polygon_.size();
    for (const std::uint32_t i : bands_[band]) {
        const glm::dvec2 a = polygon_[i], b = polygon_[(i + 1) % n];
        if ((a.y > p.y) != (b.y > p.y)) {
            const double x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y);
            if (p.x < x) inside = !inside;
        }
    }
    return inside;
}

bool SelectionVolume::crosses_boundary(glm::dvec2 a, glm::dvec2 b) const {
    if (is_rectangle_) {
        // The rectangle's sides, as a lasso's edges would be.
        const glm::dvec2 c0 = lo_, c1{hi_.x, lo_.y}, c2 = hi_, c3{lo_.x, hi_.y};
        return segments_meet(a, b, c0, c1) || segments_meet(a, b, c1, c2) ||
               segments_meet(a, b, c2, c3) || segments_meet(a, b, c3, c0);
    }
    return any_edge_in_rows(std::min(a.y, b.y), std::max(a.y, b.y),
                            [&](glm::dvec2 c, glm::dvec2 d) { return segments_meet(a, b, c, d); });
}

bool SelectionVolume::box_meets_boundary(glm::dvec2 lo, glm::dvec2 hi) const {
    return any_edge_in_rows(
        lo.y, hi.y, [&](glm::dvec2 c, glm::dvec2 d) { return segment_meets_box(c, d, lo, hi); });
}

BoxSide SelectionVolume::classify(const Aabb& box, const glm::dmat4& clip_from_mesh,
                                  const std::array<glm::dvec4, 6>& mesh_planes) const {
    const glm::dvec3 lo(box.min), hi(box.max);
    bool inside_frustum = true;
    for (const glm::dvec4& plane : mesh_planes) {
        const double far_x = plane.x > 0.0 ? hi.x : lo.x, near_x = plane.x > 0.0 ? lo.x : hi.x;
        const double far_y = plane.y > 0.0 ? hi.y : lo.y, near_y = plane.y > 0.0 ? lo.y : hi.y;
        const double far_z = plane.z > 0.0 ? hi.z : lo.z, near_z = plane.z > 0.0 ? lo.z : hi.z;
        const double most = plane.x * far_x + plane.y * far_y + plane.z * far_z + plane.w;
        const double least = plane.x * near_x + plane.y * near_y + plane.z * near_z + plane.w;
        // The planes were rounded when they were moved into mesh space: decide only beyond
        // a margin that covers it, and leave the rest to the exact per-triangle test.
        const double margin = 1e-9 * (std::abs(plane.x) * std::max(std::abs(lo.x), std::abs(hi.x)) +
                                      std::abs(plane.y) * std::max(std::abs(lo.y), std::abs(hi.y)) +
                                      std::abs(plane.z) * std::max(std::abs(lo.z), std::abs(hi.z)) +
                                      std::abs(plane.w));
        if (!(most >= -margin)) return BoxSide::Outside;  // NaN boxes too
        if (!(least > margin)) inside_frustum = false;
    }
    if (is_rectangle_) return inside_frustum ? BoxSide::Inside : BoxSide::Straddles;

    // A lasso: the box's projection lies in the bounding rectangle of its projected corners.
    // When that rectangle meets no edge of the lasso, it is all inside or all outside.
    glm::dvec2 plo{std::numeric_limits<double>::infinity()}, phi{-plo.x};
    for (int c = 0; c < 8; ++c) {
        const glm::dvec4 corner{(c & 1) ? hi.x : lo.x, (c & 2) ? hi.y : lo.y, (c & 4) ? hi.z : lo.z,
                                1.0};
        const glm::dvec4 clip = clip_from_mesh * corner;
        if (!(clip.w > 0.0)) return BoxSide::Straddles;  // reaches behind the eye
        const glm::dvec2 p = project(clip);
        plo = glm::min(plo, p);
        phi = glm::max(phi, p);
    }
    // Widen a little: the corners' projection was rounded too.
    const glm::dvec2 pad = 1e-9 * (glm::abs(plo) + glm::abs(phi) + 1.0);
    plo -= pad;
    phi += pad;
    if (box_meets_boundary(plo, phi)) return BoxSide::Straddles;
    if (polygon_contains(0.5 * (plo + phi)))
        return inside_frustum ? BoxSide::Inside : BoxSide::Straddles;
    return BoxSide::Outside;
}

bool SelectionVolume::selects(const std::array<glm::dvec4, 3>& clip, RegionRule rule) const {
    // A corner at no place makes no triangle (the cut below would keep the other two).
    for (const glm::dvec4& corner : clip)
        if (!std::isfinite(corner.x + corner.y + corner.z + corner.w)) return false;
    switch (rule) {
        case RegionRule::Centroid: {
            const glm::dvec4 centre = (clip[0] + clip[1] + clip[2]) / 3.0;
            for (const glm::dvec4& plane : clip_planes_)
                if (!(plane_distance(plane, centre) >= 0.0)) return false;
            return is_rectangle_ || (centre.w > 0.0 && polygon_contains(project(centre)));
        }
        case RegionRule::FullyInside: {
            for (const glm::dvec4& corner : clip)
                for (const glm::dvec4& plane : clip_planes_)
                    if (!(plane_distance(plane, corner) >= 0.0)) return false;
            if (is_rectangle_) return true;
            glm::dvec2 p[3];
            for (int i = 0; i < 3; ++i) {
                if (!(clip[i].w > 0.0)) return false;
                p[i] = project(clip[i]);
                if (!polygon_contains(p[i])) return false;
            }
            // Corners inside and no side meeting the lasso's edges: the whole triangle is inside.
            return !crosses_boundary(p[0], p[1]) && !crosses_boundary(p[1], p[2]) &&
                   !crosses_boundary(p[2], p[0]);
        }
        case RegionRule::Touching:
            break;
    }
    // Touching: the triangle cut to the bounding frustum, then (a lasso) met with the polygon.
    glm::dvec4 a[kMaxClipped], b[kMaxClipped];
    for (int i = 0; i < 3; ++i)
        a[i] = clip[i];
    int count = 3;
    for (const glm::dvec4& plane : clip_planes_) {
        count = clip_polygon(a, count, plane, b);
        if (count == 0) return false;
        std::copy(b, b + count, a);
    }
    if (is_rectangle_) return true;
    glm::dvec2 q[kMaxClipped];
    for (int i = 0; i < count; ++i) {
        if (!(a[i].w > 0.0)) return false;  // only the eye itself; never on a real frustum
        q[i] = project(a[i]);
        if (polygon_contains(q[i])) return true;
    }
    for (int i = 0; i < count; ++i)
        if (crosses_boundary(q[i], q[(i + 1) % count])) return true;
    // The lasso may lie wholly inside the (convex) cut triangle: test one of its points.
    double area = 0.0;
    for (int i = 0; i < count; ++i)
        area += cross2(q[0], q[i], q[(i + 1) % count]);
    if (area == 0.0) return false;
    const glm::dvec2 p = polygon_[0];
    for (int i = 0; i < count; ++i)
        if (sign(cross2(q[i], q[(i + 1) % count], p)) * sign(area) < 0) return false;
    return true;
}

}  // namespace picking
