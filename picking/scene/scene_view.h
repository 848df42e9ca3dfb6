#pragma once
/// How picking sees a scene: meshes as spans of positions and triangle indices, and instances
/// that place a mesh in the world. Picking never learns where the data came from.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "picking/analytic_shape.h"
#include "picking/triangle.h"

namespace picking {

struct MeshView {
    std::span<const glm::vec3> positions;
    std::span<const std::uint32_t> indices;  ///< three per triangle

    [[nodiscard]] std::size_t triangle_count() const { return indices.size() / 3; }
    /// Triangle i; an index past the positions gives a NaN corner, which every test rejects.
    [[nodiscard]] Triangle triangle(std::size_t i) const {
        return {corner(indices[3 * i]), corner(indices[3 * i + 1]), corner(indices[3 * i + 2])};
    }

  private:
    [[nodiscard]] glm::vec3 corner(std::uint32_t index) const;
};

/// One placement of a mesh: its bone (node) transform in the current pose.
struct Instance {
    static constexpr std::uint32_t kSameMesh = 0xFFFFFFFFu;

    std::uint32_t mesh = 0;
    std::uint32_t node = 0;  ///< opaque to picking; reported back in the result
    glm::mat4 world_from_mesh{1.0f};
    /// What results report as PickHit::mesh, opaque to picking like `node`; kSameMesh:
    /// `mesh`. A caller that gives an instance its own copy of a mesh (vertices deformed for
    /// that instance alone) names the mesh it was copied from here.
    std::uint32_t reported_mesh = kSameMesh;

    [[nodiscard]] std::uint32_t mesh_reported() const {
        return reported_mesh == kSameMesh ? mesh : reported_mesh;
    }
};

struct SceneView {
    std::vector<MeshView> meshes;
    std::vector<Instance> instances;
    std::vector<ShapeInstance> shapes;  ///< analytic shapes, picked by their equations
};

}  // namespace picking
