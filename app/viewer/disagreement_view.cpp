#include "app/viewer/disagreement_view.h"

#include <algorithm>
#include <chrono>

#include "app/core/setup_fields.h"

namespace app {

DisagreementPair disagreement_pair(const PickChoice& pick, picking::RayTriangleMethod a,
                                   picking::RayTriangleMethod b) {
    DisagreementPair pair{pick, pick};
    pair.a.options().method = a;
    pair.b.options().method = b;
    pair.a.set_accel(Accel::Bvh);
    pair.b.set_accel(Accel::Bvh);
    return pair;
}

bool DisagreementView::trace(const SceneSession& session, const Camera& camera, glm::ivec2 window,
                             const DisagreementPair& pair, int t_ulps, double budget_ms,
                             DisagreementImage& image) {
    Key key;
    key.view = camera.view();
    key.projection = camera.projection_matrix(float(window.x) / float(std::max(window.y, 1)));
    key.size = window;
    key.a = pick_settings_json(pair.a);
    key.b = pick_settings_json(pair.b);
    key.accels_ready = session.accels().ready(pair.a.accel());
    key.pose = session.pose_version();
    key.offset = session.world_offset();
    key.t_ulps = t_ulps;
    bool changed = false;
    if (!key_ || !(*key_ == key)) {
        key_ = key;
        image.reset(window);
        pixels_per_call_ = 64;
        changed = true;
    }
    // Batches sized to the budget, the first a small one that measures what a ray costs: whole
    // rows on every core while a row is cheap, a few pixels at a time when one row alone would
    // take longer than a frame (a million triangles without a broad phase).
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    const int width = std::max(image.size.x, 1);
    while (!image.complete()) {
        const auto before = Clock::now();
        if (image.columns_done == 0 && pixels_per_call_ >= width)
            trace_disagreement_rows(session, camera, pair.a, pair.b, t_ulps, 0, image,
                                    pixels_per_call_ / width);
        else
            trace_disagreement_pixels(session, camera, pair.a, pair.b, t_ulps, image,
                                      std::min(pixels_per_call_, width - image.columns_done));
        changed = true;
        const double batch_ms =
            std::chrono::duration<double, std::milli>(Clock::now() - before).count();
        const double spent_ms =
            std::chrono::duration<double, std::milli>(Clock::now() - start).count();
        if (batch_ms < budget_ms / 8.0) pixels_per_call_ = std::min(pixels_per_call_ * 2, 1 << 22);
        if (batch_ms > budget_ms / 2.0) pixels_per_call_ = std::max(pixels_per_call_ / 2, 1);
        if (spent_ms >= budget_ms) break;
    }
    return changed;
}

}  // namespace app
