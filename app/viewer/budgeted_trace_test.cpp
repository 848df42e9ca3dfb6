#include "app/viewer/budgeted_trace.h"

#include <vector>

#include <gtest/gtest.h>
#include <glm/vec2.hpp>

namespace app {
namespace {

/// A picture that only counts: which pixels were traced, how many times, in which batches.
struct CountingImage {
    glm::ivec2 size{0, 0};
    int rows_done = 0, columns_done = 0;
    std::vector<int> traced;   ///< per pixel, how many times
    std::vector<int> batches;  ///< pixels per batch, rows as negative row counts

    explicit CountingImage(glm::ivec2 image_size)
        : size(image_size), traced(std::size_t(image_size.x * image_size.y), 0) {}
    [[nodiscard]] bool complete() const { return rows_done >= size.y; }
    void rows(int count) {
        ASSERT_EQ(columns_done, 0) << "whole rows start at a row's start";
        batches.push_back(-count);
        for (int r = 0; r < count && rows_done < size.y; ++r, ++rows_done)
            for (int x = 0; x < size.x; ++x)
                ++traced[std::size_t(rows_done * size.x + x)];
    }
    void pixels(int count) {
        ASSERT_LE(columns_done + count, size.x) << "a batch of pixels stays in its row";
        batches.push_back(count);
        for (int i = 0; i < count; ++i)
            ++traced[std::size_t(rows_done * size.x + columns_done++)];
        if (columns_done == size.x) {
            columns_done = 0;
            ++rows_done;
        }
    }
};

bool run(BudgetedTrace& trace, CountingImage& image, double budget_ms) {
    return trace.run(
        image, budget_ms, [&](int rows) { image.rows(rows); },
        [&](int pixels) { image.pixels(pixels); });
}

TEST(BudgetedTrace, AGenerousBudgetTracesEveryPixelOnceInGrowingBatches) {
    // Every batch takes far less than an eighth of a day: each doubles the next, pixels until
    // a batch covers a row, then whole rows from a row's start.
    CountingImage image({100, 40});
    BudgetedTrace trace;
    EXPECT_TRUE(run(trace, image, 86'400'000.0));
    EXPECT_TRUE(image.complete());
    for (int count : image.traced)
        EXPECT_EQ(count, 1);
    // 64 pixels, the 36 left of the row, then 256, 512, ... pixels' worth of whole rows.
    EXPECT_EQ(image.batches, (std::vector<int>{64, 36, -2, -5, -10, -20, -40}));
    EXPECT_FALSE(run(trace, image, 86'400'000.0)) << "a complete picture has nothing to trace";
}

TEST(BudgetedTrace, ASpentBudgetStillTracesOneBatchAndHalvesTheNext) {
    // A budget already spent (below zero, so no batch can be quick enough to grow): one batch
    // per frame, each half the last, down to a pixel.
    CountingImage image({1000, 1000});
    BudgetedTrace trace;
    EXPECT_TRUE(run(trace, image, -1.0));
    EXPECT_EQ(image.batches, (std::vector<int>{64}));
    for (int frame = 0; frame < 8; ++frame)
        run(trace, image, -1.0);
    EXPECT_EQ(image.batches, (std::vector<int>{64, 32, 16, 8, 4, 2, 1, 1, 1}));
    EXPECT_EQ(trace.pixels_per_call(), 1);
}

TEST(BudgetedTrace, AFirstBatchWiderThanTheRowTracesWholeRows) {
    CountingImage image({10, 30});
    BudgetedTrace trace;
    EXPECT_TRUE(run(trace, image, -1.0));
    EXPECT_EQ(image.batches, (std::vector<int>{-6}));  // 64 pixels' worth: six rows of ten
}

TEST(BudgetedTrace, RestartingStartsAgainFromTheSmallBatch) {
    CountingImage first({1000, 1000});
    BudgetedTrace trace;
    for (int frame = 0; frame < 3; ++frame)
        run(trace, first, 86'400'000.0);
    EXPECT_GT(trace.pixels_per_call(), 64);
    trace.restart();
    EXPECT_EQ(trace.pixels_per_call(), 64);
    CountingImage second({1000, 1000});
    run(trace, second, -1.0);
    EXPECT_EQ(second.batches, (std::vector<int>{64}));
}

}  // namespace
}  // namespace app
