#include "picking/tritri/triangle_triangle.h"

#include "picking/tritri/triangle_triangle_trace.h"

namespace picking {

const TriTriAlgorithm* find_tri_tri_algorithm(std::string_view name) {
    for (const auto& algorithm : kTriTriAlgorithms)
        if (algorithm.name == name) return &algorithm;
    return nullptr;
}

const TriTriAlgorithm& tri_tri_algorithm(TriTriMethod method) {
    for (const auto& algorithm : kTriTriAlgorithms)
        if (algorithm.method == method) return algorithm;
    return kTriTriAlgorithms.front();
}

std::string_view step_name(Seed003Step step) {
    switch (step) {
        case Seed003Step::Degenerate:
            return "degenerate input";
        case Seed003Step::ExactFallback:
            return "overflow: exact test";
        case Seed003Step::IllConditioned:
            return "V a sliver: exact test";
        case Seed003Step::Parallel:
            return "special case 1: parallel";
        case Seed003Step::Step1:
            return "step 1: no c_i in [0, 1]";
        case Seed003Step::Step2:
            return "step 2: a point inside V";
        case Seed003Step::Step3:
            return "step 3: projections";
    }
    return "?";
}

std::string_view step_name(Moller97Step step) {
    switch (step) {
        case Moller97Step::Degenerate:
            return "degenerate input";
        case Moller97Step::ExactFallback:
            return "overflow: exact test";
        case Moller97Step::PlaneOfV:
            return "Q on one side of V's plane";
        case Moller97Step::PlaneOfQ:
            return "V on one side of Q's plane";
        case Moller97Step::Coplanar:
            return "coplanar: 2D edge tests";
        case Moller97Step::IllConditioned:
            return "sliver or near-parallel: exact test";
        case Moller97Step::Intervals:
            return "intervals on the line";
    }
    return "?";
}

std::string_view step_name(GuigueDevillersStep step) {
    switch (step) {
        case GuigueDevillersStep::Degenerate:
            return "degenerate input";
        case GuigueDevillersStep::PlaneOfV:
            return "Q on one side of V's plane";
        case GuigueDevillersStep::PlaneOfQ:
            return "V on one side of Q's plane";
        case GuigueDevillersStep::Coplanar:
            return "coplanar: 2D orientations";
        case GuigueDevillersStep::Interval:
            return "canonical form: two signs";
    }
    return "?";
}

}  // namespace picking
