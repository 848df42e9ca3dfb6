#include "app/cli/pick_command.h"

#include <iostream>

#include "app/cli/command_model.h"
#include "app/cli/ray_file.h"
#include "app/core/json_line.h"
#include "app/core/pick_choice.h"
#include "app/core/pick_json.h"

namespace app {

int run_pick_command(const PickCommandOptions& options) {
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

    assets::LoadOptions load_options;
    load_options.obj_via_tinyobjloader = o.obj_via_tinyobjloader;
    int status = 0;
    const auto loaded = load_command_model("pick", o.model, load_options, o.load_timeout, status);
    if (!loaded) return status;
    SceneSession& session = *loaded;
    if (!o.clip.empty()) {
        if (auto error = session.choose_clip(o.clip)) {
            std::cerr << "raypick pick: " << *error << "\n";
            return 2;
        }
    }
    session.set_loop(o.loop);
    session.set_time(o.time);
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
    }
    std::cout.flush();
    return 0;
}

}  // namespace app
