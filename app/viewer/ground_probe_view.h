#pragma once
/// The Ground probe tool (Tools > Ground probe): seed 000's TestPos(x, z) following the
/// pointer over a mesh, beside the corrected probe (app/core/ground_probe.h): the vertical line
/// and its hits drawn in the view, the height found and the seed's hits listed in the panel.

#include <optional>

#include <nlohmann/json.hpp>

#include "app/core/camera.h"
#include "app/core/ground_probe.h"
#include "app/core/rect.h"
#include "app/core/scene_session.h"
#include "app/core/selection.h"
#include "render/renderer.h"

struct ImDrawList;

namespace app {

class GroundProbeView {
  public:
    /// Probes again where `hover` hit a mesh (the pointer moved); keeps the last probe
    /// otherwise.
    void update(const SceneSession& session, const std::optional<Selection>& hover);
    /// A new scene: the probe was of the old one.
    void forget() { probe_.reset(); }
    void draw_panel(const SceneSession& session) const;
    /// The vertical line, the start at y = 0.2, the seed's hits and the height found.
    void add_overlay(const SceneSession& session, render::Overlay& overlay) const;
    /// Names beside the marks ("y = 0.2 start", "height").
    void draw_labels(const Camera& camera, const Rect& view, ImDrawList& draw_list) const;
    /// The report's "ground_probe": null before the first probe.
    [[nodiscard]] nlohmann::ordered_json report(const SceneSession& session) const;

    /// On show this frame (set by the viewer): only then does the pointer probe.
    bool shown = false;

  private:
    std::optional<GroundProbe> probe_;
};

}  // namespace app
