#pragma once
/// Loading a model in a child process. The importers parse untrusted bytes, and a crash, an
/// endless loop or a runaway allocation inside them must not take the viewer or the command line
/// down: import_model() starts this program again in the import role (assets/import_child.h)
/// under memory and CPU limits (assets/import_limits.h), passes its progress on, reads its answer
/// over a pipe (assets/import_protocol.h), decodes the scene (assets/scene/scene_wire.h) and
/// validates it (validate_scene) before anyone uses it. A crash, a limit, a malformed answer or
/// a cancel becomes a LoadError that names the file and the cause; a cancel kills the child at
/// once, and no child outlives the call.

#include <filesystem>
#include <string>
#include <vector>

#include "assets/import_limits.h"
#include "assets/load_model.h"

namespace assets {

/// Whether `path` is parsed in the import process: every file; not "default" or "knot:N", which
/// are built, not parsed, and stay in this process.
[[nodiscard]] bool imports_in_child(const std::filesystem::path& path);

/// The import process's environment: `environment` (this process's), with glibc's malloc told
/// to back its large blocks with transparent huge pages (GLIBC_TUNABLES=glibc.malloc.hugetlb=1,
/// before any tunables already set, which so still win). A reader writes each of its big arrays
/// once and in full, and faulting them in 4 KiB at a time was much of a big file's time.
[[nodiscard]] std::vector<std::string> import_child_environment(const char* const* environment);

/// Loads `path` as load_model() does, parsing files in the import process under `limits`.
/// Blocks until the answer, checking progress->cancel every 25 ms; progress->fraction follows
/// the child's. Throws LoadError, whose failure() says why:
///   Refused      the loader refused the file (its own reason)
///   Cancelled    progress->cancel was set: the child is killed and reaped before this returns
///   MemoryLimit  the child needed more memory than limits.memory_bytes
///   CpuLimit     the child used up limits.cpu_seconds
///   Crashed      the child died of a signal (its number and name) or ended without an answer
///   Malformed    the answer was not a whole, valid scene
/// Throws std::logic_error when this program's main() never called serve_import_role().
[[nodiscard]] Scene import_model(const std::filesystem::path& path, const LoadOptions& options,
                                 LoadProgress* progress, const ImportLimits& limits);

/// The same under import_limits() (the defaults, or the environment's).
[[nodiscard]] Scene import_model(const std::filesystem::path& path, const LoadOptions& options = {},
                                 LoadProgress* progress = nullptr);

}  // namespace assets
