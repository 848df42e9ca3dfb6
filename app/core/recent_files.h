#pragma once
/// The recently opened models, kept across runs in the user's config folder.

#include <filesystem>
#include <string>
#include <vector>

namespace app {

class RecentFiles {
  public:
    /// Reads the list from `file` (missing: empty). An empty path keeps it in memory only.
    explicit RecentFiles(std::filesystem::path file);

    /// Moves `path` to the front (most recent first, at most kMax entries) and saves.
    void add(const std::string& path);
    void remove(const std::string& path);
    [[nodiscard]] const std::vector<std::string>& entries() const { return entries_; }

    static constexpr std::size_t kMax = 12;

    /// $XDG_CONFIG_HOME/raypick/recent.txt, or ~/.config/raypick/recent.txt.
    [[nodiscard]] static std::filesystem::path default_location();

  private:
    void save() const;

    std::filesystem::path file_;
    std::vector<std::string> entries_;
};

}  // namespace app
