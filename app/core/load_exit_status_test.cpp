#include "app/core/load_exit_status.h"

#include <gtest/gtest.h>

namespace app {
namespace {

using assets::LoadFailure;

// The command-line contract (docs/DESIGN.md): refused 1, given up 3, crashed 4, over a limit 5.
TEST(LoadExitStatus, EachFailureHasTheStatusTheContractGivesIt) {
    EXPECT_EQ(load_exit_status(LoadFailure::Refused, false), 1);
    EXPECT_EQ(load_exit_status(LoadFailure::Cancelled, false), 1);
    EXPECT_EQ(load_exit_status(LoadFailure::Crashed, false), 4);
    EXPECT_EQ(load_exit_status(LoadFailure::Malformed, false), 4);
    EXPECT_EQ(load_exit_status(LoadFailure::MemoryLimit, false), 5);
    EXPECT_EQ(load_exit_status(LoadFailure::CpuLimit, false), 5);
    for (const auto failure : {LoadFailure::Refused, LoadFailure::Cancelled, LoadFailure::Crashed})
        EXPECT_EQ(load_exit_status(failure, true), 3) << "the time limit says why it ended";
}

}  // namespace
}  // namespace app
