#include "app/settings_names.h"

#include <algorithm>

namespace app {

const std::vector<std::string_view>& accel_names() {
    // Brute force over every triangle; the acceleration structures join this list.
    static const std::vector<std::string_view> names = {"none"};
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

std::optional<std::string> parse_pick_settings(std::string_view algorithm, std::string_view accel,
                                               picking::PickSettings& settings) {
    const picking::RayTriangleAlgorithm* found = picking::find_ray_triangle_algorithm(algorithm);
    if (!found) {
        std::string known;
        for (const auto& a : picking::kRayTriangleAlgorithms)
            known += " " + std::string(a.name);
        return "unknown algorithm '" + std::string(algorithm) + "' (known:" + known + ")";
    }
    settings.method = found->method;
    const auto& accels = accel_names();
    if (std::find(accels.begin(), accels.end(), accel) == accels.end())
        return "unknown accel '" + std::string(accel) + "' (available: " + accel_names_text() + ")";
    return std::nullopt;
}

}  // namespace app
