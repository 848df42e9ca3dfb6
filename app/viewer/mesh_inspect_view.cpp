#include "app/viewer/mesh_inspect_view.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/core/display_text.h"
#include "app/viewer/ui_probe.h"

namespace app {

namespace {

// One colour per kind of finding, in the view and beside its count in the panel.
constexpr glm::vec4 kDegenerateColor{1.0f, 0.22f, 0.22f, 1.0f};
constexpr glm::vec4 kSliverColor{1.0f, 0.62f, 0.12f, 1.0f};
constexpr glm::vec4 kBoundaryColor{0.25f, 0.9f, 1.0f, 1.0f};
constexpr glm::vec4 kNonManifoldColor{1.0f, 0.35f, 1.0f, 1.0f};
constexpr glm::vec4 kDuplicateColor{0.55f, 1.0f, 0.25f, 1.0f};

/// A switch with a swatch of the overlay's colour, the count and what it counts.
/// Returns true when its "next" button was pressed.
bool finding_row(const char* label, bool& show, glm::vec4 color, std::size_t count,
                 std::size_t drawn, const char* what,
                 std::optional<std::size_t> drawable = std::nullopt) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::PushID(label);
    ImGui::Checkbox("##show", &show);
    ImGui::SameLine();
    ImGui::ColorButton("##swatch", ImVec4(color.r, color.g, color.b, 1.0f),
                       ImGuiColorEditFlags_NoTooltip, ImVec2(12, 12));
    ImGui::SameLine();
    ImGui::TextUnformatted(label);
    ui_probe::item(std::string("Inspect mesh/") + label);
    ImGui::PopID();
    ImGui::TableNextColumn();
    ImGui::Text("%s", thousands(count).c_str());
    ui_probe::item(std::string("Inspect mesh/") + label + "/count");
    ImGui::TableNextColumn();
    ImGui::BeginDisabled(count == 0);
    ImGui::PushID(label);
    const bool next = ImGui::SmallButton("next");
    ImGui::PopID();
    ui_probe::item(std::string("Inspect mesh/") + label + "/next");
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("Turn the camera to the next one, ringed in white");
    ImGui::EndDisabled();
    ImGui::TableNextColumn();
    if (show && drawn < drawable.value_or(count))
        ImGui::TextColored(ImVec4(1.0f, 0.75f, 0.3f, 1.0f), "drawing %s of them; %s",
                           thousands(drawn).c_str(), what);
    else
        ImGui::TextDisabled("%s", what);
    return next;
}

}  // namespace

void MeshInspectView::update(const std::shared_ptr<SceneSession>& session, float dx_det_epsilon) {
    const bool job_current =
        job_ && job_session_.lock() == session && job_epsilon_ == dx_det_epsilon;
    if (job_ && job_->finished()) {
        std::optional<SceneInspection> done = job_->take();
        if (done && job_current) {
            inspection_ = std::move(done);
            focus_.reset();
            ++serial_;
            inspected_ = session;
            epsilon_ = dx_det_epsilon;
        }
        job_.reset();
    }
    if (inspection_ && inspected_.lock() != session) {  // another scene's
        inspection_.reset();
        focus_.reset();
    }
    if (inspection_ && epsilon_ == dx_det_epsilon) return;
    if (job_ && job_current) return;  // under way
    if (job_) job_->cancel();         // of another scene or epsilon: its thread ends on its own
    picking::RayTriangleOptions dx;
    dx.dx_det_epsilon = dx_det_epsilon;
    job_ = start_scene_inspection(session, dx);
    job_session_ = session;
    job_epsilon_ = dx_det_epsilon;
}

void MeshInspectView::draw_panel() {
    if (job_) {
        char overlay[64];
        std::snprintf(overlay, sizeof overlay, "%.0f%%  %.1f s", 100.0 * double(job_->progress()),
                      job_->elapsed_seconds());
        ImGui::TextUnformatted("Inspecting the meshes ...");
        ImGui::ProgressBar(job_->progress(), ImVec2(-1, 0), overlay);
    }
    if (!inspection_) return;
    const SceneInspection& s = *inspection_;
    ImGui::TextWrapped(
        "Why algorithms disagree here: flaws of the mesh itself, drawn in the view in the "
        "colours below (rings show small ones, behind the surface too). Every mesh once, as "
        "loaded: %s triangles in %s %s, inspected in %.1f ms.",
        thousands(s.triangles()).c_str(), thousands(s.meshes.size()).c_str(),
        s.meshes.size() == 1 ? "mesh" : "meshes", 1000.0 * s.seconds);
    const ImGuiTableFlags flags = ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg;
    if (ImGui::BeginTable("findings", 4, flags)) {
        // Widths of their own: a table first drawn while the region is still empty (a scene
        // inspected in the first frames) would otherwise fit its columns to nothing, for good.
        const float box = ImGui::GetFrameHeight() + 12.0f + 3.0f * ImGui::GetStyle().ItemSpacing.x;
        ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthFixed,
                                box + ImGui::CalcTextSize("Open boundary edges").x);
        ImGui::TableSetupColumn("count", ImGuiTableColumnFlags_WidthFixed,
                                ImGui::CalcTextSize("00,000,000").x);
        ImGui::TableSetupColumn(
            "go", ImGuiTableColumnFlags_WidthFixed,
            ImGui::CalcTextSize("next").x + 2.0f * ImGui::GetStyle().FramePadding.x);
        ImGui::TableSetupColumn("why", ImGuiTableColumnFlags_WidthStretch);
        if (finding_row("Degenerate triangles", show_degenerate_, kDegenerateColor, s.degenerate(),
                        drawn_[0],
                        "no area (exact test): a repeated index, two corners at one point, "
                        "or three on a line; ringed"))
            go_to_ = 0;
        char sliver_text[160];
        std::snprintf(sliver_text, sizeof sliver_text,
                      "smallest height < %g of the longest edge; filled and ringed",
                      picking::kSliverHeightRatio);
        if (finding_row("Slivers", show_slivers_, kSliverColor, s.slivers(), drawn_[1],
                        sliver_text))
            go_to_ = 1;
        if (finding_row("Open boundary edges", show_boundary_, kBoundaryColor, s.boundary_edges(),
                        drawn_[2], "used by one triangle (by position: duplicates joined)"))
            go_to_ = 2;
        if (finding_row("Non-manifold edges", show_non_manifold_, kNonManifoldColor,
                        s.non_manifold_edges(), drawn_[3],
                        "used by three triangles or more; ringed"))
            go_to_ = 3;
        std::size_t near = 0;
        bool near_counted = true;
        for (const picking::MeshInspection& m : s.meshes) {
            near_counted = near_counted && m.near_duplicate_vertices.has_value();
            near += m.near_duplicate_vertices.value_or(0);
        }
        char duplicate_text[200];
        if (near_counted)
            std::snprintf(duplicate_text, sizeof duplicate_text,
                          "same position as another; a cross per place (+%s within %g x the "
                          "diagonal)",
                          thousands(near).c_str(), picking::kMergeToleranceRatio);
        else
            std::snprintf(duplicate_text, sizeof duplicate_text,
                          "same position as another; a cross per place");
        std::size_t places = 0;
        for (const picking::MeshInspection& m : s.meshes)
            places += m.duplicated_positions.size();
        if (finding_row("Duplicate vertices", show_duplicates_, kDuplicateColor,
                        s.duplicate_vertices(), drawn_[4], duplicate_text, places))
            go_to_ = 4;
        ImGui::EndTable();
    }
    if (focus_) {
        static constexpr const char* kWhat[] = {"degenerate triangle", "sliver",
                                                "open boundary edge", "non-manifold edge",
                                                "duplicated vertex"};
        ImGui::Text("In the white ring: %s %u of instance %u (%s of %s); \"next\" goes on.",
                    kWhat[focus_->kind], focus_->index, focus_->instance,
                    thousands(focus_->item + 1).c_str(), thousands(focus_->of).c_str());
    }
    std::size_t rejects = 0;
    for (const picking::MeshInspection& m : s.meshes)
        rejects += m.dx_epsilon_rejects;
    // What seed 000's DirectX test makes of them, on the ray most likely to hit each.
    ImGui::Text("DirectX Pick (seed 000: det < %g is 'parallel'), a ray down each normal:",
                double(epsilon_));
    ImGui::BulletText("all triangles: %s missed only because of the epsilon",
                      thousands(rejects).c_str());
    const auto verdicts = [&](const char* what, bool slivers) {
        std::size_t count[3] = {0, 0, 0};
        for (const picking::MeshInspection& m : s.meshes) {
            count[0] += m.count(picking::DxVerdict::Hit, slivers);
            count[1] += m.count(picking::DxVerdict::EpsilonRejects, slivers);
            count[2] += m.count(picking::DxVerdict::Misses, slivers);
        }
        ImGui::BulletText("%s: %s hit, %s missed because of the epsilon, %s missed anyway", what,
                          thousands(count[0]).c_str(), thousands(count[1]).c_str(),
                          thousands(count[2]).c_str());
    };
    verdicts("degenerate", false);
    verdicts("slivers", true);
}

void MeshInspectView::add_overlay(const SceneSession& session, render::Overlay& overlay) {
    std::fill(std::begin(drawn_), std::end(drawn_), std::size_t{0});
    rings_.clear();
    if (!shown || !inspection_ || inspected_.lock().get() != &session) return;
    drawn_serial_ = serial_;
    const assets::Scene& scene = session.scene();
    const std::vector<assets::MeshInstance> instances = scene.instances();
    const auto& placed = session.view().instances;
    const float cross = 0.004f * std::max(session.world_bounds().radius(), 1e-3f);
    for (std::uint32_t i = 0; i < instances.size() && i < placed.size(); ++i) {
        const picking::MeshInspection& m = inspection_->meshes[instances[i].mesh];
        const auto positions = session.instance_positions(i);
        const glm::mat4& world = placed[i].world_from_mesh;
        auto at = [&](std::uint32_t v) { return glm::vec3(world * glm::vec4(positions[v], 1.0f)); };
        if (show_degenerate_)
            for (const picking::ProblemTriangle& p : m.degenerate) {
                if (drawn_[0] == kMaxDrawn) break;
                ++drawn_[0];
                // No area to fill: its outline (a segment) and a cross, seen even as a point.
                const picking::Triangle t = session.world_triangle(i, p.triangle);
                overlay.triangles.push_back(
                    {{t.p0, t.p1, t.p2}, glm::vec4(0.0f), kDegenerateColor});
                const glm::vec3 c = (t.p0 + t.p1 + t.p2) / 3.0f;
                if (rings_.size() < kMaxRings) rings_.push_back({c, kDegenerateColor});
                for (int axis = 0; axis < 3; ++axis) {
                    glm::vec3 d(0.0f);
                    d[axis] = cross;
                    overlay.lines.push_back({c - d, c + d, kDegenerateColor, false, true});
                }
            }
        if (show_slivers_)
            for (const picking::ProblemTriangle& p : m.slivers) {
                if (drawn_[1] == kMaxDrawn) break;
                ++drawn_[1];
                const picking::Triangle t = session.world_triangle(i, p.triangle);
                overlay.triangles.push_back(
                    {{t.p0, t.p1, t.p2}, glm::vec4(glm::vec3(kSliverColor), 0.7f), kSliverColor});
                if (rings_.size() < kMaxRings)
                    rings_.push_back({(t.p0 + t.p1 + t.p2) / 3.0f, kSliverColor});
            }
        if (show_duplicates_)
            for (const std::uint32_t v : m.duplicated_positions) {
                if (drawn_[4] == kMaxDrawn) break;
                ++drawn_[4];
                const glm::vec3 c = at(v);
                for (int axis = 0; axis < 3; ++axis) {
                    glm::vec3 d(0.0f);
                    d[axis] = cross;
                    overlay.lines.push_back({c - d, c + d, kDuplicateColor, false, true});
                }
            }
        const std::pair<bool, const std::vector<picking::InspectedEdge>*> edges[2] = {
            {show_boundary_, &m.boundary_edges}, {show_non_manifold_, &m.non_manifold_edges}};
        for (int kind = 0; kind < 2; ++kind) {
            if (!edges[kind].first) continue;
            const glm::vec4 color = kind == 0 ? kBoundaryColor : kNonManifoldColor;
            std::size_t& drawn = drawn_[2 + kind];
            for (const picking::InspectedEdge& e : *edges[kind].second) {
                if (drawn == kMaxDrawn) break;
                ++drawn;
                const glm::vec3 a = at(e.vertices[0]), b = at(e.vertices[1]);
                overlay.lines.push_back({a, b, color, false, true});
                if (kind == 1 && rings_.size() < kMaxRings)
                    rings_.push_back({0.5f * (a + b), color});
            }
        }
    }
}

const char* finding_kind_name(int kind) {
    static constexpr const char* kNames[] = {"degenerate", "sliver", "boundary_edge",
                                             "non_manifold_edge", "duplicate_vertex"};
    return kind >= 0 && kind < 5 ? kNames[kind] : "";
}

std::optional<InspectFocus> MeshInspectView::next_focus(const SceneSession& session, int kind) {
    if (!inspection_ || inspected_.lock().get() != &session || kind < 0 || kind > 4)
        return std::nullopt;
    const std::vector<assets::MeshInstance> instances = session.scene().instances();
    const std::size_t placed = std::min(instances.size(), session.view().instances.size());
    auto findings = [&](std::uint32_t i) -> std::size_t {
        const picking::MeshInspection& m = inspection_->meshes[instances[i].mesh];
        switch (kind) {
            case 0:
                return m.degenerate.size();
            case 1:
                return m.slivers.size();
            case 2:
                return m.boundary_edges.size();
            case 3:
                return m.non_manifold_edges.size();
            default:
                return m.duplicated_positions.size();
        }
    };
    std::size_t total = 0;
    for (std::uint32_t i = 0; i < placed; ++i)
        total += findings(i);
    if (total == 0) return std::nullopt;
    InspectFocus f;
    f.kind = kind;
    f.of = total;
    f.item = focus_ && focus_->kind == kind ? (focus_->item + 1) % total : 0;
    // The instance holding item f.item, and its place there.
    std::size_t j = f.item;
    while (j >= findings(f.instance))
        j -= findings(f.instance++);
    const picking::MeshInspection& m = inspection_->meshes[instances[f.instance].mesh];
    const auto positions = session.instance_positions(f.instance);
    const glm::mat4& world = session.view().instances[f.instance].world_from_mesh;
    auto at = [&](std::uint32_t v) { return glm::vec3(world * glm::vec4(positions[v], 1.0f)); };
    if (kind <= 1) {
        f.index = (kind == 0 ? m.degenerate : m.slivers)[j].triangle;
        const picking::Triangle t = session.world_triangle(f.instance, f.index);
        f.center = (t.p0 + t.p1 + t.p2) / 3.0f;
        f.size = std::max(
            {glm::distance(t.p0, t.p1), glm::distance(t.p1, t.p2), glm::distance(t.p2, t.p0)});
    } else if (kind <= 3) {
        const picking::InspectedEdge& e = (kind == 2 ? m.boundary_edges : m.non_manifold_edges)[j];
        f.index = std::uint32_t(j);
        const glm::vec3 a = at(e.vertices[0]), b = at(e.vertices[1]);
        f.center = 0.5f * (a + b);
        f.size = glm::distance(a, b);
    } else {
        f.index = m.duplicated_positions[j];
        f.center = at(f.index);
    }
    focus_ = f;
    return f;
}

void MeshInspectView::draw_rings(const Camera& camera, const Rect& view,
                                 ImDrawList& draw_list) const {
    if (!shown) return;
    draw_list.PushClipRect(ImVec2(view.min.x, view.min.y), ImVec2(view.max.x, view.max.y));
    for (const Ring& ring : rings_) {
        const glm::vec2 c = window_from_world(camera, ring.world, view);
        const ImU32 color =
            ImGui::ColorConvertFloat4ToU32(ImVec4(ring.color.r, ring.color.g, ring.color.b, 0.9f));
        draw_list.AddCircle(ImVec2(c.x, c.y), 7.0f, color, 16, 2.0f);
    }
    if (focus_) {  // the finding gone to: a wider white ring
        const glm::vec2 c = window_from_world(camera, focus_->center, view);
        draw_list.AddCircle(ImVec2(c.x, c.y), 13.0f, IM_COL32(255, 255, 255, 235), 24, 2.5f);
    }
    draw_list.PopClipRect();
}

nlohmann::ordered_json MeshInspectView::report(const assets::Scene& scene) const {
    if (!inspection_) return nullptr;
    nlohmann::ordered_json j = inspection_json(*inspection_, scene);
    j["rings"] = rings_.size();
    if (focus_)
        j["focus"] = {{"kind", finding_kind_name(focus_->kind)},
                      {"item", focus_->item},
                      {"of", focus_->of},
                      {"instance", focus_->instance},
                      {"index", focus_->index},
                      {"center", {focus_->center.x, focus_->center.y, focus_->center.z}}};
    j["drawn"] = {{"degenerate", drawn_[0]},
                  {"slivers", drawn_[1]},
                  {"boundary_edges", drawn_[2]},
                  {"non_manifold_edges", drawn_[3]},
                  {"duplicate_positions", drawn_[4]}};
    return j;
}

}  // namespace app
