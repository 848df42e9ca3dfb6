// Mesh–mesh contact: BVH against BVH for the candidate triangle pairs (bvh.h's
// overlapping_pairs, b's boxes carried into a's space), then every candidate decided in world
// space by a triangle–triangle algorithm, through its batch function (SIMD for moller97).

#include "picking/tritri/mesh_contact.h"

#include <algorithm>

namespace picking {

namespace {

Triangle to_world(const Triangle& t, const glm::mat4& m) {
    const auto move = [&](glm::vec3 p) { return glm::vec3(m * glm::vec4(p, 1.0f)); };
    return {move(t.p0), move(t.p1), move(t.p2)};
}

/// Decides the candidates in batches and keeps the intersecting ones with their contacts.
class Decider {
  public:
    Decider(const PlacedMesh& a, const PlacedMesh& b, const TriTriAlgorithm& algorithm,
            std::size_t limit, MeshContacts& out)
        : a_(a), b_(b), algorithm_(algorithm), limit_(limit), out_(out) {}

    void add(std::uint32_t tri_a, std::uint32_t tri_b) {
        ids_.push_back({tri_a, tri_b});
        pairs_.push_back({to_world(a_.mesh.triangle(tri_a), a_.world_from_mesh),
                          to_world(b_.mesh.triangle(tri_b), b_.world_from_mesh)});
        if (pairs_.size() == kBatch) flush();
    }

    void flush() {
        if (pairs_.empty()) return;
        answers_.resize(pairs_.size());
        out_.stats.candidate_pairs += pairs_.size();
        out_.stats.intersecting_pairs += algorithm_.batch(pairs_, answers_);
        for (std::size_t i = 0; i < pairs_.size(); ++i) {
            if (!answers_[i]) continue;
            if (out_.pairs.size() >= limit_) {
                out_.truncated = true;
                continue;
            }
            // The segment: the same algorithm's contact (same answer, by construction).
            const auto contact = algorithm_.contact(pairs_[i].v, pairs_[i].q);
            out_.pairs.push_back({ids_[i].first, ids_[i].second, pairs_[i].v, pairs_[i].q,
                                  contact.value_or(TriangleContact{})});
        }
        ids_.clear();
        pairs_.clear();
    }

  private:
    static constexpr std::size_t kBatch = 1024;
    const PlacedMesh& a_;
    const PlacedMesh& b_;
    const TriTriAlgorithm& algorithm_;
    std::size_t limit_;
    MeshContacts& out_;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> ids_;
    std::vector<TrianglePair> pairs_;
    std::vector<std::uint8_t> answers_;
};

}  // namespace

MeshContacts mesh_contacts(const PlacedMesh& a, const PlacedMesh& b,
                           const TriTriAlgorithm& algorithm, std::size_t limit) {
    MeshContacts out;
    if (!a.bvh || !b.bvh || a.bvh->empty() || b.bvh->empty()) return out;
    Decider decider(a, b, algorithm, limit, out);
    const glm::mat4 a_from_b = glm::inverse(a.world_from_mesh) * b.world_from_mesh;
    overlapping_pairs(*a.bvh, a.mesh, *b.bvh, b.mesh, a_from_b,
                      [&](std::uint32_t tri_a, std::uint32_t tri_b) {
                          decider.add(tri_a, tri_b);
                          return true;
                      });
    decider.flush();
    return out;
}

MeshContacts mesh_contacts_brute_force(const PlacedMesh& a, const PlacedMesh& b,
                                       const TriTriAlgorithm& algorithm) {
    MeshContacts out;
    Decider decider(a, b, algorithm, std::size_t(-1), out);
    for (std::uint32_t i = 0; i < a.mesh.triangle_count(); ++i)
        for (std::uint32_t j = 0; j < b.mesh.triangle_count(); ++j)
            decider.add(i, j);
    decider.flush();
    return out;
}

}  // namespace picking
