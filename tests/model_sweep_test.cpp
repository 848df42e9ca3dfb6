// Every model file Debian's assimp-testmodels ships either loads and picks, or fails with a
// clear message: never a crash of raypick, never a hang past --load-timeout. (A crash of the
// import process, or one of its limits, is such a message, with its own exit status.)

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <mutex>
#include <set>
#include <thread>

#include <gtest/gtest.h>

#include "tests/process.h"

namespace tests {
namespace model_sweep_test {

const char* const kModels = "/usr/share/assimp/models";

/// Images, texts and other side files that no importer is meant to read.
bool is_side_file(const std::filesystem::path& path) {
    static const std::set<std::string> skipped = {
        ".png", ".jpg", ".jpeg", ".bmp",  ".tga",  ".dds",  ".gif",      ".txt",
        ".md",  ".bin", ".mtl",  ".glsl", ".vert", ".frag", ".material", ".skeleton"};
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return std::tolower(c); });
    return skipped.contains(ext) || path.string().find("/ReferenceImages/") != std::string::npos ||
           path.string().find("/SourceFiles/") != std::string::npos;
}

TEST(ModelSweep, EveryTestModelLoadsOrFailsClearly) {
    if (!std::filesystem::exists(kModels)) GTEST_SKIP() << kModels << " is not installed";
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(kModels))
        if (entry.is_regular_file() && !is_side_file(entry.path())) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    ASSERT_GT(files.size(), 100u);

    constexpr double kLoadTimeout = 15.0;
    std::atomic<std::size_t> next{0};
    std::mutex mutex;
    int loaded = 0, refused = 0, timed_out = 0, importer_crashed = 0, over_limit = 0;
    auto worker = [&] {
        for (std::size_t i = next++; i < files.size(); i = next++) {
            const std::string file = files[i].string();
            // A memory limit well above what any of these models needs keeps a file that
            // asks for everything (invalid/OutOfMemory.off) small on a CI machine, also under
            // AddressSanitizer, where the limit is a watch on resident memory.
            const ProcessResult r =
                run_process({"env", "RAYPICK_IMPORT_MEMORY_MB=2048", raypick_exe(), "pick", file,
                             "--ray", "0", "0", "100", "0.001", "0.002", "-1", "--load-timeout",
                             std::to_string(kLoadTimeout)},
                            kLoadTimeout + 30.0);
            std::lock_guard lock(mutex);
            EXPECT_FALSE(r.signaled) << file << " crashed with signal " << r.signal << "\n"
                                     << r.err;
            EXPECT_FALSE(r.timed_out) << file << " hung past --load-timeout";
            if (r.exit_code == 0) {
                ++loaded;
                EXPECT_NE(r.out.find("\"hit\":"), std::string::npos) << file;
            } else {
                // A refusal names the file and says why, on stderr.
                EXPECT_NE(r.err.find(files[i].filename().string()), std::string::npos)
                    << file << " failed without naming itself: " << r.err;
                // 1 refused, 3 gave up, 4 the importer crashed, 5 it hit a limit.
                EXPECT_TRUE(r.exit_code >= 1 && r.exit_code <= 5 && r.exit_code != 2)
                    << file << " exit " << r.exit_code;
                if (r.exit_code >= 4) {
                    EXPECT_NE(r.err.find(": the importer "), std::string::npos) << r.err;
                }
                (r.exit_code == 3   ? timed_out
                 : r.exit_code == 4 ? importer_crashed
                 : r.exit_code == 5 ? over_limit
                                    : refused)++;
            }
        }
    };
    std::vector<std::thread> threads;
    const unsigned n = std::max(2u, std::thread::hardware_concurrency());
    for (unsigned i = 0; i < n; ++i)
        threads.emplace_back(worker);
    for (auto& t : threads)
        t.join();
    std::printf(
        "model sweep: %zu files, %d loaded, %d refused with a message, %d gave up at "
        "--load-timeout, %d crashed the import process, %d stopped at its limits\n",
        files.size(), loaded, refused, timed_out, importer_crashed, over_limit);
    EXPECT_GT(loaded, int(files.size()) / 2);
}

}  // namespace model_sweep_test
}  // namespace tests
