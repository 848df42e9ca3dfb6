#include "app/viewer/panels/algorithms_json.h"

namespace app {

nlohmann::ordered_json algorithms_panel_to_json(const AlgorithmsPanelState& state,
                                                const SceneSession& session) {
    nlohmann::ordered_json j;
    j["tab"] = algorithms_tab_name(state.active);
    j["visible"] = state.visible;
    nlohmann::ordered_json compare = nlohmann::ordered_json::array();
    for (const picking::CompareRow& row : state.model.compare) {
        nlohmann::ordered_json r;
        r["algorithm"] = picking::ray_triangle_algorithm(row.method).name;
        r["hit"] = row.result.hit.has_value();
        if (row.result.hit) {
            r["mesh_name"] = session.scene().meshes[row.result.hit->mesh].name;
            r["triangle"] = row.result.hit->triangle;
            r["t"] = row.result.hit->t;
        }
        r["agrees"] = row.agrees;
        if (row.t_ulps) r["t_ulps"] = *row.t_ulps;
        if (row.u_ulps) r["u_ulps"] = *row.u_ulps;
        if (row.v_ulps) r["v_ulps"] = *row.v_ulps;
        r["nanoseconds"] = row.nanoseconds;
        compare.push_back(std::move(r));
    }
    j["compare"] = std::move(compare);
    if (state.model.compare_shape) {
        const auto& shapes = session.scene().shapes;
        j["compare_shape"] = *state.model.compare_shape < shapes.size()
                                 ? shapes[*state.model.compare_shape].name
                                 : "?";
    }
    if (state.compare_overflow) j["compare_overflow_px"] = *state.compare_overflow;
    if (state.explained) {
        nlohmann::ordered_json names = nlohmann::ordered_json::array();
        nlohmann::ordered_json values = nlohmann::ordered_json::array();
        for (const picking::ExplainStep& step : state.explained->steps) {
            names.push_back(step.name);
            values.push_back(
                step.is_vector ? nlohmann::ordered_json({step.value.x, step.value.y, step.value.z})
                               : nlohmann::ordered_json(step.value.x));
        }
        j["explain"] = {{"algorithm", picking::ray_triangle_algorithm(state.explained_method).name},
                        {"hit", state.explained->hit.has_value()},
                        {"rejected_by", state.explained->rejected_by},
                        {"steps", state.explained->steps.size()},
                        {"step_names", std::move(names)},
                        {"step_values", std::move(values)},
                        {"note", state.explained->note},
                        {"flops", state.explained->flops}};
    }
    if (state.model.all_hits) {
        int duplicates = 0;
        for (const auto& h : state.model.all_hits->hits)
            duplicates += h.near_duplicate;
        j["all_hits"] = {{"count", state.model.all_hits->hits.size()},
                         {"near_duplicates", duplicates}};
    }
    nlohmann::ordered_json leaks = nlohmann::ordered_json::array();
    for (const LeakRow& row : state.model.leaks)
        leaks.push_back({{"algorithm", picking::ray_triangle_algorithm(row.method).name},
                         {"rays", row.rays},
                         {"leaks", row.leaks},
                         {"double_hits", row.double_hits}});
    j["leaks"] = std::move(leaks);
    j["leak_marks"] = state.model.leak_marks.size();
    if (state.model.far) {
        auto errors = [](const picking::FarErrors& e) {
            return nlohmann::ordered_json{{"misses", e.misses},     {"compared", e.compared},
                                          {"t_median", e.t_median}, {"t_max", e.t_max},
                                          {"u_median", e.u_median}, {"u_max", e.u_max},
                                          {"v_median", e.v_median}, {"v_max", e.v_max}};
        };
        nlohmann::ordered_json rows = nlohmann::ordered_json::array();
        for (const auto& row : state.model.far->rows) {
            nlohmann::ordered_json r;
            r["name"] = row.name;
            r["rays"] = row.on(picking::FarInput::Float).vs_aim.rays;
            for (picking::FarInput input : picking::kFarInputs) {
                const picking::FarGrades& g = row.on(input);
                r[std::string(picking::far_input_name(input))] = {
                    {"vs_reference", errors(g.vs_reference)},
                    {"vs_aim", errors(g.vs_aim)},
                    {"disagreements", g.disagreements}};
            }
            rows.push_back(std::move(r));
        }
        j["far"] = {{"distance", state.model.far->distance}, {"rows", std::move(rows)}};
    }
    return j;
}

}  // namespace app
