#include "app/cli/ray_file.h"

#include "app/cli/number_file.h"

namespace app {

namespace {

picking::Ray to_ray(std::span<const float> v) {
    return {{v[0], v[1], v[2]}, {v[3], v[4], v[5]}};
}

const RecordFormat& ray_format() {
    static const RecordFormat format{
        6,
        "six",
        "OX OY OZ DX DY DZ",
        "ray",
        [](std::span<const float> v) { return picking::ray_problem(to_ray(v)); },
        kMaxRays};
    return format;
}

}  // namespace

picking::Ray parse_ray_line(const std::string& line) {
    float v[6];
    parse_record(line, ray_format(), v);
    return to_ray(v);
}

namespace {

std::vector<picking::Ray> to_rays(const std::vector<float>& values) {
    std::vector<picking::Ray> rays;
    rays.reserve(values.size() / 6);
    for (std::size_t i = 0; i < values.size(); i += 6)
        rays.push_back(to_ray(std::span<const float>(values).subspan(i, 6)));
    return rays;
}

}  // namespace

std::vector<picking::Ray> read_ray_file(const std::filesystem::path& path) {
    return to_rays(read_record_file(path, ray_format()));
}

std::vector<picking::Ray> read_ray_text(std::istream& in, const std::string& name) {
    return to_rays(read_text_records(in, name, ray_format()));
}

void write_ray_file(const std::filesystem::path& path, std::span<const picking::Ray> rays) {
    std::vector<float> values;
    values.reserve(rays.size() * 6);
    for (const picking::Ray& ray : rays)
        values.insert(values.end(), {ray.origin.x, ray.origin.y, ray.origin.z, ray.direction.x,
                                     ray.direction.y, ray.direction.z});
    write_record_file(path, values, 6);
}

std::vector<picking::Ray> parse_ray_f32(std::span<const char> bytes, const std::string& name) {
    return to_rays(parse_f32_records(bytes, name, ray_format()));
}

}  // namespace app
