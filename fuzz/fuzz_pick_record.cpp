// libFuzzer harness: pick record files as `raypick pick --replay` reads them (one record, an
// array, or one per line). A file is either refused with PickRecordError naming the field, or
// gives records whose every input is as strict reading promises (a usable ray, finite tolerances
// and time), and which read back the same from their own JSON.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "app/core/pick_record.h"
#include "fuzz/fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        for (const app::PickRecord& record : app::parse_pick_records(text)) {
            const app::PickRecordSetup& s = record.setup;
            FUZZ_CHECK(!picking::ray_problem(s.ray));
            FUZZ_CHECK(std::isfinite(s.animation.time));
            const auto& o = s.choice.options().triangle_options;
            FUZZ_CHECK(o.dx_det_epsilon >= 0.0f && std::isfinite(o.dx_det_epsilon));
            FUZZ_CHECK(!s.choice.options().record_visited);
            // Written and read again, the record is the same, bit for bit.
            const auto json = app::pick_record_to_json(record);
            const app::PickRecord again =
                app::pick_record_from_json(nlohmann::json::parse(json.dump()));
            FUZZ_CHECK(app::pick_record_to_json(again).dump() == json.dump());
            FUZZ_CHECK(app::compare_records(record, again).empty());
        }
    } catch (const app::PickRecordError& e) {
        FUZZ_CHECK(std::string_view(e.what()).size() > 0);
    }
    return 0;
}
