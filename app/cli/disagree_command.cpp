#include "app/cli/disagree_command.h"

#include <iostream>
#include <new>

#include <nlohmann/json.hpp>

#include "app/cli/command_model.h"
#include "app/cli/option_values.h"
#include "app/core/algorithms_model.h"
#include "app/core/disagreement.h"
#include "app/core/json_line.h"
#include "app/core/png_file.h"

namespace app {

int run_disagree_command(const DisagreeCommandOptions& o) {
    const std::string prefix = "raypick disagree: ";
    PickChoice a, b;
    for (auto [name, choice] : {std::pair{&o.a, &a}, std::pair{&o.b, &b}})
        if (auto error = parse_pick_choice(*name, o.accel, *choice)) {
            std::cerr << prefix << *error << "\n";
            return 2;
        }
    if (is_peer(a.accel())) {
        std::cerr << prefix << "--accel " << o.accel
                  << " runs Embree's own triangle test, not --a and --b: choose none, sphere, "
                     "aabb or bvh\n";
        return 2;
    }
    const auto size = parse_size_value(o.size);
    if (!size || size->x < 16 || size->y < 16 || size->x > 16384 || size->y > 16384) {
        std::cerr << prefix << "--size expects WxH, each 16..16384\n";
        return 2;
    }

    int status = 0;
    const auto loaded = load_command_model("disagree", o.model, {}, o.load_timeout, status);
    if (!loaded) return status;
    SceneSession& session = *loaded;
    session.set_time(o.time);
    // The viewer's opening camera, framing the animated bounds at home; moved far, the model
    // takes the camera with it, as the viewer's Far from origin does.
    Camera camera = opening_camera(session.animated_bounds(), glm::vec2(*size));
    if (o.far_distance > 0.0) {
        session.set_world_offset(far_offset(o.far_distance));
        camera.target += glm::vec3(session.world_offset());
    }
    try {
        session.prepare(a.accel(), o.threads);
    } catch (const std::exception& e) {
        std::cerr << prefix << e.what() << "\n";
        return 1;
    }

    DisagreementImage image;
    std::vector<std::uint8_t> rgba;
    try {
        image = trace_disagreement(session, camera, a, b, *size, o.ulps, o.threads);
        rgba = disagreement_rgba(image, true);
    } catch (const std::bad_alloc&) {
        std::cerr << prefix << "not enough memory for a " << size->x << "x" << size->y
                  << " picture\n";
        return 1;
    }
    if (const auto error = write_png_file(o.out, size->x, size->y, rgba)) {
        std::cerr << prefix << *error << "\n";
        return 1;
    }
    nlohmann::ordered_json j;
    j["pixels"] = image.pixels();
    for (std::size_t v = 0; v < kPixelVerdicts; ++v)
        j[std::string(verdict_name(PixelVerdict(v)))] = image.counts[v];
    j["a"] = o.a;
    j["b"] = o.b;
    j["accel"] = o.accel;
    j["far"] = o.far_distance;
    j["ulps"] = o.ulps;
    j["model"] = o.model;
    j["size"] = {size->x, size->y};
    j["out"] = o.out;
    j["seconds"] = image.seconds;
    std::cout << json_line(std::move(j)) << std::endl;
    return 0;
}

}  // namespace app
