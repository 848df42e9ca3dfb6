#include "assets/mapped_file.h"

#include <cerrno>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "assets/load_model.h"

namespace assets {

MappedFile::MappedFile(const std::filesystem::path& path, Paging paging) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw LoadError(path, std::string("cannot open it: ") + std::strerror(errno));
    struct stat status {};
    if (::fstat(fd, &status) != 0) {
        const int error = errno;
        ::close(fd);
        throw LoadError(path, std::string("cannot read its size: ") + std::strerror(error));
    }
    size_ = std::size_t(status.st_size);
    if (size_ > 0) {
        const int populate = paging == Paging::Whole ? MAP_POPULATE : 0;
        void* mapped = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE | populate, fd, 0);
        if (mapped == MAP_FAILED) {
            const int error = errno;
            ::close(fd);
            throw LoadError(path, std::string("cannot map it: ") + std::strerror(error));
        }
        // The readers go through it once, front to back.
        ::madvise(mapped, size_, MADV_SEQUENTIAL);
        data_ = static_cast<const std::byte*>(mapped);
    }
    ::close(fd);  // the mapping keeps the file
}

MappedFile::~MappedFile() {
    if (data_ != nullptr) ::munmap(const_cast<std::byte*>(data_), size_);
}

}  // namespace assets
