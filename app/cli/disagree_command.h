#pragma once
/// `raypick disagree MODEL --a NAME --b NAME --out FILE.png [--far D] [--size WxH] [--ulps K]`:
/// every pixel of the viewer's opening view cast with two algorithms, written as a picture of
/// where they disagree (app/core/disagreement.h); prints one JSON line of the counts.

#include <string>

namespace app {

struct DisagreeCommandOptions {
    std::string model;
    std::string a = "moller_trumbore";
    std::string b = "reference";
    std::string out;
    std::string accel = "bvh";
    std::string size = "1280x720";
    double far_distance = 0.0;  ///< the model moved this far from the origin first
    int ulps = 4;               ///< t further apart than this many ULPs differs
    unsigned threads = 0;
    double time = 0.0;
    double load_timeout = 0.0;
};

[[nodiscard]] int run_disagree_command(const DisagreeCommandOptions& options);

}  // namespace app
