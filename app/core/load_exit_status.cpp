#include "app/core/load_exit_status.h"

namespace app {

int load_exit_status(assets::LoadFailure failure, bool timed_out) {
    if (timed_out) return kExitLoadTimeout;
    switch (failure) {
        case assets::LoadFailure::Crashed:
        case assets::LoadFailure::Malformed:
            return kExitImporterCrashed;
        case assets::LoadFailure::MemoryLimit:
        case assets::LoadFailure::CpuLimit:
            return kExitImportLimit;
        case assets::LoadFailure::Refused:
        case assets::LoadFailure::Cancelled:
            break;
    }
    return kExitRefused;
}

}  // namespace app
