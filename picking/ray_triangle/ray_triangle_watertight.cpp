// Woop, Benthin & Wald, "Watertight Ray/Triangle Intersection", JCGT 2(1), 2013. The ray is
// made the +z axis by a permutation and a shear computed once per ray; the triangle's corners
// are moved into that space (each corner alone, so neighbours compute identical values), and
// three 2D edge functions decide inside/outside, recomputed in double when one is zero.

#include <cmath>

#include <glm/geometric.hpp>

#include "picking/ray_triangle/ray_triangle.h"
#include "picking/ray_triangle/ray_triangle_mesh_loop.h"
#include "picking/ray_triangle/watertight_shear.h"

namespace picking {

namespace {

template <class Trace>
std::optional<RayHit> watertight(const Ray& ray, const Triangle& tri,
                                 const RayTriangleOptions& options, Trace& trace) {
    // == Per ray: the axis where the direction is largest becomes z; swapping x and y when
    // that component is negative keeps the triangles' winding.
    const WatertightShear shear = watertight_shear(ray.direction);
    const int kx = shear.kx, ky = shear.ky, kz = shear.kz;
    trace.value("kx, ky, kz", "z = argmax |D|; x, y swapped if D[kz] < 0",
                glm::vec3(float(kx), float(ky), float(kz)));
    if (shear.degenerate) return trace.reject("D is zero or not finite");
    const float sx = shear.sx, sy = shear.sy, sz = shear.sz;
    trace.value("Sx, Sy, Sz", "D[kx]/D[kz], D[ky]/D[kz], 1/D[kz]", glm::vec3(sx, sy, sz), 3);

    // == Corners relative to the origin, sheared so the ray runs along +z
    const glm::vec3 a = tri.p0 - ray.origin, b = tri.p1 - ray.origin, c = tri.p2 - ray.origin;
    const float ax = a[kx] - sx * a[kz], ay = a[ky] - sy * a[kz];
    const float bx = b[kx] - sx * b[kz], by = b[ky] - sy * b[kz];
    const float cx = c[kx] - sx * c[kz], cy = c[ky] - sy * c[kz];
    trace.value("A' (sheared)", "(A[kx] - Sx A[kz], A[ky] - Sy A[kz])", glm::vec3(ax, ay, 0.0f),
                kFlopsSub + 4);
    trace.value("B' (sheared)", "(B[kx] - Sx B[kz], B[ky] - Sy B[kz])", glm::vec3(bx, by, 0.0f),
                kFlopsSub + 4);
    trace.value("C' (sheared)", "(C[kx] - Sx C[kz], C[ky] - Sy C[kz])", glm::vec3(cx, cy, 0.0f),
                kFlopsSub + 4);

    // == Scaled barycentric coordinates: the 2D edge functions at the origin
    float u = cx * by - cy * bx;
    float v = ax * cy - ay * cx;
    float w = bx * ay - by * ax;
    trace.value("U, V, W", "C'x B'y - C'y B'x,  A'x C'y - A'y C'x,  B'x A'y - B'y A'x",
                glm::vec3(u, v, w), 9);
    // An edge function of exactly zero may be a rounding artefact: recompute all three in
    // double, where each product of two floats is exact.
    if (u == 0.0f || v == 0.0f || w == 0.0f) {
        u = float(double(cx) * double(by) - double(cy) * double(bx));
        v = float(double(ax) * double(cy) - double(ay) * double(cx));
        w = float(double(bx) * double(ay) - double(by) * double(ax));
        trace.value("U, V, W (double)", "the same in double precision", glm::vec3(u, v, w), 9);
    }
    // Evaluated whole (| and &, not || and &&): one branch instead of six unpredictable ones.
    const bool any_negative = (u < 0.0f) | (v < 0.0f) | (w < 0.0f);
    const bool any_positive = (u > 0.0f) | (v > 0.0f) | (w > 0.0f);
    if (options.cull_backfaces ? any_negative : any_negative & any_positive)
        return trace.reject(options.cull_backfaces
                                ? "an edge function < 0: outside or a back face (culling)"
                                : "edge functions of both signs: outside the triangle");
    const float det = u + v + w;
    trace.value("det", "U + V + W", det, 2);
    if (!(det != 0.0f)) return trace.reject("det = 0: parallel or degenerate");

    // == Distance: the sheared z of the corners, interpolated
    const float az = sz * a[kz], bz = sz * b[kz], cz = sz * c[kz];
    const float t_scaled = u * az + v * bz + w * cz;
    trace.value("T", "U Sz A[kz] + V Sz B[kz] + W Sz C[kz]", t_scaled, 8);
    const float inv_det = 1.0f / det;
    const float t = t_scaled * inv_det;
    trace.value("t", "T / det", t, 2);
    if (!(t >= ray.t_min && t <= ray.t_max)) return trace.reject("t outside [t_min, t_max]");
    if (!std::isfinite(t)) return trace.reject("t overflowed");
    // U weighs A = p0; V and W weigh p1 and p2.
    trace.work(2);
    return RayHit{t, v * inv_det, w * inv_det};
}

}  // namespace

std::optional<RayHit> intersect_watertight(const Ray& ray, const Triangle& tri,
                                           const RayTriangleOptions& options) {
    NoTrace trace;
    return watertight(ray, tri, options, trace);
}

RayTriangleExplanation explain_watertight(const Ray& ray, const Triangle& tri,
                                          const RayTriangleOptions& options) {
    ExplainTrace trace;
    const auto hit = watertight(ray, tri, options, trace);
    return trace.finish(hit);
}

MeshQuery closest_in_mesh_watertight(const Ray& ray, const MeshView& mesh,
                                     const RayTriangleOptions& options, bool first_found) {
    const RayTriangleOptions o = options;  // a local copy the loop can keep in registers
    return detail::closest_in_mesh(ray, mesh, first_found, [&](const Ray& r, const Triangle& t) {
        NoTrace trace;
        return watertight(r, t, o, trace);
    });
}

}  // namespace picking
