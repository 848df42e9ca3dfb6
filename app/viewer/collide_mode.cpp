#include "app/viewer/collide_mode.h"

#include <cmath>
#include <string>

#include <glm/geometric.hpp>

namespace app {

namespace {

/// More than this many pairs would make the overlay the frame's bottleneck.
constexpr std::size_t kMostDrawnPairs = 50'000;

}  // namespace

std::optional<std::string> CollideMode::apply(const ViewerOptions& options,
                                              const SceneSession& session) {
    CollideChoice& choice = state_.choice();
    if (const auto* algorithm = picking::find_tri_tri_algorithm(options.tri_algorithm))
        choice.method = algorithm->method;
    const int count = int(session.view().instances.size());
    for (int index : options.collide_instances)
        if (index < 0 || index >= count)
            return "--collide: no instance " + std::to_string(index) + " (the model has " +
                   std::to_string(count) + ")";
    if (options.collide_instances.size() == 1) {
        choice.instance_a = options.collide_instances[0];
        choice.copy_of_a = true;
        state_.placement() = {};
    } else if (options.collide_instances.size() == 2) {
        choice.instance_a = options.collide_instances[0];
        choice.instance_b = options.collide_instances[1];
        choice.copy_of_a = false;
        state_.placement() = {};
    }
    if (options.collide_move) state_.placement().translation = *options.collide_move;
    if (options.collide_turn) state_.placement().rotation_degrees = *options.collide_turn;
    return std::nullopt;
}

void CollideMode::place(const SceneSession& session, std::vector<glm::mat4>& instance_world) const {
    if (!state_.valid(session) || state_.choice().copy_of_a) return;
    const auto b = std::size_t(state_.choice().instance_b);
    if (b < instance_world.size()) instance_world[b] = state_.moving_world_from_mesh(session);
}

void CollideMode::add_extra_instances(const SceneSession& session,
                                      std::vector<render::ExtraInstance>& extra) const {
    if (!state_.valid(session) || !state_.choice().copy_of_a) return;
    // The renderer knows the scene's meshes: a copy of an instance with vertices of its own
    // (its own morph weights) is drawn with that instance's vertices.
    const auto instance = std::uint32_t(state_.choice().instance_a);
    extra.push_back({index(session.scene_mesh(state_.moving_mesh(session))),
                     state_.moving_world_from_mesh(session), glm::vec3(0.62f, 0.70f, 0.85f),
                     instance});
}

void CollideMode::add_overlay(render::Overlay& overlay) const {
    const auto& pairs = state_.report().contacts.pairs;
    const std::size_t n = std::min(pairs.size(), kMostDrawnPairs);
    if (panel_.show_triangles)
        for (std::size_t i = 0; i < n; ++i) {
            const auto& p = pairs[i];
            overlay.triangles.push_back({{p.world_a.p0, p.world_a.p1, p.world_a.p2},
                                         glm::vec4(glm::vec3(kCollideColorA), 0.85f),
                                         glm::vec4(0.0f)});
            overlay.triangles.push_back({{p.world_b.p0, p.world_b.p1, p.world_b.p2},
                                         glm::vec4(glm::vec3(kCollideColorB), 0.85f),
                                         glm::vec4(0.0f)});
        }
    if (panel_.show_segments)
        for (std::size_t i = 0; i < n; ++i) {
            const auto& c = pairs[i].contact;
            if (c.coplanar) continue;
            overlay.lines.push_back({c.segment.a, c.segment.b, kCollideColorSegment, true});
        }
}

bool CollideMode::grab(bool move, bool turn) {
    drag_ = move ? Drag::Move : turn ? Drag::Turn : Drag::None;
    return drag_ != Drag::None;
}

void CollideMode::drag(glm::vec2 from, glm::vec2 to, const Camera& camera, const Rect& view,
                       const SceneSession& session) {
    if (!state_.valid(session)) return;
    CollidePlacement& placement = state_.placement();
    if (drag_ == Drag::Turn) {
        const glm::vec2 d = to - from;
        placement.rotation_degrees.y =
            std::remainder(placement.rotation_degrees.y + d.x * 0.4f, 360.0f);
        placement.rotation_degrees.x =
            std::remainder(placement.rotation_degrees.x + d.y * 0.4f, 360.0f);
        return;
    }
    if (drag_ != Drag::Move) return;
    // Both cursor positions on the plane through the object's centre that faces the camera.
    const glm::vec3 centre = state_.moving_centre(session) + placement.translation;
    const glm::vec3 normal = camera.forward();
    const auto on_plane = [&](glm::vec2 cursor, glm::vec3& out) {
        const picking::Ray ray = ray_from_cursor(camera, cursor, view);
        const float denominator = glm::dot(ray.direction, normal);
        if (std::abs(denominator) < 1e-6f) return false;
        out = ray.at(glm::dot(centre - ray.origin, normal) / denominator);
        return true;
    };
    glm::vec3 a, b;
    if (on_plane(from, a) && on_plane(to, b)) placement.translation += b - a;
}

nlohmann::ordered_json CollideMode::report_json(const SceneSession& session, bool check) const {
    const CollideChoice& c = state_.choice();
    const CollideReport& r = state_.report();
    nlohmann::ordered_json j;
    j["instance_a"] = c.instance_a;
    j["instance_b"] = c.copy_of_a ? c.instance_a : c.instance_b;
    j["copy"] = c.copy_of_a;
    j["algorithm"] = picking::tri_tri_algorithm(c.method).name;
    j["intersecting_pairs"] = r.contacts.stats.intersecting_pairs;
    j["candidate_pairs"] = r.contacts.stats.candidate_pairs;
    j["milliseconds"] = r.milliseconds;
    std::size_t segments = 0;
    for (const auto& p : r.contacts.pairs)
        segments += p.contact.coplanar ? 0 : 1;
    j["segments"] = segments;
    j["triangles_a"] = r.triangles_a;
    j["triangles_b"] = r.triangles_b;
    const CollidePlacement& placement = state_.placement();
    j["move"] = {placement.translation.x, placement.translation.y, placement.translation.z};
    j["turn"] = {placement.rotation_degrees.x, placement.rotation_degrees.y,
                 placement.rotation_degrees.z};
    if (check) {
        const auto brute_force = state_.brute_force_count(session, 10'000'000);
        j["brute_force_pairs"] = brute_force ? nlohmann::ordered_json(*brute_force) : nullptr;
    }
    return j;
}

}  // namespace app
