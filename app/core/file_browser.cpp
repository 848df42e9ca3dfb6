#include "app/core/file_browser.h"

#include <algorithm>
#include <cctype>

namespace app {

namespace {

std::string lowercase(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return text;
}

/// Folders before files; within each, by name without regard to case, as file managers sort.
bool listed_before(const FileEntry& a, const FileEntry& b) {
    if (a.directory != b.directory) return a.directory;
    const std::string la = lowercase(a.display_name), lb = lowercase(b.display_name);
    if (la != lb) return la < lb;
    return a.display_name < b.display_name;
}

}  // namespace

std::string valid_utf8(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    for (std::size_t i = 0; i < n;) {
        const unsigned char c = s[i];
        std::size_t length = 0;
        std::uint32_t min = 0;
        if (c < 0x80) {
            out += char(c);
            ++i;
            continue;
        }
        if ((c & 0xE0) == 0xC0) {
            length = 2;
            min = 0x80;
        } else if ((c & 0xF0) == 0xE0) {
            length = 3;
            min = 0x800;
        } else if ((c & 0xF8) == 0xF0) {
            length = 4;
            min = 0x10000;
        }
        bool ok = length > 0 && i + length <= n;
        std::uint32_t code = ok ? c & (0x7Fu >> length) : 0;
        for (std::size_t k = 1; ok && k < length; ++k) {
            ok = (s[i + k] & 0xC0) == 0x80;
            code = (code << 6) | (s[i + k] & 0x3Fu);
        }
        // Overlong forms, surrogates and code points past U+10FFFF are not valid either.
        ok = ok && code >= min && code <= 0x10FFFF && !(code >= 0xD800 && code <= 0xDFFF);
        if (ok) {
            out.append(text, i, length);
            i += length;
        } else {
            out += "\xEF\xBF\xBD";  // U+FFFD, for the one byte that cannot start a character
            ++i;
        }
    }
    return out;
}

FileBrowser::FileBrowser(std::vector<std::string> extensions) : extensions_(std::move(extensions)) {
    for (std::string& e : extensions_)
        e = lowercase(e);
}

bool FileBrowser::accepts(const std::filesystem::path& path) const {
    if (show_every_file || extensions_.empty()) return true;
    const std::string extension = lowercase(path.extension().string());
    return std::find(extensions_.begin(), extensions_.end(), extension) != extensions_.end();
}

std::string FileBrowser::filter_text() const {
    std::string text;
    for (const std::string& e : extensions_)
        text += (text.empty() ? "*" : " *") + e;
    return text.empty() ? "*" : text;
}

bool FileBrowser::open(const std::filesystem::path& folder) {
    std::error_code ec;
    const std::filesystem::path absolute =
        std::filesystem::absolute(folder.empty() ? "." : folder, ec).lexically_normal();
    std::vector<FileEntry> entries;
    std::filesystem::directory_iterator it(absolute, ec);
    if (ec) {
        error_ = valid_utf8(absolute.string()) + ": " + ec.message();
        return false;
    }
    for (const std::filesystem::directory_iterator end; it != end; it.increment(ec)) {
        if (ec) break;  // what was listed so far is still worth showing
        const std::filesystem::path& path = it->path();
        const std::string name = path.filename().string();
        if (!show_hidden && !name.empty() && name[0] == '.') continue;
        std::error_code status_error;
        const bool directory = it->is_directory(status_error);
        if (status_error) continue;  // a dangling link or a file that vanished
        if (!directory && !accepts(path)) continue;
        FileEntry entry;
        entry.path = path;
        entry.display_name = valid_utf8(name);
        entry.directory = directory;
        if (!directory) {
            const std::uintmax_t bytes = it->file_size(status_error);
            entry.bytes = status_error ? 0 : bytes;
        }
        entries.push_back(std::move(entry));
    }
    std::sort(entries.begin(), entries.end(), listed_before);
    folder_ = absolute;
    entries_ = std::move(entries);
    error_.clear();
    return true;
}

bool FileBrowser::up() {
    if (folder_.empty() || folder_ == folder_.root_path()) return false;
    std::filesystem::path parent = folder_.parent_path();
    return open(parent);
}

void FileBrowser::refresh() {
    (void)open(folder_);
}

std::vector<std::filesystem::path> recent_folders(const std::vector<std::string>& recent_files) {
    std::vector<std::filesystem::path> folders;
    for (const std::string& file : recent_files) {
        const std::filesystem::path folder = std::filesystem::path(file).parent_path();
        std::error_code ec;
        if (folder.empty() || !std::filesystem::is_directory(folder, ec)) continue;
        if (std::find(folders.begin(), folders.end(), folder) == folders.end())
            folders.push_back(folder);
    }
    return folders;
}

}  // namespace app
