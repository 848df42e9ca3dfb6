#pragma once
/// CGAL's exact triangle–triangle test, behind a header that does not include CGAL: the oracle
/// of peers/cgal/tri_tri_cgal_test.cpp and the peer of bench/tri_tri_bench.cpp.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "picking/tritri/triangle_triangle.h"

namespace oracle {

/// CGAL::do_intersect on Exact_predicates_inexact_constructions_kernel triangles (the float
/// corners converted to double exactly). CGAL requires non-degenerate triangles: a zero-area
/// or non-finite one gives false, as in picking's convention.
[[nodiscard]] bool cgal_triangles_intersect(const picking::Triangle& v, const picking::Triangle& q);

/// Pairs converted to CGAL triangles once, so a benchmark times do_intersect alone.
class CgalTrianglePairs {
  public:
    explicit CgalTrianglePairs(std::span<const picking::TrianglePair> pairs);
    ~CgalTrianglePairs();
    CgalTrianglePairs(const CgalTrianglePairs&) = delete;
    CgalTrianglePairs& operator=(const CgalTrianglePairs&) = delete;

    /// out[i] = do_intersect(pair i) for the pairs [first, first + out.size()); returns how many
    /// intersect.
    std::size_t intersect(std::size_t first, std::span<std::uint8_t> out) const;
    [[nodiscard]] std::size_t size() const;

  private:
    struct Data;
    std::unique_ptr<Data> data_;
};

}  // namespace oracle
