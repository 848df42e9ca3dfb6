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
    const MeshView& mesh = scene.meshes[instance.mesh];
    ++stats.instances_tested;

    Ray ray = world_ray;
    if (best) ray.t_max = best->hit.t;
    const bool in_bone_space = settings.space == RaySpace::BoneSpace;
    if (in_bone_space) {
        const glm::dmat4 inverse = mesh_from_world(instance.world_from_mesh);
        if (!usable(inverse)) return false;  // a singular bone (zero scale) shows nothing
        ray = to_bone_space(ray, inverse);
    }

    const std::size_t count = mesh.triangle_count();
    for (std::size_t i = 0; i < count; ++i) {
        Triangle tri = mesh.triangle(i);
        if (!in_bone_space) {
            tri = {transform_point(instance.world_from_mesh, tri.p0),
                   transform_point(instance.world_from_mesh, tri.p1),
                   transform_point(instance.world_from_mesh, tri.p2)};
        }
        ++stats.triangles_tested;
        if (auto hit = algorithm.intersect(ray, tri, settings.triangle_options)) {
            if (best && !(hit->t < best->hit.t)) continue;
            best = Candidate{instance_index, std::uint32_t(i), *hit};
            // Seed 001's ModelRayCollision returns on the first triangle hit.
            if (first_found) return true;
            ray.t_max = hit->t;
        }
    }
    return false;
}

}  // namespace

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

    if (best) {
        const Instance& instance = scene.instances[best->instance];
        const MeshView& mesh = scene.meshes[instance.mesh];
        PickHit hit;
        hit.instance = best->instance;
        hit.mesh = instance.mesh;
        hit.node = instance.node;
        hit.triangle = best->triangle;
        hit.t = best->hit.t;
        hit.u = best->hit.u;
        hit.v = best->hit.v;
        hit.point = world_ray.at(hit.t);
        hit.local_triangle = mesh.triangle(best->triangle);
        hit.local_point = hit.local_triangle.point(hit.u, hit.v);
        // Normals move by the inverse transpose of the bone transform.
        const glm::dmat3 normal_matrix =
            glm::transpose(glm::dmat3(mesh_from_world(instance.world_from_mesh)));
        const glm::dvec3 n = normal_matrix * glm::dvec3(hit.local_triangle.normal());
        const double length = glm::length(n);
        hit.normal = length > 0.0 ? glm::vec3(n / length) : glm::vec3(0.0f);
        hit.front_face = glm::dot(glm::dvec3(hit.normal), glm::dvec3(world_ray.direction)) <= 0.0;
        result.hit = hit;
    }
    result.stats.microseconds =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace picking
