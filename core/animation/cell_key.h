// A cell key as --layout-out writes it (X[1][0], W_Q[0][1][2], W_O[3][1]), in its parts: the
// matrix's name and its indices ([head][row][column] for a matrix a head has, else [row][column]).
// sweep.h's --animate reads its PARAM with it; the page's text view names its inputs' entries by it.
#pragma once

#include <string>
#include <vector>

namespace core {

struct CellKey {
  std::string name;
  std::vector<int> indices;
};

// "W_Q[0][1][2]" → {"W_Q", {0, 1, 2}}; false when it is not of that shape (no name, an index
// that is not a whole number ≥ 0, anything after the last "]").
bool split_cell_key(const std::string& key, CellKey& out);

}  // namespace core
