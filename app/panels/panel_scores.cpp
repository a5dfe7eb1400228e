// Scores: S = QKᵀ beside QQᵀ (docs/questions.md, QQᵀ). QQᵀ is always
// symmetric; S is not, and its antisymmetric part is what QQᵀ cannot express.
#include <algorithm>
#include <cmath>
#include <string>
#include <tuple>

#include <imgui.h>
#include <imgui_internal.h>  // the panel window as the last frame left it (StateStorage), its clip rect

#include "app/panels/panel_text.h"
#include "core/designs/shared_qk.h"
#include "core/model/markup.h"
#include "app/panels/panels.h"
#include "app/render/text.h"
#include "app/widgets/controls.h"
#include "app/widgets/frame_context.h"
#include "app/widgets/heatmap.h"
#include "app/widgets/highlight.h"
#include "core/model/freedom.h"
#include "core/text/translate.h"

namespace app {

namespace {

// "q_i·k_j = Σ_t q_it k_jt = 0.20·0.80 + 0.00·1.00 = 0.16", the terms of one score.
void DotProductTerms(const char* left, const char* right, const core::Mat& A, const core::Mat& B, int i, int j) {
  std::string terms;
  for (int t = 0; t < A.cols(); ++t) {
    if (t) terms += " + ";
    terms += "(" + format_number(A(i, t)) + ")(" + format_number(B(j, t)) + ")";
  }
  const std::string formula = std::string(left) + "_" + std::to_string(i + 1) + "\u00B7" + right + "_" +
                              std::to_string(j + 1) + " = \u03A3_t " + left + "_{" + std::to_string(i + 1) +
                              "t} " + right + "_{" + std::to_string(j + 1) + "t}";
  ScriptText(formula);
  ImGui::Text("= %s", terms.c_str());
  ImGui::Text("= %s", format_number(A.row(i).dot(B.row(j))).c_str());
}

// Why QQᵀ has nothing to say under cross-attention (docs/questions.md, QQᵀ).
constexpr const char* kCrossNote = core::tr_noop(
    "Cross-attention: the decoder's X gives the queries, the encoder's X_{kv} the keys and values. S compares "
    "the two sequences; QQ\u1D40 compares the decoder with itself, so it cannot be compared with S, nor stand "
    "in for it: \"why not QQ\u1D40?\" has its plainest answer here.");

// S and QQᵀ (big), and the two parts of S: compared side by side, each pair shares a colour scale
// ("own scales" gives each its own). A pair side by side shares its row labels (S's, at the left) and
// its colour bar (the right one's): at 1280 × 720 those two were the room the numbers lacked.
struct ScoreOptions {
  HeatmapOptions S, QQt, sym, antisym;
};

ScoreOptions score_options(const AppState& state, const core::HeadResult& r) {
  const bool own = state.view.own_scales;
  const double big_max = std::max({r.scores.cwiseAbs().maxCoeff(), r.QQt.cwiseAbs().maxCoeff(), 1e-12});
  // The parts exist only for a square S (n = m): an empty matrix has no largest entry.
  const double parts_max = r.square() ? std::max({r.scores_sym.cwiseAbs().maxCoeff(), r.scores_antisym.cwiseAbs().maxCoeff(), 1e-12})
                                      : 1.0;
  HeatmapOptions big, part;
  big.row_labels = big.col_labels = part.row_labels = part.col_labels = &state.token_labels();
  // Larger windows give larger cells, rather than an empty band (1 at 900 px high, up to 1.5). Alone
  // (a picture, a slide's frame, a presentation) they fill their room: half a 1200 × 560 frame was
  // left empty under 56 px cells, and the parts had none of it.
  const bool grow = cells_grow_to_room(state, Panel::Scores);
  big.max_cell = grow ? 1000 : 56 * std::clamp(ImGui::GetIO().DisplaySize.y / (900 * fonts().scale), 1.0f, 1.5f);
  part.max_cell = grow ? 1000 : 40;
  part.min_cell = 5;  // the parts may shrink to thumbnails so that S and QQᵀ keep their numbers
  big.shared_max = own ? 0 : big_max;
  part.shared_max = own ? 0 : parts_max;
  ScoreOptions o{big, big, part, part};
  o.S.colorbar = own;  // QQᵀ's colour bar, at the right of the pair, is S's too
  o.QQt.show_row_labels = false;  // the rows of QQᵀ are S's rows: queries, in the same order
  o.antisym.show_row_labels = false;
  return o;
}

// Four arrangements:
//   Grid:   S, QQᵀ above; the parts below.   Row: all four in a row.
//   Column: S and QQᵀ in a row, the parts stacked at the right.
//   Stack:  all four one below the other, the whole width (a narrow panel: a third of a slide's
//           frame, where side by side S kept only the small font's digits).
//   Below:  S and QQᵀ in a row, the parts in a row below them; never compared with the four, only
//           where the panel scrolls to the parts (with_taller_parts).
enum class Arrangement { Grid, Row, Column, Stack, Below };

// Stacked, each heatmap has its own row labels and colour bar: none has a neighbour to share them.
ScoreOptions options_for(ScoreOptions o, Arrangement a) {
  if (a != Arrangement::Stack) return o;
  o.S.colorbar = o.sym.colorbar = true;
  o.QQt.show_row_labels = o.antisym.show_row_labels = true;
  return o;
}

// How well an arrangement reads, compared in this order: nothing overflows; S and QQᵀ have numbers,
// in the regular font before the small one (14 px and more, read from a projected slide), with two
// decimals before one, and column labels; the parts' numbers the same; the smallest digits of the
// four are large; S's cells (and the parts') are large; last, the parts' column labels. So one
// decimal comes before a stack of small digits, and the parts' numbers before S's size: larger
// cells of S had left them thumbnails at 1280 × 720. The parts' labels come after S's size: they
// name the tokens S's labels name, and put first they squeezed lesson 1's S at 1280 × 720 from
// 39 px rows to 15.
struct Quality {
  int fits = 0, big_font = 0, big_decimals = 0, big_labels = 0, part_font = 0, part_decimals = 0;
  float digits = 0, area = 0;
  int part_labels = 0;
  bool operator<(const Quality& q) const {
    return std::tie(fits, big_font, big_decimals, big_labels, part_font, part_decimals, digits, area, part_labels) <
           std::tie(q.fits, q.big_font, q.big_decimals, q.big_labels, q.part_font, q.part_decimals, q.digits, q.area, q.part_labels);
  }
};

// 2: the digits are in the regular font or larger; 1: in the small one; 0: none.
int font_level(float number_px) {
  return number_px >= font_px(fonts().regular) - 0.01f ? 2 : number_px > 0 ? 1 : 0;
}

struct Candidate {
  Arrangement arrangement;
  ImVec2 big, small;  // the room for S and for QQᵀ, and for each part
  Quality quality;
};

// S and QQᵀ first: their numbers and labels, then the parts' numbers, then the size of the digits and cells.
Candidate evaluate(const AppState& state, const core::HeadResult& r, const ScoreOptions& given, Arrangement a, ImVec2 big,
                   ImVec2 small) {
  const bool split = r.square();
  const ScoreOptions o = options_for(given, a);
  const HeatmapFit S = heatmap_fit(state, r.scores, o.S, big, true);
  const HeatmapFit G = heatmap_fit(state, r.QQt, o.QQt, big, true);
  HeatmapFit none{1, 1, true, true, true, false};
  none.number_px = 1e6f;  // no parts: they take nothing from the smallest digits
  const HeatmapFit P = split ? heatmap_fit(state, r.scores_antisym, o.antisym, small, true) : none;
  const HeatmapFit P2 = split ? heatmap_fit(state, r.scores_sym, o.sym, small, true) : P;
  Quality q;
  q.fits = S.fits && G.fits && P.fits && P2.fits;  // else overflowing into the text below
  q.big_decimals = std::min(S.decimals(), G.decimals());
  q.big_labels = S.column_labels && G.column_labels;
  q.big_font = font_level(std::min(S.number_px, G.number_px));
  q.part_decimals = std::min(P.decimals(), P2.decimals());
  q.part_font = font_level(std::min(P.number_px, P2.number_px));
  q.part_labels = P.column_labels && P2.column_labels;
  // Whole pixels: a fraction of one is no reason to give up the larger cells.
  q.digits = std::floor(std::min({S.number_px, G.number_px, P.number_px, P2.number_px}));
  // Sides, not areas: S's cells twice as much as the parts', so that a slide's frame shares its
  // height between them rather than give S all it can take (areas left the parts 14 px rows).
  q.area = 2 * std::min(S.cell_h, G.cell_h) + std::min(P.cell_h, P2.cell_h);
  return Candidate{a, big, small, q};
}

// In the column arrangement, the width S and QQᵀ (in `big` each) leave the parts at their right, at
// least `least`: at 1920 × 1080 their cells stop growing well before their room ends, and the parts'
// numbers need that width.
float column_parts_width(const AppState& state, const core::HeadResult& r, const ScoreOptions& o, ImVec2 big, float avail_w,
                         float gap, float least) {
  const float used = heatmap_fit(state, r.scores, o.S, big, true).width + heatmap_fit(state, r.QQt, o.QQt, big, true).width;
  return std::max(least, avail_w - used - 2 * gap - 1);
}

// The arrangement that reads best (Quality). Without the parts (n ≠ m), S and QQᵀ in a row.
Candidate best_arrangement(const AppState& state, const core::HeadResult& r, const ScoreOptions& o, ImVec2 avail,
                           float body_h, float gap) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float half = (avail.x - gap) / 2;
  const float quarter = (avail.x - 3 * gap) / 4;
  const float stacked_h = (body_h - style.ItemSpacing.y) / 2;
  const float stacked_w = std::min(avail.x * 0.3f, stacked_h * 1.25f + 120 * fonts().scale);
  const auto grid = [&](float share) {
    return evaluate(state, r, o, Arrangement::Grid, ImVec2(half, body_h * share),
                    ImVec2(half, body_h * (1 - share) - style.ItemSpacing.y));
  };
  const auto stack = [&](float share) {  // S and QQᵀ share `share` of the height, the parts the rest
    const float room = body_h - 3 * style.ItemSpacing.y;
    return evaluate(state, r, o, Arrangement::Stack, ImVec2(avail.x, room * share / 2), ImVec2(avail.x, room * (1 - share) / 2));
  };
  // The parts at the right have what S and QQᵀ leave, as DrawScoresPanel gives it them: judged in
  // stacked_w alone they had no numbers, and the column lost to a grid of S in 15 px rows.
  const auto column = [&] {
    const ImVec2 big((avail.x - stacked_w - 2 * gap) / 2, body_h);
    return evaluate(state, r, o, Arrangement::Column, big,
                    ImVec2(column_parts_width(state, r, o, big, avail.x, gap, stacked_w), stacked_h));
  };
  const Candidate candidates[] = {
      grid(0.5f), grid(0.58f), grid(0.66f), grid(0.74f), grid(0.8f),
      evaluate(state, r, o, Arrangement::Row, ImVec2(quarter, body_h), ImVec2(quarter, body_h)),
      column(),
      stack(0.5f), stack(0.6f),
  };
  return r.square() ? *std::max_element(std::begin(candidates), std::end(candidates),
                                        [](const Candidate& a, const Candidate& b) { return a.quality < b.quality; })
                    : evaluate(state, r, o, Arrangement::Row, ImVec2(half, body_h), ImVec2(0, 0));
}

// Numbers before fitting: where no arrangement keeps the parts' numbers within the panel (seven
// tokens at 1280 × 720), the parts get room a quarter of the body taller at a time until they have
// numbers, and the panel scrolls to them. S and QQᵀ keep `best`'s room, and so their cells and
// digits: the whole layout made taller let S grow and push the parts below the fold. Beside S and
// QQᵀ (a row, a column) more height gave the parts no wider cells: they go below, the whole width,
// where S and QQᵀ leave room for the scroll bar. Above the parts (a grid, a stack), S and QQᵀ give
// the bar its width. Returns whether `best` changed.
bool with_taller_parts(const AppState& state, const core::HeadResult& r, const ScoreOptions& o, Candidate& best, float avail_w,
                       float body_h, float gap) {
  if (!r.square() || best.quality.part_font > 0) return false;
  const bool beside = best.arrangement == Arrangement::Row || best.arrangement == Arrangement::Column;
  const Arrangement a = beside ? Arrangement::Below : best.arrangement;
  const float w = a == Arrangement::Stack ? avail_w : (avail_w - gap) / 2;
  const ImVec2 big(beside ? best.big.x : std::min(best.big.x, w), best.big.y);
  for (int quarters = 1; quarters <= 8; ++quarters)
    if (const Candidate c = evaluate(state, r, o, a, big, ImVec2(w, body_h * static_cast<float>(quarters) / 4));
        c.quality.part_font > 0) {
      best = c;
      return true;
    }
  return false;
}

// The two of a pair get cells of one size, column labels on as many lines, and numbers of one font,
// whichever needs more room: their rows line up, so that the left one's labels name both.
void make_alike(const AppState& state, HeatmapOptions& oa, HeatmapOptions& ob, const core::Mat& a, const core::Mat& b,
                ImVec2 room) {
  HeatmapFit fa = heatmap_fit(state, a, oa, room, true), fb = heatmap_fit(state, b, ob, room, true);
  // One staggers its column labels and the other not (their labels differ under cross-attention, or
  // one's line would cost its numbers): both stagger where both keep their numbers so, else neither.
  bool staggered = fa.staggered_labels && fb.staggered_labels;
  if (fa.staggered_labels != fb.staggered_labels) {
    HeatmapOptions sa = oa, sb = ob;
    sa.label_lines = sb.label_lines = HeatmapOptions::LabelLines::Two;
    const HeatmapFit ga = heatmap_fit(state, a, sa, room, true), gb = heatmap_fit(state, b, sb, room, true);
    staggered = ga.decimals() >= fa.decimals() && gb.decimals() >= fb.decimals();
    if (staggered) fa = ga, fb = gb;
  }
  for (HeatmapOptions* o : {&oa, &ob}) {
    o->cell_w_at_least = std::max(fa.cell_w, fb.cell_w);
    // In unscaled pixels, and before a picture's (or a frame's) factor, which Heatmap applies again:
    // unscaled by it, S kept 86 px rows beside QQᵀ's 80 in a slide's frame.
    const float unscaled = fonts().scale * picture_cell_factor(state);
    o->max_cell = std::min({o->max_cell, fa.cell_h / unscaled, fb.cell_h / unscaled});
    o->label_lines = staggered ? HeatmapOptions::LabelLines::Two : HeatmapOptions::LabelLines::One;
    o->small_numbers = fa.small_numbers || fb.small_numbers;
    o->one_decimal = fa.one_decimal || fb.one_decimal;
    o->no_numbers = !fa.numbers || !fb.numbers;  // both or neither: a bare twin would read as zeros
  }
}

void ScoresHeatmap(AppState& state, const core::Scenario& s, const core::HeadResult& r, const HeatmapOptions& big_o,
                   ImVec2 big) {
  HeatmapOptions o = big_o;
  o.tooltip = [&](int i, int j) { DotProductTerms("q", "k", r.Q, r.K, i, j); };
  // Cross-attention: S is n×m, queries of the decoder's sequence against keys of the encoder's.
  if (s.cross()) {
    o.col_labels = &state.key_labels();
    o.axis_titles = core::tr("rows: queries (X)  \u00B7  columns: keys (X_{kv})");
  }
  // Linked highlighting: S_ij under the mouse lights q_i and k_j in every view; A_ij lights S_ij here.
  o.lit = query_key_cells(lit(state, state.view.head), false);
  hover_query_key(state, state.view.head,
                  Heatmap(state, "scores", s.cross() ? "S = QK\u1D40  (n \u00D7 m)" : "S = QK\u1D40", r.scores, o, big));
}

void QQtHeatmap(AppState& state, const core::Scenario& s, const core::HeadResult& r, const HeatmapOptions& big_o,
                ImVec2 big) {
  HeatmapOptions o = big_o;
  o.tooltip = [&](int i, int j) { DotProductTerms("q", "q", r.Q, r.Q, i, j); };
  if (s.cross()) o.axis_titles = core::tr("rows and columns: queries (X)");
  Heatmap(state, "QQt", s.cross() ? "QQ\u1D40  (n \u00D7 n)" : "QQ\u1D40", r.QQt, o, big);
}

// The four heatmaps in the chosen arrangement; with n ≠ m there is no Sᵀ of S's shape, so no symmetric
// split: S and QQᵀ alone, in a row. The parts' titles lose their names where the parts are narrow
// (not in the grid).
void ArrangedHeatmaps(AppState& state, const core::Scenario& s, const core::HeadResult& r, const ScoreOptions& o,
                      const Candidate& best, float gap) {
  const bool split = r.square();
  const ImVec2 big = best.big, small = best.small;
  const bool short_titles = best.arrangement != Arrangement::Grid && best.arrangement != Arrangement::Below;
  const auto sym = [&] {
    Heatmap(state, "sym", short_titles ? "(S + S\u1D40)/2" : core::tr("(S + S\u1D40)/2  symmetric part"),
            r.scores_sym, o.sym, small);
  };
  const auto antisym = [&] {
    Heatmap(state, "antisym",
            short_titles ? "(S \u2212 S\u1D40)/2" : core::tr("(S \u2212 S\u1D40)/2  antisymmetric part"),
            r.scores_antisym, o.antisym, small);
  };
  const Arrangement arrangement = split ? best.arrangement : Arrangement::Row;
  switch (arrangement) {
    case Arrangement::Row:     // all four in a row
    case Arrangement::Below:   // the parts in a row of their own
    case Arrangement::Column:  // the parts one above the other, at the right
      ScoresHeatmap(state, s, r, o.S, big);
      ImGui::SameLine(0, gap);
      QQtHeatmap(state, s, r, o.QQt, big);
      if (!split) break;
      if (arrangement != Arrangement::Below) ImGui::SameLine(0, gap);
      if (arrangement == Arrangement::Column) ImGui::BeginGroup();
      sym();
      if (arrangement != Arrangement::Column) ImGui::SameLine(0, gap);
      antisym();
      if (arrangement == Arrangement::Column) ImGui::EndGroup();
      break;
    case Arrangement::Stack:
      ScoresHeatmap(state, s, r, o.S, big);
      QQtHeatmap(state, s, r, o.QQt, big);
      sym();
      antisym();
      break;
    case Arrangement::Grid:
      ImGui::BeginGroup();
      ScoresHeatmap(state, s, r, o.S, big);
      sym();
      ImGui::EndGroup();
      ImGui::SameLine(0, gap);
      ImGui::BeginGroup();
      QQtHeatmap(state, s, r, o.QQt, big);
      antisym();
      ImGui::EndGroup();
      break;
  }
}

std::string asymmetry_text(const core::Scenario& s, const core::HeadResult& r) {
  if (r.square())
    return core::tr_format("asymmetry of S:  \u2016(S \u2212 S\u1D40)/2\u2016_F / \u2016S\u2016_F = {0}", {format_number(r.asymmetry)}) +
           (core::scores_are_gram(s) ? std::string("   (") + core::tr("shared QK: S = S\u1D40") + ")" : "") + "   \u00B7   QQ\u1D40: 0";
  return core::tr_format("(S \u00B1 S\u1D40)/2 and the asymmetry of S:  \u2014  (not defined: S is {0}\u00D7{1}, S\u1D40 is {1}\u00D7{0})",
                         {std::to_string(s.n()), std::to_string(s.m())}) +
         "   \u00B7   " + core::tr("QQ\u1D40: symmetric");
}

constexpr const char* kOwnScales = core::tr_noop("own colour scales");
float own_scales_gap() { return 24 * fonts().scale; }

// Whether the scale toggle goes on a line of its own, below the asymmetry (a narrow panel: three
// panels in a slide's frame), rather than clipped at the panel's edge.
bool own_scales_below(const std::string& asymmetry, float width) {
  if (frame_picture().active) return false;
  const ImGuiStyle& style = ImGui::GetStyle();
  const float toggle = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(core::tr(kOwnScales)).x;
  return script_text_size(asymmetry).x + own_scales_gap() + toggle > width;
}

// Below the heatmaps, wherever they ended (text_h from the bottom): the asymmetry with the scale toggle
// (below it where it does not fit beside it), the degrees of freedom, and under cross-attention why QQᵀ is no rival.
void ScoresText(AppState& state, const core::Scenario& s, const std::string& asymmetry, bool below, const std::string& dof,
                float text_h, bool scrolls) {
  const ImGuiStyle& style = ImGui::GetStyle();
  if (!scrolls)  // the foot of the panel; scrolled, right under the heatmaps
    ImGui::SetCursorScreenPos(ImVec2(ImGui::GetCursorScreenPos().x, ImGui::GetWindowPos().y + ImGui::GetWindowSize().y -
                                                                      style.WindowPadding.y - text_h + style.ItemSpacing.y));
  ScriptText(asymmetry);
  if (!frame_picture().active) {
    if (!below) ImGui::SameLine(0, own_scales_gap());
    keyed::Checkbox("own_scales", translated(kOwnScales).c_str(), &state.view.own_scales);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", core::tr("Off: S beside QQ\u1D40 and the two parts of S each share one colour scale, so that colours compare."));
  }
  ScriptTextWrapped(dof, ImGui::GetColorU32(ImGuiCol_TextDisabled));
  if (s.cross()) ScriptTextWrapped(core::tr(kCrossNote), ImGui::GetColorU32(ImGuiCol_TextDisabled));
}

// Says where the parts went (the layout reports what it gave up: here, that they fit unscrolled),
// at the foot of the panel while the scroll has not reached them.
void PartsBelowNote() {
  if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY() - 1) return;
  const char* note = core::tr("scroll \u2193: the rest of (S \u00B1 S\u1D40)/2");
  const ImRect clip = ImGui::GetCurrentWindow()->InnerClipRect;
  const ImVec2 size = script_text_size(note), pad = ImGui::GetStyle().FramePadding;
  const ImVec2 at(clip.Max.x - size.x - pad.x, clip.Max.y - size.y - pad.y);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  // Over whatever the fold cuts, on the panel's colour: the panels draw no background of their own.
  dl->AddRectFilled(ImVec2(at.x - pad.x, at.y - pad.y), clip.Max, ImGui::GetColorU32(ImGuiCol_WindowBg, 1.0f));
  draw_script_text(dl, at, ImGui::GetColorU32(ImGuiCol_TextDisabled), note);
}

}  // namespace

void DrawScoresPanel(AppState& state) {
  // Laid out to fit: a pixel of rounding is no reason to scroll. Only where the last frame put the
  // parts below the fold (with_taller_parts) does it show a scroll bar: not where a panel too small
  // for anything overflows, as the content's size alone would have had it.
  const ImGuiID parts_below = ImHashStr("parts below");
  const ImGuiWindow* last = frame_picture().active ? nullptr : FindPanelWindow(Panel::Scores);
  const bool scrolled = last && last->StateStorage.GetBool(parts_below);
  if (BeginPanel(state, Panel::Scores, core::tr("S = QK\u1D40  (S_{ij} = q_i\u00B7k_j)  beside  QQ\u1D40;  S = (S + S\u1D40)/2 + (S \u2212 S\u1D40)/2"),
                 scrolled ? 0 : ImGuiWindowFlags_NoScrollbar, state.view.head)) {
    const core::Scenario& s = state.scenario();
    const core::HeadResult& r = state.result().head[state.view.head];
    const ImVec2 avail = ImGui::GetContentRegionAvail();
    // Laid out in the width the panel has without its scroll bar: the bar is no reason for S to
    // shrink (its cells lost a pixel to it), and a layout it does not change cannot make it come and go.
    const ImVec2 unbarred(avail.x + (scrolled ? ImGui::GetStyle().ScrollbarSize : 0), avail.y);
    ScoreOptions o = score_options(state, r);

    // The text below the heatmaps keeps its lines; the heatmaps have the rest.
    const std::string dof = core::describe_freedom(s, core::score_freedom(s));  // docs/mathematics.md, Degrees of freedom
    const std::string asymmetry = asymmetry_text(s, r);
    const size_t text_lines = 1 + (own_scales_below(asymmetry, unbarred.x) ? 1 : 0) + wrap_script_words(dof, unbarred.x).size() +
                              (s.cross() ? wrap_script_words(kCrossNote, unbarred.x).size() : 0);
    const float text_h =
        static_cast<float>(text_lines) * ImGui::GetTextLineHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
    const float body_h = std::max(40.0f, avail.y - text_h);
    const float gap = 10 * fonts().scale;

    Candidate best = best_arrangement(state, r, o, unbarred, body_h, gap);
    // Not in a picture, which cannot scroll, nor stacked, where the page scrolls the panels.
    const bool scrolls =
        !frame_picture().active && !state.panels.stacked && with_taller_parts(state, r, o, best, avail.x, body_h, gap);
    o = options_for(o, best.arrangement);
    make_alike(state, o.S, o.QQt, r.scores, r.QQt, best.big);
    Candidate placed = best;
    if (best.arrangement == Arrangement::Column)  // again, with S and QQᵀ made alike
      placed.small.x = column_parts_width(state, r, o, best.big, avail.x, gap, best.small.x);
    if (r.square()) {
      // Stacked in a column, each part has its own colour bar beside it; side by side, they share one.
      if (best.arrangement == Arrangement::Column) {
        o.sym.colorbar = true;
        o.antisym.show_row_labels = true;
      } else if (best.arrangement != Arrangement::Stack) {  // Stack: options_for gave each its own
        o.sym.colorbar = state.view.own_scales;
      }
      make_alike(state, o.sym, o.antisym, r.scores_sym, r.scores_antisym, placed.small);
    }
    ArrangedHeatmaps(state, s, r, o, placed, gap);
    ScoresText(state, s, asymmetry, own_scales_below(asymmetry, avail.x), dof, text_h, scrolls);
    if (scrolls) PartsBelowNote();
    ImGui::GetStateStorage()->SetBool(parts_below, scrolls);
  }
  EndPanel();
}

PanelText DescribeScoresPanel(const AppState& state) {
  const core::HeadResult& r = state.result().head[static_cast<size_t>(state.view.head)];
  const core::Scenario& s = state.scenario();
  PanelText out = panel_title(Panel::Scores) + head_text(state) + "\n";
  out += matrix_text(core::tr("S = QK\u1D40, a row a query, a column a key"), r.scores, state.token_labels(), state.key_labels());
  out += matrix_text(core::tr("QQ\u1D40, a row and a column a query"), r.QQt, state.token_labels(), state.token_labels());
  if (r.square()) {
    out += matrix_text(core::tr("(S + S\u1D40)/2, the symmetric part"), r.scores_sym, state.token_labels(), state.key_labels());
    out += matrix_text(core::tr("(S \u2212 S\u1D40)/2, the antisymmetric part"), r.scores_antisym, state.token_labels(), state.key_labels());
    out += core::tr_format("asymmetry of S: \u2016(S \u2212 S\u1D40)/2\u2016_F / \u2016S\u2016_F = {0}; QQ\u1D40 is symmetric",
                           {format_number(r.asymmetry)}) + "\n";
  } else {
    out += core::tr_format("the asymmetry of S is not defined: S is {0}\u00D7{1}, S\u1D40 is {1}\u00D7{0}; QQ\u1D40 is symmetric",
                           {std::to_string(s.n()), std::to_string(s.m())}) + "\n";
  }
  // The line under the heatmaps: what the editable matrices let S reach (docs/mathematics.md).
  return out + core::markup_as_plain_text(core::describe_freedom(s, core::score_freedom(s))) + "\n";
}

}  // namespace app
