// --animate PARAM=FROM:TO: which number of a scenario moves, and from where to where.
//
// PARAM is a cell key as --layout-out writes it (X[1][0], W_Q[0][1][0],
// Q[0][2][1], X_kv[2][0], W_O[3][1], target[0][0]) or "temperature". The
// frames are evenly spaced from FROM to TO, both included.
#pragma once

#include <string>

#include "core/model/scenario.h"

namespace core {

inline constexpr int kDefaultFrames = 60, kMinFrames = 2, kMaxFrames = 600;
inline constexpr int kDefaultFps = 30, kMinFps = 1, kMaxFps = 60;

struct Sweep {
  std::string param;  // a cell key or "temperature"
  double from = 0, to = 0;
  int frames = kDefaultFrames;
  int fps = kDefaultFps;

  // The value at frame k of frames (k = 0 gives FROM, the last gives TO).
  double value(int k) const { return from + (to - from) * k / (frames - 1); }
};

// Reads "PARAM=FROM:TO"; "" when it is well formed, else what is wrong.
std::string parse_sweep(const std::string& text, Sweep& out);

// "" when the sweep can move s: PARAM names an entry s has (in its mode, its
// sizes, its options) and FROM, TO are values that entry may take; else a
// message naming PARAM or the range.
std::string sweep_problem(const Scenario& s, const Sweep& sweep);

// s with PARAM set to value (sweep_problem(s, ...) must be "").
void set_sweep_value(Scenario& s, const std::string& param, double value);
// PARAM's value in s (sweep_problem(s, ...) must be "").
double sweep_value(const Scenario& s, const std::string& param);

}  // namespace core
