#include "assets/vertex_welder.h"

#include <algorithm>
#include <bit>
#include <utility>

namespace assets {

namespace {

/// The table stays at most half full: linear probing then looks at 1.5 slots a hit on average.
constexpr std::size_t kSlotsPerVertex = 2;
constexpr std::size_t kMinSlots = 1024;
/// Entries of the recent positions' table (16 bytes each: 64 KB, in L2): the corners of the last
/// thousand or so triangles fit with few collisions.
constexpr int kRecentBits = 12;

/// -0 and +0 are one coordinate (every other bit pattern is its own, NaNs included).
std::uint32_t coordinate_bits(float value) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
    return bits == 0x80000000u ? 0u : bits;
}

using Key = VertexWelder::Key;

Key key_of(const glm::vec3& p) {
    return {coordinate_bits(p.x), coordinate_bits(p.y), coordinate_bits(p.z)};
}

/// 64 well-mixed bits: the low ones pick the slot, the high ones are kept in it.
std::uint64_t hash_of(const Key& k) {
    std::uint64_t h = (std::uint64_t(k.x) << 32 | k.y) * 0x9E3779B97F4A7C15ull;
    h ^= std::uint64_t(k.z) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    return h ^ (h >> 32);
}

std::uint64_t tag_of(std::uint64_t hash) {
    return (hash | (std::uint64_t(1) << 32)) >> 32 << 32;
}

bool same(const Key& a, const Key& b) {
    return a.x == b.x && a.y == b.y && a.z == b.z;
}

std::size_t slots_for(std::size_t vertices) {
    return std::bit_ceil(std::max(kMinSlots, vertices * kSlotsPerVertex));
}

}  // namespace

VertexWelder::VertexWelder(std::size_t expected_vertices, std::size_t most_vertices)
    : slots_(slots_for(expected_vertices), 0),
      mask_(slots_.size() - 1),
      recent_(std::size_t(1) << kRecentBits, Recent{{0, 0, 0}, kNoVertex}) {
    positions_.reserve(std::max(expected_vertices, most_vertices));
}

std::size_t VertexWelder::recent_slot(std::uint64_t hash) {
    return std::size_t(hash >> (64 - kRecentBits));
}

void VertexWelder::prefetch(const glm::vec3& position) const {
    const Key key = key_of(position);
    const std::uint64_t hash = hash_of(key);
    const Recent& recent = recent_[recent_slot(hash)];
    // Only the corners the recent table will not answer (unless a corner before it changes
    // that entry, which a prefetch need not know) look at the big table.
    if (recent.vertex == kNoVertex || !same(recent.key, key))
        __builtin_prefetch(&slots_[hash & mask_]);
}

std::optional<std::uint32_t> VertexWelder::find(const glm::vec3& position) const {
    return lookup(position, hash_of(key_of(position)));
}

std::optional<std::uint32_t> VertexWelder::lookup(const glm::vec3& position,
                                                  std::uint64_t hash) const {
    const Key key = key_of(position);
    const std::uint64_t tag = tag_of(hash);
    for (std::uint64_t slot = hash & mask_;; slot = (slot + 1) & mask_) {
        const std::uint64_t entry = slots_[slot];
        if (entry == 0) return std::nullopt;
        if ((entry & ~std::uint64_t(0xFFFFFFFF)) != tag) continue;
        const auto vertex = std::uint32_t(entry);
        if (same(key_of(positions_[vertex]), key)) return vertex;
    }
}

std::uint32_t VertexWelder::add(const glm::vec3& position) {
    const Key key = key_of(position);
    const std::uint64_t hash = hash_of(key);
    Recent& recent = recent_[recent_slot(hash)];
    if (recent.vertex != kNoVertex && same(recent.key, key)) return recent.vertex;
    std::uint32_t vertex;
    if (const std::optional<std::uint32_t> found = lookup(position, hash)) {
        vertex = *found;
    } else {
        if ((positions_.size() + 1) * kSlotsPerVertex > slots_.size()) grow();
        vertex = std::uint32_t(positions_.size());
        positions_.push_back(position);
        place(hash, vertex);
    }
    recent = {key, vertex};
    return vertex;
}

void VertexWelder::place(std::uint64_t hash, std::uint32_t vertex) {
    std::uint64_t slot = hash & mask_;
    while (slots_[slot] != 0)
        slot = (slot + 1) & mask_;
    slots_[slot] = tag_of(hash) | vertex;
}

void VertexWelder::grow() {
    std::vector<std::uint64_t>(slots_.size() * 2, 0).swap(slots_);
    mask_ = slots_.size() - 1;
    for (std::size_t v = 0; v < positions_.size(); ++v)
        place(hash_of(key_of(positions_[v])), std::uint32_t(v));
}

std::vector<glm::vec3> VertexWelder::take_positions() {
    std::vector<std::uint64_t>().swap(slots_);
    std::vector<Recent>().swap(recent_);
    mask_ = 0;
    return std::exchange(positions_, {});
}

}  // namespace assets
