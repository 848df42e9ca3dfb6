// libFuzzer harness: triangle-pair files as `raypick tritri --pairs` reads them (text, or raw
// float32 when the first byte is odd), then what tritri does with each pair: every
// triangle–triangle algorithm and seed 003's case. Pairs may be degenerate or non-finite: the
// algorithms owe them a defined answer, not a crash.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "app/cli/pair_file.h"
#include "fuzz/fuzz_check.h"
#include "picking/tritri/triangle_pair_case.h"

namespace {

bool finite_triangle(const picking::Triangle& t) {
    for (const glm::vec3& p : {t.p0, t.p1, t.p2})
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return false;
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const bool f32 = (data[0] & 1) != 0;
    const std::string bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
    std::vector<picking::TrianglePair> pairs;
    try {
        if (f32) {
            pairs = app::parse_pair_f32(bytes, "fuzz.f32");
        } else {
            std::istringstream in(bytes);
            pairs = app::read_pair_text(in, "fuzz.txt");
        }
    } catch (const app::PairFileError&) {
        return 0;
    }
    FUZZ_CHECK(!pairs.empty());
    FUZZ_CHECK(pairs.size() <= app::kMaxPairs);
    // A few dozen pairs reach every algorithm and every SIMD lane: keep each run fast.
    const std::span<const picking::TrianglePair> some(pairs.data(),
                                                      std::min<std::size_t>(pairs.size(), 40));
    std::vector<std::uint8_t> scalar(some.size());
    for (std::size_t i = 0; i < some.size(); ++i) {
        const picking::TrianglePair& pair = some[i];
        (void)picking::classify_triangle_pair(pair.v, pair.q);
        const bool finite = finite_triangle(pair.v) && finite_triangle(pair.q);
        for (const picking::TriTriAlgorithm& algorithm : picking::kTriTriAlgorithms) {
            const bool hit = algorithm.intersects(pair.v, pair.q);
            // The table's promise: a non-finite triangle intersects nothing, and the contact
            // function decides as the test does.
            FUZZ_CHECK(finite || !hit);
            FUZZ_CHECK(algorithm.contact(pair.v, pair.q).has_value() == hit);
            if (algorithm.method == picking::TriTriMethod::Moller97) scalar[i] = hit ? 1 : 0;
        }
    }
    // The SIMD batch answers exactly what the scalar function answers, on every path.
    for (const picking::Isa isa :
         {picking::Isa::Scalar, picking::Isa::Avx2, picking::Isa::Avx512}) {
        std::vector<std::uint8_t> batch(some.size(), 2);
        (void)picking::intersect_batch_moller97(some, batch, isa);
        FUZZ_CHECK(batch == scalar);
    }
    return 0;
}
