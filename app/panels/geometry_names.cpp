// The names on the Geometry plot: each point of V by its token, each arrow tip by its row (q₁,
// k₃; the row is the position p when positions are on), in the arrow's colour; marks that lie on
// one another share one name, "smell₂ = smell₄" when their rows are equal, "a, b" when they only
// look so. Where they go is the LabelPlacer's (plot_frame.h).
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>
#include <vector>

#include "app/panels/geometry_plot.h"
#include "app/render/text.h"

namespace app::geometry {

namespace {

std::string subscript(int row) {
  static const char* const kDigits[] = {"\u2080", "\u2081", "\u2082", "\u2083", "\u2084",
                                        "\u2085", "\u2086", "\u2087", "\u2088", "\u2089"};
  std::string out;
  for (const char digit : std::to_string(row)) out += kDigits[digit - '0'];
  return out;
}


// The matrix whose row a mark draws.
const core::Mat& matrix_of(const Plot& p, const PlotMark& m) {
  switch (m.key[0]) {
    case 'q': return p.r.Q;
    case 'k': return p.r.K;
    case 'o': return p.r.output;
    case 'a': return p.r.alt_output;
    default: return p.r.V;
  }
}

// Every number of both rows the same, up to rounding (k_{p−1} = q_p under RoPE: each is a turn).
bool same_rows(const Plot& p, const PlotMark& a, const PlotMark& b) {
  const core::Mat &ma = matrix_of(p, a), &mb = matrix_of(p, b);
  const int ra = row_of(a), rb = row_of(b);
  for (int c = 0; c < ma.cols(); ++c)
    if (std::abs(ma(ra, c) - mb(rb, c)) > 1e-9 * (1 + std::abs(ma(ra, c)))) return false;
  return true;
}

// The marks among `which` that lie on one another (closer than `reach`: two dots that overlap), as
// groups in the order of their first.
std::vector<std::vector<int>> coinciding(const std::vector<PlotMark>& marks, const std::vector<int>& which, float reach) {
  std::vector<std::vector<int>> groups;
  std::vector<bool> grouped(which.size(), false);
  for (size_t a = 0; a < which.size(); ++a) {
    if (grouped[a]) continue;
    std::vector<int> group = {which[a]};
    const PlotMark& first = marks[static_cast<size_t>(which[a])];
    for (size_t b = a + 1; b < which.size(); ++b) {
      const PlotMark& other = marks[static_cast<size_t>(which[b])];
      if (!grouped[b] && std::hypot(other.x - first.x, other.y - first.y) < reach) group.push_back(which[b]), grouped[b] = true;
    }
    groups.push_back(group);
  }
  return groups;
}

// One name for a group: each member's own (`own`), joined by " = " when the rows are equal, else ", ".
template <class Own>
Name name_of(const Plot& p, const std::vector<PlotMark>& marks, const std::vector<int>& group, ImU32 separator, Own own) {
  const PlotMark& first = marks[static_cast<size_t>(group[0])];
  const bool equal = std::all_of(group.begin(), group.end(),
                                 [&](int m) { return same_rows(p, first, marks[static_cast<size_t>(m)]); });
  Name name;
  const char* between = equal ? " = " : ", ";
  // More than three points (six copies of 'ha' with one row of V): the first and the last, "ha₀ = … = ha₅".
  // Tips are named whole: each says which arrow it is.
  const bool elide = group.size() > 3 && !is_tip(first);
  for (size_t k = 0; k < group.size(); ++k) {
    if (elide && k > 0 && k + 1 < group.size()) {
      if (k == 1) name.pieces.push_back({std::string(between) + "\u2026", separator});
      continue;
    }
    if (k > 0) name.pieces.push_back({between, separator});
    name.pieces.push_back(own(marks[static_cast<size_t>(group[k])]));
  }
  name.anchor = ImVec2(first.x, first.y);
  name.marks = group;
  name.tip = is_tip(first);
  // A point's name clears its disc; a tip's clears the head, which reaches back from the tip.
  name.gap = name.tip ? first.radius * 0.5f + 3 * p.scale : first.radius + 3 * p.scale;
  if (name.tip) {
    const float dx = first.x - first.from_x, dy = first.y - first.from_y, len = std::hypot(dx, dy);
    if (len > 0) name.outward = ImVec2(dx / len, dy / len);
  }
  return name;
}

// A lit tip's name says so in the highlight's colour, with the token when it names one tip only.
void light_up(const Plot& p, const std::vector<PlotMark>& marks, Name& name, ImU32 lit_color) {
  const auto lit = [&](int m) {
    const PlotMark& mark = marks[static_cast<size_t>(m)];
    const int row = row_of(mark);
    return mark.key[0] == 'q' ? row == p.lit_q || (p.keys_are_queries && row == p.lit_k) : row == p.lit_k;
  };
  if (!name.tip || std::none_of(name.marks.begin(), name.marks.end(), lit)) return;
  name.lit = true;
  for (Piece& piece : name.pieces) piece.color = lit_color;
  if (name.marks.size() == 1) {
    const PlotMark& mark = marks[static_cast<size_t>(name.marks[0])];
    const std::string& token = mark.key[0] == 'q' ? p.tokens[static_cast<size_t>(row_of(mark))] : p.keys[static_cast<size_t>(row_of(mark))];
    name.pieces.push_back({": " + token, lit_color});
  }
}

}  // namespace

std::vector<Name> names_of(const Plot& p, const std::vector<PlotMark>& marks, ImU32 lit_color) {
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  std::vector<int> points, tips, outputs;
  for (size_t m = 0; m < marks.size(); ++m) {
    const char kind = marks[m].key[0];
    if (kind == 'V') points.push_back(static_cast<int>(m));
    if (kind == 'o') outputs.push_back(static_cast<int>(m));
    if (kind == 'q' || kind == 'k') tips.push_back(static_cast<int>(m));
  }
  std::vector<Name> names;
  for (const auto& group : coinciding(marks, points, 2 * p.rad))
    names.push_back(name_of(p, marks, group, text, [&](const PlotMark& m) {
      return Piece{p.keys[static_cast<size_t>(row_of(m))], text};
    }));
  // The tips farthest from the origin first: those near it crowd, and the long arrows are what the eye follows.
  std::vector<Name> tip_names;
  for (const auto& group : coinciding(marks, tips, 2 * p.rad))
    tip_names.push_back(name_of(p, marks, group, dim, [&](const PlotMark& m) {
      return Piece{m.key.substr(0, 1) + subscript(row_of(m)), m.key[0] == 'q' ? q_color(p.light) : k_color(p.light)};
    }));
  const ImVec2 o = p.origin();
  std::stable_sort(tip_names.begin(), tip_names.end(), [&](const Name& a, const Name& b) {
    return std::hypot(a.anchor.x - o.x, a.anchor.y - o.y) > std::hypot(b.anchor.x - o.x, b.anchor.y - o.y);
  });
  names.insert(names.end(), tip_names.begin(), tip_names.end());
  // Two sequences: the decoder's outputs are named too, in the dim colour, so that neither is taken for the other.
  if (p.s.cross())
    for (const auto& group : coinciding(marks, outputs, 2 * p.rad))
      names.push_back(name_of(p, marks, group, dim, [&](const PlotMark& m) {
        return Piece{p.tokens[static_cast<size_t>(row_of(m))], dim};
      }));
  for (Name& name : names) light_up(p, marks, name, lit_color);
  std::stable_partition(names.begin(), names.end(), [](const Name& n) { return n.lit; });  // placed first
  return names;
}

std::vector<Ring> rings_of(const Plot& p) {
  std::vector<Ring> rings;
  if (p.lit_q >= 0 && p.lit_q < p.s.n()) rings.push_back({"q[" + std::to_string(p.lit_q) + "]", p.screen(p.r.Q, p.lit_q)});
  if (p.lit_k >= 0 && p.lit_k < p.s.m() && !(p.keys_are_queries && p.lit_k == p.lit_q))
    rings.push_back({"k[" + std::to_string(p.lit_k) + "]", p.screen(p.keys_are_queries ? p.r.Q : p.r.K, p.lit_k)});
  return rings;
}

int place_names(const Plot& p, std::vector<Name>& names, LabelPlacer& placer) {
  int unnamed_tips = 0;
  for (Name& name : names) {
    name.placed = false;
    if (!p.f.rect().Contains(name.anchor)) continue;  // zoomed out of sight: nothing there to name
    const std::string text = name.text();
    const ImVec2 size = p.font->CalcTextSizeA(font_px(p.font), FLT_MAX, 0, text.c_str());
    // A lit tip is named even in a crowd: further out if need be, with a line to it, and over the
    // fewest marks if nowhere is free. A point of V may go a few lines further out (with its line),
    // where arrows' heads leave no room beside it.
    const int rings = name.lit ? 16 : name.tip ? 1 : 8;
    const std::optional<ImRect> at = placer.place(name.anchor, size, name.gap, name.outward, rings, name.lit);
    name.placed = at.has_value();
    if (at) name.rect = *at;
    if (!at && name.tip) ++unnamed_tips;
  }
  return unnamed_tips;
}

}  // namespace app::geometry
