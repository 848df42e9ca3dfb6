#include "app/cli/record_file.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace app {

namespace {

/// The most a record file may hold: a record is a few KiB, so this is a million of them.
constexpr std::uintmax_t kMaxRecordFileBytes = std::uintmax_t(4) << 30;

}  // namespace

std::optional<std::string> open_record_output(const std::string& path, std::ofstream& out) {
    std::error_code error;
    if (!std::filesystem::is_directory(path, error))
        out.open(path, std::ios::binary | std::ios::trunc);
    if (!out) return path + ": cannot write it";
    return std::nullopt;
}

std::optional<std::string> read_record_text(const std::string& path, std::string& text) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) return path + ": is a directory";
    std::ifstream in(path, std::ios::binary);
    if (!in) return path + ": cannot open it";
    const auto size = std::filesystem::file_size(path, error);
    if (!error && size > kMaxRecordFileBytes) return path + ": larger than 4 GiB";
    std::ostringstream buffer;
    buffer << in.rdbuf();
    if (in.bad()) return path + ": reading it failed";
    text = buffer.str();
    return std::nullopt;
}

nlohmann::ordered_json mismatches_json(const std::vector<RecordMismatch>& mismatches) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const RecordMismatch& m : mismatches)
        list.push_back({{"field", m.field}, {"recorded", m.recorded}, {"replayed", m.replayed}});
    return list;
}

nlohmann::ordered_json sha256_json(const std::optional<std::string>& sha256) {
    return sha256 ? nlohmann::ordered_json(*sha256) : nlohmann::ordered_json(nullptr);
}

}  // namespace app
