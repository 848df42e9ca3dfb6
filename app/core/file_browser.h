#pragma once
/// The Open dialog's model, without a window: one folder at a time over std::filesystem, its
/// sub-folders first, then the files whose extension a loader reads (or every file), each named
/// so that any bytes in a name can be shown. Nothing here throws: a folder that cannot be read
/// keeps the previous one and says why.

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace app {

struct FileEntry {
    std::filesystem::path path;
    std::string display_name;  ///< the name as valid UTF-8 (odd bytes shown as U+FFFD)
    bool directory = false;
    std::uintmax_t bytes = 0;  ///< files only
};

class FileBrowser {
  public:
    /// `extensions` in lower case with the dot (".obj"); empty accepts every file.
    explicit FileBrowser(std::vector<std::string> extensions);

    /// Lists `folder`; false (and the previous listing stays) when it cannot be read.
    bool open(const std::filesystem::path& folder);
    /// The parent folder; false at the root.
    bool up();
    /// Lists the folder again (after the filter changed, or files appeared).
    void refresh();

    [[nodiscard]] const std::filesystem::path& folder() const { return folder_; }
    [[nodiscard]] const std::vector<FileEntry>& entries() const { return entries_; }
    /// Why the last open() failed; empty after a success.
    [[nodiscard]] const std::string& error() const { return error_; }

    /// Whether the filter lets `path` through (case-insensitive extension).
    [[nodiscard]] bool accepts(const std::filesystem::path& path) const;
    /// "*.obj *.ply ...", for the dialog's filter line.
    [[nodiscard]] std::string filter_text() const;

    bool show_every_file = false;  ///< the filter off
    bool show_hidden = false;      ///< names starting with a dot

  private:
    std::vector<std::string> extensions_;
    std::filesystem::path folder_;
    std::vector<FileEntry> entries_;
    std::string error_;
};

/// `text` with every byte sequence that is not valid UTF-8 replaced by U+FFFD.
[[nodiscard]] std::string valid_utf8(const std::string& text);

/// The folders of the recent files that still exist, most recent first, each once.
[[nodiscard]] std::vector<std::filesystem::path> recent_folders(
    const std::vector<std::string>& recent_files);

}  // namespace app
