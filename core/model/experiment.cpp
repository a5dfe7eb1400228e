#include "core/model/experiment.h"

#include "core/designs/attention_alt.h"
#include "core/designs/one_w.h"
#include "core/designs/shared_qk.h"

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

std::vector<std::string> start_problems(const Variant& v) {
  std::vector<std::string> problems;
  if (v.qk_factor != 1 && (one_w(v.options) || shared_qk(v.options)))
    problems.push_back("qk_factor: needs separate W^Q and W^K (not one W, not shared QK), whose balance it sets");
  if (v.w_from_product && !one_w(v.options)) problems.push_back("W: \"product\" is one W's start (options.merged_qk)");
  if (v.alt_start != Variant::AltStart::Drawn && !attention_alt(v.options))
    problems.push_back("W_alt: AttentionAlt's matrix (options.head_output \"alt\")");
  return problems;
}

Scenario blank_model(const Experiment& e, const Variant& v) {
  const Options& o = v.options;
  Scenario s = make_zero_scenario(e.n, e.d_model, variant_d_k(e, v), e.heads);
  fit_keys(s, e);
  s.options = o;
  s.has_target = true;
  s.target = Mat::Zero(e.n, e.d_model);
  if (attention_alt(o)) s.has_W_alt = true;  // drawn like the others, unless the variant's start says otherwise
  return s;
}


void set_task(Experiment& e, TaskKind task) {
  e.task = task;
  if (!cross_task(e.task) || e.m == 0) set_cross_attention(e, false);  // one sequence: no X_kv, in the teacher neither
  if (e.task == TaskKind::Align && e.m == 0) e.m = e.n;  // align needs the encoder's
  if (e.task == TaskKind::CopyPrevious) e.d_model = 4;   // (0, 0, content, 1)
  if (e.task == TaskKind::Teacher && e.teacher.d_model != e.d_model)
    e.teacher = make_zero_scenario(e.n, e.d_model, e.d_k, e.heads);
}

void set_cross_attention(Experiment& e, bool on) {
  e.m = on ? e.n : 0;
  if (!on && e.teacher.cross()) set_cross_attention(e.teacher, false);
}

void fit_teacher_tokens(Experiment& e) {
  if (e.task == TaskKind::Teacher && e.teacher.n() != e.n) resize(e.teacher, e.n, e.teacher.d_model, e.teacher.d_k, e.teacher.heads);
}

void use_as_teacher(Experiment& e, const Scenario& views) {
  e.teacher = views;
  e.teacher.has_target = false;
  e.teacher.notes.clear();
  e.teacher.title = views.title.substr(0, 200);
  e.d_model = views.d_model;
  if (views.cross()) e.m = views.m();  // a cross-attention teacher: the experiment draws X_kv too
  resize(e.teacher, e.n, e.teacher.d_model, e.teacher.d_k, e.teacher.heads);
}

}  // namespace core
