#pragma once
/// A whole file mapped read-only into memory: what the binary readers parse in place, so a
/// model of hundreds of megabytes is never copied into a buffer first.

#include <cstddef>
#include <filesystem>
#include <span>

namespace assets {

class MappedFile {
  public:
    /// How the pages come in.
    enum class Paging {
        AsRead,  ///< each when first read (readers that go through the file on every core)
        Whole,   ///< all at once (MAP_POPULATE), for a reader that goes front to back on one
                 ///< thread: cheaper than faulting them in a few pages at a time as it goes
    };

    /// Maps `path`; throws LoadError when it cannot be opened or mapped. An empty file maps to
    /// no bytes.
    explicit MappedFile(const std::filesystem::path& path, Paging paging = Paging::AsRead);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    [[nodiscard]] std::span<const std::byte> bytes() const { return {data_, size_}; }

  private:
    const std::byte* data_ = nullptr;
    std::size_t size_ = 0;
};

}  // namespace assets
