#include "app/cli/number_file.h"

#include <bit>
#include <cstring>
#include <fstream>
#include <sstream>
#include <system_error>

namespace app {

namespace {

/// Reads one line (without its '\n') into `line`; false at the end of the stream. Throws when
/// the line passes kMaxRecordLineBytes, before reading the rest of it.
bool read_line(std::streambuf& in, std::string& line, std::size_t number, const std::string& name) {
    line.clear();
    bool any = false;
    for (;;) {
        const int c = in.sbumpc();
        if (c == std::char_traits<char>::eof()) return any;
        any = true;
        if (c == '\n') return true;
        if (line.size() == kMaxRecordLineBytes)
            throw NumberFileError(
                name + ":" + std::to_string(number) + ": the line is longer than " +
                std::to_string(kMaxRecordLineBytes) + " bytes (not a text file of numbers?)");
        line.push_back(char(c));
    }
}

NumberFileError too_many(const std::string& name, const RecordFormat& format) {
    return NumberFileError(name + ": more than " + std::to_string(format.max_records) + " " +
                           format.record + "s, the most a command takes");
}

NumberFileError none(const std::string& name, const RecordFormat& format) {
    return NumberFileError(name + ": holds no " + format.record + "s");
}

}  // namespace

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
    std::streambuf* buffer = in.rdbuf();
    if (buffer == nullptr) throw NumberFileError(name + ": cannot be read");
    for (std::size_t number = 1; read_line(*buffer, line, number, name); ++number) {
        const auto first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        if (values.size() / record.size() == format.max_records) throw too_many(name, format);
        try {
            parse_record(line, format, record);
        } catch (const std::invalid_argument& e) {
            throw NumberFileError(name + ":" + std::to_string(number) + ": " + e.what());
        }
        values.insert(values.end(), record.begin(), record.end());
    }
    if (values.empty()) throw none(name, format);
    return values;
}

std::vector<float> parse_f32_records(std::span<const char> bytes, const std::string& name,
                                     const RecordFormat& format) {
    static_assert(std::endian::native == std::endian::little, "f32 files are little-endian");
    const std::size_t record_bytes = std::size_t(format.count) * sizeof(float);
    if (bytes.size() % record_bytes != 0)
        throw NumberFileError(name + ": size " + std::to_string(bytes.size()) +
                              " bytes is not a multiple of " + std::to_string(record_bytes) + " (" +
                              format.count_word + " float32 per " + format.record + ")");
    if (bytes.empty()) throw none(name, format);
    if (bytes.size() / record_bytes > format.max_records) throw too_many(name, format);
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

std::vector<float> read_record_file(const std::filesystem::path& path, const RecordFormat& format) {
    const std::string name = path.string();
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        throw NumberFileError(name + ": is a directory, not a file of " + format.record + "s");
    std::ifstream file(path, std::ios::binary);
    if (!file) throw NumberFileError(name + ": cannot open the file");
    if (path.extension() != ".f32") return read_text_records(file, name, format);

    // Read in chunks, never more than the most records a command takes (a pipe or a device
    // has no size to check first).
    const std::size_t record_bytes = std::size_t(format.count) * sizeof(float);
    const std::size_t limit = format.max_records * record_bytes;
    std::vector<char> bytes;
    constexpr std::size_t kChunk = std::size_t(1) << 20;
    while (file) {
        const std::size_t at = bytes.size();
        bytes.resize(at + kChunk);
        file.read(bytes.data() + at, std::streamsize(kChunk));
        bytes.resize(at + std::size_t(file.gcount()));
        if (bytes.size() > limit) throw too_many(name, format);
    }
    if (file.bad()) throw NumberFileError(name + ": read failed");
    return parse_f32_records(bytes, name, format);
}

void write_record_file(const std::filesystem::path& path, std::span<const float> values,
                       int count) {
    std::ofstream file(path, std::ios::binary);
    if (!file) throw NumberFileError(path.string() + ": cannot write the file");
    if (path.extension() == ".f32") {
        file.write(reinterpret_cast<const char*>(values.data()),
                   std::streamsize(values.size_bytes()));
    } else {
        file.precision(9);  // enough digits to read every float back exactly
        for (std::size_t i = 0; i < values.size(); ++i)
            file << values[i] << ((i + 1) % std::size_t(count) == 0 ? '\n' : ' ');
    }
    file.close();  // flushes: a full disk shows here, not in the buffered writes above
    if (!file) throw NumberFileError(path.string() + ": write failed (disk full?)");
}

}  // namespace app
