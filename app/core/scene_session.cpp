#include "app/core/scene_session.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cmath>
#include <limits>
#include <stdexcept>

#include <glm/gtc/matrix_transform.hpp>

#include "assets/scene/mesh_normals.h"

namespace app {

namespace {

/// A scene with nothing in it still has a place to look at: the origin.
picking::Aabb or_origin(const picking::Aabb& box) {
    return box.empty() ? picking::Aabb{glm::vec3(0.0f), glm::vec3(0.0f)} : box;
}

glm::vec3 transform_point(const glm::mat4& m, glm::vec3 p) {
    return glm::vec3(m * glm::vec4(p, 1.0f));
}

/// Picking's description of an analytic shape of the scene.
picking::AnalyticShape analytic_shape(const assets::ShapeData& shape) {
    picking::AnalyticShape out;
    switch (shape.kind) {
        case assets::ShapeData::Kind::Sphere:
            out.kind = picking::ShapeKind::Sphere;
            out.sphere = {shape.center, shape.radius};
            break;
        case assets::ShapeData::Kind::Plane:
            out.kind = picking::ShapeKind::Plane;
            out.plane = {shape.point, shape.normal};
            out.plane_radius = shape.radius;
            break;
        case assets::ShapeData::Kind::Rect:
            out.kind = picking::ShapeKind::Rect;
            out.rect = {shape.corner, shape.edge_u, shape.edge_v};
            break;
        case assets::ShapeData::Kind::Box:
            out.kind = picking::ShapeKind::Box;
            out.box = {shape.box_min, shape.box_max};
            break;
    }
    return out;
}

/// Meshes whose placement or vertices the pose decides beyond their node's transform.
bool moves_with_joints_or_targets(const assets::MeshData& mesh) {
    return !mesh.skin.empty() || !mesh.morph_targets.empty();
}

}  // namespace

SceneSession::SceneSession(assets::Scene scene, SessionOptions options)
    : scene_(std::move(scene)), options_(options) {
    const std::size_t mesh_count = scene_.meshes.size();
    derived_normals_ = std::make_unique<DerivedNormals[]>(mesh_count);
    space_node_.assign(mesh_count, 0);
    std::vector<bool> seen(mesh_count, false);
    for (const assets::MeshInstance& instance : scene_.instances()) {
        const assets::MeshData& mesh = scene_.meshes[instance.mesh];
        std::uint32_t view_mesh = instance.mesh;
        if (seen[instance.mesh] && !mesh.morph_targets.empty()) {
            // Morph weights are per node: a morphing mesh drawn again elsewhere gets its own
            // copy, posed with that node's weights (in that node's space).
            view_mesh = std::uint32_t(mesh_count + own_copies_.size());
            own_copies_.push_back({std::uint32_t(view_.instances.size()), instance.mesh});
            space_node_.push_back(instance.node);
        }
        if (!seen[instance.mesh]) space_node_[instance.mesh] = instance.node;
        seen[instance.mesh] = true;
        picking::Instance placed{view_mesh, instance.node, glm::mat4(1.0f)};
        placed.reported_mesh = instance.mesh;  // a copy is reported as the mesh it copies
        view_.instances.push_back(placed);
    }
    bind_view_.instances = view_.instances;
    for (const assets::ShapeData& shape : scene_.shapes)
        if (shape.node < scene_.nodes.size())
            view_.shapes.push_back({analytic_shape(shape), shape.node, glm::mat4(1.0f)});
    bind_view_.shapes = view_.shapes;
    for (std::uint32_t m = 0; m < mesh_count + own_copies_.size(); ++m) {
        const std::uint32_t source = scene_mesh_index(m);
        const assets::MeshData& mesh = scene_.meshes[source];
        mesh_bounds_.push_back(picking::bounds_of(mesh.positions));
        view_.meshes.push_back({mesh.positions, mesh.indices});
        // Only meshes that some node draws are worth posing.
        if (seen[source] && moves_with_joints_or_targets(mesh)) moving_.push_back(m);
        if (seen[source] && mesh.deforms()) deforming_.push_back(m);
    }
    bind_view_.meshes = view_.meshes;
    posed_.resize(view_.meshes.size());

    // The bind pose: every vertex as loaded, every node at rest (for skins, the mesh's own node).
    const assets::Pose rest = assets::rest_pose(scene_);
    for (picking::Instance& instance : bind_view_.instances) {
        instance.world_from_mesh = rest.world[instance.node];
        bind_instance_world_.push_back(instance.world_from_mesh);
    }
    for (picking::ShapeInstance& shape : bind_view_.shapes)
        shape.world_from_shape = rest.world[shape.node];
    clip_ = scene_.clips.empty() ? -1 : 0;
    accels_ = std::make_unique<AccelStore>(view_, deforming_);
    repose();
}

void SceneSession::set_time(double seconds) {
    if (seconds == time_ && pose_version_ > 0) return;
    time_ = seconds;
    // Without a clip the time changes nothing.
    if (clip_ >= 0) repose();
}

double SceneSession::clip_time(double seconds) const {
    const double length = duration();
    if (!loop_ || !(length > 0.0) || !std::isfinite(seconds)) return seconds;
    double wrapped = std::fmod(seconds, length);
    if (wrapped < 0.0) wrapped += length;
    return wrapped;
}

void SceneSession::set_clip(int clip) {
    clip_ = clip >= 0 && clip < int(scene_.clips.size()) ? clip : -1;
    repose();
}

std::optional<std::string> SceneSession::choose_clip(std::string_view name) {
    if (name == "rest") {
        set_clip(-1);
        return std::nullopt;
    }
    for (std::size_t i = 0; i < scene_.clips.size(); ++i)
        if (scene_.clips[i].name == name) {
            set_clip(int(i));
            return std::nullopt;
        }
    // An index, when no clip has that name.
    int index = -1;
    const auto [end, error] = std::from_chars(name.data(), name.data() + name.size(), index);
    if (error == std::errc() && end == name.data() + name.size() && index >= 0 &&
        index < int(scene_.clips.size())) {
        set_clip(index);
        return std::nullopt;
    }
    std::string known = "rest";
    for (const assets::AnimationClip& clip : scene_.clips)
        known += ", '" + clip.name + "'";
    return "no clip '" + std::string(name) + "' (the clips: " + known + ", or an index)";
}

void SceneSession::set_loop(bool loop) {
    if (loop == loop_) return;
    loop_ = loop;
    if (clip_ >= 0) repose();
}

double SceneSession::duration() const {
    return clip_ >= 0 ? scene_.clips[std::size_t(clip_)].duration_seconds() : 0.0;
}

void SceneSession::pose_meshes(const assets::Pose& pose, std::vector<assets::PosedMesh>& posed,
                               bool normals, std::vector<glm::mat4>& instance_world) const {
    for (std::uint32_t m : moving_)
        assets::pose_mesh(scene_, scene_mesh_index(m), space_node_[m], pose, normals, posed[m]);
    instance_world.resize(view_.instances.size());
    for (std::size_t i = 0; i < view_.instances.size(); ++i) {
        const picking::Instance& instance = view_.instances[i];
        instance_world[i] =
            posed[instance.mesh].world_from_mesh.value_or(pose.world[instance.node]);
    }
}

void SceneSession::repose() {
    pose_ = assets::evaluate_pose(scene_, clip_ >= 0 ? &scene_.clips[std::size_t(clip_)] : nullptr,
                                  time_, loop_);
    pose_meshes(pose_, posed_, options_.deform_normals, instance_world_);
    instance_world_home_ = instance_world_;
    if (offset_ != glm::dvec3(0.0)) {
        // Far from origin: the translation is applied in float, like a far model's data.
        const glm::mat4 moved = glm::translate(glm::mat4(1.0f), glm::vec3(offset_));
        for (glm::mat4& m : instance_world_)
            m = moved * m;
    }
    // Posing reuses each mesh's storage, but the first pose allocates it: point the view at it.
    for (std::uint32_t m : deforming_)
        view_.meshes[m].positions = posed_[m].positions;
    for (std::size_t i = 0; i < view_.instances.size(); ++i)
        view_.instances[i].world_from_mesh = instance_world_[i];
    // Shapes go where their nodes are, far from the origin too.
    const glm::mat4 moved = glm::translate(glm::mat4(1.0f), glm::vec3(offset_));
    for (picking::ShapeInstance& shape : view_.shapes)
        shape.world_from_shape =
            offset_ != glm::dvec3(0.0) ? moved * pose_.world[shape.node] : pose_.world[shape.node];
    // The broad phases follow on the next query: deformed meshes get new bounds and refitted
    // BVHs (as drawn, so picked), moved instances a new top level.
    ++pose_version_;
    if (accels_) accels_->mark_stale(pose_version_);
}

void SceneSession::set_world_offset(glm::dvec3 offset) {
    offset_ = offset;
    repose();
}

picking::SceneView SceneSession::build_view() const {
    picking::SceneView view = bind_view_;  // its meshes are the loaded vertices
    view.instances = view_.instances;
    return view;
}

double SceneSession::prepare(Accel accel, unsigned threads, picking::BuildProgress* progress) {
    if (accel == Accel::Bvh ? bvh_current() : accels_->ready(accel)) return 0.0;
    AccelBuild build = AccelStore::build(build_view(), accel, threads, progress, bvh_build_);
    if (!build.error.empty()) throw std::runtime_error(build.error);
    const double ms = build.milliseconds;
    accels_->adopt(std::move(build));
    return ms;
}

picking::PickResult SceneSession::pick(const picking::Ray& world_ray, const PickChoice& choice,
                                       PoseChoice pose) const {
    if (pose == PoseChoice::Bind) return picking::pick(bind_view_, world_ray, choice.settings());
    const peers::EmbreeScene* embree = accels_->embree(choice.accel());
    if (!embree)
        return picking::pick(view_, world_ray, choice.settings(), &accels_->broad_phases());
    const auto start = std::chrono::steady_clock::now();
    picking::PickResult result;
    if (picking::ray_problem(world_ray)) return result;
    const auto hit = embree->intersect(world_ray);
    result.stats.microseconds =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    if (hit) result.hit = picking::describe_hit(view_, world_ray, *hit, &accels_->broad_phases());
    return result;
}

SceneSession::Caster SceneSession::caster(const PickChoice& choice) const {
    return Caster(picking::PickPlan(view_, choice.settings(), &accels_->broad_phases()),
                  accels_->embree(choice.accel()));
}

std::optional<picking::SceneHit> SceneSession::intersect(const picking::Ray& world_ray,
                                                         const PickChoice& choice,
                                                         picking::PickStats& stats) const {
    if (const peers::EmbreeScene* embree = accels_->embree(choice.accel()))
        return embree->intersect(world_ray);
    return picking::intersect_scene(view_, world_ray, choice.settings(), &accels_->broad_phases(),
                                    stats);
}

std::span<const glm::vec3> SceneSession::mesh_normals(ViewMesh mesh) const {
    const assets::PosedMesh& posed = posed_[index(mesh)];
    if (!posed.normals.empty()) return posed.normals;
    return loaded_normals(scene_mesh(mesh));
}

std::span<const glm::vec3> SceneSession::loaded_normals(SceneMesh mesh) const {
    const assets::MeshData& data = scene_.meshes[index(mesh)];
    if (!data.normals.empty() || data.positions.empty()) return data.normals;
    DerivedNormals& derived = derived_normals_[index(mesh)];
    std::call_once(derived.made, [&] {
        derived.normals = assets::smooth_normals(data.positions, data.indices);
        derived.ready.store(true, std::memory_order_release);
    });
    return derived.normals;
}

std::array<glm::vec3, 3> SceneSession::mesh_normals_at(ViewMesh mesh,
                                                       const std::uint32_t* corners) const {
    const assets::PosedMesh& posed = posed_[index(mesh)];
    if (!posed.normals.empty())
        return {posed.normals[corners[0]], posed.normals[corners[1]], posed.normals[corners[2]]};
    return loaded_normals_at(scene_mesh(mesh), corners);
}

std::array<glm::vec3, 3> SceneSession::loaded_normals_at(SceneMesh mesh,
                                                         const std::uint32_t* corners) const {
    const assets::MeshData& data = scene_.meshes[index(mesh)];
    DerivedNormals& derived = derived_normals_[index(mesh)];
    if (!data.normals.empty() || data.positions.empty() ||
        derived.ready.load(std::memory_order_acquire) ||
        derived.corner_requests.fetch_add(1, std::memory_order_relaxed) > 0) {
        const std::span<const glm::vec3> normals = loaded_normals(mesh);
        return {normals[corners[0]], normals[corners[1]], normals[corners[2]]};
    }
    const std::vector<glm::vec3> at = assets::smooth_normals_at(
        data.positions, data.indices, std::span<const std::uint32_t>(corners, 3));
    return {at[0], at[1], at[2]};
}

std::vector<ViewMesh> SceneSession::deforming_meshes() const {
    std::vector<ViewMesh> meshes;
    for (std::uint32_t m : deforming_)
        meshes.push_back(ViewMesh{m});
    return meshes;
}

bool SceneSession::deforms(ViewMesh mesh) const {
    return std::find(deforming_.begin(), deforming_.end(), index(mesh)) != deforming_.end();
}

std::uint32_t SceneSession::scene_mesh_index(std::uint32_t view_mesh) const {
    const std::size_t count = scene_.meshes.size();
    return view_mesh < count ? view_mesh : own_copies_[view_mesh - count].mesh;
}

std::optional<std::uint32_t> SceneSession::own_copy_instance(ViewMesh mesh) const {
    const std::uint32_t view_mesh = index(mesh);
    const std::size_t count = scene_.meshes.size();
    if (view_mesh < count || view_mesh - count >= own_copies_.size()) return std::nullopt;
    return own_copies_[view_mesh - count].instance;
}

picking::Aabb SceneSession::bounds_in(const std::vector<assets::PosedMesh>& posed,
                                      const std::vector<glm::mat4>& instance_world) const {
    std::vector<picking::Aabb> mesh_bounds = mesh_bounds_;
    for (std::uint32_t m : deforming_)
        mesh_bounds[m] = picking::bounds_of(posed[m].positions);
    picking::Aabb box;
    for (std::size_t i = 0; i < view_.instances.size(); ++i)
        box.extend(picking::transformed(mesh_bounds[view_.instances[i].mesh], instance_world[i]));
    return box;
}

picking::Aabb SceneSession::world_bounds() const {
    return or_origin(bounds_in(posed_, instance_world_));
}

picking::Aabb SceneSession::node_bounds(std::uint32_t node) const {
    picking::Aabb box;
    if (node >= scene_.nodes.size()) return box;
    const auto below = [&](std::uint32_t n) {
        // Parents precede children: walk up until the node, or past it.
        for (std::int64_t at = n; at >= std::int64_t(node);
             at = scene_.nodes[std::size_t(at)].parent)
            if (at == std::int64_t(node)) return true;
        return false;
    };
    for (std::size_t i = 0; i < view_.instances.size(); ++i) {
        if (!below(view_.instances[i].node)) continue;
        box.extend(picking::transformed(picking::bounds_of(instance_positions(std::uint32_t(i))),
                                        instance_world_[i]));
    }
    return box;
}

picking::Aabb SceneSession::animated_bounds() const {
    if (clip_ < 0) return world_bounds();
    // Sampling the clip is enough for framing the camera.
    constexpr int kSamples = 16;
    const assets::AnimationClip& clip = scene_.clips[std::size_t(clip_)];
    std::vector<assets::PosedMesh> posed(view_.meshes.size());
    std::vector<glm::mat4> instance_world;
    picking::Aabb box;
    for (int i = 0; i <= kSamples; ++i) {
        const assets::Pose pose =
            assets::evaluate_pose(scene_, &clip, duration() * i / kSamples, loop_);
        pose_meshes(pose, posed, false, instance_world);
        const picking::Aabb b = bounds_in(posed, instance_world);
        if (b.empty()) continue;
        box.extend(b.min + glm::vec3(offset_)).extend(b.max + glm::vec3(offset_));
    }
    return or_origin(box);
}

picking::Triangle SceneSession::world_triangle(const picking::PickHit& hit) const {
    const glm::mat4& m = instance_world_[hit.instance];
    return {transform_point(m, hit.local_triangle.p0), transform_point(m, hit.local_triangle.p1),
            transform_point(m, hit.local_triangle.p2)};
}

picking::Triangle SceneSession::world_triangle(std::uint32_t instance, std::uint32_t triangle,
                                               PoseChoice pose) const {
    const picking::SceneView& v = view(pose);
    if (instance >= v.instances.size()) return {};
    const picking::Instance& placed = v.instances[instance];
    const picking::MeshView& mesh = v.meshes[placed.mesh];
    if (triangle >= mesh.triangle_count()) return {};
    const picking::Triangle local = mesh.triangle(triangle);
    const glm::mat4& m = placed.world_from_mesh;
    return {transform_point(m, local.p0), transform_point(m, local.p1),
            transform_point(m, local.p2)};
}

}  // namespace app
