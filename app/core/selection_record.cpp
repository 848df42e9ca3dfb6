#include "app/core/selection_record.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "app/core/settings_names.h"
#include "app/core/setup_fields.h"
#include "picking/ray_triangle/ray_triangle.h"

namespace app {

namespace {

constexpr std::string_view kSelectionRecordName = "raypick select";
constexpr int kSelectionRecordVersion = 1;
/// As `raypick select` takes them: a window of 64..16384 pixels a side, a lasso of at most
/// 100000 points, coordinates within +-1e30.
constexpr std::uint64_t kMinWindow = 64;
constexpr std::uint64_t kMaxWindow = 16384;
constexpr std::size_t kMaxLassoPoints = 100000;
constexpr float kMaxSelectionCoordinate = 1e30f;

using Json = nlohmann::ordered_json;

std::string_view shape_name(RegionShape shape) {
    return shape == RegionShape::Rectangle ? "rectangle" : "lasso";
}
constexpr std::array kShapes = {RegionShape::Rectangle, RegionShape::Lasso};

std::string hex64(std::uint64_t value) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(value));
    return text;
}

bool finite(glm::vec2 v) {
    return std::isfinite(v.x) && std::isfinite(v.y);
}

void read_view(FieldReader reader, SelectionRecordSetup& setup) {
    setup.window.x = std::uint32_t(reader.whole("width", kMaxWindow));
    setup.window.y = std::uint32_t(reader.whole("height", kMaxWindow));
    if (setup.window.x < kMinWindow || setup.window.y < kMinWindow)
        reader.fail("width", "expected a window of 64..16384 pixels a side");
    setup.view.min = reader.vec2("min");
    setup.view.max = reader.vec2("max");
    if (!finite(setup.view.min) || !finite(setup.view.max) || setup.view.empty())
        reader.fail("max", "expected a finite rectangle with max beyond min");
    reader.finish();
}

RegionRequest read_region(FieldReader reader) {
    RegionRequest region;
    region.shape = enum_value(reader, "shape", kShapes, shape_name);
    region.points = reader.vec2_list("points", kMaxLassoPoints);
    for (const glm::vec2 p : region.points)
        if (!(std::abs(p.x) <= kMaxSelectionCoordinate && std::abs(p.y) <= kMaxSelectionCoordinate))
            reader.fail("points", "expected finite numbers within +-1e30");
    if (region.shape == RegionShape::Rectangle && region.points.size() != 2)
        reader.fail("points", "a rectangle has two corners");
    if (region.shape == RegionShape::Lasso && region.points.size() < 3)
        reader.fail("points", "a lasso has at least three points");
    region.rule = enum_value(reader, "rule", kRegionRules, rule_word);
    region.visible_only = reader.boolean("visible_only");
    reader.finish();
    return region;
}

PickChoice read_settings(FieldReader reader) {
    PickChoice choice;
    const std::string algorithm = reader.text("algorithm");
    const std::string accel = reader.text("accel");
    if (auto error = parse_pick_choice(algorithm, accel, choice))
        reader.fail(picking::find_ray_triangle_algorithm(algorithm) ? "accel" : "algorithm",
                    *error);
    reader.finish();
    return choice;
}

SelectionRecordResult read_result(FieldReader reader) {
    SelectionRecordResult result;
    result.triangles = reader.whole("triangles", std::numeric_limits<std::uint64_t>::max());
    const nlohmann::json& objects = reader.at("objects");
    if (!objects.is_array()) reader.fail("objects", "expected an array");
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < objects.size(); ++i) {
        const std::string path = "result.objects[" + std::to_string(i) + "]";
        FieldReader object(objects[i], path);
        SelectionRecordObject o;
        o.instance = object.uint32("instance");
        o.count = object.whole("count", std::numeric_limits<std::uint32_t>::max());
        o.fnv1a64 = object.hex("fnv1a64", 16);
        object.finish();
        if (o.count == 0) object.fail("count", "expected at least one triangle");
        if (!result.objects.empty() && o.instance <= result.objects.back().instance)
            object.fail("instance", "expected instances in increasing order");
        sum += o.count;
        result.objects.push_back(o);
    }
    if (sum != result.triangles)
        reader.fail("triangles",
                    "is not the sum of the objects' counts (" + std::to_string(sum) + ")");
    reader.finish();
    return result;
}

/// The result as (field, text) pairs, in the record's order.
RecordFields result_fields(const SelectionRecordResult& r) {
    RecordFields f;
    f.emplace_back("result.triangles", std::to_string(r.triangles));
    for (const SelectionRecordObject& o : r.objects) {
        const std::string name = "result.objects[instance=" + std::to_string(o.instance) + "].";
        f.emplace_back(name + "count", std::to_string(o.count));
        f.emplace_back(name + "fnv1a64", hex64(o.fnv1a64));
    }
    return f;
}

}  // namespace

std::uint64_t triangles_digest(std::span<const std::uint32_t> sorted) {
    std::uint64_t hash = 0xcbf29ce484222325ull;  // FNV-1a 64's offset basis and prime
    for (const std::uint32_t index : sorted)
        for (int byte = 0; byte < 4; ++byte) {
            hash ^= (index >> (8 * byte)) & 0xffu;
            hash *= 0x100000001b3ull;
        }
    return hash;
}

SelectionRecordResult selection_result(const picking::TriangleSet& triangles) {
    SelectionRecordResult result;
    result.triangles = triangles.count();
    for (std::uint32_t i = 0; i < triangles.instance_count(); ++i) {
        if (triangles.count(i) == 0) continue;
        const std::vector<std::uint32_t> list = triangles.triangles(i);
        result.objects.push_back({i, list.size(), triangles_digest(list)});
    }
    return result;
}

nlohmann::ordered_json selection_record_to_json(const SelectionRecord& record) {
    const SelectionRecordSetup& s = record.setup;
    Json j = record_header(kSelectionRecordName, kSelectionRecordVersion);
    j["model"] = model_identity_json(s.model);
    Json& pose = j["pose"];
    put_double(pose, "time", s.time);

    Json& view = j["view"];
    view["width"] = s.window.x;
    view["height"] = s.window.y;
    put_vec2(view, "min", s.view.min);
    put_vec2(view, "max", s.view.max);

    j["camera"] = camera_json(s.camera);

    Json& region = j["region"];
    region["shape"] = shape_name(s.region.shape);
    put_vec2_list(region, "points", s.region.points);
    region["rule"] = rule_word(s.region.rule);
    region["visible_only"] = s.region.visible_only;

    Json& settings = j["settings"];
    settings["algorithm"] = picking::ray_triangle_algorithm(s.choice.options().method).name;
    settings["accel"] = accel_name(s.choice.accel());

    Json& result = j["result"];
    result["triangles"] = record.result.triangles;
    Json objects = Json::array();
    for (const SelectionRecordObject& o : record.result.objects)
        objects.push_back(
            {{"instance", o.instance}, {"count", o.count}, {"fnv1a64", hex64(o.fnv1a64)}});
    result["objects"] = std::move(objects);
    return j;
}

SelectionRecord selection_record_from_json(const nlohmann::json& json) {
    FieldReader reader(json, "");
    read_record_header(reader, kSelectionRecordName, kSelectionRecordVersion);
    SelectionRecord record;
    SelectionRecordSetup& s = record.setup;
    s.model = read_model_identity(reader.object("model"));
    {
        FieldReader pose = reader.object("pose");
        s.time = pose.double_value("time");
        if (!std::isfinite(s.time)) pose.fail("time", "expected a finite number of seconds");
        pose.finish();
    }
    read_view(reader.object("view"), s);
    s.camera = read_camera(reader.object("camera"));
    s.region = read_region(reader.object("region"));
    s.choice = read_settings(reader.object("settings"));
    record.result = read_result(reader.object("result"));
    // json_line() marks a record whose path it had to repair (not UTF-8): nothing to replay.
    if (json.contains("utf8_repaired")) (void)reader.boolean("utf8_repaired");
    reader.finish();
    return record;
}

SelectionRecord parse_selection_record(std::string_view text) {
    const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
    if (json.is_discarded()) throw RecordError("not JSON (one selection record, one object)");
    return selection_record_from_json(json);
}

std::vector<RecordMismatch> compare_selections(const SelectionRecordResult& recorded,
                                               const SelectionRecordResult& replayed) {
    return field_mismatches(result_fields(recorded), result_fields(replayed));
}

std::optional<std::string> select_for_record(SceneSession& session,
                                             const SelectionRecordSetup& setup, unsigned threads,
                                             RegionOutcome& out) {
    session.set_time(setup.time);
    session.prepare(Accel::Bvh, threads);  // the region's boxes are the BVH's
    if (setup.choice.accel() != Accel::Bvh) session.prepare(setup.choice.accel(), threads);
    RegionRequest request = setup.region;
    request.threads = threads;
    return select_in_view(session, setup.choice, setup.camera, setup.view, request, out);
}

}  // namespace app
