#include "app/cli/inspect_command.h"

#include <iostream>

#include <nlohmann/json.hpp>

#include "app/cli/command_model.h"
#include "app/core/json_line.h"
#include "app/core/scene_inspection.h"

namespace app {

int run_inspect_command(const InspectCommandOptions& o) {
    assets::LoadOptions load_options;
    load_options.obj_via_tinyobjloader = o.obj_via_tinyobjloader;
    int status = 0;
    const auto loaded =
        load_command_model("inspect", o.model, load_options, o.load_timeout, status);
    if (!loaded) return status;
    picking::RayTriangleOptions dx;
    dx.dx_det_epsilon = o.dx_det_epsilon;
    const SceneInspection inspection = inspect_scene(*loaded, dx);
    nlohmann::ordered_json j;
    j["model"] = o.model;
    nlohmann::ordered_json counts = inspection_json(inspection, loaded->scene());
    for (auto it = counts.begin(); it != counts.end(); ++it)
        j[it.key()] = std::move(it.value());
    std::cout << json_line(std::move(j)) << std::endl;
    return 0;
}

}  // namespace app
