#pragma once
/// How much the import process may use before it is stopped: memory and CPU time. The parent
/// decides them (defaults, or the environment) and passes them to the child, which applies them
/// to itself before it reads a byte of the file.

#include <cstdint>
#include <string>

namespace assets {

struct ImportLimits {
    /// The child's address space (RLIMIT_AS). Under AddressSanitizer, which reserves terabytes
    /// of address space for its shadow memory, no address-space limit can apply: the parent
    /// then watches the child's resident memory instead and stops it above this.
    std::uint64_t memory_bytes = 0;
    /// The child's CPU time (RLIMIT_CPU): SIGXCPU at this many seconds, SIGKILL a second later.
    std::uint64_t cpu_seconds = 0;
};

/// Half of this machine's memory (at least 1 GiB) and 600 s of CPU, unless the
/// environment says otherwise: RAYPICK_IMPORT_MEMORY_MB (64 or more) and RAYPICK_IMPORT_CPU_SECONDS
/// (1 or more). Throws std::invalid_argument, naming the variable, for a value that is not such a
/// number.
[[nodiscard]] ImportLimits import_limits();

/// Whether the memory limit is the child's own address-space limit (false under
/// AddressSanitizer, where the parent watches resident memory instead).
[[nodiscard]] bool import_memory_limit_is_address_space();

/// "8192 MB": a memory size for messages.
[[nodiscard]] std::string megabytes_text(std::uint64_t bytes);

}  // namespace assets
