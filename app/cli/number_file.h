#pragma once
/// Files of fixed-size records of floats, as rays (six per record) and triangle pairs
/// (eighteen) are read: text, one record per line (blank lines and lines starting with '#'
/// skipped), or, for a name ending in ".f32", raw little-endian float32 back to back.

#include <filesystem>
#include <functional>
#include <iosfwd>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace app {

/// A file that cannot be used; what() is "FILE:LINE: reason" (or "FILE: reason").
class NumberFileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// What one record is, and how errors name it.
struct RecordFormat {
    int count = 0;           ///< floats per record
    std::string count_word;  ///< "six"
    std::string fields;      ///< "OX OY OZ DX DY DZ"
    std::string record;      ///< "ray" (.f32 errors name a record by its index)
    /// Why a record that parses cannot be used (nothing: it can).
    std::function<std::optional<std::string>(std::span<const float>)> check;
    /// A file (or stream) with more records is refused before they are all read: what a
    /// command can hold, whatever the file claims or a pipe keeps sending.
    std::size_t max_records = 0;
};

/// The longest line a text file of records may have (blank and comment lines included): a
/// record is a few hundred bytes, and a file without line breaks (/dev/zero, a binary file)
/// is refused here instead of being read whole into one line.
inline constexpr std::size_t kMaxRecordLineBytes = 64 * 1024;

/// Parses exactly format.count numbers from `line` into `out`; throws std::invalid_argument
/// with the reason (not a number, out of float range, too few, too many, format.check).
void parse_record(const std::string& line, const RecordFormat& format, std::span<float> out);

/// Every record of a text stream, back to back; `name` prefixes error messages. Throws
/// NumberFileError for a bad record (naming its line), a line longer than kMaxRecordLineBytes,
/// more than format.max_records records, a read error, or no record at all.
[[nodiscard]] std::vector<float> read_text_records(std::istream& in, const std::string& name,
                                                   const RecordFormat& format);

/// Every record of raw little-endian float32 bytes (a ".f32" file's content), back to back.
/// Throws NumberFileError for a size that is not a whole number of records, more than
/// format.max_records records, none at all, or a record format.check refuses (by index).
[[nodiscard]] std::vector<float> parse_f32_records(std::span<const char> bytes,
                                                   const std::string& name,
                                                   const RecordFormat& format);

/// Every record of the file at `path` (text, or raw float32 for ".f32"), back to back. A
/// directory, an unreadable file and an empty one are errors too.
[[nodiscard]] std::vector<float> read_record_file(const std::filesystem::path& path,
                                                  const RecordFormat& format);

/// Writes records back to back as read_record_file reads them: raw float32 for ".f32", else
/// text, one record of `count` numbers per line with nine significant digits (each float reads
/// back exactly). Throws NumberFileError when the file cannot be written (a full disk too).
void write_record_file(const std::filesystem::path& path, std::span<const float> values, int count);

}  // namespace app
