#include "app/core/record_fields.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <limits>

namespace app {

namespace {
using Json = nlohmann::ordered_json;
}

std::vector<RecordMismatch> field_mismatches(const RecordFields& recorded,
                                             const RecordFields& replayed) {
    const auto find = [](const RecordFields& fields,
                         const std::string& name) -> const std::string* {
        for (const auto& [field, text] : fields)
            if (field == name) return &text;
        return nullptr;
    };
    std::vector<RecordMismatch> mismatches;
    for (const auto& [field, text] : recorded) {
        const std::string* other = find(replayed, field);
        if (!other || *other != text)
            mismatches.push_back({field, text, other ? *other : "(none)"});
    }
    for (const auto& [field, text] : replayed)
        if (!find(recorded, field)) mismatches.push_back({field, "(none)", text});
    return mismatches;
}

std::string float_bits_text(float value) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%08x", std::bit_cast<std::uint32_t>(value));
    return text;
}

std::string double_bits_text(double value) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%016llx",
                  static_cast<unsigned long long>(std::bit_cast<std::uint64_t>(value)));
    return text;
}

std::string float_text(float value) {
    return float_bits_text(value) + " (" + float_json(value).dump() + ")";
}

// == Writing

Json float_json(float value) {
    return std::isfinite(value) ? Json(double(value)) : Json(nullptr);  // JSON has no inf, NaN
}
void put_float(Json& j, const std::string& key, float value) {
    j[key] = float_json(value);
    j[key + "_bits"] = float_bits_text(value);
}
void put_double(Json& j, const std::string& key, double value) {
    j[key] = std::isfinite(value) ? Json(value) : Json(nullptr);
    j[key + "_bits"] = double_bits_text(value);
}
void put_vec2(Json& j, const std::string& key, glm::vec2 v) {
    j[key] = {float_json(v.x), float_json(v.y)};
    j[key + "_bits"] = {float_bits_text(v.x), float_bits_text(v.y)};
}
void put_vec3(Json& j, const std::string& key, glm::vec3 v) {
    j[key] = {float_json(v.x), float_json(v.y), float_json(v.z)};
    j[key + "_bits"] = {float_bits_text(v.x), float_bits_text(v.y), float_bits_text(v.z)};
}
void put_dvec3(Json& j, const std::string& key, glm::dvec3 v) {
    j[key] = {v.x, v.y, v.z};
    j[key + "_bits"] = {double_bits_text(v.x), double_bits_text(v.y), double_bits_text(v.z)};
}
void put_vec2_list(Json& j, const std::string& key, const std::vector<glm::vec2>& points) {
    Json values = Json::array();
    Json bits = Json::array();
    for (const glm::vec2 p : points) {
        values.push_back({float_json(p.x), float_json(p.y)});
        bits.push_back({float_bits_text(p.x), float_bits_text(p.y)});
    }
    j[key] = std::move(values);
    j[key + "_bits"] = std::move(bits);
}

Json model_identity_json(const ModelIdentity& model) {
    Json j;
    j["path"] = model.path;
    j["sha256"] = model.sha256 ? Json(*model.sha256) : Json(nullptr);
    j["bytes"] = model.bytes;
    j["tinyobjloader"] = model.obj_via_tinyobjloader;
    return j;
}

// == Reading

FieldReader::FieldReader(const nlohmann::json& object, std::string path)
    : object_(object), path_(std::move(path)) {
    if (!object_.is_object()) throw RecordError(where() + "expected an object");
}

void FieldReader::fail(std::string_view key, const std::string& message) const {
    throw RecordError(path_ + (path_.empty() ? "" : ".") + std::string(key) + ": " + message);
}

const nlohmann::json& FieldReader::at(std::string_view key) {
    const auto found = object_.find(key);
    if (found == object_.end()) fail(key, "missing");
    read_.insert(std::string(key));
    return *found;
}

FieldReader FieldReader::object(std::string_view key) {
    return FieldReader(at(key), path_ + (path_.empty() ? "" : ".") + std::string(key));
}

bool FieldReader::boolean(std::string_view key) {
    const nlohmann::json& j = at(key);
    if (!j.is_boolean()) fail(key, "expected true or false");
    return j.get<bool>();
}

std::string FieldReader::text(std::string_view key) {
    const nlohmann::json& j = at(key);
    if (!j.is_string()) fail(key, "expected a string");
    return j.get<std::string>();
}

std::optional<std::string> FieldReader::text_or_null(std::string_view key) {
    if (at(key).is_null()) return std::nullopt;
    return text(key);
}

std::uint64_t FieldReader::whole(std::string_view key, std::uint64_t max) {
    const nlohmann::json& j = at(key);
    if (!j.is_number_unsigned() && !(j.is_number_integer() && j.get<std::int64_t>() >= 0))
        fail(key, "expected a whole number >= 0");
    const auto value = j.get<std::uint64_t>();
    if (value > max) fail(key, "more than " + std::to_string(max));
    return value;
}

std::uint32_t FieldReader::uint32(std::string_view key) {
    return std::uint32_t(whole(key, std::numeric_limits<std::uint32_t>::max()));
}

std::uint64_t FieldReader::hex(std::string_view key, int digits) {
    return bits(key, at(key), digits);
}

float FieldReader::float_value(std::string_view key) {
    const std::string bits_key = std::string(key) + "_bits";
    const float value = std::bit_cast<float>(std::uint32_t(bits(bits_key, at(bits_key), 8)));
    check_float(key, at(key), value);
    return value;
}

double FieldReader::double_value(std::string_view key) {
    const std::string bits_key = std::string(key) + "_bits";
    const double value = std::bit_cast<double>(bits(bits_key, at(bits_key), 16));
    check_double(key, at(key), value);
    return value;
}

glm::vec2 FieldReader::vec2(std::string_view key) {
    glm::vec2 v;
    for (int i = 0; i < 2; ++i)
        v[i] = float(element(key, i, 2, 8));
    return v;
}

glm::vec3 FieldReader::vec3(std::string_view key) {
    glm::vec3 v;
    for (int i = 0; i < 3; ++i)
        v[i] = float(element(key, i, 3, 8));
    return v;
}

glm::dvec3 FieldReader::dvec3(std::string_view key) {
    glm::dvec3 v;
    for (int i = 0; i < 3; ++i)
        v[i] = element(key, i, 3, 16);
    return v;
}

std::vector<glm::vec2> FieldReader::vec2_list(std::string_view key, std::size_t max) {
    const std::string bits_key = std::string(key) + "_bits";
    const nlohmann::json& values = at(key);
    const nlohmann::json& bit_list = at(bits_key);
    if (!values.is_array()) fail(key, "expected an array of [x, y] pairs");
    if (!bit_list.is_array() || bit_list.size() != values.size())
        fail(bits_key, "expected an array of as many pairs of bits as " + std::string(key));
    if (values.size() > max) fail(key, "more than " + std::to_string(max) + " points");
    std::vector<glm::vec2> points;
    points.reserve(values.size());
    for (std::size_t i = 0; i < values.size(); ++i) {
        const std::string index = "[" + std::to_string(i) + "]";
        const nlohmann::json& value = values[i];
        const nlohmann::json& pair = bit_list[i];
        if (!value.is_array() || value.size() != 2)
            fail(std::string(key) + index, "expected [x, y]");
        if (!pair.is_array() || pair.size() != 2)
            fail(bits_key + index, "expected two strings of bits");
        glm::vec2 p;
        for (std::size_t c = 0; c < 2; ++c) {
            const std::string at_c = index + "[" + std::to_string(c) + "]";
            p[int(c)] = std::bit_cast<float>(std::uint32_t(bits(bits_key + at_c, pair[c], 8)));
            check_float(std::string(key) + at_c, value[c], p[int(c)]);
        }
        points.push_back(p);
    }
    return points;
}

void FieldReader::finish() const {
    for (const auto& [key, value] : object_.items())
        if (!read_.contains(key)) fail(key, "unknown field");
}

std::string FieldReader::where() const {
    return path_.empty() ? "" : path_ + ": ";
}

std::uint64_t FieldReader::bits(std::string_view key, const nlohmann::json& j, int digits) const {
    const std::string expected =
        "expected \"0x\" and " + std::to_string(digits) + " hex digits (the value's bits)";
    if (!j.is_string()) fail(key, expected);
    const std::string& text = j.get_ref<const std::string&>();
    if (text.size() != std::size_t(digits) + 2 || !text.starts_with("0x"))
        fail(key, expected + ", not '" + text.substr(0, 40) + "'");
    std::uint64_t value = 0;
    const char* end = text.data() + text.size();
    const auto [stop, error] = std::from_chars(text.data() + 2, end, value, 16);
    if (error != std::errc() || stop != end)
        fail(key, expected + ", not '" + text.substr(0, 40) + "'");
    return value;
}

// The decimal beside the bits must say the same (null for infinity and NaN): an edit of one
// without the other is caught rather than silently ignored.
void FieldReader::check_float(std::string_view key, const nlohmann::json& j, float value) const {
    if (!std::isfinite(value)) {
        if (!j.is_null()) fail(key, "expected null: its bits are not a finite number");
        return;
    }
    if (!j.is_number()) fail(key, "expected a number");
    if (std::bit_cast<std::uint32_t>(float(j.get<double>())) != std::bit_cast<std::uint32_t>(value))
        fail(key, "the number " + j.dump() + " does not match its bits (" +
                      Json(double(value)).dump() + ")");
}

void FieldReader::check_double(std::string_view key, const nlohmann::json& j, double value) const {
    if (!std::isfinite(value)) {
        if (!j.is_null()) fail(key, "expected null: its bits are not a finite number");
        return;
    }
    if (!j.is_number()) fail(key, "expected a number");
    if (std::bit_cast<std::uint64_t>(j.get<double>()) != std::bit_cast<std::uint64_t>(value))
        fail(key,
             "the number " + j.dump() + " does not match its bits (" + Json(value).dump() + ")");
}

double FieldReader::element(std::string_view key, int i, int count, int digits) {
    const std::string bits_key = std::string(key) + "_bits";
    const nlohmann::json& values = at(key);
    const nlohmann::json& bit_list = at(bits_key);
    const std::string n = std::to_string(count);
    if (!values.is_array() || values.size() != std::size_t(count))
        fail(key, "expected an array of " + n + " numbers");
    if (!bit_list.is_array() || bit_list.size() != std::size_t(count))
        fail(bits_key, "expected an array of " + n + " strings");
    const std::string index = "[" + std::to_string(i) + "]";
    const std::uint64_t b = bits(bits_key + index, bit_list[std::size_t(i)], digits);
    if (digits == 8) {
        const float value = std::bit_cast<float>(std::uint32_t(b));
        check_float(std::string(key) + index, values[std::size_t(i)], value);
        return double(value);
    }
    const double value = std::bit_cast<double>(b);
    check_double(std::string(key) + index, values[std::size_t(i)], value);
    return value;
}

ModelIdentity read_model_identity(FieldReader reader) {
    ModelIdentity model;
    model.path = reader.text("path");
    if (model.path.empty()) reader.fail("path", "empty");
    model.sha256 = reader.text_or_null("sha256");
    if (model.sha256 && (model.sha256->size() != 64 ||
                         model.sha256->find_first_not_of("0123456789abcdef") != std::string::npos))
        reader.fail("sha256", "expected 64 lower-case hex digits or null");
    model.bytes = reader.whole("bytes", std::numeric_limits<std::uint64_t>::max());
    model.obj_via_tinyobjloader = reader.boolean("tinyobjloader");
    reader.finish();
    return model;
}

nlohmann::ordered_json record_header(std::string_view name, int version) {
    nlohmann::ordered_json j;
    j["record"] = name;
    j["version"] = version;
    return j;
}

void read_record_header(FieldReader& reader, std::string_view name, int version) {
    if (reader.text("record") != name)
        reader.fail("record", "expected \"" + std::string(name) + "\"");
    if (reader.whole("version", 1'000'000) != std::uint64_t(version))
        reader.fail("version", "this raypick reads version " + std::to_string(version));
}

void put_clip_time(nlohmann::ordered_json& pose, const ClipTime& at) {
    pose["clip"] = at.clip;
    pose["clip_name"] = at.clip_name;
    pose["loop"] = at.loop;
    put_double(pose, "time", at.time);
}

ClipTime read_clip_time(FieldReader& pose) {
    ClipTime at;
    const nlohmann::json& clip = pose.at("clip");
    at.clip = clip.is_number_integer() && clip.get<std::int64_t>() == -1
                  ? -1
                  : int(pose.whole("clip", 1'000'000));
    at.clip_name = pose.text("clip_name");
    at.loop = pose.boolean("loop");
    at.time = pose.double_value("time");
    if (!std::isfinite(at.time)) pose.fail("time", "expected a finite number of seconds");
    return at;
}

}  // namespace app
