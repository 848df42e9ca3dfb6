#include "picking/bvh/large_alloc.h"

#include <cstdint>
#include <cstring>

#include <gtest/gtest.h>

namespace picking {
namespace {

TEST(LargeAlloc, SmallBlocksKeepTheirAlignmentLargeOnesComeInHugePages) {
    for (const std::size_t bytes :
         {std::size_t(64), std::size_t(4096), kHugePage, kForBuilding - 64}) {
        void* p = allocate_large(bytes, 64, kForBuilding);
        ASSERT_NE(p, nullptr);
        EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % 64, 0u);
        std::memset(p, 0xab, bytes);  // all of it is usable
        deallocate_large(p, bytes, 64, kForBuilding);
    }
    for (const std::size_t bytes : {kForTraversal, kForBuilding + 3 * kHugePage + 100}) {
        void* p = allocate_large(bytes, 64, kForTraversal);
        ASSERT_NE(p, nullptr);
        EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % kHugePage, 0u);
        std::memset(p, 0xcd, bytes);
        EXPECT_EQ(static_cast<unsigned char*>(p)[bytes - 1], 0xcd);
        deallocate_large(p, bytes, 64, kForTraversal);
    }
    deallocate_large(nullptr, kHugePage, 64, kForTraversal);  // nothing to free: no trap
}

TEST(LargeAlloc, WithinAScopeTheBlockLastFreedIsTakenByTheNextLargeRequest) {
    const std::size_t first = kForBuilding + kHugePage;  // 18 MB
    auto* a = static_cast<unsigned char*>(allocate_large(first, 64, kForBuilding));
    std::memset(a, 0x5a, first);
    {
        const ReuseFreedLargeBlocks reuse;
        deallocate_large(a, first, 64, kForBuilding);
        // Under half the spare's size: fresh memory, which mmap gives zeroed.
        auto* small = static_cast<unsigned char*>(allocate_large(kForTraversal, 64, kForTraversal));
        EXPECT_EQ(small[0], 0u);
        EXPECT_EQ(small[kForTraversal - 1], 0u);
        deallocate_large(small, kForTraversal, 64, kForTraversal);  // smaller: not kept
        // Larger than the spare: the spare's pages, moved to a 2 MB boundary, then fresh ones.
        const std::size_t grown = 2 * first + 100;
        auto* b = static_cast<unsigned char*>(allocate_large(grown, 64, kForTraversal));
        EXPECT_EQ(reinterpret_cast<std::uintptr_t>(b) % kHugePage, 0u);
        EXPECT_EQ(b[0], 0x5a);
        EXPECT_EQ(b[first - 1], 0x5a);
        EXPECT_EQ(b[first], 0u);
        EXPECT_EQ(b[grown - 1], 0u);
        std::memset(b, 0x3c, grown);
        deallocate_large(b, grown, 64, kForTraversal);
        // Smaller than the spare but over half of it: the spare, cut to size.
        const std::size_t cut = grown - kHugePage * 3;
        auto* c = static_cast<unsigned char*>(allocate_large(cut, 64, kForBuilding));
        EXPECT_EQ(reinterpret_cast<std::uintptr_t>(c) % kHugePage, 0u);
        EXPECT_EQ(c[0], 0x3c);
        EXPECT_EQ(c[cut - 1], 0x3c);
        deallocate_large(c, cut, 64, kForBuilding);
    }
    // The scope's end freed the spare: a new block is fresh.
    auto* d = static_cast<unsigned char*>(allocate_large(first, 64, kForBuilding));
    EXPECT_EQ(d[0], 0u);
    EXPECT_EQ(d[first - 1], 0u);
    deallocate_large(d, first, 64, kForBuilding);
}

}  // namespace
}  // namespace picking
