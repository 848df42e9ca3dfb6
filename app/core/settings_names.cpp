#include "app/core/settings_names.h"

#include <algorithm>
#include <array>

#include "peers/embree_scene.h"

namespace app {

namespace {

struct AccelEntry {
    Accel accel;
    std::string_view name;
    std::string_view description;
};

constexpr std::array kAccels = {
    AccelEntry{Accel::None, "none", "every triangle of every mesh (seed 000's brute force)"},
    AccelEntry{Accel::Sphere, "sphere",
               "XNA recipe 4-18: bounding sphere per node, then per mesh part (seed 001)"},
    AccelEntry{Accel::Aabb, "aabb", "a box per mesh with the slab test (seed 002)"},
    AccelEntry{Accel::Bvh, "bvh",
               "binned-SAH BVH per mesh, eight wide, SIMD; a top level over instances"},
    AccelEntry{Accel::Embree, "embree", "Embree 3 rtcIntersect1, default (fast, not watertight)"},
    AccelEntry{Accel::EmbreeRobust, "embree_robust",
               "Embree 3 rtcIntersect1 with RTC_SCENE_FLAG_ROBUST (watertight)"},
};

}  // namespace

const std::vector<std::string_view>& accel_names() {
    static const std::vector<std::string_view> names = [] {
        std::vector<std::string_view> list;
        for (const AccelEntry& entry : kAccels)
            if (!is_peer(entry.accel) || peers::embree_available()) list.push_back(entry.name);
        return list;
    }();
    return names;
}

std::string accel_names_text() {
    std::string text;
    for (std::string_view name : accel_names()) {
        if (!text.empty()) text += " | ";
        text += name;
    }
    return text;
}

std::optional<Accel> find_accel(std::string_view name) {
    const auto& names = accel_names();
    if (std::find(names.begin(), names.end(), name) == names.end()) return std::nullopt;
    for (const AccelEntry& entry : kAccels)
        if (entry.name == name) return entry.accel;
    return std::nullopt;
}

std::string_view accel_name(Accel accel) {
    for (const AccelEntry& entry : kAccels)
        if (entry.accel == accel) return entry.name;
    return "none";
}

std::string_view accel_description(Accel accel) {
    for (const AccelEntry& entry : kAccels)
        if (entry.accel == accel) return entry.description;
    return "";
}

bool is_peer(Accel accel) {
    return accel == Accel::Embree || accel == Accel::EmbreeRobust;
}

}  // namespace app
