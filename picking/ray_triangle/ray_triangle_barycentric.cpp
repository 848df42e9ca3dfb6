// Seed 002's "intuitive" triangle test: hit the plane, then compute the barycentric
// coordinates of the hit point by the closed-form 2D formulas (α for A, β for B,
// γ = 1 − α − β for C) on the two axes where the triangle's projection is largest.

#include "picking/ray_triangle/ray_triangle.h"
#include "picking/ray_triangle/ray_triangle_mesh_loop.h"
#include "picking/ray_triangle/ray_triangle_plane_hit.h"

namespace picking {

namespace {

template <class Trace>
std::optional<RayHit> barycentric(const Ray& ray, const Triangle& tri,
                                  const RayTriangleOptions& options, Trace& trace) {
    const auto plane = detail::plane_hit(ray, tri, options, trace);
    if (!plane) return std::nullopt;
    const int i = plane->i, j = plane->j;
    const float x = plane->point[i], y = plane->point[j];
    const float xa = tri.p0[i], ya = tri.p0[j];
    const float xb = tri.p1[i], yb = tri.p1[j];
    const float xc = tri.p2[i], yc = tri.p2[j];

    const float alpha_den = -(xa - xb) * (yc - yb) + (ya - yb) * (xc - xb);
    const float beta_den = -(xb - xc) * (ya - yc) + (yb - yc) * (xa - xc);
    if (!(alpha_den != 0.0f) || !(beta_den != 0.0f))
        return trace.reject("the projected triangle has no area (degenerate)");
    const float alpha = (-(x - xb) * (yc - yb) + (y - yb) * (xc - xb)) / alpha_den;
    trace.value("alpha", "[-(x-xB)(yC-yB) + (y-yB)(xC-xB)] / [-(xA-xB)(yC-yB) + (yA-yB)(xC-xB)]",
                alpha, 16);
    const float beta = (-(x - xc) * (ya - yc) + (y - yc) * (xa - xc)) / beta_den;
    trace.value("beta", "[-(x-xC)(yA-yC) + (y-yC)(xA-xC)] / [-(xB-xC)(yA-yC) + (yB-yC)(xA-xC)]",
                beta, 16);
    const float gamma = 1.0f - alpha - beta;
    trace.value("gamma", "1 - alpha - beta", gamma, 2);

    if (!(alpha >= 0.0f && beta >= 0.0f && gamma >= 0.0f))
        return trace.reject("alpha, beta or gamma < 0: outside the triangle");
    if (!t_accepted(plane->t, ray, false, options)) return trace.reject("t outside [t_min, t_max]");
    return RayHit{plane->t, beta, gamma};
}

}  // namespace

std::optional<RayHit> intersect_barycentric(const Ray& ray, const Triangle& tri,
                                            const RayTriangleOptions& options) {
    NoTrace trace;
    return barycentric(ray, tri, options, trace);
}

RayTriangleExplanation explain_barycentric(const Ray& ray, const Triangle& tri,
                                           const RayTriangleOptions& options) {
    ExplainTrace trace;
    const auto hit = barycentric(ray, tri, options, trace);
    return trace.finish(hit);
}

MeshQuery closest_in_mesh_barycentric(const Ray& ray, const MeshView& mesh,
                                      const RayTriangleOptions& options, bool first_found) {
    const RayTriangleOptions o = options;  // a local copy the loop can keep in registers
    return detail::closest_in_mesh(ray, mesh, first_found, [&](const Ray& r, const Triangle& t) {
        NoTrace trace;
        return barycentric(r, t, o, trace);
    });
}

}  // namespace picking
