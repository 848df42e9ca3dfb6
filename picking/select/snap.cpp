#include "picking/select/snap.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

#include "picking/bvh/wide_bvh.h"

namespace picking {

namespace {

/// The world length of `radius_px` pixels at the depth of `world`.
double world_radius(const ScreenMapping& screen, glm::dvec3 world, double radius_px) {
    const glm::dvec4 clip = screen.clip_from_world * glm::dvec4(world, 1.0);
    if (!(clip.w > 0.0)) return 0.0;
    const glm::dvec3 ndc = glm::dvec3(clip) / clip.w;
    const glm::dmat4 world_from_clip = glm::inverse(screen.clip_from_world);
    double radius = 0.0;
    for (const glm::dvec2 step : {glm::dvec2(2.0 * radius_px / screen.view_size.x, 0.0),
                                  glm::dvec2(0.0, 2.0 * radius_px / screen.view_size.y)}) {
        const glm::dvec4 moved =
            world_from_clip * glm::dvec4(ndc.x + step.x, ndc.y + step.y, ndc.z, 1.0);
        radius = std::max(radius, glm::length(glm::dvec3(moved) / moved.w - world));
    }
    return radius;
}

/// Candidates in the order they win: kind (vertex first), nearest on screen, then the lower
/// triangle and corner, so answers repeat.
bool wins_over(const SnapResult& a, const SnapResult& b) {
    if (a.kind != b.kind) return a.kind < b.kind;
    if (a.distance_px != b.distance_px) return a.distance_px < b.distance_px;
    if (a.triangle != b.triangle) return a.triangle < b.triangle;
    return a.corner_a < b.corner_a;
}

class Snapper {
  public:
    Snapper(const SceneView& scene, const ScreenMapping& screen, const SnapQuery& query)
        : screen_(screen), query_(query) {
        const Instance& instance = scene.instances[query.instance];
        mesh_ = &scene.meshes[instance.mesh];
        world_from_mesh_ = glm::dmat4(instance.world_from_mesh);
        mesh_from_world_ = glm::inverse(world_from_mesh_);
        screen.ray_through(query.cursor, ray_origin_, ray_direction_);
        reach_ = world_radius(screen, query.world_hit, query.radius_px);
    }

    [[nodiscard]] const glm::dmat4& mesh_from_world() const { return mesh_from_world_; }
    /// How far from the hit (world units) candidates are looked for: the radius at the hit's
    /// depth, times 8 for surfaces seen at a slant (up to about 83 degrees).
    [[nodiscard]] double reach() const { return 8.0 * reach_; }
    [[nodiscard]] const glm::dmat4& world_from_mesh() const { return world_from_mesh_; }
    /// The ray from the camera to a candidate, in the mesh's space, with its length there.
    [[nodiscard]] Ray sight_line(const SnapResult& candidate, float& length) const {
        glm::dvec3 origin, direction;
        screen_.ray_through(*screen_.window_of(candidate.world), origin, direction);
        const glm::dvec3 o = glm::dvec3(mesh_from_world_ * glm::dvec4(origin, 1.0));
        const glm::dvec3 to = candidate.mesh - o;
        length = float(glm::length(to));
        return Ray{glm::vec3(o), glm::vec3(glm::normalize(to))};
    }

    void look_at(std::uint32_t triangle) {
        if (std::size_t(triangle) * 3 + 2 >= mesh_->indices.size()) return;
        std::array<glm::dvec3, 3> mesh, world;
        for (int c = 0; c < 3; ++c) {
            const std::uint32_t index = mesh_->indices[std::size_t(triangle) * 3 + std::size_t(c)];
            if (index >= mesh_->positions.size()) return;
            mesh[std::size_t(c)] = glm::dvec3(mesh_->positions[index]);
            world[std::size_t(c)] =
                glm::dvec3(world_from_mesh_ * glm::dvec4(mesh[std::size_t(c)], 1.0));
        }
        SnapResult base;
        base.instance = query_.instance;
        base.triangle = triangle;
        for (int a = 0; a < 3; ++a) {
            const int b = (a + 1) % 3;
            if (query_.targets.vertex)
                offer(base, SnapKind::Vertex, a, -1, 0.0, world[std::size_t(a)],
                      mesh[std::size_t(a)]);
            if (query_.targets.edge_midpoint)
                offer(base, SnapKind::EdgeMidpoint, a, b, 0.5,
                      0.5 * (world[std::size_t(a)] + world[std::size_t(b)]),
                      0.5 * (mesh[std::size_t(a)] + mesh[std::size_t(b)]));
            if (query_.targets.edge) {
                const double s = closest_on_segment(world[std::size_t(a)], world[std::size_t(b)]);
                offer(base, SnapKind::Edge, a, b, s,
                      glm::mix(world[std::size_t(a)], world[std::size_t(b)], s),
                      glm::mix(mesh[std::size_t(a)], mesh[std::size_t(b)], s));
            }
        }
    }

    /// The winner among the candidates that `visible` says the camera sees (a vertex of the
    /// near side, not one of the far side that projects next to it), else the face.
    template <typename Visible>
    [[nodiscard]] std::optional<SnapResult> answer(const Visible& visible) {
        std::sort(candidates_.begin(), candidates_.end(), wins_over);
        for (const SnapResult& candidate : candidates_)
            if (visible(candidate)) return candidate;
        if (!query_.targets.face) return std::nullopt;
        SnapResult face;
        face.instance = query_.instance;
        face.triangle = query_.triangle;
        face.world = query_.world_hit;
        face.mesh = glm::dvec3(mesh_from_world_ * glm::dvec4(query_.world_hit, 1.0));
        const auto at = screen_.window_of(query_.world_hit);
        face.distance_px = at ? glm::length(*at - query_.cursor) : 0.0;
        return face;
    }

  private:
    /// Where along [a, b] the segment comes closest to the cursor's ray.
    [[nodiscard]] double closest_on_segment(glm::dvec3 a, glm::dvec3 b) const {
        const glm::dvec3 u = b - a, w = a - ray_origin_;
        const double uu = glm::dot(u, u), ud = glm::dot(u, ray_direction_);
        const double denominator = uu - ud * ud;  // |u|² |d|² - (u·d)², d unit
        if (!(denominator > 1e-300 * uu) || uu == 0.0) return 0.5;  // parallel to the ray
        const double s = (ud * glm::dot(ray_direction_, w) - glm::dot(u, w)) / denominator;
        return std::clamp(s, 0.0, 1.0);
    }

    void offer(SnapResult candidate, SnapKind kind, int a, int b, double fraction, glm::dvec3 world,
               glm::dvec3 mesh) {
        if (!(glm::length(world - query_.world_hit) <= reach())) return;
        const auto at = screen_.window_of(world);
        if (!at) return;
        const double distance = glm::length(*at - query_.cursor);
        if (!(distance <= query_.radius_px)) return;
        candidate.kind = kind;
        candidate.corner_a = a;
        candidate.corner_b = b;
        candidate.edge_fraction = fraction;
        candidate.world = world;
        candidate.mesh = mesh;
        candidate.distance_px = distance;
        if (kind == SnapKind::Vertex)
            candidate.vertex = mesh_->indices[std::size_t(candidate.triangle) * 3 + std::size_t(a)];
        candidates_.push_back(candidate);
    }

    const ScreenMapping& screen_;
    const SnapQuery& query_;
    const MeshView* mesh_ = nullptr;
    glm::dmat4 world_from_mesh_{1.0}, mesh_from_world_{1.0};
    glm::dvec3 ray_origin_{0.0}, ray_direction_{0.0, 0.0, -1.0};
    double reach_ = 0.0;
    std::vector<SnapResult> candidates_;
};

/// Whether a candidate `length` along its sight line is seen, the line's first hit being at
/// `first_hit`: nothing in front of it but its own surface (rounding allowed for).
bool sees(std::optional<float> first_hit, float length) {
    return !first_hit || *first_hit >= length * (1.0f - 1e-4f) - 1e-6f;
}

bool usable(const SceneView& scene, const SnapQuery& query) {
    return query.instance < scene.instances.size() &&
           scene.instances[query.instance].mesh < scene.meshes.size();
}

}  // namespace

const char* snap_kind_name(SnapKind kind) {
    switch (kind) {
        case SnapKind::Vertex:
            return "vertex";
        case SnapKind::EdgeMidpoint:
            return "edge midpoint";
        case SnapKind::Edge:
            return "edge";
        case SnapKind::Face:
            break;
    }
    return "face";
}

std::optional<glm::dvec2> ScreenMapping::window_of(glm::dvec3 world) const {
    const glm::dvec4 clip = clip_from_world * glm::dvec4(world, 1.0);
    if (!(clip.w > 0.0)) return std::nullopt;
    const glm::dvec2 ndc{clip.x / clip.w, clip.y / clip.w};
    return glm::dvec2(view_min.x + (ndc.x + 1.0) * 0.5 * view_size.x,
                      view_min.y + (1.0 - ndc.y) * 0.5 * view_size.y);
}

void ScreenMapping::ray_through(glm::dvec2 window, glm::dvec3& origin,
                                glm::dvec3& direction) const {
    const glm::dmat4 world_from_clip = glm::inverse(clip_from_world);
    const double x = 2.0 * (window.x - view_min.x) / view_size.x - 1.0;
    const double y = 1.0 - 2.0 * (window.y - view_min.y) / view_size.y;
    const glm::dvec4 near_h = world_from_clip * glm::dvec4(x, y, -1.0, 1.0);
    const glm::dvec4 far_h = world_from_clip * glm::dvec4(x, y, 1.0, 1.0);
    origin = glm::dvec3(near_h) / near_h.w;
    direction = glm::normalize(glm::dvec3(far_h) / far_h.w - origin);
}

std::optional<SnapResult> snap_near(const SceneView& scene, const SceneAccel* accel,
                                    const ScreenMapping& screen, const SnapQuery& query,
                                    std::size_t* candidates) {
    if (!usable(scene, query)) return std::nullopt;
    Snapper snapper(scene, screen, query);
    std::size_t looked = 0;
    const WideBvh* bvh = accel && accel->has_bvhs()
                             ? accel->mesh_bvh(scene.instances[query.instance].mesh)
                             : nullptr;
    if (bvh && !bvh->empty()) {
        // Every triangle within the radius of the hit, as a box in the mesh's space (its
        // corners moved there, padded for the rounding of float boxes).
        const double r = snapper.reach() * 1.01;  // a cube around the sphere of that radius
        Aabb box;
        for (int c = 0; c < 8; ++c) {
            const glm::dvec3 corner =
                query.world_hit + glm::dvec3((c & 1) ? r : -r, (c & 2) ? r : -r, (c & 4) ? r : -r);
            box.extend(glm::vec3(snapper.mesh_from_world() * glm::dvec4(corner, 1.0)));
        }
        const glm::vec3 pad = 1e-6f * (glm::abs(box.min) + glm::abs(box.max)) + 1e-30f;
        box.min -= pad;
        box.max += pad;
        for_each_triangle_near(*bvh, box, [&](std::uint32_t triangle) {
            ++looked;
            snapper.look_at(triangle);
        });
    }
    // The hit triangle always counts (no BVH, or a radius too small to reach its corners).
    snapper.look_at(query.triangle);
    ++looked;
    if (candidates) *candidates = looked;
    const MeshView& mesh = scene.meshes[scene.instances[query.instance].mesh];
    return snapper.answer([&](const SnapResult& candidate) {
        float length = 0.0f;
        const Ray ray = snapper.sight_line(candidate, length);
        if (!bvh || bvh->empty()) return true;  // nothing to look through: trust it
        WideQuery wide;
        wide.intersect = intersect_watertight;
        TraversalStats stats;
        const auto hit = raycast(*bvh, mesh, ray, wide, &stats);
        return sees(hit ? std::optional<float>(hit->hit.t) : std::nullopt, length);
    });
}

std::optional<SnapResult> snap_near_every_triangle(const SceneView& scene,
                                                   const ScreenMapping& screen,
                                                   const SnapQuery& query) {
    if (!usable(scene, query)) return std::nullopt;
    Snapper snapper(scene, screen, query);
    const std::size_t count = scene.meshes[scene.instances[query.instance].mesh].triangle_count();
    for (std::uint32_t t = 0; t < count; ++t)
        snapper.look_at(t);
    const MeshView& mesh = scene.meshes[scene.instances[query.instance].mesh];
    return snapper.answer([&](const SnapResult& candidate) {
        float length = 0.0f;
        const Ray ray = snapper.sight_line(candidate, length);
        std::optional<float> nearest;
        for (std::size_t t = 0; t < mesh.triangle_count(); ++t)
            if (const auto hit = intersect_watertight(ray, mesh.triangle(t), {}))
                if (!nearest || hit->t < *nearest) nearest = hit->t;
        return sees(nearest, length);
    });
}

}  // namespace picking
