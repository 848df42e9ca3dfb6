// Seed 002's cross-product form of the barycentric coordinates: u AB + v AC + PA = 0 on two
// axes says [u, v, 1] is orthogonal to [ABx, ACx, PAx] and [ABy, ACy, PAy], so their cross
// product is proportional to [u, v, 1]. Run on the two axes where the projection is largest.

#include "picking/ray_triangle/ray_triangle.h"
#include "picking/ray_triangle/ray_triangle_mesh_loop.h"
#include "picking/ray_triangle/ray_triangle_plane_hit.h"

namespace picking {

namespace {

template <class Trace>
std::optional<RayHit> barycentric_cross(const Ray& ray, const Triangle& tri,
                                        const RayTriangleOptions& options, Trace& trace) {
    const auto plane = detail::plane_hit(ray, tri, options, trace);
    if (!plane) return std::nullopt;
    const int i = plane->i, j = plane->j;
    const glm::vec3 ab = tri.p1 - tri.p0, ac = tri.p2 - tri.p0, pa = tri.p0 - plane->point;
    const glm::vec3 row_x{ab[i], ac[i], pa[i]};
    const glm::vec3 row_y{ab[j], ac[j], pa[j]};
    trace.value("[ABx, ACx, PAx]", "x = first kept axis", row_x, 3 * kFlopsSub);
    trace.value("[ABy, ACy, PAy]", "y = second kept axis", row_y);
    const glm::vec3 c = glm::cross(row_x, row_y);
    trace.value("k [u, v, 1]", "[ABx, ACx, PAx] × [ABy, ACy, PAy]", c, kFlopsCross);
    if (!(c.z != 0.0f)) return trace.reject("ABx ACy - ACx ABy = 0: degenerate projection");
    const float u = c.x / c.z;
    const float v = c.y / c.z;
    trace.value("u", "k u / k", u, 1);
    trace.value("v", "k v / k", v, 1);

    if (!(u >= 0.0f && v >= 0.0f && u + v <= 1.0f))
        return trace.reject("u < 0, v < 0 or u + v > 1: outside the triangle");
    if (!t_accepted(plane->t, ray, false, options)) return trace.reject("t outside [t_min, t_max]");
    return RayHit{plane->t, u, v};
}

}  // namespace

std::optional<RayHit> intersect_barycentric_cross(const Ray& ray, const Triangle& tri,
                                                  const RayTriangleOptions& options) {
    NoTrace trace;
    return barycentric_cross(ray, tri, options, trace);
}

RayTriangleExplanation explain_barycentric_cross(const Ray& ray, const Triangle& tri,
                                                 const RayTriangleOptions& options) {
    ExplainTrace trace;
    const auto hit = barycentric_cross(ray, tri, options, trace);
    return trace.finish(hit);
}

MeshQuery closest_in_mesh_barycentric_cross(const Ray& ray, const MeshView& mesh,
                                            const RayTriangleOptions& options, bool first_found) {
    const RayTriangleOptions o = options;  // a local copy the loop can keep in registers
    return detail::closest_in_mesh(ray, mesh, first_found, [&](const Ray& r, const Triangle& t) {
        NoTrace trace;
        return barycentric_cross(r, t, o, trace);
    });
}

}  // namespace picking
