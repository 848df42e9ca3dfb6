#include "app/core/pick_change.h"

#include <cstdio>

#include "picking/primitives/ray_sphere_forms.h"

namespace app {

namespace {

std::string number(float value) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", double(value));
    return text;
}

std::string on_off(bool value) {
    return value ? "on" : "off";
}

std::string sphere_name(picking::SphereForm form) {
    for (const auto& entry : picking::kSphereAlgorithms)
        if (entry.form == form) return std::string(entry.name);
    return "?";
}

}  // namespace

std::vector<std::string> pick_changes(const PickInputs& before, const PickInputs& after) {
    std::vector<std::string> changes;
    const auto changed = [&](const std::string& what, const std::string& from,
                             const std::string& to) {
        if (from != to) changes.push_back(what + " " + from + " -> " + to);
    };
    const picking::PickSettings& a = before.choice.options();
    const picking::PickSettings& b = after.choice.options();
    changed("algorithm", std::string(picking::ray_triangle_algorithm(a.method).name),
            std::string(picking::ray_triangle_algorithm(b.method).name));
    changed("broad phase", std::string(accel_name(before.choice.accel())),
            std::string(accel_name(after.choice.accel())));
    changed("t min", number(before.t_min), number(after.t_min));
    changed("t max", number(before.t_max), number(after.t_max));
    const picking::RayTriangleOptions& o = a.triangle_options;
    const picking::RayTriangleOptions& p = b.triangle_options;
    changed("back-face culling", on_off(o.cull_backfaces), on_off(p.cull_backfaces));
    changed("the seeds' missing t range", o.seed_ignores_t_range ? "kept" : "clipped",
            p.seed_ignores_t_range ? "kept" : "clipped");
    changed("XNA's first found", on_off(o.xna_first_found), on_off(p.xna_first_found));
    changed("DirectX det epsilon", number(o.dx_det_epsilon), number(p.dx_det_epsilon));
    changed("Unity det epsilon", number(o.unity_det_epsilon), number(p.unity_det_epsilon));
    changed("Unity edge tolerance", number(o.unity_edge_tolerance), number(p.unity_edge_tolerance));
    const auto space_name = [](picking::RaySpace space) {
        return std::string(space == picking::RaySpace::BoneSpace ? "bone space" : "world");
    };
    changed("triangles tested in", space_name(a.space), space_name(b.space));
    changed("sphere form", sphere_name(a.shapes.sphere), sphere_name(b.shapes.sphere));
    changed("rectangle test", std::string(picking::rect_test_name(a.shapes.rect)),
            std::string(picking::rect_test_name(b.shapes.rect)));
    changed("box slab test", std::string(picking::slab_test_name(a.shapes.slab)),
            std::string(picking::slab_test_name(b.shapes.slab)));
    changed("slab eps", number(a.shapes.slab_epsilon), number(b.shapes.slab_epsilon));
    changed("aabb slab test", std::string(picking::slab_test_name(a.slab_test)),
            std::string(picking::slab_test_name(b.slab_test)));
    return changes;
}

std::string join_changes(const std::vector<std::string>& changes) {
    std::string text;
    for (const std::string& change : changes)
        text += (text.empty() ? "" : "; ") + change;
    return text;
}

}  // namespace app
