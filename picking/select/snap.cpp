#include "picking/select/snap.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

#include "picking/bvh/wide_bvh.h"
#include "picking/core/isa.h"
#include "picking/select/selection_volume.h"
#include "picking/select/snap_window.h"

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

/// 1 / cos of the angle between the hit face and the view, at most 6 (80 degrees): how much
/// farther in space than on screen its features may lie.
double slant(const SceneView& scene, const SnapQuery& query, glm::dvec3 view_direction) {
    const Instance& instance = scene.instances[query.instance];
    const MeshView& mesh = scene.meshes[instance.mesh];
    if (std::size_t(query.triangle) >= mesh.triangle_count()) return 1.0;
    const Triangle t = mesh.triangle(query.triangle);
    const glm::dmat4 m(instance.world_from_mesh);
    const glm::dvec3 p0(m * glm::dvec4(glm::dvec3(t.p0), 1.0)),
        p1(m * glm::dvec4(glm::dvec3(t.p1), 1.0)), p2(m * glm::dvec4(glm::dvec3(t.p2), 1.0));
    const glm::dvec3 n = glm::cross(p1 - p0, p2 - p0);
    const double length = glm::length(n);
    if (!(length > 0.0)) return 6.0;
    const double cosine = std::abs(glm::dot(n / length, view_direction));
    return 1.0 / std::max(cosine, 1.0 / 6.0);
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
        reach_per_px_ =
            world_radius(screen, query.world_hit, 1.0) * slant(scene, query, ray_direction_) * 1.25;
        clip_from_mesh_ = screen.clip_from_world * world_from_mesh_;
    }

    [[nodiscard]] const glm::dmat4& mesh_from_world() const { return mesh_from_world_; }
    /// How far from the hit (world units) a feature `distance_px` from the cursor on screen may
    /// lie and still count: that distance (and a pixel more) at the hit's depth, stretched by
    /// the slant of the hit face (on a face seen at angle a, d pixels are up to d / cos a away
    /// in space), with a quarter to spare for curved surfaces. What lies farther is another
    /// part of the model that projects next to the cursor (the far side of a thin wall).
    [[nodiscard]] double reach(double distance_px) const {
        return (distance_px + 1.0) * reach_per_px_;
    }
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
        std::array<glm::dvec3, 3> mesh;
        std::array<glm::dvec4, 3> clip;
        std::array<glm::dvec2, 3> at;  // the corners in window pixels
        for (std::size_t c = 0; c < 3; ++c) {
            const std::uint32_t index = mesh_->indices[std::size_t(triangle) * 3 + c];
            if (index >= mesh_->positions.size()) return;
            mesh[c] = glm::dvec3(mesh_->positions[index]);
            clip[c] = clip_from_mesh_ * glm::dvec4(mesh[c], 1.0);
            // A corner behind the eye: the triangle reaches past the camera, nothing to aim at.
            if (!(clip[c].w > 0.0)) return;
            at[c] = screen_.window_of_ndc({clip[c].x / clip[c].w, clip[c].y / clip[c].w});
        }
        // Most triangles near the hit in space lie nowhere near the cursor on screen: their
        // projected box, widened by the radius, leaves them out before any finer test.
        const glm::dvec2 lo = glm::min(at[0], glm::min(at[1], at[2])) - query_.radius_px;
        const glm::dvec2 hi = glm::max(at[0], glm::max(at[1], at[2])) + query_.radius_px;
        const glm::dvec2 cursor = query_.cursor;
        if (cursor.x < lo.x || cursor.x > hi.x || cursor.y < lo.y || cursor.y > hi.y) return;
        // Each feature is placed on screen from its corners' clip coordinates (clip space is
        // linear: a midpoint's or an edge point's are the mix of its corners'); its 3D point
        // is made only when it lies within the radius.
        for (std::size_t a = 0; a < 3; ++a) {
            const std::size_t b = (a + 1) % 3;
            if (query_.targets.vertex)
                offer(triangle, SnapKind::Vertex, int(a), -1, 0.0, glm::length(at[a] - cursor),
                      mesh);
            if (query_.targets.edge_midpoint && can_win(SnapKind::EdgeMidpoint))
                offer(triangle, SnapKind::EdgeMidpoint, int(a), int(b), 0.5,
                      distance_on_screen(0.5 * (clip[a] + clip[b])), mesh);
            if (query_.targets.edge && can_win(SnapKind::Edge)) {
                // The point of the projected edge nearest the cursor, then where that lies on
                // the edge in space (perspective-correct: screen and space fractions differ).
                const glm::dvec2 ab = at[b] - at[a];
                const double length2 = glm::dot(ab, ab);
                const double t = length2 > 0.0
                                     ? std::clamp(glm::dot(cursor - at[a], ab) / length2, 0.0, 1.0)
                                     : 0.5;
                const double s = (t / clip[b].w) / ((1.0 - t) / clip[a].w + t / clip[b].w);
                offer(triangle, SnapKind::Edge, int(a), int(b), s,
                      distance_on_screen(glm::mix(clip[a], clip[b], s)), mesh);
            }
        }
    }

    /// How far from the cursor a feature may still lie and be kept: the radius, until the kept
    /// ones are all of the best kind asked for; then the farthest of them (a dense mesh's
    /// thousands of triangles under the radius shrink to the few around the nearest vertex).
    [[nodiscard]] double radius_now() const {
        if (best_count_ < kKeep) return query_.radius_px;
        const SnapKind best_kind = query_.targets.vertex          ? SnapKind::Vertex
                                   : query_.targets.edge_midpoint ? SnapKind::EdgeMidpoint
                                                                  : SnapKind::Edge;
        const SnapResult& last = best_[kKeep - 1];
        return last.kind == best_kind ? last.distance_px : query_.radius_px;
    }

    /// The winner among the candidates that `visible` says the camera sees (a vertex of the
    /// near side, not one of the far side that projects next to it), else the face.
    template <typename Visible>
    [[nodiscard]] std::optional<SnapResult> answer(const Visible& visible) {
        // The best first; the next only when it is hidden.
        for (std::size_t i = 0; i < best_count_; ++i)
            if (visible(best_[i])) return best_[i];
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
    /// Whether a candidate of `kind` could still be kept (the kept ones are not all better).
    [[nodiscard]] bool can_win(SnapKind kind) const {
        return best_count_ < kKeep || !(best_[kKeep - 1].kind < kind);
    }

    [[nodiscard]] double distance_on_screen(const glm::dvec4& clip) const {
        return glm::length(screen_.window_of_ndc({clip.x / clip.w, clip.y / clip.w}) -
                           query_.cursor);
    }

    /// A feature `distance` pixels from the cursor: kept when within the radius and near the
    /// hit in space. Its point is corner a, or (1 - fraction) a + fraction b.
    void offer(std::uint32_t triangle, SnapKind kind, int a, int b, double fraction,
               double distance, const std::array<glm::dvec3, 3>& corners) {
        if (!(distance <= query_.radius_px)) return;
        if (best_count_ == kKeep) {  // full: only what beats the last kept goes on
            const SnapResult& last = best_[kKeep - 1];
            if (last.kind != kind ? last.kind < kind
                                  : (last.distance_px != distance
                                         ? last.distance_px < distance
                                         : (last.triangle != triangle ? last.triangle < triangle
                                                                      : last.corner_a <= a)))
                return;
        }
        const glm::dvec3 mesh =
            b < 0 ? corners[std::size_t(a)]
                  : glm::mix(corners[std::size_t(a)], corners[std::size_t(b)], fraction);
        const glm::dvec3 world = glm::dvec3(world_from_mesh_ * glm::dvec4(mesh, 1.0));
        // Near the surface under the cursor: what lies farther away in space is another part.
        if (!(glm::length(world - query_.world_hit) <= reach(distance))) return;
        SnapResult candidate;
        candidate.kind = kind;
        candidate.instance = query_.instance;
        candidate.triangle = triangle;
        candidate.corner_a = a;
        candidate.corner_b = b;
        candidate.edge_fraction = fraction;
        candidate.world = world;
        candidate.mesh = mesh;
        candidate.distance_px = distance;
        if (kind == SnapKind::Vertex)
            candidate.vertex = mesh_->indices[std::size_t(triangle) * 3 + std::size_t(a)];
        keep(candidate);
    }

    const ScreenMapping& screen_;
    const SnapQuery& query_;
    const MeshView* mesh_ = nullptr;
    glm::dmat4 world_from_mesh_{1.0}, mesh_from_world_{1.0}, clip_from_mesh_{1.0};
    glm::dvec3 ray_origin_{0.0}, ray_direction_{0.0, 0.0, -1.0};
    double reach_per_px_ = 0.0;
    /// The best kKeep candidates in winning order (a few hidden ones may go before a seen one;
    /// thousands within the radius of a dense mesh are never all kept).
    static constexpr std::size_t kKeep = 4;
    std::array<SnapResult, kKeep> best_{};
    std::size_t best_count_ = 0;

    void keep(const SnapResult& candidate) {
        if (best_count_ == kKeep && !wins_over(candidate, best_[kKeep - 1])) return;
        // A vertex shared by six triangles is one candidate, not six: the one that wins (the
        // lowest triangle), whatever order the search offers them in.
        for (std::size_t k = 0; k < best_count_; ++k)
            if (best_[k].kind == candidate.kind && best_[k].world == candidate.world) {
                if (!wins_over(candidate, best_[k])) return;
                for (std::size_t j = k; j + 1 < best_count_; ++j)
                    best_[j] = best_[j + 1];
                --best_count_;
                break;
            }
        std::size_t i = std::min(best_count_, kKeep - 1);
        while (i > 0 && wins_over(candidate, best_[i - 1])) {
            best_[i] = best_[i - 1];
            --i;
        }
        best_[i] = candidate;
        best_count_ = std::min(best_count_ + 1, kKeep);
    }
};

/// A first, coarse look at a leaf's eight triangles at once, in float: the screen box of each
/// (corners through clip_from_mesh) widened by the radius and a pixel of slack for float's
/// rounding must hold the cursor. Only those go on to the exact test in double, which decides.
struct NearTest {
    float m[4][4];               ///< clip_from_mesh, row by row
    float ndc_lo[2], ndc_hi[2];  ///< the cursor's square, widened, in normalized device units
};

NearTest make_near_test(const glm::dmat4& clip_from_mesh, const ScreenMapping& screen,
                        const SnapQuery& query, double radius_px) {
    NearTest t{};
    for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 4; ++c)
            t.m[r][c] = float(clip_from_mesh[c][r]);
    const double reach = radius_px + 1.0;
    for (int axis = 0; axis < 2; ++axis) {
        const double size = screen.view_size[axis];
        const double centre = axis == 0 ? 2.0 * (query.cursor.x - screen.view_min.x) / size - 1.0
                                        : 1.0 - 2.0 * (query.cursor.y - screen.view_min.y) / size;
        t.ndc_lo[axis] = float(centre - 2.0 * reach / size);
        t.ndc_hi[axis] = float(centre + 2.0 * reach / size);
    }
    return t;
}

void near_cursor(const TriangleBlock8& block, const NearTest& t, bool (&near)[8]) {
    float lo_x[8], hi_x[8], lo_y[8], hi_y[8];
    bool in_front[8];
    for (int lane = 0; lane < 8; ++lane) {
        lo_x[lane] = lo_y[lane] = std::numeric_limits<float>::infinity();
        hi_x[lane] = hi_y[lane] = -std::numeric_limits<float>::infinity();
        in_front[lane] = true;
    }
    for (int c = 0; c < 3; ++c)
        for (int lane = 0; lane < 8; ++lane) {
            const float x = block.corner[c][0][lane], y = block.corner[c][1][lane],
                        z = block.corner[c][2][lane];
            const float cx = t.m[0][0] * x + t.m[0][1] * y + t.m[0][2] * z + t.m[0][3];
            const float cy = t.m[1][0] * x + t.m[1][1] * y + t.m[1][2] * z + t.m[1][3];
            const float cw = t.m[3][0] * x + t.m[3][1] * y + t.m[3][2] * z + t.m[3][3];
            in_front[lane] = in_front[lane] && cw > 0.0f;
            const float nx = cx / cw, ny = cy / cw;
            lo_x[lane] = std::min(lo_x[lane], nx);
            hi_x[lane] = std::max(hi_x[lane], nx);
            lo_y[lane] = std::min(lo_y[lane], ny);
            hi_y[lane] = std::max(hi_y[lane], ny);
        }
    for (int lane = 0; lane < 8; ++lane)
        // A corner behind the eye (or a NaN) is left to the exact test.
        near[lane] = !in_front[lane] || !(hi_x[lane] < t.ndc_lo[0] || lo_x[lane] > t.ndc_hi[0] ||
                                          hi_y[lane] < t.ndc_lo[1] || lo_y[lane] > t.ndc_hi[1]);
}

/// The window where candidates within `radius_px` of the cursor can lie, in the mesh's space:
/// the box of their reach around the hit, and the frustum of the radius's square.
SnapWindow snap_window(const Snapper& snapper, const ScreenMapping& screen, const SnapQuery& query,
                       const glm::dmat4& clip_from_mesh, double radius_px) {
    // Every triangle within reach of the hit, as a box in the mesh's space (its corners moved
    // there, padded for the rounding of float boxes).
    const double r = snapper.reach(radius_px) * 1.01;  // a cube around that sphere
    Aabb box;
    for (int c = 0; c < 8; ++c) {
        const glm::dvec3 corner =
            query.world_hit + glm::dvec3((c & 1) ? r : -r, (c & 2) ? r : -r, (c & 4) ? r : -r);
        box.extend(glm::vec3(snapper.mesh_from_world() * glm::dvec4(corner, 1.0)));
    }
    const glm::vec3 pad = 1e-6f * (glm::abs(box.min) + glm::abs(box.max)) + 1e-30f;
    box.min -= pad;
    box.max += pad;
    // And only what projects into the square of the radius around the cursor: the frustum of
    // that square, moved into the mesh's space.
    const glm::dvec2 r_ndc = 2.0 * radius_px / screen.view_size;
    const glm::dvec2 c_ndc{2.0 * (query.cursor.x - screen.view_min.x) / screen.view_size.x - 1.0,
                           1.0 - 2.0 * (query.cursor.y - screen.view_min.y) / screen.view_size.y};
    const SelectionVolume square =
        SelectionVolume::rectangle(screen.clip_from_world, c_ndc - r_ndc, c_ndc + r_ndc);
    return SnapWindow(box, square.planes_in(clip_from_mesh));
}

/// Pushes the children of `node` whose bit is set in `within`, the one nearest `point` last
/// (popped first); equally near ones go on in slot order.
void push_nearest_last(const WideNode& node, std::uint32_t within, glm::vec3 point,
                       std::vector<std::uint32_t>& stack) {
    float distance2[WideNode::kWidth];
    for (int i = 0; i < WideNode::kWidth; ++i) {
        const float dx =
            std::max(std::max(node.bounds[0][i] - point.x, point.x - node.bounds[1][i]), 0.0f);
        const float dy =
            std::max(std::max(node.bounds[2][i] - point.y, point.y - node.bounds[3][i]), 0.0f);
        const float dz =
            std::max(std::max(node.bounds[4][i] - point.z, point.z - node.bounds[5][i]), 0.0f);
        distance2[i] = dx * dx + dy * dy + dz * dz;
    }
    std::uint32_t order[WideNode::kWidth];
    int count = 0;
    for (std::uint32_t i = 0; i < node.child_count; ++i) {
        if (!(within & (1u << i)) || node.child[i] == WideNode::kEmpty) continue;
        // Insertion sort, farthest first.
        int at = count++;
        while (at > 0 && distance2[order[at - 1]] < distance2[i]) {
            order[at] = order[at - 1];
            --at;
        }
        order[at] = i;
    }
    for (int k = 0; k < count; ++k)
        stack.push_back(node.child[order[k]]);
}

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

glm::dvec2 ScreenMapping::window_of_ndc(glm::dvec2 ndc) const {
    return {view_min.x + (ndc.x + 1.0) * 0.5 * view_size.x,
            view_min.y + (1.0 - ndc.y) * 0.5 * view_size.y};
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
                             ? accel->mesh_bvh(scene, scene.instances[query.instance].mesh)
                             : nullptr;
    if (bvh && !bvh->empty()) {
        // The hit triangle first: on a dense mesh its corners are among the nearest already.
        snapper.look_at(query.triangle);
        ++looked;
        const glm::dmat4 clip_from_mesh =
            screen.clip_from_world * glm::dmat4(scene.instances[query.instance].world_from_mesh);
        const glm::vec3 hit_mesh(snapper.mesh_from_world() * glm::dvec4(query.world_hit, 1.0));
        double radius = snapper.radius_now();
        SnapWindow window = snap_window(snapper, screen, query, clip_from_mesh, radius);
        NearTest near_test = make_near_test(clip_from_mesh, screen, query, radius);
        // Depth first, the child nearest the hit first: the hit's neighbours give the nearest
        // vertices within a few leaves, the radius shrinks to them, and with it the window
        // that the rest of the search must meet (a dense mesh's thousands of triangles under
        // the full radius are never looked at).
        std::vector<std::uint32_t> stack;
        stack.reserve(64);
        stack.push_back(0);
        while (!stack.empty()) {
            const std::uint32_t ref = stack.back();
            stack.pop_back();
            if (snapper.radius_now() < radius) {
                radius = snapper.radius_now();
                window = snap_window(snapper, screen, query, clip_from_mesh, radius);
                near_test = make_near_test(clip_from_mesh, screen, query, radius);
            }
            if (WideNode::is_leaf(ref)) {
                const TriangleBlock8& block = bvh->blocks[WideNode::leaf_block(ref)];
                bool near[8];
                near_cursor(block, near_test, near);
                for (std::uint32_t lane = 0; lane < WideNode::leaf_count(ref); ++lane) {
                    if (block.id[lane] == kEmptyLane || !near[lane]) continue;
                    ++looked;
                    snapper.look_at(block.id[lane]);
                }
                continue;
            }
            const WideNode& node = bvh->nodes[ref];
            push_nearest_last(node, window.children_within(node), hit_mesh, stack);
        }
    }
    if (!bvh || bvh->empty()) {  // the hit triangle alone
        snapper.look_at(query.triangle);
        ++looked;
    }
    if (candidates) *candidates = looked;
    const MeshView& mesh = scene.meshes[scene.instances[query.instance].mesh];
    return snapper.answer([&](const SnapResult& candidate) {
        float length = 0.0f;
        const Ray ray = snapper.sight_line(candidate, length);
        if (!bvh || bvh->empty()) return true;  // nothing to look through: trust it
        WideQuery wide;
        wide.intersect = intersect_watertight;
        // The SIMD kernels where the CPU has them: the same answers, bit for bit.
        wide.block_algorithm = block_algorithm_for(RayTriangleMethod::Watertight);
        wide.isa = active_isa();
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
