#include "app/core/accel_build_job.h"

namespace app {

std::shared_ptr<AccelBuildJob> start_accel_build(std::shared_ptr<const SceneSession> session,
                                                 Accel accel, unsigned threads) {
    // The view points into the session's meshes: the work holds the session until it ends.
    auto view = std::make_shared<const picking::SceneView>(session->build_view());
    const picking::BvhBuildMethod method = session->bvh_build();
    return AccelBuildJob::start(accel, [session = std::move(session), view, accel, threads,
                                        method](picking::BuildProgress& p) {
        return AccelStore::build(*view, accel, threads, &p, method);
    });
}

}  // namespace app
