// libFuzzer harness: the JSON writer every command and the viewer's reports go through. The
// input builds an object as a pick's JSON looks (names, paths, numbers including NaN and
// infinities, nested objects and arrays) whose strings and keys are the fuzzer's bytes, valid
// UTF-8 or not. The text must always parse back; it equals nlohmann's own dump() when every
// string is valid UTF-8, and otherwise says "utf8_repaired".

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

#include <fuzzer/FuzzedDataProvider.h>
#include <nlohmann/json.hpp>

#include "app/core/json_line.h"
#include "fuzz/fuzz_check.h"

namespace {

/// Whether `s` is well-formed UTF-8 (Unicode 15, table 3-7: no overlong forms, no surrogates,
/// nothing above U+10FFFF), written independently of nlohmann's decoder.
bool valid_utf8(const std::string& s) {
    std::size_t i = 0;
    const auto byte = [&](std::size_t at) { return static_cast<unsigned char>(s[at]); };
    while (i < s.size()) {
        const unsigned c = byte(i);
        std::size_t length = 0;
        unsigned low = 0x80, high = 0xBF;  // the allowed range of the second byte
        if (c < 0x80) {
            ++i;
            continue;
        } else if (c >= 0xC2 && c <= 0xDF) {
            length = 2;
        } else if (c >= 0xE0 && c <= 0xEF) {
            length = 3;
            if (c == 0xE0) low = 0xA0;
            if (c == 0xED) high = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            length = 4;
            if (c == 0xF0) low = 0x90;
            if (c == 0xF4) high = 0x8F;
        } else {
            return false;
        }
        if (i + length > s.size()) return false;
        if (byte(i + 1) < low || byte(i + 1) > high) return false;
        for (std::size_t k = 2; k < length; ++k)
            if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return false;
        i += length;
    }
    return true;
}

/// Whether every string and key of `j` is valid UTF-8.
bool all_strings_valid(const nlohmann::ordered_json& j) {
    if (j.is_string()) return valid_utf8(j.get_ref<const std::string&>());
    if (j.is_object()) {
        for (const auto& [key, value] : j.items())
            if (!valid_utf8(key) || !all_strings_valid(value)) return false;
    }
    if (j.is_array()) {
        for (const auto& value : j)
            if (!all_strings_valid(value)) return false;
    }
    return true;
}

struct Builder {
    FuzzedDataProvider& in;

    std::string text() { return in.ConsumeRandomLengthString(64); }

    double number() {
        switch (in.ConsumeIntegralInRange(0, 4)) {
            case 0:
                return std::numeric_limits<double>::quiet_NaN();
            case 1:
                return std::numeric_limits<double>::infinity();
            case 2:
                return -std::numeric_limits<double>::max();
            default:
                return in.ConsumeFloatingPoint<double>();
        }
    }

    nlohmann::ordered_json value(int depth) {
        switch (in.ConsumeIntegralInRange(0, depth > 3 ? 3 : 5)) {
            case 0:
                return text();
            case 1:
                return number();
            case 2:
                return in.ConsumeIntegral<std::int64_t>();
            case 3:
                return in.ConsumeBool();
            case 4: {
                nlohmann::ordered_json array = nlohmann::ordered_json::array();
                for (int n = in.ConsumeIntegralInRange(0, 4); n > 0; --n)
                    array.push_back(value(depth + 1));
                return array;
            }
            default:
                return object(depth + 1);
        }
    }

    nlohmann::ordered_json object(int depth) {
        nlohmann::ordered_json j = nlohmann::ordered_json::object();
        for (int n = in.ConsumeIntegralInRange(0, 6); n > 0; --n) {
            std::string key = text();
            // The writer's own key is left to the writer, as no caller sets it.
            if (key == app::kUtf8RepairedKey) key += "_";
            j[key] = value(depth);
        }
        return j;
    }
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    FuzzedDataProvider in(data, size);
    Builder builder{in};
    const nlohmann::ordered_json j = builder.object(0);
    const std::string line = app::json_line(j);
    FUZZ_CHECK(line.find('\n') == std::string::npos);
    FUZZ_CHECK(valid_utf8(line));
    const nlohmann::json back = nlohmann::json::parse(line);  // throws (and fails) if invalid
    FUZZ_CHECK(back.is_object());
    if (all_strings_valid(j)) {
        FUZZ_CHECK(line == j.dump());
        FUZZ_CHECK(!back.contains(app::kUtf8RepairedKey));
    } else {
        FUZZ_CHECK(back.value(app::kUtf8RepairedKey, false));
    }
    return 0;
}
