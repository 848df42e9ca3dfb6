#include "app/cli/select_command.h"

#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <numbers>

#include <nlohmann/json.hpp>

#include "app/cli/command_model.h"
#include "app/cli/number_file.h"
#include "app/cli/option_values.h"
#include "app/cli/record_file.h"
#include "app/core/json_line.h"
#include "app/core/load_exit_status.h"
#include "app/core/pick_record.h"
#include "app/core/region_selection.h"
#include "app/core/selection_record.h"
#include "app/core/workspace_layout.h"

namespace app {

namespace {

/// "a,b,c,...": exactly `count` finite numbers separated by commas.
std::optional<std::vector<float>> parse_numbers(std::string_view text, std::size_t count) {
    std::vector<float> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = std::min(text.find(',', start), text.size());
        const auto value = number_value(text.substr(start, comma - start));
        if (!value || !std::isfinite(*value) || std::abs(*value) > 1e30) return std::nullopt;
        out.push_back(float(*value));
        start = comma + 1;
    }
    if (out.size() != count) return std::nullopt;
    return out;
}

/// The most points a lasso file may hold: far more than a hand draws.
constexpr std::size_t kMaxLassoPoints = 100000;

/// `select --replay RECORD [MODEL]`: the camera, view and region from the record, not from the
/// opening view.
int run_select_replay(const SelectCommandOptions& o) {
    const char* prefix = "raypick select: ";
    std::string text;
    if (auto error = read_record_text(o.replay_file, text)) {
        std::cerr << prefix << "--replay " << *error << "\n";
        return 2;
    }
    SelectionRecord record;
    try {
        record = parse_selection_record(text);
    } catch (const RecordError& e) {
        std::cerr << prefix << o.replay_file << ": " << e.what() << "\n";
        return 2;
    }
    // MODEL, when given, stands in for the recorded path; the hash is checked all the same.
    const std::string path = o.model.empty() ? record.setup.model.path : o.model;
    int status = 0;
    const auto loaded = load_command_model("select", path, {}, o.load_timeout, status);
    if (!loaded) return status;
    ModelIdentity identity;
    try {
        identity = identify_model(path, false);
    } catch (const std::exception& e) {
        std::cerr << prefix << e.what() << "\n";
        return kExitRefused;
    }
    const bool model_changed = identity.sha256 != record.setup.model.sha256;
    RegionOutcome outcome;
    try {
        if (auto error = select_for_record(*loaded, record.setup, o.threads, outcome)) {
            std::cerr << prefix << o.replay_file << ": " << *error << "\n";
            return 2;
        }
    } catch (const std::exception& e) {  // an accel that cannot be built (Embree)
        std::cerr << prefix << e.what() << "\n";
        return 1;
    }
    const SelectionRecordResult replayed = selection_result(outcome.triangles);
    const std::vector<RecordMismatch> mismatches = compare_selections(record.result, replayed);
    nlohmann::ordered_json line;
    line["replayed"] = mismatches.empty() && !model_changed;  // first: what a reader wants
    line["model"] = path;
    line["model_changed"] = model_changed;
    if (model_changed) {
        line["recorded_sha256"] = sha256_json(record.setup.model.sha256);
        line["sha256"] = sha256_json(identity.sha256);
        std::cerr << prefix << "model changed: " << path
                  << " is not the file the record was made on (its SHA-256 differs)\n";
    }
    line["mismatches"] = mismatches_json(mismatches);
    line["triangles"] = replayed.triangles;
    line["objects"] = replayed.objects.size();
    std::cout << json_line(std::move(line)) << std::endl;
    if (model_changed) return kExitModelChanged;
    return mismatches.empty() ? 0 : kExitReplayMismatch;
}

}  // namespace

int run_select_command(const SelectCommandOptions& o) {
    if (!o.replay_file.empty()) return run_select_replay(o);
    const char* prefix = "raypick select: ";
    PickChoice choice;
    if (auto error = parse_pick_choice(o.algorithm, o.accel, choice)) {
        std::cerr << prefix << *error << "\n";
        return 2;
    }
    const auto rule = parse_rule(o.rule);
    if (!rule) {
        std::cerr << prefix << "--rule expects touching, centroid or inside\n";
        return 2;
    }
    const auto size = parse_size_value(o.size);
    if (!size || size->x < 64 || size->y < 64 || size->x > 16384 || size->y > 16384) {
        std::cerr << prefix << "--size expects WxH, each 64..16384\n";
        return 2;
    }
    RegionRequest request;
    request.rule = *rule;
    request.visible_only = o.visible_only;
    request.threads = o.threads;
    if (o.rect.empty() == o.lasso.empty()) {
        std::cerr << prefix << "give a rectangle (--rect X0,Y0,X1,Y1) or a lasso (--lasso FILE)\n";
        return 2;
    }
    if (!o.rect.empty()) {
        const auto corners = parse_numbers(o.rect, 4);
        if (!corners) {
            std::cerr << prefix << "--rect expects four finite numbers X0,Y0,X1,Y1\n";
            return 2;
        }
        request.shape = RegionShape::Rectangle;
        request.points = {{(*corners)[0], (*corners)[1]}, {(*corners)[2], (*corners)[3]}};
    } else {
        RecordFormat format;
        format.count = 2;
        format.count_word = "two";
        format.fields = "X Y";
        format.record = "point";
        format.max_records = kMaxLassoPoints;
        format.check = [](std::span<const float> p) -> std::optional<std::string> {
            if (std::abs(p[0]) > 1e30f || std::abs(p[1]) > 1e30f) return "a point is too far out";
            return std::nullopt;
        };
        try {
            const std::vector<float> numbers = read_record_file(o.lasso, format);
            request.shape = RegionShape::Lasso;
            for (std::size_t i = 0; i + 1 < numbers.size(); i += 2)
                request.points.push_back({numbers[i], numbers[i + 1]});
        } catch (const NumberFileError& e) {
            std::cerr << prefix << e.what() << "\n";
            return 2;
        }
    }
    std::optional<std::vector<float>> orbit;
    if (!o.camera.empty()) {
        orbit = parse_numbers(o.camera, 6);
        if (!orbit || !((*orbit)[3] > 0.0f)) {
            std::cerr << prefix
                      << "--camera expects TX,TY,TZ,DISTANCE,YAW,PITCH (finite; distance > 0; "
                         "degrees)\n";
            return 2;
        }
    }

    // The record file first: a path that cannot be written should not wait for the model.
    std::ofstream record_out;
    if (!o.record_file.empty()) {
        if (auto error = open_record_output(o.record_file, record_out)) {
            std::cerr << prefix << "--record " << *error << "\n";
            return 2;
        }
    }

    int status = 0;
    const auto loaded = load_command_model("select", o.model, {}, o.load_timeout, status);
    if (!loaded) return status;
    SceneSession& session = *loaded;
    SelectionRecordSetup setup;
    if (record_out.is_open()) {
        try {
            setup.model = identify_model(o.model, false);
        } catch (const std::exception& e) {
            std::cerr << prefix << e.what() << "\n";
            return kExitRefused;
        }
    }
    setup.time = o.time;
    setup.window = glm::uvec2(*size);
    setup.view = opening_view(glm::vec2(*size));
    setup.region = request;
    setup.choice = choice;
    const Rect& view = setup.view;
    Camera& camera = setup.camera;
    camera.projection = o.orthographic ? Projection::Orthographic : Projection::Perspective;
    session.set_time(o.time);  // the bounds of the pose at --time frame it
    const picking::Aabb bounds = session.animated_bounds();
    camera.frame(bounds.min, bounds.max, view.width() / std::max(view.height(), 1.0f));
    if (orbit) {
        const float degrees = std::numbers::pi_v<float> / 180.0f;
        camera.target = {(*orbit)[0], (*orbit)[1], (*orbit)[2]};
        camera.distance = (*orbit)[3];
        camera.yaw = (*orbit)[4] * degrees;
        camera.pitch = (*orbit)[5] * degrees;
    }

    RegionOutcome outcome;
    try {
        if (auto error = select_for_record(session, setup, o.threads, outcome)) {
            std::cerr << prefix << *error << "\n";
            return 2;
        }
    } catch (const std::exception& e) {
        std::cerr << prefix << e.what() << "\n";
        return 1;
    }
    if (record_out.is_open()) {
        const SelectionRecord record{setup, selection_result(outcome.triangles)};
        record_out << json_line(selection_record_to_json(record)) << "\n";
        record_out.close();
        if (!record_out) {
            std::cerr << prefix << "--record " << o.record_file << ": writing it failed\n";
            return 1;
        }
    }
    const picking::SceneView& scene = session.view();
    nlohmann::ordered_json j;
    j["model"] = o.model;
    j["size"] = {size->x, size->y};
    j["view_rect"] = {view.min.x, view.min.y, view.max.x, view.max.y};
    j["shape"] = request.shape == RegionShape::Rectangle ? "rectangle" : "lasso";
    j["points"] = request.points.size();
    j["rule"] = rule_name(*rule);
    j["visible_only"] = o.visible_only;
    if (o.visible_only) {
        j["visibility"] = "a ray through every pixel centre in the region";
        j["visibility_rays"] = outcome.visibility_rays;
        j["accel"] = o.accel;
        j["algorithm"] = o.algorithm;
    }
    j["triangles"] = outcome.triangles.count();
    j["objects"] = outcome.triangles.instances_with_triangles();
    j["area"] = selected_area(session, outcome.triangles);
    nlohmann::ordered_json per_object = nlohmann::ordered_json::array();
    for (std::uint32_t i = 0; i < scene.instances.size(); ++i) {
        const std::size_t count = outcome.triangles.count(i);
        if (count == 0) continue;
        const picking::Instance& instance = scene.instances[i];
        const std::uint32_t mesh = instance.mesh_reported();
        nlohmann::ordered_json object;
        object["instance"] = i;
        object["node_path"] = session.scene().node_path(instance.node);
        object["mesh"] = mesh;
        object["mesh_name"] = session.scene().meshes[mesh].name;
        object["count"] = count;
        if (o.ids) object["triangles"] = outcome.triangles.triangles(i);
        per_object.push_back(std::move(object));
    }
    j["per_object"] = std::move(per_object);
    j["boxes_tested"] = outcome.stats.boxes_tested;
    j["boxes_inside"] = outcome.stats.boxes_inside;
    j["triangles_tested"] = outcome.stats.triangles_tested;
    j["seconds"] = outcome.seconds;
    std::cout << json_line(std::move(j)) << std::endl;
    return 0;
}

}  // namespace app
