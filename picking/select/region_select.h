#pragma once
/// Region selection: every triangle of every instance that a rectangle or lasso (a
/// SelectionVolume) selects, each mesh tested in its own (bone) space like a click. Through
/// each mesh's wide BVH, subtrees wholly outside are skipped and subtrees wholly inside taken
/// whole; only the triangles of boxes on the region's border are tested one by one. Without
/// BVHs every triangle is tested: the brute force the BVH path must equal.

#include <cstdint>

#include "picking/scene/scene_accel.h"
#include "picking/scene/scene_view.h"
#include "picking/select/selection_volume.h"
#include "picking/select/triangle_set.h"

namespace picking {

/// What a selection cost.
struct RegionSelectStats {
    std::uint64_t boxes_tested = 0;
    std::uint64_t boxes_inside = 0;  ///< subtrees taken whole
    std::uint64_t triangles_tested = 0;
};

/// The triangles `volume` selects under `rule` (X-ray: hidden ones too), through the BVHs of
/// `accel` when it has them (null, or no BVHs: every triangle). Triangles no ray can hit (a
/// non-finite corner) are never selected.
[[nodiscard]] TriangleSet select_region(const SceneView& scene, const SceneAccel* accel,
                                        const SelectionVolume& volume, RegionRule rule,
                                        RegionSelectStats* stats = nullptr);

/// The triangle counts of the scene's instances: the shape of a TriangleSet for it.
[[nodiscard]] std::vector<std::size_t> instance_triangle_counts(const SceneView& scene);

}  // namespace picking
