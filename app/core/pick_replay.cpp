#include "app/core/pick_replay.h"

namespace app {

ClipTime clip_time(const SceneSession& session, int clip, bool loop, double time) {
    const auto& clips = session.scene().clips;
    const bool named = clip >= 0 && std::size_t(clip) < clips.size();
    return {clip, named ? clips[std::size_t(clip)].name : std::string(), loop, time};
}

ClipTime current_clip_time(const SceneSession& session) {
    return clip_time(session, session.clip(), session.loop(), session.time());
}

PickRecordSetup record_setup(const SceneSession& session, ModelIdentity model,
                             const PickChoice& choice, PoseChoice pose, const picking::Ray& ray) {
    PickRecordSetup setup;
    setup.model = std::move(model);
    setup.animation = current_clip_time(session);
    setup.pose = pose;
    setup.world_offset = session.world_offset();
    setup.choice = choice;
    setup.choice.options().record_visited = false;
    setup.ray = ray;
    return setup;
}

std::optional<std::string> pose_for_record(SceneSession& session, const PickRecordSetup& setup) {
    const ClipTime& at = setup.animation;
    const auto clips = session.scene().clips.size();
    if (at.clip >= int(clips))
        return "the record's clip " + std::to_string(at.clip) + " ('" + at.clip_name +
               "') is not in this model (it has " + std::to_string(clips) + " clips)";
    session.set_clip(at.clip);
    session.set_loop(at.loop);
    session.set_time(at.time);
    if (session.world_offset() != setup.world_offset) session.set_world_offset(setup.world_offset);
    session.prepare(setup.choice.accel());
    return std::nullopt;
}

picking::PickResult replay_pick(const SceneSession& session, const PickRecordSetup& setup) {
    return session.pick(setup.ray, setup.choice, setup.pose);
}

}  // namespace app
