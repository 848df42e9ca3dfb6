#include "assets/scene/pose.h"

namespace assets {

Pose rest_pose(const Scene& scene) {
    Pose pose;
    pose.local = scene.rest_local_transforms();
    pose.world = scene.world_transforms(pose.local);
    pose.morph_weights.resize(scene.nodes.size());
    return pose;
}

Pose evaluate_pose(const Scene& scene, const AnimationClip* clip, double time_seconds, bool loop) {
    if (clip == nullptr) return rest_pose(scene);
    Pose pose;
    pose.local = evaluate_clip(*clip, scene.rest_local_transforms(), time_seconds, loop);
    pose.world = scene.world_transforms(pose.local);
    pose.morph_weights.resize(scene.nodes.size());
    const double ticks = clip_ticks(*clip, time_seconds, loop);
    for (const MorphChannel& channel : clip->morph_channels)
        if (channel.node < pose.morph_weights.size())
            pose.morph_weights[channel.node] = evaluate_morph_channel(channel, ticks);
    return pose;
}

}  // namespace assets
