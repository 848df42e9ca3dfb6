#include "app/core/session_file.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

#include "app/core/region_selection.h"
#include "app/core/setup_fields.h"

namespace app {

namespace {

constexpr std::string_view kSessionRecordName = "raypick session";
constexpr int kSessionVersion = 1;
/// The most instances and runs a session names: far beyond any scene the viewer opens, so a
/// hostile file cannot make it allocate without bound.
constexpr std::uint64_t kMaxInstances = 1u << 24;
constexpr std::size_t kMaxRuns = std::size_t(1) << 26;
constexpr float kMaxSnapRadius = 200.0f;  ///< as Pick settings' slider allows
constexpr double kMaxSessionCoordinate = 1e30;
/// A session of a million triangles selected in alternate runs is some 30 MB.
constexpr std::uintmax_t kMaxSessionBytes = std::uintmax_t(256) << 20;

using Json = nlohmann::ordered_json;

/// A word the viewer checks when it applies the session: letters, digits, '-' and '_' only.
std::string viewer_word(FieldReader& reader, std::string_view key) {
    std::string word = reader.text(key);
    const bool plain =
        word.size() <= 40 && std::all_of(word.begin(), word.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
        });
    if (!plain) reader.fail(key, "expected a short lower-case word");
    return word;
}

float size_in(FieldReader& reader, std::string_view key, float lo, float hi) {
    const float value = reader.float_value(key);
    if (!(value >= lo && value <= hi))
        reader.fail(key, "expected " + std::to_string(int(lo)) + ".." + std::to_string(int(hi)));
    return value;
}

glm::dvec3 finite_point(FieldReader& reader, std::string_view key) {
    const glm::dvec3 v = reader.dvec3(key);
    for (int i = 0; i < 3; ++i)
        if (!(std::abs(v[i]) <= kMaxSessionCoordinate)) reader.fail(key, "expected finite numbers");
    return v;
}

Json measure_point_json(const MeasurePoint& p) {
    Json j;
    j["instance"] = p.instance;
    j["triangle"] = p.triangle;
    put_dvec3(j, "world", p.world);
    put_dvec3(j, "mesh", p.mesh);
    put_dvec3(j, "corner0", p.corners[0]);
    put_dvec3(j, "corner1", p.corners[1]);
    put_dvec3(j, "corner2", p.corners[2]);
    // world_from_mesh is affine: its columns' xyz say it all.
    put_dvec3(j, "x_axis", glm::dvec3(p.world_from_mesh[0]));
    put_dvec3(j, "y_axis", glm::dvec3(p.world_from_mesh[1]));
    put_dvec3(j, "z_axis", glm::dvec3(p.world_from_mesh[2]));
    put_dvec3(j, "origin", glm::dvec3(p.world_from_mesh[3]));
    return j;
}

MeasurePoint read_measure_point(FieldReader reader) {
    MeasurePoint p;
    p.instance = reader.uint32("instance");
    p.triangle = reader.uint32("triangle");
    p.world = finite_point(reader, "world");
    p.mesh = finite_point(reader, "mesh");
    p.corners[0] = finite_point(reader, "corner0");
    p.corners[1] = finite_point(reader, "corner1");
    p.corners[2] = finite_point(reader, "corner2");
    p.world_from_mesh[0] = glm::dvec4(finite_point(reader, "x_axis"), 0.0);
    p.world_from_mesh[1] = glm::dvec4(finite_point(reader, "y_axis"), 0.0);
    p.world_from_mesh[2] = glm::dvec4(finite_point(reader, "z_axis"), 0.0);
    p.world_from_mesh[3] = glm::dvec4(finite_point(reader, "origin"), 1.0);
    reader.finish();
    return p;
}

SessionRegion read_region(FieldReader reader, std::size_t& total_runs) {
    SessionRegion region;
    region.instance = std::uint32_t(reader.whole("instance", kMaxInstances));
    const nlohmann::json& runs = reader.at("runs");
    if (!runs.is_array() || runs.empty()) reader.fail("runs", "expected an array of [first, last]");
    total_runs += runs.size();
    if (total_runs > kMaxRuns) reader.fail("runs", "more runs than a session holds");
    std::int64_t after = -1;  // the last triangle of the previous run
    for (const nlohmann::json& run : runs) {
        const auto whole = [](const nlohmann::json& j) {
            return j.is_number_unsigned() || (j.is_number_integer() && j.get<std::int64_t>() >= 0);
        };
        if (!run.is_array() || run.size() != 2 || !whole(run[0]) || !whole(run[1]))
            reader.fail("runs", "expected [first, last] pairs of whole numbers");
        const std::uint64_t first = run[0].get<std::uint64_t>(), last = run[1].get<std::uint64_t>();
        const bool apart = after < 0 || std::int64_t(first) > after + 1;
        if (last > std::numeric_limits<std::uint32_t>::max() || first > last || !apart)
            reader.fail("runs", "expected increasing runs, apart, first <= last < 2^32");
        region.runs.emplace_back(std::uint32_t(first), std::uint32_t(last));
        after = std::int64_t(last);
    }
    reader.finish();
    return region;
}

}  // namespace

std::vector<SessionRegion> session_region(const picking::TriangleSet& triangles) {
    std::vector<SessionRegion> regions;
    for (std::uint32_t i = 0; i < triangles.instance_count(); ++i) {
        if (triangles.count(i) == 0) continue;
        SessionRegion region{i, {}};
        for (const std::uint32_t t : triangles.triangles(i)) {
            if (!region.runs.empty() && region.runs.back().second + 1 == t)
                region.runs.back().second = t;
            else
                region.runs.emplace_back(t, t);
        }
        regions.push_back(std::move(region));
    }
    return regions;
}

picking::TriangleSet region_triangles(const std::vector<SessionRegion>& region,
                                      std::span<const std::size_t> triangles_per_instance,
                                      std::uint64_t& dropped) {
    picking::TriangleSet set(triangles_per_instance);
    dropped = 0;
    for (const SessionRegion& r : region) {
        const std::size_t capacity = set.triangle_capacity(r.instance);
        for (const auto& [first, last] : r.runs) {
            const std::uint64_t size = std::uint64_t(last) - first + 1;
            const std::uint64_t inside =
                first >= capacity ? 0 : std::min<std::uint64_t>(size, capacity - first);
            for (std::uint64_t k = 0; k < inside; ++k)
                set.insert(r.instance, std::uint32_t(first + k));
            dropped += size - inside;
        }
    }
    return set;
}

nlohmann::ordered_json session_to_json(const SessionFile& s) {
    Json j = record_header(kSessionRecordName, kSessionVersion);
    j["model"] = model_identity_json(s.model);

    Json& pose = j["pose"];
    put_clip_time(pose, s.animation);
    pose["playing"] = s.playing;

    j["camera"] = camera_json(s.camera);

    Json& layout = j["layout"];
    layout["outliner_open"] = s.layout.outliner_open;
    layout["inspector_open"] = s.layout.inspector_open;
    layout["tools_open"] = s.layout.tools_open;
    put_float(layout, "outliner_width", s.layout.outliner_width);
    put_float(layout, "inspector_width", s.layout.inspector_width);
    put_float(layout, "tools_height", s.layout.tools_height);
    layout["mode"] = s.mode;
    layout["tool"] = s.tool;
    layout["tools_tab"] = s.tools_tab;
    layout["wireframe"] = s.wireframe;
    layout["show_ray"] = s.show_ray;

    j["settings"] = pick_settings_json(s.choice);
    Json& pick = j["pick"];
    put_float(pick, "t_min", s.t_min);
    put_float(pick, "t_max", s.t_max);
    pick["hover"] = s.hover;
    pick["snap"] = s.snap;
    put_float(pick, "snap_radius_px", s.snap_radius_px);
    pick["snap_vertex"] = s.snap_targets.vertex;
    pick["snap_edge_midpoint"] = s.snap_targets.edge_midpoint;
    pick["snap_edge"] = s.snap_targets.edge;
    pick["snap_face"] = s.snap_targets.face;
    pick["rule"] = rule_word(s.rule);
    pick["xray"] = s.xray;
    pick["bvh_build"] = bvh_build_choice_name(s.bvh_build);

    Json& selection = j["selection"];
    if (s.pick) {
        Json& ray = selection["pick"];
        put_vec2(ray, "cursor", s.pick->cursor);
        put_vec3(ray, "origin", s.pick->origin);
        put_vec3(ray, "direction", s.pick->direction);
    } else {
        selection["pick"] = nullptr;
    }
    Json regions = Json::array();
    for (const SessionRegion& r : s.region) {
        Json runs = Json::array();
        for (const auto& [first, last] : r.runs)
            runs.push_back({first, last});
        regions.push_back({{"instance", r.instance}, {"runs", std::move(runs)}});
    }
    selection["region"] = std::move(regions);
    Json measure = Json::array();
    for (const MeasurePoint& p : s.measure)
        measure.push_back(measure_point_json(p));
    selection["measure"] = std::move(measure);
    return j;
}

SessionFile session_from_json(const nlohmann::json& json) {
    FieldReader reader(json, "");
    read_record_header(reader, kSessionRecordName, kSessionVersion);
    SessionFile s;
    s.model = read_model_identity(reader.object("model"));
    {
        FieldReader pose = reader.object("pose");
        s.animation = read_clip_time(pose);
        s.playing = pose.boolean("playing");
        pose.finish();
    }
    s.camera = read_camera(reader.object("camera"));
    {
        using Limits = WorkspaceLimits;
        FieldReader layout = reader.object("layout");
        s.layout.outliner_open = layout.boolean("outliner_open");
        s.layout.inspector_open = layout.boolean("inspector_open");
        s.layout.tools_open = layout.boolean("tools_open");
        s.layout.outliner_width =
            size_in(layout, "outliner_width", Limits::kMinSidebar, Limits::kMaxSidebar);
        s.layout.inspector_width =
            size_in(layout, "inspector_width", Limits::kMinSidebar, Limits::kMaxSidebar);
        s.layout.tools_height =
            size_in(layout, "tools_height", Limits::kMinTools, Limits::kMaxTools);
        s.mode = viewer_word(layout, "mode");
        s.tool = viewer_word(layout, "tool");
        s.tools_tab = viewer_word(layout, "tools_tab");
        s.wireframe = layout.boolean("wireframe");
        s.show_ray = layout.boolean("show_ray");
        layout.finish();
    }
    s.choice = read_pick_settings(reader.object("settings"));
    {
        FieldReader pick = reader.object("pick");
        s.t_min = pick.float_value("t_min");
        s.t_max = pick.float_value("t_max");
        if (!std::isfinite(s.t_min)) pick.fail("t_min", "expected a finite number");
        if (std::isnan(s.t_max) || !(s.t_max > s.t_min))
            pick.fail("t_max", "expected a number (or infinity) beyond t_min");
        s.hover = pick.boolean("hover");
        s.snap = pick.boolean("snap");
        s.snap_radius_px = size_in(pick, "snap_radius_px", 1.0f, kMaxSnapRadius);
        s.snap_targets.vertex = pick.boolean("snap_vertex");
        s.snap_targets.edge_midpoint = pick.boolean("snap_edge_midpoint");
        s.snap_targets.edge = pick.boolean("snap_edge");
        s.snap_targets.face = pick.boolean("snap_face");
        s.rule = enum_value(pick, "rule", kRegionRules, rule_word);
        s.xray = pick.boolean("xray");
        if (pick.has("bvh_build")) {
            const auto choice = find_bvh_build_choice(pick.text("bvh_build"));
            if (!choice) pick.fail("bvh_build", "expected " + bvh_build_choice_names_text());
            s.bvh_build = *choice;
        }
        pick.finish();
    }
    {
        FieldReader selection = reader.object("selection");
        if (!selection.at("pick").is_null()) {
            FieldReader pick = selection.object("pick");
            SessionPick p;
            p.cursor = pick.vec2("cursor");
            p.origin = pick.vec3("origin");
            p.direction = pick.vec3("direction");
            if (auto problem = picking::ray_problem({p.origin, p.direction}))
                pick.fail("direction", *problem);
            if (!std::isfinite(p.cursor.x) || !std::isfinite(p.cursor.y))
                pick.fail("cursor", "expected finite numbers");
            pick.finish();
            s.pick = p;
        }
        const nlohmann::json& regions = selection.at("region");
        if (!regions.is_array()) selection.fail("region", "expected an array");
        std::size_t runs = 0;
        for (std::size_t i = 0; i < regions.size(); ++i) {
            s.region.push_back(read_region(
                FieldReader(regions[i], "selection.region[" + std::to_string(i) + "]"), runs));
            if (i > 0 && s.region[i].instance <= s.region[i - 1].instance)
                selection.fail("region", "expected instances in increasing order");
        }
        const nlohmann::json& measure = selection.at("measure");
        if (!measure.is_array() || measure.size() > MeasureTool::kMaxPoints)
            selection.fail("measure", "expected an array of at most three points");
        for (std::size_t i = 0; i < measure.size(); ++i)
            s.measure.push_back(read_measure_point(
                FieldReader(measure[i], "selection.measure[" + std::to_string(i) + "]")));
        selection.finish();
    }
    if (json.contains("utf8_repaired")) (void)reader.boolean("utf8_repaired");
    reader.finish();
    return s;
}

SessionFile parse_session(std::string_view text) {
    const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
    if (json.is_discarded()) throw RecordError("not JSON (a session file is one object)");
    return session_from_json(json);
}

bool looks_like_session(std::string_view text) {
    const std::size_t start = text.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos) return false;
    text.remove_prefix(start);
    constexpr std::string_view kStart = R"({"record":"raypick session")";
    return text.starts_with(kStart);
}

bool is_session_file(const std::filesystem::path& path) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(path, error)) return false;
    std::ifstream in(path, std::ios::binary);
    char start[64] = {};
    in.read(start, sizeof start);
    return looks_like_session(std::string_view(start, std::size_t(in.gcount())));
}

SessionFile read_session_file(const std::filesystem::path& path) {
    const std::string name = path.string();
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) throw RecordError(name + ": is a directory");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw RecordError(name + ": cannot open it");
    const auto size = std::filesystem::file_size(path, error);
    if (!error && size > kMaxSessionBytes) throw RecordError(name + ": larger than 256 MiB");
    std::ostringstream text;
    text << in.rdbuf();
    if (in.bad()) throw RecordError(name + ": reading it failed");
    try {
        return parse_session(text.str());
    } catch (const RecordError& e) {
        throw RecordError(name + ": " + e.what());
    }
}

}  // namespace app
