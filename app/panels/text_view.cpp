#include "app/panels/text_view.h"

#include "app/training/lab.h"

#include <algorithm>
#include <charconv>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>
#include <vector>

#include "app/files/files.h"  // show_lesson_step, request_open, open_experiment, is_lesson
#include "app/panels/alt_text.h"
#include "app/panels/panel_table.h"
#include "app/panels/panel_text.h"
#include "app/widgets/heatmap.h"  // format_number
#include "core/animation/cell_key.h"
#include "core/animation/sweep.h"
#include "core/math/matrix.h"  // kMaxAbsEntry
#include "core/model/markup.h"

namespace app {
namespace {

// The panels that show one head at a time: described once for each head.
bool shows_one_head(Panel p) { return p == Panel::Scores || p == Panel::Softmax || p == Panel::Rank || p == Panel::Geometry; }

nlohmann::ordered_json region(Panel panel, const PanelText& text) {
  nlohmann::ordered_json blocks = nlohmann::ordered_json::array();
  std::string heading;
  for (const PanelText::Block& b : text.blocks()) {
    if (b.table) {
      const TextTable& t = *b.table;
      nlohmann::ordered_json table{{"caption", t.caption}, {"columns", t.columns}, {"rows", t.rows}, {"cells", t.cells}};
      if (!t.key.empty()) {
        table["key"] = t.key;
        table["name"] = t.name;
        table["head"] = t.head;
      }
      blocks.push_back({{"table", std::move(table)}});
      continue;
    }
    std::vector<std::string> lines;
    for (size_t at = 0; at < b.text.size();) {
      const size_t end = std::min(b.text.find('\n', at), b.text.size());
      std::string line = b.text.substr(at, end - at);
      at = end + 1;
      if (heading.empty() && blocks.empty() && lines.empty()) heading = std::move(line);  // the first line: the heading
      else if (!line.empty()) lines.push_back(std::move(line));
    }
    if (!lines.empty()) blocks.push_back({{"lines", std::move(lines)}});
  }
  return {{"panel", panel_name(panel)}, {"heading", heading}, {"blocks", std::move(blocks)}};
}

// As the inputs' labels and the screen write them: W^Q, not W_Q.
std::string screen_name(const std::string& matrix) {
  for (const char* projection : {"W_Q", "W_K", "W_V", "W_O"})
    if (matrix == projection) return "W^" + matrix.substr(2);
  return matrix;
}

// As the inputs' labels say it: "X row 1 column 2", ", head 2" where there are several.
std::string place(const std::string& name, int row, int column, int head, int heads) {
  return name + " row " + std::to_string(row + 1) + " column " + std::to_string(column + 1) +
         (heads > 1 && head >= 0 ? ", head " + std::to_string(head + 1) : "");
}

// "rose from 0.41 to 0.57": as the screen rounds them, with as many more digits as it takes to
// tell them apart where two decimals do not.
std::string moved(double from, double to) {
  std::string a = format_number(from), b = format_number(to);
  for (int digits = 3; a == b && digits <= 17; ++digits) {
    char x[40], y[40];
    std::snprintf(x, sizeof x, "%.*g", digits, from);
    std::snprintf(y, sizeof y, "%.*g", digits, to);
    a = x;
    b = y;
  }
  return std::string(to > from ? "rose" : "fell") + " from " + a + " to " + b;
}

// An answer: what was done, in words, or why nothing was.
TextViewAnswer done(std::string said) { return {true, std::move(said), ""}; }
TextViewAnswer not_done(std::string why) { return {false, "", std::move(why)}; }

}  // namespace

std::string read_entry(std::string text, double& out) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.erase(0, 1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.pop_back();
  const std::string minus = "\u2212";
  if (text.rfind(minus, 0) == 0) text.replace(0, minus.size(), "-");
  if (!text.empty() && text[0] == '+') text.erase(0, 1);
  if (text.find('.') == std::string::npos && std::count(text.begin(), text.end(), ',') == 1) text[text.find(',')] = '.';
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(out)) return "is not one number";
  if (std::abs(out) > core::kMaxAbsEntry) return "is beyond \u00B11e6, the most an entry may be";
  return "";
}

namespace {

// The entry that moved most between two matrices of one shape, where it moved more than the
// largest change noted in best so far.
struct Largest {
  int head = -1, row = -1, column = 0;
  double before = 0, after = 0, by = 0;
};
void note_largest(const core::Mat& a, const core::Mat& b, int head, Largest& best) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return;
  for (int i = 0; i < b.rows(); ++i)
    for (int j = 0; j < b.cols(); ++j)
      if (std::isfinite(a(i, j)) && std::isfinite(b(i, j)) && std::abs(b(i, j) - a(i, j)) > best.by)
        best = {head, i, j, a(i, j), b(i, j), std::abs(b(i, j) - a(i, j))};
}

// What followed an edit, in the order the views show it: S and the row of A it moved, else Y.
std::string what_followed(const core::Scenario& s, const core::Result& before, const core::Result& after) {
  std::string out;
  Largest S;  // over every head
  for (size_t h = 0; h < after.head.size() && h < before.head.size(); ++h)
    note_largest(before.head[h].scores, after.head[h].scores, static_cast<int>(h), S);
  if (S.head >= 0) {
    out += "; " + place("S", S.row, S.column, S.head, s.heads) + " " + moved(S.before, S.after);
    const double sum = after.head[static_cast<size_t>(S.head)].row_sums(S.row);
    char text[32];
    std::snprintf(text, sizeof text, "%.3f", sum);
    out += "; row " + std::to_string(S.row + 1) + " of A" + (s.heads > 1 ? " of head " + std::to_string(S.head + 1) : "") +
           (std::abs(sum - 1) < 5e-4 ? " still sums to 1" : std::string(" now sums to ") + text + " (sigmoid attention)");
  }
  Largest Y;
  note_largest(before.output, after.output, -1, Y);
  if (Y.row >= 0) out += "; the output " + place("Y", Y.row, Y.column, -1, 1) + " " + moved(Y.before, Y.after);
  if (after.has_loss && before.has_loss && after.loss != before.loss) out += "; the loss " + moved(before.loss, after.loss);
  return out;
}

}  // namespace

nlohmann::ordered_json text_view(AppState& state) {
  nlohmann::ordered_json regions = nlohmann::ordered_json::array();
  const int heads = state.scenario().heads, shown_head = state.view.head;
  const std::vector<Panel> shown = panels_shown(state);
  for (const Panel p : shown) {
    const bool each_head = shows_one_head(p) && heads > 1;
    for (int h = 0; h < (each_head ? heads : 1); ++h) {
      if (each_head) state.view.head = h;
      regions.push_back(region(p, panel_row(p).describe(state)));
    }
    state.view.head = shown_head;
  }
  nlohmann::ordered_json j{{"revision", state.revision()}, {"regions", std::move(regions)}, {"lesson", nullptr}};
  const core::LessonNotes& lesson = state.lesson();
  if (!lesson.steps.empty() && std::find(shown.begin(), shown.end(), Panel::Lesson) != shown.end()) {
    const int at = std::clamp(state.panels.lesson_step, 0, static_cast<int>(lesson.steps.size()) - 1);
    j["lesson"] = {{"step", at + 1}, {"steps", lesson.steps.size()}, {"show_me", state.saved().show.count(at + 1) > 0}};
  }
  // The Lessons and Train menus' lists, and the lab's buttons, as the window has them.
  nlohmann::ordered_json lessons = nlohmann::ordered_json::array(), experiments = nlohmann::ordered_json::array();
  for (size_t i = 0; i < state.library.lessons.size(); ++i)
    lessons.push_back({{"title", core::markup_as_plain_text(shown_title(state.library.lessons[i]))}, {"current", is_lesson(state, i)}});
  for (const LessonInfo& x : state.library.experiments)
    experiments.push_back({{"title", core::markup_as_plain_text(x.title)}, {"current", state.lab.source == x.path && !state.lab.edited}});
  j["lessons"] = std::move(lessons);
  j["experiments"] = std::move(experiments);
  j["workspace"] = state.view.workspace == Workspace::Lab ? "lab" : "views";
  if (state.view.workspace == Workspace::Lab && !state.lab.result && !state.lab.heads && !state.lab.text) {
    const Lab& lab = state.lab;
    j["lab"] = {{"can_run", lab.problems.empty()},
                {"running", lab.view.running},
                {"run", lab_run_label(lab)},
                {"can_step", lab.problems.empty() && !lab_finished(lab)}};
  }
  return j;
}

std::string text_view_key(const AppState& state) {
  const GeometryView& g = state.panels.geometry;
  const std::shared_ptr<HeadsShown>& heads = state.lab.heads;
  const std::shared_ptr<TextShown>& text = state.lab.text;
  std::string key;
  const auto add = [&key](auto... values) { ((key += std::to_string(static_cast<long long>(values)) + ","), ...); };
  add(state.revision(), state.panels.lesson_step, state.view.workspace, state.lab.view.curves.steps_done,
      state.lab.view.running, g.axis_x, g.axis_y, g.show_q + 2 * g.show_k + 4 * g.show_alt, state.panels.embedded.size(),
      static_cast<bool>(state.lab.result), heads ? heads->serial + static_cast<std::uint64_t>(heads->selected) : 0,
      text ? text->serial + static_cast<std::uint64_t>(text->layer * 1024 + text->head) : 0);
  return key + state.lab.source;
}

std::string entry_label(const core::Scenario& s, const std::string& key) {
  if (key == "temperature") return "the temperature T";
  core::CellKey c;
  if (!core::split_cell_key(key, c) || c.indices.size() < 2) return key;
  const size_t n = c.indices.size();
  return place(screen_name(c.name), c.indices[n - 2], c.indices[n - 1], n == 3 ? c.indices[0] : -1, s.heads);
}

TextViewAnswer set_entry(AppState& state, const std::string& key, const std::string& value) {
  const core::Scenario& s = state.scenario();
  if (key == "temperature") return not_done("temperature is not an entry");
  if (std::string why = core::sweep_problem(s, core::Sweep{key, 0, 0}); !why.empty()) {
    const std::string prefix = "--animate " + key + ": ";  // sweep's words are for the command line
    return not_done(key + ": " + (why.rfind(prefix, 0) == 0 ? why.substr(prefix.size()) : why));
  }
  const std::string where = entry_label(s, key);  // well formed: sweep_problem read it
  double after = 0;
  if (const std::string why = read_entry(value, after); !why.empty())
    return not_done(where + ": \u201C" + value + "\u201D " + why + "; it stays " +
                    format_number(core::sweep_value(s, key)));
  const double before = core::sweep_value(s, key);
  if (after == before) return done(where + " stays " + format_number(before));
  const core::Result result_before = state.result();
  if (!state.apply([&](core::Scenario& sc) { core::set_sweep_value(sc, key, after); }))
    return not_done(where + ": " + state.status);
  state.end_frame(false);  // one undo step, as a drag's when it ends
  return done(where + " " + moved(before, after) +
              what_followed(state.scenario(), result_before, state.result()));
}

namespace {

// An entry that differs between two scenarios: its cell key (as --layout-out writes it) and both values.
struct EntryChange {
  std::string key;
  double before = 0, after = 0;
};

// Notes in out every entry of the matrix name that differs from a to b; false where their shapes differ (a size).
template <class M>
bool note_changes(const std::string& name, const M& a, const M& b, std::vector<EntryChange>& out) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return false;
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < a.cols(); ++j)
      if (a(i, j) != b(i, j) && !(std::isnan(a(i, j)) && std::isnan(b(i, j))))
        out.push_back({name + "[" + std::to_string(i) + "][" + std::to_string(j) + "]", a(i, j), b(i, j)});
  return true;
}
// Every entry that differs from a to b, in the editor's order; nullopt where a size changed.
std::optional<std::vector<EntryChange>> changed_entries(const core::Scenario& a, const core::Scenario& b) {
  std::vector<EntryChange> out;
  bool same_shapes = note_changes("X", a.X, b.X, out) && note_changes("X_kv", a.X_kv, b.X_kv, out);
  using PerHead = std::array<core::Mat, core::kMaxHeads> core::Scenario::*;
  const std::pair<const char*, PerHead> per_head[] = {{"W_Q", &core::Scenario::W_Q}, {"W_K", &core::Scenario::W_K},
                                                      {"W_V", &core::Scenario::W_V}, {"W", &core::Scenario::W},
                                                      {"Q", &core::Scenario::Q},     {"K", &core::Scenario::K},
                                                      {"V", &core::Scenario::V},     {"W_alt", &core::Scenario::W_alt}};
  for (const auto& [name, member] : per_head)
    for (int h = 0; h < core::kMaxHeads; ++h)
      same_shapes = same_shapes && note_changes(std::string(name) + "[" + std::to_string(h) + "]", (a.*member)[static_cast<size_t>(h)],
                                                (b.*member)[static_cast<size_t>(h)], out);
  same_shapes = same_shapes && note_changes("W_O", a.W_O, b.W_O, out) && note_changes("target", a.target, b.target, out);
  if (!same_shapes || a.heads != b.heads) return std::nullopt;
  if (a.options.temperature != b.options.temperature) out.push_back({"temperature", a.options.temperature, b.options.temperature});
  return out;
}

}  // namespace

TextViewAnswer undo_in_text_view(AppState& state, bool redo) {
  if (redo ? !state.can_redo() : !state.can_undo())
    return not_done(redo ? "nothing to redo" : "nothing to undo");
  const core::Scenario before = state.scenario();
  const core::Result result_before = state.result();
  if (redo) state.redo();
  else state.undo();
  // As an edit is said: the entry, its value before and after, and what followed; a screen reader's user
  // hears which number came back, not only that something did.
  const std::string what = redo ? "redone: " : "undone: ";
  const core::Scenario& s = state.scenario();
  const std::optional<std::vector<EntryChange>> changes = changed_entries(before, s);
  if (!changes)
    return done(what + "the sizes are now n = " + std::to_string(s.n()) + ", d_model = " + std::to_string(s.d_model) +
                ", d_k = " + std::to_string(s.d_k) + ", " + std::to_string(s.heads) + (s.heads == 1 ? " head" : " heads"));
  // Another mode or design shows other matrices (W^Q or Q, one W): their entries are not the ones the step moved.
  if (before.mode != s.mode || before.options.shared_qk != s.options.shared_qk || before.options.merged_qk != s.options.merged_qk)
    return done(what + "the mode or the design changed (projected or direct, shared QK, one W)");
  if (changes->empty()) return done(what + "no entry changed: an option, a token, the title or the notes did");
  constexpr size_t kNamed = 3;  // more would be a paragraph read aloud
  std::string said = what;
  if (changes->size() > 1) said += std::to_string(changes->size()) + " entries changed: ";
  for (size_t i = 0; i < std::min(changes->size(), kNamed); ++i) {
    const EntryChange& c = (*changes)[i];
    said += (i ? ", " : "") + entry_label(s, c.key) + " " + moved(c.before, c.after);
  }
  if (changes->size() > kNamed) said += ", and " + std::to_string(changes->size() - kNamed) + " more";
  return done(said + what_followed(s, result_before, state.result()));
}

TextViewAnswer lesson_in_text_view(AppState& state, const std::string& action) {
  const int steps = static_cast<int>(state.lesson().steps.size());
  if (steps == 0) return not_done("this scenario has no lesson steps");
  int& step = state.panels.lesson_step;
  if (action == "previous" || action == "next") {
    step = std::clamp(step + (action == "next" ? 1 : -1), 0, steps - 1);
  } else if (action == "show") {
    if (!show_lesson_step(state)) return not_done(state.status);
    state.end_frame(false);
  } else {
    return not_done("lesson: expected previous, next or show, got \u201C" + action + "\u201D");
  }
  const std::string text = core::markup_as_plain_text(state.lesson_shown().steps[static_cast<size_t>(step)].text);
  const std::string at = "step " + std::to_string(step + 1);
  return done(action == "show" ? at + " is set up on the lesson's own matrices"
                               : at + " of " + std::to_string(steps) + ": " + text);
}

TextViewAnswer menu_in_text_view(AppState& state, const std::string& action, int index) {
  const auto in = [&](const std::vector<LessonInfo>& list) { return index >= 0 && static_cast<size_t>(index) < list.size(); };
  if (action == "lesson" && in(state.library.lessons)) {
    // Never over unsaved changes: the window would ask on the canvas, where this view's user cannot answer.
    if (state.modified())
      return not_done("this scenario has changes that are not saved: save them (Ctrl+S) or undo them first; "
                      "the text view never opens a lesson over them");
    const LessonInfo& l = state.library.lessons[static_cast<size_t>(index)];
    if (!request_open(state, l.path)) return not_done(state.status);
    return done("opened the lesson \u201C" + core::markup_as_plain_text(l.title) + "\u201D");
  } else if (action == "experiment" && in(state.library.experiments)) {
    const LessonInfo& x = state.library.experiments[static_cast<size_t>(index)];
    if (!open_experiment(state, x.path)) return not_done(state.status);
    state.view.workspace = Workspace::Lab;
    return done("the lab, with the experiment \u201C" + core::markup_as_plain_text(x.title) + "\u201D");
  } else if (action == "lab") {
    toggle_lab(state);
    return done(state.view.workspace == Workspace::Lab ? "the training lab" : "the views");
  } else if ((action == "run" || action == "pause" || action == "step") && state.view.workspace == Workspace::Lab) {
    Lab& lab = state.lab;
    if (!lab.problems.empty()) return not_done("the experiment cannot run: " + lab.problems.front());
    const bool finished = lab_finished(lab);
    if (action == "pause") lab_pause(state);
    else if (action == "step" && !finished) lab_step(state);
    else if (action == "run") finished ? lab_restart(state) : lab_run(state);
    return done(action == "pause" ? "paused" : action == "step" ? "one step" : "running");
  }
  return not_done("expected lesson or experiment with an index, lab, run, pause or step; got \u201C" +
                  action + "\u201D");
}

}  // namespace app
