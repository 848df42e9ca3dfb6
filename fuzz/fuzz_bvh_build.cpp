// libFuzzer harness: both binary BVH builders (binned SAH and Morton) on hostile meshes. The
// bytes are a header (the leaf size, how many positions), the positions as raw float bits (NaN,
// infinities, denormals, the float range's ends), the triangles' indices (some past the
// positions), then rays. Each tree must hold every triangle a test can hit exactly once, in
// leaves no larger than asked, with every box exactly its contents'; and both trees must give
// each ray the closest hit that testing every triangle gives (watertight, closer_hit's rule),
// where that hit lies in its triangle's box.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

#include "fuzz/fuzz_check.h"
#include "picking/bvh/bvh.h"
#include "picking/core/finite.h"

namespace {

using picking::Aabb;
using picking::Bvh;
using picking::BvhHit;
using picking::MeshView;

/// Reads the bytes front to back; past the end every read gives zeros.
class Bytes {
  public:
    Bytes(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}
    [[nodiscard]] bool done() const { return at_ >= size_; }
    template <class T>
    T next() {
        T value{};
        const std::size_t n = at_ < size_ ? std::min(sizeof(T), size_ - at_) : 0;
        if (n > 0) std::memcpy(&value, data_ + at_, n);
        at_ += sizeof(T);
        return value;
    }

  private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t at_ = 0;
};

bool hittable(const MeshView& mesh, std::uint32_t t) {
    for (int c = 0; c < 3; ++c) {
        const std::uint32_t i = mesh.indices[3 * std::size_t(t) + std::size_t(c)];
        if (i >= mesh.positions.size() || !picking::finite(mesh.positions[i])) return false;
    }
    return true;
}

void check_sound(const Bvh& bvh, const MeshView& mesh, std::uint32_t max_leaf) {
    std::vector<int> seen(mesh.triangle_count(), 0);
    for (const std::uint32_t id : bvh.primitive_ids) {
        FUZZ_CHECK(id < mesh.triangle_count());
        ++seen[id];
    }
    for (std::uint32_t t = 0; t < mesh.triangle_count(); ++t)
        FUZZ_CHECK(seen[t] == (hittable(mesh, t) ? 1 : 0));
    for (std::size_t i = 0; i < bvh.nodes.size(); ++i) {
        const picking::BvhNode& node = bvh.nodes[i];
        Aabb contents;
        if (node.is_leaf()) {
            FUZZ_CHECK(node.count <= max_leaf);
            FUZZ_CHECK(std::size_t(node.first) + node.count <= bvh.primitive_ids.size());
            for (std::uint32_t p = node.first; p < node.first + node.count; ++p)
                contents.extend(picking::bounds_of(mesh.triangle(bvh.primitive_ids[p])));
        } else {
            FUZZ_CHECK(node.first > i && std::size_t(node.first) + 1 < bvh.nodes.size());
            contents.extend(bvh.nodes[node.first].bounds);
            contents.extend(bvh.nodes[node.first + 1].bounds);
        }
        FUZZ_CHECK(node.bounds.min == contents.min && node.bounds.max == contents.max);
    }
}

/// The closest hit of every triangle tested, by closer_hit's rule.
std::optional<BvhHit> every_triangle(const MeshView& mesh, const picking::Ray& ray) {
    std::optional<BvhHit> best;
    for (std::uint32_t t = 0; t < mesh.triangle_count(); ++t) {
        if (!hittable(mesh, t)) continue;
        const auto hit = picking::intersect_watertight(ray, mesh.triangle(t), {});
        if (hit && (!best || picking::closer_hit(hit->t, t, *best))) best = BvhHit{t, *hit};
    }
    return best;
}

/// Whether the hit's point lies in its triangle's box, exactly: o + t d is a double-double (t d
/// is exact in double, and two-sum keeps what the sum rounds away). Watertight may report a hit
/// a rounding away from its triangle (a ray starting a denormal's breadth off a corner, or on a
/// box's face and leaving it, at t = 0 or a denormal t): no tree of the triangles' boxes promises
/// to find such a hit.
bool in_its_box(const MeshView& mesh, const picking::Ray& ray, const BvhHit& hit) {
    const Aabb box = picking::bounds_of(mesh.triangle(hit.triangle));
    for (int a = 0; a < 3; ++a) {
        const double o = double(ray.origin[a]);
        const double p = double(hit.hit.t) * double(ray.direction[a]);  // exact
        const double sum = o + p;
        const double rest = (o - (sum - (sum - o))) + (p - (sum - o));  // two-sum: o + p - sum
        const double lo = double(box.min[a]), hi = double(box.max[a]);
        const bool above_lo = sum > lo || (sum == lo && rest >= 0.0);
        const bool below_hi = sum < hi || (sum == hi && rest <= 0.0);
        if (!above_lo || !below_hi) return false;
    }
    return true;
}

void check_same_hit(const std::optional<BvhHit>& got, const std::optional<BvhHit>& want) {
    FUZZ_CHECK(got.has_value() == want.has_value());
    if (!got) return;
    FUZZ_CHECK(got->triangle == want->triangle);
    FUZZ_CHECK(std::memcmp(&got->hit.t, &want->hit.t, sizeof(float)) == 0);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    Bytes bytes(data, size);
    const int leaf = 1 + bytes.next<std::uint8_t>() % 8;
    const std::size_t position_count = bytes.next<std::uint8_t>() % 64;
    std::vector<glm::vec3> positions(position_count);
    for (glm::vec3& p : positions)
        p = {bytes.next<float>(), bytes.next<float>(), bytes.next<float>()};
    const std::size_t triangle_count = bytes.next<std::uint8_t>() % 96;
    std::vector<std::uint32_t> indices(3 * triangle_count);
    for (std::uint32_t& i : indices)  // a few past the positions
        i = bytes.next<std::uint8_t>() % std::uint32_t(position_count + 2);
    const MeshView mesh{positions, indices};

    picking::BvhBuildOptions sah, morton;
    sah.max_leaf_size = morton.max_leaf_size = leaf;
    sah.threads = morton.threads = 1;
    morton.method = picking::BvhBuildMethod::Morton;
    const Bvh a = picking::build_bvh(mesh, sah);
    const Bvh b = picking::build_bvh(mesh, morton);
    check_sound(a, mesh, std::uint32_t(leaf));
    check_sound(b, mesh, std::uint32_t(leaf));

    for (int r = 0; r < 8 && !bytes.done(); ++r) {
        picking::Ray ray;
        ray.origin = {bytes.next<float>(), bytes.next<float>(), bytes.next<float>()};
        ray.direction = {bytes.next<float>(), bytes.next<float>(), bytes.next<float>()};
        if (picking::ray_problem(ray)) continue;  // the pick refuses these before any tree
        const auto want = every_triangle(mesh, ray);
        if (want && !in_its_box(mesh, ray, *want)) continue;
        check_same_hit(picking::raycast_closest(a, mesh, ray, picking::intersect_watertight, {}),
                       want);
        check_same_hit(picking::raycast_closest(b, mesh, ray, picking::intersect_watertight, {}),
                       want);
    }
    return 0;
}
