#pragma once
/// The viewer's Triangle lab mode: the two lab triangles drawn in the 3D view instead of the
/// scene, their corners dragged in the screen plane, the panel, and the JSON of a scripted run.

#include <utility>

#include <nlohmann/json.hpp>

#include "app/core/camera.h"
#include "app/core/triangle_lab.h"
#include "app/viewer/panels/triangle_lab_panel.h"
#include "render/renderer.h"

namespace app {

class LabMode {
  public:
    [[nodiscard]] TriangleLab& lab() { return lab_; }
    [[nodiscard]] const TriangleLab& lab() const { return lab_; }

    /// The triangles, the contact segment, the crossing points and the planes' common line.
    void add_overlay(render::Overlay& overlay) const;
    /// Corner names next to the corners, on the background draw list.
    void draw_labels(const Camera& camera, const Rect& view) const;
    /// The panel (the Inspector's region); true when the camera should frame the (replaced)
    /// pair.
    [[nodiscard]] bool draw_panel();
    /// The pictures (the Tools area's).
    void draw_pictures() const;

    /// A press within reach of a corner's label grabs that corner; true when it did.
    [[nodiscard]] bool grab(glm::vec2 cursor, const Camera& camera, const Rect& view);
    [[nodiscard]] bool dragging() const { return panel_.grabbed_corner >= 0; }
    /// Moves the grabbed corner under the cursor, in the plane through it facing the camera.
    void drag(glm::vec2 cursor, const Camera& camera, const Rect& view);
    void release() { panel_.grabbed_corner = -1; }

    /// The part of the 3D view the triangles are framed in (window pixels): the view less room
    /// for the corners' labels at its edges.
    [[nodiscard]] static Rect framing_region(const Rect& view);

    /// {"case", "intersect": {algorithm: bool}, "seed003_step", "moller97_step",
    ///  "guigue_devillers_step", "corners", "labels" (each corner's label centre, window
    ///  pixels), "corners_px" (the corners, window pixels), "view_region" (framing_region())}
    [[nodiscard]] nlohmann::ordered_json report_json(const Camera& camera, const Rect& view) const;

  private:
    TriangleLab lab_;
    TriangleLabPanelState panel_;
};

}  // namespace app
