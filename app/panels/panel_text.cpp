#include "app/panels/panel_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/training/lab.h"  // variant_loss_now
#include "app/widgets/heatmap.h"  // format_number
#include "core/model/markup.h"
#include "core/text/translate.h"

namespace app {

PanelText& PanelText::append(std::string_view text) {
  if (text.empty()) return *this;
  if (blocks_.empty() || blocks_.back().table) blocks_.emplace_back();
  blocks_.back().text += text;
  return *this;
}

PanelText& PanelText::operator+=(const PanelText& more) {
  for (const Block& b : more.blocks_) {
    if (b.table) blocks_.push_back(b);
    else *this += b.text;
  }
  return *this;
}

PanelText& PanelText::editable(std::string key, std::string name, int head) {
  if (!blocks_.empty() && blocks_.back().table) {
    TextTable& t = *blocks_.back().table;
    t.key = std::move(key);
    t.name = std::move(name);
    t.head = head;
  }
  return *this;
}

std::string PanelText::text() const {
  std::string out;
  for (const Block& b : blocks_) out += b.text;
  return out;
}

PanelText matrix_text(std::string_view name, const Eigen::MatrixXd& m, const std::vector<std::string>& row_labels,
                      const std::vector<std::string>& column_labels, const std::function<bool(int, int)>& masked) {
  TextTable t;
  t.caption = std::string(name);
  t.columns = column_labels;
  std::string out = std::string(name) + ":\n";
  if (!column_labels.empty()) {
    out += std::string("  ") + core::tr("columns:");
    for (size_t j = 0; j < column_labels.size(); ++j) out += (j ? ", " : " ") + column_labels[j];
    out += "\n";
  }
  for (int i = 0; i < static_cast<int>(m.rows()); ++i) {
    const std::string label = static_cast<size_t>(i) < row_labels.size() ? row_labels[static_cast<size_t>(i)] : std::to_string(i + 1);
    t.rows.push_back(label);
    t.cells.emplace_back();
    out += "  " + label + ": ";
    for (int j = 0; j < static_cast<int>(m.cols()); ++j) {
      if (j > 0) out += ", ";
      t.cells.back().push_back(masked && masked(i, j) ? "masked" : format_number(m(i, j)));
      out += t.cells.back().back();
    }
    out += "\n";
  }
  return PanelText().add_table(std::move(out), std::move(t));
}

std::string vector_text(std::string_view name, const Eigen::VectorXd& v, const std::vector<std::string>& labels, const char* format) {
  std::string out = std::string(name) + ":";
  for (int i = 0; i < static_cast<int>(v.size()); ++i) {
    out += i > 0 ? ", " : " ";
    if (static_cast<size_t>(i) < labels.size()) out += labels[static_cast<size_t>(i)] + " ";
    char number[32];
    std::snprintf(number, sizeof number, format, v(i));
    out += number;
  }
  return out + "\n";
}

std::string head_text(const AppState& state) {
  const int heads = state.scenario().heads;
  return heads > 1 ? ", " + core::tr_format("head {0} of {1}", {std::to_string(state.view.head + 1), std::to_string(heads)}) : "";
}

PanelText curves_text(const AppState& state, const char* unit) {
  const core::Curves& c = state.lab.view.curves;
  if (c.names.empty()) return "not run yet\n";
  PanelText text = "step " + std::to_string(c.steps_done) + " of " + std::to_string(c.steps) + "; the " + unit + " of each design" +
                   (c.seeds > 1 ? ", the median over " + std::to_string(c.seeds) + " seeds [the smallest, the largest]" : "") + ":\n";
  TextTable t;
  t.caption = std::string("the ") + unit + " of each design at step " + std::to_string(c.steps_done);
  t.columns = {unit};
  std::vector<std::string> tests;
  for (size_t v = 0; v < c.names.size(); ++v) tests.push_back(variant_test_loss(c, v));
  const bool tested = std::any_of(tests.begin(), tests.end(), [](const std::string& x) { return !x.empty(); });
  if (tested) t.columns.push_back("on the test set");
  std::string out;
  for (size_t v = 0; v < c.names.size(); ++v) {
    t.rows.push_back(core::markup_as_plain_text(c.names[v]));
    t.cells.push_back({variant_loss_now(c, v)});
    if (tested) t.cells.back().push_back(tests[v]);
    out += "  " + t.rows.back() + ": " + t.cells.back()[0] + (tests[v].empty() ? "" : "; on the test set " + tests[v]) + "\n";
  }
  text.add_table(std::move(out), std::move(t));
  if (!c.sweep.empty()) text += sweep_text(c, std::string(unit) == "loss" ? "test loss" : "held-out " + std::string(unit));
  return text;
}

PanelText sweep_text(const core::Curves& c, const std::string& tested_as) {
  TextTable t;
  t.caption = "the sweep: each design's " + tested_as + " after training and largest attention logit, by learning rate";
  t.columns = {tested_as + " (median [smallest, largest])", "runs diverged", "largest logit (median [smallest, largest])"};
  std::string out = "The sweep, each rate over " + std::to_string(c.seeds) + (c.seeds == 1 ? " seed" : " seeds") +
                    " (a run that diverged counts as the worst):\n";
  const auto loss = [](double x) { return std::isinf(x) ? std::string("diverged") : format_loss(x); };
  for (size_t k = 0; k < c.sweep.size(); ++k)
    for (int v = 0; v < c.designs; ++v) {
      const core::SweepPoint p = core::sweep_point_of(c, static_cast<int>(k), v);
      t.rows.push_back(core::markup_as_plain_text(c.names[k * static_cast<size_t>(c.designs) + static_cast<size_t>(v)]));
      char logit[96] = "\u2014";  // no run has one (every run diverged before its first step)
      if (!std::isnan(p.median_largest_logit))
        std::snprintf(logit, sizeof logit, "%.4g [%.4g, %.4g]", p.median_largest_logit, p.largest_logit_lo, p.largest_logit_hi);
      const std::string tested = p.runs == 0 ? "training"
                                             : loss(p.median_test_loss) + " [" + loss(p.test_loss_lo) + ", " + loss(p.test_loss_hi) + "]";
      t.cells.push_back({tested, std::to_string(p.runs_diverged) + " of " + std::to_string(p.runs), logit});
      out += "  " + t.rows.back() + ": " + tested_as + " " + tested + "; diverged " + t.cells.back()[1] + "; largest logit " + logit + "\n";
    }
  return PanelText().add_table(std::move(out), std::move(t));
}

}  // namespace app
