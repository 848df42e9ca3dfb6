#include "app/cli/sphere_forms_command.h"

#include <iostream>

#include "app/core/json_line.h"
#include "app/core/sphere_forms_json.h"

namespace app {

int run_sphere_forms_command(const SphereFormsCommandOptions& o) {
    const picking::SphereFormSweep sweep = picking::sweep_sphere_forms(o.offset, o.points);
    for (const picking::SpherePointStudy& point : sweep.points)
        std::cout << json_line(sphere_point_json(point)) << "\n";
    std::cout.flush();
    return std::cout ? 0 : 1;
}

}  // namespace app
