#include "app/core/recent_files.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>

#include "assets/load_model.h"
#include "assets/procedural/torus_knot.h"

namespace app {

RecentFiles::RecentFiles(std::filesystem::path file) : file_(std::move(file)) {
    if (file_.empty()) return;
    std::ifstream in(file_);
    std::string line;
    while (std::getline(in, line) && entries_.size() < kMax)
        if (!line.empty() && std::find(entries_.begin(), entries_.end(), line) == entries_.end())
            entries_.push_back(line);
}

void RecentFiles::add(const std::string& path) {
    if (path.empty() || path == assets::kDefaultSceneName) return;
    // A generated model ("knot:N") is a name, not a file: kept as it is, so it reopens.
    std::error_code ec;
    const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
    const bool generated = assets::parse_knot_name(path).has_value();
    const std::string entry = ec || generated ? path : absolute.lexically_normal().string();
    entries_.erase(std::remove(entries_.begin(), entries_.end(), entry), entries_.end());
    entries_.insert(entries_.begin(), entry);
    if (entries_.size() > kMax) entries_.resize(kMax);
    save();
}

void RecentFiles::remove(const std::string& path) {
    entries_.erase(std::remove(entries_.begin(), entries_.end(), path), entries_.end());
    save();
}

void RecentFiles::save() const {
    if (file_.empty()) return;
    std::error_code ec;
    std::filesystem::create_directories(file_.parent_path(), ec);
    std::ofstream out(file_, std::ios::trunc);
    for (const std::string& entry : entries_)
        out << entry << "\n";
}

std::filesystem::path RecentFiles::default_location() {
    if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
        return std::filesystem::path(xdg) / "raypick" / "recent.txt";
    if (const char* home = std::getenv("HOME"); home && *home)
        return std::filesystem::path(home) / ".config" / "raypick" / "recent.txt";
    return {};
}

}  // namespace app
