#include "app/core/sphere_forms_json.h"

#include <cmath>
#include <string>

namespace app {

namespace {

/// A number, or null when it is not one (a miss's errors).
nlohmann::ordered_json number(double value) {
    return std::isfinite(value) ? nlohmann::ordered_json(value) : nlohmann::ordered_json();
}

}  // namespace

nlohmann::ordered_json sphere_point_json(const picking::SpherePointStudy& p) {
    nlohmann::ordered_json j;
    j["ratio"] = p.ratio;
    j["offset"] = p.offset;
    const bool hit = p.exact.hit;
    j["exact"] = {{"hit", hit},
                  {"t_near", hit ? number(p.exact.t_near.value()) : nullptr},
                  {"t_far", hit ? number(p.exact.t_far.value()) : nullptr},
                  {"discriminant", number(p.exact.discriminant.value())}};
    j["names"] = {{"a", p.names.a}, {"b", p.names.b}, {"c", p.names.c}, {"h", p.names.h}};
    nlohmann::ordered_json forms = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < picking::kSphereFormCount; ++i) {
        const picking::SphereFormGrade& g = p.forms[i];
        nlohmann::ordered_json f;
        f["hit"] = g.hit;
        f["t_near"] = g.hit ? number(double(g.t_near)) : nullptr;
        f["t_far"] = g.hit ? number(double(g.t_far)) : nullptr;
        f["discriminant"] = g.hit ? number(double(g.discriminant)) : nullptr;
        f["exact_discriminant"] = number(g.exact_discriminant);
        f["rel_error_near"] = number(g.rel_error_near);
        f["rel_error_far"] = number(g.rel_error_far);
        f["ulps_near"] = number(g.ulps_near);
        f["ulps_far"] = number(g.ulps_far);
        forms[std::string(picking::kSphereAlgorithms[i].name)] = std::move(f);
    }
    j["forms"] = std::move(forms);
    return j;
}

nlohmann::ordered_json sphere_worst_json(const picking::SphereFormSweep& sweep) {
    nlohmann::ordered_json j = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < picking::kSphereFormCount; ++i) {
        const picking::SphereFormWorst& w = sweep.worst[i];
        j[std::string(picking::kSphereAlgorithms[i].name)] = {
            {"ulps_near", w.ulps_near},
            {"ratio_near", w.ratio_near},
            {"ulps_far", w.ulps_far},
            {"misses", w.misses},
            {"first_miss_ratio", w.misses > 0 ? number(w.first_miss_ratio) : nullptr}};
    }
    return j;
}

}  // namespace app
