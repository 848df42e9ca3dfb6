#include "app/core/glossary.h"

#include <set>
#include <string>

#include <gtest/gtest.h>

namespace app {
namespace {

TEST(Glossary, EveryTermOnceWithAnExplanation) {
    std::set<std::string> terms;
    for (const GlossaryEntry& entry : glossary()) {
        EXPECT_TRUE(terms.insert(std::string(entry.term)).second) << entry.term;
        EXPECT_GT(entry.explanation.size(), 40u) << entry.term;
        EXPECT_EQ(entry.explanation.back(), '.') << entry.term;
    }
}

TEST(Glossary, TheJargonTheViewerShowsIsExplained) {
    // The words a first-time user met without an explanation.
    for (const char* term : {"seed 002", "seed case", "XNA recipe 4-18", "edges excluded", "ULP",
                             "bone space", "watertight", "leak", "ID buffer", "cold",
                             "cancellation", "discriminant", "exact solve", "packet", "tie"}) {
        const GlossaryEntry* entry = find_glossary_entry(term);
        ASSERT_NE(entry, nullptr) << term;
        EXPECT_EQ(entry->term, term);
    }
    EXPECT_NE(find_glossary_entry("ulp"), nullptr);
    EXPECT_EQ(find_glossary_entry("no such word"), nullptr);
}

TEST(Glossary, EverySeedDocumentIsNamedAndPlaced) {
    ASSERT_EQ(seed_documents().size(), 4u);
    for (const SeedDocument& seed : seed_documents()) {
        EXPECT_NE(find_glossary_entry(seed.name), nullptr) << seed.name;
        EXPECT_FALSE(seed.original.empty());
        EXPECT_FALSE(seed.in_app.empty());
    }
}

}  // namespace
}  // namespace app
