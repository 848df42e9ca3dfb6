#pragma once
/// Meshes made in code for the default scene and the tests. All are closed (watertight) except
/// the terrain, with counter-clockwise front faces pointing outwards.

#include <functional>

#include "assets/scene/scene.h"

namespace assets {

/// An axis-aligned cube from -0.5 to 0.5 (12 triangles, flat normals: 24 vertices).
[[nodiscard]] MeshData make_cube();
/// A sphere of radius 1 from a subdivided icosahedron (20 * 4^subdivisions triangles).
[[nodiscard]] MeshData make_icosphere(int subdivisions);
/// A torus around the Y axis with tube centre radius `major` and tube radius `minor`.
[[nodiscard]] MeshData make_torus(float major, float minor, int rings, int sides);
/// A closed cylinder of radius 1 from y = 0 to y = 1.
[[nodiscard]] MeshData make_cylinder(int sides);
/// A height field y = height(x, z) over [-half, half]^2 with `cells` quads per side.
[[nodiscard]] MeshData make_terrain(float half_size, int cells,
                                    const std::function<float(float, float)>& height);

}  // namespace assets
