// The Algorithms window and its tabs (Compare, Explain, All hits, Leaks, Far from origin, and
// Disagreement, drawn by disagreement_panel.cpp), which share the table helpers at the top (one
// window, one file: just over 600 lines).

#include "app/viewer/panels/algorithms_panel.h"
#include "app/viewer/ui_probe.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <utility>

#include <imgui.h>

#include "app/core/duration_text.h"
#include "picking/scene/bone_space.h"

namespace app {

namespace {

constexpr AlgorithmsTab kTabs[] = {AlgorithmsTab::Compare,       AlgorithmsTab::Explain,
                                   AlgorithmsTab::AllHits,       AlgorithmsTab::Leaks,
                                   AlgorithmsTab::FarFromOrigin, AlgorithmsTab::Disagreement};
const ImVec4 kDisagree{1.0f, 0.55f, 0.45f, 1.0f};
const ImVec4 kAgree{0.55f, 0.9f, 0.55f, 1.0f};

/// A combo of two choices, `value` false for the first and true for the second.
void two_way_combo(const char* id, float width, const std::pair<const char*, const char*>& labels,
                   bool& value) {
    ImGui::SetNextItemWidth(width);
    if (ImGui::BeginCombo(id, value ? labels.second : labels.first)) {
        if (ImGui::Selectable(labels.first, !value)) value = false;
        if (ImGui::Selectable(labels.second, value)) value = true;
        ImGui::EndCombo();
    }
}

ImVec4 imvec(glm::vec4 c) {
    return {c.r, c.g, c.b, c.a};
}

const char* tab_label(AlgorithmsTab tab) {
    switch (tab) {
        case AlgorithmsTab::Compare:
            return "Compare";
        case AlgorithmsTab::Explain:
            return "Explain";
        case AlgorithmsTab::AllHits:
            return "All hits";
        case AlgorithmsTab::Leaks:
            return "Leaks";
        case AlgorithmsTab::FarFromOrigin:
            return "Far from origin";
        case AlgorithmsTab::Disagreement:
            return "Disagreement";
    }
    return "";
}

std::string name_of(picking::RayTriangleMethod method) {
    return std::string(picking::ray_triangle_algorithm(method).name);
}

/// "12" or "-" for an absent ULP count.
std::string ulps_text(const std::optional<std::int64_t>& ulps) {
    if (!ulps) return "-";
    if (*ulps > 9'999'999) return ">1e7";
    return std::to_string(*ulps);
}

// == Compare

/// Above the table: what the click itself picked, when it was an analytic shape.
void compare_shape_note(const Selection& selection, const SceneSession& session) {
    const auto& shape = selection.result.shape;
    if (!shape) return;
    const auto& shapes = session.scene().shapes;
    const std::string name = shape->shape < shapes.size() ? shapes[shape->shape].name : "?";
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.5f, 0.9f, 1.0f));
    ImGui::TextWrapped(
        "The click picked the %s '%s' (t = %.6g). Below: the triangles on the same ray, "
        "shapes left out; a hit beyond t = %.6g is behind the %s.",
        std::string(picking::shape_kind_name(shape->kind)).c_str(), name.c_str(), double(shape->t),
        double(shape->t), name.c_str());
    ImGui::PopStyleColor();
}

/// A header row whose cells explain themselves on hover.
void header_row(std::initializer_list<std::pair<const char*, const char*>> columns) {
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    int i = 0;
    for (const auto& [name, tip] : columns) {
        ImGui::TableSetColumnIndex(i++);
        ImGui::TableHeader(name);
        if (tip && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
    }
}

void draw_compare(AlgorithmsPanelState& state, const std::optional<Selection>& selection,
                  const SceneSession& session) {
    if (!selection) {
        ImGui::TextWrapped(
            "Click the model: every algorithm runs on the same ray against the "
            "same triangles.");
        return;
    }
    if (state.model.compare.empty()) {
        ImGui::TextDisabled("Click again to compare (the window was closed at the click).");
        return;
    }
    const picking::CompareRow* reference = nullptr;
    for (const picking::CompareRow& row : state.model.compare)
        if (row.method == picking::RayTriangleMethod::Reference) reference = &row;
    const picking::PickHit* truth =
        reference && reference->result.hit ? &*reference->result.hit : nullptr;
    const auto& meshes = session.scene().meshes;
    compare_shape_note(*selection, session);
    ImGui::Checkbox("triangles in the viewport", &state.compare_triangles_in_viewport);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Each algorithm's triangle drawn in the viewport, in its colour");
    ImGui::SameLine();
    if (truth)
        ImGui::TextDisabled("  reference: %s triangle %u",
                            truth->mesh < meshes.size() ? meshes[truth->mesh].name.c_str() : "?",
                            truth->triangle);
    else
        ImGui::TextDisabled("  reference: no triangle on this ray");
    // Narrow columns that fit the window's default width at 1280x720 (no horizontal scroll):
    // hit or miss is the triangle cell, whose mesh is the reference's unless marked.
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
    if (!ImGui::BeginTable("compare", 7, flags)) return;
    ImGui::TableSetupScrollFreeze(1, 1);
    constexpr const char* kHeaders[] = {"algorithm", "triangle", "t",         "u",
                                        "v",         "time",     "ULPs t/u/v"};
    for (const char* h : kHeaders)
        ImGui::TableSetupColumn(h);
    // Whether every cell fits its column (scripted runs report it; the GUI test holds it at
    // 1280x720): where each column starts, and the right edge of its widest text.
    float start[7] = {}, right[7] = {};
    auto cell = [&](int column) {
        ImGui::TableSetColumnIndex(column);
        start[column] = ImGui::GetCursorScreenPos().x;
    };
    auto measure = [&](int column) {
        right[column] = std::max(right[column], ImGui::GetItemRectMax().x);
    };
    header_row({{"algorithm", nullptr},
                {"triangle",
                 "The triangle hit (index in its mesh), or miss; green when it is "
                 "the reference's, * when in another mesh"},
                {"t", nullptr},
                {"u", "weight of the 2nd corner"},
                {"v", "weight of the 3rd corner"},
                {"time", "the median of 3 picks over every triangle (no broad phase)"},
                {"ULPs t/u/v",
                 "float steps between this row's t, u, v and the reference's, on the same "
                 "triangle.\nULP: unit in the last place, the smallest step between two floats "
                 "(1 ULP is as close as a float can get)"}});
    for (int c = 0; c < 7; ++c) {
        cell(c);
        right[c] = start[c] + ImGui::CalcTextSize(kHeaders[c]).x;
    }
    for (const picking::CompareRow& row : state.model.compare) {
        ImGui::TableNextRow();
        if (!row.agrees)
            ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0,
                                   ImGui::GetColorU32(ImVec4(0.55f, 0.12f, 0.10f, 0.65f)));
        cell(0);
        ImGui::ColorButton("##c", imvec(algorithm_color(row.method)), ImGuiColorEditFlags_NoTooltip,
                           ImVec2(10, 10));
        ImGui::SameLine();
        ImGui::TextUnformatted(name_of(row.method).c_str());
        measure(0);
        const auto& hit = row.result.hit;
        cell(1);
        const ImVec4 verdict = row.agrees ? kAgree : kDisagree;
        if (!hit) {
            ImGui::TextColored(verdict, "miss");
            measure(1);
        } else {
            // Another mesh than the reference's is marked, its name in the tooltip.
            const bool other_mesh = truth && truth->mesh != hit->mesh;
            ImGui::TextColored(verdict, "%u%s", hit->triangle, other_mesh ? " *" : "");
            measure(1);
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s triangle %u",
                                  hit->mesh < meshes.size() ? meshes[hit->mesh].name.c_str() : "?",
                                  hit->triangle);
            cell(2);
            ImGui::Text("%.7g", double(hit->t));
            measure(2);
            cell(3);
            ImGui::Text("%.6f", double(hit->u));
            measure(3);
            cell(4);
            ImGui::Text("%.6f", double(hit->v));
            measure(4);
        }
        cell(5);
        ImGui::TextUnformatted(duration_text(row.nanoseconds).c_str());
        measure(5);
        cell(6);
        if (row.t_ulps) {
            ImGui::Text("%s/%s/%s", ulps_text(row.t_ulps).c_str(), ulps_text(row.u_ulps).c_str(),
                        ulps_text(row.v_ulps).c_str());
        } else {
            ImGui::TextDisabled("-");
            if (!row.agrees && ImGui::IsItemHovered())
                ImGui::SetTooltip("another triangle than the reference's, or none");
        }
        measure(6);
    }
    // Pixels by which the widest text passes its column's end (the next column's padding, or
    // the visible edge, a vertical scrollbar excluded): at most 0 when everything fits.
    const float visible_right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    float overflow = right[6] - visible_right;
    for (int c = 0; c < 6; ++c)
        overflow = std::max(overflow, right[c] + ImGui::GetStyle().CellPadding.x - start[c + 1]);
    state.compare_overflow = overflow;
    ImGui::EndTable();
}

// == Explain

struct ExplainTarget {
    picking::Ray ray;
    picking::Triangle triangle;
    std::uint32_t instance = 0, triangle_index = 0;
    std::string about;
    glm::mat4 world_from_test{1.0f};  ///< the test's space (bone space or the world) to the world
};

/// The picked triangle, or for a miss the reference's triangle on the same ray; in the space
/// where the pick tested it.
std::optional<ExplainTarget> explain_target(const Selection& selection, const SceneSession& session,
                                            const std::vector<picking::CompareRow>& compare) {
    const picking::PickHit* hit = selection.result.hit ? &*selection.result.hit : nullptr;
    std::string about = "the picked triangle";
    if (!hit) {
        for (const auto& row : compare)
            if (row.method == picking::RayTriangleMethod::Reference && row.result.hit)
                hit = &*row.result.hit;
        if (!hit) return std::nullopt;
        about = selection.result.shape
                    ? "the reference's triangle along the ray (the click picked a shape)"
                    : "the reference's triangle (this algorithm missed the ray)";
    }
    const auto& instances = session.view().instances;
    if (hit->instance >= instances.size()) return std::nullopt;
    const picking::Instance& instance = instances[hit->instance];
    const picking::MeshView& mesh = session.view().meshes[instance.mesh];
    ExplainTarget target;
    target.instance = hit->instance;
    target.triangle_index = hit->triangle;
    target.about = about;
    const picking::Triangle local = mesh.triangle(hit->triangle);
    if (selection.choice.options().space == picking::RaySpace::BoneSpace) {
        target.ray = picking::to_bone_space(selection.ray,
                                            picking::mesh_from_world(instance.world_from_mesh));
        target.triangle = local;
        target.world_from_test = instance.world_from_mesh;
    } else {
        auto world = [&](glm::vec3 p) {
            return glm::vec3(instance.world_from_mesh * glm::vec4(p, 1.0f));
        };
        target.ray = selection.ray;
        target.triangle = {world(local.p0), world(local.p1), world(local.p2)};
    }
    return target;
}

void value_text(const picking::ExplainStep& step) {
    if (step.is_vector)
        ImGui::Text("(%.6g, %.6g, %.6g)", double(step.value.x), double(step.value.y),
                    double(step.value.z));
    else
        ImGui::Text("%.7g", double(step.value.x));
}

void draw_explain(AlgorithmsPanelState& state, AlgorithmsPanelAction& action,
                  const std::optional<Selection>& selection, const std::optional<Selection>& hover,
                  const SceneSession& session, picking::RayTriangleMethod pick_method,
                  const picking::RayTriangleOptions& options) {
    ImGui::Checkbox("another algorithm:", &state.explain_own_algorithm);
    ImGui::SameLine();
    if (!state.explain_own_algorithm) state.explain_method = pick_method;
    ImGui::BeginDisabled(!state.explain_own_algorithm);
    ImGui::SetNextItemWidth(170);
    if (ImGui::BeginCombo("##explain_algorithm", name_of(state.explain_method).c_str())) {
        for (const auto& a : picking::kRayTriangleAlgorithms)
            if (ImGui::Selectable(std::string(a.name).c_str(), a.method == state.explain_method))
                state.explain_method = a.method;
        ImGui::EndCombo();
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::Checkbox("the hovered triangle", &state.explain_hovered);
    ImGui::SameLine();
    ImGui::Checkbox("draw the construction", &state.construction_shown);
    ui_probe::item("Explain/draw the construction");

    const std::optional<Selection>& source = state.explain_hovered ? hover : selection;
    if (!source) {
        ImGui::TextWrapped(state.explain_hovered
                               ? "Hover mode (H) shows a triangle here."
                               : "Click a triangle to see the algorithm at work.");
        return;
    }
    const auto target = explain_target(
        *source, session,
        state.explain_hovered ? std::vector<picking::CompareRow>{} : state.model.compare);
    // "frame it": the camera turns to what the construction is drawn on, near enough that it
    // fills about a third of the view.
    auto offer_framing = [&](glm::vec3 center, float size) {
        ImGui::SameLine();
        const bool frame = ImGui::SmallButton("frame it");
        ui_probe::item("Explain/frame it");
        if (!frame && !state.frame_construction) return;
        action.look_at = center;
        action.look_size = 0.25f * size;
        state.frame_construction = false;
    };
    // A click on a seed 002 shape: the shape's own construction is drawn, in its space.
    std::optional<PlacedConstruction> shape_construction;
    if (const auto& shape_hit = source->result.shape;
        state.construction_shown && shape_hit && shape_hit->shape < session.view().shapes.size()) {
        const picking::ShapeInstance& shape = session.view().shapes[shape_hit->shape];
        const picking::Ray local =
            picking::to_bone_space(source->ray, picking::mesh_from_world(shape.world_from_shape));
        shape_construction = PlacedConstruction{
            build_shape_construction(shape.shape, local, shape_hit->local), shape.world_from_shape};
        ImGui::TextDisabled("The click picked the %s: its construction is drawn in the view.",
                            std::string(picking::shape_kind_name(shape.shape.kind)).c_str());
        const float size = 2.0f * shape_construction->construction.size *
                           glm::length(glm::vec3(shape.world_from_shape[0]));
        offer_framing(shape_hit->point, size);
    }
    state.construction = shape_construction;
    if (!target) {
        ImGui::TextWrapped(
            "The ray hits no triangle, not even by the reference: nothing to "
            "explain.");
        return;
    }
    const picking::RayTriangleAlgorithm& algorithm =
        picking::ray_triangle_algorithm(state.explain_method);
    const picking::RayTriangleExplanation why =
        algorithm.explain(target->ray, target->triangle, options);
    state.explained = why;
    state.explained_method = algorithm.method;
    if (state.construction_shown && !shape_construction) {
        state.construction = PlacedConstruction{
            build_construction(algorithm.method, target->ray, target->triangle, why),
            target->world_from_test};
        const picking::Triangle& t = target->triangle;
        const glm::mat4& m = target->world_from_test;
        const glm::vec3 a(m * glm::vec4(t.p0, 1.0f)), b(m * glm::vec4(t.p1, 1.0f)),
            c(m * glm::vec4(t.p2, 1.0f));
        offer_framing((a + b + c) / 3.0f,
                      std::max({glm::length(b - a), glm::length(c - b), glm::length(a - c)}));
    }
    const auto& mesh =
        session.scene().meshes[session.view().instances[target->instance].mesh_reported()];
    ImGui::TextDisabled("%s: %s triangle %u, %s", std::string(algorithm.name).c_str(),
                        mesh.name.c_str(), target->triangle_index, target->about.c_str());
    if (why.hit)
        ImGui::TextColored(kAgree, "hit: t = %.7g, u = %.7g, v = %.7g   (%d flops)",
                           double(why.hit->t), double(why.hit->u), double(why.hit->v), why.flops);
    else
        ImGui::TextColored(kDisagree, "miss, rejected by: %s   (%d flops)",
                           std::string(why.rejected_by).c_str(), why.flops);
    if (!why.note.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("%s", std::string(why.note).c_str());
        ImGui::PopStyleColor();
    }
    if (state.construction) {
        // The construction's picture and legend on the left, the numbers on the right.
        const float width = std::min(330.0f, 0.4f * ImGui::GetContentRegionAvail().x);
        ImGui::BeginChild("construction", ImVec2(width, 0.0f), true);
        draw_construction_panel(state.construction->construction);
        ImGui::EndChild();
        ImGui::SameLine();
    }
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY |
                                  ImGuiTableFlags_ScrollX;
    if (!ImGui::BeginTable("explain", 3, flags)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    // The numbers next to their names, where the eye is; the formulas after them.
    ImGui::TableSetupColumn("step");
    ImGui::TableSetupColumn("value");
    ImGui::TableSetupColumn("formula");
    ImGui::TableHeadersRow();
    auto row = [](const char* name, const char* formula, glm::vec3 v) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::TextDisabled("%s", name);
        ImGui::TableSetColumnIndex(1);
        ImGui::Text("(%.6g, %.6g, %.6g)", double(v.x), double(v.y), double(v.z));
        ImGui::TableSetColumnIndex(2);
        ImGui::TextDisabled("%s", formula);
    };
    row("O", "ray origin", target->ray.origin);
    row("D", "ray direction", target->ray.direction);
    // Seed 002's Moller-Trumbore names the corners A, B, C, and the paper's V0 is C.
    const bool mt = algorithm.method == picking::RayTriangleMethod::MollerTrumbore;
    row(mt ? "A / p0  (V1)" : "V0 / A / p0", "corner", target->triangle.p0);
    row(mt ? "B / p1  (V2)" : "V1 / B / p1", "corner", target->triangle.p1);
    row(mt ? "C / p2  (V0)" : "V2 / C / p2", "corner", target->triangle.p2);
    for (const picking::ExplainStep& step : why.steps) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::TextUnformatted(std::string(step.name).c_str());
        ImGui::TableSetColumnIndex(1);
        value_text(step);
        ImGui::TableSetColumnIndex(2);
        ImGui::TextUnformatted(std::string(step.formula).c_str());
    }
    ImGui::EndTable();
}

// == All hits

void draw_all_hits(const AlgorithmsPanelState& state, const std::optional<Selection>& selection,
                   const SceneSession& session) {
    if (!selection || !state.model.all_hits) {
        ImGui::TextWrapped("Click the model: every intersection along the ray is listed here.");
        return;
    }
    const auto& hits = state.model.all_hits->hits;
    int duplicates = 0;
    for (const auto& h : hits)
        duplicates += h.near_duplicate;
    ImGui::Text("%zu hits along the ray (%s), %d near-duplicate t", hits.size(),
                name_of(selection->choice.method()).c_str(), duplicates);
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
    if (!ImGui::BeginTable("all_hits", 6, flags)) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* h : {"#", "t", "mesh", "node", "triangle", "face"})
        ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    const assets::Scene& scene = session.scene();
    for (std::size_t i = 0; i < hits.size(); ++i) {
        const picking::PickHit& h = hits[i].hit;
        ImGui::TableNextRow();
        if (hits[i].near_duplicate)
            ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0,
                                   ImGui::GetColorU32(ImVec4(0.55f, 0.45f, 0.08f, 0.65f)));
        ImGui::TableSetColumnIndex(0);
        ImGui::Text("%zu%s", i + 1, hits[i].near_duplicate ? " dup" : "");
        ImGui::TableSetColumnIndex(1);
        ImGui::Text("%.7g", double(h.t));
        ImGui::TableSetColumnIndex(2);
        ImGui::TextUnformatted(h.mesh < scene.meshes.size() ? scene.meshes[h.mesh].name.c_str()
                                                            : "?");
        ImGui::TableSetColumnIndex(3);
        ImGui::TextUnformatted(h.node < scene.nodes.size() ? scene.nodes[h.node].name.c_str()
                                                           : "?");
        ImGui::TableSetColumnIndex(4);
        ImGui::Text("%u", h.triangle);
        ImGui::TableSetColumnIndex(5);
        ImGui::TextUnformatted(h.front_face ? "front" : "back");
    }
    ImGui::EndTable();
}

// == Leaks

bool draw_leaks(AlgorithmsPanelState& state, picking::RayTriangleMethod pick_method) {
    bool run = false;
    ImGui::SetNextItemWidth(160);
    ImGui::SliderInt("rays per algorithm", &state.leak_rays, 100, 20000, "%d",
                     ImGuiSliderFlags_Logarithmic);
    ImGui::SameLine();
    ImGui::Checkbox("every algorithm", &state.leak_every_algorithm);
    ImGui::SameLine();
    if (ImGui::Button("Run sweep")) run = true;
    ui_probe::item("Leaks/Run sweep");
    ImGui::TextDisabled("Rays aimed exactly at shared edges and vertices, from many directions.");
    if (state.model.leaks.empty()) return run;
    ImGui::TextColored(ImVec4(1.0f, 0.3f, 0.3f, 1), "leaks");
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(1.0f, 0.85f, 0.2f, 1), "double hits");
    ImGui::SameLine();
    ImGui::TextDisabled("drawn for %s (the Pick panel's algorithm)",
                        name_of(state.model.leak_marks_method).c_str());
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
    if (!ImGui::BeginTable("leaks", 4, flags)) return run;
    for (const char* h : {"algorithm", "rays", "leaks", "double hits"})
        ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const LeakRow& row : state.model.leaks) {
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        const bool current = row.method == pick_method;
        ImGui::Text("%s%s", name_of(row.method).c_str(), current ? " *" : "");
        ImGui::TableSetColumnIndex(1);
        ImGui::Text("%d", row.rays);
        ImGui::TableSetColumnIndex(2);
        ImGui::TextColored(row.leaks ? kDisagree : kAgree, "%d", row.leaks);
        ImGui::TableSetColumnIndex(3);
        ImGui::Text("%d", row.double_hits);
    }
    ImGui::EndTable();
    return run;
}

// == Far from origin

const char* far_input_label(picking::FarInput input) {
    switch (input) {
        case picking::FarInput::Float:
            return "float world";
        case picking::FarInput::BoneSpace:
            return "bone space (this app)";
        case picking::FarInput::Double:
            return "double world, rebased";
    }
    return "";
}

const char* far_input_text(picking::FarInput input) {
    switch (input) {
        case picking::FarInput::Float:
            return "Float: corners and ray origin moved far away and rounded to float there; "
                   "the test runs at the offset.";
        case picking::FarInput::BoneSpace:
            return "Bone space, as this app picks: the triangles in float in their own frame, "
                   "the ray made in float far away (rounded there), moved back in double.";
        case picking::FarInput::Double:
            return "Double: ray and corners kept in double far away, moved back by the offset "
                   "in double, rounded to float near the origin for the (float) test.";
    }
    return "";
}

std::optional<double> draw_far(AlgorithmsPanelState& state) {
    std::optional<double> moved;
    ImGui::SetNextItemWidth(220);
    float log10 = state.model.far_log10;  // where the model is: the viewer moves it on a change
    if (ImGui::SliderFloat("##far", &log10, 0.0f, 7.0f, "10^%.1f units away"))
        moved = std::pow(10.0, double(log10));
    ImGui::SameLine();
    if (ImGui::SmallButton("home")) moved = 0.0;  // no offset at all
    ImGui::SameLine();
    ImGui::TextDisabled("along (1,1,1), the camera follows");
    ImGui::SetNextItemWidth(175);
    if (ImGui::BeginCombo("##far_input", far_input_label(state.far_input))) {
        for (picking::FarInput input : picking::kFarInputs)
            if (ImGui::Selectable(far_input_label(input), input == state.far_input))
                state.far_input = input;
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    two_way_combo("##far_grade", 195, {"vs reference, same input", "vs the exact aim point"},
                  state.far_against_aim);
    ImGui::SameLine();
    two_way_combo("##far_stat", 90, {"median", "max"}, state.far_show_max);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s %s", far_input_text(state.far_input),
                       state.far_against_aim
                           ? "Errors: against the aimed point (input rounding included)."
                           : "Errors: against reference on the same input (the algorithm's "
                             "own).");
    ImGui::PopStyleColor();
    if (!state.model.far) return moved;
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                  ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
    if (!ImGui::BeginTable("far", 7, flags)) return moved;
    ImGui::TableSetupScrollFreeze(1, 1);
    for (const char* h : {"algorithm", "miss %", "!= ref", "t error", "u error", "v error", "n"})
        ImGui::TableSetupColumn(h);
    header_row({{"algorithm", nullptr},
                {"miss %", "rays aimed well inside a triangle that the algorithm missed"},
                {"!= ref", "rays where its hit or miss differs from reference's on this input"},
                {"t error", "|t - t'|: t is 1 at the aimed point, so also relative"},
                {"u error", "|u - u'|, the weight of the 2nd corner"},
                {"v error", "|v - v'|, the weight of the 3rd corner"},
                {"n", "rays whose errors were measured (it hit; and reference too)"}});
    for (const picking::FarFromOriginRow& row : state.model.far->rows) {
        const picking::FarGrades& g = row.on(state.far_input);
        const picking::FarErrors& e = state.far_against_aim ? g.vs_aim : g.vs_reference;
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        ImGui::TextUnformatted(row.name.c_str());
        ImGui::TableSetColumnIndex(1);
        ImGui::TextColored(e.misses ? kDisagree : kAgree, "%.1f", 100.0 * e.miss_rate());
        ImGui::TableSetColumnIndex(2);
        ImGui::TextColored(g.disagreements ? kDisagree : kAgree, "%d", g.disagreements);
        const bool max = state.far_show_max;
        ImGui::TableSetColumnIndex(3);
        ImGui::Text("%.1e", max ? e.t_max : e.t_median);
        ImGui::TableSetColumnIndex(4);
        ImGui::Text("%.1e", max ? e.u_max : e.u_median);
        ImGui::TableSetColumnIndex(5);
        ImGui::Text("%.1e", max ? e.v_max : e.v_median);
        ImGui::TableSetColumnIndex(6);
        ImGui::Text("%d", e.compared);
    }
    ImGui::EndTable();
    return moved;
}

}  // namespace

std::string_view algorithms_tab_name(AlgorithmsTab tab) {
    switch (tab) {
        case AlgorithmsTab::Compare:
            return "compare";
        case AlgorithmsTab::Explain:
            return "explain";
        case AlgorithmsTab::AllHits:
            return "all-hits";
        case AlgorithmsTab::Leaks:
            return "leaks";
        case AlgorithmsTab::FarFromOrigin:
            return "far";
        case AlgorithmsTab::Disagreement:
            return "disagree";
    }
    return "";
}

std::optional<AlgorithmsTab> algorithms_tab_from_name(std::string_view name) {
    for (AlgorithmsTab tab : kTabs)
        if (algorithms_tab_name(tab) == name) return tab;
    return std::nullopt;
}

glm::vec4 algorithm_color(picking::RayTriangleMethod method) {
    // Ten distinct hues, bright enough on the dark background and on the models.
    static constexpr glm::vec4 kPalette[] = {{0.95f, 0.35f, 0.30f, 1}, {1.00f, 0.60f, 0.20f, 1},
                                             {0.95f, 0.90f, 0.25f, 1}, {0.55f, 0.95f, 0.30f, 1},
                                             {0.25f, 0.90f, 0.65f, 1}, {0.25f, 0.85f, 0.95f, 1},
                                             {0.35f, 0.55f, 1.00f, 1}, {0.70f, 0.45f, 1.00f, 1},
                                             {1.00f, 0.45f, 0.85f, 1}, {1.00f, 1.00f, 1.00f, 1}};
    return kPalette[std::size_t(method) % std::size(kPalette)];
}

AlgorithmsPanelAction draw_algorithms_panel(AlgorithmsPanelState& state,
                                            const std::optional<Selection>& selection,
                                            const std::optional<Selection>& hover,
                                            const SceneSession& session,
                                            picking::RayTriangleMethod pick_method,
                                            const picking::RayTriangleOptions& options) {
    AlgorithmsPanelAction action;
    if (ImGui::BeginTabBar("algorithms_tabs")) {
        for (AlgorithmsTab tab : kTabs) {
            const ImGuiTabItemFlags flags =
                state.select_tab == tab ? ImGuiTabItemFlags_SetSelected : ImGuiTabItemFlags_None;
            if (!ImGui::BeginTabItem(tab_label(tab), nullptr, flags)) continue;
            state.active = tab;
            switch (tab) {
                case AlgorithmsTab::Compare:
                    draw_compare(state, selection, session);
                    break;
                case AlgorithmsTab::Explain:
                    draw_explain(state, action, selection, hover, session, pick_method, options);
                    break;
                case AlgorithmsTab::AllHits:
                    draw_all_hits(state, selection, session);
                    break;
                case AlgorithmsTab::Leaks:
                    action.run_leaks = draw_leaks(state, pick_method);
                    break;
                case AlgorithmsTab::FarFromOrigin:
                    action.far_distance = draw_far(state);
                    break;
                case AlgorithmsTab::Disagreement:
                    draw_disagreement_tab(state.disagreement, state.model.disagreement, pick_method,
                                          state.disagreement_note);
                    break;
            }
            ImGui::EndTabItem();
        }
        state.select_tab.reset();
        ImGui::EndTabBar();
    }
    return action;
}

}  // namespace app
