#include "app/viewer/accel_view.h"

#include <memory>

#include <gtest/gtest.h>

#include "assets/procedural/default_scene.h"

namespace app {
namespace {

// A BVH built another way than the one now asked for serves while the new one is built: the
// status says which tree serves and which one is being built, and the new one replaces it.
TEST(AccelView, ANewBuildMethodIsBuiltBehindTheTreeThatServes) {
    auto session = std::make_shared<SceneSession>(assets::make_default_scene());
    AccelView view;
    const AccelPanelState panel;
    view.update(session, Accel::Bvh);
    AccelStatus status = view.status(*session, Accel::Bvh, panel);
    EXPECT_TRUE(status.building);
    EXPECT_EQ(status.building_by, "SAH");
    EXPECT_EQ(status.built_by, "") << "nothing serves yet";
    view.finish(session);
    status = view.status(*session, Accel::Bvh, panel);
    EXPECT_FALSE(status.building);
    EXPECT_EQ(status.built_by, "SAH");

    session->set_bvh_build(picking::BvhBuildMethod::Morton);
    view.update(session, Accel::Bvh);
    status = view.status(*session, Accel::Bvh, panel);
    EXPECT_TRUE(status.building);
    EXPECT_EQ(status.building_by, "Morton");
    EXPECT_EQ(status.built_by, "SAH") << "the SAH tree serves meanwhile";
    EXPECT_TRUE(session->accels().ready(Accel::Bvh));
    view.finish(session);
    status = view.status(*session, Accel::Bvh, panel);
    EXPECT_FALSE(status.building);
    EXPECT_EQ(status.built_by, "Morton");
    EXPECT_TRUE(session->bvh_current());

    // SAH asked for, then Morton again while SAH's build runs: that build is dropped, and the
    // Morton tree that serves is what is asked for.
    session->set_bvh_build(picking::BvhBuildMethod::Sah);
    view.update(session, Accel::Bvh);
    EXPECT_EQ(view.status(*session, Accel::Bvh, panel).building_by, "SAH");
    session->set_bvh_build(picking::BvhBuildMethod::Morton);
    view.update(session, Accel::Bvh);
    EXPECT_FALSE(view.building());
    view.finish(session);
    EXPECT_EQ(session->accels().bvh_build(), picking::BvhBuildMethod::Morton);
    EXPECT_EQ(view.status(*session, Accel::Bvh, panel).built_by, "Morton");
}

}  // namespace
}  // namespace app
