#include "app/core/pick_replay.h"

namespace app {

PickRecordSetup record_setup(const SceneSession& session, ModelIdentity model,
                             const PickChoice& choice, PoseChoice pose, const picking::Ray& ray) {
    PickRecordSetup setup;
    setup.model = std::move(model);
    setup.clip = session.clip();
    if (setup.clip >= 0) setup.clip_name = session.scene().clips[std::size_t(setup.clip)].name;
    setup.loop = session.loop();
    setup.time = session.time();
    setup.pose = pose;
    setup.world_offset = session.world_offset();
    setup.choice = choice;
    setup.choice.options().record_visited = false;
    setup.ray = ray;
    return setup;
}

std::optional<std::string> pose_for_record(SceneSession& session, const PickRecordSetup& setup) {
    const auto clips = session.scene().clips.size();
    if (setup.clip >= int(clips))
        return "the record's clip " + std::to_string(setup.clip) + " ('" + setup.clip_name +
               "') is not in this model (it has " + std::to_string(clips) + " clips)";
    session.set_clip(setup.clip);
    session.set_loop(setup.loop);
    session.set_time(setup.time);
    if (session.world_offset() != setup.world_offset) session.set_world_offset(setup.world_offset);
    session.prepare(setup.choice.accel());
    return std::nullopt;
}

picking::PickResult replay_pick(const SceneSession& session, const PickRecordSetup& setup) {
    return session.pick(setup.ray, setup.choice, setup.pose);
}

}  // namespace app
