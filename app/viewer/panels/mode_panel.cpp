#include "app/viewer/panels/mode_panel.h"

namespace app {

std::string_view mode_name(ViewerMode mode) {
    switch (mode) {
        case ViewerMode::Collide:
            return "collide";
        case ViewerMode::TriangleLab:
            return "lab";
        case ViewerMode::Pick:
            break;
    }
    return "pick";
}

std::optional<ViewerMode> find_mode(std::string_view name) {
    for (ViewerMode mode : {ViewerMode::Pick, ViewerMode::Collide, ViewerMode::TriangleLab})
        if (mode_name(mode) == name) return mode;
    return std::nullopt;
}

std::string_view mode_label(ViewerMode mode) {
    switch (mode) {
        case ViewerMode::Collide:
            return "Collide";
        case ViewerMode::TriangleLab:
            return "Triangle lab";
        case ViewerMode::Pick:
            break;
    }
    return "Pick";
}

std::string_view mode_description(ViewerMode mode) {
    switch (mode) {
        case ViewerMode::Collide:
            return "Two meshes: every intersecting triangle pair, live";
        case ViewerMode::TriangleLab:
            return "Two triangles to edit, and what each triangle-triangle test sees";
        case ViewerMode::Pick:
            break;
    }
    return "Click the model: which triangle the ray hit, and how each algorithm sees it";
}

}  // namespace app
