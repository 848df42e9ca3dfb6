#include "app/core/triangle_lab.h"

#include <algorithm>
#include <random>

#include <glm/common.hpp>

#include "picking/studies/triangle_pair_generator.h"
#include "picking/tritri/triangle_pair_distance.h"

namespace app {

namespace {

const picking::Triangle kV{{0, 0, 0}, {4, 0, 0}, {0, 4, 0}};

template <class Pair>
auto* corner_slot(Pair& pair, int i) {
    auto& t = i < 3 ? pair.v : pair.q;
    const int k = std::clamp(i, 0, 5) % 3;
    return k == 0 ? &t.p0 : k == 1 ? &t.p1 : &t.p2;
}

}  // namespace

picking::TrianglePair lab_preset_pair(picking::TriTriCase id) {
    using C = picking::TriTriCase;
    switch (id) {
        case C::ParallelNotCoplanar:
            return {kV, {{0, 0, 1}, {4, 0, 1}, {0, 4, 1}}};
        case C::CoplanarDisjoint:
            return {kV, {{5, 5, 0}, {8, 5, 0}, {5, 8, 0}}};
        case C::CoplanarVertexInside:
            return {kV, {{1, 1, 0}, {6, 1, 0}, {1, 6, 0}}};
        case C::CoplanarContainment:
            return {kV, {{-1, -1, 0}, {9, -1, 0}, {-1, 9, 0}}};
        case C::DisjointNoCrossing:
            return {kV, {{1, 1, 1}, {2, 1, 3}, {1, 2, 2}}};
        case C::DisjointOneCrossing:
            return {kV, {{5, 5, 0}, {6, 5, 2}, {5, 6, 1}}};
        case C::DisjointTwoCrossings:
            return {kV, {{5, 5, -1}, {6, 5, 1}, {5, 6, 1}}};
        case C::IntersectPointInside:
            return {kV, {{1, 1, -1}, {1, 1, 1}, {2, 2, 1}}};
        case C::IntersectNoPointInside:
            return {kV, {{-10, 1, -1}, {10, 1, -1}, {0, 1, 5}}};
        case C::Degenerate:
            break;
    }
    return {kV, {{1, 1, -1}, {1, 1, 1}, {1, 1, 3}}};  // a zero-area Q
}

TriangleLab::TriangleLab() {
    load_preset(picking::TriTriCase::IntersectPointInside);
}

glm::vec3 TriangleLab::corner(int i) const {
    return *corner_slot(pair_, i);
}

void TriangleLab::set_corner(int i, glm::vec3 p) {
    glm::vec3* slot = corner_slot(pair_, i);
    if (*slot == p) return;
    *slot = p;
    preset_.reset();
    evaluate();
}

void TriangleLab::set_pair(const picking::TrianglePair& pair) {
    pair_ = pair;
    preset_.reset();
    evaluate();
}

void TriangleLab::swap_triangles() {
    std::swap(pair_.v, pair_.q);
    preset_.reset();
    evaluate();
}

void TriangleLab::load_preset(picking::TriTriCase id) {
    pair_ = lab_preset_pair(id);
    preset_ = id;
    evaluate();
}

void TriangleLab::load_random(picking::TriTriCase id, std::uint64_t n) {
    std::mt19937_64 rng(0x1ab0000 + n);
    pair_ = picking::generate_case_pair(id, rng);
    preset_.reset();
    evaluate();
}

std::pair<glm::vec3, glm::vec3> TriangleLab::bounds() const {
    glm::vec3 lo = pair_.v.p0, hi = pair_.v.p0;
    for (int i = 0; i < 6; ++i) {
        const glm::vec3 c = corner(i);
        if (!(c.x == c.x && c.y == c.y && c.z == c.z)) continue;  // skip NaN corners
        lo = glm::min(lo, c);
        hi = glm::max(hi, c);
    }
    return {lo, hi};
}

void TriangleLab::evaluate() {
    const picking::Triangle& v = pair_.v;
    const picking::Triangle& q = pair_.q;
    report_.exact_case = picking::classify_triangle_pair(v, q);
    report_.distance_to_touching = report_.exact_case == picking::TriTriCase::Degenerate
                                       ? 0.0
                                       : picking::distance_to_touching(v, q);
    for (std::size_t a = 0; a < picking::kTriTriAlgorithms.size(); ++a) {
        report_.answers[a].algorithm = &picking::kTriTriAlgorithms[a];
        report_.answers[a].contact = picking::kTriTriAlgorithms[a].contact(v, q);
    }
    report_.seed003 = picking::trace_seed003(v, q);
    report_.moller97 = picking::trace_moller97(v, q);
    report_.guigue_devillers = picking::trace_guigue_devillers(v, q);
}

}  // namespace app
