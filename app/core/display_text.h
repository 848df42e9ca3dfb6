#pragma once
/// Text from a file (an importer's error, a note naming things in the file) as the viewer may
/// draw it: Dear ImGui 1.86 draws a wrapped text in one batch of at most 65,536 vertices (four
/// per character, and it does not skip the lines below the window), so a long enough message
/// aborted the viewer. Such text is shortened, never drawn whole.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace app {

/// Far below the roughly 16,000 characters ImGui can draw in one wrapped text.
inline constexpr std::size_t kMaxDisplayedBytes = 2000;

/// "12,345,678": a count with its thousands separated, as the panels write counts.
[[nodiscard]] std::string thousands(std::uint64_t n);

/// A node's, mesh's or material's name as the panels show it: valid UTF-8 (odd bytes become
/// U+FFFD), "(unnamed)" when empty.
[[nodiscard]] std::string shown_name(const std::string& name);

/// `text` when it fits in `max_bytes`; else its first bytes up to a UTF-8 character boundary
/// and " ... (N more bytes)".
[[nodiscard]] std::string shortened_text(std::string_view text,
                                         std::size_t max_bytes = kMaxDisplayedBytes);

}  // namespace app
