#pragma once
/// A test for each of raypick's own readers: every file of a corpus that the reader takes must
/// show Assimp's surface.

#include <cstddef>
#include <filesystem>
#include <string_view>
#include <vector>

namespace assets::tests {

/// Every file of `folder` (and below it, when `recursive`) whose extension is `extension`
/// (compared without case), skipped when the folder is not installed.
[[nodiscard]] std::vector<std::filesystem::path> files_with_extension(
    const std::filesystem::path& folder, std::string_view extension, bool recursive);

/// Opens each file through the front door (load_model). Those the reader named in the scene's
/// first note (`reader`, such as "binary PLY reader") read must have Assimp's surface
/// (surface_differences) and triangle count, and with `same_node_names` its nodes' names too.
/// Files both refuse are passed over (load_model_test checks the refusals), and so are files
/// the reader leaves to Assimp. Reports failures through gtest; returns how many it read.
std::size_t expect_assimps_surface(const std::vector<std::filesystem::path>& files,
                                   std::string_view reader, bool same_node_names = false);

}  // namespace assets::tests
