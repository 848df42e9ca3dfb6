#include "app/core/camera.h"

#include <algorithm>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/matrix.hpp>

namespace app {

namespace {
constexpr float kMaxPitch = glm::radians(89.0f);
}

glm::vec3 Camera::forward() const {
    // The eye sits at yaw/pitch on a sphere around the target and looks back at it.
    const glm::vec3 to_eye(std::cos(pitch) * std::sin(yaw), std::sin(pitch),
                           std::cos(pitch) * std::cos(yaw));
    return -to_eye;
}

glm::vec3 Camera::eye() const {
    return target - distance * forward();
}

glm::mat4 Camera::view() const {
    return glm::lookAt(eye(), target, glm::vec3(0, 1, 0));
}

float Camera::near_plane() const {
    if (projection == Projection::Orthographic) return -(2.0f * scene_radius + distance);
    return std::max(distance - 2.0f * scene_radius, distance * 0.002f);
}

float Camera::far_plane() const {
    return distance + 2.0f * scene_radius;
}

float Camera::view_height_at_target() const {
    return 2.0f * distance * std::tan(fov_y * 0.5f);
}

glm::mat4 Camera::projection_matrix(float aspect) const {
    if (!(aspect > 0.0f)) aspect = 1.0f;
    glm::mat4 p;
    if (projection == Projection::Orthographic) {
        const float h = 0.5f * view_height_at_target(), w = h * aspect;
        p = glm::ortho(-w, w, -h, h, near_plane(), far_plane());
    } else {
        p = glm::perspective(fov_y, aspect, near_plane(), far_plane());
    }
    if (lens_shift == glm::vec2(0.0f)) return p;
    // Moves every point by lens_shift in normalized device coordinates (x_clip += shift · w).
    return glm::translate(glm::mat4(1.0f), glm::vec3(lens_shift, 0.0f)) * p;
}

void Camera::frame(glm::vec3 box_min, glm::vec3 box_max, float aspect) {
    frame(box_min, box_max, aspect, glm::vec2(0.0f), glm::vec2(1.0f));
}

void Camera::frame(glm::vec3 box_min, glm::vec3 box_max, float aspect, glm::vec2 region_min,
                   glm::vec2 region_max) {
    if (!(aspect > 0.0f)) aspect = 1.0f;
    // The region's half extents and centre in normalized device coordinates (y up).
    const glm::vec2 lo = glm::clamp(glm::min(region_min, region_max), 0.0f, 1.0f);
    const glm::vec2 hi = glm::clamp(glm::max(region_min, region_max), 0.0f, 1.0f);
    const glm::vec2 half = glm::max(hi - lo, glm::vec2(0.05f));  // (hi - lo) / 2 of [-1, 1]
    lens_shift = {lo.x + hi.x - 1.0f, 1.0f - lo.y - hi.y};
    const glm::vec3 center = 0.5f * (box_min + box_max);
    float radius = 0.5f * glm::length(box_max - box_min);
    if (!std::isfinite(radius) || !std::isfinite(center.x + center.y + center.z)) return;
    radius = std::max(radius, 1e-6f * std::max(1.0f, glm::length(center)));
    target = center;
    scene_radius = radius;

    // In view axes, each corner needs |x| <= depth * tan * aspect and |y| <= depth * tan,
    // where depth = distance + (corner along the view direction): solve for the distance.
    const glm::vec3 f = forward();
    const glm::vec3 right = glm::normalize(glm::cross(f, glm::vec3(0, 1, 0)));
    const glm::vec3 up = glm::cross(right, f);
    const float tan_half = std::tan(fov_y * 0.5f);
    float needed = 0.0f;
    float ortho_half_height = 0.0f;
    for (int i = 0; i < 8; ++i) {
        const glm::vec3 corner((i & 1) ? box_max.x : box_min.x, (i & 2) ? box_max.y : box_min.y,
                               (i & 4) ? box_max.z : box_min.z);
        const glm::vec3 c = corner - center;
        const float x = std::abs(glm::dot(c, right)), y = std::abs(glm::dot(c, up));
        const float z = glm::dot(c, f);
        // The view's half height that fits this corner into the region.
        const float half_height = std::max(y / half.y, x / (aspect * half.x));
        needed = std::max(needed, half_height / tan_half - z);
        ortho_half_height = std::max(ortho_half_height, half_height);
    }
    constexpr float kMargin = 1.08f;
    distance = projection == Projection::Orthographic ? kMargin * ortho_half_height / tan_half
                                                      : kMargin * needed;
    distance = std::max(distance, 1e-3f * radius);
}

void Camera::orbit(float d_yaw, float d_pitch) {
    yaw = std::remainder(yaw + d_yaw, 2.0f * glm::pi<float>());
    pitch = std::clamp(pitch + d_pitch, -kMaxPitch, kMaxPitch);
}

void Camera::pan(glm::vec2 delta_window, glm::vec2 window_size) {
    if (!(window_size.y > 0.0f)) return;
    const float units_per_pixel = view_height_at_target() / window_size.y;
    const glm::vec3 right = glm::normalize(glm::cross(forward(), glm::vec3(0, 1, 0)));
    const glm::vec3 up = glm::cross(right, forward());
    target += units_per_pixel * (-delta_window.x * right + delta_window.y * up);
}

void Camera::zoom_to_cursor(float factor, glm::vec2 cursor_window, glm::vec2 window_size) {
    // The point under the cursor on the plane through the target facing the camera stays
    // put: eye and target both move towards it by the same fraction.
    const picking::Ray ray = ray_from_cursor(*this, cursor_window, window_size);
    const glm::vec3 n = forward();
    const float denom = glm::dot(ray.direction, n);
    glm::vec3 anchor = target;
    if (std::abs(denom) > 1e-6f) anchor = ray.at(glm::dot(target - ray.origin, n) / denom);
    const float new_distance =
        std::clamp(distance * factor, 1e-4f * scene_radius, 1e4f * scene_radius);
    const float applied = new_distance / distance;
    target = anchor + (target - anchor) * applied;
    distance = new_distance;
}

Camera opening_camera(const picking::Aabb& box, glm::vec2 window_size) {
    Camera camera;
    camera.frame(box.min, box.max, window_size.x / std::max(window_size.y, 1.0f));
    return camera;
}

CursorRays::CursorRays(const Camera& camera, glm::vec2 window_size)
    : window_size_(window_size),
      perspective_(camera.projection == Projection::Perspective),
      eye_(camera.eye()) {
    const float aspect = window_size.y > 0.0f ? window_size.x / window_size.y : 1.0f;
    const glm::dmat4 clip_from_world =
        glm::dmat4(camera.projection_matrix(aspect)) * glm::dmat4(camera.view());
    world_from_clip_ = glm::inverse(clip_from_world);
    // glm's matrix times vector is (m0 x + m1 y) + (m2 z + m3 w): these are its second sum
    // for the near (z = -1) and the far (z = 1) point, w = 1.
    near_depth_ = world_from_clip_[2] * glm::dvec4(-1.0) + world_from_clip_[3] * glm::dvec4(1.0);
    far_depth_ = world_from_clip_[2] * glm::dvec4(1.0) + world_from_clip_[3] * glm::dvec4(1.0);
}

glm::dvec4 CursorRays::column_part(float cursor_x) const {
    const double x = 2.0 * double(cursor_x) / double(window_size_.x) - 1.0;
    return world_from_clip_[0] * glm::dvec4(x);
}

glm::dvec4 CursorRays::row_part(float cursor_y) const {
    const double y = 1.0 - 2.0 * double(cursor_y) / double(window_size_.y);
    return world_from_clip_[1] * glm::dvec4(y);
}

picking::Ray CursorRays::ray_from_parts(const glm::dvec4& column, const glm::dvec4& row) const {
    const glm::dvec4 plane = column + row;
    const glm::dvec4 near_h = plane + near_depth_;
    const glm::dvec4 far_h = plane + far_depth_;
    const glm::dvec3 near_point = glm::dvec3(near_h) / near_h.w;
    const glm::dvec3 far_point = glm::dvec3(far_h) / far_h.w;

    picking::Ray ray;
    const glm::dvec3 direction = glm::normalize(far_point - near_point);
    ray.direction = glm::vec3(direction);
    ray.origin = perspective_ ? eye_ : glm::vec3(near_point);
    return ray;
}

PixelRays::PixelRays(const Camera& camera, glm::ivec2 image_size)
    : rays_(camera, glm::vec2(image_size)),
      columns_(std::size_t(std::max(image_size.x, 0))),
      rows_(std::size_t(std::max(image_size.y, 0))) {
    for (std::size_t x = 0; x < columns_.size(); ++x)
        columns_[x] = rays_.column_part(float(x) + 0.5f);
    for (std::size_t y = 0; y < rows_.size(); ++y)
        rows_[y] = rays_.row_part(float(y) + 0.5f);
}

picking::Ray ray_from_cursor(const Camera& camera, glm::vec2 cursor_window, glm::vec2 window_size) {
    return CursorRays(camera, window_size).ray(cursor_window);
}

glm::vec2 window_from_world(const Camera& camera, glm::vec3 world, glm::vec2 window_size) {
    const float aspect = window_size.y > 0.0f ? window_size.x / window_size.y : 1.0f;
    const glm::vec4 clip =
        camera.projection_matrix(aspect) * camera.view() * glm::vec4(world, 1.0f);
    const glm::vec2 ndc = glm::vec2(clip) / clip.w;
    return {(ndc.x + 1.0f) * 0.5f * window_size.x, (1.0f - ndc.y) * 0.5f * window_size.y};
}

picking::Ray ray_from_cursor(const Camera& camera, glm::vec2 cursor_window, const Rect& view) {
    return ray_from_cursor(camera, cursor_window - view.min, view.size());
}

glm::vec2 window_from_world(const Camera& camera, glm::vec3 world, const Rect& view) {
    return view.min + window_from_world(camera, world, view.size());
}

}  // namespace app
