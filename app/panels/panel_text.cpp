#include "app/panels/panel_text.h"

#include <cmath>

#include "app/widgets/heatmap.h"  // format_number
#include "core/model/markup.h"

namespace app {

std::string matrix_text(std::string_view name, const Eigen::MatrixXd& m, const std::vector<std::string>& row_labels,
                        const std::function<bool(int, int)>& masked) {
  std::string out = std::string(name) + ":\n";
  for (int i = 0; i < static_cast<int>(m.rows()); ++i) {
    out += "  " + (static_cast<size_t>(i) < row_labels.size() ? row_labels[static_cast<size_t>(i)] : std::to_string(i + 1)) + ": ";
    for (int j = 0; j < static_cast<int>(m.cols()); ++j) {
      if (j > 0) out += ", ";
      out += masked && masked(i, j) ? "masked" : format_number(m(i, j));
    }
    out += "\n";
  }
  return out;
}

std::string vector_text(std::string_view name, const Eigen::VectorXd& v, const std::vector<std::string>& labels) {
  std::string out = std::string(name) + ":";
  for (int i = 0; i < static_cast<int>(v.size()); ++i) {
    out += i > 0 ? ", " : " ";
    if (static_cast<size_t>(i) < labels.size()) out += labels[static_cast<size_t>(i)] + " ";
    out += format_number(v(i));
  }
  return out + "\n";
}

std::string head_text(const AppState& state) {
  const int heads = state.scenario().heads;
  return heads > 1 ? ", head " + std::to_string(state.view.head + 1) + " of " + std::to_string(heads) : "";
}

std::string curves_text(const AppState& state) {
  const core::Curves& c = state.lab.view.curves;
  if (c.names.empty()) return "not run yet\n";
  std::string out = "step " + std::to_string(c.steps_done) + " of " + std::to_string(c.steps) +
                    (c.seeds > 1 ? ", the median over " + std::to_string(c.seeds) + " seeds" : "") + "; the loss of each design:\n";
  for (size_t v = 0; v < c.names.size(); ++v) {
    out += "  " + core::markup_as_plain_text(c.names[v]) + ": ";
    const std::vector<double>& loss = v < c.loss.size() ? c.loss[v] : std::vector<double>{};
    out += loss.empty() ? "none yet" : format_number(loss.back());
    if (v < c.diverged.size() && c.diverged[v] > 0) out += " (stopped at step " + std::to_string(c.diverged[v]) + ")";
    if (v < c.test_loss.size() && !std::isnan(c.test_loss[v])) out += "; test loss " + format_number(c.test_loss[v]);
    out += "\n";
  }
  return out;
}

}  // namespace app
