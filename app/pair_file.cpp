#include "app/pair_file.h"

#include <bit>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

namespace app {

namespace {
constexpr int kNumbers = 18;
}

picking::TrianglePair parse_pair_line(const std::string& line) {
    std::istringstream in(line);
    float v[kNumbers];
    for (int i = 0; i < kNumbers; ++i) {
        std::string token;
        if (!(in >> token))
            throw std::invalid_argument("expected eighteen numbers (V0 V1 V2 Q0 Q1 Q2), found " +
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
    if (in >> extra) throw std::invalid_argument("more than eighteen numbers ('" + extra + "')");
    picking::TrianglePair pair;
    std::memcpy(&pair, v, sizeof pair);
    return pair;
}

std::vector<picking::TrianglePair> read_pair_text(std::istream& in, const std::string& name) {
    std::vector<picking::TrianglePair> pairs;
    std::string line;
    for (std::size_t number = 1; std::getline(in, line); ++number) {
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        try {
            pairs.push_back(parse_pair_line(line));
        } catch (const std::invalid_argument& e) {
            throw PairFileError(name + ":" + std::to_string(number) + ": " + e.what());
        }
    }
    return pairs;
}

std::vector<picking::TrianglePair> read_pair_file(const std::filesystem::path& path) {
    if (path == "-") return read_pair_text(std::cin, "<stdin>");
    const std::string name = path.string();
    std::ifstream file(path, std::ios::binary);
    if (!file) throw PairFileError(name + ": cannot open the file");
    if (path.extension() != ".f32") return read_pair_text(file, name);

    static_assert(std::endian::native == std::endian::little, "f32 files are little-endian");
    static_assert(sizeof(picking::TrianglePair) == kNumbers * sizeof(float));
    const std::string bytes((std::istreambuf_iterator<char>(file)), {});
    constexpr std::size_t kPairBytes = sizeof(picking::TrianglePair);
    if (bytes.size() % kPairBytes != 0)
        throw PairFileError(name + ": size " + std::to_string(bytes.size()) +
                            " bytes is not a multiple of 72 (eighteen float32 per pair)");
    std::vector<picking::TrianglePair> pairs(bytes.size() / kPairBytes);
    std::memcpy(pairs.data(), bytes.data(), bytes.size());
    return pairs;
}

void write_pair_file(const std::filesystem::path& path,
                     const std::vector<picking::TrianglePair>& pairs) {
    std::ofstream file(path, std::ios::binary);
    if (!file) throw PairFileError(path.string() + ": cannot write the file");
    if (path.extension() == ".f32") {
        file.write(reinterpret_cast<const char*>(pairs.data()),
                   std::streamsize(pairs.size() * sizeof(picking::TrianglePair)));
    } else {
        file.precision(9);  // enough digits to read every float back exactly
        for (const auto& pair : pairs) {
            float v[kNumbers];
            std::memcpy(v, &pair, sizeof pair);
            for (int i = 0; i < kNumbers; ++i)
                file << v[i] << (i + 1 < kNumbers ? ' ' : '\n');
        }
    }
    if (!file) throw PairFileError(path.string() + ": write failed");
}

}  // namespace app
