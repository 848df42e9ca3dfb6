#include "app/cli/pair_file.h"

#include <cstring>
#include <iostream>

namespace app {

namespace {

constexpr int kNumbers = 18;
static_assert(sizeof(picking::TrianglePair) == kNumbers * sizeof(float));

const RecordFormat& pair_format() {
    static const RecordFormat format{kNumbers, "eighteen", "V0 V1 V2 Q0 Q1 Q2",
                                     "pair",   {},         kMaxPairs};
    return format;
}

std::vector<picking::TrianglePair> to_pairs(const std::vector<float>& values) {
    std::vector<picking::TrianglePair> pairs(values.size() / kNumbers);
    std::memcpy(pairs.data(), values.data(), pairs.size() * sizeof(picking::TrianglePair));
    return pairs;
}

}  // namespace

picking::TrianglePair parse_pair_line(const std::string& line) {
    float v[kNumbers];
    parse_record(line, pair_format(), v);
    picking::TrianglePair pair;
    std::memcpy(&pair, v, sizeof pair);
    return pair;
}

std::vector<picking::TrianglePair> read_pair_text(std::istream& in, const std::string& name) {
    return to_pairs(read_text_records(in, name, pair_format()));
}

std::vector<picking::TrianglePair> parse_pair_f32(std::span<const char> bytes,
                                                  const std::string& name) {
    return to_pairs(parse_f32_records(bytes, name, pair_format()));
}

std::vector<picking::TrianglePair> read_pair_file(const std::filesystem::path& path) {
    if (path == "-") return read_pair_text(std::cin, "<stdin>");
    return to_pairs(read_record_file(path, pair_format()));
}

void write_pair_file(const std::filesystem::path& path,
                     const std::vector<picking::TrianglePair>& pairs) {
    std::vector<float> values(pairs.size() * kNumbers);
    std::memcpy(values.data(), pairs.data(), values.size() * sizeof(float));
    write_record_file(path, values, kNumbers);
}

}  // namespace app
