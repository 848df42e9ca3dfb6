#include "assets/testing/against_assimp.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "assets/load_model.h"
#include "assets/testing/same_surface.h"

namespace assets::tests {

namespace fs = std::filesystem;

namespace {

std::string lower(std::string text) {
    for (char& c : text)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return text;
}

}  // namespace

std::vector<fs::path> files_with_extension(const fs::path& folder, std::string_view extension,
                                           bool recursive) {
    std::vector<fs::path> files;
    if (!fs::exists(folder)) return files;
    const std::string wanted = lower(std::string(extension));
    auto take = [&](const fs::directory_entry& entry) {
        if (entry.is_regular_file() && lower(entry.path().extension().string()) == wanted)
            files.push_back(entry.path());
    };
    if (recursive) {
        for (const fs::directory_entry& entry : fs::recursive_directory_iterator(folder))
            take(entry);
    } else {
        for (const fs::directory_entry& entry : fs::directory_iterator(folder))
            take(entry);
    }
    std::sort(files.begin(), files.end());  // the directory's order is the file system's
    return files;
}

std::size_t expect_assimps_surface(const std::vector<fs::path>& files, std::string_view reader,
                                   bool same_node_names) {
    std::size_t read = 0;
    for (const fs::path& file : files) {
        SCOPED_TRACE(file.string());
        std::optional<Scene> own;
        try {
            own = load_model(file);
        } catch (const LoadError&) {
            continue;  // refused by both: assets/load_model_test.cpp checks the refusals
        }
        if (own->notes.empty() || own->notes[0].find(reader) == std::string::npos)
            continue;  // left to Assimp
        ++read;
        const Scene assimp = load_with_assimp(file, nullptr);
        const std::vector<std::string> differences = surface_differences(*own, assimp);
        EXPECT_TRUE(differences.empty()) << differences.front();
        EXPECT_EQ(own->triangle_count(), assimp.triangle_count());
        if (!same_node_names) continue;
        EXPECT_EQ(own->nodes.size(), assimp.nodes.size());
        for (std::size_t n = 0; n < std::min(own->nodes.size(), assimp.nodes.size()); ++n)
            EXPECT_EQ(own->nodes[n].name, assimp.nodes[n].name);
    }
    return read;
}

}  // namespace assets::tests
