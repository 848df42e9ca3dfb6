#include "picking/core/isa.h"

#include <cstdlib>
#include <string>

#include <gtest/gtest.h>

namespace picking {
namespace {

TEST(Isa, NamesRoundTrip) {
    for (Isa isa : {Isa::Scalar, Isa::Avx2, Isa::Avx512}) {
        ASSERT_TRUE(find_isa(isa_name(isa)));
        EXPECT_EQ(*find_isa(isa_name(isa)), isa);
        EXPECT_FALSE(isa_features(isa).empty());
    }
    EXPECT_FALSE(find_isa("sse4"));
    EXPECT_FALSE(find_isa(""));
}

TEST(Isa, WiderPathsNeedTheNarrowerOnes) {
    EXPECT_TRUE(cpu_supports(Isa::Scalar));
    if (cpu_supports(Isa::Avx512)) {
        EXPECT_TRUE(cpu_supports(Isa::Avx2));
    }
    const Isa widest = widest_supported_isa();
    EXPECT_TRUE(cpu_supports(widest));
    for (Isa isa : {Isa::Scalar, Isa::Avx2, Isa::Avx512}) {
        const Isa got = supported_isa_at_most(isa);
        EXPECT_TRUE(cpu_supports(got)) << isa_name(isa);
        EXPECT_LE(int(got), int(isa)) << isa_name(isa);
        if (cpu_supports(isa)) {
            EXPECT_EQ(got, isa) << isa_name(isa);
        }
    }
}

// Run under RAYPICK_ISA=scalar, avx2 and avx512 by CTest (picking.forced_isa.*): the path asked
// for is the one every dispatcher takes, or the request is refused with a reason.
TEST(Isa, TheRequestedPathIsTheActiveOne) {
    const char* env = std::getenv("RAYPICK_ISA");
    if (!env || !*env) {
        EXPECT_EQ(active_isa(), widest_supported_isa());
        EXPECT_FALSE(isa_request_error());
        return;
    }
    const auto wanted = find_isa(env);
    ASSERT_TRUE(wanted) << env;
    if (!cpu_supports(*wanted)) {
        ASSERT_TRUE(isa_request_error());
        EXPECT_NE(isa_request_error()->find("lacks"), std::string::npos);
        EXPECT_EQ(active_isa(), widest_supported_isa());
        GTEST_SKIP() << "this CPU has no " << env << " path: " << *isa_request_error();
    }
    EXPECT_FALSE(isa_request_error());
    EXPECT_EQ(active_isa(), *wanted);
}

}  // namespace
}  // namespace picking
