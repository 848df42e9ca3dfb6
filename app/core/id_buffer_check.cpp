#include "app/core/id_buffer_check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <glm/geometric.hpp>

namespace app {

namespace {

/// Distance from `p` to the segment a-b.
float distance_to_segment(glm::vec3 p, glm::vec3 a, glm::vec3 b) {
    const glm::vec3 ab = b - a;
    const float length2 = glm::dot(ab, ab);
    const float s = length2 > 0.0f ? std::clamp(glm::dot(p - a, ab) / length2, 0.0f, 1.0f) : 0.0f;
    return glm::length(p - (a + s * ab));
}

std::string number(double value, const char* style) {
    char text[32];
    std::snprintf(text, sizeof text, style[0] == 'e' ? "%.0e" : "%g", value);
    return text;
}

/// Why the CPU and the GPU may disagree on this pick, the likeliest first; empty when nothing
/// in the settings or the geometry explains it.
std::string cause_of(const Selection& s, const IdBufferContext& c) {
    const picking::PickSettings& settings = s.choice.options();
    const picking::RayTriangleOptions& o = settings.triangle_options;
    const auto& algorithm = picking::ray_triangle_algorithm(settings.method);
    const picking::PickHit* hit = s.result.hit ? &*s.result.hit : nullptr;
    if (hit && hit->t < 0.0f)
        return "the pick is behind the eye (t < 0): the seed's code has no t range, the GPU "
               "draws only what is in front";
    if (algorithm.has_first_found && o.xna_first_found)
        return "XNA's first found: the first triangle in the mesh's order, not the closest the "
               "GPU shows";
    if (o.cull_backfaces) return "back faces are culled in the pick but drawn by the GPU";
    if (hit && (hit->u < 0.0f || hit->v < 0.0f || hit->u + hit->v > 1.0f))
        return "the algorithm's tolerance accepted a point just outside the triangle";
    if (hit && c.far_plane > 0.0f && hit->t > c.far_plane)
        return "the hit lies beyond the camera's far plane, where the GPU draws nothing";
    if (hit && hit->t < c.near_plane)
        return "the hit is nearer than the camera's near plane, which clips it on the GPU";
    if (std::isfinite(s.ray.t_max) || s.ray.t_min > 0.0f)
        return "the t range limits the pick (" + number(double(s.ray.t_min), "g") + " to " +
               number(double(s.ray.t_max), "g") + "); the GPU draws every distance";
    if (!hit && (settings.method == picking::RayTriangleMethod::DxPick ||
                 settings.method == picking::RayTriangleMethod::UnityPick))
        return "the seed's determinant epsilon rejects triangles this small or this oblique";
    if (hit && c.world_per_pixel > 0.0f) {
        const auto& t = hit->local_triangle;
        // The edges in bone space, measured against a pixel moved to bone space: the hit's
        // distance to its nearest edge, in pixels.
        const float to_edge = std::min({distance_to_segment(hit->local_point, t.p0, t.p1),
                                        distance_to_segment(hit->local_point, t.p1, t.p2),
                                        distance_to_segment(hit->local_point, t.p2, t.p0)});
        const glm::vec3 world_scale(glm::length(glm::vec3(s.world_from_mesh[0])),
                                    glm::length(glm::vec3(s.world_from_mesh[1])),
                                    glm::length(glm::vec3(s.world_from_mesh[2])));
        const float largest_scale = std::max({world_scale.x, world_scale.y, world_scale.z});
        if (to_edge * largest_scale < c.world_per_pixel)
            return "the pixel's centre lies within a pixel of an edge: the GPU's rasterizer "
                   "may give it to the triangle next door";
    }
    if (c.far_offset > 0.0)
        return "the model is " + number(c.far_offset, "e") +
               " units from the origin: the GPU's float transforms round differently from the "
               "CPU's";
    if (!hit)
        return std::string(
                   "the ray passed where the GPU drew a triangle: a leak between "
                   "triangles (") +
               std::string(picking::edge_rule_name(algorithm.edges)) + ")";
    return "";
}

}  // namespace

IdBufferVerdict check_id_buffer(const Selection& selection, const IdBufferContext& context) {
    IdBufferVerdict v;
    v.read = selection.id_buffer_read;
    if (!v.read) return v;
    char gpu[64];
    if (selection.id_buffer)
        std::snprintf(gpu, sizeof gpu, "instance %u, triangle %u", selection.id_buffer->first,
                      selection.id_buffer->second);
    else if (selection.id_buffer_shape)
        std::snprintf(gpu, sizeof gpu, "shape %u", *selection.id_buffer_shape);
    else
        std::snprintf(gpu, sizeof gpu, "nothing");
    v.gpu = gpu;
    const auto& result = selection.result;
    if (result.shape)
        v.agrees = selection.id_buffer_shape && *selection.id_buffer_shape == result.shape->shape;
    else if (result.hit)
        v.agrees = selection.id_buffer && selection.id_buffer->first == result.hit->instance &&
                   selection.id_buffer->second == result.hit->triangle;
    else
        v.agrees = !selection.id_buffer && !selection.id_buffer_shape;
    if (!v.agrees) {
        v.cause = cause_of(selection, context);
        if (v.cause.empty())
            v.cause = "not explained by the settings, the distance or an edge: please report it";
    }
    return v;
}

}  // namespace app
