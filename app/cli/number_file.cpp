#include "app/cli/number_file.h"

#include <bit>
#include <cstring>
#include <fstream>
#include <sstream>

namespace app {

void parse_record(const std::string& line, const RecordFormat& format, std::span<float> out) {
    std::istringstream in(line);
    for (int i = 0; i < format.count; ++i) {
        std::string token;
        if (!(in >> token))
            throw std::invalid_argument("expected " + format.count_word + " numbers (" +
                                        format.fields + "), found " + std::to_string(i));
        try {
            std::size_t used = 0;
            out[std::size_t(i)] = std::stof(token, &used);
            if (used != token.size()) throw std::invalid_argument(token);
        } catch (const std::out_of_range&) {
            throw std::invalid_argument("'" + token + "' is out of float range");
        } catch (const std::invalid_argument&) {
            throw std::invalid_argument("'" + token + "' is not a number");
        }
    }
    std::string extra;
    if (in >> extra)
        throw std::invalid_argument("more than " + format.count_word + " numbers ('" + extra +
                                    "')");
    if (format.check)
        if (auto problem = format.check(out.first(std::size_t(format.count))))
            throw std::invalid_argument(*problem);
}

std::vector<float> read_text_records(std::istream& in, const std::string& name,
                                     const RecordFormat& format) {
    std::vector<float> values;
    std::vector<float> record(std::size_t(format.count));
    std::string line;
    for (std::size_t number = 1; std::getline(in, line); ++number) {
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        try {
            parse_record(line, format, record);
        } catch (const std::invalid_argument& e) {
            throw NumberFileError(name + ":" + std::to_string(number) + ": " + e.what());
        }
        values.insert(values.end(), record.begin(), record.end());
    }
    return values;
}

std::vector<float> read_record_file(const std::filesystem::path& path, const RecordFormat& format) {
    const std::string name = path.string();
    std::ifstream file(path, std::ios::binary);
    if (!file) throw NumberFileError(name + ": cannot open the file");
    if (path.extension() != ".f32") return read_text_records(file, name, format);

    static_assert(std::endian::native == std::endian::little, "f32 files are little-endian");
    const std::string bytes((std::istreambuf_iterator<char>(file)), {});
    const std::size_t record_bytes = std::size_t(format.count) * sizeof(float);
    if (bytes.size() % record_bytes != 0)
        throw NumberFileError(name + ": size " + std::to_string(bytes.size()) +
                              " bytes is not a multiple of " + std::to_string(record_bytes) + " (" +
                              format.count_word + " float32 per " + format.record + ")");
    std::vector<float> values(bytes.size() / sizeof(float));
    std::memcpy(values.data(), bytes.data(), bytes.size());
    if (format.check)
        for (std::size_t i = 0; i < values.size(); i += std::size_t(format.count))
            if (auto problem = format.check(
                    std::span<const float>(values).subspan(i, std::size_t(format.count))))
                throw NumberFileError(name + ": " + format.record + " " +
                                      std::to_string(i / std::size_t(format.count)) + ": " +
                                      *problem);
    return values;
}

}  // namespace app
