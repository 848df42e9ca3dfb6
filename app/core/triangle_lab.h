#pragma once
/// The Triangle lab's model: two triangles V and Q to edit, the seed's nine cases as presets,
/// and everything every triangle–triangle algorithm computed about them (no GUI here; the
/// panel and the viewer draw it).

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "picking/tritri/triangle_pair_case.h"
#include "picking/tritri/triangle_triangle.h"
#include "picking/tritri/triangle_triangle_trace.h"

namespace app {

/// One algorithm's answer in the lab.
struct LabAnswer {
    const picking::TriTriAlgorithm* algorithm = nullptr;
    std::optional<picking::TriangleContact> contact;  ///< set when it says they intersect
};

/// What the lab shows about the current pair.
struct LabReport {
    picking::TriTriCase exact_case = picking::TriTriCase::Degenerate;
    double distance_to_touching = 0.0;  ///< the gap, or the depth to pull them apart
    std::array<LabAnswer, picking::kTriTriAlgorithms.size()> answers{};
    picking::Seed003Trace seed003;
    picking::Moller97Trace moller97;
    picking::GuigueDevillersTrace guigue_devillers;
};

class TriangleLab {
  public:
    TriangleLab();

    /// Corner i of the pair: 0..2 are V0..V2, 3..5 are Q0..Q2.
    [[nodiscard]] glm::vec3 corner(int i) const;
    void set_corner(int i, glm::vec3 p);
    [[nodiscard]] const picking::TrianglePair& pair() const { return pair_; }
    void set_pair(const picking::TrianglePair& pair);
    void swap_triangles();

    /// The hand-made example of a seed case (small integers, V in z = 0).
    void load_preset(picking::TriTriCase id);
    /// A random pair of that case from the generator (the n-th one of a fixed seed).
    void load_random(picking::TriTriCase id, std::uint64_t n);
    [[nodiscard]] std::optional<picking::TriTriCase> preset() const { return preset_; }

    /// Recomputed whenever the pair changes.
    [[nodiscard]] const LabReport& report() const { return report_; }

    /// The box around both triangles (for framing the camera).
    [[nodiscard]] std::pair<glm::vec3, glm::vec3> bounds() const;

  private:
    void evaluate();

    picking::TrianglePair pair_;
    std::optional<picking::TriTriCase> preset_;
    LabReport report_;
};

/// The hand-made pair of each seed case, as the unit tests use them.
[[nodiscard]] picking::TrianglePair lab_preset_pair(picking::TriTriCase id);

}  // namespace app
