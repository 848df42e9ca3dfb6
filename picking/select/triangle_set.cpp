#include "picking/select/triangle_set.h"

#include <bit>

namespace picking {

TriangleSet::TriangleSet(std::span<const std::size_t> triangles_per_instance)
    : sizes_(triangles_per_instance.begin(), triangles_per_instance.end()) {
    bits_.resize(sizes_.size());
    for (std::size_t i = 0; i < sizes_.size(); ++i)
        bits_[i].assign((sizes_[i] + 63) / 64, 0);
}

bool TriangleSet::contains(std::uint32_t instance, std::uint32_t triangle) const {
    if (instance >= bits_.size() || triangle >= sizes_[instance]) return false;
    return (bits_[instance][triangle / 64] >> (triangle % 64)) & 1u;
}

std::size_t TriangleSet::count(std::uint32_t instance) const {
    if (instance >= bits_.size()) return 0;
    std::size_t n = 0;
    for (const std::uint64_t word : bits_[instance])
        n += std::size_t(std::popcount(word));
    return n;
}

std::size_t TriangleSet::count() const {
    std::size_t n = 0;
    for (std::uint32_t i = 0; i < bits_.size(); ++i)
        n += count(i);
    return n;
}

std::size_t TriangleSet::instances_with_triangles() const {
    std::size_t n = 0;
    for (std::uint32_t i = 0; i < bits_.size(); ++i)
        n += count(i) > 0;
    return n;
}

std::vector<std::uint32_t> TriangleSet::triangles(std::uint32_t instance) const {
    std::vector<std::uint32_t> out;
    if (instance >= bits_.size()) return out;
    out.reserve(count(instance));
    const std::vector<std::uint64_t>& words = bits_[instance];
    for (std::size_t w = 0; w < words.size(); ++w)
        for (std::uint64_t word = words[w]; word != 0; word &= word - 1)
            out.push_back(std::uint32_t(w * 64 + std::size_t(std::countr_zero(word))));
    return out;
}

void TriangleSet::combine(const TriangleSet& other, SelectionOp op) {
    if (op == SelectionOp::Replace || sizes_ != other.sizes_) {
        *this = other;
        return;
    }
    for (std::size_t i = 0; i < bits_.size(); ++i)
        for (std::size_t w = 0; w < bits_[i].size(); ++w) {
            std::uint64_t& mine = bits_[i][w];
            const std::uint64_t theirs = other.bits_[i][w];
            switch (op) {
                case SelectionOp::Add:
                    mine |= theirs;
                    break;
                case SelectionOp::Subtract:
                    mine &= ~theirs;
                    break;
                case SelectionOp::Toggle:
                    mine ^= theirs;
                    break;
                case SelectionOp::Intersect:
                    mine &= theirs;
                    break;
                case SelectionOp::Replace:
                    break;
            }
        }
}

}  // namespace picking
