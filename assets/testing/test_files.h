#pragma once
/// Where assets' tests find the files they load: the repository's testdata, and the models
/// Debian's assimp-testmodels and glmark2-data install (a test skips a model that is missing).

#include <filesystem>

namespace assets::tests {

inline const std::filesystem::path kTestData = RAYPICK_TESTDATA_DIR;
inline const std::filesystem::path kAssimpModels = "/usr/share/assimp/models";
inline const std::filesystem::path kBunny = "/usr/share/glmark2/models/bunny.obj";

}  // namespace assets::tests
