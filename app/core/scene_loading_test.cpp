#include "app/core/scene_loading.h"

#include <chrono>
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

}  // namespace
}  // namespace app
