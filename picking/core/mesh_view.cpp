#include "picking/core/mesh_view.h"

#include <limits>

namespace picking {

glm::vec3 MeshView::corner(std::uint32_t index) const {
    if (index < positions.size()) return positions[index];
    return glm::vec3(std::numeric_limits<float>::quiet_NaN());
}

}  // namespace picking
