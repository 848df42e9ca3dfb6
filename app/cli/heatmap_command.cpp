#include "app/cli/heatmap_command.h"

#include <cstdio>
#include <iostream>

#include <stb/stb_image_write.h>
#include <nlohmann/json.hpp>

#include "app/cli/command_model.h"
#include "app/core/heatmap.h"
#include "app/core/json_line.h"

namespace app {

int run_heatmap_command(const HeatmapCommandOptions& o) {
    PickChoice choice;
    if (auto error = parse_pick_choice(o.algorithm, o.accel, choice)) {
        std::cerr << "raypick heatmap: " << *error << "\n";
        return 2;
    }
    int w = 0, h = 0;
    char x = 0, extra = 0;
    if (std::sscanf(o.size.c_str(), "%d%c%d%c", &w, &x, &h, &extra) != 3 ||
        (x != 'x' && x != 'X') || w < 16 || h < 16 || w > 16384 || h > 16384) {
        std::cerr << "raypick heatmap: --size expects WxH, each 16..16384\n";
        return 2;
    }
    const Accel accel = choice.accel();
    const HeatmapMetric metric =
        o.metric == "ns" || is_peer(accel) ? HeatmapMetric::Nanoseconds : HeatmapMetric::Work;

    int status = 0;
    const auto loaded = load_command_model("heatmap", o.model, {}, o.load_timeout, status);
    if (!loaded) return status;
    SceneSession& session = *loaded;
    session.set_time(o.time);
    try {
        session.prepare(accel, o.threads);
    } catch (const std::exception& e) {
        std::cerr << "raypick heatmap: " << e.what() << "\n";
        return 1;
    }
    // The viewer's opening camera: its default direction, framing the animated bounds.
    Camera camera;
    const picking::Aabb bounds = session.animated_bounds();
    camera.frame(bounds.min, bounds.max, float(w) / float(h));

    CostImage image;
    image.reset({w, h}, metric);
    trace_cost_rows(session, camera, choice, o.threads, image, h);
    const std::uint32_t scale = image.scale_max();
    const std::vector<std::uint8_t> rgba = colorize(image, scale, true);
    if (!stbi_write_png(o.out.c_str(), w, h, 4, rgba.data(), w * 4)) {
        std::cerr << "raypick heatmap: could not write " << o.out << "\n";
        return 1;
    }
    nlohmann::ordered_json j;
    j["out"] = o.out;
    j["model"] = o.model;
    j["size"] = {w, h};
    j["accel"] = o.accel;
    j["algorithm"] = o.algorithm;
    j["metric"] = metric == HeatmapMetric::Work ? "work" : "ns";
    j["rays"] = image.rays;
    j["hits"] = image.hits;
    j["nodes"] = image.nodes;
    j["triangles"] = image.triangles;
    j["scale_max"] = scale;
    j["seconds"] = image.seconds;
    std::cout << json_line(std::move(j)) << std::endl;
    return 0;
}

}  // namespace app
