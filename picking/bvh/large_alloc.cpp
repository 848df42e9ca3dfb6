// Huge-page blocks mapped on their own (so that a spare can be moved and grown by mremap), and
// the per-thread spare of ReuseFreedLargeBlocks.

#include "picking/bvh/large_alloc.h"

#include <cstdint>
#include <new>

#include <sys/mman.h>

namespace picking {

namespace {

struct Spare {
    void* block = nullptr;
    std::size_t bytes = 0;
    int scopes = 0;  ///< ReuseFreedLargeBlocks alive on this thread
};
thread_local Spare t_spare;

std::size_t whole_huge_pages(std::size_t bytes) {
    return (bytes + kHugePage - 1) / kHugePage * kHugePage;
}

void unmap(void* p, std::size_t bytes) {
    if (p && bytes) munmap(p, bytes);
}

/// `rounded` bytes (whole huge pages) of fresh memory on a 2 MB boundary: transparent huge
/// pages map only aligned 2 MB ranges. Over-maps by one huge page and trims the ends.
void* map_aligned(std::size_t rounded) {
    const std::size_t span = rounded + kHugePage;
    void* raw = mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (raw == MAP_FAILED) throw std::bad_alloc();
    const auto start = reinterpret_cast<std::uintptr_t>(raw);
    const std::uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
    const std::uintptr_t end = aligned + rounded;
    unmap(raw, aligned - start);
    unmap(reinterpret_cast<void*>(end), start + span - end);
    return reinterpret_cast<void*>(aligned);
}

void* ask_for_huge_pages(void* p, std::size_t rounded) {
#if defined(MADV_HUGEPAGE)
    madvise(p, rounded, MADV_HUGEPAGE);  // a hint: without THP it changes nothing
#endif
    return p;
}

/// The spare, as `rounded` bytes on a 2 MB boundary, or nullptr when it cannot be had.
void* take_spare(std::size_t rounded) {
    void* block = t_spare.block;
    const std::size_t bytes = t_spare.bytes;
    t_spare = Spare{nullptr, 0, t_spare.scopes};
    if (bytes >= rounded) {
        unmap(static_cast<char*>(block) + rounded, bytes - rounded);
        return block;
    }
    // Its pages move to the start of a fresh aligned range and keep their contents; the rest
    // of the range is new.
    void* target = map_aligned(rounded);
    void* moved = mremap(block, bytes, rounded, MREMAP_MAYMOVE | MREMAP_FIXED, target);
    if (moved == MAP_FAILED) {
        unmap(block, bytes);
        return target;
    }
    return moved;
}

}  // namespace

void* allocate_large(std::size_t bytes, std::size_t align, std::size_t huge_from) {
    if (bytes < huge_from) return ::operator new(bytes, std::align_val_t(align));
    const std::size_t rounded = whole_huge_pages(bytes);
    if (t_spare.block && 2 * rounded >= t_spare.bytes)
        return ask_for_huge_pages(take_spare(rounded), rounded);
    return ask_for_huge_pages(map_aligned(rounded), rounded);
}

void deallocate_large(void* p, std::size_t bytes, std::size_t align, std::size_t huge_from) {
    if (!p) return;
    if (bytes < huge_from) {
        ::operator delete(p, std::align_val_t(align));
        return;
    }
    const std::size_t rounded = whole_huge_pages(bytes);
    if (t_spare.scopes == 0) {
        unmap(p, rounded);
        return;
    }
    // Keep the larger of the two.
    if (rounded >= t_spare.bytes) {
        unmap(t_spare.block, t_spare.bytes);
        t_spare.block = p;
        t_spare.bytes = rounded;
    } else {
        unmap(p, rounded);
    }
}

ReuseFreedLargeBlocks::ReuseFreedLargeBlocks() {
    ++t_spare.scopes;
}

ReuseFreedLargeBlocks::~ReuseFreedLargeBlocks() {
    if (--t_spare.scopes > 0) return;
    unmap(t_spare.block, t_spare.bytes);
    t_spare = Spare{};
}

}  // namespace picking
