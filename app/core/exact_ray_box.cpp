// The exact ray–box test: 1D Helly (intervals on the t line meet iff every pair meets), with
// every comparison of two slab parameters made exact by cross-multiplying and summing the
// products as a floating-point expansion (Shewchuk 1997: two_sum, two_product, grow_expansion).

#include "app/core/exact_ray_box.h"

#include <array>
#include <cmath>

namespace app {

namespace {

/// a + b = sum + error exactly (Knuth's two_sum; no rounding mode tricks, no fused operations).
void two_sum(double a, double b, double& sum, double& error) {
    sum = a + b;
    const double b_virtual = sum - a;
    const double a_virtual = sum - b_virtual;
    error = (a - a_virtual) + (b - b_virtual);
}

/// a * b = product + error exactly (std::fma rounds once: the error is exact). Inputs here are
/// floats or float differences, far from double's underflow and overflow.
void two_product(double a, double b, double& product, double& error) {
    product = a * b;
    error = std::fma(a, b, -product);
}

/// The sign of the exact sum of `terms`: grown into a non-overlapping expansion, whose largest
/// non-zero component (the last) carries the sum's sign.
template <std::size_t N>
int sign_of_exact_sum(const std::array<double, N>& terms) {
    std::array<double, N> expansion{};
    std::size_t length = 0;
    for (const double term : terms) {
        double carry = term;
        for (std::size_t i = 0; i < length; ++i) {
            double sum = 0.0, error = 0.0;
            two_sum(carry, expansion[i], sum, error);
            expansion[i] = error;
            carry = sum;
        }
        expansion[length++] = carry;
    }
    for (std::size_t i = length; i-- > 0;)
        if (expansion[i] != 0.0) return expansion[i] > 0.0 ? 1 : -1;
    return 0;
}

}  // namespace

int exact_sign_of_difference_products(float a, float b, float c, float d, float e, float f) {
    // a - b and d - e, each exactly as two doubles.
    double ab = 0.0, ab_error = 0.0, de = 0.0, de_error = 0.0;
    two_sum(double(a), -double(b), ab, ab_error);
    two_sum(double(d), -double(e), de, de_error);
    std::array<double, 8> terms{};
    two_product(ab, double(c), terms[0], terms[1]);
    two_product(ab_error, double(c), terms[2], terms[3]);
    two_product(-de, double(f), terms[4], terms[5]);
    two_product(-de_error, double(f), terms[6], terms[7]);
    return sign_of_exact_sum(terms);
}

bool ray_touches_box_exactly(glm::vec3 origin, glm::vec3 direction, glm::vec3 box_min,
                             glm::vec3 box_max) {
    // Each slab with a non-zero direction component is the interval [entry, exit] of t, with
    // entry = (entry_plane - O) / D and exit = (exit_plane - O) / D.
    std::array<float, 3> entry_plane{}, exit_plane{};
    std::array<bool, 3> bounded{};
    for (int axis = 0; axis < 3; ++axis) {
        if (!(box_min[axis] <= box_max[axis])) return false;  // an empty box
        if (direction[axis] == 0.0f) {
            // Parallel to the slab: inside it for every t, or never.
            if (origin[axis] < box_min[axis] || origin[axis] > box_max[axis]) return false;
            continue;
        }
        bounded[std::size_t(axis)] = true;
        const bool positive = direction[axis] > 0.0f;
        entry_plane[std::size_t(axis)] = positive ? box_min[axis] : box_max[axis];
        exit_plane[std::size_t(axis)] = positive ? box_max[axis] : box_min[axis];
    }
    for (int j = 0; j < 3; ++j) {
        if (!bounded[std::size_t(j)]) continue;
        // exit_j >= 0: the exit plane is not behind the origin.
        const float exit_j = exit_plane[std::size_t(j)];
        if (direction[j] > 0.0f ? exit_j < origin[j] : exit_j > origin[j]) return false;
        for (int i = 0; i < 3; ++i) {
            if (i == j || !bounded[std::size_t(i)]) continue;
            // entry_i <= exit_j, multiplied by D_i D_j: (E_i - O_i) D_j <= (X_j - O_j) D_i
            // when D_i D_j > 0, and >= when it is negative.
            const int sign =
                exact_sign_of_difference_products(entry_plane[std::size_t(i)], origin[i],
                                                  direction[j], exit_j, origin[j], direction[i]);
            const bool same_signs = (direction[i] > 0.0f) == (direction[j] > 0.0f);
            if (same_signs ? sign > 0 : sign < 0) return false;
        }
    }
    return true;
}

}  // namespace app
