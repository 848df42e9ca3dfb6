#pragma once
/// Triangles chosen per instance, one bit per triangle: what a rectangle or lasso selects and
/// what the selection tool keeps, with the set operations of Shift and Ctrl.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace picking {

/// How a new region changes the selection.
enum class SelectionOp {
    Replace,    ///< the new region alone
    Add,        ///< Shift: the old and the new
    Subtract,   ///< Ctrl: the old without the new
    Toggle,     ///< Shift+Ctrl: what is in one of them but not both
    Intersect,  ///< what is in both (visible-only keeps the seen part of a region)
};

class TriangleSet {
  public:
    TriangleSet() = default;
    /// Empty, for instances of these triangle counts.
    explicit TriangleSet(std::span<const std::size_t> triangles_per_instance);

    [[nodiscard]] std::size_t instance_count() const { return bits_.size(); }
    [[nodiscard]] std::size_t triangle_capacity(std::size_t instance) const {
        return instance < sizes_.size() ? sizes_[instance] : 0;
    }
    /// Adds a triangle (ignored past the instance's triangles). Inline: a region of a million
    /// triangles inserts each.
    void insert(std::uint32_t instance, std::uint32_t triangle) {
        if (instance >= bits_.size() || triangle >= sizes_[instance]) return;
        bits_[instance][triangle / 64] |= std::uint64_t{1} << (triangle % 64);
    }
    [[nodiscard]] bool contains(std::uint32_t instance, std::uint32_t triangle) const;
    /// Triangles of one instance, of all.
    [[nodiscard]] std::size_t count(std::uint32_t instance) const;
    [[nodiscard]] std::size_t count() const;
    /// Instances with at least one triangle.
    [[nodiscard]] std::size_t instances_with_triangles() const;
    /// The instance's bits: triangle t is bit t % 64 of word t / 64.
    [[nodiscard]] std::span<const std::uint64_t> words(std::uint32_t instance) const {
        return instance < bits_.size() ? std::span<const std::uint64_t>(bits_[instance])
                                       : std::span<const std::uint64_t>{};
    }
    /// The instance's triangles in increasing order.
    [[nodiscard]] std::vector<std::uint32_t> triangles(std::uint32_t instance) const;
    /// Calls fn(instance, triangle) for every triangle, in increasing order.
    template <typename Fn>
    void for_each(Fn&& fn) const {
        for (std::size_t i = 0; i < bits_.size(); ++i)
            for (std::size_t w = 0; w < bits_[i].size(); ++w)
                for (std::uint64_t word = bits_[i][w]; word != 0; word &= word - 1)
                    fn(std::uint32_t(i),
                       std::uint32_t(w * 64 + std::size_t(std::countr_zero(word))));
    }

    /// This set changed by `other` (of the same instances and sizes; otherwise `other` replaces
    /// it whatever `op` says: the scene changed under the old one).
    void combine(const TriangleSet& other, SelectionOp op);

    friend bool operator==(const TriangleSet&, const TriangleSet&) = default;

  private:
    std::vector<std::vector<std::uint64_t>> bits_;
    std::vector<std::size_t> sizes_;
};

}  // namespace picking
