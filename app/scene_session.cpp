#include "app/scene_session.h"

#include <algorithm>
#include <limits>

namespace app {

namespace {

Bounds bounds_of(const std::vector<glm::vec3>& points) {
    Bounds b{glm::vec3(std::numeric_limits<float>::max()),
             glm::vec3(std::numeric_limits<float>::lowest())};
    for (const glm::vec3& p : points) {
        b.min = glm::min(b.min, p);
        b.max = glm::max(b.max, p);
    }
    if (points.empty()) b = {};
    return b;
}

Bounds transformed(const Bounds& local, const glm::mat4& m) {
    std::vector<glm::vec3> corners;
    for (int i = 0; i < 8; ++i) {
        const glm::vec3 c((i & 1) ? local.max.x : local.min.x, (i & 2) ? local.max.y : local.min.y,
                          (i & 4) ? local.max.z : local.min.z);
        corners.push_back(glm::vec3(m * glm::vec4(c, 1.0f)));
    }
    return bounds_of(corners);
}

}  // namespace

SceneSession::SceneSession(assets::Scene scene) : scene_(std::move(scene)) {
    for (const assets::MeshData& mesh : scene_.meshes) {
        mesh_bounds_.push_back(bounds_of(mesh.positions));
        view_.meshes.push_back({mesh.positions, mesh.indices});
    }
    for (const assets::MeshInstance& instance : scene_.instances())
        view_.instances.push_back({instance.mesh, instance.node, glm::mat4(1.0f)});
    clip_ = scene_.clips.empty() ? -1 : 0;
    set_time(0.0);
}

void SceneSession::set_clip(int clip) {
    clip_ = clip >= 0 && clip < int(scene_.clips.size()) ? clip : -1;
    set_time(time_);
}

double SceneSession::duration() const {
    return clip_ >= 0 ? scene_.clips[std::size_t(clip_)].duration_seconds() : 0.0;
}

std::vector<glm::mat4> SceneSession::pose_at(double seconds) const {
    const std::vector<glm::mat4> rest = scene_.rest_local_transforms();
    return scene_.world_transforms(
        clip_ >= 0 ? assets::evaluate_clip(scene_.clips[std::size_t(clip_)], rest, seconds, true)
                   : rest);
}

void SceneSession::set_time(double seconds) {
    time_ = seconds;
    world_ = pose_at(seconds);
    for (picking::Instance& instance : view_.instances)
        instance.world_from_mesh = world_[instance.node];
}

Bounds SceneSession::bounds_in(const std::vector<glm::mat4>& world) const {
    std::vector<glm::vec3> corners;
    for (const picking::Instance& instance : view_.instances) {
        const Bounds b = transformed(mesh_bounds_[instance.mesh], world[instance.node]);
        corners.push_back(b.min);
        corners.push_back(b.max);
    }
    return bounds_of(corners);
}

Bounds SceneSession::world_bounds() const {
    return bounds_in(world_);
}

Bounds SceneSession::animated_bounds() const {
    if (clip_ < 0) return world_bounds();
    // Sampling the clip is enough for framing the camera.
    constexpr int kSamples = 16;
    std::vector<glm::vec3> corners;
    for (int i = 0; i <= kSamples; ++i) {
        const Bounds b = bounds_in(pose_at(duration() * i / kSamples));
        corners.push_back(b.min);
        corners.push_back(b.max);
    }
    return bounds_of(corners);
}

picking::Triangle SceneSession::world_triangle(const picking::PickHit& hit) const {
    const glm::mat4& m = view_.instances[hit.instance].world_from_mesh;
    auto world = [&](glm::vec3 p) { return glm::vec3(m * glm::vec4(p, 1.0f)); };
    return {world(hit.local_triangle.p0), world(hit.local_triangle.p1),
            world(hit.local_triangle.p2)};
}

}  // namespace app
