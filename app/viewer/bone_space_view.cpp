#include "app/viewer/bone_space_view.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "picking/scene/bone_space.h"

namespace app {

namespace {

constexpr glm::vec4 kAxisColors[3] = {
    {1.0f, 0.35f, 0.3f, 1.0f}, {0.4f, 0.95f, 0.4f, 1.0f}, {0.4f, 0.6f, 1.0f, 1.0f}};
constexpr glm::vec4 kRayColor{0.3f, 1.0f, 0.9f, 1.0f};
constexpr glm::vec4 kPickFill{0.95f, 0.20f, 0.85f, 1.0f};
constexpr glm::vec4 kPickOutline{1.0f, 0.95f, 0.35f, 1.0f};
constexpr glm::vec4 kNeighbourOutline{0.08f, 0.08f, 0.1f, 1.0f};

/// The box of the mesh's vertices; a mesh with none is framed as the point at its origin.
picking::Aabb local_bounds(std::span<const glm::vec3> positions) {
    const picking::Aabb box = picking::bounds_of(positions);
    return box.empty() ? picking::Aabb{glm::vec3(0.0f), glm::vec3(0.0f)} : box;
}

/// The part of the ray inside the box [lo, hi] (slab test), or nothing.
std::optional<std::pair<float, float>> clip_to_box(const picking::Ray& ray, glm::vec3 lo,
                                                   glm::vec3 hi) {
    float enter = -std::numeric_limits<float>::infinity();
    float exit = std::numeric_limits<float>::infinity();
    for (int i = 0; i < 3; ++i) {
        if (ray.direction[i] == 0.0f) {
            if (ray.origin[i] < lo[i] || ray.origin[i] > hi[i]) return std::nullopt;
            continue;
        }
        float a = (lo[i] - ray.origin[i]) / ray.direction[i];
        float b = (hi[i] - ray.origin[i]) / ray.direction[i];
        if (a > b) std::swap(a, b);
        enter = std::max(enter, a);
        exit = std::min(exit, b);
    }
    if (!(enter <= exit)) return std::nullopt;
    return std::pair{enter, exit};
}

}  // namespace

std::span<const glm::vec3> picked_vertices(const SceneSession& session,
                                           const Selection& selection) {
    if (!selection.picked_positions.empty()) return selection.picked_positions;
    return session.scene().meshes[selection.result.hit->mesh].positions;
}

BoneSpaceScene bone_space_scene(const SceneSession& session, const Selection& selection,
                                Camera& camera, std::uint64_t& framed_serial, glm::ivec2 size_px,
                                std::span<const std::uint32_t> neighbourhood) {
    const picking::PickHit& hit = *selection.result.hit;
    BoneSpaceScene scene;
    const float aspect = float(size_px.x) / float(std::max(size_px.y, 1));
    const std::span<const glm::vec3> vertices = picked_vertices(session, selection);
    const std::vector<std::uint32_t>& indices = session.scene().meshes[hit.mesh].indices;
    scene.whole_mesh = indices.size() / 3 <= kBoneSpaceWholeMesh;
    scene.triangles = scene.whole_mesh ? indices.size() / 3 : neighbourhood.size();

    // Frame what is drawn (the mesh, or the neighbourhood), the mesh's origin (where the axes
    // start) and the hit point.
    picking::Aabb box;
    if (scene.whole_mesh) {
        box = local_bounds(vertices);
    } else {
        for (const std::uint32_t t : neighbourhood)
            for (int k = 0; k < 3; ++k)
                box.extend(vertices[indices[3 * t + std::uint32_t(k)]]);
        box.extend(hit.local_point);
    }
    const float radius = std::max(box.radius(), 1e-6f);
    picking::Aabb framed = box;
    for (const glm::vec3 p : {glm::vec3(0.0f), hit.local_point}) {
        if (glm::length(p - box.center()) > 3.0f * radius) continue;  // a far origin: skip it
        framed.min = glm::min(framed.min, p);
        framed.max = glm::max(framed.max, p);
    }
    const picking::Ray bone =
        picking::to_bone_space(selection.ray, picking::mesh_from_world(selection.world_from_mesh));
    if (framed_serial != selection.serial) {
        // Look at the face that was hit, from off to one side of the ray and a little from
        // above: the face shows, and the ray shows as a line.
        const glm::vec3 along = glm::vec3(glm::normalize(glm::dvec3(bone.direction)));
        glm::vec3 face = glm::vec3(glm::normalize(glm::dvec3(hit.local_triangle.normal())));
        if (glm::dot(face, along) > 0.0f) face = -face;  // the side the ray came from
        glm::vec3 side = glm::cross(along, glm::vec3(0, 1, 0));
        if (glm::length(side) < 0.2f) side = glm::cross(along, glm::vec3(1, 0, 0));
        glm::vec3 to_eye = face + 0.9f * glm::normalize(side) + glm::vec3(0, 0.25f, 0);
        if (!std::isfinite(to_eye.x) || glm::length(to_eye) < 1e-3f) to_eye = -along;
        to_eye = glm::normalize(to_eye);
        if (std::isfinite(to_eye.x)) {
            camera.yaw = std::atan2(to_eye.x, to_eye.z);
            camera.pitch = std::asin(std::clamp(to_eye.y, -0.95f, 0.95f));
        }
        camera.frame(framed.min, framed.max, aspect);
        framed_serial = selection.serial;
    }
    scene.view.viewport_px = size_px;
    scene.view.view = camera.view();
    scene.view.projection = camera.projection_matrix(aspect);
    scene.view.eye = camera.eye();

    // == A dense mesh's neighbourhood of the hit, shaded by facing, outlined.
    if (!scene.whole_mesh) {
        const glm::vec3 eye_dir = glm::normalize(camera.eye() - camera.target);
        for (const std::uint32_t t : neighbourhood) {
            const glm::vec3 a = vertices[indices[3 * t]], b = vertices[indices[3 * t + 1]],
                            c = vertices[indices[3 * t + 2]];
            const glm::vec3 n = glm::cross(b - a, c - a);
            const float length = glm::length(n);
            const float facing = length > 0.0f ? std::abs(glm::dot(n / length, eye_dir)) : 0.0f;
            const float shade = 0.35f + 0.45f * facing;
            scene.overlay.triangles.push_back(
                {{a, b, c}, glm::vec4(shade, shade, shade * 1.05f, 1.0f), kNeighbourOutline});
        }
    }
    // == The axes of the mesh's own space, all of length r here (r the radius of what is
    // drawn: the axes start at the origin, which may lie far from a neighbourhood).
    for (int i = 0; i < 3; ++i) {
        glm::vec3 axis(0.0f);
        axis[i] = radius;
        scene.overlay.lines.push_back({glm::vec3(0.0f), axis, kAxisColors[i]});
    }
    // == The ray as the mesh sees it: the inverse of world_from_mesh applied to the world ray.
    const glm::vec3 margin(0.35f * radius);
    const auto span = clip_to_box(bone, glm::min(framed.min, hit.local_point) - margin,
                                  glm::max(framed.max, hit.local_point) + margin);
    const float length = glm::length(bone.direction);
    const float t_from = span ? span->first : hit.t - radius / std::max(length, 1e-20f);
    const float t_to = span ? span->second : hit.t + radius / std::max(length, 1e-20f);
    scene.overlay.lines.push_back({bone.at(t_from), bone.at(t_to), kRayColor});
    // == The picked triangle and the hit point, in the pose the mesh is drawn in: the pick's.
    scene.overlay.triangles.push_back(
        {{hit.local_triangle.p0, hit.local_triangle.p1, hit.local_triangle.p2},
         kPickFill,
         kPickOutline});
    scene.overlay.marker = hit.local_point;
    scene.overlay.marker_size_px = 14.0f;
    return scene;
}

float picked_mesh_radius(const SceneSession& session, const Selection& selection) {
    if (!selection.result.hit) return 0.0f;
    return std::max(local_bounds(picked_vertices(session, selection)).radius(), 1e-6f);
}

void add_bone_axes(const SceneSession& session, const Selection& selection, float mesh_radius,
                   render::Overlay& overlay, float max_length) {
    if (!selection.result.hit) return;
    const picking::PickHit& hit = *selection.result.hit;
    float radius = mesh_radius;
    const glm::mat4& m = session.instance_transforms()[hit.instance];
    const float longest = std::max(
        {glm::length(glm::vec3(m[0])), glm::length(glm::vec3(m[1])), glm::length(glm::vec3(m[2]))});
    if (longest * radius > max_length && longest > 0.0f) radius = max_length / longest;
    const glm::vec3 origin = glm::vec3(m[3]);
    for (int i = 0; i < 3; ++i)
        overlay.lines.push_back({origin, origin + radius * glm::vec3(m[i]), kAxisColors[i]});
}

}  // namespace app
