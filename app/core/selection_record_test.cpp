#include "app/core/selection_record.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <random>

#include <gtest/gtest.h>

#include "app/core/workspace_layout.h"
#include "assets/load_model.h"
#include "assets/procedural/default_scene.h"
#include "picking/testing/seeded_draws.h"

namespace app {
namespace {

using picking::testing::between;
using picking::testing::coin;

/// A random selection of `session`: the opening camera turned and moved a little, perspective
/// or orthographic, a rectangle or a lasso inside the view, any rule, X-ray or visible-only
/// (visible-only regions kept small: a ray per pixel).
SelectionRecordSetup random_setup(const SceneSession& session, std::mt19937& rng, int index) {
    SelectionRecordSetup s;
    s.window = {640u + 8u * unsigned(rng() % 40u), 400u + 8u * unsigned(rng() % 30u)};
    s.view = opening_view(glm::vec2(s.window));
    s.camera.projection = coin(rng) ? Projection::Perspective : Projection::Orthographic;
    const picking::Aabb bounds = session.animated_bounds();
    s.camera.frame(bounds.min, bounds.max, s.view.width() / s.view.height());
    const float yaw = between(rng, -0.8f, 0.8f);
    const float pitch = between(rng, -0.4f, 0.4f);
    s.camera.orbit(yaw, pitch);
    s.camera.distance *= between(rng, 0.6f, 1.4f);
    s.region.rule = kRegionRules[std::size_t(index) % kRegionRules.size()];
    s.region.visible_only = index % 2 == 1;
    const float reach = s.region.visible_only ? 0.15f : 0.6f;
    const glm::vec2 where{between(rng, 0.3f, 0.7f), between(rng, 0.3f, 0.7f)};
    const glm::vec2 centre = s.view.min + s.view.size() * where;
    const glm::vec2 half = s.view.size() * reach * 0.5f;
    if (coin(rng)) {
        s.region.shape = RegionShape::Rectangle;
        s.region.points = {centre - half * glm::vec2(between(rng, 0.3f, 1.0f)),
                           centre + half * glm::vec2(between(rng, 0.3f, 1.0f))};
    } else {
        s.region.shape = RegionShape::Lasso;
        const int n = 5 + int(rng() % 20u);
        for (int i = 0; i < n; ++i) {
            const float angle = 6.2831853f * float(i) / float(n);
            const float r = between(rng, 0.4f, 1.0f);
            s.region.points.push_back(centre +
                                      half * r * glm::vec2(std::cos(angle), std::sin(angle)));
        }
    }
    // Without a broad phase a visible-only region casts each pixel's ray at every triangle:
    // the X-ray ones (which cast none) take `none`, and the draw stays in the same order.
    const bool no_broad_phase = coin(rng);
    s.choice.set_accel(no_broad_phase && !s.region.visible_only ? Accel::None : Accel::Bvh);
    return s;
}

SelectionRecord through_text(const SelectionRecord& record) {
    return parse_selection_record(selection_record_to_json(record).dump());
}

struct Counts {
    int selections = 0;
    int non_empty = 0;
    int visible_only = 0;
    int lassos = 0;
};

/// Records `n` seeded selections in `recorder` and replays each, through its JSON text, in a
/// session of its own: the same triangles, bit for bit the same setup.
Counts record_and_replay(SceneSession& recorder, SceneSession& replayer, double time,
                         const ModelIdentity& model, unsigned seed, int n) {
    std::mt19937 rng(seed);
    Counts counts;
    for (int i = 0; i < n; ++i) {
        SelectionRecordSetup setup = random_setup(recorder, rng, i);
        setup.model = model;
        setup.time = time;
        RegionOutcome made;
        if (auto error = select_for_record(recorder, setup, 1, made)) {
            ADD_FAILURE() << "selection " << i << ": " << *error;
            continue;
        }
        const SelectionRecord record{setup, selection_result(made.triangles)};
        const SelectionRecord read = through_text(record);
        // Every input comes back bit for bit: the JSON of the two is the same text.
        EXPECT_EQ(selection_record_to_json(read).dump(), selection_record_to_json(record).dump());
        EXPECT_EQ(read.result, record.result);

        RegionOutcome again;
        if (auto error = select_for_record(replayer, read.setup, 2, again)) {
            ADD_FAILURE() << "replay " << i << ": " << *error;
            continue;
        }
        const SelectionRecordResult replayed = selection_result(again.triangles);
        const auto mismatches = compare_selections(read.result, replayed);
        EXPECT_TRUE(mismatches.empty()) << "selection " << i << ": " << mismatches.size()
                                        << " fields differ, first " << mismatches[0].field;
        // The digest stands for the lists: the replay's lists are the recording's.
        for (std::uint32_t k = 0; k < made.triangles.instance_count(); ++k)
            EXPECT_EQ(again.triangles.triangles(k), made.triangles.triangles(k));
        ++counts.selections;
        counts.non_empty += record.result.triangles > 0;
        counts.visible_only += setup.region.visible_only;
        counts.lassos += setup.region.shape == RegionShape::Lasso;
    }
    return counts;
}

TEST(SelectionRecord, SeededSelectionsReplayIdenticallyOnTheDefaultSceneAndTheBunny) {
    for (const double time : {0.0, 1.7}) {
        SceneSession recorder(assets::make_default_scene());
        SceneSession replayer(assets::make_default_scene());
        const Counts c =
            record_and_replay(recorder, replayer, time, identify_model("default", false), 21, 24);
        EXPECT_EQ(c.selections, 24);
        EXPECT_GT(c.non_empty, 12);
        EXPECT_EQ(c.visible_only, 12);
        EXPECT_GT(c.lassos, 4);
    }
    const std::string bunny = "/usr/share/glmark2/models/bunny.obj";
    SceneSession recorder(assets::load_model(bunny));
    SceneSession replayer(assets::load_model(bunny));
    const Counts c =
        record_and_replay(recorder, replayer, 0.0, identify_model(bunny, false), 22, 12);
    EXPECT_EQ(c.selections, 12);
    EXPECT_GT(c.non_empty, 8);
}

TEST(SelectionRecord, TheDigestIsFnv1a64OfTheLittleEndianIndices) {
    EXPECT_EQ(triangles_digest({}), 0xcbf29ce484222325ull);  // FNV-1a 64's offset basis
    // The bytes 'a' 'b' 'c' 'd', the index 0x64636261 little-endian: FNV-1a 64 of "abcd".
    const std::vector<std::uint32_t> abcd{0x64636261u};
    EXPECT_EQ(triangles_digest(abcd), 0xfc179f83ee0724ddull);
    const std::vector<std::uint32_t> a{1, 2, 3}, b{1, 2, 4}, c{1, 2};
    EXPECT_NE(triangles_digest(a), triangles_digest(b));
    EXPECT_NE(triangles_digest(a), triangles_digest(c));
}

/// A recorded X-ray rectangle over the whole view of the default scene.
SelectionRecord recorded_selection() {
    SceneSession session(assets::make_default_scene());
    SelectionRecordSetup setup;
    setup.model = identify_model("default", false);
    setup.view = opening_view(glm::vec2(setup.window));
    const picking::Aabb bounds = session.animated_bounds();
    setup.camera.frame(bounds.min, bounds.max, setup.view.width() / setup.view.height());
    setup.region.points = {setup.view.min + 40.0f, setup.view.max - 40.0f};
    RegionOutcome out;
    EXPECT_EQ(select_for_record(session, setup, 1, out), std::nullopt);
    return {setup, selection_result(out.triangles)};
}

TEST(SelectionRecord, AChangedResultIsNamedInTheMismatches) {
    const SelectionRecord record = recorded_selection();
    ASSERT_GE(record.result.objects.size(), 2u);
    SelectionRecordResult changed = record.result;
    changed.objects[1].fnv1a64 ^= 1;
    changed.objects[0].count += 1;
    changed.triangles += 1;
    const auto mismatches = compare_selections(changed, record.result);
    ASSERT_EQ(mismatches.size(), 3u);
    const std::string first = std::to_string(record.result.objects[0].instance);
    const std::string second = std::to_string(record.result.objects[1].instance);
    EXPECT_EQ(mismatches[0].field, "result.triangles");
    EXPECT_EQ(mismatches[1].field, "result.objects[instance=" + first + "].count");
    EXPECT_EQ(mismatches[2].field, "result.objects[instance=" + second + "].fnv1a64");
    // An instance only one side has.
    SelectionRecordResult fewer = record.result;
    fewer.triangles -= fewer.objects.back().count;
    fewer.objects.pop_back();
    const auto missing = compare_selections(fewer, record.result);
    ASSERT_EQ(missing.size(), 3u);
    EXPECT_EQ(missing[1].recorded, "(none)");
}

TEST(SelectionRecord, ABadRecordIsRefusedNamingTheField) {
    const nlohmann::json good = selection_record_to_json(recorded_selection());
    EXPECT_NO_THROW((void)selection_record_from_json(good));
    const auto error_of = [](const nlohmann::json& j) -> std::string {
        try {
            (void)selection_record_from_json(j);
        } catch (const RecordError& e) {
            return e.what();
        }
        return "(accepted)";
    };
    nlohmann::json bits = good;
    bits["camera"]["yaw_bits"] = "0x3f000000";  // the decimal still says the old yaw
    EXPECT_EQ(error_of(bits).rfind("camera.yaw: ", 0), 0u) << error_of(bits);
    nlohmann::json unknown = good;
    unknown["region"]["colour"] = "red";
    EXPECT_EQ(error_of(unknown).rfind("region.colour: unknown field", 0), 0u);
    nlohmann::json point = good;
    point["region"]["points_bits"][1][0] = "0x7f800000";  // infinity
    EXPECT_EQ(error_of(point).rfind("region.points[1][0]: ", 0), 0u) << error_of(point);
    nlohmann::json corners = good;
    corners["region"]["points"].erase(1);
    corners["region"]["points_bits"].erase(1);
    EXPECT_EQ(error_of(corners).rfind("region.points: a rectangle has two corners", 0), 0u);
    nlohmann::json distance = good;
    distance["camera"]["distance"] = 0.0;
    distance["camera"]["distance_bits"] = "0x00000000";
    EXPECT_EQ(error_of(distance).rfind("camera.distance: expected a finite number > 0", 0), 0u);
    nlohmann::json sum = good;
    sum["result"]["triangles"] = sum["result"]["triangles"].get<std::uint64_t>() + 1;
    EXPECT_EQ(error_of(sum).rfind("result.triangles: is not the sum", 0), 0u) << error_of(sum);
    nlohmann::json digest = good;
    digest["result"]["objects"][0]["fnv1a64"] = "12";
    EXPECT_EQ(error_of(digest).rfind("result.objects[0].fnv1a64: ", 0), 0u) << error_of(digest);
    nlohmann::json rule = good;
    rule["region"]["rule"] = "fully inside";
    EXPECT_EQ(error_of(rule).rfind("region.rule: unknown 'fully inside'", 0), 0u);
    EXPECT_THROW((void)parse_selection_record("{not json"), RecordError);
}

}  // namespace
}  // namespace app
