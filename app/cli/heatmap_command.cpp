#include "app/cli/heatmap_command.h"

#include <iostream>
#include <new>

#include <nlohmann/json.hpp>

#include "app/cli/command_model.h"
#include "app/cli/option_values.h"
#include "app/core/heatmap.h"
#include "app/core/json_line.h"
#include "app/core/png_file.h"

namespace app {

int run_heatmap_command(const HeatmapCommandOptions& o) {
    PickChoice choice;
    if (auto error = parse_pick_choice(o.algorithm, o.accel, choice)) {
        std::cerr << "raypick heatmap: " << *error << "\n";
        return 2;
    }
    const auto size = parse_size_value(o.size);
    if (!size || size->x < 16 || size->y < 16 || size->x > 16384 || size->y > 16384) {
        std::cerr << "raypick heatmap: --size expects WxH, each 16..16384\n";
        return 2;
    }
    const int w = size->x, h = size->y;
    const Accel accel = choice.accel();
    // Embree counts no work: its pixels are timed (its packets are timed per tile).
    const HeatmapMetric metric = o.metric == "packets"                ? HeatmapMetric::Packets
                                 : o.metric == "ns" || is_peer(accel) ? HeatmapMetric::Nanoseconds
                                                                      : HeatmapMetric::Work;

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
    const Camera camera = opening_camera(session.animated_bounds(), glm::vec2(w, h));

    CostImage image;
    std::vector<std::uint8_t> rgba;
    try {
        image.reset({w, h}, metric);
        trace_cost_rows(session, camera, choice, o.threads, image, h);
        rgba = colorize(image, image.scale_max(), true);
    } catch (const std::bad_alloc&) {
        std::cerr << "raypick heatmap: not enough memory for a " << w << "x" << h << " heatmap\n";
        return 1;
    }
    const std::uint32_t scale = image.scale_max();
    if (const auto error = write_png_file(o.out, w, h, rgba)) {
        std::cerr << "raypick heatmap: " << *error << "\n";
        return 1;
    }
    nlohmann::ordered_json j;
    j["out"] = o.out;
    j["model"] = o.model;
    j["size"] = {w, h};
    j["accel"] = o.accel;
    j["algorithm"] = o.algorithm;
    j["metric"] = heatmap_metric_name(metric);
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
