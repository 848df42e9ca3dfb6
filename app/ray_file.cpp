#include "app/ray_file.h"

#include <bit>
#include <cstring>
#include <fstream>
#include <sstream>

namespace app {

picking::Ray parse_ray_line(const std::string& line) {
    std::istringstream in(line);
    float v[6];
    for (int i = 0; i < 6; ++i) {
        std::string token;
        if (!(in >> token))
            throw std::invalid_argument("expected six numbers (OX OY OZ DX DY DZ), found " +
                                        std::to_string(i));
        try {
            std::size_t used = 0;
            v[i] = std::stof(token, &used);
            if (used != token.size()) throw std::invalid_argument(token);
        } catch (const std::out_of_range&) {
            throw std::invalid_argument("'" + token + "' is out of float range");
        } catch (const std::invalid_argument&) {
            throw std::invalid_argument("'" + token + "' is not a number");
        }
    }
    std::string extra;
    if (in >> extra) throw std::invalid_argument("more than six numbers ('" + extra + "')");
    picking::Ray ray{{v[0], v[1], v[2]}, {v[3], v[4], v[5]}};
    if (auto problem = picking::ray_problem(ray)) throw std::invalid_argument(*problem);
    return ray;
}

std::vector<picking::Ray> read_ray_file(const std::filesystem::path& path) {
    const std::string name = path.string();
    std::ifstream file(path, std::ios::binary);
    if (!file) throw RayFileError(name + ": cannot open the file");
    std::vector<picking::Ray> rays;

    if (path.extension() == ".f32") {
        static_assert(std::endian::native == std::endian::little, "f32 files are little-endian");
        const std::string bytes((std::istreambuf_iterator<char>(file)), {});
        constexpr std::size_t kRayBytes = 6 * sizeof(float);
        if (bytes.size() % kRayBytes != 0)
            throw RayFileError(name + ": size " + std::to_string(bytes.size()) +
                               " bytes is not a multiple of 24 (six float32 per ray)");
        for (std::size_t offset = 0; offset < bytes.size(); offset += kRayBytes) {
            float v[6];
            std::memcpy(v, bytes.data() + offset, kRayBytes);
            picking::Ray ray{{v[0], v[1], v[2]}, {v[3], v[4], v[5]}};
            if (auto problem = picking::ray_problem(ray))
                throw RayFileError(name + ": ray " + std::to_string(offset / kRayBytes) + ": " +
                                   *problem);
            rays.push_back(ray);
        }
        return rays;
    }

    std::string line;
    for (std::size_t number = 1; std::getline(file, line); ++number) {
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        try {
            rays.push_back(parse_ray_line(line));
        } catch (const std::invalid_argument& e) {
            throw RayFileError(name + ":" + std::to_string(number) + ": " + e.what());
        }
    }
    return rays;
}

}  // namespace app
