// The Inspector (right sidebar) in Pick mode: the algorithm and broad phase at the top, then the
// pick's key numbers where the eye lands first (the object, the triangle, t, u, v, the point,
// the cost, the GPU's opinion), and everything else folded below (the corners, the ray, the bone
// space, the bind pose, the settings). Values wrap rather than clip.

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <string>

#include <imgui.h>
#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include "app/core/bind_pose_comparison.h"
#include "app/core/display_text.h"
#include "app/core/duration_text.h"
#include "app/core/triangle_lessons.h"
#include "app/viewer/panels/panels.h"
#include "app/viewer/ui_probe.h"

namespace app {

namespace {

const ImVec4 kPickColor{0.95f, 0.45f, 0.9f, 1.0f};
const ImVec4 kGood{0.5f, 0.9f, 0.5f, 1.0f};
const ImVec4 kWarn{1.0f, 0.7f, 0.3f, 1.0f};

/// `text` wrapped at its spaces (and its line breaks) only, in the width left: ImGui's own wrap
/// also breaks after a '.' or a ',', and would show 0.499812 as "0." over "499812". A word
/// wider than the width stays whole (measure() reports it).
void text_wrapped_at_spaces(const char* text) {
    const float width = ImGui::GetContentRegionAvail().x;
    // The lines as close as one wrapped text's.
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0.0f));
    std::string line;
    const char* word = text;
    for (const char* c = text;; ++c) {
        if (*c != ' ' && *c != '\n' && *c != '\0') continue;
        const std::string longer =
            line.empty() ? std::string(word, c) : line + " " + std::string(word, c);
        if (!line.empty() && ImGui::CalcTextSize(longer.c_str()).x > width) {
            ImGui::TextUnformatted(line.c_str());
            line.assign(word, c);
        } else {
            line = longer;
        }
        if (*c != ' ') {  // the end, or a line break the text asks for
            ImGui::TextUnformatted(line.c_str());
            line.clear();
            if (*c == '\0') break;
        }
        word = c + 1;
    }
    ImGui::PopStyleVar();
}

/// The table of label / value rows the Inspector is made of.
class Rows {
  public:
    Rows(const char* id, InspectorState& state) : state_(state) {
        open_ = ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg);
        if (!open_) return;
        ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthFixed,
                                ImGui::CalcTextSize("ID buffer").x + 6.0f);
        ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
    }
    ~Rows() {
        if (open_) ImGui::EndTable();
    }
    Rows(const Rows&) = delete;
    Rows& operator=(const Rows&) = delete;

    /// A row whose value wraps at spaces; its widest word is measured against the column, so
    /// a value that would still be cut shows in InspectorState::overflow_px.
    void row(const char* label, const char* glossary_term, const char* format, ...) IM_FMTARGS(4) {
        if (!open_) return;
        char text[512];
        va_list args;
        va_start(args, format);
        std::vsnprintf(text, sizeof text, format, args);
        va_end(args);
        label_cell(label, glossary_term);
        ImGui::TableSetColumnIndex(1);
        measure(text);
        text_wrapped_at_spaces(text);
    }
    void colored_row(const char* label, const char* glossary_term, ImVec4 color,
                     const std::string& text) {
        if (!open_) return;
        label_cell(label, glossary_term);
        ImGui::TableSetColumnIndex(1);
        measure(text.c_str());
        ImGui::PushStyleColor(ImGuiCol_Text, color);
        text_wrapped_at_spaces(text.c_str());
        ImGui::PopStyleColor();
    }
    void vec(const char* label, glm::vec3 v) {
        row(label, nullptr, "%.6g, %.6g, %.6g", double(v.x), double(v.y), double(v.z));
    }

  private:
    /// The label, wrapped at spaces in its narrow column ("Smooth normal" on two lines rather
    /// than cut to "Smooth nc"); a word still too wide shows in overflow_px too.
    void label_cell(const char* label, const char* glossary_term) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        measure(label);
        // One item however many lines: the glossary's tooltip is over all of them.
        ImGui::BeginGroup();
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        text_wrapped_at_spaces(label);
        ImGui::PopStyleColor();
        ImGui::EndGroup();
        if (glossary_term) glossary_tooltip(glossary_term);
    }
    void measure(const char* text) {
        const float column = ImGui::GetContentRegionAvail().x;
        float widest = 0.0f;
        const char* word = text;
        for (const char* c = text;; ++c) {
            if (*c == ' ' || *c == '\0') {
                widest = std::max(widest, ImGui::CalcTextSize(word, c).x);
                if (*c == '\0') break;
                word = c + 1;
            }
        }
        state_.overflow_px = std::max(state_.overflow_px, widest - column);
    }

    InspectorState& state_;
    bool open_ = false;
};

std::string cost_text(const Selection& selection) {
    const picking::PickStats& stats = selection.result.stats;
    char text[160];
    if (is_peer(selection.choice.accel())) {
        std::snprintf(text, sizeof text, "%s in Embree's own kernel",
                      duration_text(stats.microseconds * 1e3).c_str());
        return text;
    }
    std::snprintf(text, sizeof text, "%s: %s triangles, %s nodes",
                  duration_text(stats.microseconds * 1e3).c_str(),
                  thousands(stats.triangles_tested).c_str(),
                  thousands(stats.nodes_visited).c_str());
    return text;
}

/// The broad phase that ran, when it is not the one chosen (the chosen one is being built).
void fallback_note(const Selection& selection, const BroadPhaseStatus& broad_phase) {
    const Accel chosen = selection.choice.accel();
    if (is_peer(chosen)) return;
    const std::string chosen_name(accel_name(chosen));
    const std::string ran(broad_phase_name(selection.result.broad_phase));
    if (ran == chosen_name) return;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(kWarn, "%s %s: picked with %s", chosen_name.c_str(),
                       broad_phase.building ? "is being built" : "is not built", ran.c_str());
    ImGui::PopTextWrapPos();
}

void key_numbers_triangle(Rows& rows, const Selection& selection, const SceneSession& session) {
    const picking::PickHit& hit = *selection.result.hit;
    const assets::Scene& scene = session.scene();
    const std::string node = hit.node < scene.nodes.size() ? scene.nodes[hit.node].name : "?";
    rows.colored_row("Object", "instance", kPickColor, shown_name(node));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", shortened_text(valid_utf8(scene.node_path(hit.node))).c_str());
    rows.row("Mesh", nullptr, "%s (#%u)", shown_name(scene.meshes[hit.mesh].name).c_str(),
             hit.mesh);
    // The index as the mesh counts (a number to look up), the count as the panels write counts.
    rows.row("Triangle", nullptr, "%u of %s", hit.triangle,
             thousands(scene.meshes[hit.mesh].triangle_count()).c_str());
    if (selection.hits_along > 0)
        rows.row("Hit", nullptr, "%zu of %zu along the ray (Tab: next)", selection.hit_rank + 1,
                 selection.hits_along);
    rows.row("t", "t", "%.7g", double(hit.t));
    ui_probe::item("Inspector/t");
    rows.row("u, v", "u, v", "%.6g, %.6g", double(hit.u), double(hit.v));
    ui_probe::item("Inspector/u, v");
    rows.vec("Point", hit.point);
    if (const auto& snap = selection.snap) {
        const std::string kind = picking::snap_kind_name(snap->kind);
        if (snap->kind == picking::SnapKind::Vertex)
            rows.row("Snapped", nullptr, "to vertex %u, %.1f px away", snap->vertex,
                     snap->distance_px);
        else
            rows.row("Snapped", nullptr, "to the %s, %.1f px away", kind.c_str(),
                     snap->distance_px);
        ui_probe::item("Inspector/snapped");
        rows.vec("at", glm::vec3(snap->world));
        rows.vec("bone", glm::vec3(snap->mesh));
    }
}

void key_numbers_shape(Rows& rows, const Selection& selection, const SceneSession& session) {
    const picking::ShapePickHit& hit = *selection.result.shape;
    const assets::Scene& scene = session.scene();
    const std::string name =
        hit.shape < scene.shapes.size() ? scene.shapes[hit.shape].name : std::string("?");
    rows.colored_row("Object", "instance", kPickColor, valid_utf8(name));
    rows.row("Shape", "seed 002", "analytic %s, by its equation",
             std::string(picking::shape_kind_name(hit.kind)).c_str());
    rows.row("Test", nullptr, "%s", std::string(hit.local.test).c_str());
    if (selection.hits_along > 0)
        rows.row("Hit", nullptr, "%zu of %zu along the ray (Tab: next)", selection.hit_rank + 1,
                 selection.hits_along);
    rows.row("t", "t", "%.7g", double(hit.t));
    ui_probe::item("Inspector/t");
    rows.vec("Point", hit.point);
}

/// The analytic shape's own numbers (seed 002's forms), folded below the key numbers.
void shape_details(InspectorState& state, const Selection& selection, const SceneSession& session) {
    const picking::ShapePickHit& hit = *selection.result.shape;
    const picking::ShapeLocalHit& local = hit.local;
    Rows rows("shape details", state);
    rows.row("Node", nullptr, "%s",
             shortened_text(valid_utf8(session.scene().node_path(hit.node))).c_str());
    rows.vec("Normal", hit.normal);
    rows.vec("Normal (local)", local.normal);
    rows.row("Face", nullptr, "%s", hit.front_face ? "front (outside)" : "back (inside)");
    switch (hit.kind) {
        case picking::ShapeKind::Sphere:
            rows.row("Roots", nullptr, "t = %.6g and %.6g", double(local.sphere.t_near),
                     double(local.sphere.t_far));
            rows.row("Discriminant", nullptr, "%.6g", double(local.sphere.discriminant));
            rows.row("Origin", nullptr, "%s",
                     local.sphere.from_inside ? "inside: the far root" : "outside");
            break;
        case picking::ShapeKind::Plane:
            rows.row("D.N", nullptr, "%.6g", double(local.plane.d_dot_n));
            rows.row("t formula", nullptr, "(P' - O).N / (D.N)");
            rows.row("From P'", nullptr, "%.6g (the disc's radius bounds it)",
                     double(local.plane_distance));
            break;
        case picking::ShapeKind::Rect:
            rows.row("Along U, V", nullptr, "s = %.5f, r = %.5f", double(local.rect.s),
                     double(local.rect.r));
            break;
        case picking::ShapeKind::Box:
            rows.row("Slabs", "slab test", "t_enter %.6g, t_exit %.6g", double(local.box.t_enter),
                     double(local.box.t_exit));
            break;
    }
}

void triangle_details(InspectorState& state, const Selection& selection,
                      const SceneSession& session) {
    const picking::PickHit& hit = *selection.result.hit;
    const picking::Triangle world = session.world_triangle(hit);
    Rows rows("triangle details", state);
    rows.row("Node path", nullptr, "%s",
             shortened_text(valid_utf8(session.scene().node_path(hit.node))).c_str());
    rows.row("1-u-v", "barycentric", "%.7g (the weight of p0)", double(1.0f - hit.u - hit.v));
    rows.vec("p0 local", hit.local_triangle.p0);
    rows.vec("p1 local", hit.local_triangle.p1);
    rows.vec("p2 local", hit.local_triangle.p2);
    rows.vec("p0 world", world.p0);
    rows.vec("p1 world", world.p1);
    rows.vec("p2 world", world.p2);
    rows.vec("Point local", hit.local_point);
    rows.vec("Normal", hit.normal);
    rows.row("Face", nullptr, "%s",
             hit.front_face ? "front (counter-clockwise)" : "back (clockwise)");
    // Seed 002: the area from the cross product, the volume from the triple product; seed
    // 000: the hit point two ways, in the space the test ran in.
    const TriangleLessons l = triangle_lessons(hit, selection.ray, selection.world_from_mesh);
    rows.row("Area", "cross product", "%.7g bone, %.7g world: |E1 x E2| / 2", l.area_bone,
             l.area_world);
    rows.row("Volume", "triple product", "%.7g: |D . (E1 x E2)|, Moller-Trumbore's |det|",
             l.volume);
    rows.vec("O + tD", l.from_ray);
    rows.vec("from u, v", l.from_barycentric);  // (1-u-v) p0 + u p1 + v p2
    rows.row("apart by", "ULP", "%.3g units, %.1f ULPs of the point (seed 000's two ways)",
             l.difference, l.ulps);
}

/// The surface at the hit in words: the texture coordinates (every set), the normal the surface
/// is shaded with beside the flat triangle's, the vertex colour as a swatch, the material and
/// its texture file.
void surface_details(InspectorState& state, const Selection& selection,
                     const SceneSession& session) {
    const picking::PickHit& hit = *selection.result.hit;
    if (!state.surface || state.surface_serial != selection.serial ||
        state.surface_pose != session.pose_version()) {
        state.surface = surface_at_hit(session, hit);
        state.surface_serial = selection.serial;
        state.surface_pose = session.pose_version();
    }
    const SurfaceAtHit& surface = *state.surface;
    Rows rows("surface details", state);
    if (surface.uvs.empty()) {
        rows.row("UV", "UV", "none: this mesh has no texture coordinates");
    }
    for (std::size_t c = 0; c < surface.uvs.size(); ++c) {
        const std::string label = c == 0 ? "UV" : "UV set " + std::to_string(c);
        rows.row(label.c_str(), "UV", "%.6g, %.6g%s", double(surface.uvs[c].x),
                 double(surface.uvs[c].y),
                 c == 0 && surface.uvs.size() > 1 ? " (set 0, what the texture uses)" : "");
    }
    if (surface.smooth_normal_world)
        rows.vec("Smooth normal", *surface.smooth_normal_world);
    else
        rows.row("Smooth normal", "smooth normal", "none: the corners' normals cancel out");
    rows.vec("Flat normal", surface.geometric_normal_world);
    if (surface.smooth_normal_world) {
        const float cosine = std::clamp(
            glm::dot(*surface.smooth_normal_world, surface.geometric_normal_world), -1.0f, 1.0f);
        rows.row("Between them", "smooth normal", "%.3g degrees",
                 double(glm::degrees(std::acos(cosine))));
    }
    if (surface.color) {
        const glm::vec4& c = *surface.color;
        rows.row("Colour", nullptr, "R %.3f G %.3f B %.3f A %.3f (the vertices' colour here)",
                 double(c.r), double(c.g), double(c.b), double(c.a));
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(1);
        ImGui::ColorButton("##vertex colour", ImVec4(c.r, c.g, c.b, c.a),
                           ImGuiColorEditFlags_AlphaPreviewHalf | ImGuiColorEditFlags_NoTooltip,
                           ImVec2(ImGui::GetFontSize() * 3.0f, ImGui::GetFontSize()));
    } else {
        rows.row("Colour", nullptr, "none: this mesh has no vertex colours");
    }
    rows.row("Material", nullptr, "%s", shortened_text(shown_name(surface.material_name)).c_str());
    rows.row("Texture", nullptr, "%s",
             surface.texture.empty() ? "none (or embedded in the file, which raypick does not read)"
                                     : shortened_text(valid_utf8(surface.texture)).c_str());
}

void ray_details(InspectorState& state, const Selection& selection, const BroadPhaseStatus& bp) {
    const picking::PickStats& stats = selection.result.stats;
    auto count = [](std::uint64_t n) { return static_cast<unsigned long long>(n); };
    Rows rows("ray details", state);
    rows.vec("Origin", selection.ray.origin);
    rows.vec("Direction", selection.ray.direction);
    rows.row("t range", "t range", "%g to %g", double(selection.ray.t_min),
             double(selection.ray.t_max));
    rows.row("Pixel", nullptr, "%.1f, %.1f", double(selection.cursor_window.x),
             double(selection.cursor_window.y));
    if (!is_peer(selection.choice.accel())) {
        rows.row("Tests", "broad phase", "%llu sphere, %llu box; %llu objects reached",
                 count(stats.sphere_tests), count(stats.box_tests), count(stats.instances_tested));
        if (bp.build_ms > 0.0 || bp.bytes > 0)
            rows.row("Built", nullptr, "in %.1f ms, %.2f MB", bp.build_ms,
                     double(bp.bytes) / (1024.0 * 1024.0));
    } else {
        rows.row("Counters", "Embree", "Embree reports no node or triangle counts");
    }
}

void bind_pose_details(InspectorState& state, const Selection& selection,
                       const SceneSession& session) {
    if (!selection.bind_result) {
        ImGui::TextDisabled("click again to pick the bind pose too");
        return;
    }
    const BindPoseComparison comparison =
        compare_with_bind_pose(selection.result, *selection.bind_result, selection.ray);
    const assets::Scene& scene = session.scene();
    const auto line = [&](const picking::PickResult& r) -> std::string {
        if (!r.hit) return "miss";
        char text[160];
        std::snprintf(text, sizeof text, "%s #%u, t = %.5g",
                      valid_utf8(scene.nodes[r.hit->node].name).c_str(), r.hit->triangle,
                      double(r.hit->t));
        return text;
    };
    Rows rows("bind pose", state);
    rows.colored_row("Drawn", nullptr, kPickColor, line(selection.result));
    rows.colored_row("Bind pose", "bind pose", ImVec4(0.35f, 0.85f, 1.0f, 1.0f),
                     line(*selection.bind_result));
    rows.colored_row("Verdict", nullptr, comparison.agree() ? kGood : kWarn, describe(comparison));
}

}  // namespace

void draw_inspector(InspectorState& state, PickPanelState& pick,
                    const std::optional<Selection>& selection, const SceneSession& session,
                    const BroadPhaseStatus& broad_phase) {
    state.overflow_px = -1e9f;
    state.key_numbers_drawn = false;
    draw_pick_choice(pick);
    ImGui::Separator();
    if (!selection) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextUnformatted(
            "Click the model to pick a triangle: a press and release without moving. Drag to "
            "orbit, right-drag to pan, wheel to zoom.");
        ImGui::TextDisabled(
            "Its numbers appear here: the object, t, u, v, the point, and what the pick cost.");
        ImGui::PopTextWrapPos();
    } else {
        if (state.change_serial == selection->serial && !state.change.empty()) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextColored(kWarn, "Picked again on the same ray: %s", state.change.c_str());
            ImGui::PopTextWrapPos();
        }
        {
            Rows rows("key numbers", state);
            if (selection->result.shape)
                key_numbers_shape(rows, *selection, session);
            else if (selection->result.hit)
                key_numbers_triangle(rows, *selection, session);
            else
                rows.colored_row("Result", nullptr, kWarn, "miss: the ray hits nothing");
            std::string cost = cost_text(*selection);
            if (selection->cold) cost += " (cold)";
            rows.row("Cost", selection->cold ? "cold" : nullptr, "%s", cost.c_str());
            ui_probe::item("Inspector/cost");
            if (is_peer(selection->choice.accel()))
                rows.row(
                    "Ran", "Embree", "Embree's own triangle test (%s), not %s",
                    std::string(accel_name(selection->choice.accel())).c_str(),
                    std::string(picking::ray_triangle_algorithm(selection->choice.method()).name)
                        .c_str());
            else
                rows.row(
                    "Ran", "broad phase", "%s, broad phase %s",
                    std::string(picking::ray_triangle_algorithm(selection->choice.method()).name)
                        .c_str(),
                    std::string(broad_phase_name(selection->result.broad_phase)).c_str());
            if (selection->id_check.read) {
                if (selection->id_check.agrees)
                    rows.colored_row("ID buffer", "ID buffer", kGood,
                                     "agrees (" + selection->id_check.gpu + ")");
                else
                    rows.colored_row(
                        "ID buffer", "ID buffer", kWarn,
                        "GPU drew " + selection->id_check.gpu + ": " + selection->id_check.cause);
            }
        }
        state.key_numbers_drawn = selection->result.any();
        state.key_numbers_bottom = ImGui::GetCursorScreenPos().y;
        fallback_note(*selection, broad_phase);

        // == Details, folded
        if (selection->result.hit) {
            if (ImGui::CollapsingHeader("Triangle: corners, normal"))
                triangle_details(state, *selection, session);
            if (ImGui::CollapsingHeader("Surface: UV, normals, colour"))
                surface_details(state, *selection, session);
        } else if (selection->result.shape) {
            if (ImGui::CollapsingHeader("Shape: its test's numbers"))
                shape_details(state, *selection, session);
        }
        if (ImGui::CollapsingHeader("Ray and cost")) ray_details(state, *selection, broad_phase);
        if (selection->result.hit) {
            const bool open = ImGui::CollapsingHeader("Bone space");
            glossary_tooltip("bone space");
            if (open) {
                draw_spaces_section(session, *selection, *selection->result.hit);
                ImGui::Checkbox("the mesh's axes in the view", &state.show_axes);
            }
        }
        // Open: whoever asked for the bind pose's answer wants to see it.
        if (selection->bind_result &&
            ImGui::CollapsingHeader("Bind pose", ImGuiTreeNodeFlags_DefaultOpen))
            bind_pose_details(state, *selection, session);
    }
    ImGui::Separator();
    if (ImGui::CollapsingHeader("Pick settings")) draw_pick_settings(pick);
    ui_probe::item("Inspector/Pick settings");
}

}  // namespace app
