#include "core/designs/positions.h"

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "core/designs/one_w.h"
#include "core/math/portable_math.h"
#include "core/text/json_text.h"
#include "core/text/translate.h"

namespace core {

// portable:: sin, cos and pow, not libm's, which round otherwise in the page (portable_math.h).
void sinusoidal_encoding(int count, int d_model, double base, Mat& out) {
  out.resize(count, d_model);
  double divisor[(kMaxDModel + 1) / 2];  // columns 2i and 2i+1 share the frequency of pair i
  for (int pair = 0; 2 * pair < d_model; ++pair) divisor[pair] = portable::pow(base, 2.0 * pair / d_model);
  for (int p = 0; p < count; ++p)
    for (int c = 0; c < d_model; ++c) {
      const double angle = p / divisor[c / 2];
      out(p, c) = c % 2 == 0 ? portable::sin(angle) : portable::cos(angle);
    }
}

Mat sinusoidal_encoding(int count, int d_model, double base) {
  Mat out;
  sinusoidal_encoding(count, d_model, base, out);
  return out;
}

double rope_frequency(int pair, int d_k, double base) { return portable::pow(base, -2.0 * pair / d_k); }

void rope_rotate(Mat& M, double base, int direction) {
  const int cols = static_cast<int>(M.cols());
  for (int pair = 0; 2 * pair + 1 < cols; ++pair) {
    const double theta = rope_frequency(pair, cols, base);
    for (Eigen::Index p = 1; p < M.rows(); ++p) {  // position 0 does not turn
      const double angle = direction * static_cast<double>(p) * theta;
      const double c = portable::cos(angle), s = portable::sin(angle);
      const double x = M(p, 2 * pair), y = M(p, 2 * pair + 1);
      M(p, 2 * pair) = c * x - s * y;
      M(p, 2 * pair + 1) = s * x + c * y;
    }
  }
}

void positions_problems(const Scenario& s, std::vector<std::string>& problems) {
  const Options& o = s.options;
  if (sinusoidal_positions(o) && s.mode != Mode::Projected)
    problems.push_back("options.positions: \"sinusoidal\" adds PE to X, so it is only in projected mode, and mode is "
                       "\"direct\"; use \"rope\", which turns the given Q and K");
  if (rope_positions(o) && one_w(o))
    problems.push_back("options.positions: \"rope\" cannot be combined with options.merged_qk (RoPE turns q and k "
                       "of d_k coordinates; with one W_h the keys are the rows of X)");
  if (!(o.position_base >= kMinPositionBase && o.position_base <= kMaxPositionBase))
    problems.push_back("options.position_base: expected a number from 1 to 1e6, got " + plain_number(o.position_base));
}

void read_positions(const nlohmann::json& j, Options& o, std::vector<std::string>& errors) {
  if (j.contains("positions")) {
    const nlohmann::json& p = j["positions"];
    if (p == "none") o.positions = Positions::None;
    else if (p == "sinusoidal") o.positions = Positions::Sinusoidal;
    else if (p == "rope") o.positions = Positions::Rope;
    else errors.push_back("options.positions: expected \"none\", \"sinusoidal\" or \"rope\", got " + (p.is_string() ? p.dump() : type_name(p)));
  }
  if (j.contains("position_base")) {
    const nlohmann::json& b = j["position_base"];
    if (!b.is_number() || !std::isfinite(b.get<double>()) || b.get<double>() < kMinPositionBase ||
        b.get<double>() > kMaxPositionBase)
      errors.push_back("options.position_base: expected a number from 1 to 1e6, got " + (b.is_number() ? b.dump() : type_name(b)));
    else
      o.position_base = b.get<double>();
  }
}

std::string positions_tex(const Scenario& s, std::string (*significant)(double)) {
  const Options& o = s.options;
  std::string out;
  if (sinusoidal_positions(o))
    out += " Sinusoidal positions: $X' = X + PE$ before the projections, $PE_{p,2i} = \\sin(p / b^{2i/d_{\\text{model}}})$, "
           "$PE_{p,2i+1} = \\cos(p / b^{2i/d_{\\text{model}}})$ with $b = " + plain_number(o.position_base) + "$" +
           (s.cross() ? ", each sequence counting its positions $p$ from 0." : ".");
  if (rope_positions(o)) {
    out += std::string(" RoPE: ") + (s.mode == Mode::Projected ? "after the projections" : "in the given $Q$ and $K$") +
           ", $q_p$, $k_p$ turned by $p\\cdot\\theta_i$, $\\theta_i = \\text{base}^{-2i/d_k}$ "
           "in each pair of coordinates $(2i, 2i+1)$, with base $= " + plain_number(o.position_base) + "$";
    if (s.d_k < 2) {
      out += ": $d_k = 1$ leaves no pair, so nothing turns.";
    } else {
      out += ": $";
      for (int pair = 0; 2 * pair + 1 < s.d_k; ++pair)
        out += (pair ? ",\\ " : "") + std::string("\\theta_") + std::to_string(pair) + " = " +
               significant(rope_frequency(pair, s.d_k, o.position_base));
      out += "$";
      if (s.d_k % 2) out += " (the last coordinate, $d_k$ odd, is not turned)";
      out += ".";
    }
    out += std::string(" $V$ is not turned") + (s.cross() ? "; each sequence counts its positions $p$ from 0." : ".");
  }
  return out;
}

std::string positions_summary(const Options& o) {
  if (o.positions == Positions::None) return "";
  std::string p = rope_positions(o) ? "RoPE" : tr("sinusoidal PE");
  if (o.position_base != kDefaultPositionBase) {
    char b[40];
    std::snprintf(b, sizeof b, " (base %g)", o.position_base);
    p += b;
  }
  return p;
}

}  // namespace core
