// What the heatmap's key says its colours count, for each way the picture is traced.

#include "app/viewer/heatmap_key.h"

#include <string>

#include <gtest/gtest.h>

namespace app {
namespace {

TEST(HeatmapKey, SaysWhatTheColoursCountForEachWayThePictureIsTraced) {
    AccelStatus status;
    EXPECT_EQ(std::string(heatmap_cost_words(status)), "BVH nodes + triangles tested per pixel");
    status.heatmap_packets = true;
    EXPECT_EQ(std::string(heatmap_cost_words(status)),
              "BVH nodes + triangles per ray of its 4x4 packet");
    // Embree counts no work: its pictures are timed, packets per ray of their packet too.
    status.heatmap_nanoseconds = true;
    EXPECT_EQ(std::string(heatmap_cost_words(status)), "nanoseconds per ray of its 4x4 packet");
    status.heatmap_packets = false;
    EXPECT_EQ(std::string(heatmap_cost_words(status)), "nanoseconds per pixel");
}

}  // namespace
}  // namespace app
