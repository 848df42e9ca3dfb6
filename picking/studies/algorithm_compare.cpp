#include "picking/studies/algorithm_compare.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <limits>

namespace picking {

std::int64_t ulp_distance(float a, float b) {
    if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<std::int64_t>::max();
    // Map the floats onto integers that count representable values in order.
    auto ordered = [](float x) {
        const auto bits = std::bit_cast<std::int32_t>(x);
        return bits < 0 ? std::int64_t(std::numeric_limits<std::int32_t>::min()) - bits
                        : std::int64_t(bits);
    };
    return std::abs(ordered(a) - ordered(b));
}

std::vector<CompareRow> compare_algorithms(const SceneView& scene, const Ray& ray,
                                           const PickSettings& base, int repeats,
                                           const SceneAccel* accel) {
    SceneView triangles = scene;
    triangles.shapes.clear();
    std::vector<CompareRow> rows;
    for (const RayTriangleAlgorithm& algorithm : kRayTriangleAlgorithms) {
        PickSettings settings = base;
        settings.method = algorithm.method;
        settings.broad_phase = BroadPhase::None;  // the same triangles for every algorithm
        settings.record_visited = false;
        CompareRow row;
        row.method = algorithm.method;
        std::vector<double> times;
        for (int r = 0; r < std::max(repeats, 1); ++r) {
            row.result = pick(triangles, ray, settings, accel);
            times.push_back(row.result.stats.microseconds * 1000.0);
        }
        std::nth_element(times.begin(), times.begin() + std::ptrdiff_t(times.size() / 2),
                         times.end());
        row.nanoseconds = times[times.size() / 2];
        rows.push_back(std::move(row));
    }

    const auto reference = std::find_if(rows.begin(), rows.end(), [](const CompareRow& r) {
        return r.method == RayTriangleMethod::Reference;
    });
    for (CompareRow& row : rows) {
        const auto& mine = row.result.hit;
        const auto& truth = reference->result.hit;
        const bool same_triangle =
            mine && truth && mine->instance == truth->instance && mine->triangle == truth->triangle;
        row.agrees = (!mine && !truth) || same_triangle;
        if (same_triangle) {
            row.t_ulps = ulp_distance(mine->t, truth->t);
            row.u_ulps = ulp_distance(mine->u, truth->u);
            row.v_ulps = ulp_distance(mine->v, truth->v);
        }
    }
    return rows;
}

}  // namespace picking
