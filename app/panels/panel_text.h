// A panel's numbers as text, line by line, as a screen reader would read them or a student copy
// them out: each panel's Describe function (panel_table.h) is made of these. The numbers are the
// heatmaps' (format_number: the double correctly rounded to two decimals), labelled as the views
// label their rows.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "app/app_state.h"
#include <Eigen/Core>

namespace app {

// "name:" then, with column labels, "  columns: a, b, …", then a line per row, "  label: v₁, v₂, …";
// a row without a label is numbered from 1. masked(i, j), when given, says which entries the view
// leaves blank ("masked").
std::string matrix_text(std::string_view name, const Eigen::MatrixXd& m, const std::vector<std::string>& row_labels = {},
                        const std::vector<std::string>& column_labels = {}, const std::function<bool(int, int)>& masked = {});

// "name: a 1.000, b 0.500", each number printed with format (printf's, as the panel prints it).
std::string vector_text(std::string_view name, const Eigen::VectorXd& v, const std::vector<std::string>& labels, const char* format);

// The head a view shows, when there are several: ", head 2 of 3"; else nothing.
std::string head_text(const AppState& state);

// Every design's loss at the last step trained, as the lab's table words it (format_loss; over
// seeds the median, its range and the runs that diverged), for the lab and its curves' picture.
// unit: "loss", or "bits/char" for a language model's result.
std::string curves_text(const AppState& state, const char* unit = "loss");

}  // namespace app
