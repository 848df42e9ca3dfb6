#pragma once
/// Memory for the big arrays of a BVH: at least `align`-aligned, and in 2 MB pages where Linux
/// offers transparent huge pages on request (madvise), as Embree's are.
/// - A tree's nodes and leaf blocks (kForTraversal), from 2 MB up: a ray through a tree of
///   megabytes touches a new 4 KB page at almost every node, and each costs a TLB miss.
/// - A builder's scratch arrays (kForBuilding), from 16 MB up: they are written once, and below
///   that a huge page's first touch (which may compact memory) costs more than the 4 KB
///   faults it saves.

#include <cstddef>
#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace picking {

inline constexpr std::size_t kHugePage = std::size_t(2) << 20;
/// From these sizes up, arrays come in huge pages.
inline constexpr std::size_t kForTraversal = kHugePage;
inline constexpr std::size_t kForBuilding = std::size_t(16) << 20;

/// `bytes` of memory aligned to `align`, in huge pages when bytes >= huge_from. Free it with
/// deallocate_large() and the same three numbers.
[[nodiscard]] inline void* allocate_large(std::size_t bytes, std::size_t align,
                                          std::size_t huge_from) {
    if (bytes >= huge_from) {
        const std::size_t rounded = (bytes + kHugePage - 1) / kHugePage * kHugePage;
        void* p = std::aligned_alloc(kHugePage, rounded);
        if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        madvise(p, rounded, MADV_HUGEPAGE);  // a hint: without THP it changes nothing
#endif
        return p;
    }
    return ::operator new(bytes, std::align_val_t(align));
}

inline void deallocate_large(void* p, std::size_t bytes, std::size_t align, std::size_t huge_from) {
    if (!p) return;
    if (bytes >= huge_from) {
        std::free(p);
        return;
    }
    ::operator delete(p, std::align_val_t(align));
}

}  // namespace picking
