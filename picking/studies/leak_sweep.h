#pragma once
/// The edge-crack sweep: rays aimed exactly at a mesh's shared edges and vertices from many
/// directions, counting per algorithm the rays that pass between the triangles there (leaks)
/// and the rays that hit more than one of them (double hits). On a closed mesh a leak is a
/// ray that goes into the solid without meeting its surface.

#include <cstdint>
#include <vector>

#include <glm/vec3.hpp>

#include "picking/ray_triangle/ray_triangle.h"
#include "picking/scene/scene_view.h"

namespace picking {

/// The shared edges and inner vertices of a mesh, with positions welded by exact value (so
/// meshes with split vertices, such as flat-shaded cubes, still share their edges).
struct MeshTopology {
    struct Edge {
        glm::vec3 a, b;
        std::uint32_t triangles[2];
    };
    struct Vertex {
        glm::vec3 position;
        std::vector<std::uint32_t> triangles;  ///< the whole fan around it
    };
    std::vector<Edge> shared_edges;      ///< edges with exactly two triangles
    std::vector<Vertex> inner_vertices;  ///< vertices whose every edge is shared
    std::size_t open_edges = 0;          ///< edges with one triangle
    std::size_t nonmanifold_edges = 0;   ///< edges with three or more
    [[nodiscard]] bool closed() const { return open_edges == 0 && nonmanifold_edges == 0; }
};

[[nodiscard]] MeshTopology mesh_topology(const MeshView& mesh);

struct LeakSweepOptions {
    int rays = 10000;
    std::uint32_t seed = 1;
    double vertex_fraction = 0.3;  ///< the share of rays aimed at vertices (the rest: edges)
};

/// One ray of the sweep that went wrong, in the mesh's own space.
struct LeakSpot {
    glm::vec3 point;    ///< where the ray was aimed
    glm::vec3 origin;   ///< where it came from
    bool leak = false;  ///< no triangle at the spot was hit
    bool at_vertex = false;
};

struct LeakSweepResult {
    int rays = 0;
    int leaks = 0;
    int double_hits = 0;          ///< two or more of the triangles at the spot were hit
    std::vector<LeakSpot> spots;  ///< every leak and double hit (at most max_spots)
};

/// Sweeps one mesh with one algorithm. The same seed aims the same rays for every algorithm,
/// so their counts compare directly. Meshes without shared edges give zero rays.
[[nodiscard]] LeakSweepResult leak_sweep(const MeshView& mesh, const MeshTopology& topology,
                                         const RayTriangleAlgorithm& algorithm,
                                         const RayTriangleOptions& options,
                                         const LeakSweepOptions& sweep, int max_spots = 2000);

}  // namespace picking
