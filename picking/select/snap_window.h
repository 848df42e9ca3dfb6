#pragma once
/// Where a snap's candidates can lie, in the hit mesh's space: inside a box around the hit (the
/// radius's reach in space) and inside the frustum of the radius's square around the cursor.
/// The BVH search asks it about a wide node's eight child boxes at once, in float, with
/// margins that cover float's rounding: a box it leaves out certainly misses the window (the
/// double-precision SelectionVolume::classify would say Outside too); a box it keeps may
/// miss it, and the exact test per triangle decides.

#include <array>
#include <cstdint>

#include <glm/vec4.hpp>

#include "picking/bvh/wide_bvh.h"
#include "picking/core/aabb.h"

namespace picking {

class SnapWindow {
  public:
    /// The window that keeps every box.
    SnapWindow();
    /// `reach` (a box of mesh space) and six planes of mesh space, inside where
    /// dot(plane, (p, 1)) >= 0 (SelectionVolume::planes_in()).
    SnapWindow(const Aabb& reach, const std::array<glm::dvec4, 6>& planes);

    /// Bit i set when child i of `node` may meet the window (unused slots may be set too).
    [[nodiscard]] std::uint32_t children_within(const WideNode& node) const;
    /// The same for one box.
    [[nodiscard]] bool may_meet(const Aabb& box) const;

  private:
    float reach_lo_[3], reach_hi_[3];
    /// The planes rounded to float; a box is left out only when its corner farthest inside
    /// is outside by more than kMargin of the sum of its terms' sizes.
    float plane_[6][4];
};

}  // namespace picking
