// libFuzzer harness: ray files as `raypick pick --rays` and `bench --rays` read them. The first
// byte chooses the form (even: text, odd: raw float32 as for a ".f32" name); the rest is the
// file. A file is either refused with RayFileError or gives rays every command can cast.

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "app/cli/ray_file.h"
#include "fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const bool f32 = (data[0] & 1) != 0;
    const std::string bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
    try {
        std::vector<picking::Ray> rays;
        if (f32) {
            rays = app::parse_ray_f32(bytes, "fuzz.f32");
        } else {
            std::istringstream in(bytes);
            rays = app::read_ray_text(in, "fuzz.txt");
        }
        FUZZ_CHECK(!rays.empty());
        FUZZ_CHECK(rays.size() <= app::kMaxRays);
        for (const picking::Ray& ray : rays)
            FUZZ_CHECK(picking::ray_usable(ray) && !picking::ray_problem(ray));
    } catch (const app::RayFileError&) {
    }
    return 0;
}
