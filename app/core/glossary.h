#pragma once
/// The project's own vocabulary, explained once: the Help window lists it, and every place in
/// the viewer that uses one of these words shows its entry as a tooltip. docs/DESIGN.md's
/// glossary is the developers' version of the same list.

#include <span>
#include <string_view>

namespace app {

struct GlossaryEntry {
    std::string_view term;         ///< as the UI writes it ("ULP", "bone space")
    std::string_view explanation;  ///< a few plain sentences
};

/// Every entry, in the order the Help window lists them.
[[nodiscard]] std::span<const GlossaryEntry> glossary();
/// The entry for `term` (case-insensitive), or null.
[[nodiscard]] const GlossaryEntry* find_glossary_entry(std::string_view term);

/// The four source documents the app was made from, for Help > About the seeds.
struct SeedDocument {
    std::string_view name;      ///< "seed 000"
    std::string_view title;     ///< its title, translated
    std::string_view original;  ///< its title as written
    std::string_view source;    ///< where it was published
    std::string_view in_app;    ///< where the app shows what it teaches
};
[[nodiscard]] std::span<const SeedDocument> seed_documents();

}  // namespace app
