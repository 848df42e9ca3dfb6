#include "app/core/pick_record.h"

#include <cmath>
#include <cstdint>
#include <random>

#include <gtest/gtest.h>

#include "app/core/algorithms_model.h"
#include "app/core/pick_replay.h"
#include "assets/load_model.h"
#include "assets/procedural/default_scene.h"
#include "picking/ray_triangle/ray_triangle.h"
#include "picking/testing/seeded_draws.h"

namespace app {
namespace {

using picking::testing::below;
using picking::testing::between;
using picking::testing::coin;

/// A record through its JSON text and back.
PickRecord through_text(const PickRecord& record) {
    return pick_record_from_json(nlohmann::json::parse(pick_record_to_json(record).dump()));
}

/// Random settings: every algorithm, accel, option and tolerance of a record.
PickChoice random_choice(std::mt19937& rng) {
    PickChoice choice;
    const auto& algorithm =
        picking::kRayTriangleAlgorithms[below(rng, picking::kRayTriangleAlgorithms.size())];
    const auto& accels = accel_names();
    EXPECT_FALSE(parse_pick_choice(algorithm.name, accels[below(rng, accels.size())], choice));
    picking::PickSettings& s = choice.options();
    s.space = coin(rng) ? picking::RaySpace::BoneSpace : picking::RaySpace::WorldTriangles;
    auto& o = s.triangle_options;
    o.cull_backfaces = coin(rng);
    o.seed_ignores_t_range = coin(rng);
    o.xna_first_found = coin(rng);
    // Half the time the seeds' own tolerances, else anything up to ten times them.
    if (coin(rng)) o.dx_det_epsilon = between(rng, 0.0f, 1e-3f);
    if (coin(rng)) o.unity_det_epsilon = between(rng, 0.0f, 1e-4f);
    if (coin(rng)) o.unity_edge_tolerance = between(rng, 0.0f, 1e-4f);
    s.shapes.sphere =
        picking::kSphereAlgorithms[below(rng, picking::kSphereAlgorithms.size())].form;
    s.shapes.rect = std::array{picking::RectTest::Seed, picking::RectTest::AxisAligned,
                               picking::RectTest::Oriented}[below(rng, 3)];
    s.shapes.slab = coin(rng) ? picking::SlabTest::Seed : picking::SlabTest::Robust;
    if (coin(rng)) s.shapes.slab_epsilon = between(rng, 0.0f, 1e-2f);
    s.slab_test = coin(rng) ? picking::SlabTest::Seed : picking::SlabTest::Robust;
    s.simd = coin(rng);
    s.precomputed = coin(rng);
    // The viewer keeps the BVH's visited boxes for drawing; a record never does, and the
    // answer must not depend on it.
    s.record_visited = coin(rng);
    return choice;
}

struct ReplayCounts {
    int picks = 0, triangle_hits = 0, shape_hits = 0, misses = 0, bind = 0, far = 0;
};

/// `count` seeded picks on `recorder` with random settings, pose, time and offset, each recorded,
/// written as JSON text, read back and replayed on `replayer` (a second session of the same
/// model, posed by the record alone): every result must come back bit for bit.
ReplayCounts record_and_replay(SceneSession& recorder, SceneSession& replayer,
                               const ModelIdentity& model, unsigned seed, int count) {
    std::mt19937 rng(seed);
    ReplayCounts counts;
    const int clips = int(recorder.scene().clips.size());
    for (int i = 0; i < count; ++i) {
        // The pose: a clip (or the rest pose), looping or not, a time, sometimes far away.
        recorder.set_clip(int(below(rng, std::size_t(clips + 1))) - 1);
        recorder.set_loop(coin(rng));
        recorder.set_time(double(between(rng, -1.0f, 6.0f)));
        const bool far = below(rng, 5) == 0;
        recorder.set_world_offset(far ? far_offset(std::pow(10.0, double(below(rng, 7))))
                                      : glm::dvec3(0.0));
        const PickChoice choice = random_choice(rng);
        const PoseChoice pose = below(rng, 5) == 0 ? PoseChoice::Bind : PoseChoice::Current;
        recorder.prepare(choice.accel());

        // A ray from a sphere around the scene at a point of its box, with a random t range.
        const picking::Aabb bounds = recorder.world_bounds();
        // Braces: the draws happen left to right under any compiler.
        const glm::vec3 aim{between(rng, 0, 1), between(rng, 0, 1), between(rng, 0, 1)};
        const glm::vec3 direction{between(rng, -1, 1), between(rng, -1, 1), between(rng, -1, 1)};
        const glm::vec3 from = glm::normalize(direction + glm::vec3(0.0f, 0.01f, 0.0f));
        picking::Ray ray;
        ray.origin = bounds.center() + 2.0f * bounds.radius() * from;
        ray.direction =
            (glm::mix(bounds.min, bounds.max, aim) - ray.origin) * between(rng, 0.25f, 4.0f);
        if (coin(rng)) ray.t_min = between(rng, 0.0f, 0.5f);
        if (below(rng, 4) == 0) ray.t_max = ray.t_min + between(rng, 0.0f, 2.0f);

        PickRecord record;
        record.setup = record_setup(recorder, model, choice, pose, ray);
        record.result = record_result(recorder.pick(ray, choice, pose));

        const PickRecord read = through_text(record);
        // The text holds every input exactly: writing what was read gives the same text.
        EXPECT_EQ(pick_record_to_json(read).dump(), pick_record_to_json(record).dump());
        EXPECT_FALSE(pose_for_record(replayer, read.setup));
        PickRecord replayed;
        replayed.setup =
            record_setup(replayer, model, read.setup.choice, read.setup.pose, read.setup.ray);
        replayed.result = record_result(replay_pick(replayer, read.setup));
        const auto mismatches = compare_records(read, replayed);
        EXPECT_TRUE(mismatches.empty())
            << "pick " << i << " of seed " << seed << ": " << mismatches.front().field
            << " recorded " << mismatches.front().recorded << ", replayed "
            << mismatches.front().replayed << "\n"
            << pick_record_to_json(record).dump();
        if (!mismatches.empty()) break;
        ++counts.picks;
        counts.triangle_hits += record.result.triangle.has_value();
        counts.shape_hits += record.result.shape.has_value();
        counts.misses += !record.result.triangle && !record.result.shape;
        counts.bind += pose == PoseChoice::Bind;
        counts.far += far;
    }
    return counts;
}

TEST(PickRecord, AThousandSeededPicksReplayBitForBit) {
    // 700 on the built-in scene (animated arm, skinned tentacle, analytic shapes) and 300 on a
    // skinned, animated FBX file of Debian's assimp-testmodels.
    SceneSession recorder(assets::make_default_scene());
    SceneSession replayer(assets::make_default_scene());
    const ModelIdentity built_in = identify_model("default", false);
    const ReplayCounts scene = record_and_replay(recorder, replayer, built_in, 15, 700);
    EXPECT_EQ(scene.picks, 700);
    // The draws reach every kind of outcome.
    EXPECT_GT(scene.triangle_hits, 150);
    EXPECT_GT(scene.shape_hits, 20);
    EXPECT_GT(scene.misses, 50);
    EXPECT_GT(scene.bind, 50);
    EXPECT_GT(scene.far, 50);

    const std::string file = "/usr/share/assimp/models/FBX/huesitos.fbx";
    SceneSession file_recorder(assets::load_model(file));
    SceneSession file_replayer(assets::load_model(file));
    ASSERT_FALSE(file_recorder.scene().clips.empty());
    const ModelIdentity model = identify_model(file, false);
    const ReplayCounts animated = record_and_replay(file_recorder, file_replayer, model, 16, 300);
    EXPECT_EQ(animated.picks, 300);
    EXPECT_GT(animated.triangle_hits, 60);
}

TEST(PickRecord, TheModelHashIsTheFilesSha256) {
    // FIPS 180-2's example: SHA-256("abc").
    EXPECT_EQ(sha256_hex("abc"),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const ModelIdentity built_in = identify_model("default", false);
    EXPECT_FALSE(built_in.sha256);
    EXPECT_FALSE(identify_model("knot:1000", false).sha256);
    EXPECT_THROW((void)identify_model("/nonexistent/model.obj", false), std::runtime_error);
}

/// A recorded pick of the default scene that hits a triangle, as JSON.
nlohmann::json recorded_hit(SceneSession& session) {
    const picking::Ray ray{{-2.5f, 10.0f, 1.65f}, {0, -2, 0}};  // down onto the ball
    PickRecord record;
    record.setup =
        record_setup(session, identify_model("default", false), {}, PoseChoice::Current, ray);
    record.result = record_result(session.pick(ray, {}));
    EXPECT_TRUE(record.result.triangle);
    return nlohmann::json::parse(pick_record_to_json(record).dump());
}

TEST(PickRecord, ATamperedResultIsAMismatchNamingTheField) {
    SceneSession session(assets::make_default_scene());
    nlohmann::json j = recorded_hit(session);
    j["result"]["triangle"] = j["result"]["triangle"].get<std::uint32_t>() + 1;
    const float t = j["result"]["t"].get<float>();
    const float later = std::nextafter(t, 1e9f);  // one ulp: only the bits tell
    j["result"]["t"] = double(later);
    j["result"]["t_bits"] = float_bits_text(later);
    const PickRecord read = pick_record_from_json(j);
    ASSERT_FALSE(pose_for_record(session, read.setup));
    PickRecord replayed{read.setup, record_result(replay_pick(session, read.setup))};
    const auto mismatches = compare_records(read, replayed);
    ASSERT_EQ(mismatches.size(), 2u);
    EXPECT_EQ(mismatches[0].field, "result.triangle");
    EXPECT_EQ(mismatches[1].field, "result.t");
    EXPECT_EQ(mismatches[1].recorded,
              float_bits_text(later) + " (" + nlohmann::json(double(later)).dump() + ")");
}

/// The message of reading a broken record (empty when it reads).
std::string error_of(const nlohmann::json& j) {
    try {
        (void)pick_record_from_json(j);
    } catch (const PickRecordError& e) {
        return e.what();
    }
    return "";
}

TEST(PickRecord, HostileRecordsAreRefusedNamingTheField) {
    SceneSession session(assets::make_default_scene());
    const nlohmann::json good = recorded_hit(session);
    EXPECT_EQ(error_of(good), "");
    const auto broken = [&](auto&& edit) {
        nlohmann::json j = good;
        edit(j);
        return error_of(j);
    };
    EXPECT_EQ(broken([](auto& j) { j["settings"].erase("accel"); }), "settings.accel: missing");
    EXPECT_EQ(broken([](auto& j) { j["settings"]["simd"] = 1; }),
              "settings.simd: expected true or false");
    EXPECT_EQ(broken([](auto& j) { j["settings"]["typo"] = 1; }), "settings.typo: unknown field");
    EXPECT_EQ(broken([](auto& j) { j["result"]["triangle"] = 1e30; }),
              "result.triangle: expected a whole number >= 0");
    EXPECT_EQ(broken([](auto& j) { j["result"]["triangle"] = 5'000'000'000ull; }),
              "result.triangle: more than 4294967295");
    EXPECT_EQ(broken([](auto& j) { j["result"]["triangle"] = -1; }),
              "result.triangle: expected a whole number >= 0");
    EXPECT_EQ(broken([](auto& j) { j["model"]["sha256"] = "abc"; }),
              "model.sha256: expected 64 lower-case hex digits or null");
    EXPECT_EQ(broken([](auto& j) {
                  j["settings"]["algorithm"] = "magic";
              }).starts_with("settings.algorithm: unknown algorithm 'magic'"),
              true);
    EXPECT_EQ(broken([](auto& j) { j["pose"]["pose"] = "sideways"; }),
              "pose.pose: unknown 'sideways' (known: current, bind)");
    // The decimal beside the bits must agree with them.
    EXPECT_EQ(broken([](auto& j) { j["settings"]["dx_det_epsilon"] = 0.5; }),
              "settings.dx_det_epsilon: the number 0.5 does not match its bits "
              "(9.999999747378752e-05)");
    EXPECT_EQ(broken([](auto& j) { j["settings"]["dx_det_epsilon_bits"] = "0x1234"; }),
              "settings.dx_det_epsilon_bits: expected \"0x\" and 8 hex digits (the value's "
              "bits), not '0x1234'");
    // A negative tolerance, a NaN one.
    EXPECT_EQ(broken([](auto& j) {
                  j["settings"]["unity_det_epsilon"] = -1.0;
                  j["settings"]["unity_det_epsilon_bits"] = "0xbf800000";
              }),
              "settings.unity_det_epsilon: expected a finite number >= 0");
    EXPECT_EQ(broken([](auto& j) {
                  j["settings"]["unity_det_epsilon"] = nullptr;
                  j["settings"]["unity_det_epsilon_bits"] = "0x7fc00000";
              }),
              "settings.unity_det_epsilon: expected a finite number >= 0");
    // A ray with NaN bits is refused as `raypick pick` refuses it.
    EXPECT_EQ(broken([](auto& j) {
                  j["ray"]["origin"][1] = nullptr;
                  j["ray"]["origin_bits"][1] = "0x7fc00000";
              }),
              "ray: the ray origin is not finite (NaN or infinity)");
    EXPECT_EQ(broken([](auto& j) { j["ray"]["origin"][1] = nullptr; }),
              "ray.origin[1]: expected a number");
    EXPECT_EQ(broken([](auto& j) {
                  j["ray"]["direction"] = {0, 0};
              }),
              "ray.direction: expected an array of 3 numbers");
    EXPECT_EQ(broken([](auto& j) { j["version"] = 2; }), "version: this raypick reads version 1");
    EXPECT_EQ(broken([](auto& j) { j["result"]["hit"] = false; }),
              "result.hit: disagrees with kind 'triangle'");
    EXPECT_EQ(broken([](auto& j) { j = nlohmann::json::array(); }), "expected an object");
    EXPECT_EQ(broken([](auto& j) { j["pose"]["time_bits"] = "0x7ff0000000000000"; }),
              "pose.time: expected null: its bits are not a finite number");
}

TEST(PickRecord, FilesHoldOneRecordAnArrayOrOnePerLine) {
    SceneSession session(assets::make_default_scene());
    const std::string one = recorded_hit(session).dump();
    EXPECT_EQ(parse_pick_records(one).size(), 1u);
    EXPECT_EQ(parse_pick_records("[" + one + "," + one + "]").size(), 2u);
    EXPECT_EQ(parse_pick_records(one + "\n\n" + one + "\n" + one + "\n").size(), 3u);
    EXPECT_EQ(parse_pick_records(recorded_hit(session).dump(2)).size(), 1u);
    try {
        (void)parse_pick_records(one + "\n{\"record\": 3}\n");
        ADD_FAILURE() << "a bad second line read";
    } catch (const PickRecordError& e) {
        EXPECT_STREQ(e.what(), "line 2: record: expected a string");
    }
    EXPECT_THROW((void)parse_pick_records(""), PickRecordError);
    EXPECT_THROW((void)parse_pick_records("[]"), PickRecordError);
    EXPECT_THROW((void)parse_pick_records("not json"), PickRecordError);
}

TEST(PickRecord, AMissingClipIsAnError) {
    SceneSession session(assets::make_default_scene());
    PickRecord record{record_setup(session, identify_model("default", false), {},
                                   PoseChoice::Current, picking::Ray{}),
                      {}};
    record.setup.animation.clip = 7;
    record.setup.animation.clip_name = "dance";
    EXPECT_EQ(pose_for_record(session, record.setup),
              "the record's clip 7 ('dance') is not in this model (it has 1 clips)");
}

}  // namespace
}  // namespace app
