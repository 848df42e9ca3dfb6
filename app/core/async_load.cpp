#include "app/core/async_load.h"

#include <stdexcept>
#include <utility>

#include "assets/import_process.h"
#include "assets/scene/mesh_normals.h"

namespace app {

std::shared_ptr<ModelLoad> start_model_load(std::filesystem::path path, assets::LoadOptions options,
                                            LoadFor purpose) {
    return ModelLoad::start(path, [path, options, purpose](assets::LoadProgress& progress) {
        try {
            assets::Scene scene = assets::import_model(path, options, &progress);
            if (purpose == LoadFor::Drawing) assets::fill_missing_normals(scene);
            return scene;
        } catch (const std::exception&) {
            throw;  // the loaders' errors name the file already
        } catch (...) {
            throw std::runtime_error(path.string() + ": unknown error while loading");
        }
    });
}

assets::LoadFailure load_failure(const ModelLoad& load) {
    if (const std::exception_ptr exception = load.exception()) {
        try {
            std::rethrow_exception(exception);
        } catch (const assets::LoadError& e) {
            return e.failure();
        } catch (...) {
        }
    }
    return assets::LoadFailure::Refused;
}

}  // namespace app
