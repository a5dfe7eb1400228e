// A trained model's heads in the lab (File → Open of a heads file, or a RESULT's "heads" buttons): the
// table of its layers and heads with each head's symmetric fraction, rank and largest singular value
// (the numbers `attnlab --dump` prints, sortable), and the head chosen: its W = W_Q·W_Kᵀ, the
// symmetric part (W + Wᵀ)/2 that QQᵀ's form is made of and the antisymmetric part (W − Wᵀ)/2 that
// only two matrices give, on one colour scale, and its singular values against d_k. How symmetric a
// trained head is answers "why not QQᵀ?" for a real model (docs/heads.md).
#include <algorithm>
#include <cstdio>
#include <iterator>
#include <string>
#include <type_traits>

#include <imgui.h>

#include "app/files/platform_files.h"  // shown_path
#include "app/panels/panel_experiment_parts.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/render/theme.h"
#include "app/training/lab.h"
#include "app/widgets/controls.h"
#include "app/widgets/frame_context.h"
#include "app/widgets/heatmap.h"
#include "core/io/atomic_file.h"
#include "core/math/colormap.h"
#include "core/model/markup.h"

namespace app {

namespace {

// A picture's cells at most this many a side: a head of d_model 4096 is shown as blocks of 4 × 4 (their
// means), sharper than any screen shows three of them side by side, and 4 MB a texture.
constexpr int kMaxPictureSide = 1024;

const char* const kPartNames[] = {"W = W_Q·W_Kᵀ", "symmetric part (W + Wᵀ)/2", "antisymmetric part (W − Wᵀ)/2"};

// x as printf prints it: a fraction "%.3f"; a singular value, as the table and the text show it, "%.4g".
std::string printed(const char* format, double x) {
  char text[48];
  std::snprintf(text, sizeof text, format, x);
  return text;
}

std::string head_name(const core::TrainedHead& h) {
  return "layer " + std::to_string(h.layer) + ", head " + std::to_string(h.head);
}

// "Heads of gpt2 · causal objective · seed 3", the items apart by `apart`.
std::string file_title(const core::HeadsFile& file, const std::string& apart) {
  return "Heads of " + (file.model.empty() ? std::string("a model") : file.model) + apart +
         (file.objective.empty() ? std::string("objective not given") : file.objective + " objective") +
         (file.seed ? apart + "seed " + std::to_string(*file.seed) : std::string());
}

// t on the diverging map: 0 the darkest blue, ½ white, 1 the darkest red.
ImU32 blue_red(float t) {
  const core::Rgb c = core::sample(core::Colormap::BlueRed, t);
  return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1));
}

// The pictures of the head shown, once: its numbers, and their colours on the diverging map, one scale for
// the three (0 white, ±max|entry| the darkest red and blue).
void ensure_pictures(HeadsShown& shown) {
  if (shown.picture_of == shown.selected) return;
  const core::TrainedHead& h = shown.file->heads[static_cast<size_t>(shown.selected)];
  shown.picture = core::form_picture(h.W_Q, h.W_K, kMaxPictureSide);
  shown.picture_of = shown.selected;
  const core::FormPicture& p = shown.picture;
  const Eigen::MatrixXd* parts[] = {&p.W, &p.symmetric, &p.antisymmetric};
  for (int k = 0; k < 3; ++k) {
    const Eigen::MatrixXd& m = *parts[k];
    std::vector<std::uint32_t>& out = shown.pixels[static_cast<size_t>(k)];
    out.resize(static_cast<size_t>(m.size()));
    for (Eigen::Index i = 0; i < m.rows(); ++i)
      for (Eigen::Index j = 0; j < m.cols(); ++j) {
        const float t = p.max_abs > 0 ? static_cast<float>(0.5 + 0.5 * m(i, j) / p.max_abs) : 0.5f;
        out[static_cast<size_t>(i * m.cols() + j)] = blue_red(t);
      }
  }
}

// The table's order, by the column and direction asked (the file's order until a header is clicked).
void SortHeads(HeadsShown& shown, const ImGuiTableSortSpecs* specs) {
  if (!specs || specs->SpecsCount == 0) return;
  const ImGuiTableColumnSortSpecs& s = specs->Specs[0];
  const auto key = [&](int i) -> double {
    const core::TrainedHead& h = shown.file->heads[static_cast<size_t>(i)];
    const core::BilinearForm& f = shown.forms[static_cast<size_t>(i)];
    switch (s.ColumnIndex) {
      case 0: return h.layer * 1e7 + h.head;
      case 1: return h.head * 1e7 + h.layer;
      case 2: return f.d_k;
      case 3: return f.symmetric_fraction;
      case 4: return f.rank;
      default: return f.singular_values.empty() ? 0.0 : f.singular_values.front();
    }
  };
  std::stable_sort(shown.order.begin(), shown.order.end(), [&](int a, int b) {
    return s.SortDirection == ImGuiSortDirection_Descending ? key(a) > key(b) : key(a) < key(b);
  });
}

// The table's columns: each as wide as its header or its widest number, given rather than fitted (a table
// fitted in a frame whose items were not drawn, as the page's first frames of it, keeps columns of no width).
struct HeadColumn {
  const char* name;
  const char* widest;
  ImGuiTableColumnFlags flags;
};
constexpr HeadColumn kHeadColumns[] = {{"layer", "0000", ImGuiTableColumnFlags_DefaultSort},
                                       {"head", "0000", 0},
                                       {"d_k", "0000", 0},
                                       {"symmetric fraction", "0.000", ImGuiTableColumnFlags_PreferSortDescending},
                                       {"rank", "0000", ImGuiTableColumnFlags_PreferSortDescending},
                                       {"σ₁", "0.0000e+00", ImGuiTableColumnFlags_PreferSortDescending}};
constexpr int kColumns = static_cast<int>(std::size(kHeadColumns));

float ColumnWidth(int c) {
  const float arrow = ImGui::GetFontSize();  // the sort arrow beside the header
  return std::max(ImGui::CalcTextSize(kHeadColumns[c].name).x + arrow, ImGui::CalcTextSize(kHeadColumns[c].widest).x);
}

// The whole table's width: its columns, their padding, and a scroll bar.
float TableWidth() {
  float w = ImGui::GetStyle().ScrollbarSize;
  for (int c = 0; c < kColumns; ++c) w += ColumnWidth(c) + 2 * ImGui::GetStyle().CellPadding.x + 1;
  return w;
}

// Left: a row a head, sortable by any column, the head shown highlighted; a click shows another.
void HeadsTable(HeadsShown& shown) {
  constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_Sortable |
                                     ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("heads", kColumns, kFlags)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  for (int c = 0; c < kColumns; ++c)
    ImGui::TableSetupColumn(kHeadColumns[c].name, kHeadColumns[c].flags | ImGuiTableColumnFlags_WidthFixed, ColumnWidth(c));
  // The headers one by one (as TableHeadersRow draws them), each noted: a click sorts by it, again the other way.
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int column = 0; column < kColumns; ++column) {
    ImGui::TableSetColumnIndex(column);
    ImGui::TableHeader(ImGui::TableGetColumnName(column));
    keyed::note_last("heads.sort." + std::to_string(column));
  }
  if (ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs(); specs && specs->SpecsDirty) {
    SortHeads(shown, specs);
    specs->SpecsDirty = false;
  }
  for (const int i : shown.order) {
    const core::TrainedHead& h = shown.file->heads[static_cast<size_t>(i)];
    const core::BilinearForm& f = shown.forms[static_cast<size_t>(i)];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    const std::string label = std::to_string(h.layer) + "##head" + std::to_string(i);
    if (keyed::Selectable("heads.row." + std::to_string(i), label.c_str(), shown.selected == i, ImGuiSelectableFlags_SpanAllColumns))
      shown.selected = i;
    const std::string top = f.singular_values.empty() ? "\u2014" : printed("%.4g", f.singular_values.front());
    const std::string cells[] = {std::to_string(h.head), std::to_string(f.d_k),
                                 printed("%.3f", f.symmetric_fraction), std::to_string(f.rank), top};
    for (const std::string& cell : cells) {
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(cell.c_str());
    }
  }
  ImGui::EndTable();
}

// One part as a square image on the renderer's texture, its name above; hovering a cell says its numbers.
void PartImage(HeadsShown& shown, int part, float side) {
  const core::FormPicture& p = shown.picture;
  const Eigen::MatrixXd* parts[] = {&p.W, &p.symmetric, &p.antisymmetric};
  const Eigen::MatrixXd& m = *parts[part];
  ImGui::BeginGroup();
  ScriptText(kPartNames[part]);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const int cells = static_cast<int>(m.rows());
  static_assert(std::is_same_v<ImU32, std::uint32_t>);
  const CellImage image{shown.serial + static_cast<std::uint64_t>(shown.selected) * 3 + static_cast<std::uint64_t>(part), cells, cells,
                        &shown.pixels[static_cast<size_t>(part)]};
  ImDrawList* draw = ImGui::GetWindowDrawList();
  if (const ImTextureID texture = heatmap_renderer().texture(image))
    draw_cell_image(draw, texture, at, ImVec2(at.x + side, at.y + side), side >= static_cast<float>(cells));
  draw->AddRect(at, ImVec2(at.x + side, at.y + side), ImGui::GetColorU32(ImGuiCol_Border));
  ImGui::InvisibleButton(("part" + std::to_string(part)).c_str(), ImVec2(side, side));
  keyed::note_last("heads.part." + std::to_string(part));
  if (ImGui::IsItemHovered() && cells > 0 && !frame_picture().active) {
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    const int i = std::clamp(static_cast<int>((mouse.y - at.y) / side * static_cast<float>(cells)), 0, cells - 1);
    const int j = std::clamp(static_cast<int>((mouse.x - at.x) / side * static_cast<float>(cells)), 0, cells - 1);
    ImGui::BeginTooltip();
    if (p.block == 1) ImGui::Text("row %d, column %d", i + 1, j + 1);
    else ImGui::Text("rows %d–%d, columns %d–%d (their mean)", p.first(i) + 1, p.last(i) + 1, p.first(j) + 1, p.last(j) + 1);
    ImGui::Text("W: %.4g   symmetric: %.4g   antisymmetric: %.4g", p.W(i, j), p.symmetric(i, j), p.antisymmetric(i, j));
    ImGui::EndTooltip();
  }
  ImGui::EndGroup();
}

// The colour scale under the pictures: −m (blue) through 0 (white) to m (red).
void ColourScale(double max_abs, float width) {
  const float scale = fonts().scale, h = 10 * scale;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  constexpr int kSteps = 32;
  for (int s = 0; s < kSteps; ++s) {
    const float x0 = at.x + width * static_cast<float>(s) / kSteps, x1 = at.x + width * static_cast<float>(s + 1) / kSteps;
    const ImU32 a = blue_red(static_cast<float>(s) / kSteps);
    const ImU32 b = blue_red(static_cast<float>(s + 1) / kSteps);
    draw->AddRectFilledMultiColor(ImVec2(x0, at.y), ImVec2(x1, at.y + h), a, b, b, a);
  }
  ImGui::Dummy(ImVec2(width, h));
  const std::string lo = "\u2212" + printed("%.4g", max_abs), hi = printed("%.4g", max_abs);
  ImGui::TextUnformatted(lo.c_str());
  ImGui::SameLine(std::max(0.0f, width / 2 - ImGui::CalcTextSize("0").x / 2));
  ImGui::TextUnformatted("0");
  ImGui::SameLine(std::max(0.0f, width - ImGui::CalcTextSize(hi.c_str()).x));
  ImGui::TextUnformatted(hi.c_str());
}

// The singular values of W as bars, one for each of the first min(d_model, 2·d_k) indices: past d_k there
// are none but 0, since W = W_Q·W_Kᵀ factors through d_k dimensions; the bars below numpy's tolerance are
// grey (they do not count in the rank).
void SingularValues(const core::BilinearForm& f, ImVec2 size) {
  const float scale = fonts().scale;
  const int shown = std::max(1, std::min(f.d_model, 2 * f.d_k));
  const double top = f.singular_values.empty() ? 0.0 : f.singular_values.front();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float bar_w = size.x / static_cast<float>(shown);
  const ImU32 counted = ImGui::GetColorU32(ImGuiCol_PlotHistogram), below = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  for (int i = 0; i < std::min<int>(shown, static_cast<int>(f.singular_values.size())); ++i) {
    const double s = f.singular_values[static_cast<size_t>(i)];
    const float h = top > 0 ? static_cast<float>(s / top) * size.y : 0;
    draw->AddRectFilled(ImVec2(at.x + static_cast<float>(i) * bar_w + 1, at.y + size.y - h), ImVec2(at.x + static_cast<float>(i + 1) * bar_w - 1, at.y + size.y),
                        s > f.rank_tolerance ? counted : below);
  }
  const float x_dk = at.x + static_cast<float>(f.d_k) * bar_w;
  if (f.d_k < shown) draw->AddLine(ImVec2(x_dk, at.y), ImVec2(x_dk, at.y + size.y), ImGui::GetColorU32(ImGuiCol_Text), 1.5f * scale);
  draw->AddLine(ImVec2(at.x, at.y + size.y), ImVec2(at.x + size.x, at.y + size.y), ImGui::GetColorU32(ImGuiCol_Border));
  // The scale: σ₁'s value at the top, right of the bars that can be non-zero.
  const std::string top_label = "σ₁ = " + printed("%.4g", top);
  const float label_x = f.d_k < shown ? x_dk + 6 * scale : at.x + size.x - ImGui::CalcTextSize(top_label.c_str()).x;
  draw->AddText(ImVec2(label_x, at.y), ImGui::GetColorU32(ImGuiCol_Text), top_label.c_str());
  if (f.d_k < shown)
    draw_script_text(draw, ImVec2(x_dk + 6 * scale, at.y + size.y - script_line_height() - 2 * scale), ImGui::GetColorU32(ImGuiCol_TextDisabled),
                     "d_k = " + std::to_string(f.d_k) + ": the rest are 0");
  ImGui::Dummy(size);
  ScriptTextWrapped("The first " + std::to_string(shown) + " of W's " + std::to_string(f.d_model) + " singular values, largest first: rank " +
                    std::to_string(f.rank) + " (counting those above the tolerance numpy's matrix_rank uses; a bar below it would be grey), "
                    "and past d_k = " + std::to_string(f.d_k) + " every σ is 0, since W = W_Q·W_Kᵀ passes through d_k dimensions");
}

// Right: the head shown, its numbers, its three pictures and its singular values.
void HeadDetail(AppState* state, HeadsShown& shown) {
  const float scale = fonts().scale;
  const core::TrainedHead& h = shown.file->heads[static_cast<size_t>(shown.selected)];
  const core::BilinearForm& f = shown.forms[static_cast<size_t>(shown.selected)];
  ensure_pictures(shown);
  ScriptText(head_name(h) + ": d_{model} = " + std::to_string(f.d_model) + ", d_k = " + std::to_string(f.d_k) +
             ", symmetric fraction " + printed("%.3f", f.symmetric_fraction) +
             ", antisymmetric " + printed("%.3f", 1 - f.symmetric_fraction));
  ImGui::TextDisabled("1: symmetric as QQᵀ's form always is; 0: antisymmetric; a random head of this size: about %s",
                      printed("%.3f", (1 + 1.0 / std::max(1, f.d_model)) / 2).c_str());
  // What a cell is: not a token against a token, as in the Scores panel, but a feature against a feature.
  ScriptTextWrapped("Row a, column b: W_{ab}, what feature a of a query's token times feature b of a key's token adds to its score "
                    "(features of the model's d_{model}, not tokens). Hover a cell for its numbers.",
                    ImGui::GetColorU32(ImGuiCol_TextDisabled));
  const ImVec2 room = ImGui::GetContentRegionAvail();
  const float gap = 12 * scale;
  const float bars_h = std::clamp(room.y * 0.2f, 70 * scale, 150 * scale);
  const float side = std::max(60 * scale, std::min((room.x - 2 * gap) / 3, room.y - bars_h - 7 * ImGui::GetTextLineHeightWithSpacing()));
  for (int part = 0; part < 3; ++part) {
    if (part) ImGui::SameLine(0, gap);
    PartImage(shown, part, side);
  }
  ColourScale(shown.picture.max_abs, 3 * side + 2 * gap);
  if (!frame_picture().active) {
    ImGui::TextUnformatted("Open in views, on its top singular directions:");
    ImGui::SameLine();
    if (keyed::SmallButton("heads.open_in_views.2", "2 dimensions (u1, v1)")) open_head_in_views(*state, 2);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("This head's W restricted to its largest singular pair's two sides, as a scenario to drag");
    ImGui::SameLine();
    if (keyed::SmallButton("heads.open_in_views.4", "4 dimensions (u1, v1, u2, v2)")) open_head_in_views(*state, 4);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("This head's W restricted to its two largest singular pairs, as a scenario to drag");
  }
  if (shown.picture.block > 1)
    ImGui::TextDisabled("Each cell: the mean of a %d × %d block of W (d_model = %d)", shown.picture.block, shown.picture.block, f.d_model);
  ImGui::Spacing();
  SingularValues(f, ImVec2(std::min(room.x, 3 * side + 2 * gap), bars_h));
}

}  // namespace

void HeadsView(AppState& state) {
  // Held for the frame: Back closes it half-way through drawing it.
  const std::shared_ptr<HeadsShown> held = state.lab.heads;
  HeadsShown& shown = *held;
  const float scale = fonts().scale;
  if (!frame_picture().active &&
      keyed::Button("heads.back", state.lab.result ? "\u2190 Back to the result" : state.lab.experiment.variants.empty() ? "\u2190 Back to the views" : "\u2190 Back to the lab"))
    close_heads(state);
  ImGui::SameLine();
  const core::HeadsFile& file = *shown.file;
  ImGui::TextUnformatted(file_title(file, " · ").c_str());
  ImGui::TextDisabled("%s · %zu heads", shown_path(shown.source).c_str(), file.heads.size());
  if (file.heads.empty()) return;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  ImGui::BeginChild("heads_table", ImVec2(std::min(TableWidth(), std::max(200 * scale, avail.x * 0.45f)), 0), false);
  HeadsTable(shown);
  ImGui::EndChild();
  ImGui::SameLine(0, 14 * scale);
  ImGui::BeginChild("head_detail", ImVec2(0, 0), false);
  HeadDetail(&state, shown);
  ImGui::EndChild();
}

PanelText DescribeHeads(const HeadsShown& shown) {
  const core::HeadsFile& file = *shown.file;
  PanelText text = file_title(file, ", ") + ": " + std::to_string(file.heads.size()) +
                   " heads, each one's W = W_Q·W_Kᵀ\n";  // the first line, the heading; the table's lines under it
  TextTable table;
  table.caption = "The heads, as attnlab --dump measures them";
  table.columns = {"layer", "head", "d_model", "d_k", "symmetric fraction", "rank", "singular values"};
  std::string lines;
  for (size_t i = 0; i < file.heads.size(); ++i) {
    const core::BilinearForm& f = shown.forms[i];
    std::string sigma;
    for (double s : f.singular_values) sigma += (sigma.empty() ? "" : " ") + printed("%.4g", s);
    table.rows.push_back(head_name(file.heads[i]));
    table.cells.push_back({std::to_string(file.heads[i].layer), std::to_string(file.heads[i].head),
                           std::to_string(f.d_model), std::to_string(f.d_k), printed("%.4f", f.symmetric_fraction),
                           std::to_string(f.rank), sigma});
    lines += table.rows[i] + ": symmetric fraction " + table.cells[i][4] + ", rank " + table.cells[i][5] + " of d_k = " +
             table.cells[i][3] + ", singular values " + table.cells[i][6] + "\n";
  }
  text.add_table(lines, std::move(table));
  const core::TrainedHead& h = file.heads[static_cast<size_t>(shown.selected)];
  text += "Shown: " + head_name(h) + ", its W, symmetric part and antisymmetric part, and its singular values.";
  return text;
}

}  // namespace app
