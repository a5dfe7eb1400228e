#include "app/training/lab.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>

#include "app/files/files.h"  // open_experiment
#include "app/files/platform_files.h"  // shown_path
#include "app/training/model_text.h"
#include "app/training/training_worker.h"
#include "core/io/experiment_json.h"
#include "core/model/head_in_views.h"
#include "core/model/markup.h"

namespace app {

namespace {

// A new run of the experiment as it is, paused at step 0 (or none when it cannot run): the
// table has its parameter counts and the thumbnails the starting weights before Run.
void new_run(Lab& lab) {
  lab.worker.reset();  // joins the thread: the step under way finishes, no other starts
  lab.view = {};
  if (!lab.problems.empty()) return;
  lab.worker = std::make_shared<TrainingWorker>(lab.experiment);
  lab.worker->set_rate(kLabSpeeds[lab.speed].steps_per_second);
  lab.worker->update(lab.view);
}

// What the reader would refuse in e, as the lab runs it: without a recording (it writes no
// RESULT), so that the bound on what a recording may hold does not stop a run it cannot lift.
std::vector<std::string> lab_problems(core::Experiment e) {
  if (e.variants.empty()) return {"no experiment in the lab: open one (File \u2192 Open, or Train \u2192 Training lab)"};
  e.record = false;
  return core::experiment_problems(e);
}

TrainingWorker* ensure_run(AppState& state) {
  Lab& lab = state.lab;
  if (lab.experiment.variants.empty()) lab.problems = lab_problems(lab.experiment);
  if (!lab.problems.empty()) {
    state.status = "cannot train: " + lab.problems.front();
    return nullptr;
  }
  if (!lab.worker) new_run(lab);
  return lab.worker.get();
}

// Open in views, for a design's trained weights and for a trained head: s in the views in place of the
// scenario, as one undo step. Saving must not write s over the lesson that was open, so its file is set
// aside (Ctrl+Z gives it back); the same scenario again replaces nothing: no undo step, and the file stays.
enum class InViews { Refused, Same, Shown };
InViews show_in_views(AppState& state, core::Scenario s) {
  core::Scenario before = state.scenario();
  if (!state.replace(std::move(s))) return InViews::Refused;  // the status line says why
  if (state.scenario() == before) return InViews::Same;
  if (!state.library.file.empty())
    state.library.set_aside = Library::SetAside{state.library.file, state.library.file_stamp, std::move(before), state.scenario()};
  state.library.file.clear();
  state.panels.lesson_step = 0;
  state.view.workspace = Workspace::Views;
  state.view.head = 0;
  return InViews::Shown;
}

}  // namespace

bool refused(AppState& state, const std::vector<std::string>& errors) {
  state.status = "not opened: " + errors.front() + (errors.size() > 1 ? " (and " + std::to_string(errors.size() - 1) + " more)" : "");
  return false;
}

void set_experiment(AppState& state, core::Experiment e, std::string source) {
  Lab& lab = state.lab;
  lab.result.reset();
  lab.experiment = std::move(e);
  lab.source = std::move(source);
  lab.edited = false;
  ++lab.revision;
  lab.problems = lab_problems(lab.experiment);
  new_run(lab);
  state.view.workspace = Workspace::Lab;
}

bool open_result(AppState& state, const std::string& path) {
  core::LmResultLoad loaded = core::load_lm_result_file(path);
  if (!loaded.ok()) return refused(state, loaded.errors);
  show_result(state, std::move(*loaded.result), path);
  return true;
}

void show_result(AppState& state, core::LmResult result, std::string path) {
  Lab& lab = state.lab;
  lab.worker.reset();
  lab.view = {};
  lab.result = std::make_shared<const core::LmResult>(std::move(result));
  lab.result_source = std::move(path);
  lab.view.curves = core::curves_of(*lab.result);
  lab.smoothed = {};
  state.view.workspace = Workspace::Lab;
  int diverged = 0;
  for (const core::LmVariantResult& v : lab.result->variants)
    for (const core::LmRun& run : v.runs) diverged += run.diverged > 0;
  state.status = "opened the result " + shown_path(lab.result_source) + " in the training lab" +
                 (diverged ? ": " + std::to_string(diverged) + (diverged == 1 ? " run" : " runs") + " diverged" : "");
}

void close_result(AppState& state) {
  Lab& lab = state.lab;
  lab.result.reset();
  lab.result_source.clear();
  lab.smoothed = {};
  new_run(lab);
  if (lab.experiment.variants.empty()) state.view.workspace = Workspace::Views;  // no experiment to go back to
}

namespace {
ReadHeadsElsewhere g_heads_read_elsewhere;
}  // namespace

void set_heads_read_elsewhere(ReadHeadsElsewhere where) { g_heads_read_elsewhere = std::move(where); }

void cancel_heads_read_elsewhere() {
  if (g_heads_read_elsewhere.cancel) g_heads_read_elsewhere.cancel();
}

bool open_heads(AppState& state, const std::string& path) {
  if (g_heads_read_elsewhere.start && g_heads_read_elsewhere.start(state, path)) return true;
  return heads_read(state, core::load_heads_file(path), path);
}

bool heads_read(AppState& state, core::HeadsLoad loaded, const std::string& path) {
  if (!loaded.ok()) return refused(state, loaded.errors);
  show_heads(state, std::move(*loaded.heads), path);
  return true;
}

void show_heads(AppState& state, core::HeadsFile heads, std::string path, int head) {
  auto shown = std::make_shared<HeadsShown>();
  shown->source = std::move(path);
  core::measure_forms(heads);  // a file read has them already: its reader measured each head once
  shown->forms = heads.forms;
  for (int i = 0; i < static_cast<int>(heads.heads.size()); ++i) shown->order.push_back(i);
  shown->selected = std::clamp(head, 0, static_cast<int>(heads.heads.size()) - 1);
  shown->file = std::make_shared<const core::HeadsFile>(std::move(heads));
  static std::uint64_t serial = 0;
  shown->serial = ++serial << 16;  // the textures' keys: this file's, and its head's below
  state.lab.heads = std::move(shown);
  state.view.workspace = Workspace::Lab;
  const size_t n = state.lab.heads->file->heads.size();
  state.status = "opened the heads " + shown_path(state.lab.heads->source) + ": " + std::to_string(n) +
                 (n == 1 ? " head" : " heads");
}

void close_heads(AppState& state) {
  state.lab.heads.reset();
  if (!state.lab.result && state.lab.experiment.variants.empty()) state.view.workspace = Workspace::Views;
}

bool open_head_in_views(AppState& state, int dims) {
  if (!state.lab.heads) return false;
  const HeadsShown& shown = *state.lab.heads;
  const core::TrainedHead& h = shown.file->heads[static_cast<size_t>(shown.selected)];
  const core::BilinearForm& whole = shown.forms[static_cast<size_t>(shown.selected)];
  core::HeadInViews in = core::head_in_views(h.W_Q, h.W_K, dims);
  const std::string model = shown.file->model.empty() ? std::string("a trained model") : shown.file->model;
  std::string names;
  for (size_t i = 0; i < in.names.size(); ++i) names += (i ? (i + 1 == in.names.size() ? " and " : ", ") : "") + in.names[i];
  core::Scenario s = std::move(in.scenario);
  s.title = "Layer " + std::to_string(h.layer) + ", head " + std::to_string(h.head) + " of " + model + ", in " +
            std::to_string(in.names.size()) + " of its " + std::to_string(whole.d_model) + " dimensions";
  const double fraction = core::bilinear_form(s.W_Q[0], s.W_K[0]).symmetric_fraction;
  char numbers[256];
  std::snprintf(numbers, sizeof numbers,
                "Its symmetric fraction here is %.3f (1 minus the square of the Scores panel's asymmetry); the whole head's, over all %d "
                "dimensions, is %.3f.",
                fraction, whole.d_model, whole.symmetric_fraction);
  s.notes = "A trained head, brought down to the few directions that matter most to it. Its scores are s_{ij} = x_i W x_jᵀ with "
            "W = W^Q W^{Kᵀ}, a " + std::to_string(whole.d_model) + " × " + std::to_string(whole.d_model) +
            " matrix. The tokens here are directions of the model's space (X is the identity): W sends a query along u1 to keys "
            "along v1 most strongly (its largest singular pair), then u2 to v2, each made perpendicular to the ones before (one "
            "already among them is left out: a symmetric head has v1 = ±u1). On them, each logit (the score over √d_k) is the trained "
            "head's own: the scores S here are the head's times √(" + std::to_string(s.d_k) + "/" + std::to_string(whole.d_k) +
            "), so that dividing by √" + std::to_string(s.d_k) + " gives what dividing by √" + std::to_string(whole.d_k) +
            " gave it. W^Q and W^K here are two small matrices whose product gives the head's scores on these directions, not its own "
            "weights, and W^V, W^O are the identity, so that each output row is the mix of directions its token attends to. " + numbers +
            " Scroll down in the Matrices panel to drag an entry of W^Q or W^K, and watch the Scores panel: QKᵀ against QQᵀ.";
  const InViews put = show_in_views(state, std::move(s));
  if (put != InViews::Shown) return put == InViews::Same;  // refused: the status line says why
  state.status = "the views show layer " + std::to_string(h.layer) + ", head " + std::to_string(h.head) + " on its directions " + names +
                 "; Ctrl+Z brings back the scenario before";
  return true;
}

bool open_text_in_views(AppState& state, int dims) {
  if (!state.lab.text) return false;
  const TextShown& shown = *state.lab.text;
  const int count = static_cast<int>(shown.chosen.size());
  if (!shown.model || shown.forward.inputs.empty()) {
    state.status = "not opened in the views: an attention file holds each head's queries and keys, not the input they came from";
    return false;
  }
  if (count < 2 || count > core::kMaxTokens) {
    state.status = "not opened in the views: choose 2 to " + std::to_string(core::kMaxTokens) + " characters (" + std::to_string(count) + " chosen)";
    return false;
  }
  const core::TrainedModel& m = *shown.model;
  const core::TrainedLayer& layer = m.layers[static_cast<size_t>(shown.layer)];
  const core::TextHead& head = shown.forward.layers[static_cast<size_t>(shown.layer)][static_cast<size_t>(shown.head)];
  const Eigen::MatrixXd& input = shown.forward.inputs[static_cast<size_t>(shown.layer)];
  // W = W^Q·W^Kᵀ of the head; one W's W_h scaled so that head_in_views' √(its d_k = d_model) divides as √d_k does.
  Eigen::MatrixXd W_Q, W_K;
  if (m.options.merged_qk) {
    W_Q = layer.W[static_cast<size_t>(shown.head)] * std::sqrt(static_cast<double>(m.d_model) / m.d_k);
    W_K = Eigen::MatrixXd::Identity(m.d_model, m.d_model);
  } else {
    W_Q = layer.W_Q.middleCols(shown.head * m.d_qk, m.d_qk);
    W_K = m.options.shared_qk ? W_Q : Eigen::MatrixXd(layer.W_K.middleCols(shown.head * m.d_qk, m.d_qk));
  }
  Eigen::MatrixXd X(count, m.d_model), S_text(count, count);
  std::vector<std::string> tokens;
  for (int i = 0; i < count; ++i) {
    const int p = shown.chosen[static_cast<size_t>(i)];
    X.row(i) = input.row(p);
    for (int j = 0; j < count; ++j) S_text(i, j) = head.scores(p, shown.chosen[static_cast<size_t>(j)]);
    tokens.push_back(text_token_name(shown, p));
  }
  core::HeadInViews in = core::text_in_views(W_Q, W_K, std::min(dims, m.d_model), X, tokens);
  // The views' S, in the head's own units: x_i·P·W'·Pᵀ·x_jᵀ; how far it is from the text's S on these characters.
  const double widened = m.options.merged_qk ? std::sqrt(static_cast<double>(m.d_model) / m.d_k) : 1.0;  // one W's scaling, undone
  const Eigen::MatrixXd S_views = (X * in.basis) * in.form * (X * in.basis).transpose() / widened;
  const double gap = S_text.norm() > 0 ? (S_views - S_text).norm() / S_text.norm() : 0.0;
  const Eigen::MatrixXd inside = X * in.basis;
  const double kept = X.squaredNorm() > 0 ? inside.squaredNorm() / X.squaredNorm() : 0.0;
  core::Scenario s = std::move(in.scenario);
  // The chosen characters keep the text's order, so the model's masks apply among them (each row's softmax is then over
  // the chosen alone, and no-self lets a first row keep itself); a temperature divides the same.
  s.options.causal = m.options.causal;
  s.options.no_self = m.options.no_self;
  s.options.temperature = m.options.temperature;
  const core::Options& o = m.options;
  const bool more = o.normalize_keys || o.qk_norm || o.weights == core::Weights::Sigmoid || o.scale == core::Scale::None ||
                    o.head_output == core::HeadOutput::Alt;
  s.title = "Layer " + std::to_string(shown.layer) + ", head " + std::to_string(shown.head) + " of " + shown.title + " on " +
            std::to_string(count) + " characters of \u201C" + core::valid_utf8(shown.text) + "\u201D";
  char numbers[512];
  const int width = m.options.merged_qk ? m.d_k : m.d_qk;  // whose √ divides the head's scores
  std::snprintf(numbers, sizeof numbers,
                "Of these inputs' squared length, %.0f%% lies in the %d directions (%d random directions would hold about "
                "%.0f%%). The head's own scores on these characters differ from what the views' W^Q and W^K give them, "
                "undoing their scaling, by %.2f (‖S here − S there‖ / ‖S there‖: 0 means identical; RoPE counts in it).",
                100 * kept, static_cast<int>(in.names.size()), static_cast<int>(in.names.size()),
                100.0 * static_cast<double>(in.names.size()) / m.d_model, gap);
  s.notes = "Characters of a text, as a trained head saw them: each token's row of X is that character's input to layer " +
            std::to_string(shown.layer) + " (after its layer norm), projected on the " + std::to_string(in.names.size()) +
            " directions that matter most to the head: the top singular vectors of W = W^Q W^{Kᵀ}, u1 on the query side, v1 on "
            "the key side, and so on (a symmetric head's v1 is ±u1: then u1, u2, …). W^Q and W^K here are two small matrices "
            "whose product is W on those directions times √(" + std::to_string(in.names.size()) + "/" + std::to_string(width) +
            "), so that dividing by √" + std::to_string(in.names.size()) + " here does what dividing by √" + std::to_string(width) +
            " did in the head: each logit is the head's on the projected inputs" +
            std::string(m.options.positions == core::Positions::Rope ? ", RoPE aside" : "") +
            ". W^V and W^O are the identity, so that each output row is the mix of the inputs its character attends to, not "
            "the head's output. What is left out: the part of each input outside the directions, " +
            std::string(m.options.positions == core::Positions::Rope ? "RoPE's turn of each query and key by its position, " : "") +
            "the head's own W^V and W^O, and the rest of the text: each row's weights here are shared among the chosen "
            "characters only, so A here is not the head's A" +
            (more ? std::string("; and this model's other options (normalised keys, QK-norm, sigmoid weights, no √d_k or "
                                "AttentionAlt), which the views score as the paper does") : std::string()) +
            ". " + numbers +
            " Drag an entry of X or of W^Q and watch the Scores panel compare QKᵀ with QQᵀ.";
  const InViews put = show_in_views(state, std::move(s));
  if (put != InViews::Shown) return put == InViews::Same;
  char said[160];
  std::snprintf(said, sizeof said, "; %.0f%% of their inputs in these directions, the scores %.2f from the head's own", 100 * kept, gap);
  state.status = "the views show layer " + std::to_string(shown.layer) + ", head " + std::to_string(shown.head) + " on " +
                 std::to_string(count) + " characters" + said + "; Ctrl+Z brings back the scenario before";
  return true;
}

void experiment_edited(AppState& state) {
  Lab& lab = state.lab;
  lab.edited = true;
  ++lab.revision;
  lab.problems = lab_problems(lab.experiment);
  new_run(lab);
}

void lab_run(AppState& state) {
  if (TrainingWorker* w = ensure_run(state)) w->run();
}

void lab_pause(AppState& state) {
  if (state.lab.worker) state.lab.worker->pause();
}

void lab_step(AppState& state) {
  if (TrainingWorker* w = ensure_run(state)) w->step();
}

void lab_restart(AppState& state) {
  new_run(state.lab);
  lab_run(state);
}

void lab_set_speed(AppState& state, int speed) {
  state.lab.speed = std::clamp(speed, 0, static_cast<int>(std::size(kLabSpeeds)) - 1);
  if (state.lab.worker) state.lab.worker->set_rate(kLabSpeeds[state.lab.speed].steps_per_second);
}

void lab_update(AppState& state) {
  if (state.lab.worker) state.lab.worker->update(state.lab.view);
}

bool open_variant_in_views(AppState& state, int v) {
  Lab& lab = state.lab;
  lab_update(state);
  if (!lab.worker || v < 0 || v >= static_cast<int>(lab.view.current.size())) return false;
  core::Scenario s = lab.view.current[static_cast<size_t>(v)];
  // A design that diverged at step k kept the weights it had after k − 1 steps (in the run shown: the first seed's).
  const std::vector<int>& diverged = lab.view.current_diverged;
  const int k = static_cast<size_t>(v) < diverged.size() ? diverged[static_cast<size_t>(v)] : 0;
  const int steps = k > 0 && k - 1 < lab.view.current_step ? k - 1 : lab.view.current_step;
  const std::string name = lab.view.curves.names[static_cast<size_t>(v)];
  const std::string after = " after " + std::to_string(steps) + (steps == 1 ? " step" : " steps") +
                            (k > 0 ? " (it diverged at step " + std::to_string(k) + ")" : "");
  s.title = name + after + (lab.experiment.title.empty() ? "" : " \u2014 " + lab.experiment.title);
  s.notes.clear();
  const InViews shown = show_in_views(state, std::move(s));
  if (shown != InViews::Shown) return shown == InViews::Same;  // refused: the status line says why
  state.status = "the views show " + core::markup_as_plain_text(name) + after +
                 ": its weights, the run's first sequence as X and its target; "
                 "Ctrl+Z brings back the scenario before";
  return true;
}

std::string format_loss(double x) {
  if (!std::isfinite(x)) return "\u2014";
  char text[32];
  std::snprintf(text, sizeof text, x != 0 && (std::fabs(x) < 1e-3 || std::fabs(x) >= 1e4) ? "%.2e" : "%.4f", x);
  return text;
}

std::string thousands(double x) {
  std::string digits = std::to_string(static_cast<long long>(std::llround(x)));
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(static_cast<size_t>(i), "\u2009");
  return digits;
}

std::string variant_loss_now(const core::Curves& c, size_t v) {
  const bool has = v < c.loss.size() && !c.loss[v].empty();
  std::string loss = has ? format_loss(c.loss[v].back()) : "\u2014";
  if (c.seeds > 1) {  // the median [the smallest, the largest] over the seeds' runs at this step
    if (has && v < c.band_lo.size() && !c.band_lo[v].empty())
      loss += " [" + format_loss(c.band_lo[v].back()) + ", " + format_loss(c.band_hi[v].back()) + "]";
    const int runs = v < c.diverged_runs.size() ? c.diverged_runs[v] : 0;
    return runs ? loss + ", " + std::to_string(runs) + " of " + std::to_string(c.seeds) + " runs diverged" : loss;
  }
  const int diverged = v < c.diverged.size() ? c.diverged[v] : 0;
  return diverged ? loss + ", diverged at step " + thousands(diverged) : loss;
}

std::string variant_test_loss(const core::Curves& c, size_t v) {
  if (v >= c.test_loss.size() || !std::isfinite(c.test_loss[v])) return "";
  std::string test = format_loss(c.test_loss[v]);
  if (c.seeds > 1 && v < c.test_lo.size() && v < c.test_hi.size())
    test += " [" + format_loss(c.test_lo[v]) + ", " + format_loss(c.test_hi[v]) + "]";
  return test;
}

std::string lab_progress(const AppState& state) {
  const Lab& lab = state.lab;
  const core::Curves& c = lab.view.curves;
  const std::string done = thousands(c.steps_done), steps = thousands(lab.experiment.steps);
  if (!lab.worker) return lab.problems.empty() ? "Space: run or pause, \u2192: one step" : "cannot run: see the settings";
  const std::string seeds = c.seeds > 1 ? " \u00B7 " + std::to_string(c.seeds) + " seeds each" : "";
  if (c.finished()) {
    const long diverged = std::count_if(c.diverged.begin(), c.diverged.end(), [](int k) { return k > 0; });
    return "finished: " + done + " steps" + seeds +
           (diverged ? " \u00B7 " + std::to_string(diverged) + " of " + std::to_string(c.names.size()) + " designs diverged" +
                           (c.seeds > 1 ? " in some runs" : "")
                     : "");
  }
  if (lab.view.running && lab.view.steps_per_second > 0)
    return "step " + done + " of " + steps + seeds + " \u00B7 " + thousands(lab.view.steps_per_second) + " steps/s";
  return "step " + done + " of " + steps + seeds + (lab.view.running ? "" : " \u00B7 paused");
}

bool lab_finished(const Lab& lab) { return lab.worker && lab.view.curves.finished(); }

const char* lab_run_label(const Lab& lab) {
  if (lab.view.running) return "Pause";
  if (!lab.worker || lab.view.curves.steps_done == 0) return "Run";
  return lab_finished(lab) ? "Run again" : "Resume";
}

void lab_run_or_pause(AppState& state) {
  if (state.lab.view.running) lab_pause(state);
  else if (lab_finished(state.lab)) lab_restart(state);
  else lab_run(state);
}

void toggle_lab(AppState& state) {
  if (state.view.workspace == Workspace::Lab) {
    state.view.workspace = Workspace::Views;
    return;
  }
  if (state.lab.experiment.variants.empty() && !state.library.experiments.empty()) open_experiment(state, state.library.experiments.front().path);
  if (state.lab.experiment.variants.empty()) {
    state.status = "no experiment to train: none is shipped beside attnlab; open one with File \u2192 Open";
    return;
  }
  state.view.workspace = Workspace::Lab;
}

}  // namespace app
