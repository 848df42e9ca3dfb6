#pragma once
/// The per-ray part of the watertight test (Woop, Benthin & Wald 2013, section 3): the axis
/// along which the direction is largest becomes z, x and y are swapped when that component is
/// negative (which keeps the triangles' winding), and the shear that maps the ray onto +z.
/// Shared by the one-triangle test and the SIMD kernels, so both compute the same numbers.
/// Branch-free: for incoherent rays every comparison here is a coin toss.

#include <cmath>

#include <glm/vec3.hpp>

namespace picking {

struct WatertightShear {
    int kx = 0, ky = 1, kz = 2;
    float sx = 0.0f, sy = 0.0f, sz = 0.0f;
    /// D[kz] is zero or not finite: the ray cannot be sheared, and hits nothing.
    bool degenerate = true;
};

[[nodiscard]] inline WatertightShear watertight_shear(glm::vec3 d) {
    WatertightShear s;
    const float ax = std::abs(d.x), ay = std::abs(d.y), az = std::abs(d.z);
    // kz = argmax |D|, the first of equals (x before y before z), as conditional moves.
    const bool x_over_y = ax >= ay;
    const int larger_xy = x_over_y ? 0 : 1;
    const float larger = x_over_y ? ax : ay;
    s.kz = larger >= az ? larger_xy : 2;
    const int kx = s.kz == 2 ? 0 : s.kz + 1;
    const int ky = kx == 2 ? 0 : kx + 1;
    const float dz = d[s.kz];
    const bool flip = dz < 0.0f;
    s.kx = flip ? ky : kx;
    s.ky = flip ? kx : ky;
    s.degenerate = !(dz != 0.0f) || !std::isfinite(dz);
    s.sx = d[s.kx] / dz;
    s.sy = d[s.ky] / dz;
    s.sz = 1.0f / dz;
    return s;
}

}  // namespace picking
