#include "app/cli/pick_command.h"

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "app/cli/command_model.h"
#include "app/cli/ray_file.h"
#include "app/cli/record_file.h"
#include "app/core/algorithms_model.h"
#include "app/core/bvh_build_choice.h"
#include "app/core/json_line.h"
#include "app/core/load_exit_status.h"
#include "app/core/pick_choice.h"
#include "app/core/pick_json.h"
#include "app/core/pick_record.h"
#include "app/core/pick_replay.h"

namespace app {

namespace {

/// `pick --replay FILE [MODEL]`.
int run_pick_replay(const PickCommandOptions& o) {
    std::string text;
    if (auto error = read_record_text(o.replay_file, text)) {
        std::cerr << "raypick pick: --replay " << *error << "\n";
        return 2;
    }
    std::vector<PickRecord> records;
    try {
        records = parse_pick_records(text);
    } catch (const PickRecordError& e) {
        std::cerr << "raypick pick: " << o.replay_file << ": " << e.what() << "\n";
        return 2;
    }

    std::unique_ptr<SceneSession> session;
    ModelIdentity identity;  // of the model loaded now
    int worst = 0;
    for (std::size_t i = 0; i < records.size(); ++i) {
        const PickRecord& record = records[i];
        // MODEL, when given, stands in for the recorded path; the hash is checked all the same.
        const std::string path = o.model.empty() ? record.setup.model.path : o.model;
        const bool tinyobjloader = record.setup.model.obj_via_tinyobjloader;
        if (!session || identity.path != path || identity.obj_via_tinyobjloader != tinyobjloader) {
            assets::LoadOptions load_options;
            load_options.obj_via_tinyobjloader = tinyobjloader;
            int status = 0;
            session = load_command_model("pick", path, load_options, o.load_timeout, status);
            if (!session) return status;
            try {
                identity = identify_model(path, tinyobjloader);
            } catch (const std::exception& e) {
                std::cerr << "raypick pick: " << e.what() << "\n";
                return kExitRefused;
            }
        }
        const bool model_changed = identity.sha256 != record.setup.model.sha256;
        nlohmann::ordered_json j;
        j["record"] = i + 1;
        j["model"] = path;
        j["model_changed"] = model_changed;
        if (model_changed) {
            j["recorded_sha256"] = sha256_json(record.setup.model.sha256);
            j["sha256"] = sha256_json(identity.sha256);
            std::cerr << "raypick pick: model changed: " << path << " is not the file record "
                      << i + 1 << " was made on (its SHA-256 differs)\n";
        }
        std::vector<RecordMismatch> mismatches;
        nlohmann::ordered_json pick;
        try {
            if (auto error = pose_for_record(*session, record.setup)) {
                mismatches.push_back(
                    {"pose.clip", std::to_string(record.setup.animation.clip), *error});
            } else {
                const picking::PickResult result = replay_pick(*session, record.setup);
                const PickRecord replayed{record_setup(*session, identity, record.setup.choice,
                                                       record.setup.pose, record.setup.ray),
                                          record_result(result)};
                mismatches = compare_records(record, replayed);
                pick = pick_to_json(*session, record.setup.ray, record.setup.choice, result,
                                    record.setup.pose);
            }
        } catch (const std::exception& e) {  // an accel that cannot be built (Embree)
            std::cerr << "raypick pick: " << e.what() << "\n";
            return 1;
        }
        const bool same = mismatches.empty() && !model_changed;
        nlohmann::ordered_json line;
        line["replayed"] = same;  // first: what a reader wants to know
        for (auto& [key, value] : j.items())
            line[key] = value;
        line["mismatches"] = mismatches_json(mismatches);
        if (!pick.is_null()) line["pick"] = std::move(pick);  // the replay as `pick` prints it
        std::cout << json_line(std::move(line)) << "\n";
        if (model_changed)
            worst = kExitModelChanged;
        else if (!mismatches.empty() && worst == 0)
            worst = kExitReplayMismatch;
    }
    std::cout.flush();
    return worst;
}

}  // namespace

int run_pick_command(const PickCommandOptions& options) {
    if (!options.replay_file.empty()) return run_pick_replay(options);
    PickCommandOptions o = options;
    o.flags.apply();
    PickChoice choice;
    if (auto error = parse_pick_choice(o.algorithm, o.accel, choice)) {
        std::cerr << "raypick pick: " << *error << "\n";
        return 2;
    }
    picking::PickSettings& settings = choice.options();
    settings.triangle_options = o.flags.options;
    settings.shapes = o.flags.shapes;
    if (!(o.flags.t_min <= o.flags.t_max)) {
        std::cerr << "raypick pick: --t-min must not be above --t-max\n";
        return 2;
    }
    settings.space =
        o.space == "world" ? picking::RaySpace::WorldTriangles : picking::RaySpace::BoneSpace;

    // Rays first: a bad ray file should not wait for a slow model.
    std::vector<picking::Ray> rays;
    try {
        if (!o.ray.empty()) {
            const picking::Ray ray = o.flags.with_t_range(
                {{o.ray[0], o.ray[1], o.ray[2]}, {o.ray[3], o.ray[4], o.ray[5]}});
            if (auto problem = picking::ray_problem(ray)) throw RayFileError("--ray: " + *problem);
            rays.push_back(ray);
        } else if (!o.rays_file.empty()) {
            rays = read_ray_file(o.rays_file);
            for (picking::Ray& ray : rays)
                ray = o.flags.with_t_range(ray);
        } else {
            std::cerr
                << "raypick pick: give a ray (--ray OX OY OZ DX DY DZ) or a file (--rays FILE)\n";
            return 2;
        }
    } catch (const RayFileError& e) {
        std::cerr << "raypick pick: " << e.what() << "\n";
        return 2;
    }
    // The record file too: a path that cannot be written should not wait for the model.
    std::ofstream record_out;
    if (!o.record_file.empty()) {
        if (auto error = open_record_output(o.record_file, record_out)) {
            std::cerr << "raypick pick: --record " << *error << "\n";
            return 2;
        }
    }

    assets::LoadOptions load_options;
    load_options.obj_via_tinyobjloader = o.obj_via_tinyobjloader;
    int status = 0;
    const auto loaded = load_command_model("pick", o.model, load_options, o.load_timeout, status);
    if (!loaded) return status;
    SceneSession& session = *loaded;
    session.set_bvh_build(command_bvh_build(o.bvh_build, session.scene().triangle_count()));
    ModelIdentity identity;
    if (record_out.is_open()) {
        try {
            identity = identify_model(o.model, o.obj_via_tinyobjloader);
        } catch (const std::exception& e) {
            std::cerr << "raypick pick: " << e.what() << "\n";
            return kExitRefused;
        }
    }
    if (!o.clip.empty()) {
        if (auto error = session.choose_clip(o.clip)) {
            std::cerr << "raypick pick: " << *error << "\n";
            return 2;
        }
    }
    session.set_loop(o.loop);
    session.set_time(o.time);
    if (o.far_distance > 0.0) session.set_world_offset(far_offset(o.far_distance));
    try {
        session.prepare(choice.accel());
    } catch (const std::exception& e) {
        std::cerr << "raypick pick: " << e.what() << "\n";
        return 1;
    }

    const PoseChoice pose = o.bind_pose ? PoseChoice::Bind : PoseChoice::Current;
    for (const picking::Ray& ray : rays) {
        // The bind pose is picked triangle by triangle: the accels describe the current pose.
        const picking::PickResult result = session.pick(ray, choice, pose);
        nlohmann::ordered_json j = pick_to_json(session, ray, choice, result, pose);
        if (o.all_hits)
            j["all_hits"] = all_hits_to_json(session, session.all_hits(ray, choice, pose));
        std::cout << json_line(std::move(j)) << "\n";
        if (record_out.is_open()) {
            const PickRecord record{record_setup(session, identity, choice, pose, ray),
                                    record_result(result)};
            record_out << json_line(pick_record_to_json(record)) << "\n";
        }
    }
    std::cout.flush();
    if (record_out.is_open()) {
        record_out.close();
        if (!record_out) {
            std::cerr << "raypick pick: --record " << o.record_file << ": writing it failed\n";
            return 1;
        }
    }
    return 0;
}

}  // namespace app
