#pragma once
/// Joins corners at the same position into one vertex, as they stream out of a file that gives
/// every triangle corners of its own (binary STL). One pass, a hash table of 8 bytes a slot and
/// no copy of the corners: a 10M-triangle file's 30M corners become its 5M vertices. A small
/// table of the positions added last answers most corners first: a mesh written in any order
/// with locality (strips, rows, a CAD tessellation's patches) repeats a corner within a few
/// hundred triangles, and then the big table, far out of the caches, is not looked at.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include <glm/vec3.hpp>

namespace assets {

class VertexWelder {
  public:
    /// `expected_vertices` sizes the table, which grows when more come; `most_vertices` is
    /// reserved (address space only: pages not written are never touched) so that the vertices
    /// are never copied to a larger array.
    VertexWelder(std::size_t expected_vertices, std::size_t most_vertices);

    /// The vertex at `position`: an earlier one with the same coordinates (bit for bit, with
    /// -0 and +0 the same), or a new one. Vertices are numbered in order of first appearance.
    std::uint32_t add(const glm::vec3& position);
    /// The vertex at `position` if there is one (as add() would find it), without adding it:
    /// several threads may look up at once while nobody adds.
    [[nodiscard]] std::optional<std::uint32_t> find(const glm::vec3& position) const;
    /// Starts loading the table slot `position` will look at: call it some corners ahead of
    /// add() or find(), so the table's cache misses overlap.
    void prefetch(const glm::vec3& position) const;

    [[nodiscard]] std::size_t vertex_count() const { return positions_.size(); }
    /// The vertices, in order of first appearance: the welder's last call.
    [[nodiscard]] std::vector<glm::vec3> take_positions();

    /// A position's bits, -0 as +0: what the welder tells positions apart by.
    struct Key {
        std::uint32_t x, y, z;
    };

  private:
    /// find() with the position's hash already made.
    [[nodiscard]] std::optional<std::uint32_t> lookup(const glm::vec3& position,
                                                      std::uint64_t hash) const;
    void grow();
    /// Puts `vertex` in the first free slot from its hash's.
    void place(std::uint64_t hash, std::uint32_t vertex);

    /// A position seen lately and its vertex (kNoVertex: an empty entry).
    struct Recent {
        Key key;
        std::uint32_t vertex;
    };
    static constexpr std::uint32_t kNoVertex = 0xFFFFFFFFu;
    /// The recent entry a hash maps to (its high bits; the big table's slot takes the low).
    [[nodiscard]] static std::size_t recent_slot(std::uint64_t hash);

    /// Per slot: the key's hash in the high 32 bits (with its lowest bit set, so a used slot is
    /// never 0) and the vertex in the low 32; 0 is an empty slot.
    std::vector<std::uint64_t> slots_;
    std::uint64_t mask_ = 0;
    std::vector<glm::vec3> positions_;
    /// Direct-mapped: each entry the last position added or found whose hash maps to it.
    std::vector<Recent> recent_;
};

}  // namespace assets
