#include "app/core/scene_loading.h"

#include <stdlib.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <string>
#include <system_error>
#include <thread>

#include <gtest/gtest.h>

namespace app {
namespace {

/// Polls like the viewer's frames until the load ends (at most `seconds`).
std::optional<SceneLoading::Outcome> poll_until_done(SceneLoading& loading, double seconds) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < deadline) {
        if (auto outcome = loading.poll()) return outcome;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return std::nullopt;
}

TEST(SceneLoading, AFinishedLoadHandsOverItsSceneOnce) {
    SceneLoading loading;
    EXPECT_FALSE(loading.poll()) << "nothing to report before a load";
    loading.start("default", {});
    ASSERT_NE(loading.current(), nullptr);
    const auto outcome = poll_until_done(loading, 60.0);
    ASSERT_TRUE(outcome);
    ASSERT_TRUE(outcome->scene);
    EXPECT_EQ(outcome->path, "default");
    EXPECT_GT(outcome->scene->triangle_count(), 0u);
    EXPECT_EQ(outcome->error, "");
    EXPECT_EQ(loading.current(), nullptr);
    EXPECT_FALSE(loading.poll());
}

TEST(SceneLoading, AFailedLoadSaysWhyAndNamesTheFile) {
    SceneLoading loading;
    const auto missing = std::filesystem::temp_directory_path() / "raypick_no_such_model.obj";
    loading.start(missing, {});
    const auto outcome = poll_until_done(loading, 60.0);
    ASSERT_TRUE(outcome);
    EXPECT_FALSE(outcome->scene);
    EXPECT_FALSE(outcome->timed_out);
    EXPECT_NE(outcome->error.find(missing.string()), std::string::npos) << outcome->error;
}

// A load that outlasts the limit is given up (a generated 500,000-triangle knot against a
// millisecond); a newer request replaces an older one.
TEST(SceneLoading, ALoadOverTheLimitIsGivenUpAndTheNewerRequestWins) {
    SceneLoading loading(0.001);
    loading.start("knot:500000", {});
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    const auto outcome = poll_until_done(loading, 60.0);
    ASSERT_TRUE(outcome);
    EXPECT_TRUE(outcome->timed_out);
    EXPECT_FALSE(outcome->scene);
    EXPECT_NE(outcome->error.find("knot:500000: loading took longer than 0.001 s"),
              std::string::npos)
        << outcome->error;
    EXPECT_EQ(loading.current(), nullptr);

    SceneLoading patient;
    patient.start("knot:500000", {});
    patient.start("default", {});  // the newer request wins
    const auto second = poll_until_done(patient, 60.0);
    ASSERT_TRUE(second);
    ASSERT_TRUE(second->scene);
    EXPECT_EQ(second->path, "default");
    EXPECT_TRUE(patient.cancel() == false) << "nothing left in flight";
}

/// A one-triangle OBJ file in the test's temporary folder.
std::filesystem::path triangle_file() {
    // A name of this process's own: ctest runs the tests of this file side by side, and a
    // shared file rewritten by one while another loads it made that load fail.
    const auto path = std::filesystem::temp_directory_path() /
                      ("raypick_scene_loading_triangle_" + std::to_string(::getpid()) + ".obj");
    struct RemovedAtExit {
        std::filesystem::path path;
        ~RemovedAtExit() {
            std::error_code ignored;
            std::filesystem::remove(path, ignored);
        }
    };
    static const RemovedAtExit removed{path};
    std::ofstream(path) << "v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n";
    return path;
}

/// This process's children, from every thread's /proc entry.
std::size_t child_processes() {
    std::size_t count = 0;
    for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
        std::ifstream children(task.path() / "children");
        std::string pid;
        while (children >> pid)
            ++count;
    }
    return count;
}

// The import process crashes (the test hook makes it): the viewer is told so, with the file, and
// the failure that decides a scripted run's exit status.
TEST(SceneLoading, AnImporterCrashIsAFailureNamingTheFile) {
    const auto path = triangle_file();
    ::setenv("RAYPICK_IMPORT_FAULT", "segv", 1);
    SceneLoading loading;
    loading.start(path, {});
    const auto outcome = poll_until_done(loading, 60.0);
    ::unsetenv("RAYPICK_IMPORT_FAULT");
    ASSERT_TRUE(outcome);
    EXPECT_FALSE(outcome->scene);
    EXPECT_EQ(outcome->failure, assets::LoadFailure::Crashed);
    EXPECT_EQ(outcome->error,
              path.string() + ": the importer crashed on this file (signal 11, SIGSEGV)");

    SceneLoading again;  // and the next load works
    again.start(path, {});
    const auto next = poll_until_done(again, 60.0);
    ASSERT_TRUE(next && next->scene);
    EXPECT_EQ(next->scene->triangle_count(), 1u);
}

// A load that never ends (the hook makes the import process sleep) is given up at the time
// limit, and its process is gone soon after: nothing runs on after a give-up.
TEST(SceneLoading, AGivenUpLoadLeavesNoProcessRunning) {
    const auto path = triangle_file();
    ::setenv("RAYPICK_IMPORT_FAULT", "hang", 1);
    {
        SceneLoading loading(0.2);
        loading.start(path, {});
        const auto outcome = poll_until_done(loading, 60.0);
        ASSERT_TRUE(outcome);
        EXPECT_TRUE(outcome->timed_out);
        EXPECT_EQ(outcome->failure, assets::LoadFailure::Cancelled);
    }
    ::unsetenv("RAYPICK_IMPORT_FAULT");
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (child_processes() > 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    EXPECT_EQ(child_processes(), 0u);
}

}  // namespace
}  // namespace app
