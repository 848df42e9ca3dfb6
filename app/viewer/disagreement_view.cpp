#include "app/viewer/disagreement_view.h"

#include <algorithm>

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
        tracing_.restart();
        changed = true;
    }
    const bool traced = tracing_.run(
        image, budget_ms,
        [&](int rows) {
            trace_disagreement_rows(session, camera, pair.a, pair.b, t_ulps, 0, image, rows);
        },
        [&](int pixels) {
            trace_disagreement_pixels(session, camera, pair.a, pair.b, t_ulps, image, pixels);
        });
    return changed || traced;
}

}  // namespace app
