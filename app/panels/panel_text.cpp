#include "app/panels/panel_text.h"

#include <cstdio>

#include "app/training/lab.h"  // variant_loss_now
#include "app/widgets/heatmap.h"  // format_number
#include "core/model/markup.h"

namespace app {

std::string matrix_text(std::string_view name, const Eigen::MatrixXd& m, const std::vector<std::string>& row_labels,
                        const std::vector<std::string>& column_labels, const std::function<bool(int, int)>& masked) {
  std::string out = std::string(name) + ":\n";
  if (!column_labels.empty()) {
    out += "  columns:";
    for (size_t j = 0; j < column_labels.size(); ++j) out += (j ? ", " : " ") + column_labels[j];
    out += "\n";
  }
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
  return heads > 1 ? ", head " + std::to_string(state.view.head + 1) + " of " + std::to_string(heads) : "";
}

std::string curves_text(const AppState& state, const char* unit) {
  const core::Curves& c = state.lab.view.curves;
  if (c.names.empty()) return "not run yet\n";
  std::string out = "step " + std::to_string(c.steps_done) + " of " + std::to_string(c.steps) + "; the " + unit + " of each design" +
                    (c.seeds > 1 ? ", the median over " + std::to_string(c.seeds) + " seeds [the smallest, the largest]" : "") + ":\n";
  for (size_t v = 0; v < c.names.size(); ++v) {
    out += "  " + core::markup_as_plain_text(c.names[v]) + ": " + variant_loss_now(c, v);
    if (const std::string test = variant_test_loss(c, v); !test.empty()) out += "; on the test set " + test;
    out += "\n";
  }
  return out;
}

}  // namespace app
