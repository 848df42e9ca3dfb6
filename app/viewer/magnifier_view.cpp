#include "app/viewer/magnifier_view.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>

namespace app {

namespace {

constexpr glm::vec4 kPickFill{0.95f, 0.20f, 0.85f, 1.0f};
constexpr glm::vec4 kPickOutline{1.0f, 0.95f, 0.35f, 1.0f};
constexpr glm::vec4 kNeighbourOutline{0.08f, 0.08f, 0.1f, 1.0f};
/// How wide the picked triangle is drawn in the inset, in window pixels.
constexpr float kShownPx = 60.0f;

}  // namespace

std::optional<MagnifierScene> magnifier_scene(const SceneSession& session,
                                              const Selection& selection,
                                              std::span<const std::uint32_t> neighbourhood,
                                              const Camera& camera, const Rect& view,
                                              float size_px) {
    if (!selection.result.hit) return std::nullopt;
    const picking::PickHit& hit = *selection.result.hit;
    const picking::Triangle picked = session.world_triangle(hit.instance, hit.triangle);
    const glm::vec2 a = window_from_world(camera, picked.p0, view);
    const glm::vec2 b = window_from_world(camera, picked.p1, view);
    const glm::vec2 c = window_from_world(camera, picked.p2, view);
    const float extent_px = std::max({glm::length(a - b), glm::length(b - c), glm::length(c - a)});
    if (!(extent_px < kMagnifierBelowPx)) return std::nullopt;  // NaN (behind the eye) too
    const float extent_world =
        std::max({glm::length(picked.p0 - picked.p1), glm::length(picked.p1 - picked.p2),
                  glm::length(picked.p2 - picked.p0)});
    if (!(extent_world > 0.0f) || !std::isfinite(extent_world)) return std::nullopt;

    MagnifierScene scene;
    // The view's camera turned the same way and moved in on the hit point until the triangle
    // is kShownPx of the inset wide: the inset's half height at the target is `half`.
    Camera inset = camera;
    inset.lens_shift = glm::vec2(0.0f);
    inset.target = picked.point(hit.u, hit.v);
    const float half = 0.5f * extent_world * size_px / kShownPx;
    inset.distance = half / std::tan(0.5f * inset.fov_y);
    inset.scene_radius = 4.0f * half;  // near and far planes around what is shown
    scene.zoom = std::max(kShownPx / std::max(extent_px, 0.25f), 1.0f);
    scene.view.view = inset.view();
    scene.view.projection = inset.projection_matrix(1.0f);
    scene.view.eye = inset.eye();

    const glm::vec3 to_eye = glm::normalize(inset.eye() - inset.target);
    for (const std::uint32_t t : neighbourhood) {
        if (t == hit.triangle) continue;
        const picking::Triangle w = session.world_triangle(hit.instance, t);
        const glm::vec3 n = glm::cross(w.p1 - w.p0, w.p2 - w.p0);
        const float length = glm::length(n);
        const float facing = length > 0.0f ? std::abs(glm::dot(n / length, to_eye)) : 0.0f;
        const float shade = 0.35f + 0.45f * facing;
        scene.overlay.triangles.push_back(
            {{w.p0, w.p1, w.p2}, glm::vec4(shade, shade, shade * 1.05f, 1.0f), kNeighbourOutline});
    }
    scene.overlay.triangles.push_back(
        {{picked.p0, picked.p1, picked.p2}, kPickFill, kPickOutline, true});
    scene.overlay.marker = inset.target;
    scene.overlay.marker_size_px = 10.0f;
    return scene;
}

}  // namespace app
