#include "app/core/background_job.h"

#include <stdexcept>
#include <string>

#include <gtest/gtest.h>

namespace app {
namespace {

struct TestProgress {
    std::atomic<float> fraction{0.0f};
    std::atomic<bool> cancel{false};
};
using TestJob = BackgroundJob<int, TestProgress, std::string>;

TEST(BackgroundJob, TheResultIsTakenOnceAfterTheWorkEnds) {
    std::atomic<bool> release{false};
    const auto job = TestJob::start("answer", [&](TestProgress& p) {
        p.fraction = 0.5f;
        while (!release)
            std::this_thread::yield();
        return 42;
    });
    EXPECT_EQ(job->subject(), "answer");
    EXPECT_FALSE(job->take()) << "nothing before the work ends";
    EXPECT_GE(running_background_jobs(), 1);
    release = true;
    ASSERT_TRUE(job->wait(30.0));
    EXPECT_EQ(running_background_jobs(), 0) << "counted out before finished() says so";
    EXPECT_FLOAT_EQ(job->progress(), 1.0f);
    ASSERT_EQ(job->take(), 42);
    EXPECT_FALSE(job->take()) << "a result is handed over once";
    EXPECT_EQ(job->error(), "");
}

TEST(BackgroundJob, WhatTheWorkThrowsIsTheError) {
    const auto job = TestJob::start(
        "bad", [](TestProgress&) -> int { throw std::runtime_error("bad.obj: not a model"); });
    ASSERT_TRUE(job->wait(30.0));
    EXPECT_FALSE(job->take());
    EXPECT_EQ(job->error(), "bad.obj: not a model");
}

TEST(BackgroundJob, CancelReachesTheWorkAndAnAbandonedJobEndsOnItsOwn) {
    auto held = std::make_shared<int>(7);
    std::weak_ptr<int> watch = held;
    std::atomic<bool> saw_cancel{false};
    std::weak_ptr<TestJob> abandoned;
    {
        const auto job =
            TestJob::start("slow", [held = std::move(held), &saw_cancel](TestProgress& p) {
                while (!p.cancel)
                    std::this_thread::yield();
                saw_cancel = true;
                return *held;
            });
        abandoned = job;
        job->cancel();
        EXPECT_TRUE(job->cancelled());
    }  // the caller drops the job; its thread keeps it until the work ends
    for (int i = 0; i < 3000 && !abandoned.expired(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    EXPECT_TRUE(saw_cancel);
    EXPECT_TRUE(abandoned.expired());
    EXPECT_TRUE(watch.expired()) << "what the work captured ends with it";
}

TEST(BackgroundJob, AWaitGivesUpAtItsTimeLimit) {
    std::atomic<bool> release{false};
    const auto job = TestJob::start("stuck", [&](TestProgress&) {
        while (!release)
            std::this_thread::yield();
        return 1;
    });
    EXPECT_FALSE(job->wait(0.05));
    EXPECT_FALSE(job->finished());
    release = true;
    EXPECT_TRUE(job->wait(30.0));
}

}  // namespace
}  // namespace app
