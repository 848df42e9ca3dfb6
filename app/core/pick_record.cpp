#include "app/core/pick_record.h"

#include <array>
#include <cmath>
#include <limits>
#include <sstream>

#include "app/core/setup_fields.h"
#include "picking/primitives/analytic_shape.h"
#include "picking/ray_triangle/ray_triangle.h"

namespace app {

namespace {

constexpr std::string_view kPickRecordName = "raypick pick";
constexpr int kPickRecordVersion = 1;
/// The largest Far from origin offset a record takes per axis: --far-distance's limit.
constexpr double kMaxOffset = 1e7;

using Json = nlohmann::ordered_json;

// == Writing

std::string_view pose_name(PoseChoice pose) {
    return pose == PoseChoice::Current ? "current" : "bind";
}

// == Reading

constexpr std::array kPoses = {PoseChoice::Current, PoseChoice::Bind};
constexpr std::array kBroadPhases = {picking::BroadPhase::None, picking::BroadPhase::Sphere,
                                     picking::BroadPhase::Aabb, picking::BroadPhase::Bvh};
constexpr std::array kShapeKinds = {picking::ShapeKind::Sphere, picking::ShapeKind::Plane,
                                    picking::ShapeKind::Rect, picking::ShapeKind::Box};

void read_pose(FieldReader reader, PickRecordSetup& setup) {
    setup.animation = read_clip_time(reader);
    setup.pose = enum_value(reader, "pose", kPoses, pose_name);
    setup.world_offset = reader.dvec3("world_offset");
    for (int i = 0; i < 3; ++i)
        if (!(std::abs(setup.world_offset[i]) <= kMaxOffset))
            reader.fail("world_offset", "expected finite numbers within +-1e7");
    reader.finish();
}

picking::Ray read_ray(FieldReader reader) {
    picking::Ray ray;
    ray.origin = reader.vec3("origin");
    ray.direction = reader.vec3("direction");
    ray.t_min = reader.float_value("t_min");
    ray.t_max = reader.float_value("t_max");
    reader.finish();
    // As `raypick pick` takes a ray: finite, a direction, t_min finite, t_max finite or +inf.
    if (auto problem = picking::ray_problem(ray)) throw PickRecordError("ray: " + *problem);
    if (!std::isfinite(ray.t_min)) reader.fail("t_min", "expected a finite number");
    if (std::isnan(ray.t_max) || ray.t_max == -std::numeric_limits<float>::infinity())
        reader.fail("t_max", "expected a finite number or infinity");
    return ray;
}

PickRecordResult read_result(FieldReader reader) {
    PickRecordResult result;
    const bool hit = reader.boolean("hit");
    const std::string kind = reader.text("kind");
    result.broad_phase = enum_value(reader, "broad_phase", kBroadPhases, broad_phase_name);
    if (kind == "triangle") {
        picking::PickHit h;
        h.instance = reader.uint32("instance");
        h.mesh = reader.uint32("mesh");
        h.node = reader.uint32("node");
        h.triangle = reader.uint32("triangle");
        h.t = reader.float_value("t");
        h.u = reader.float_value("u");
        h.v = reader.float_value("v");
        h.point = reader.vec3("point");
        h.normal = reader.vec3("normal");
        h.local_point = reader.vec3("local_point");
        h.front_face = reader.boolean("front_face");
        h.local_triangle.p0 = reader.vec3("local_p0");
        h.local_triangle.p1 = reader.vec3("local_p1");
        h.local_triangle.p2 = reader.vec3("local_p2");
        result.triangle = h;
    } else if (kind == "shape") {
        picking::ShapePickHit h;
        h.shape = reader.uint32("shape");
        h.node = reader.uint32("node");
        h.kind = enum_value(reader, "shape_kind", kShapeKinds, picking::shape_kind_name);
        h.t = reader.float_value("t");
        h.point = reader.vec3("point");
        h.normal = reader.vec3("normal");
        h.front_face = reader.boolean("front_face");
        result.shape = h;
    } else if (kind != "none") {
        reader.fail("kind", "expected triangle, shape or none");
    }
    if (hit != (kind != "none")) reader.fail("hit", "disagrees with kind '" + kind + "'");
    reader.finish();
    return result;
}

// == Comparing

std::string vec3_text(glm::vec3 v) {
    return "[" + float_text(v.x) + ", " + float_text(v.y) + ", " + float_text(v.z) + "]";
}

/// The result as (field, exact text) pairs, in the record's order.
RecordFields result_fields(const PickRecordResult& r) {
    RecordFields f;
    const auto add = [&](std::string name, std::string text) {
        f.emplace_back("result." + std::move(name), std::move(text));
    };
    add("hit", r.triangle || r.shape ? "true" : "false");
    add("kind", r.triangle ? "triangle" : r.shape ? "shape" : "none");
    add("broad_phase", std::string(broad_phase_name(r.broad_phase)));
    if (const auto& h = r.triangle) {
        add("instance", std::to_string(h->instance));
        add("mesh", std::to_string(h->mesh));
        add("node", std::to_string(h->node));
        add("triangle", std::to_string(h->triangle));
        add("t", float_text(h->t));
        add("u", float_text(h->u));
        add("v", float_text(h->v));
        add("point", vec3_text(h->point));
        add("normal", vec3_text(h->normal));
        add("local_point", vec3_text(h->local_point));
        add("front_face", h->front_face ? "true" : "false");
        add("local_p0", vec3_text(h->local_triangle.p0));
        add("local_p1", vec3_text(h->local_triangle.p1));
        add("local_p2", vec3_text(h->local_triangle.p2));
    }
    if (const auto& h = r.shape) {
        add("shape", std::to_string(h->shape));
        add("node", std::to_string(h->node));
        add("shape_kind", std::string(picking::shape_kind_name(h->kind)));
        add("t", float_text(h->t));
        add("point", vec3_text(h->point));
        add("normal", vec3_text(h->normal));
        add("front_face", h->front_face ? "true" : "false");
    }
    return f;
}

}  // namespace

PickRecordResult record_result(const picking::PickResult& result) {
    PickRecordResult record;
    record.triangle = result.hit;
    record.shape = result.shape;
    if (record.shape) record.shape->local = {};
    record.broad_phase = result.broad_phase;
    return record;
}

nlohmann::ordered_json pick_record_to_json(const PickRecord& record) {
    const PickRecordSetup& s = record.setup;
    Json j = record_header(kPickRecordName, kPickRecordVersion);

    j["model"] = model_identity_json(s.model);

    Json& pose = j["pose"];
    put_clip_time(pose, s.animation);
    pose["pose"] = pose_name(s.pose);
    put_dvec3(pose, "world_offset", s.world_offset);

    j["settings"] = pick_settings_json(s.choice);

    Json& ray = j["ray"];
    put_vec3(ray, "origin", s.ray.origin);
    put_vec3(ray, "direction", s.ray.direction);
    put_float(ray, "t_min", s.ray.t_min);
    put_float(ray, "t_max", s.ray.t_max);

    const PickRecordResult& r = record.result;
    Json& result = j["result"];
    result["hit"] = r.triangle || r.shape;
    result["kind"] = r.triangle ? "triangle" : r.shape ? "shape" : "none";
    result["broad_phase"] = broad_phase_name(r.broad_phase);
    if (const auto& h = r.triangle) {
        result["instance"] = h->instance;
        result["mesh"] = h->mesh;
        result["node"] = h->node;
        result["triangle"] = h->triangle;
        put_float(result, "t", h->t);
        put_float(result, "u", h->u);
        put_float(result, "v", h->v);
        put_vec3(result, "point", h->point);
        put_vec3(result, "normal", h->normal);
        put_vec3(result, "local_point", h->local_point);
        result["front_face"] = h->front_face;
        put_vec3(result, "local_p0", h->local_triangle.p0);
        put_vec3(result, "local_p1", h->local_triangle.p1);
        put_vec3(result, "local_p2", h->local_triangle.p2);
    }
    if (const auto& h = r.shape) {
        result["shape"] = h->shape;
        result["node"] = h->node;
        result["shape_kind"] = picking::shape_kind_name(h->kind);
        put_float(result, "t", h->t);
        put_vec3(result, "point", h->point);
        put_vec3(result, "normal", h->normal);
        result["front_face"] = h->front_face;
    }
    return j;
}

PickRecord pick_record_from_json(const nlohmann::json& json) {
    FieldReader reader(json, "");
    read_record_header(reader, kPickRecordName, kPickRecordVersion);
    PickRecord record;
    record.setup.model = read_model_identity(reader.object("model"));
    read_pose(reader.object("pose"), record.setup);
    record.setup.choice = read_pick_settings(reader.object("settings"));
    record.setup.ray = read_ray(reader.object("ray"));
    record.result = read_result(reader.object("result"));
    // json_line() marks a record whose path it had to repair (not UTF-8): nothing to replay.
    if (json.contains("utf8_repaired")) (void)reader.boolean("utf8_repaired");
    reader.finish();
    return record;
}

std::vector<PickRecord> parse_pick_records(std::string_view text) {
    std::vector<PickRecord> records;
    // One JSON value (an object, or an array of them), else one object per line.
    const nlohmann::json whole = nlohmann::json::parse(text, nullptr, false);
    if (!whole.is_discarded()) {
        if (whole.is_array()) {
            if (whole.empty()) throw PickRecordError("an empty array: no record");
            for (std::size_t i = 0; i < whole.size(); ++i) {
                try {
                    records.push_back(pick_record_from_json(whole[i]));
                } catch (const PickRecordError& e) {
                    throw PickRecordError("record " + std::to_string(i + 1) + ": " + e.what());
                }
            }
        } else {
            records.push_back(pick_record_from_json(whole));
        }
        return records;
    }
    std::size_t line_number = 0;
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        const std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++line_number;
        if (line.find_first_not_of(" \t\r") == std::string_view::npos) continue;
        const nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
        const std::string where = "line " + std::to_string(line_number) + ": ";
        if (j.is_discarded()) throw PickRecordError(where + "not JSON");
        try {
            records.push_back(pick_record_from_json(j));
        } catch (const PickRecordError& e) {
            throw PickRecordError(where + e.what());
        }
    }
    if (records.empty()) throw PickRecordError("no record (the file is empty)");
    return records;
}

std::vector<RecordMismatch> compare_records(const PickRecord& recorded,
                                            const PickRecord& replayed) {
    std::vector<RecordMismatch> mismatches;
    const std::string& recorded_clip = recorded.setup.animation.clip_name;
    const std::string& replayed_clip = replayed.setup.animation.clip_name;
    if (recorded_clip != replayed_clip)
        mismatches.push_back({"pose.clip_name", recorded_clip, replayed_clip});
    for (RecordMismatch& mismatch :
         field_mismatches(result_fields(recorded.result), result_fields(replayed.result)))
        mismatches.push_back(std::move(mismatch));
    return mismatches;
}

}  // namespace app
