#include "app/core/setup_fields.h"

#include <array>
#include <cmath>
#include <numbers>

#include "app/core/settings_names.h"
#include "picking/core/finite.h"
#include "picking/primitives/analytic_shape.h"
#include "picking/ray_triangle/ray_triangle.h"

namespace app {

namespace {

using Json = nlohmann::ordered_json;

std::string_view projection_name(Projection projection) {
    return projection == Projection::Perspective ? "perspective" : "orthographic";
}
std::string_view space_name(picking::RaySpace space) {
    return space == picking::RaySpace::BoneSpace ? "bone" : "world";
}
/// The command line's names (--rect-test, --slab-test), not the panels' longer ones.
std::string_view rect_test_flag(picking::RectTest test) {
    switch (test) {
        case picking::RectTest::Seed:
            return "seed";
        case picking::RectTest::AxisAligned:
            return "axis_aligned";
        case picking::RectTest::Oriented:
            break;
    }
    return "oriented";
}
std::string_view slab_test_flag(picking::SlabTest test) {
    return test == picking::SlabTest::Seed ? "seed" : "robust";
}
std::string_view sphere_form_name(picking::SphereForm form) {
    for (const auto& algorithm : picking::kSphereAlgorithms)
        if (algorithm.form == form) return algorithm.name;
    return "precise";
}

constexpr std::array kProjections = {Projection::Perspective, Projection::Orthographic};
constexpr std::array kSpaces = {picking::RaySpace::BoneSpace, picking::RaySpace::WorldTriangles};
constexpr std::array kRectTests = {picking::RectTest::Seed, picking::RectTest::AxisAligned,
                                   picking::RectTest::Oriented};
constexpr std::array kSlabTests = {picking::SlabTest::Seed, picking::SlabTest::Robust};
constexpr std::array kSphereForms = {picking::SphereForm::Quadratic, picking::SphereForm::HalfB,
                                     picking::SphereForm::UnitDirection,
                                     picking::SphereForm::Precise};

bool finite(glm::vec2 v) {
    return std::isfinite(v.x) && std::isfinite(v.y);
}

float positive(FieldReader& reader, std::string_view key) {
    const float value = reader.float_value(key);
    if (!std::isfinite(value) || !(value > 0.0f)) reader.fail(key, "expected a finite number > 0");
    return value;
}
float finite_float(FieldReader& reader, std::string_view key) {
    const float value = reader.float_value(key);
    if (!std::isfinite(value)) reader.fail(key, "expected a finite number");
    return value;
}

/// A tolerance: finite and >= 0, as the command line takes it.
float tolerance(FieldReader& reader, std::string_view key) {
    const float value = reader.float_value(key);
    if (!std::isfinite(value) || value < 0.0f) reader.fail(key, "expected a finite number >= 0");
    return value;
}

}  // namespace

Json camera_json(const Camera& c) {
    Json camera;
    camera["projection"] = projection_name(c.projection);
    put_vec3(camera, "target", c.target);
    put_float(camera, "distance", c.distance);
    put_float(camera, "yaw", c.yaw);
    put_float(camera, "pitch", c.pitch);
    put_float(camera, "fov_y", c.fov_y);
    put_float(camera, "scene_radius", c.scene_radius);
    put_vec2(camera, "lens_shift", c.lens_shift);
    return camera;
}

Camera read_camera(FieldReader reader) {
    Camera c;
    c.projection = enum_value(reader, "projection", kProjections, projection_name);
    c.target = reader.vec3("target");
    if (!picking::finite(c.target)) reader.fail("target", "expected finite numbers");
    c.distance = positive(reader, "distance");
    c.yaw = finite_float(reader, "yaw");
    c.pitch = finite_float(reader, "pitch");
    c.fov_y = positive(reader, "fov_y");
    if (!(c.fov_y < std::numbers::pi_v<float>)) reader.fail("fov_y", "expected less than pi");
    c.scene_radius = positive(reader, "scene_radius");
    c.lens_shift = reader.vec2("lens_shift");
    if (!finite(c.lens_shift)) reader.fail("lens_shift", "expected finite numbers");
    reader.finish();
    return c;
}

Json pick_settings_json(const PickChoice& choice) {
    const picking::PickSettings& o = choice.options();
    const picking::RayTriangleOptions& t = o.triangle_options;
    Json settings;
    settings["algorithm"] = picking::ray_triangle_algorithm(o.method).name;
    settings["accel"] = accel_name(choice.accel());
    settings["space"] = space_name(o.space);
    settings["cull_backfaces"] = t.cull_backfaces;
    settings["seed_t"] = t.seed_ignores_t_range ? "ignore" : "clip";
    settings["xna_hit"] = t.xna_first_found ? "first" : "closest";
    put_float(settings, "dx_det_epsilon", t.dx_det_epsilon);
    put_float(settings, "unity_det_epsilon", t.unity_det_epsilon);
    put_float(settings, "unity_edge_tolerance", t.unity_edge_tolerance);
    settings["sphere_form"] = sphere_form_name(o.shapes.sphere);
    settings["rect_test"] = rect_test_flag(o.shapes.rect);
    settings["slab_test"] = slab_test_flag(o.shapes.slab);
    put_float(settings, "slab_epsilon", o.shapes.slab_epsilon);
    settings["aabb_slab_test"] = slab_test_flag(o.slab_test);
    settings["simd"] = o.simd;
    settings["precomputed"] = o.precomputed;
    return settings;
}

PickChoice read_pick_settings(FieldReader reader) {
    PickChoice choice;
    const std::string algorithm = reader.text("algorithm");
    const std::string accel = reader.text("accel");
    if (auto error = parse_pick_choice(algorithm, accel, choice))
        reader.fail(picking::find_ray_triangle_algorithm(algorithm) ? "accel" : "algorithm",
                    *error);
    picking::PickSettings& s = choice.options();
    s.space = enum_value(reader, "space", kSpaces, space_name);
    auto& o = s.triangle_options;
    o.cull_backfaces = reader.boolean("cull_backfaces");
    const std::string seed_t = reader.text("seed_t");
    if (seed_t != "ignore" && seed_t != "clip") reader.fail("seed_t", "expected ignore or clip");
    o.seed_ignores_t_range = seed_t == "ignore";
    const std::string xna_hit = reader.text("xna_hit");
    if (xna_hit != "first" && xna_hit != "closest")
        reader.fail("xna_hit", "expected first or closest");
    o.xna_first_found = xna_hit == "first";
    o.dx_det_epsilon = tolerance(reader, "dx_det_epsilon");
    o.unity_det_epsilon = tolerance(reader, "unity_det_epsilon");
    o.unity_edge_tolerance = tolerance(reader, "unity_edge_tolerance");
    s.shapes.sphere = enum_value(reader, "sphere_form", kSphereForms, sphere_form_name);
    s.shapes.rect = enum_value(reader, "rect_test", kRectTests, rect_test_flag);
    s.shapes.slab = enum_value(reader, "slab_test", kSlabTests, slab_test_flag);
    s.shapes.slab_epsilon = tolerance(reader, "slab_epsilon");
    s.slab_test = enum_value(reader, "aabb_slab_test", kSlabTests, slab_test_flag);
    s.simd = reader.boolean("simd");
    s.precomputed = reader.boolean("precomputed");
    s.record_visited = false;
    reader.finish();
    return choice;
}

}  // namespace app
