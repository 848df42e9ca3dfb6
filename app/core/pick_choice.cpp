#include "app/core/pick_choice.h"

namespace app {

picking::BroadPhase broad_phase_of(Accel accel) {
    switch (accel) {
        case Accel::Sphere:
            return picking::BroadPhase::Sphere;
        case Accel::Aabb:
            return picking::BroadPhase::Aabb;
        case Accel::Bvh:
            return picking::BroadPhase::Bvh;
        case Accel::None:
        case Accel::Embree:
        case Accel::EmbreeRobust:
            break;
    }
    return picking::BroadPhase::None;
}

Accel accel_of(picking::BroadPhase phase) {
    switch (phase) {
        case picking::BroadPhase::Sphere:
            return Accel::Sphere;
        case picking::BroadPhase::Aabb:
            return Accel::Aabb;
        case picking::BroadPhase::Bvh:
            return Accel::Bvh;
        case picking::BroadPhase::None:
            break;
    }
    return Accel::None;
}

std::string_view broad_phase_name(picking::BroadPhase phase) {
    return accel_name(accel_of(phase));
}

std::optional<std::string> parse_pick_choice(std::string_view algorithm, std::string_view accel,
                                             PickChoice& choice) {
    const picking::RayTriangleAlgorithm* found = picking::find_ray_triangle_algorithm(algorithm);
    if (!found) {
        std::string known;
        for (const auto& a : picking::kRayTriangleAlgorithms)
            known += " " + std::string(a.name);
        return "unknown algorithm '" + std::string(algorithm) + "' (known:" + known + ")";
    }
    const std::optional<Accel> chosen = find_accel(accel);
    if (!chosen)
        return "unknown accel '" + std::string(accel) + "' (available: " + accel_names_text() + ")";
    choice.options().method = found->method;
    choice.set_accel(*chosen);
    return std::nullopt;
}

}  // namespace app
