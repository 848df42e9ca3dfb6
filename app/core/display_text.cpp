#include "app/core/display_text.h"

#include "app/core/file_browser.h"

namespace app {

std::string shown_name(const std::string& name) {
    return name.empty() ? std::string("(unnamed)") : valid_utf8(name);
}

std::string shortened_text(std::string_view text, std::size_t max_bytes) {
    if (text.size() <= max_bytes) return std::string(text);
    std::size_t cut = max_bytes;
    // Back off continuation bytes (10xxxxxx), so no character is cut in two.
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80)
        --cut;
    return std::string(text.substr(0, cut)) + " ... (" + std::to_string(text.size() - cut) +
           " more bytes)";
}

std::string thousands(std::uint64_t n) {
    const std::string digits = std::to_string(n);
    std::string out;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

}  // namespace app
