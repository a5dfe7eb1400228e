#include "core/designs/shared_qk.h"

namespace core {

void shared_qk_problems(const Scenario& s, std::vector<std::string>& problems) {
  if (s.cross() && shared_qk(s.options) && s.mode == Mode::Direct)
    problems.push_back("options.shared_qk: not with tokens_kv in direct mode (K := Q would make the keys the "
                       "queries' sequence); in projected mode shared QK means K = X_kv·W_Q");
}

void shared_qk_for_cross_attention(Scenario& s) {
  if (s.mode != Mode::Direct || !shared_qk(s.options)) return;
  for (int h = 0; h < s.heads; ++h) s.K[h] = s.Q[h];
  s.options.shared_qk = false;
}

std::string shared_qk_tex(const Scenario& s) {
  if (!shared_qk(s.options)) return "";
  return s.mode == Mode::Projected ? " Shared QK: $W^K = W^Q$." : " Shared QK: $K = Q$.";
}

std::string shared_qk_torch_keys(const Scenario& s, const std::string& own) {
  if (!shared_qk(s.options)) return own;
  return s.mode == Mode::Projected ? "W_Q  # shared QK (Reformer)" : "Q  # shared QK (Reformer)";
}

}  // namespace core
