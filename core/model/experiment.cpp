#include "core/model/experiment.h"

namespace core {

const char* to_string(TaskKind t) {
  switch (t) {
    case TaskKind::Teacher: return "teacher";
    case TaskKind::PreviousToken: return "previous_token";
    case TaskKind::MatchPair: return "match_pair";
    case TaskKind::CopyPrevious: return "copy_previous";
    case TaskKind::Align: return "align";
  }
  return "?";
}

std::vector<std::string> token_labels(const char* prefix, int count) {
  std::vector<std::string> t;
  for (int i = 0; i < count; ++i) t.push_back(prefix + std::to_string(i));
  return t;
}

void fit_keys(Scenario& s, const Experiment& e) {
  if (e.m == 0) return;
  if (!s.cross()) {
    s.tokens_kv = token_labels("e", e.m);
    s.X_kv = Mat::Zero(e.m, s.d_model);
  } else if (s.m() != e.m) {
    resize_keys(s, e.m);
  }
}

Scenario blank_model(const Experiment& e, const Variant& v) {
  const Options& o = v.options;
  Scenario s = make_zero_scenario(e.n, e.d_model, variant_d_k(e, v), e.heads);
  fit_keys(s, e);
  s.options = o;
  s.has_target = true;
  s.target = Mat::Zero(e.n, e.d_model);
  if (o.head_output == HeadOutput::Alt) s.has_W_alt = true;
  return s;
}

}  // namespace core
