#include "app/core/collide_state.h"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/trigonometric.hpp>

namespace app {

namespace {

bool operator_equal(const CollideChoice& a, const CollideChoice& b) {
    return a.instance_a == b.instance_a && a.instance_b == b.instance_b &&
           a.copy_of_a == b.copy_of_a && a.method == b.method;
}

bool operator_equal(const CollidePlacement& a, const CollidePlacement& b) {
    return a.translation == b.translation && a.rotation_degrees == b.rotation_degrees;
}

ViewMesh mesh_of(const SceneSession& session, int instance) {
    return session.view_mesh(std::uint32_t(instance));
}

const picking::MeshView& view_of(const SceneSession& session, ViewMesh mesh) {
    return session.view().meshes[index(mesh)];
}

/// A mesh's box in its own space (current pose); non-finite vertices are left out.
picking::Aabb mesh_box(const SceneSession& session, ViewMesh mesh) {
    return picking::bounds_of(session.mesh_positions(mesh));
}

/// The centre of a mesh's box in its own space (the origin for a mesh with no vertices).
glm::vec3 mesh_centre(const SceneSession& session, ViewMesh mesh) {
    const picking::Aabb box = mesh_box(session, mesh);
    return box.empty() ? glm::vec3(0.0f) : box.center();
}

glm::vec3 mesh_extent(const SceneSession& session, ViewMesh mesh) {
    const picking::Aabb box = mesh_box(session, mesh);
    return box.empty() ? glm::vec3(0.0f) : box.extent();
}

}  // namespace

picking::Aabb CollideState::bounds(const SceneSession& session) const {
    if (!valid(session)) return session.world_bounds();
    const ViewMesh fixed = mesh_of(session, choice_.instance_a);
    picking::Aabb box = picking::transformed(
        mesh_box(session, fixed),
        session.view().instances[std::size_t(choice_.instance_a)].world_from_mesh);
    box.extend(picking::transformed(mesh_box(session, moving_mesh(session)),
                                    moving_world_from_mesh(session)));
    if (box.empty()) return session.world_bounds();
    return box;
}

void CollideState::reset(const SceneSession& session) {
    bvhs_.clear();
    last_choice_.reset();
    report_ = {};
    placement_ = {};
    const auto& instances = session.view().instances;
    // The two instances with the most triangles; one alone collides with a copy of itself.
    std::vector<int> order(instances.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = int(i);
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
        return view_of(session, mesh_of(session, x)).triangle_count() >
               view_of(session, mesh_of(session, y)).triangle_count();
    });
    choice_.instance_a = order.empty() ? 0 : order[0];
    choice_.instance_b = order.size() > 1 ? order[1] : choice_.instance_a;
    choice_.copy_of_a = order.size() < 2;
    if (choice_.copy_of_a && !order.empty()) {
        // Start the copy part-way through the original, turned a little: contacts at once.
        const glm::vec3 extent = mesh_extent(session, mesh_of(session, choice_.instance_a));
        placement_.translation = glm::vec3(0.3f * extent.x, 0.1f * extent.y, 0.0f);
        placement_.rotation_degrees = glm::vec3(0.0f, 30.0f, 10.0f);
    }
}

bool CollideState::valid(const SceneSession& session) const {
    const int n = int(session.view().instances.size());
    return choice_.instance_a >= 0 && choice_.instance_a < n &&
           (choice_.copy_of_a || (choice_.instance_b >= 0 && choice_.instance_b < n));
}

ViewMesh CollideState::moving_mesh(const SceneSession& session) const {
    return mesh_of(session, choice_.copy_of_a ? choice_.instance_a : choice_.instance_b);
}

glm::vec3 CollideState::moving_centre(const SceneSession& session) const {
    const int instance = choice_.copy_of_a ? choice_.instance_a : choice_.instance_b;
    const glm::mat4& base = session.view().instances[std::size_t(instance)].world_from_mesh;
    return glm::vec3(base * glm::vec4(mesh_centre(session, moving_mesh(session)), 1.0f));
}

glm::mat4 CollideState::moving_world_from_mesh(const SceneSession& session) const {
    const int instance = choice_.copy_of_a ? choice_.instance_a : choice_.instance_b;
    const glm::mat4& base = session.view().instances[std::size_t(instance)].world_from_mesh;
    const glm::vec3 centre = moving_centre(session);
    const glm::vec3 r = glm::radians(placement_.rotation_degrees);
    glm::mat4 turn(1.0f);
    turn = glm::rotate(turn, r.z, glm::vec3(0, 0, 1));
    turn = glm::rotate(turn, r.y, glm::vec3(0, 1, 0));
    turn = glm::rotate(turn, r.x, glm::vec3(1, 0, 0));
    return glm::translate(glm::mat4(1.0f), centre + placement_.translation) * turn *
           glm::translate(glm::mat4(1.0f), -centre) * base;
}

const picking::Bvh& CollideState::bvh_for(const SceneSession& session, ViewMesh mesh) {
    if (bvhs_.size() != session.view().meshes.size())
        bvhs_.assign(session.view().meshes.size(), {});
    MeshBvh& entry = bvhs_[index(mesh)];
    const picking::MeshView& view = view_of(session, mesh);
    if (!entry.built) {
        entry.bvh = picking::build_bvh(view);
        entry.built = true;
        entry.pose_version = session.pose_version();
    } else if (entry.pose_version != session.pose_version()) {
        if (session.deforms(mesh)) picking::refit(entry.bvh, view);  // same triangles, moved
        entry.pose_version = session.pose_version();
    }
    return entry.bvh;
}

std::optional<std::uint64_t> CollideState::brute_force_count(const SceneSession& session,
                                                             std::uint64_t most_tests) const {
    if (!valid(session)) return std::nullopt;
    const picking::PlacedMesh a{
        view_of(session, mesh_of(session, choice_.instance_a)), nullptr,
        session.view().instances[std::size_t(choice_.instance_a)].world_from_mesh};
    const picking::PlacedMesh b{view_of(session, moving_mesh(session)), nullptr,
                                moving_world_from_mesh(session)};
    if (std::uint64_t(a.mesh.triangle_count()) * b.mesh.triangle_count() > most_tests)
        return std::nullopt;
    return picking::mesh_contacts_brute_force(a, b, picking::tri_tri_algorithm(choice_.method))
        .stats.intersecting_pairs;
}

bool CollideState::update(const SceneSession& session) {
    if (!valid(session)) {
        report_ = {};
        return false;
    }
    if (last_choice_ && operator_equal(*last_choice_, choice_) &&
        operator_equal(last_placement_, placement_) && last_pose_version_ == session.pose_version())
        return false;
    last_choice_ = choice_;
    last_placement_ = placement_;
    last_pose_version_ = session.pose_version();

    const ViewMesh mesh_a = mesh_of(session, choice_.instance_a);
    const ViewMesh mesh_b = moving_mesh(session);
    const picking::PlacedMesh a{
        view_of(session, mesh_a), &bvh_for(session, mesh_a),
        session.view().instances[std::size_t(choice_.instance_a)].world_from_mesh};
    const picking::PlacedMesh b{view_of(session, mesh_b), &bvh_for(session, mesh_b),
                                moving_world_from_mesh(session)};
    const auto start = std::chrono::steady_clock::now();
    report_.contacts =
        picking::mesh_contacts(a, b, picking::tri_tri_algorithm(choice_.method), 200'000);
    report_.milliseconds =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    report_.triangles_a = std::uint32_t(a.mesh.triangle_count());
    report_.triangles_b = std::uint32_t(b.mesh.triangle_count());
    return true;
}

}  // namespace app
