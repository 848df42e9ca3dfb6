#pragma once
/// Measuring between picked points, as the Measure tool shows it: the distance between two
/// points, the angle at the middle one of three, and the angle between the faces the first two
/// lie on; in world space, and in the mesh's bone space when every point lies on one instance
/// (a scaled instance measures differently there). Double precision throughout.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

namespace app {

/// One picked (or snapped) point and the face it lies on.
struct MeasurePoint {
    std::uint32_t instance = 0;
    std::uint32_t triangle = 0;
    glm::dvec3 world{0.0};
    glm::dvec3 mesh{0.0};  ///< the same point in its instance's bone space
    /// The face's corners in bone space and the instance's world_from_mesh then.
    glm::dvec3 corners[3]{};
    glm::dmat4 world_from_mesh{1.0};
};

struct Measurement {
    std::optional<double> distance_world, distance_bone;
    /// At the second of three points, in degrees.
    std::optional<double> angle_world, angle_bone;
    /// Between the faces of the first two points (their geometric normals), in degrees.
    std::optional<double> face_angle_world, face_angle_bone;
    bool same_instance = false;  ///< every point on one instance: the bone values exist
};

/// What the points measure (two: distance and face angle; three: also the angle at the second).
[[nodiscard]] Measurement measure(std::span<const MeasurePoint> points);

/// The points the Measure tool holds: each click adds one; a fourth starts again.
class MeasureTool {
  public:
    static constexpr std::size_t kMaxPoints = 3;
    void add(const MeasurePoint& point);
    void clear() { points_.clear(); }
    [[nodiscard]] std::span<const MeasurePoint> points() const { return points_; }
    [[nodiscard]] Measurement result() const { return measure(points_); }

  private:
    std::vector<MeasurePoint> points_;
};

}  // namespace app
