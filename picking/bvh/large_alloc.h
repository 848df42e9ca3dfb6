#pragma once
/// Memory for the big arrays of a BVH: at least `align`-aligned, and in 2 MB pages where Linux
/// offers transparent huge pages on request (madvise), as Embree's are.
/// - A tree's nodes and leaf blocks (kForTraversal), from 2 MB up: a ray through a tree of
///   megabytes touches a new 4 KB page at almost every node, and each costs a TLB miss.
/// - A builder's scratch arrays (kForBuilding), from 16 MB up: they are written once, and below
///   that a huge page's first touch (which may compact memory) costs more than the 4 KB
///   faults it saves.

#include <cstddef>

namespace picking {

inline constexpr std::size_t kHugePage = std::size_t(2) << 20;
/// From these sizes up, arrays come in huge pages.
inline constexpr std::size_t kForTraversal = kHugePage;
inline constexpr std::size_t kForBuilding = std::size_t(16) << 20;

/// `bytes` of memory aligned to `align`, in huge pages when bytes >= huge_from (then mapped
/// on its own, 2 MB-aligned). Uninitialised. Free it with deallocate_large() and the same
/// three numbers.
[[nodiscard]] void* allocate_large(std::size_t bytes, std::size_t align, std::size_t huge_from);
void deallocate_large(void* p, std::size_t bytes, std::size_t align, std::size_t huge_from);

/// While one of these lives on a thread (a build), the huge-page block last freed on that
/// thread is kept as a spare, and the next huge request on the thread of at least half its
/// size takes it, moved and grown by mremap when it is smaller (or cut when larger). Its pages
/// were faulted in already, so the kernel zeroes fewer fresh ones: the builder's references
/// (32 bytes a triangle) become most of the collapse's leaf blocks. The last scope to end
/// frees a spare nobody took.
class ReuseFreedLargeBlocks {
  public:
    ReuseFreedLargeBlocks();
    ~ReuseFreedLargeBlocks();
    ReuseFreedLargeBlocks(const ReuseFreedLargeBlocks&) = delete;
    ReuseFreedLargeBlocks& operator=(const ReuseFreedLargeBlocks&) = delete;
};

}  // namespace picking
