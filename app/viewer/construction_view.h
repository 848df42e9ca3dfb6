#pragma once
/// An algorithm's construction (app/core/construction.h) drawn: its arrows, planes and shaded
/// areas in the 3D view with their names beside them, and in the Explain tab its flat picture,
/// its legend and what it says in words.

#include <optional>

#include <glm/mat4x4.hpp>
#include <glm/vec4.hpp>
#include <nlohmann/json.hpp>

#include "app/core/camera.h"
#include "app/core/construction.h"
#include "app/core/rect.h"
#include "render/renderer.h"

struct ImDrawList;

namespace app {

/// A construction and where it is drawn: the test's space mapped to the world.
struct PlacedConstruction {
    Construction construction;
    glm::mat4 world_from_test{1.0f};
};

[[nodiscard]] glm::vec4 construction_color(ConstructionRole role);

/// Arrows (with heads facing the camera), segments and shaded triangles, drawn over the model.
void add_construction_overlay(const PlacedConstruction& placed, const Camera& camera,
                              render::Overlay& overlay);

/// Each arrow's and area's short name beside it in the view.
void draw_construction_labels(const PlacedConstruction& placed, const Camera& camera,
                              const Rect& view, ImDrawList& draw_list);

/// The flat picture (the algorithms that decide in 2D have one), in the view's top right
/// corner: the triangle where the algorithm decides, y up, fitted to the box.
void draw_construction_inset(const Construction& construction, const Rect& view,
                             ImDrawList& draw_list);

/// The Explain tab's part: the legend of what is drawn, and the notes.
void draw_construction_panel(const Construction& construction);

/// The report's "construction": every piece in the test's space, and the map to the world.
[[nodiscard]] nlohmann::ordered_json construction_report(const PlacedConstruction& placed);

}  // namespace app
