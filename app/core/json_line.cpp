#include "app/core/json_line.h"

namespace app {

std::string json_line(nlohmann::ordered_json j) {
    // Valid text is the common case: dump() checks it as it writes, and throws type_error 316
    // at the first invalid byte.
    try {
        return j.dump();
    } catch (const nlohmann::ordered_json::type_error& e) {
        constexpr int kInvalidUtf8 = 316;
        if (e.id != kInvalidUtf8) throw;
    }
    if (j.is_object()) j[kUtf8RepairedKey] = true;
    return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace app
