#pragma once
/// Memory for the big arrays of a BVH (nodes, leaf blocks, the builder's refs): at least
/// `align`-aligned, and from 2 MB up in 2 MB pages where Linux offers transparent huge pages
/// on request (madvise): a ray through a large tree touches a new 4 KB page at almost every
/// node, and each costs a TLB miss; a build writes hundreds of megabytes, and each 4 KB page
/// costs a fault. Embree does the same.

#include <cstddef>
#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace picking {

inline constexpr std::size_t kHugePage = std::size_t(2) << 20;

[[nodiscard]] inline void* allocate_large(std::size_t bytes, std::size_t align) {
    if (bytes >= kHugePage) {
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

inline void deallocate_large(void* p, std::size_t bytes, std::size_t align) {
    if (!p) return;
    if (bytes >= kHugePage) {
        std::free(p);
        return;
    }
    ::operator delete(p, std::align_val_t(align));
}

}  // namespace picking
