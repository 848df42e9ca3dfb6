#pragma once
/// The benchmark mesh: a closed (p, q) torus-knot tube with seeded radius noise, at any size.
/// `knot:N` names it wherever a model path is accepted (viewer, pick, bench, heatmap).

#include <cstddef>
#include <functional>
#include <optional>
#include <string_view>

#include "assets/scene/scene.h"

namespace assets {

struct TorusKnotOptions {
    int p = 2;                       ///< turns around the torus's axis of symmetry
    int q = 3;                       ///< turns through the torus's hole
    std::size_t triangles = 100000;  ///< the target: the result is within 0.1% + 2 (and >= 8)
    float tube_radius = 0.35f;       ///< the knot's core curve spans about 6 units
    float radius_noise = 0.02f;      ///< each vertex's tube radius varies by up to ±2%
    unsigned seed = 1;               ///< the noise is a hash of (seed, vertex): reproducible
    float scale = 1.0f;              ///< every coordinate times this (`knot:N:SCALE`)
    /// Asked now and then with the fraction done; false stops the work, and the mesh made so
    /// far is dropped (a cancelled load of a large knot ends at once).
    std::function<bool(float)> keep_going;
};

/// The tube around c(t) = ((2 + cos qt) cos pt, (2 + cos qt) sin pt, -sin qt), a ring of
/// vertices every few degrees of t, rings as finely divided as they are spaced (square cells),
/// counter-clockwise outwards; closed, so every edge has exactly two triangles. Stopped by
/// options.keep_going, it has no vertices and no triangles.
[[nodiscard]] MeshData make_torus_knot(const TorusKnotOptions& options);

/// The triangle counts `knot:N` accepts.
inline constexpr std::size_t kMinKnotTriangles = 8;
inline constexpr std::size_t kMaxKnotTriangles = 100'000'000;

/// Whether `name` asks for a knot ("knot:" and anything after it): such a name is never a file,
/// and a count parse_knot_name refuses is an error, not a missing file.
[[nodiscard]] bool is_knot_name(std::string_view name);

/// The scales `knot:N:SCALE` accepts.
inline constexpr float kMinKnotScale = 1e-6f;
inline constexpr float kMaxKnotScale = 1e6f;

/// What a knot's name asks for.
struct KnotName {
    std::size_t triangles = 0;
    /// Every coordinate times this: "knot:80000:0.1" is a tenth of the usual size, a finely
    /// tessellated mesh about 0.6 units across.
    float scale = 1.0f;
};

/// "knot:1000000" -> 1000000 triangles, "knot:80000:0.1" -> 80000 at a tenth of the size;
/// nothing for any other name (or a count outside kMinKnotTriangles..kMaxKnotTriangles, or a
/// scale outside kMinKnotScale..kMaxKnotScale).
[[nodiscard]] std::optional<KnotName> parse_knot_name(std::string_view name);

/// A scene of one node holding the knot that `name` asks for (see parse_knot_name).
/// `keep_going` as in TorusKnotOptions: stopped, the scene holds no triangles.
[[nodiscard]] Scene make_knot_scene(std::size_t triangles,
                                    std::function<bool(float)> keep_going = {}, float scale = 1.0f);

}  // namespace assets
