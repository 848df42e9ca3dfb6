#include "app/core/bvh_build_choice.h"

#include <array>
#include <utility>

namespace app {

namespace {

constexpr std::array<std::pair<BvhBuildChoice, std::string_view>, 3> kChoices = {{
    {BvhBuildChoice::Auto, "auto"},
    {BvhBuildChoice::Sah, "sah"},
    {BvhBuildChoice::Morton, "morton"},
}};

}  // namespace

picking::BvhBuildMethod bvh_build_for(BvhBuildChoice choice, std::size_t triangles,
                                      bool tree_serves) {
    switch (choice) {
        case BvhBuildChoice::Sah:
            return picking::BvhBuildMethod::Sah;
        case BvhBuildChoice::Morton:
            return picking::BvhBuildMethod::Morton;
        case BvhBuildChoice::Auto:
            break;
    }
    return triangles >= kMortonFirstTriangles && !tree_serves ? picking::BvhBuildMethod::Morton
                                                              : picking::BvhBuildMethod::Sah;
}

picking::BvhBuildMethod command_bvh_build(std::string_view name, std::size_t triangles) {
    return bvh_build_for(find_bvh_build_choice(name).value_or(BvhBuildChoice::Auto), triangles,
                         false);
}

std::optional<BvhBuildChoice> find_bvh_build_choice(std::string_view name) {
    for (const auto& [choice, choice_name] : kChoices)
        if (choice_name == name) return choice;
    return std::nullopt;
}

std::string_view bvh_build_choice_name(BvhBuildChoice choice) {
    for (const auto& [entry, name] : kChoices)
        if (entry == choice) return name;
    return "auto";
}

std::string bvh_build_choice_names_text() {
    std::string text;
    for (const auto& entry : kChoices) {
        if (!text.empty()) text += " | ";
        text += entry.second;
    }
    return text;
}

std::string_view bvh_build_name(picking::BvhBuildMethod method) {
    return method == picking::BvhBuildMethod::Morton ? "morton" : "sah";
}

std::string_view bvh_build_label(picking::BvhBuildMethod method) {
    return method == picking::BvhBuildMethod::Morton ? "Morton" : "SAH";
}

}  // namespace app
