#include "app/viewer/ground_probe_view.h"

#include <algorithm>
#include <cstdio>
#include <string>

#include <imgui.h>

#include "app/core/file_browser.h"

namespace app {

namespace {

constexpr glm::vec4 kLineColor{0.85f, 0.85f, 0.9f, 1.0f};
constexpr glm::vec4 kStartColor{1.0f, 1.0f, 1.0f, 1.0f};
constexpr glm::vec4 kHeightColor{0.3f, 1.0f, 0.4f, 1.0f};
constexpr glm::vec4 kBehindColor{1.0f, 0.55f, 0.15f, 1.0f};
constexpr glm::vec4 kAheadColor{1.0f, 0.9f, 0.3f, 1.0f};

ImVec4 imvec(glm::vec4 c) {
    return {c.r, c.g, c.b, c.a};
}

std::string node_name(const SceneSession& session, std::uint32_t instance) {
    const auto instances = session.scene().instances();
    if (instance >= instances.size()) return "?";
    return valid_utf8(session.scene().nodes[instances[instance].node].name);
}

}  // namespace

void GroundProbeView::update(const SceneSession& session, const std::optional<Selection>& hover) {
    if (!shown || !hover || !hover->result.hit) return;
    const picking::PickHit& hit = *hover->result.hit;
    if (probe_ && probe_->instance == hit.instance && probe_->x == hit.point.x &&
        probe_->z == hit.point.z)
        return;
    probe_ = probe_ground(session, hit.instance, hit.point.x, hit.point.z);
}

void GroundProbeView::draw_panel(const SceneSession& session) const {
    ImGui::TextWrapped(
        "Seed 000's TestPos(x, z): a ray from (x, 0.2, z) straight up, tested against every "
        "triangle of one mesh with the Unity port of the DirectX test. That test has no t range, "
        "so ground below the start (t < 0, behind the ray's origin) still counts; and its loop "
        "overwrites the point on every hit, so it ends with the last triangle found. Move the "
        "pointer over a mesh to probe it there.");
    if (!probe_) return;
    const GroundProbe& p = *probe_;
    ImGui::Text("Probing %s at x = %.4g, z = %.4g", node_name(session, p.instance).c_str(),
                double(p.x), double(p.z));
    if (const std::optional<float> h = p.height())
        ImGui::TextColored(
            imvec(kHeightColor),
            "Corrected: the height here is y = %.6g (a ray straight down from above, "
            "watertight, nearest hit at t >= 0: triangle %u)",
            double(*h), p.ground->triangle);
    else
        ImGui::TextColored(imvec(kHeightColor), "Corrected: no ground under this point.");
    if (p.seed_hits.empty()) {
        ImGui::TextUnformatted("The seed's probe hits nothing on this mesh.");
        return;
    }
    const std::size_t behind = p.seed_hits_behind();
    const picking::PickHit& last = p.seed_hits[*p.seed_last];
    ImGui::Text(
        "The seed's probe: %zu hit%s, %zu behind its origin; it ends with y = %.6g "
        "(triangle %u)%s",
        p.seed_hits.size(), p.seed_hits.size() == 1 ? "" : "s", behind, double(last.point.y),
        last.triangle,
        p.ground && last.triangle == p.ground->triangle ? ", the ground: by luck"
                                                        : ", not the ground");
    if (p.height() && *p.height() < kSeedProbeStartY && behind > 0)
        ImGui::TextColored(imvec(kBehindColor),
                           "The ground lies below the start: the seed finds it only because its "
                           "test keeps t < 0. With a t range it would miss it.");
    const ImGuiTableFlags flags =
        ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollY;
    if (!ImGui::BeginTable("seed_hits", 4, flags, ImVec2(0.0f, 0.0f))) return;
    for (const char* h : {"t", "y", "triangle", ""})
        ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (std::size_t i = 0; i < p.seed_hits.size(); ++i) {
        const picking::PickHit& h = p.seed_hits[i];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(imvec(h.t < 0.0f ? kBehindColor : kAheadColor), "%.6g", double(h.t));
        ImGui::TableNextColumn();
        ImGui::Text("%.6g", double(h.point.y));
        ImGui::TableNextColumn();
        ImGui::Text("%u", h.triangle);
        ImGui::TableNextColumn();
        std::string note = h.t < 0.0f ? "behind the origin (below 0.2)" : "above the start";
        if (i == *p.seed_last) note += "; the seed ends with this one";
        ImGui::TextDisabled("%s", note.c_str());
    }
    ImGui::EndTable();
}

void GroundProbeView::add_overlay(const SceneSession& session, render::Overlay& overlay) const {
    if (!shown || !probe_) return;
    const GroundProbe& p = *probe_;
    const picking::Aabb box = session.world_bounds();
    const float bottom = std::min(box.min.y, kSeedProbeStartY) - 0.05f * box.radius();
    overlay.lines.push_back({{p.x, bottom, p.z}, p.ground_ray.origin, kLineColor, true, false});
    const float cross = 0.012f * std::max(box.radius(), 1e-3f);
    auto mark = [&](glm::vec3 c, glm::vec4 color, float scale) {
        for (int axis : {0, 2}) {
            glm::vec3 d(0.0f);
            d[axis] = cross * scale;
            overlay.lines.push_back({c - d, c + d, color, true, false});
        }
    };
    mark(p.seed_ray.origin, kStartColor, 1.5f);
    for (const picking::PickHit& h : p.seed_hits)
        mark(h.point, h.t < 0.0f ? kBehindColor : kAheadColor, 1.0f);
    if (p.ground) mark(p.ground->point, kHeightColor, 2.0f);
}

void GroundProbeView::draw_labels(const Camera& camera, const Rect& view,
                                  ImDrawList& draw_list) const {
    if (!shown || !probe_) return;
    const GroundProbe& p = *probe_;
    draw_list.PushClipRect(ImVec2(view.min.x, view.min.y), ImVec2(view.max.x, view.max.y));
    auto label = [&](glm::vec3 at, glm::vec4 color, const char* text) {
        const glm::vec2 c = window_from_world(camera, at, view);
        draw_list.AddText(ImVec2(c.x + 10.0f, c.y - 8.0f),
                          ImGui::ColorConvertFloat4ToU32(imvec(color)), text);
    };
    label(p.seed_ray.origin, kStartColor, "seed's start, y = 0.2");
    if (p.ground) {
        char text[64];
        std::snprintf(text, sizeof text, "height %.4g", double(p.ground->point.y));
        label(p.ground->point, kHeightColor, text);
    }
    draw_list.PopClipRect();
}

nlohmann::ordered_json GroundProbeView::report(const SceneSession& session) const {
    if (!probe_) return nullptr;
    const GroundProbe& p = *probe_;
    nlohmann::ordered_json j;
    j["x"] = p.x;
    j["z"] = p.z;
    j["instance"] = p.instance;
    j["node"] = node_name(session, p.instance);
    j["seed_start_y"] = kSeedProbeStartY;
    j["height"] = p.height() ? nlohmann::ordered_json(*p.height()) : nlohmann::ordered_json();
    j["ground_triangle"] =
        p.ground ? nlohmann::ordered_json(p.ground->triangle) : nlohmann::ordered_json();
    j["ground_ray_y"] = p.ground_ray.origin.y;
    nlohmann::ordered_json hits = nlohmann::ordered_json::array();
    for (const picking::PickHit& h : p.seed_hits)
        hits.push_back(
            {{"t", h.t}, {"y", h.point.y}, {"triangle", h.triangle}, {"behind", h.t < 0.0f}});
    j["seed_hits"] = hits;
    j["seed_last"] = p.seed_last ? nlohmann::ordered_json(*p.seed_last) : nlohmann::ordered_json();
    return j;
}

}  // namespace app
