#include "picking/scene_pick.h"

#include <chrono>
#include <cmath>

#include <glm/geometric.hpp>
#include <glm/matrix.hpp>

#include "picking/bone_space.h"

namespace picking {

namespace {

bool usable(const glm::dmat4& m) {
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 4; ++r)
            if (!std::isfinite(m[c][r])) return false;
    return true;
}

glm::vec3 transform_point(const glm::mat4& m, glm::vec3 p) {
    return glm::vec3(m * glm::vec4(p, 1.0f));
}

struct Candidate {
    std::uint32_t instance, triangle;
    RayHit hit;
};

/// Tests every triangle of one instance; updates `best` when a closer hit appears. Returns
/// true when the search should stop (the first hit, for "first found").
bool pick_instance(const SceneView& scene, std::uint32_t instance_index, const Ray& world_ray,
                   const RayTriangleAlgorithm& algorithm, const PickSettings& settings,
                   bool first_found, std::optional<Candidate>& best, PickStats& stats) {
    const Instance& instance = scene.instances[instance_index];
    if (instance.mesh >= scene.meshes.size()) return false;
    Ray narrowed = world_ray;
    if (best) narrowed.t_max = best->hit.t;
    const std::optional<Ray> ray = instance_ray(instance, narrowed, settings.space);
    if (!ray) return false;  // a singular bone (zero scale) shows nothing to hit
    const MeshView& mesh = scene.meshes[instance.mesh];
    ++stats.instances_tested;

    if (settings.space == RaySpace::BoneSpace) {
        // The algorithm's own loop over the mesh, its test inlined.
        const MeshQuery q =
            algorithm.closest_in_mesh(*ray, mesh, settings.triangle_options, first_found);
        stats.triangles_tested += q.triangles_tested;
        if (q.hit && (!best || q.hit->t < best->hit.t))
            best = Candidate{instance_index, q.triangle, *q.hit};
        return first_found && q.hit;
    }

    Ray local = *ray;
    const std::size_t count = mesh.triangle_count();
    for (std::size_t i = 0; i < count; ++i) {
        const Triangle tri = instance_triangle(instance, mesh, i, settings.space);
        ++stats.triangles_tested;
        if (auto hit = algorithm.intersect(local, tri, settings.triangle_options)) {
            if (best && !(hit->t < best->hit.t)) continue;
            best = Candidate{instance_index, std::uint32_t(i), *hit};
            // Seed 001's ModelRayCollision returns on the first triangle hit.
            if (first_found) return true;
            local.t_max = hit->t;
        }
    }
    return false;
}

}  // namespace

std::optional<Ray> instance_ray(const Instance& instance, const Ray& world_ray, RaySpace space) {
    if (space == RaySpace::WorldTriangles) return world_ray;
    const glm::dmat4 inverse = mesh_from_world(instance.world_from_mesh);
    if (!usable(inverse)) return std::nullopt;
    return to_bone_space(world_ray, inverse);
}

Triangle instance_triangle(const Instance& instance, const MeshView& mesh, std::size_t index,
                           RaySpace space) {
    const Triangle tri = mesh.triangle(index);
    if (space == RaySpace::BoneSpace) return tri;
    return {transform_point(instance.world_from_mesh, tri.p0),
            transform_point(instance.world_from_mesh, tri.p1),
            transform_point(instance.world_from_mesh, tri.p2)};
}

PickHit make_pick_hit(const SceneView& scene, const Ray& world_ray, std::uint32_t instance_index,
                      std::uint32_t triangle, const RayHit& found) {
    const Instance& instance = scene.instances[instance_index];
    const MeshView& mesh = scene.meshes[instance.mesh];
    PickHit hit;
    hit.instance = instance_index;
    hit.mesh = instance.mesh;
    hit.node = instance.node;
    hit.triangle = triangle;
    hit.t = found.t;
    hit.u = found.u;
    hit.v = found.v;
    hit.point = world_ray.at(hit.t);
    hit.local_triangle = mesh.triangle(triangle);
    hit.local_point = hit.local_triangle.point(hit.u, hit.v);
    // Normals move by the inverse transpose of the bone transform.
    const glm::dmat3 normal_matrix =
        glm::transpose(glm::dmat3(mesh_from_world(instance.world_from_mesh)));
    const glm::dvec3 n = normal_matrix * glm::dvec3(hit.local_triangle.normal());
    const double length = glm::length(n);
    hit.normal = length > 0.0 ? glm::vec3(n / length) : glm::vec3(0.0f);
    hit.front_face = glm::dot(glm::dvec3(hit.normal), glm::dvec3(world_ray.direction)) <= 0.0;
    return hit;
}

std::optional<ShapePickHit> pick_shapes(const SceneView& scene, const Ray& world_ray,
                                        const ShapeTestSettings& settings) {
    std::optional<ShapePickHit> best;
    Ray narrowed = world_ray;
    for (std::uint32_t i = 0; i < scene.shapes.size(); ++i) {
        const ShapeInstance& shape = scene.shapes[i];
        const glm::dmat4 inverse = mesh_from_world(shape.world_from_shape);
        if (!usable(inverse)) continue;
        // Into the shape's own space, like a mesh: t stays the world ray's parameter.
        const Ray local = to_bone_space(narrowed, inverse);
        const auto hit = intersect_shape(local, shape.shape, settings);
        if (!hit || (best && !(hit->t < best->t))) continue;
        ShapePickHit h;
        h.shape = i;
        h.node = shape.node;
        h.kind = shape.shape.kind;
        h.t = hit->t;
        h.point = world_ray.at(hit->t);
        const glm::dvec3 n = glm::transpose(glm::dmat3(inverse)) * glm::dvec3(hit->normal);
        const double length = glm::length(n);
        h.normal = length > 0.0 ? glm::vec3(n / length) : glm::vec3(0.0f);
        h.front_face = glm::dot(h.normal, world_ray.direction) <= 0.0f;
        h.local = *hit;
        best = h;
        narrowed.t_max = hit->t;
    }
    return best;
}

PickResult pick(const SceneView& scene, const Ray& world_ray, const PickSettings& settings) {
    const auto start = std::chrono::steady_clock::now();
    PickResult result;
    if (ray_problem(world_ray)) return result;

    const RayTriangleAlgorithm& algorithm = ray_triangle_algorithm(settings.method);
    const bool first_found = algorithm.has_first_found && settings.triangle_options.xna_first_found;
    std::optional<Candidate> best;
    for (std::uint32_t i = 0; i < scene.instances.size(); ++i)
        if (pick_instance(scene, i, world_ray, algorithm, settings, first_found, best,
                          result.stats))
            break;
    if (best)
        result.hit = make_pick_hit(scene, world_ray, best->instance, best->triangle, best->hit);

    // The analytic shapes, with their own tests: the closer of the two wins.
    if (!scene.shapes.empty()) {
        Ray narrowed = world_ray;
        if (best && best->hit.t >= world_ray.t_min) narrowed.t_max = best->hit.t;
        if (best && best->hit.t < world_ray.t_min) narrowed.t_max = world_ray.t_min;  // behind
        result.stats.shapes_tested += scene.shapes.size();
        if (auto shape = pick_shapes(scene, narrowed, settings.shapes)) {
            if (!best || shape->t < best->hit.t) {
                result.shape = shape;
                result.hit.reset();
            }
        }
    }
    result.stats.microseconds =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace picking
