#include "assets/import_limits.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

namespace assets {

namespace {

constexpr std::uint64_t kMegabyte = 1024 * 1024;
constexpr std::uint64_t kDefaultCpuSeconds = 600;

std::uint64_t physical_memory_bytes() {
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page_size = ::sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page_size <= 0) return 0;
    return std::uint64_t(pages) * std::uint64_t(page_size);
}

/// The variable's value as a whole number of at least `minimum`, or `fallback` when unset.
std::uint64_t number_from_environment(const char* name, std::uint64_t minimum,
                                      std::uint64_t fallback) {
    const char* text = std::getenv(name);
    if (text == nullptr || *text == '\0') return fallback;
    const std::string_view value(text);
    std::uint64_t number = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
    if (error != std::errc() || end != value.data() + value.size() || number < minimum ||
        number > (std::uint64_t(1) << 40)) {
        throw std::invalid_argument(std::string(name) + " is '" + std::string(value) +
                                    "', not a whole number from " + std::to_string(minimum));
    }
    return number;
}

}  // namespace

ImportLimits import_limits() {
    ImportLimits limits;
    const std::uint64_t half_memory =
        std::max<std::uint64_t>(physical_memory_bytes() / 2, 1024 * kMegabyte);
    limits.memory_bytes =
        number_from_environment("RAYPICK_IMPORT_MEMORY_MB", 64, half_memory / kMegabyte) *
        kMegabyte;
    limits.cpu_seconds =
        number_from_environment("RAYPICK_IMPORT_CPU_SECONDS", 1, kDefaultCpuSeconds);
    return limits;
}

bool import_memory_limit_is_address_space() {
#if defined(__SANITIZE_ADDRESS__)
    return false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
    return false;
#else
    return true;
#endif
#else
    return true;
#endif
}

std::string megabytes_text(std::uint64_t bytes) {
    return std::to_string((bytes + kMegabyte / 2) / kMegabyte) + " MB";
}

}  // namespace assets
