// Linear BVH (Lauterbach et al., "Fast BVH Construction on GPUs", 2009): the triangles sorted
// along a Morton curve through their centroids, and the tree read off the sorted codes, each
// node split where the highest differing bit of its range changes (Karras, "Maximizing
// Parallelism in the Construction of BVHs, Octrees, and k-d Trees", 2012, names the same
// splits). Embree's low-quality build (RTC_BUILD_QUALITY_LOW) is of this kind. A few passes
// over eight bytes a triangle instead of SAH's partition of 32 bytes a triangle per level: the
// tree for a model that is picked a few times, not traced a million.

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

#include "picking/bvh/bvh.h"
#include "picking/core/finite.h"
#include "picking/core/parallel_for.h"

namespace picking {

namespace {

constexpr int kBitsPerAxis = 10;
constexpr int kCodeBits = 3 * kBitsPerAxis;
/// The sort takes this many bits of the code a pass (three passes).
constexpr int kRadixBits = 10;
constexpr std::size_t kRadixBuckets = std::size_t(1) << kRadixBits;
static_assert(kCodeBits % kRadixBits == 0);
/// A range of at most this many leaves' triangles is cut along the curve into full leaves.
constexpr std::uint32_t kCutLeaves = 8;
/// Below this many triangles a pass runs on one thread (handing work over costs more).
constexpr std::size_t kMinParallelMortonPass = std::size_t(1) << 16;

/// A triangle's Morton code in the high half, its id in the low half: sorting by the code keeps
/// equal codes in id order, so the tree does not depend on the threads.
using MortonKey = std::uint64_t;
[[nodiscard]] std::uint32_t morton_code_of(MortonKey key) {
    return std::uint32_t(key >> 32);
}
[[nodiscard]] std::uint32_t morton_id_of(MortonKey key) {
    return std::uint32_t(key);
}

/// The ten low bits of x, each moved to every third place (bit i to bit 3i).
[[nodiscard]] std::uint32_t spread_bits(std::uint32_t x) {
    x &= 0x3ffu;
    x = (x | (x << 16)) & 0x030000ffu;
    x = (x | (x << 8)) & 0x0300f00fu;
    x = (x | (x << 4)) & 0x030c30c3u;
    x = (x | (x << 2)) & 0x09249249u;
    return x;
}

/// A key array that is not initialised when made.
struct FreeMortonKeys {
    std::size_t capacity = 0;
    void operator()(MortonKey* p) const {
        deallocate_large(p, capacity * sizeof(MortonKey), alignof(MortonKey), kForBuilding);
    }
};
using MortonKeys = std::unique_ptr<MortonKey[], FreeMortonKeys>;
[[nodiscard]] MortonKeys make_morton_keys(std::size_t n) {
    n = std::max<std::size_t>(n, 1);
    return MortonKeys(static_cast<MortonKey*>(
                          allocate_large(n * sizeof(MortonKey), alignof(MortonKey), kForBuilding)),
                      FreeMortonKeys{n});
}

/// Triangle i's box, when a test can hit it (its corners exist and are finite), the same
/// triangles the SAH builder keeps.
[[nodiscard]] bool hittable_triangle_box(const MeshView& mesh, std::size_t i, glm::vec3& lo,
                                         glm::vec3& hi) {
    const std::size_t positions = mesh.positions.size();
    const std::uint32_t a = mesh.indices[3 * i];
    const std::uint32_t b = mesh.indices[3 * i + 1];
    const std::uint32_t c = mesh.indices[3 * i + 2];
    if (a >= positions || b >= positions || c >= positions) return false;
    const glm::vec3 p0 = mesh.positions[a], p1 = mesh.positions[b], p2 = mesh.positions[c];
    if (!finite(p0) || !finite(p1) || !finite(p2)) return false;
    lo = glm::min(p0, glm::min(p1, p2));
    hi = glm::max(p0, glm::max(p1, p2));
    return true;
}

/// The centre of a box, halved before the sum so that it cannot overflow.
[[nodiscard]] glm::vec3 box_centre(glm::vec3 lo, glm::vec3 hi) {
    return lo * 0.5f + hi * 0.5f;
}

class MortonBuilder {
  public:
    MortonBuilder(const MeshView& mesh, const BvhBuildOptions& options, BuildProgress* progress)
        : mesh_(mesh),
          leaf_size_(std::uint32_t(std::clamp(options.max_leaf_size, 1, 1 << 20))),
          threads_(mesh.triangle_count() >= kMinParallelMortonPass
                       ? resolve_thread_count(options.threads)
                       : 1u),
          progress_(progress) {}

    BvhStorage build() {
        BvhStorage out;
        const std::size_t n = mesh_.triangle_count();
        if (n == 0) return out;
        const Aabb centres = centre_bounds();
        if (centres.empty()) return out;  // no triangle a test can hit
        make_sorted_keys(centres);
        report(0.5f);
        if (cancelled() || count_ == 0) return {};

        nodes_ = BvhStorage::NodeArray(
            static_cast<BvhNode*>(
                allocate_large(2 * count_ * sizeof(BvhNode), alignof(BvhNode), kForBuilding)),
            BvhStorage::FreeNodes{2 * count_});
        build_tree();
        if (cancelled()) return {};

        out.nodes = std::move(nodes_);
        out.node_count = node_count_;
        out.primitive_ids.resize(count_);
        parallel_chunks(count_, threads_, [&](std::size_t begin, std::size_t end, unsigned) {
            for (std::size_t i = begin; i < end; ++i)
                out.primitive_ids[i] = morton_id_of(keys_[i]);
        });
        report(1.0f);
        return out;
    }

  private:
    [[nodiscard]] bool cancelled() const {
        return progress_ && progress_->cancel.load(std::memory_order_relaxed);
    }
    void report(float fraction) const {
        if (progress_) progress_->fraction = progress_->base + progress_->span * fraction;
    }

    /// The box of the centres of the triangles a test can hit.
    Aabb centre_bounds() const {
        std::vector<Aabb> pieces(threads_);
        parallel_chunks(mesh_.triangle_count(), threads_,
                        [&](std::size_t begin, std::size_t end, unsigned piece) {
                            Aabb box;
                            glm::vec3 lo, hi;
                            for (std::size_t i = begin; i < end; ++i)
                                if (hittable_triangle_box(mesh_, i, lo, hi))
                                    box.extend(box_centre(lo, hi));
                            pieces[piece] = box;
                        });
        Aabb all;
        for (const Aabb& piece : pieces)
            all.extend(piece);
        return all;
    }

    /// One key per triangle a test can hit, in id order, then sorted by code.
    void make_sorted_keys(const Aabb& centres) {
        const std::size_t n = mesh_.triangle_count();
        keys_ = make_morton_keys(n);
        // In double: the extent of huge coordinates overflows a float.
        const glm::dvec3 origin = centres.min;
        const glm::dvec3 extent = glm::dvec3(centres.max) - origin;
        constexpr double kCells = double(1u << kBitsPerAxis);
        glm::dvec3 scale;
        for (int axis = 0; axis < 3; ++axis)
            scale[axis] = extent[axis] > 0.0 ? kCells / extent[axis] : 0.0;
        const auto cell = [&](float c, int axis) {
            const double x = (double(c) - origin[axis]) * scale[axis];
            return std::uint32_t(std::clamp(x, 0.0, kCells - 1.0));
        };

        std::vector<std::size_t> kept(threads_, 0), starts(threads_, 0);
        parallel_chunks(n, threads_, [&](std::size_t begin, std::size_t end, unsigned piece) {
            starts[piece] = begin;
            std::size_t out = begin;
            glm::vec3 lo, hi;
            for (std::size_t i = begin; i < end; ++i) {
                if (!hittable_triangle_box(mesh_, i, lo, hi)) continue;
                const glm::vec3 c = box_centre(lo, hi);
                const std::uint32_t code = (spread_bits(cell(c.x, 0)) << 2) |
                                           (spread_bits(cell(c.y, 1)) << 1) |
                                           spread_bits(cell(c.z, 2));
                keys_[out++] = (MortonKey(code) << 32) | MortonKey(i);
            }
            kept[piece] = out - begin;
        });
        count_ = 0;
        for (unsigned piece = 0; piece < threads_; ++piece) {
            if (starts[piece] != count_ && kept[piece] > 0)
                std::memmove(&keys_[count_], &keys_[starts[piece]],
                             kept[piece] * sizeof(MortonKey));
            count_ += kept[piece];
        }
        radix_sort();
    }

    /// Least significant digit first, each pass stable: keys of equal codes stay in id order.
    void radix_sort() {
        MortonKeys spare = make_morton_keys(count_);
        const unsigned pieces = count_ >= kMinParallelMortonPass ? threads_ : 1u;
        std::vector<std::array<std::size_t, kRadixBuckets>> counts(pieces);
        for (int shift = 32; shift < 32 + kCodeBits; shift += kRadixBits) {
            const auto digit = [shift](MortonKey key) {
                return std::size_t(key >> shift) & (kRadixBuckets - 1);
            };
            parallel_chunks(count_, pieces, [&](std::size_t begin, std::size_t end, unsigned p) {
                counts[p].fill(0);
                for (std::size_t i = begin; i < end; ++i)
                    ++counts[p][digit(keys_[i])];
            });
            // A digit every key shares moves nothing.
            std::size_t largest = 0;
            for (std::size_t bucket = 0; bucket < kRadixBuckets; ++bucket) {
                std::size_t sum = 0;
                for (unsigned p = 0; p < pieces; ++p)
                    sum += counts[p][bucket];
                largest = std::max(largest, sum);
            }
            if (largest == count_) continue;
            // Each piece's first place in each bucket: buckets in order, pieces in order.
            std::size_t next = 0;
            for (std::size_t bucket = 0; bucket < kRadixBuckets; ++bucket) {
                for (unsigned p = 0; p < pieces; ++p) {
                    const std::size_t c = counts[p][bucket];
                    counts[p][bucket] = next;
                    next += c;
                }
            }
            parallel_chunks(count_, pieces, [&](std::size_t begin, std::size_t end, unsigned p) {
                std::array<std::size_t, kRadixBuckets>& place = counts[p];
                for (std::size_t i = begin; i < end; ++i)
                    spare[place[digit(keys_[i])]++] = keys_[i];
            });
            std::swap(keys_, spare);
        }
    }

    /// Where range [begin, end) (more than one leaf's keys) splits: at the first key whose code
    /// has the highest bit in which the range's codes differ, or in the middle when they are all
    /// equal; a range of a few leaves is cut into full ones.
    [[nodiscard]] std::uint32_t split(std::uint32_t begin, std::uint32_t end) const {
        // A range that eight leaves can hold is cut into as few leaves as hold it: halves for
        // two, else full leaves on the left. The codes' splits would leave many leaves part
        // full (a 1M knot's tree: 72 MB by the codes alone, 63 MB halving ranges of two leaves,
        // 50.5 MB so; rays as fast).
        const std::uint32_t n = end - begin;
        if (n <= kCutLeaves * leaf_size_) {
            const std::uint32_t leaves = (n + leaf_size_ - 1) / leaf_size_;
            return begin + (leaves <= 2 ? n / 2 : leaf_size_ * ((leaves + 1) / 2));
        }
        const std::uint32_t first = morton_code_of(keys_[begin]);
        const std::uint32_t last = morton_code_of(keys_[end - 1]);
        if (first == last) return begin + (end - begin) / 2;
        const std::uint32_t bit = std::uint32_t(1) << (31 - std::countl_zero(first ^ last));
        // The codes share every bit above `bit`, so those with it set are the later ones.
        std::uint32_t lo = begin + 1, hi = end - 1;  // the answer is in [lo, hi]
        while (lo < hi) {
            const std::uint32_t mid = lo + (hi - lo) / 2;
            if (morton_code_of(keys_[mid]) & bit)
                hi = mid;
            else
                lo = mid + 1;
        }
        return lo;
    }

    /// A subtree the threads build apart: its root's node (already placed by its parent), its
    /// keys, and the nodes below it, from `first_node` on.
    struct Piece {
        std::uint32_t node;
        std::uint32_t begin, end;
        std::uint32_t first_node = 0;
        std::uint32_t node_count = 0;  ///< below the root
    };

    /// The top of the tree here (each inner node's two children side by side, as BvhNode
    /// wants), down to pieces of at most `grain` keys; then each piece's nodes counted, given
    /// their place after the top's, and filled by the threads; then the top's boxes.
    void build_tree() {
        const std::uint32_t n = std::uint32_t(count_);
        // Small pieces so that the threads finish together (a Morton split is seldom halves).
        const std::uint32_t grain = std::max<std::uint32_t>(4096, n / (32 * threads_));
        std::vector<Piece> pieces;
        std::vector<std::uint32_t> top;  // inner nodes of the top, parents before children
        std::uint32_t next = 1;
        struct Range {
            std::uint32_t node, begin, end;
        };
        std::vector<Range> stack{{0, 0, n}};
        while (!stack.empty()) {
            const Range r = stack.back();
            stack.pop_back();
            if (r.end - r.begin <= grain) {
                pieces.push_back({r.node, r.begin, r.end});
                continue;
            }
            const std::uint32_t middle = split(r.begin, r.end);
            ::new (&nodes_[r.node]) BvhNode{Aabb{}, next, 0};  // its box once the pieces are
            top.push_back(r.node);
            stack.push_back({next + 1, middle, r.end});
            stack.push_back({next, r.begin, middle});
            next += 2;
        }
        // Pieces' sizes: their nodes below the root, counted by the same splits.
        std::atomic<std::size_t> taken{0};
        const auto each_piece = [&](auto&& work) {
            taken = 0;
            parallel_chunks(threads_, threads_, [&](std::size_t, std::size_t, unsigned) {
                for (std::size_t p; (p = taken.fetch_add(1)) < pieces.size();) {
                    if (cancelled()) return;
                    work(pieces[p]);
                }
            });
        };
        each_piece([&](Piece& piece) { piece.node_count = count_below(piece.begin, piece.end); });
        for (Piece& piece : pieces) {
            piece.first_node = next;
            next += piece.node_count;
        }
        node_count_ = next;
        each_piece([&](Piece& piece) {
            std::uint32_t cursor = piece.first_node;
            fill(piece.node, piece.begin, piece.end, cursor);
        });
        if (cancelled()) return;
        // The top's boxes, children before parents.
        for (auto it = top.rbegin(); it != top.rend(); ++it) {
            BvhNode& node = nodes_[*it];
            Aabb box = nodes_[node.first].bounds;
            box.extend(nodes_[node.first + 1].bounds);
            node.bounds = box;
        }
    }

    /// Nodes below the root of range [begin, end) (2 for each split).
    [[nodiscard]] std::uint32_t count_below(std::uint32_t begin, std::uint32_t end) const {
        if (end - begin <= leaf_size_) return 0;
        const std::uint32_t middle = split(begin, end);
        return 2 + count_below(begin, middle) + count_below(middle, end);
    }

    /// Writes node `index` for range [begin, end) and its subtree, its children's nodes taken
    /// from `cursor` on; returns its box.
    Aabb fill(std::uint32_t index, std::uint32_t begin, std::uint32_t end, std::uint32_t& cursor) {
        Aabb box;
        if (end - begin <= leaf_size_) {
            glm::vec3 lo, hi;
            for (std::uint32_t i = begin; i < end; ++i) {
                (void)hittable_triangle_box(mesh_, morton_id_of(keys_[i]), lo,
                                            hi);  // kept: it has a box
                box.extend(lo);
                box.extend(hi);
            }
            ::new (&nodes_[index]) BvhNode{box, begin, end - begin};
            return box;
        }
        const std::uint32_t middle = split(begin, end);
        const std::uint32_t children = cursor;
        cursor += 2;
        box = fill(children, begin, middle, cursor);
        box.extend(fill(children + 1, middle, end, cursor));
        ::new (&nodes_[index]) BvhNode{box, children, 0};
        return box;
    }

    const MeshView& mesh_;
    std::uint32_t leaf_size_;
    unsigned threads_;
    BuildProgress* progress_;
    MortonKeys keys_{nullptr, FreeMortonKeys{}};
    std::size_t count_ = 0;  ///< keys: the triangles a test can hit
    BvhStorage::NodeArray nodes_{nullptr, BvhStorage::FreeNodes{}};
    std::uint32_t node_count_ = 0;
};

}  // namespace

BvhStorage build_bvh_storage_morton(const MeshView& mesh, const BvhBuildOptions& options,
                                    BuildProgress* progress) {
    if (mesh.triangle_count() > std::numeric_limits<std::uint32_t>::max() / 2) return {};
    return MortonBuilder(mesh, options, progress).build();
}

}  // namespace picking
