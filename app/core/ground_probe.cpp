#include "app/core/ground_probe.h"

#include <algorithm>

namespace app {

namespace {

/// The hits of `choice` along `ray` on `instance` alone.
std::vector<picking::PickHit> hits_on(const SceneSession& session, const picking::Ray& ray,
                                      const PickChoice& choice, std::uint32_t instance) {
    std::vector<picking::PickHit> hits;
    for (const picking::AllHit& h : session.all_hits(ray, choice).hits)
        if (h.hit.instance == instance) hits.push_back(h.hit);
    return hits;
}

PickChoice choice_of(picking::RayTriangleMethod method, bool seed_ignores_t) {
    picking::PickSettings settings;
    settings.method = method;
    settings.triangle_options.seed_ignores_t_range = seed_ignores_t;
    return PickChoice(settings, Accel::None);
}

}  // namespace

std::size_t GroundProbe::seed_hits_behind() const {
    return std::size_t(std::count_if(seed_hits.begin(), seed_hits.end(),
                                     [](const picking::PickHit& h) { return h.t < 0.0f; }));
}

GroundProbe probe_ground(const SceneSession& session, std::uint32_t instance, float x, float z) {
    GroundProbe probe;
    probe.x = x;
    probe.z = z;
    probe.instance = instance;
    // The seed: start (x, 0.2, z), direction normalize((x, 10, z) - start) = +y.
    probe.seed_ray.origin = {x, kSeedProbeStartY, z};
    probe.seed_ray.direction = {0.0f, 1.0f, 0.0f};
    probe.seed_hits = hits_on(session, probe.seed_ray,
                              choice_of(picking::RayTriangleMethod::UnityPick, true), instance);
    if (!probe.seed_hits.empty()) {
        const auto last =
            std::max_element(probe.seed_hits.begin(), probe.seed_hits.end(),
                             [](const picking::PickHit& a, const picking::PickHit& b) {
                                 return a.triangle < b.triangle;
                             });
        probe.seed_last = std::size_t(last - probe.seed_hits.begin());
    }
    // Corrected: from above everything, down, t >= 0, the nearest.
    const picking::Aabb bounds = session.world_bounds();
    const float top = std::max(bounds.max.y, kSeedProbeStartY) + 1.0f;
    probe.ground_ray.origin = {x, top, z};
    probe.ground_ray.direction = {0.0f, -1.0f, 0.0f};
    const std::vector<picking::PickHit> down =
        hits_on(session, probe.ground_ray, choice_of(picking::RayTriangleMethod::Watertight, false),
                instance);
    if (!down.empty()) probe.ground = down.front();  // by increasing t
    return probe;
}

}  // namespace app
