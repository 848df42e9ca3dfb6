#pragma once
/// The mesh inspector: what in a mesh makes ray–triangle algorithms disagree. Degenerate
/// triangles (no area), slivers (nearly none), and what the DirectX Pick test's determinant
/// epsilon makes of each; duplicate vertices; open boundary and non-manifold edges. One pass
/// over positions and indices, sorted keys instead of pairwise tests: a million triangles take
/// a fraction of a second.

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "picking/core/mesh_view.h"
#include "picking/ray_triangle/ray_triangle.h"

namespace picking {

/// A sliver: its smallest height is less than this fraction of its longest edge (2 × area /
/// longest edge²; an equilateral triangle has √3/2 ≈ 0.87). 0.01: a hundred times longer than
/// it is tall.
inline constexpr double kSliverHeightRatio = 0.01;
/// Near-duplicate vertices: positions closer than this fraction of the mesh's bounding-box
/// diagonal.
inline constexpr double kMergeToleranceRatio = 1e-6;

/// Why a triangle has no area, decided exactly (no rounding).
enum class DegenerateKind : std::uint8_t {
    RepeatedIndex,  ///< two corners are one vertex index
    Coincident,     ///< two corners are different vertices at the same position
    Collinear,      ///< three different positions on one line
};

/// The DirectX Pick test (seed 000, intersect_dx_pick) on the ray best placed to hit a
/// triangle: through its centroid, against its normal, unit direction (|det| is then twice the
/// triangle's area).
enum class DxVerdict : std::uint8_t {
    Hit,             ///< found, with the epsilon given (seed 000's 0.0001 by default)
    EpsilonRejects,  ///< missed with the epsilon, found with epsilon 0: the epsilon alone misses it
    Misses,          ///< missed even with epsilon 0 (no area the float test can see)
};

struct ProblemTriangle {
    std::uint32_t triangle = 0;
    double height_ratio = 0.0;  ///< 2 × area / longest edge², in double (0 for degenerate)
    DxVerdict dx = DxVerdict::Hit;
    DegenerateKind kind = DegenerateKind::RepeatedIndex;  ///< degenerate triangles only
};

/// An edge by two vertex indices of the mesh (the lowest index at each end's position), and
/// how many triangles use it.
struct InspectedEdge {
    std::array<std::uint32_t, 2> vertices{};
    std::uint32_t triangles = 0;
};

struct MeshInspection {
    float dx_det_epsilon = 0.0f;  ///< the epsilon the verdicts were given with
    std::size_t triangles = 0;
    std::size_t vertices = 0;
    std::vector<ProblemTriangle> degenerate;  ///< every degenerate triangle, in index order
    std::vector<ProblemTriangle> slivers;     ///< every sliver (not degenerate), in index order
    /// Over every triangle: how many the DirectX test misses only because of its epsilon (the
    /// lesson of a finely tessellated unit-size mesh: all of them).
    std::size_t dx_epsilon_rejects = 0;
    /// Vertices at the position of a vertex with a lower index (bit for bit; -0 = +0).
    std::size_t duplicate_vertices = 0;
    /// Where they are: the lowest index of every position two vertices or more hold, in index
    /// order (one mark per place, however many copies it has).
    std::vector<std::uint32_t> duplicated_positions;
    /// Distinct positions that merging within `merge_tolerance` would remove (the distinct
    /// positions less the clusters they form); nothing when the positions are so crowded that
    /// counting would take too long.
    std::optional<std::size_t> near_duplicate_vertices;
    double merge_tolerance = 0.0;
    /// Edges by position (duplicate vertices joined), of every triangle whose corners are at
    /// three different positions: used by one triangle (open boundary) or by three or more.
    std::vector<InspectedEdge> boundary_edges;
    std::vector<InspectedEdge> non_manifold_edges;

    [[nodiscard]] std::size_t count(DxVerdict verdict, bool slivers_not_degenerate) const;
};

/// Inspects one mesh in its own space. A triangle with an index past the positions (a loaded
/// scene never has one: it is validated) is counted in `triangles` and nowhere else.
/// `dx` is the DirectX test's options (its epsilon: seed 000's 0.0001 by default).
[[nodiscard]] MeshInspection inspect_mesh(const MeshView& mesh, const RayTriangleOptions& dx = {});

[[nodiscard]] const char* degenerate_kind_name(DegenerateKind kind);
[[nodiscard]] const char* dx_verdict_name(DxVerdict verdict);

}  // namespace picking
