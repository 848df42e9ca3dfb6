#pragma once
/// The import process's own side. A program that loads models through import_model()
/// (assets/import_process.h) starts a copy of itself in the import role: its first argument is
/// kImportRoleArgument, and serve_import_role(), called first thing in main(), then limits the
/// process (memory, CPU time, no core file), loads the file with load_model() and writes the
/// scene or the refusal to its pipe (assets/import_protocol.h), and the program exits.

#include <filesystem>
#include <string>
#include <vector>

#include "assets/import_limits.h"
#include "assets/load_model.h"

namespace assets {

/// The hidden first argument of the import role.
inline constexpr const char* kImportRoleArgument = "--raypick-import-child";
/// The descriptor the child writes its answer to.
inline constexpr int kImportReplyFd = 3;

/// What the parent asks the child to do.
struct ImportRequest {
    std::filesystem::path path;
    LoadOptions options;
    ImportLimits limits;
    long parent_pid = 0;  ///< the child gives up at once when its parent is another process
};

/// The child's argv after the program's path: kImportRoleArgument, then the request.
[[nodiscard]] std::vector<std::string> import_role_arguments(const ImportRequest& request);

/// Call first in main(). With kImportRoleArgument first on the command line, runs the import
/// role and ends the process (status 0 once the answer is written, whatever it says); it does
/// not return. Otherwise notes that this program can be its own import process and returns.
void serve_import_role(int argc, char** argv);

/// Whether main() called serve_import_role(): only then may import_model() start this program
/// as its import process.
[[nodiscard]] bool import_role_offered();

}  // namespace assets
