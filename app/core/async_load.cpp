#include "app/core/async_load.h"

#include <stdexcept>
#include <utility>

namespace app {

std::shared_ptr<ModelLoad> start_model_load(std::filesystem::path path,
                                            assets::LoadOptions options) {
    return ModelLoad::start(path, [path, options](assets::LoadProgress& progress) {
        try {
            return assets::load_model(path, options, &progress);
        } catch (const std::exception&) {
            throw;  // the loaders' errors name the file already
        } catch (...) {
            throw std::runtime_error(path.string() + ": unknown error while loading");
        }
    });
}

}  // namespace app
