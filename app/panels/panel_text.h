// A panel's numbers as text, line by line, as a screen reader would read them or a student copy
// them out: each panel's Describe function (panel_table.h) is made of these. The numbers are the
// heatmaps' (format_number: the double correctly rounded to two decimals), labelled as the views
// label their rows. The text keeps its tables as tables (PanelText), so that the page's text view
// (text_view.h) shows each as an HTML table with header cells, and an editable matrix as inputs.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/app_state.h"
#include <Eigen/Core>

namespace app {

// A table inside a panel's text: a matrix, or the lab's results. Its cells are text as the screen
// shows them; an editable matrix also says which of the scenario's it is.
struct TextTable {
  std::string caption;                        // as the text names it ("W^Q of head 2", "S = QKᵀ, …")
  std::vector<std::string> columns;           // header cells; empty: numbered from 1
  std::vector<std::string> rows;              // a label a row
  std::vector<std::vector<std::string>> cells;  // rows × columns
  // The scenario's matrix a person edits here: its cell key's head part as --layout-out writes
  // it ("X", "W_Q[0]": core/animation/sweep.h), and its name and head as the inputs' labels say
  // them ("W^Q", head 1-based; 0 when the scenario has one head). Empty key: only read.
  std::string key, name;
  int head = 0;
};

// A panel's text: lines, and tables among them. text() is what --describe prints and the alt text
// holds; blocks() are the same, in order, for a view that shows tables as tables. Its first line is
// the panel's heading. Strings append to the text; a string's lines are plain text blocks.
class PanelText {
 public:
  struct Block {
    std::string text;                 // as text() prints it (a table's lines too)
    std::optional<TextTable> table;   // set: a table
  };

  PanelText() = default;
  PanelText(const std::string& text) { *this += text; }  // NOLINT: a string is a panel's text
  PanelText(const char* text) { *this += text; }         // NOLINT: as the string

  // One overload for each kind of text, so that none is ambiguous with the conversions above.
  PanelText& operator+=(const std::string& text) { return append(text); }
  PanelText& operator+=(const char* text) { return append(text); }
  PanelText& operator+=(const PanelText& more);
  friend PanelText operator+(PanelText a, const std::string& b) { return a += b; }
  friend PanelText operator+(PanelText a, const char* b) { return a += b; }
  friend PanelText operator+(PanelText a, const PanelText& b) { return a += b; }

  // A table, and its lines as text() prints them.
  PanelText& add_table(std::string text, TextTable table) {
    blocks_.push_back({std::move(text), std::move(table)});
    return *this;
  }
  // The table just added made editable: a matrix of the scenario (TextTable's key, name, head).
  PanelText& editable(std::string key, std::string name, int head);

  std::string text() const;
  const std::vector<Block>& blocks() const { return blocks_; }

 private:
  PanelText& append(std::string_view text);
  std::vector<Block> blocks_;
};

// "name:" then, with column labels, "  columns: a, b, …", then a line per row, "  label: v₁, v₂, …";
// a row without a label is numbered from 1. masked(i, j), when given, says which entries the view
// leaves blank ("masked").
PanelText matrix_text(std::string_view name, const Eigen::MatrixXd& m, const std::vector<std::string>& row_labels = {},
                        const std::vector<std::string>& column_labels = {}, const std::function<bool(int, int)>& masked = {});

// "name: a 1.000, b 0.500", each number printed with format (printf's, as the panel prints it).
std::string vector_text(std::string_view name, const Eigen::VectorXd& v, const std::vector<std::string>& labels, const char* format);

// The head a view shows, when there are several: ", head 2 of 3"; else nothing.
std::string head_text(const AppState& state);

// Every design's loss at the last step trained, as the lab's table words it (format_loss; over
// seeds the median, its range and the runs that diverged), for the lab and its curves' picture.
// unit: "loss", or "bits/char" for a language model's result.
// A table: a row a design, the loss, and its test loss when there is one.
PanelText curves_text(const AppState& state, const char* unit = "loss");
// A sweep's points (c.sweep not empty): per rate and design, the test loss's (tested_as: "test loss", or a
// language model's "held-out bits per character") median and range, the runs that diverged and the largest
// logit's median and range, as SweepPlots draws them.
PanelText sweep_text(const core::Curves& c, const std::string& tested_as);

}  // namespace app
