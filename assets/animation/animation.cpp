#include "assets/animation/animation.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/matrix.hpp>

namespace assets {

namespace {

struct Trs {
    glm::vec3 translation{0.0f};
    glm::quat rotation{1.0f, 0.0f, 0.0f, 0.0f};
    glm::vec3 scale{1.0f};
};

/// Splits an affine transform into translation, rotation and (possibly negative) scale.
Trs decompose(const glm::mat4& m) {
    Trs trs;
    trs.translation = glm::vec3(m[3]);
    glm::mat3 basis(m);
    trs.scale = {glm::length(basis[0]), glm::length(basis[1]), glm::length(basis[2])};
    if (glm::determinant(basis) < 0.0f) trs.scale.x = -trs.scale.x;  // a mirror lives in scale
    for (int i = 0; i < 3; ++i)
        if (trs.scale[i] != 0.0f) basis[i] /= trs.scale[i];
    trs.rotation = glm::normalize(glm::quat_cast(basis));
    return trs;
}

glm::mat4 compose(const Trs& trs) {
    glm::mat4 m = glm::mat4_cast(trs.rotation);
    m[0] *= trs.scale.x;
    m[1] *= trs.scale.y;
    m[2] *= trs.scale.z;
    m[3] = glm::vec4(trs.translation, 1.0f);
    return m;
}

glm::vec3 blend(glm::vec3 a, glm::vec3 b, float f) {
    return glm::mix(a, b, f);
}
/// Slerp along the shorter arc (glm::slerp flips `b` when the keys are more than 180° apart),
/// renormalised: for nearly equal keys glm falls back to an unnormalised lerp.
glm::quat blend(glm::quat a, glm::quat b, float f) {
    const glm::quat q = glm::slerp(a, b, f);
    const float length = glm::length(q);
    return length > 0.0f && std::isfinite(length) ? q / length : a;
}

/// Where `time` falls among the keys: the pair of keys and the blend factor between them
/// (the factor leaves [0, 1] only for linear extrapolation).
template <class Key>
bool sample(const std::vector<Key>& keys, double time, Extrapolation pre, Extrapolation post,
            decltype(Key::value)& out) {
    if (keys.empty()) return false;
    if (keys.size() == 1) {
        out = keys.front().value;
        return true;
    }
    const double first = keys.front().time, last = keys.back().time;
    if (time < first || time > last) {
        const Extrapolation mode = time < first ? pre : post;
        switch (mode) {
            case Extrapolation::Default:
                return false;
            case Extrapolation::Constant:
                out = time < first ? keys.front().value : keys.back().value;
                return true;
            case Extrapolation::Repeat: {
                const double span = last - first;
                time = span > 0.0 ? first + std::fmod(std::fmod(time - first, span) + span, span)
                                  : first;
                break;
            }
            case Extrapolation::Linear: {
                const std::size_t i = time < first ? 0 : keys.size() - 2;
                const double dt = keys[i + 1].time - keys[i].time;
                const double f = dt > 0.0 ? (time - keys[i].time) / dt : 0.0;
                out = blend(keys[i].value, keys[i + 1].value, float(f));
                return true;
            }
        }
    }
    // The first key whose time exceeds `time`; the segment ends there.
    const auto upper = std::upper_bound(keys.begin(), keys.end(), time,
                                        [](double t, const Key& key) { return t < key.time; });
    if (upper == keys.begin()) {
        out = keys.front().value;
        return true;
    }
    if (upper == keys.end()) {
        out = keys.back().value;
        return true;
    }
    const Key& a = *(upper - 1);
    const Key& b = *upper;
    const double dt = b.time - a.time;
    const double f = dt > 0.0 ? (time - a.time) / dt : 0.0;
    out = blend(a.value, b.value, float(f));
    return true;
}

}  // namespace

double clip_ticks(const AnimationClip& clip, double time_seconds, bool loop) {
    double ticks = time_seconds * (clip.ticks_per_second > 0.0 ? clip.ticks_per_second : 25.0);
    if (!std::isfinite(ticks)) return 0.0;
    if (loop && clip.duration_ticks > 0.0) {
        ticks = std::fmod(ticks, clip.duration_ticks);
        if (ticks < 0.0) ticks += clip.duration_ticks;
        // fmod of a tiny negative number can round up to exactly the duration.
        if (ticks >= clip.duration_ticks) ticks = 0.0;
    }
    return ticks;
}

std::vector<glm::mat4> evaluate_clip(const AnimationClip& clip,
                                     const std::vector<glm::mat4>& rest_local, double time_seconds,
                                     bool loop) {
    std::vector<glm::mat4> local = rest_local;
    const double ticks = clip_ticks(clip, time_seconds, loop);

    for (const NodeChannel& channel : clip.channels) {
        if (channel.node >= local.size()) continue;
        Trs trs = decompose(rest_local[channel.node]);
        sample(channel.positions, ticks, channel.pre_state, channel.post_state, trs.translation);
        sample(channel.rotations, ticks, channel.pre_state, channel.post_state, trs.rotation);
        sample(channel.scales, ticks, channel.pre_state, channel.post_state, trs.scale);
        local[channel.node] = compose(trs);
    }
    return local;
}

std::vector<float> evaluate_morph_channel(const MorphChannel& channel, double ticks) {
    const auto& keys = channel.keys;
    if (keys.empty()) return {};
    const auto upper = std::upper_bound(keys.begin(), keys.end(), ticks,
                                        [](double t, const MorphKey& key) { return t < key.time; });
    if (upper == keys.begin()) return keys.front().weights;
    if (upper == keys.end()) return keys.back().weights;
    const MorphKey& a = *(upper - 1);
    const MorphKey& b = *upper;
    const double dt = b.time - a.time;
    const auto f = float(dt > 0.0 ? (ticks - a.time) / dt : 0.0);
    std::vector<float> weights(std::max(a.weights.size(), b.weights.size()), 0.0f);
    // A target that one key does not list has weight 0 there.
    for (std::size_t i = 0; i < weights.size(); ++i) {
        const float wa = i < a.weights.size() ? a.weights[i] : 0.0f;
        const float wb = i < b.weights.size() ? b.weights[i] : 0.0f;
        weights[i] = wa + (wb - wa) * f;
    }
    return weights;
}

}  // namespace assets
