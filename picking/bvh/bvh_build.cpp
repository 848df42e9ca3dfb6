// Binned SAH build: Wald, "On fast Construction of SAH-based Bounding Volume Hierarchies"
// (IEEE RT 2007) — centroids binned per axis, the cheapest of the bin planes by the surface area
// heuristic — in parallel: the root is binned by every thread together, then the threads share
// the subtrees through a queue that a busy thread feeds whenever another one waits. One builder,
// one file (about 750 lines): its binning, partition and scheduling share one set of types.

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cmath>
#include <condition_variable>
#include <cstddef>
#include <cstring>
#include <limits>
#include <memory>
#include <mutex>
#include <utility>

#include <emmintrin.h>  // SSE2: part of every x86-64

#include "picking/bvh/bvh.h"
#include "picking/core/finite.h"
#include "picking/core/parallel_for.h"

namespace picking {

namespace {

/// One primitive while building: its box and its id, 32 bytes, loadable as two SSE vectors.
/// Trivial, so that an array of them costs nothing until it is written (make_refs fills every
/// field).
struct alignas(16) PrimRef {
    glm::vec3 lo;
    float zero;  ///< keeps the fourth lane of `lo` a harmless 0
    glm::vec3 hi;
    std::uint32_t id;  ///< the fourth lane of `hi`: masked off before any arithmetic
};
static_assert(sizeof(PrimRef) == 32);

/// An array of refs that is not initialised when made (a million refs are 32 MB).
struct FreeRefs {
    std::size_t capacity = 0;
    void operator()(PrimRef* p) const {
        deallocate_large(p, capacity * sizeof(PrimRef), alignof(PrimRef), kForBuilding);
    }
};
using Refs = std::unique_ptr<PrimRef[], FreeRefs>;

[[nodiscard]] Refs make_ref_array(std::size_t n) {
    n = std::max<std::size_t>(n, 1);
    return Refs(
        static_cast<PrimRef*>(allocate_large(n * sizeof(PrimRef), alignof(PrimRef), kForBuilding)),
        FreeRefs{n});
}

/// The builder's vector type: SSE2, which every x86-64 has. Lane 3 is ignored throughout.
struct Vec4 {
    __m128 v;

    static Vec4 splat(float x) { return {_mm_set1_ps(x)}; }
    static Vec4 of(glm::vec3 p) { return {_mm_setr_ps(p.x, p.y, p.z, 0.0f)}; }
    [[nodiscard]] glm::vec3 xyz() const {
        alignas(16) float f[4];
        _mm_store_ps(f, v);
        return {f[0], f[1], f[2]};
    }
    friend Vec4 min(Vec4 a, Vec4 b) { return {_mm_min_ps(a.v, b.v)}; }
    friend Vec4 max(Vec4 a, Vec4 b) { return {_mm_max_ps(a.v, b.v)}; }
    friend Vec4 operator+(Vec4 a, Vec4 b) { return {_mm_add_ps(a.v, b.v)}; }
    friend Vec4 operator-(Vec4 a, Vec4 b) { return {_mm_sub_ps(a.v, b.v)}; }
    friend Vec4 operator*(Vec4 a, Vec4 b) { return {_mm_mul_ps(a.v, b.v)}; }
};

Vec4 lo_of(const PrimRef& ref) {
    return {_mm_load_ps(&ref.lo.x)};
}
Vec4 hi_of(const PrimRef& ref) {
    // The id rides in lane 3; clear it so it never meets an arithmetic instruction.
    const __m128 xyz_mask = _mm_castsi128_ps(_mm_setr_epi32(-1, -1, -1, 0));
    return {_mm_and_ps(_mm_load_ps(&ref.hi.x), xyz_mask)};
}

/// A box kept as two SSE vectors.
struct Bounds {
    Vec4 lo = Vec4::splat(std::numeric_limits<float>::infinity());
    Vec4 hi = Vec4::splat(-std::numeric_limits<float>::infinity());

    void extend(Vec4 l, Vec4 h) {
        lo = min(lo, l);
        hi = max(hi, h);
    }
    void extend(Vec4 p) { extend(p, p); }
    void extend(const Bounds& b) { extend(b.lo, b.hi); }
    /// Half the surface area (0 for an empty box).
    [[nodiscard]] float half_area() const {
        const __m128 e = _mm_max_ps((hi - lo).v, _mm_setzero_ps());
        const __m128 rotated = _mm_shuffle_ps(e, e, _MM_SHUFFLE(3, 0, 2, 1));  // y z x
        const __m128 products = _mm_mul_ps(e, rotated);                        // xy yz zx
        alignas(16) float p[4];
        _mm_store_ps(p, products);
        return p[0] + p[1] + p[2];
    }
    [[nodiscard]] Aabb aabb() const { return {lo.xyz(), hi.xyz()}; }
};

constexpr int kMaxBins = 64;
/// Nodes of fewer primitives than kFewerBinsBelow are binned into at most kFewerBins bins.
constexpr std::uint32_t kFewerBinsBelow = 1024;
constexpr int kFewerBins = 16;
constexpr float kInfinity = std::numeric_limits<float>::infinity();
/// Below this depth SAH decides; beyond it (a pathological input) nodes are halved by index,
/// which bounds the depth by about 40 + log2(n) and so the traversal stack.
constexpr int kMaxSahDepth = 40;
/// A root with more primitives than this is binned by all threads together.
constexpr std::size_t kMinParallelNode = kMinThreadedBuild;
/// Jobs this big are worth handing to a waiting thread (smaller ones cost more to hand over
/// than to build).
constexpr std::uint32_t kMinSharedJob = 1u << 12;
/// A job of at least four times kBinSample refs chooses its plane from every k-th ref, about
/// that many of them (bvh.h says why).
constexpr std::uint32_t kBinSample = kBinnedSample;

/// A range of refs waiting to become the subtree rooted at `node`.
struct Job {
    std::uint32_t node = 0;
    std::uint32_t begin = 0, end = 0;
    Bounds bounds;     ///< of the primitives
    Bounds centroids;  ///< of their doubled centroids (lo + hi: the factor 2 cancels out)
    int depth = 0;

    [[nodiscard]] std::uint32_t size() const { return end - begin; }
};

/// How doubled centroids map to bins along each axis.
struct BinMapping {
    Vec4 offset;
    Vec4 scale;  ///< 0 on an axis where every centroid coincides
    Vec4 last_bin;
    int count = 0;

    BinMapping(const Bounds& centroids, int bins) : offset(centroids.lo), count(bins) {
        const glm::vec3 extent = (centroids.hi - centroids.lo).xyz();
        glm::vec3 s(0.0f);
        for (int axis = 0; axis < 3; ++axis)
            // Just under `bins` so the largest centroid lands in the last bin, not past it.
            s[axis] = extent[axis] > 0.0f ? float(bins) * 0.99999f / extent[axis] : 0.0f;
        scale = Vec4::of(s);
        last_bin = Vec4::splat(float(bins - 1));
    }
    /// The bin of a ref on each axis (lanes 0..2). Binning calls this, and the partition's
    /// threshold (first_in_bin) is found with it, so the two always agree.
    [[nodiscard]] __m128i bins(const PrimRef& ref) const {
        return bins_of(lo_of(ref) + hi_of(ref));
    }
    /// The bins of doubled centroid `c` (lo + hi).
    [[nodiscard]] __m128i bins_of(Vec4 c) const {
        const Vec4 f = min(max((c - offset) * scale, Vec4::splat(0.0f)), last_bin);
        return _mm_cvttps_epi32(f.v);
    }

    /// The least doubled centroid coordinate on `axis` that bins_of() puts in bin `bin` or
    /// later (bin >= 1): a ref goes below `bin` exactly when its coordinate is less. bins_of()
    /// never decreases as a coordinate grows (each of its steps keeps the order), so this is
    /// a search over the floats in order: from where the bin's edge ought to be, outwards by
    /// doubling steps until it is bracketed, then by halves. (A few steps: the edge computed in
    /// floats is a few units in the last place from the exact one.)
    [[nodiscard]] float first_in_bin(int axis, int bin) const {
        // Finite floats as integers in the same order (-0 and +0 are both 0).
        const auto key = [](float f) -> std::int64_t {
            const auto bits = std::bit_cast<std::int32_t>(f);
            return bits < 0 ? -std::int64_t(bits & 0x7fffffff) : std::int64_t(bits);
        };
        const auto value = [](std::int64_t k) -> float {
            return k < 0 ? std::bit_cast<float>(std::uint32_t(-k) | 0x80000000u)
                         : std::bit_cast<float>(std::uint32_t(k));
        };
        // `bin` or later. The lowest float is in bin 0 and the highest in the last bin, so
        // these bracket the answer from the start.
        const auto in = [&](std::int64_t k) {
            alignas(16) std::int32_t b[4];
            _mm_store_si128(reinterpret_cast<__m128i*>(b), bins_of(Vec4::splat(value(k))));
            return b[axis] >= bin;
        };
        const float max = std::numeric_limits<float>::max();
        const std::int64_t lowest = key(-max), highest = key(max);
        const float guess = offset.xyz()[axis] + float(bin) / scale.xyz()[axis];
        const std::int64_t start =
            std::isnan(guess) ? 0 : std::clamp(key(std::clamp(guess, -max, max)), lowest, highest);
        std::int64_t below = start, from = start;  // !in(below) (or below == lowest), in(from)
        if (in(start)) {
            for (std::int64_t step = 1;; step *= 2) {
                below = std::max(start - step, lowest);
                if (below == lowest || !in(below)) break;
                from = below;
            }
        } else {
            for (std::int64_t step = 1;; step *= 2) {
                from = std::min(start + step, highest);
                if (from == highest || in(from)) break;
                below = from;
            }
        }
        while (from - below > 1) {
            const std::int64_t middle = below + (from - below) / 2;
            (in(middle) ? from : below) = middle;
        }
        return value(from);
    }
};

/// Per axis and bin: the primitives' box and their count. (The sides' boxes of centroids, which
/// their own binning needs, are tallied by the partition, which looks at every ref anyway.)
struct Bins {
    /// From this many refs up, binning interleaves two sets of bins (clearing and merging the
    /// second costs less than the stalls it saves).
    static constexpr std::size_t kInterleaveFrom = 512;

    std::array<std::array<Bounds, kMaxBins>, 3> bounds;
    /// counts[bin][axis], lane 3 unused: the plane sweep adds a bin's three counts at once.
    alignas(16) std::array<std::array<std::uint32_t, 4>, kMaxBins> counts;

    [[nodiscard]] __m128i counts_of(int bin) const {
        return _mm_load_si128(reinterpret_cast<const __m128i*>(counts[std::size_t(bin)].data()));
    }
    void clear(int bins) {
        for (std::size_t axis = 0; axis < 3; ++axis)
            std::fill_n(bounds[axis].begin(), bins, Bounds{});
        std::fill_n(counts.begin(), bins, std::array<std::uint32_t, 4>{});
    }
    /// Bins n refs. Neighbouring refs tend to fall in the same bin, so each update would wait
    /// for the last one's store: above a few hundred refs, every other ref goes to `spare`
    /// (merged in at the end), and two chains of updates run side by side.
    /// With a `stride` above 1, n refs `stride` apart (a sample).
    void add(const PrimRef* refs, std::size_t n, const BinMapping& mapping, Bins& spare,
             std::size_t stride = 1) {
        if (n < kInterleaveFrom) {
            for (std::size_t i = 0; i < n; ++i)
                add(refs[i * stride], mapping);
            return;
        }
        spare.clear(mapping.count);
        std::size_t i = 0;
        for (; i + 1 < n; i += 2) {
            add(refs[i * stride], mapping);
            spare.add(refs[(i + 1) * stride], mapping);
        }
        if (i < n) add(refs[i * stride], mapping);
        merge(spare, mapping.count);
    }
    void add(const PrimRef& ref, const BinMapping& mapping) {
        alignas(16) std::int32_t b[4];
        _mm_store_si128(reinterpret_cast<__m128i*>(b), mapping.bins(ref));
        const Vec4 lo = lo_of(ref), hi = hi_of(ref);
        for (std::size_t axis = 0; axis < 3; ++axis) {
            const auto k = std::size_t(b[axis]);
            bounds[axis][k].extend(lo, hi);
            ++counts[k][axis];
        }
    }
    void merge(const Bins& other, int bins) {
        for (std::size_t axis = 0; axis < 3; ++axis)
            for (std::size_t b = 0; b < std::size_t(bins); ++b)
                bounds[axis][b].extend(other.bounds[axis][b]);
        for (int b = 0; b < bins; ++b)
            _mm_store_si128(reinterpret_cast<__m128i*>(counts[std::size_t(b)].data()),
                            _mm_add_epi32(counts_of(b), other.counts_of(b)));
    }
};

/// Half the surface areas of three boxes at once, box a's in lane a (lane 3 is 0): each one's
/// xy + yz + zx, rounded exactly as Bounds::half_area() rounds it.
inline __m128 half_areas(const Bounds& b0, const Bounds& b1, const Bounds& b2) {
    const __m128 zero = _mm_setzero_ps();
    const auto products = [&](const Bounds& b) {  // xy yz zx, and 0 in lane 3
        const __m128 e = _mm_max_ps((b.hi - b.lo).v, zero);
        return _mm_mul_ps(e, _mm_shuffle_ps(e, e, _MM_SHUFFLE(3, 0, 2, 1)));
    };
    const __m128 p0 = products(b0), p1 = products(b1), p2 = products(b2);
    // The 3x3 transpose: each product gathered across the three boxes.
    const __m128 t0 = _mm_unpacklo_ps(p0, p1);    // xy0 xy1 yz0 yz1
    const __m128 t1 = _mm_unpackhi_ps(p0, p1);    // zx0 zx1 (unused)
    const __m128 t2 = _mm_unpacklo_ps(p2, zero);  // xy2 0 yz2 0
    const __m128 t3 = _mm_unpackhi_ps(p2, zero);  // zx2 0 (unused)
    const __m128 xy = _mm_movelh_ps(t0, t2);
    const __m128 yz = _mm_movehl_ps(t2, t0);
    const __m128 zx = _mm_movelh_ps(t1, t3);
    return _mm_add_ps(_mm_add_ps(xy, yz), zx);
}

/// A thread's bins, and the second set that binning interleaves with them; and the
/// primitives it has placed in leaves since it last told the progress.
struct BinScratch {
    Bins bins, spare;
    std::size_t placed = 0;
};

struct Split {
    int axis = -1;                                        ///< -1: no plane separates anything
    int bin = 0;                                          ///< refs in bins [0, bin) go left
    float cost = std::numeric_limits<float>::infinity();  ///< in units of area x primitive cost
};

/// Side tallies gathered while partitioning.
struct Side {
    Bounds bounds, centroids;
    std::uint32_t count = 0;

    void add(const PrimRef& ref) {
        const Vec4 lo = lo_of(ref), hi = hi_of(ref);
        bounds.extend(lo, hi);
        centroids.extend(lo + hi);
        ++count;
    }
    void merge(const Side& other) {
        bounds.extend(other.bounds);
        centroids.extend(other.centroids);
        count += other.count;
    }
};

/// Which side of `split` a ref goes to: the bins binning gave it (a ref is left when its
/// coordinate is below the split bin's first, BinMapping::first_in_bin), so both always agree.
/// The partition then hands it each run of refs it has placed on one side, whose (doubled)
/// centroids widen that side's box of centroids, which the child's binning needs, and with
/// kBounds their boxes the side's box (which the bins of a sample do not know).
template <bool kBounds>
struct GoesLeft {
    float threshold;  ///< the split bin's first coordinate
    int axis;
    Bounds left_centroids, right_centroids;
    Bounds left_bounds, right_bounds;

    /// The one coordinate, added as lo_of(ref) + hi_of(ref) adds it (the id in hi's fourth
    /// lane is never read).
    bool operator()(const PrimRef& ref) const {
        return (&ref.lo.x)[axis] + (&ref.hi.x)[axis] < threshold;
    }
    /// n refs placed on one side, all at once: no masks, and they are in the cache.
    void placed(bool left, const PrimRef* refs, std::size_t n) {
        Bounds& centroids = left ? left_centroids : right_centroids;
        Bounds& bounds = left ? left_bounds : right_bounds;
        for (std::size_t i = 0; i < n; ++i) {
            const Vec4 lo = lo_of(refs[i]), hi = hi_of(refs[i]);
            centroids.extend(lo + hi);
            if constexpr (kBounds) bounds.extend(lo, hi);
        }
    }
};
template <bool kBounds>
GoesLeft<kBounds> goes_left(const BinMapping& mapping, const Split& split) {
    return {mapping.first_in_bin(split.axis, split.bin), split.axis, {}, {}, {}, {}};
}

/// Moves the refs of [begin, end) that go left before the others, in place, without a branch
/// on the data while most are still unsorted (which side a primitive falls on is a coin toss
/// for the branch predictor): BlockQuicksort's partition (Edelkamp and Weiß, ESA 2016). Each
/// end notes the offsets of its misplaced refs within a block of 64 (a count, not a branch),
/// then the two ends' misplaced refs swap in pairs. Returns where the right side begins.
template <typename GoesLeftFn>
std::size_t partition_in_place(PrimRef* refs, std::size_t begin, std::size_t end,
                               GoesLeftFn& goes_left) {
    constexpr std::size_t kBlock = 64;
    std::uint8_t left_offsets[kBlock], right_offsets[kBlock];
    std::size_t left_count = 0, right_count = 0, left_start = 0, right_start = 0;
    std::size_t l = begin, r = end;  // everything before l goes left, from r on goes right
    while (r - l >= 2 * kBlock) {
        if (left_count == 0) {
            left_start = 0;
            for (std::size_t i = 0; i < kBlock; ++i) {
                left_offsets[left_count] = std::uint8_t(i);
                left_count += !goes_left(refs[l + i]);
            }
        }
        if (right_count == 0) {
            right_start = 0;
            for (std::size_t i = 0; i < kBlock; ++i) {
                right_offsets[right_count] = std::uint8_t(i);
                right_count += goes_left(refs[r - 1 - i]);
            }
        }
        const std::size_t swaps = std::min(left_count, right_count);
        for (std::size_t k = 0; k < swaps; ++k)
            std::swap(refs[l + left_offsets[left_start + k]],
                      refs[r - 1 - right_offsets[right_start + k]]);
        left_count -= swaps;
        right_count -= swaps;
        left_start += swaps;
        right_start += swaps;
        if (left_count == 0) {
            goes_left.placed(true, refs + l, kBlock);
            l += kBlock;
        }
        if (right_count == 0) {
            r -= kBlock;
            goes_left.placed(false, refs + r, kBlock);
        }
    }
    // Fewer than two blocks remain (one of them perhaps half done): one by one.
    const std::size_t tail_begin = l, tail_end = r;
    while (l < r) {
        if (goes_left(refs[l])) {
            ++l;
        } else {
            --r;
            std::swap(refs[l], refs[r]);
        }
    }
    goes_left.placed(true, refs + tail_begin, l - tail_begin);
    goes_left.placed(false, refs + l, tail_end - l);
    return l;
}

class Builder {
  public:
    Builder(const BvhBuildOptions& options, Refs refs, std::size_t count, BuildProgress* progress)
        : options_(options),
          // Below the size where the root is binned in parallel, a second thread would get
          // its first job only after it has woken up: one thread is faster.
          threads_(count > kMinParallelNode ? resolve_thread_count(options.threads) : 1u),
          refs_(std::move(refs)),
          ref_count_(count),
          progress_(progress) {
        options_.max_leaf_size = std::clamp(options_.max_leaf_size, 1, 1 << 20);
        options_.bin_count = std::clamp(options_.bin_count, 2, kMaxBins);
        while ((1 << block_shift_) < std::clamp(options_.primitive_block, 1, 64))
            ++block_shift_;
        block_mask_ = (1u << block_shift_) - 1;
    }

    /// The tree in the builder's own storage (empty when cancelled or given nothing).
    BvhStorage build() {
        BvhStorage out;
        const std::size_t n = ref_count_;
        if (n == 0) return out;
        // A binary tree with at least one primitive per leaf has at most 2n - 1 nodes; each is
        // constructed when written (write_leaf, write_inner), never before.
        nodes_ =
            BvhStorage::NodeArray(static_cast<BvhNode*>(allocate_large(
                                      2 * n * sizeof(BvhNode), alignof(BvhNode), kForBuilding)),
                                  BvhStorage::FreeNodes{2 * n});
        node_count_ = 1;

        Job root;
        root.node = 0;
        root.begin = 0;
        root.end = std::uint32_t(n);
        parallel_bounds(root);

        std::vector<Job> jobs{root};
        if (n > kMinParallelNode) {
            // The root is binned and partitioned by every thread (in the same pieces on one
            // thread too: see parallel_partition); its halves and everything below go to the
            // threads through the shared queue.
            Job left, right;
            if (split_job(root, nullptr, left, right))
                jobs = {left, right};
            else
                jobs.clear();
        }
        build_shared(std::move(jobs));
        if (cancelled()) return {};

        out.nodes = std::move(nodes_);
        out.node_count = node_count_.load();
        out.primitive_ids.resize(n);
        parallel_chunks(n, n >= kMinParallelNode ? threads_ : 1u,
                        [&](std::size_t begin, std::size_t end, unsigned) {
                            for (std::size_t i = begin; i < end; ++i)
                                out.primitive_ids[i] = refs_[i].id;
                        });
        if (progress_) progress_->fraction = progress_->base + progress_->span;
        return out;
    }

  private:
    [[nodiscard]] bool cancelled() const {
        return progress_ && progress_->cancel.load(std::memory_order_relaxed);
    }

    /// ceil(n / primitive_block), by shifting (the block size is a power of two).
    [[nodiscard]] float blocks(std::uint32_t n) const {
        return float((n + block_mask_) >> block_shift_);
    }

    void parallel_bounds(Job& job) {
        std::vector<Side> sides(threads_);
        parallel_chunks(job.size(), threads_, [&](std::size_t begin, std::size_t end, unsigned c) {
            for (std::size_t i = job.begin + begin; i < job.begin + end; ++i)
                sides[c].add(refs_[i]);
        });
        Side all;
        for (const Side& side : sides)
            all.merge(side);
        job.bounds = all.bounds;
        job.centroids = all.centroids;
    }

    // == Choosing a split

    [[nodiscard]] int bin_count(std::uint32_t n) const {
        // n primitives occupy at most n bins: fewer bins make small nodes cheap to bin. Below
        // a thousand, at most 16: pricing the planes of the many small nodes took a sixth of
        // Wuson's build, and with half as many the rays' nodes and triangles stayed within
        // 1.5 % (some up, some down) on Wuson, the bunny and the 1M knot.
        const int most =
            n < kFewerBinsBelow ? std::min(kFewerBins, options_.bin_count) : options_.bin_count;
        return std::clamp(int(n), std::min(4, most), most);
    }

    /// ceil(n / primitive_block) for four counts at once.
    [[nodiscard]] __m128 blocks(__m128i n) const {
        const __m128i mask = _mm_set1_epi32(int(block_mask_));
        return _mm_cvtepi32_ps(
            _mm_srl_epi32(_mm_add_epi32(n, mask), _mm_cvtsi32_si128(block_shift_)));
    }

    /// The cheapest plane: the three axes swept side by side, one lane each (a plane that
    /// leaves a side empty costs infinity, and a NaN cost is passed over); ties go to the
    /// lower axis, then the lower bin.
    [[nodiscard]] Split best_split(const Bins& bins, int count) const {
        const auto& bounds = bins.bounds;
        __m128 right_area[kMaxBins];
        __m128i right_count[kMaxBins];
        Bounds acc[3];
        __m128i n = _mm_setzero_si128();
        for (int b = count - 1; b > 0; --b) {
            for (std::size_t axis = 0; axis < 3; ++axis)
                acc[axis].extend(bounds[axis][std::size_t(b)]);
            n = _mm_add_epi32(n, bins.counts_of(b));
            right_area[b] = half_areas(acc[0], acc[1], acc[2]);
            right_count[b] = n;
        }
        acc[0] = acc[1] = acc[2] = Bounds{};
        n = _mm_setzero_si128();
        const __m128i zero = _mm_setzero_si128();
        const __m128 infinity = _mm_set1_ps(kInfinity);
        __m128 least = infinity;
        __m128i least_bin = zero;
        for (int b = 1; b < count; ++b) {
            for (std::size_t axis = 0; axis < 3; ++axis)
                acc[axis].extend(bounds[axis][std::size_t(b - 1)]);
            n = _mm_add_epi32(n, bins.counts_of(b - 1));
            const __m128i right_n = right_count[b];
            const __m128 cost =
                _mm_add_ps(_mm_mul_ps(half_areas(acc[0], acc[1], acc[2]), blocks(n)),
                           _mm_mul_ps(right_area[b], blocks(right_n)));
            const __m128 empty_side = _mm_castsi128_ps(
                _mm_or_si128(_mm_cmpeq_epi32(n, zero), _mm_cmpeq_epi32(right_n, zero)));
            // Strictly cheaper: the first of equal planes stays. (A NaN compares false.)
            const __m128 cheaper = _mm_andnot_ps(empty_side, _mm_cmplt_ps(cost, least));
            least = _mm_or_ps(_mm_and_ps(cheaper, cost), _mm_andnot_ps(cheaper, least));
            const __m128i take = _mm_castps_si128(cheaper);
            least_bin = _mm_or_si128(_mm_and_si128(take, _mm_set1_epi32(b)),
                                     _mm_andnot_si128(take, least_bin));
        }
        alignas(16) float cost[4];
        alignas(16) std::int32_t bin[4];
        _mm_store_ps(cost, least);
        _mm_store_si128(reinterpret_cast<__m128i*>(bin), least_bin);
        Split best;
        for (int axis = 0; axis < 3; ++axis)
            if (cost[axis] < best.cost) best = {axis, bin[axis], cost[axis]};
        return best;
    }

    /// Every how many refs of a job of n the binning takes one (1: all of them).
    [[nodiscard]] static std::uint32_t bin_stride(std::uint32_t n) {
        return n >= 4 * kBinSample ? n / kBinSample : 1u;
    }

    /// Bins the job's centroids (every bin_stride-th one) into `bins` (with every thread when
    /// `parallel`) and returns the best plane.
    [[nodiscard]] Split find_split(const Job& job, const BinMapping& mapping, Bins& bins,
                                   Bins& spare, bool parallel) {
        const int count = mapping.count;
        bins.clear(count);
        const std::uint32_t stride = bin_stride(job.size());
        // The sample is the same refs on any number of threads: chunks split the sample.
        const std::size_t samples = (job.size() + stride - 1) / stride;
        if (!parallel) {
            bins.add(&refs_[job.begin], samples, mapping, spare, stride);
            return best_split(bins, count);
        }
        std::vector<std::unique_ptr<Bins>> partial(threads_);
        parallel_chunks(samples, threads_, [&](std::size_t begin, std::size_t end, unsigned c) {
            partial[c] = std::make_unique<Bins>();
            partial[c]->clear(count);
            const auto own_spare = std::make_unique<Bins>();
            partial[c]->add(&refs_[job.begin + begin * stride], end - begin, mapping, *own_spare,
                            stride);
        });
        for (const auto& p : partial)
            if (p) bins.merge(*p, count);
        return best_split(bins, count);
    }

    // == Partitioning

    /// Splits the job's refs in place: left of the returned index are those in bins below
    /// `split.bin`.
    /// The sides' boxes of centroids go to `left` and `right`, and with kBounds their boxes.
    template <bool kBounds>
    std::uint32_t partition(const Job& job, const BinMapping& mapping, const Split& split,
                            Side& left, Side& right) {
        GoesLeft<kBounds> sorter = goes_left<kBounds>(mapping, split);
        const std::size_t middle = partition_in_place(refs_.get(), job.begin, job.end, sorter);
        left.centroids = sorter.left_centroids;
        right.centroids = sorter.right_centroids;
        if constexpr (kBounds) {
            left.bounds = sorter.left_bounds;
            right.bounds = sorter.right_bounds;
        }
        return std::uint32_t(middle);
    }

    /// The same with every thread (the root): each of kRootPieces pieces is partitioned in
    /// place, then the right-side refs that lie before the final boundary trade places with the
    /// left-side refs after it. The pieces are the same on any number of threads, and so is
    /// the order the refs are left in: the sample a child bins (bin_stride) is every k-th ref
    /// in that order, and the tree must not depend on the threads that built it.
    template <bool kBounds>
    std::uint32_t parallel_partition(const Job& job, const BinMapping& mapping, const Split& split,
                                     Side& left, Side& right) {
        constexpr unsigned kRootPieces = 8;
        PrimRef* refs = refs_.get();
        std::vector<std::size_t> chunk_begin(kRootPieces + 1, job.end),
            chunk_middle(kRootPieces, 0);
        std::vector<GoesLeft<kBounds>> sorters(kRootPieces, goes_left<kBounds>(mapping, split));
        parallel_chunks(kRootPieces, threads_, [&](std::size_t first, std::size_t last, unsigned) {
            for (std::size_t c = first; c < last; ++c) {
                const std::size_t begin = job.begin + job.size() * c / kRootPieces;
                const std::size_t end = job.begin + job.size() * (c + 1) / kRootPieces;
                chunk_begin[c] = begin;
                chunk_middle[c] = partition_in_place(refs, begin, end, sorters[c]);
            }
        });
        for (const GoesLeft<kBounds>& sorter : sorters) {
            left.centroids.extend(sorter.left_centroids);
            right.centroids.extend(sorter.right_centroids);
            if constexpr (kBounds) {
                left.bounds.extend(sorter.left_bounds);
                right.bounds.extend(sorter.right_bounds);
            }
        }
        std::size_t middle = job.begin;
        for (unsigned c = 0; c < kRootPieces; ++c)
            middle += chunk_middle[c] - chunk_begin[c];
        // Chunk c is [begin_c, middle_c) left refs then [middle_c, begin_c+1) right refs. The
        // right refs below `middle` and the left refs from `middle` on are equally many: pair
        // them up in order and swap.
        std::vector<std::pair<std::size_t, std::size_t>> misplaced_right, misplaced_left;
        for (unsigned c = 0; c < kRootPieces; ++c) {
            const std::size_t b = chunk_begin[c], m = chunk_middle[c], e = chunk_begin[c + 1];
            if (std::min(e, middle) > m) misplaced_right.push_back({m, std::min(e, middle)});
            if (m > std::max(b, middle)) misplaced_left.push_back({std::max(b, middle), m});
        }
        auto r = misplaced_right.begin();
        auto l = misplaced_left.begin();
        while (r != misplaced_right.end() && l != misplaced_left.end()) {
            const std::size_t n = std::min(r->second - r->first, l->second - l->first);
            std::swap_ranges(refs + r->first, refs + r->first + n, refs + l->first);
            r->first += n;
            l->first += n;
            if (r->first == r->second) ++r;
            if (l->first == l->second) ++l;
        }
        return std::uint32_t(middle);
    }

    /// The primitives of bins [from, to) on `axis`, from the bins alone.
    [[nodiscard]] static Side side_of(const Bins& bins, int axis, int from, int to) {
        Side side;
        for (int b = from; b < to; ++b) {
            side.bounds.extend(bins.bounds[std::size_t(axis)][std::size_t(b)]);
            side.count += bins.counts[std::size_t(b)][std::size_t(axis)];
        }
        return side;
    }

    /// Halves by index: the fallback when no plane separates the centroids.
    std::uint32_t halve(const Job& job, Side& left, Side& right) {
        const std::uint32_t middle = job.begin + job.size() / 2;
        for (std::uint32_t i = job.begin; i < middle; ++i)
            left.add(refs_[i]);
        for (std::uint32_t i = middle; i < job.end; ++i)
            right.add(refs_[i]);
        return middle;
    }

    // == Nodes

    /// Counted in the thread's `scratch` when it has one (the root's job has none).
    void write_leaf(const Job& job, BinScratch* scratch) {
        std::construct_at(&nodes_[job.node], BvhNode{job.bounds.aabb(), job.begin, job.size()});
        if (scratch)
            scratch->placed += job.size();
        else
            placed_in_leaves_ += job.size();
    }

    /// Makes `job` an inner node over the two sides; returns the two child jobs.
    std::pair<Job, Job> write_inner(const Job& job, std::uint32_t middle, const Side& left,
                                    const Side& right) {
        const std::uint32_t children = node_count_.fetch_add(2, std::memory_order_relaxed);
        std::construct_at(&nodes_[job.node], BvhNode{job.bounds.aabb(), children, 0u});
        Job l{children, job.begin, middle, left.bounds, left.centroids, job.depth + 1};
        Job r{children + 1, middle, job.end, right.bounds, right.centroids, job.depth + 1};
        return {l, r};
    }

    /// Splits one job, or makes it a leaf (returns false then). With `scratch` null every
    /// thread bins and partitions (the root); otherwise this thread alone, binning into
    /// `scratch`.
    bool split_job(const Job& job, BinScratch* scratch, Job& left_job, Job& right_job) {
        const std::uint32_t n = job.size();
        // One primitive, or few enough that a leaf costs no more than a node's own test (so
        // no split can be cheaper, whatever the bins say): a leaf, without binning. With the
        // wide BVH's costs that is every job of up to eight triangles, half of all jobs.
        if (n == 1 || (n <= std::uint32_t(options_.max_leaf_size) &&
                       options_.primitive_cost * blocks(n) <= options_.node_cost)) {
            write_leaf(job, scratch);
            return false;
        }
        Split split;
        const BinMapping mapping(job.centroids, bin_count(n));
        std::unique_ptr<BinScratch> root_scratch;  // the root's, binned by every thread
        if (!scratch) root_scratch = std::make_unique<BinScratch>();
        BinScratch& own = scratch ? *scratch : *root_scratch;
        const Bins& binned = own.bins;
        if (job.depth < kMaxSahDepth)
            split = find_split(job, mapping, own.bins, own.spare, !scratch);
        const float area = job.bounds.half_area();
        const float split_cost = options_.node_cost * area + options_.primitive_cost * split.cost;
        const float leaf_cost = options_.primitive_cost * area * blocks(n);
        if (n <= std::uint32_t(options_.max_leaf_size) && !(split_cost < leaf_cost)) {
            write_leaf(job, scratch);
            return false;
        }
        Side left, right;
        std::uint32_t middle = 0;
        if (split.axis < 0) {
            middle = halve(job, left, right);
        } else if (bin_stride(n) > 1) {  // bins of a sample: the partition finds the boxes
            middle = scratch ? partition<true>(job, mapping, split, left, right)
                             : parallel_partition<true>(job, mapping, split, left, right);
        } else {
            left = side_of(binned, split.axis, 0, split.bin);
            right = side_of(binned, split.axis, split.bin, mapping.count);
            middle = scratch ? partition<false>(job, mapping, split, left, right)
                             : parallel_partition<false>(job, mapping, split, left, right);
        }
        std::tie(left_job, right_job) = write_inner(job, middle, left, right);
        return true;
    }

    // == Building on every thread

    /// Builds the subtrees of `jobs` on every thread. Each thread works depth first on its own
    /// stack; when another thread waits for work, a thread that splits a big job hands its
    /// larger half to the shared queue. So two threads stay busy whatever the SAH's splits
    /// look like, with no phase where one waits for the other.
    void build_shared(std::vector<Job> jobs) {
        shared_ = std::move(jobs);
        waiting_ = 0;
        finished_ = false;
        parallel_chunks(threads_, threads_, [&](std::size_t, std::size_t, unsigned) {
            // 14 KB: on the heap, not a thread's stack
            auto scratch = std::make_unique<BinScratch>();
            Job job;
            while (take_shared(job))
                build_sequential(job, *scratch);
        });
    }

    /// The next job of the shared queue; false when every thread is out of work.
    bool take_shared(Job& job) {
        std::unique_lock lock(shared_mutex_);
        while (shared_.empty() && !finished_) {
            if (++waiting_ == threads_) {  // nobody left who could share more
                finished_ = true;
                shared_ready_.notify_all();
                break;
            }
            shared_ready_.wait(lock);
            --waiting_;
        }
        if (shared_.empty()) return false;
        job = shared_.back();
        shared_.pop_back();
        return true;
    }

    void build_sequential(const Job& root, BinScratch& scratch) {
        // Iterative with an explicit stack: the depth is bounded, but a thread's stack is small.
        std::vector<Job> stack{root};
        std::size_t since_report = 0;
        while (!stack.empty()) {
            const Job job = stack.back();
            stack.pop_back();
            Job left, right;
            if (split_job(job, &scratch, left, right)) {
                // The smaller side first keeps the stack short.
                if (left.size() < right.size()) std::swap(left, right);
                if (left.size() >= kMinSharedJob && waiting_.load(std::memory_order_relaxed) > 0) {
                    std::lock_guard lock(shared_mutex_);
                    shared_.push_back(left);
                    shared_ready_.notify_one();
                } else {
                    stack.push_back(left);
                }
                stack.push_back(right);
            }
            if ((since_report++ & 4095) == 0) {
                report_progress(scratch);
                if (cancelled()) return;
            }
        }
        report_progress(scratch);
    }

    /// Adds what this thread placed in leaves to the shared count (seldom: a count both threads
    /// wrote at every leaf cost more than the leaves), and tells the progress.
    void report_progress(BinScratch& scratch) {
        placed_in_leaves_ += std::exchange(scratch.placed, 0);
        if (progress_)
            progress_->fraction =
                progress_->base +
                progress_->span * float(double(placed_in_leaves_.load()) / double(ref_count_));
    }

    BvhBuildOptions options_;
    unsigned threads_;
    Refs refs_;
    std::size_t ref_count_;
    // The shared queue of build_shared().
    std::vector<Job> shared_;
    std::mutex shared_mutex_;
    std::condition_variable shared_ready_;
    std::atomic<unsigned> waiting_{0};
    bool finished_ = false;
    BvhStorage::NodeArray nodes_{nullptr, BvhStorage::FreeNodes{0}};
    // Written by every thread: each on a cache line of its own, away from what they all read.
    alignas(64) std::atomic<std::uint32_t> node_count_{0};
    alignas(64) std::atomic<std::size_t> placed_in_leaves_{0};
    alignas(64) BuildProgress* progress_;
    int block_shift_ = 0;  ///< primitive_block rounded up to 2^block_shift_
    std::uint32_t block_mask_ = 0;
};

/// The refs of every usable primitive, computed in parallel chunks and then compacted.
template <typename MakeRef>
std::pair<Refs, std::size_t> make_refs(std::size_t count, unsigned threads, MakeRef&& make_ref) {
    Refs refs = make_ref_array(count);
    const unsigned chunks =
        unsigned(std::min<std::size_t>(threads, std::max<std::size_t>(1, count / 4096)));
    std::vector<std::size_t> kept(std::max(chunks, 1u), 0);
    std::vector<std::size_t> starts(std::max(chunks, 1u), 0);
    parallel_chunks(count, chunks, [&](std::size_t begin, std::size_t end, unsigned c) {
        starts[c] = begin;
        std::size_t out = begin;
        for (std::size_t i = begin; i < end; ++i)
            if (make_ref(std::uint32_t(i), refs[out])) ++out;
        kept[c] = out - begin;
    });
    std::size_t total = 0;
    for (std::size_t c = 0; c < kept.size(); ++c) {
        if (starts[c] != total && kept[c] > 0)
            std::memmove(static_cast<void*>(&refs[total]), &refs[starts[c]],
                         kept[c] * sizeof(PrimRef));
        total += kept[c];
    }
    return {std::move(refs), total};
}

}  // namespace

BvhStorage build_bvh_storage(const MeshView& mesh, const BvhBuildOptions& options,
                             BuildProgress* progress) {
    if (options.method == BvhBuildMethod::Morton)
        return build_bvh_storage_morton(mesh, options, progress);
    const std::size_t positions = mesh.positions.size();
    auto [refs, count] = make_refs(
        mesh.triangle_count(), resolve_thread_count(options.threads),
        [&](std::uint32_t i, PrimRef& ref) {
            const std::uint32_t a = mesh.indices[3 * std::size_t(i)];
            const std::uint32_t b = mesh.indices[3 * std::size_t(i) + 1];
            const std::uint32_t c = mesh.indices[3 * std::size_t(i) + 2];
            if (a >= positions || b >= positions || c >= positions) return false;
            const glm::vec3 p0 = mesh.positions[a], p1 = mesh.positions[b], p2 = mesh.positions[c];
            if (!finite(p0) || !finite(p1) || !finite(p2)) return false;
            ref.lo = glm::min(p0, glm::min(p1, p2));
            ref.hi = glm::max(p0, glm::max(p1, p2));
            ref.zero = 0.0f;
            ref.id = i;
            return true;
        });
    return Builder(options, std::move(refs), count, progress).build();
}

Bvh build_bvh(const MeshView& mesh, const BvhBuildOptions& options, BuildProgress* progress) {
    return build_bvh_storage(mesh, options, progress).to_bvh();
}

Bvh build_bvh(std::span<const Aabb> boxes, const BvhBuildOptions& options,
              BuildProgress* progress) {
    auto [refs, count] = make_refs(boxes.size(), resolve_thread_count(options.threads),
                                   [&](std::uint32_t i, PrimRef& ref) {
                                       const Aabb& box = boxes[i];
                                       if (box.empty() || !finite(box.min) || !finite(box.max))
                                           return false;
                                       ref.lo = box.min;
                                       ref.hi = box.max;
                                       ref.zero = 0.0f;
                                       ref.id = i;
                                       return true;
                                   });
    return Builder(options, std::move(refs), count, progress).build().to_bvh();
}

Bvh BvhStorage::to_bvh() && {
    Bvh bvh;
    bvh.nodes.assign(nodes.get(), nodes.get() + node_count);
    bvh.primitive_ids = std::move(primitive_ids);
    return bvh;
}

// == Small accessors

const Aabb& Bvh::bounds() const {
    static const Aabb kEmpty;
    return nodes.empty() ? kEmpty : nodes.front().bounds;
}

std::size_t Bvh::memory_bytes() const {
    return nodes.size() * sizeof(BvhNode) + primitive_ids.size() * sizeof(std::uint32_t);
}

int Bvh::depth() const {
    if (nodes.empty()) return 0;
    int deepest = 0;
    std::vector<std::pair<std::uint32_t, int>> stack{{0u, 1}};
    while (!stack.empty()) {
        const auto [index, level] = stack.back();
        stack.pop_back();
        deepest = std::max(deepest, level);
        const BvhNode& node = nodes[index];
        if (!node.is_leaf()) {
            stack.push_back({node.first, level + 1});
            stack.push_back({node.first + 1, level + 1});
        }
    }
    return deepest;
}

}  // namespace picking
