#pragma once
/// How picking sees a scene: meshes (MeshView), instances that place a mesh in the world, and
/// analytic shapes. Picking never learns where the data came from.

#include <cstdint>
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec3.hpp>

#include "picking/core/mesh_view.h"
#include "picking/primitives/analytic_shape.h"

namespace picking {

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
