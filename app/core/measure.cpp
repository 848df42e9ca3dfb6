#include "app/core/measure.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

namespace app {

namespace {

/// The angle between two vectors in degrees (atan2 of |a x b| and a . b: accurate near 0 and
/// 180 degrees, where acos of the cosine loses digits); nothing for a zero vector.
std::optional<double> degrees_between(glm::dvec3 a, glm::dvec3 b) {
    const double cross = glm::length(glm::cross(a, b)), dot = glm::dot(a, b);
    if (cross == 0.0 && dot == 0.0) return std::nullopt;
    return std::atan2(cross, dot) * 180.0 / std::numbers::pi;
}

glm::dvec3 mesh_normal(const MeasurePoint& p) {
    return glm::cross(p.corners[1] - p.corners[0], p.corners[2] - p.corners[0]);
}

/// A normal moved to world space: by the inverse transpose, so it stays perpendicular to the
/// face under a non-uniform scale.
glm::dvec3 world_normal(const MeasurePoint& p) {
    return glm::transpose(glm::inverse(glm::dmat3(p.world_from_mesh))) * mesh_normal(p);
}

}  // namespace

Measurement measure(std::span<const MeasurePoint> points) {
    Measurement m;
    if (points.size() < 2) return m;
    m.same_instance = std::all_of(points.begin(), points.end(), [&](const MeasurePoint& p) {
        return p.instance == points[0].instance;
    });
    const MeasurePoint &a = points[0], &b = points[1];
    m.distance_world = glm::length(b.world - a.world);
    m.face_angle_world = degrees_between(world_normal(a), world_normal(b));
    if (m.same_instance) {
        m.distance_bone = glm::length(b.mesh - a.mesh);
        m.face_angle_bone = degrees_between(mesh_normal(a), mesh_normal(b));
    }
    if (points.size() >= 3) {
        const MeasurePoint& c = points[2];
        m.angle_world = degrees_between(a.world - b.world, c.world - b.world);
        if (m.same_instance) m.angle_bone = degrees_between(a.mesh - b.mesh, c.mesh - b.mesh);
    }
    return m;
}

void MeasureTool::add(const MeasurePoint& point) {
    if (points_.size() >= kMaxPoints) points_.clear();
    points_.push_back(point);
}

}  // namespace app
