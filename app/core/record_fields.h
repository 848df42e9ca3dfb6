#pragma once
/// What pick and selection records share (app/core/pick_record.h, selection_record.h): every
/// float written as its exact bits beside the decimal for humans, a strict reader that names
/// the bad field and refuses unknown ones, and the mismatches a replay reports.

#include <array>
#include <cstdint>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <nlohmann/json.hpp>

#include "app/core/model_identity.h"

namespace app {

/// A bad record: the message names the field ("settings.dx_det_epsilon_bits: ...").
class RecordError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// A field whose recorded and replayed values differ, each as the record writes it.
struct RecordMismatch {
    std::string field;  ///< e.g. "result.t", "pose.clip_name"
    std::string recorded;
    std::string replayed;
};

/// A record's result as (field, text) pairs, in the order the record writes them.
using RecordFields = std::vector<std::pair<std::string, std::string>>;

/// The fields whose texts differ, in `recorded`'s order, then the fields only `replayed` has;
/// a field one side lacks shows "(none)" there.
[[nodiscard]] std::vector<RecordMismatch> field_mismatches(const RecordFields& recorded,
                                                           const RecordFields& replayed);

/// "0x3f800000", "0x3ff0000000000000": the bits as a record writes them.
[[nodiscard]] std::string float_bits_text(float value);
[[nodiscard]] std::string double_bits_text(double value);
/// "0x3f800000 (1.0)": a float as a mismatch shows it.
[[nodiscard]] std::string float_text(float value);

// == Writing: `key` holds the decimal (null for infinity and NaN), `key_bits` the bits.

[[nodiscard]] nlohmann::ordered_json float_json(float value);
void put_float(nlohmann::ordered_json& j, const std::string& key, float value);
void put_double(nlohmann::ordered_json& j, const std::string& key, double value);
void put_vec2(nlohmann::ordered_json& j, const std::string& key, glm::vec2 v);
void put_vec3(nlohmann::ordered_json& j, const std::string& key, glm::vec3 v);
void put_dvec3(nlohmann::ordered_json& j, const std::string& key, glm::dvec3 v);
/// A list of points: `key` [[x, y], ...] and `key_bits` [["0x..", "0x.."], ...].
void put_vec2_list(nlohmann::ordered_json& j, const std::string& key,
                   const std::vector<glm::vec2>& points);
/// The model's path, SHA-256 (null for a built-in scene), size and reader.
[[nodiscard]] nlohmann::ordered_json model_identity_json(const ModelIdentity& model);

// == Reading

/// Reads one JSON object's fields, each once, and refuses the ones it did not read. Every
/// failure throws RecordError naming the field by its path ("camera.yaw_bits: ...").
class FieldReader {
  public:
    FieldReader(const nlohmann::json& object, std::string path);

    [[noreturn]] void fail(std::string_view key, const std::string& message) const;
    const nlohmann::json& at(std::string_view key);
    /// The object has `key` (a field newer files add; it is still read with at() and the
    /// rest).
    [[nodiscard]] bool has(std::string_view key) const { return object_.contains(key); }
    FieldReader object(std::string_view key);
    bool boolean(std::string_view key);
    std::string text(std::string_view key);
    std::optional<std::string> text_or_null(std::string_view key);
    std::uint64_t whole(std::string_view key, std::uint64_t max);
    std::uint32_t uint32(std::string_view key);
    /// "0x" and exactly `digits` hex digits: the bits of a float (8) or a double (16).
    std::uint64_t hex(std::string_view key, int digits);
    float float_value(std::string_view key);
    double double_value(std::string_view key);
    glm::vec2 vec2(std::string_view key);
    glm::vec3 vec3(std::string_view key);
    glm::dvec3 dvec3(std::string_view key);
    /// What put_vec2_list writes, at most `max` points.
    std::vector<glm::vec2> vec2_list(std::string_view key, std::size_t max);
    /// Every field read: anything else is an error (a typo would otherwise pass unnoticed).
    void finish() const;

  private:
    [[nodiscard]] std::string where() const;
    std::uint64_t bits(std::string_view key, const nlohmann::json& j, int digits) const;
    void check_float(std::string_view key, const nlohmann::json& j, float value) const;
    void check_double(std::string_view key, const nlohmann::json& j, double value) const;
    /// Element i of an array of `count` floats (8 hex digits) or doubles (16).
    double element(std::string_view key, int i, int count, int digits);

    const nlohmann::json& object_;
    std::string path_;
    std::set<std::string> read_;
};

/// One of `values`, by the name `name` gives it; an unknown word lists the known ones.
template <typename Enum, std::size_t N>
Enum enum_value(FieldReader& reader, std::string_view key, const std::array<Enum, N>& values,
                std::string_view (*name)(Enum)) {
    const std::string text = reader.text(key);
    std::string known;
    for (const Enum value : values) {
        if (name(value) == text) return value;
        known += (known.empty() ? "" : ", ") + std::string(name(value));
    }
    reader.fail(key, "unknown '" + text.substr(0, 60) + "' (known: " + known + ")");
}

/// {"record": name, "version": version}: how every record and session file begins.
[[nodiscard]] nlohmann::ordered_json record_header(std::string_view name, int version);
/// Reads what record_header wrote, refusing another kind of record or another version.
void read_record_header(FieldReader& reader, std::string_view name, int version);

/// Where a pose stands in its animation, as pick records and session files keep it.
struct ClipTime {
    int clip = -1;          ///< the clip's index; -1 for the rest pose
    std::string clip_name;  ///< its name (empty for the rest pose): another model may name its
                            ///< clips otherwise, so a replay or an opening checks it
    bool loop = true;
    double time = 0.0;  ///< the session's time in seconds (wrapped into the clip if looping)
    bool operator==(const ClipTime&) const = default;
};
/// Writes `clip`, `clip_name`, `loop` and `time` into a record's "pose" object.
void put_clip_time(nlohmann::ordered_json& pose, const ClipTime& at);
/// Reads what put_clip_time wrote: -1 or a clip index, and a finite time.
[[nodiscard]] ClipTime read_clip_time(FieldReader& pose);

/// What model_identity_json writes.
[[nodiscard]] ModelIdentity read_model_identity(FieldReader reader);

}  // namespace app
