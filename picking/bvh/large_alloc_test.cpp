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

}  // namespace
}  // namespace picking
