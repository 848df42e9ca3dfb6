#pragma once
/// The per-ray part of the watertight test (Woop, Benthin & Wald 2013, section 3): the axis
/// along which the direction is largest becomes z, x and y are swapped when that component is
/// negative (which keeps the triangles' winding), and the shear that maps the ray onto +z.
/// Shared by the one-triangle test and the SIMD kernels, so both compute the same numbers.
/// Branch-free: for incoherent rays every comparison here is a coin toss, so the choices are
/// made with comparisons turned into integers and the axes read by index (written as
/// conditionals, GCC made two of them branches: a mispredict or two on most rays).

#include <cmath>
#include <limits>

#include <glm/vec3.hpp>

#if defined(__SSE__)
#include <xmmintrin.h>
#endif

namespace picking {

struct WatertightShear {
    int kx = 0, ky = 1, kz = 2;
    float sx = 0.0f, sy = 0.0f, sz = 0.0f;
    /// D[kz] is zero or not finite: the ray cannot be sheared, and hits nothing.
    bool degenerate = true;
};

[[nodiscard]] inline WatertightShear watertight_shear(glm::vec3 d) {
    WatertightShear s;
    const float axis[3] = {d.x, d.y, d.z};
    const float ax = std::abs(d.x), ay = std::abs(d.y), az = std::abs(d.z);
    // kz = argmax |D|, the first of equals (x before y before z); a NaN component loses the
    // comparisons it is in, as `larger = ax >= ay ? ax : ay; larger >= az ? ... : 2` would.
    const int x_over_y = int(ax >= ay);
    const int kz_is_x = x_over_y & int(ax >= az);
    const int kz_is_y = (x_over_y ^ 1) & int(ay >= az);
    s.kz = 2 - 2 * kz_is_x - kz_is_y;
    // The next two axes in cyclic order (kz 0 -> 1, 2; 1 -> 2, 0; 2 -> 0, 1), from a table
    // of 2-bit fields.
    const int kx = (0b001001 >> (2 * s.kz)) & 3;
    const int ky = 3 - s.kz - kx;
    const float dz = axis[s.kz];
    const int flip = -int(dz < 0.0f);  // all ones when x and y swap
    s.kx = kx ^ ((kx ^ ky) & flip);
    s.ky = ky ^ ((kx ^ ky) & flip);
    s.degenerate = (dz == 0.0f) | !(std::abs(dz) <= std::numeric_limits<float>::max());
#if defined(__SSE__)
    // The three divisions in one instruction: each lane rounds as a scalar division would.
    alignas(16) float q[4];
    _mm_store_ps(q, _mm_div_ps(_mm_setr_ps(axis[s.kx], axis[s.ky], 1.0f, 1.0f), _mm_set1_ps(dz)));
    s.sx = q[0];
    s.sy = q[1];
    s.sz = q[2];
#else
    s.sx = axis[s.kx] / dz;
    s.sy = axis[s.ky] / dz;
    s.sz = 1.0f / dz;
#endif
    return s;
}

}  // namespace picking
