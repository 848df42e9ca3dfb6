// CGAL::do_intersect(Triangle_3, Triangle_3) with Exact_predicates_inexact_constructions_kernel:
// filtered exact predicates, the reference answer for float input.

#include "peers/cgal/cgal_tri_tri.h"

#include <cmath>
#include <vector>

#include <CGAL/Exact_predicates_inexact_constructions_kernel.h>
#include <CGAL/intersections.h>

namespace oracle {

namespace {

using Kernel = CGAL::Exact_predicates_inexact_constructions_kernel;

Kernel::Point_3 point(glm::vec3 p) {
    return {double(p.x), double(p.y), double(p.z)};
}

bool finite(const picking::Triangle& t) {
    for (glm::vec3 p : {t.p0, t.p1, t.p2})
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return false;
    return true;
}

/// The CGAL triangle, or a degenerate marker (CGAL's do_intersect requires area).
struct Prepared {
    Kernel::Triangle_3 v, q;
    bool usable = false;
};

Prepared prepare(const picking::TrianglePair& pair) {
    Prepared p;
    if (!finite(pair.v) || !finite(pair.q)) return p;
    p.v = {point(pair.v.p0), point(pair.v.p1), point(pair.v.p2)};
    p.q = {point(pair.q.p0), point(pair.q.p1), point(pair.q.p2)};
    p.usable = !p.v.is_degenerate() && !p.q.is_degenerate();
    return p;
}

}  // namespace

bool cgal_triangles_intersect(const picking::Triangle& v, const picking::Triangle& q) {
    const Prepared p = prepare({v, q});
    return p.usable && CGAL::do_intersect(p.v, p.q);
}

struct CgalTrianglePairs::Data {
    std::vector<Prepared> pairs;
};

CgalTrianglePairs::CgalTrianglePairs(std::span<const picking::TrianglePair> pairs)
    : data_(std::make_unique<Data>()) {
    data_->pairs.reserve(pairs.size());
    for (const auto& pair : pairs)
        data_->pairs.push_back(prepare(pair));
}

CgalTrianglePairs::~CgalTrianglePairs() = default;

std::size_t CgalTrianglePairs::intersect(std::size_t first, std::span<std::uint8_t> out) const {
    std::size_t count = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
        const Prepared& p = data_->pairs[first + i];
        const bool hit = p.usable && CGAL::do_intersect(p.v, p.q);
        out[i] = hit ? 1 : 0;
        count += hit ? 1 : 0;
    }
    return count;
}

std::size_t CgalTrianglePairs::size() const {
    return data_->pairs.size();
}

}  // namespace oracle
