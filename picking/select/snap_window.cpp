#include "picking/select/snap_window.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace picking {

namespace {

/// The float sum a x + b y + c z + d with its coefficients rounded from double is within about
/// 5 units of float's rounding (2^-24 each) of the exact one, times the sum of the terms'
/// sizes; this is three times that.
constexpr float kMargin = 1e-6f;
/// What products of tiny numbers may lose entirely.
constexpr float kTiny = 1e-35f;

}  // namespace

SnapWindow::SnapWindow() {
    for (int axis = 0; axis < 3; ++axis) {
        reach_lo_[axis] = -std::numeric_limits<float>::infinity();
        reach_hi_[axis] = std::numeric_limits<float>::infinity();
    }
    for (auto& plane : plane_)
        plane[0] = plane[1] = plane[2] = plane[3] = 0.0f;
}

SnapWindow::SnapWindow(const Aabb& reach, const std::array<glm::dvec4, 6>& planes) {
    for (int axis = 0; axis < 3; ++axis) {
        reach_lo_[axis] = reach.min[axis];
        reach_hi_[axis] = reach.max[axis];
    }
    for (std::size_t p = 0; p < planes.size(); ++p)
        for (int c = 0; c < 4; ++c)
            plane_[p][c] = float(planes[p][c]);
}

std::uint32_t SnapWindow::children_within(const WideNode& node) const {
    constexpr int kWidth = WideNode::kWidth;
    // Row r of node.bounds: lo_x, hi_x, lo_y, hi_y, lo_z, hi_z.
    const auto& b = node.bounds;
    int keep[kWidth];
    for (int i = 0; i < kWidth; ++i)
        keep[i] = (b[0][i] <= reach_hi_[0]) & (b[1][i] >= reach_lo_[0]) &
                  (b[2][i] <= reach_hi_[1]) & (b[3][i] >= reach_lo_[1]) &
                  (b[4][i] <= reach_hi_[2]) & (b[5][i] >= reach_lo_[2]);
    float size_x[kWidth], size_y[kWidth], size_z[kWidth];
    for (int i = 0; i < kWidth; ++i) {
        size_x[i] = std::max(std::abs(b[0][i]), std::abs(b[1][i]));
        size_y[i] = std::max(std::abs(b[2][i]), std::abs(b[3][i]));
        size_z[i] = std::max(std::abs(b[4][i]), std::abs(b[5][i]));
    }
    for (const auto& plane : plane_) {
        const float a = plane[0], bb = plane[1], c = plane[2], d = plane[3];
        // The corner farthest along the plane's normal.
        const float* far_x = b[a > 0.0f ? 1 : 0];
        const float* far_y = b[bb > 0.0f ? 3 : 2];
        const float* far_z = b[c > 0.0f ? 5 : 4];
        const float abs_a = std::abs(a), abs_b = std::abs(bb), abs_c = std::abs(c),
                    abs_d = std::abs(d);
        for (int i = 0; i < kWidth; ++i) {
            const float most = a * far_x[i] + bb * far_y[i] + c * far_z[i] + d;
            const float margin =
                kMargin * (abs_a * size_x[i] + abs_b * size_y[i] + abs_c * size_z[i] + abs_d) +
                kTiny;
            // Overflow or NaN keeps the box: only a certain miss leaves one out.
            keep[i] &= int(!(most < -margin));
        }
    }
    std::uint32_t mask = 0;
    for (int i = 0; i < kWidth; ++i)
        mask |= std::uint32_t(keep[i]) << i;
    return mask;
}

bool SnapWindow::may_meet(const Aabb& box) const {
    WideNode node{};
    for (int i = 0; i < WideNode::kWidth; ++i)
        for (int axis = 0; axis < 3; ++axis) {
            node.bounds[2 * axis][i] = box.min[axis];
            node.bounds[2 * axis + 1][i] = box.max[axis];
        }
    return children_within(node) & 1u;
}

}  // namespace picking
