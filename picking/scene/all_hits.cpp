#include "picking/scene/all_hits.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "picking/scene/bone_space.h"

namespace picking {

AllHitsResult all_hits(const SceneView& scene, const Ray& world_ray, const PickSettings& settings,
                       float duplicate_tolerance) {
    const auto start = std::chrono::steady_clock::now();
    AllHitsResult result;
    if (ray_problem(world_ray)) return result;
    const RayTriangleAlgorithm& algorithm = ray_triangle_algorithm(settings.method);

    for (std::uint32_t i = 0; i < scene.instances.size(); ++i) {
        const Instance& instance = scene.instances[i];
        if (instance.mesh >= scene.meshes.size()) continue;
        const std::optional<Ray> ray = instance_ray(instance, world_ray, settings.space);
        if (!ray) continue;
        ++result.stats.instances_tested;
        const MeshView& mesh = scene.meshes[instance.mesh];
        for (std::size_t k = 0; k < mesh.triangle_count(); ++k) {
            const Triangle tri = instance_triangle(instance, mesh, k, settings.space);
            ++result.stats.triangles_tested;
            if (const auto hit = algorithm.intersect(*ray, tri, settings.triangle_options))
                result.hits.push_back(
                    {make_pick_hit(scene, world_ray, i, std::uint32_t(k), *hit), false});
        }
    }
    std::stable_sort(result.hits.begin(), result.hits.end(),
                     [](const AllHit& a, const AllHit& b) { return a.hit.t < b.hit.t; });
    for (std::size_t k = 1; k < result.hits.size(); ++k) {
        const float t = result.hits[k].hit.t, previous = result.hits[k - 1].hit.t;
        result.hits[k].near_duplicate =
            std::abs(t - previous) <= duplicate_tolerance * std::max(1.0f, std::abs(t));
    }
    result.stats.microseconds =
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace picking
