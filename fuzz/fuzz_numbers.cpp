// libFuzzer harness: the number parsing of the command line and the number files. The first
// byte chooses the parser, the rest is its text: option values ("1280x720", "640,360",
// "0,0.5,0", a lone number), one line of a ray or pair file, a `knot:N` model name, and a float
// as the OBJ reader reads it. Each either refuses the text or returns what its contract
// promises; the float reader, exactly what std::from_chars returns.

#include <bit>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "app/cli/option_values.h"
#include "app/cli/pair_file.h"
#include "app/cli/ray_file.h"
#include "assets/decimal_float.h"
#include "assets/procedural/torus_knot.h"
#include "fuzz/fuzz_check.h"

namespace {

bool finite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string text(reinterpret_cast<const char*>(data) + 1, size - 1);
    switch (data[0] % 7) {
        case 0:
            if (const auto s = app::parse_size_value(text)) FUZZ_CHECK(s->x >= 0 && s->y >= 0);
            break;
        case 1:
            (void)app::parse_point_value(text);
            break;
        case 2:
            if (const auto v = app::parse_vec3_value(text)) FUZZ_CHECK(finite(*v));
            break;
        case 3: {
            // Exactly one of: a finite number, a non-finite one, not a number.
            const auto value = app::number_value(text);
            const bool is_finite = app::is_finite_number(text);
            const bool non_finite = app::is_non_finite_number(text);
            FUZZ_CHECK(!(is_finite && non_finite));
            FUZZ_CHECK(value.has_value() == (is_finite || non_finite));
            break;
        }
        case 4:
            try {
                const picking::Ray ray = app::parse_ray_line(text);
                FUZZ_CHECK(picking::ray_usable(ray));
            } catch (const std::invalid_argument&) {
            }
            try {
                (void)app::parse_pair_line(text);
            } catch (const std::invalid_argument&) {
            }
            break;
        case 5:
            if (const auto knot = assets::parse_knot_name(text)) {
                FUZZ_CHECK(assets::is_knot_name(text));
                FUZZ_CHECK(knot->triangles >= assets::kMinKnotTriangles &&
                           knot->triangles <= assets::kMaxKnotTriangles);
                FUZZ_CHECK(knot->scale >= assets::kMinKnotScale &&
                           knot->scale <= assets::kMaxKnotScale);
            }
            break;
        case 6: {
            float fast = 0.0f, oracle = 0.0f;
            const char* first = text.data();
            const char* last = first + text.size();
            const std::from_chars_result got = assets::read_float(first, last, fast);
            const std::from_chars_result want = std::from_chars(first, last, oracle);
            FUZZ_CHECK(got.ec == want.ec && got.ptr == want.ptr);
            FUZZ_CHECK(std::bit_cast<std::uint32_t>(fast) == std::bit_cast<std::uint32_t>(oracle));
            break;
        }
    }
    return 0;
}
