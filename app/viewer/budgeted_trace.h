#pragma once
/// The pictures the viewer traces a ray per pixel for while it keeps drawing (the cost heatmap,
/// the disagreement picture): a batch at a time within a frame's budget, each batch sized by
/// what the last one cost.

#include <algorithm>
#include <chrono>

namespace app {

class BudgetedTrace {
  public:
    /// For a new picture: start again from a small batch, which measures what a ray costs.
    void restart() { pixels_per_call_ = kFirstBatch; }

    /// Traces batches of `image` (size.x, columns_done and complete() are read) until it is
    /// complete or `budget_ms` is spent, at least one batch: whole rows on every core,
    /// `trace_rows(rows)`, while a row is cheap; a few pixels at a time on this thread,
    /// `trace_pixels(pixels)`, when one row alone would take longer than a frame (a million
    /// triangles without a broad phase). A batch under an eighth of the budget doubles the
    /// next; one over half of it halves the next. Returns whether it traced anything.
    template <class Image, class TraceRows, class TracePixels>
    bool run(const Image& image, double budget_ms, TraceRows&& trace_rows,
             TracePixels&& trace_pixels) {
        using Clock = std::chrono::steady_clock;
        const auto start = Clock::now();
        const int width = std::max(image.size.x, 1);
        bool traced = false;
        while (!image.complete()) {
            const auto before = Clock::now();
            if (image.columns_done == 0 && pixels_per_call_ >= width)
                trace_rows(pixels_per_call_ / width);
            else
                trace_pixels(std::min(pixels_per_call_, width - image.columns_done));
            traced = true;
            const auto after = Clock::now();
            const double batch_ms =
                std::chrono::duration<double, std::milli>(after - before).count();
            const double spent_ms =
                std::chrono::duration<double, std::milli>(after - start).count();
            if (batch_ms < budget_ms / 8.0)
                pixels_per_call_ = std::min(pixels_per_call_ * 2, kLargestBatch);
            if (batch_ms > budget_ms / 2.0) pixels_per_call_ = std::max(pixels_per_call_ / 2, 1);
            if (spent_ms >= budget_ms) break;
        }
        return traced;
    }

    /// The next batch's size in pixels.
    [[nodiscard]] int pixels_per_call() const { return pixels_per_call_; }

  private:
    static constexpr int kFirstBatch = 64;
    static constexpr int kLargestBatch = 1 << 22;
    int pixels_per_call_ = kFirstBatch;
};

}  // namespace app
