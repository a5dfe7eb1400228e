// Contrast (WCAG 2.1 AA, 1.4.3): every piece of text the frame draws, the numbers on the heatmap
// cells and the labels alike, reads at least 4.5:1 against what is behind it, in both themes and
// with every colormap. Measured on what the frame draws, not on the colours the code means to use:
// each glyph's colour, and the colour at its centre of everything drawn before it there (the
// window's background, the panels', the fields', the buttons', the heatmap cells'), blended as
// the GPU would.
#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <imgui_internal.h>  // the baked fonts' glyphs

#include "app/files/files.h"
#include "app/render/theme.h"
#include "app/training/lab.h"
#include "core/export/export_curves.h"
#include "core/math/colormap.h"
#include "tests/ui/ui_harness.h"

namespace test_contrast {

namespace {

// The heatmaps of a frame, each where it was drawn among its draw list's triangles: its cells
// cover what came before them there, and what comes after covers them. Where is marked in the
// list itself, by an empty triangle whose u is −1 − the heatmap's index: a table draws its
// columns apart (ImDrawListSplitter) and merges them at its end, and the mark moves with them.
class OrderedHeatmaps final : public app::HeatmapRenderer {
 public:
  void begin_frame() override { drawn.clear(); }
  void draw(ImDrawList* list, const app::HeatmapDraw& heatmap) override {
    const ImVec2 mark(-1.0f - static_cast<float>(drawn.size()), -1.0f);
    drawn.push_back(heatmap);
    list->PrimReserve(3, 3);
    for (int i = 0; i < 3; ++i) list->PrimVtx(heatmap.min, mark, 0);
  }
  ImTextureID texture(const app::CellImage&) override { return ImTextureID_Invalid; }
  static int marked(const ImDrawVert& v) { return v.uv.y == -1.0f && v.uv.x <= -1.0f ? static_cast<int>(-1.0f - v.uv.x) : -1; }
  std::vector<app::HeatmapDraw> drawn;
};

struct Colour {
  double r, g, b;
};
Colour colour_of(ImVec4 c) { return {c.x, c.y, c.z}; }
Colour over(Colour below, ImVec4 c) {  // c drawn over below, with c's alpha
  return {below.r + (c.x - below.r) * c.w, below.g + (c.y - below.g) * c.w, below.b + (c.z - below.b) * c.w};
}
core::Rgb rgb(Colour c) { return {static_cast<float>(c.r), static_cast<float>(c.g), static_cast<float>(c.b)}; }

// A glyph of the frame: where its centre is, its colour, and what is under it when it is drawn.
struct Glyph {
  const ImDrawList* list;
  int index;  // of its first triangle in the list
  ImVec2 centre;
  ImVec4 ink;
  char32_t codepoint;
  Colour behind{};
};

// Every glyph the frame draws, read from the draw data: a quad as AddText writes it (vertices
// v, v+1, v+2, v+3 as triangles v, v+1, v+2 and v, v+2, v+3) whose top-left corner is a glyph's
// place in the font atlas. Looked for at every triangle: a shape of an odd count of triangles
// (a filled triangle, a combo's arrow) may come before it in the same command.
std::vector<Glyph> glyphs_of(const ImDrawData& data) {
  std::map<std::pair<float, float>, char32_t> atlas;  // a glyph's top-left (u, v): its codepoint
  // Every size a font was drawn at has its glyphs (Dear ImGui 1.92 bakes a font a size at a time).
  const ImStableVector<ImFontBaked, 32>& baked = ImGui::GetIO().Fonts->Builder->BakedPool;
  for (int b = 0; b < baked.Size; ++b)
    for (const ImFontGlyph& g : baked[b].Glyphs)
      if (g.Visible) atlas.emplace(std::make_pair(g.U0, g.V0), g.Codepoint);
  std::vector<Glyph> glyphs;
  for (int l = 0; l < data.CmdLists.Size; ++l) {
    const ImDrawList* list = data.CmdLists[l];
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      if (cmd.UserCallback) continue;
      for (unsigned i = 0; i + 6 <= cmd.ElemCount; i += 3) {
        const unsigned at = cmd.IdxOffset + i;
        const auto index = [&](unsigned k) { return static_cast<unsigned>(list->IdxBuffer[static_cast<int>(at + k)]); };
        const unsigned v = index(0);
        if (index(1) != v + 1 || index(2) != v + 2 || index(3) != v || index(4) != v + 2 || index(5) != v + 3) continue;
        const ImDrawVert& a = list->VtxBuffer[static_cast<int>(cmd.VtxOffset + v)];
        const ImDrawVert& c = list->VtxBuffer[static_cast<int>(cmd.VtxOffset + v + 2)];
        const auto found = atlas.find({a.uv.x, a.uv.y});
        if (found == atlas.end() || c.uv.x == a.uv.x) continue;  // a quad, but no glyph's
        const ImVec2 centre((a.pos.x + c.pos.x) / 2, (a.pos.y + c.pos.y) / 2);
        const ImVec4& clip = cmd.ClipRect;
        if (centre.x < clip.x || centre.x >= clip.z || centre.y < clip.y || centre.y >= clip.w) continue;  // clipped away
        glyphs.push_back({list, static_cast<int>(at), centre, ImGui::ColorConvertU32ToFloat4(a.col), found->second});
        i += 3;  // the quad's second triangle
      }
    }
  }
  return glyphs;
}

// Whether p is inside the triangle, and its weights there. p is a glyph's centre moved by a
// fraction of a pixel, as a pixel's centre lies off a rectangle's diagonal: a centre on the edge
// two triangles share would be painted twice, where the GPU paints each pixel once.
bool inside(ImVec2 centre, ImVec2 a, ImVec2 b, ImVec2 c, float& wa, float& wb, float& wc) {
  const ImVec2 p(centre.x + 0.0137f, centre.y + 0.0071f);
  const float area = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
  if (area == 0) return false;
  wa = ((b.x - p.x) * (c.y - p.y) - (c.x - p.x) * (b.y - p.y)) / area;
  wb = ((c.x - p.x) * (a.y - p.y) - (a.x - p.x) * (c.y - p.y)) / area;
  wc = 1 - wa - wb;
  return wa >= 0 && wb >= 0 && wc >= 0;
}

// What is under each glyph when it is drawn: the clear colour, then every filled triangle and
// heatmap cell drawn before it that covers its centre, in the order the GPU draws them.
void find_backgrounds(const ImDrawData& data, const std::vector<app::HeatmapDraw>& heatmaps, std::vector<Glyph>& glyphs) {
  const ImVec2 white = ImGui::GetIO().Fonts->TexUvWhitePixel;
  // The glyphs by 32-pixel square, so that a triangle looks only at those near it.
  constexpr float kSquare = 32;
  std::map<std::pair<int, int>, std::vector<size_t>> near;
  for (size_t k = 0; k < glyphs.size(); ++k)
    near[{static_cast<int>(std::floor(glyphs[k].centre.x / kSquare)), static_cast<int>(std::floor(glyphs[k].centre.y / kSquare))}].push_back(k);
  std::vector<Colour> now(glyphs.size(), colour_of(ImGui::GetStyle().Colors[ImGuiCol_WindowBg]));  // the backend clears to it
  std::map<std::pair<const ImDrawList*, int>, size_t> glyph_at;
  for (size_t k = 0; k < glyphs.size(); ++k) glyph_at[{glyphs[k].list, glyphs[k].index}] = k;
  const auto paint_heatmap = [&](const app::HeatmapDraw& h) {
    if (h.gradient) return;
    const float cell_w = (h.max.x - h.min.x) / static_cast<float>(h.cols), cell_h = (h.max.y - h.min.y) / static_cast<float>(h.rows);
    for (size_t k = 0; k < glyphs.size(); ++k) {
      const ImVec2 p = glyphs[k].centre;
      if (p.x < h.min.x || p.x >= h.max.x || p.y < h.min.y || p.y >= h.max.y) continue;
      const int c = std::min(h.cols - 1, static_cast<int>((p.x - h.min.x) / cell_w));
      const int r = std::min(h.rows - 1, static_cast<int>((p.y - h.min.y) / cell_h));
      const float t = h.t[static_cast<size_t>(r * h.cols + c)];
      now[k] = t < 0 ? colour_of(ImGui::ColorConvertU32ToFloat4(h.hatch_a)) : Colour{};
      if (t >= 0) {
        const core::Rgb cell = core::sample(h.colormap, t);
        now[k] = {cell.r, cell.g, cell.b};
      }
    }
  };
  for (int l = 0; l < data.CmdLists.Size; ++l) {
    const ImDrawList* list = data.CmdLists[l];
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      if (cmd.UserCallback) continue;
      for (unsigned i = 0; i + 3 <= cmd.ElemCount; i += 3) {
        const int at = static_cast<int>(cmd.IdxOffset + i);
        if (const auto g = glyph_at.find({list, at}); g != glyph_at.end()) glyphs[g->second].behind = now[g->second];
        const ImDrawVert* v[3];
        for (int j = 0; j < 3; ++j) v[j] = &list->VtxBuffer[static_cast<int>(cmd.VtxOffset + list->IdxBuffer[at + j])];
        if (const int h = OrderedHeatmaps::marked(*v[0]); h >= 0) {
          paint_heatmap(heatmaps[static_cast<size_t>(h)]);
          continue;
        }
        if (v[0]->uv.x != white.x || v[0]->uv.y != white.y || v[1]->uv.x != white.x || v[2]->uv.x != white.x) continue;  // not a fill
        const float x0 = std::min({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x}), x1 = std::max({v[0]->pos.x, v[1]->pos.x, v[2]->pos.x});
        const float y0 = std::min({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y}), y1 = std::max({v[0]->pos.y, v[1]->pos.y, v[2]->pos.y});
        const ImVec4& clip = cmd.ClipRect;
        const ImVec4 a = ImGui::ColorConvertU32ToFloat4(v[0]->col), b = ImGui::ColorConvertU32ToFloat4(v[1]->col),
                     c = ImGui::ColorConvertU32ToFloat4(v[2]->col);
        for (int sx = static_cast<int>(std::floor(x0 / kSquare)); sx <= static_cast<int>(std::floor(x1 / kSquare)); ++sx)
          for (int sy = static_cast<int>(std::floor(y0 / kSquare)); sy <= static_cast<int>(std::floor(y1 / kSquare)); ++sy) {
            const auto square = near.find({sx, sy});
            if (square == near.end()) continue;
            for (const size_t k : square->second) {
              const ImVec2 p = glyphs[k].centre;
              if (p.x < clip.x || p.x >= clip.z || p.y < clip.y || p.y >= clip.w) continue;
              float wa, wb, wc;
              if (!inside(p, v[0]->pos, v[1]->pos, v[2]->pos, wa, wb, wc)) continue;
              now[k] = over(now[k], ImVec4(wa * a.x + wb * b.x + wc * c.x, wa * a.y + wb * b.y + wc * c.y,
                                           wa * a.z + wb * b.z + wc * c.z, wa * a.w + wb * b.w + wc * c.w));
            }
          }
      }
    }
  }
}

}  // namespace

class ContrastTest : public UiTest {
 protected:
  void SetUp() override {
    UiTest::SetUp();
    app::set_heatmap_renderer(&heatmaps);
  }

  // Every glyph of the frame just drawn under 4.5:1 against what is behind it, described. A
  // translucent glyph is measured as it shows, blended over what is behind it; but not the
  // hidden (alpha 0) nor a disabled control's (ImGui's BeginDisabled draws at style.DisabledAlpha),
  // which WCAG exempts.
  std::vector<std::string> low_contrast() {
    const ImDrawData* data = ImGui::GetDrawData();
    std::vector<Glyph> glyphs = glyphs_of(*data);
    find_backgrounds(*data, heatmaps.drawn, glyphs);
    std::vector<std::string> low;
    drawn_glyphs = 0;
    for (const Glyph& g : glyphs) {
      if (g.ink.w == 0 || std::abs(g.ink.w - ImGui::GetStyle().DisabledAlpha) < 0.005f) continue;
      ++drawn_glyphs;
      const double ratio = core::contrast_ratio(rgb(over(g.behind, g.ink)), rgb(g.behind));
      if (ratio >= 4.5) continue;
      std::ostringstream o;
      o << (g.list->_OwnerName ? g.list->_OwnerName : "?") << " U+" << std::hex << static_cast<unsigned>(g.codepoint) << std::dec << " at (" << g.centre.x << ", " << g.centre.y << "): ink ("
        << g.ink.x << ", " << g.ink.y << ", " << g.ink.z << ") on (" << g.behind.r << ", " << g.behind.g << ", " << g.behind.b
        << "): " << ratio << ":1";
      low.push_back(o.str());
    }
    return low;
  }

  // The frame drawn in each theme with each sequential colormap (the diverging one is blue-red
  // alone): check(what) after a few frames, to let the layout settle.
  template <class F>
  void in_every_look(F&& check) {
    for (const app::Theme theme : {app::Theme::Dark, app::Theme::Light})
      for (const core::Colormap sequential : {core::Colormap::Viridis, core::Colormap::Cividis}) {
        SCOPED_TRACE(std::string(theme == app::Theme::Dark ? "dark" : "light") + ", " + core::colormap_name(sequential));
        state.view.theme = theme;
        state.view.sequential = sequential;
        frames(3);
        check();
      }
  }
  // The glyphs of the last frame that stand on a heatmap's cells.
  int glyphs_on_cells() {
    const ImDrawData* data = ImGui::GetDrawData();
    std::vector<Glyph> glyphs = glyphs_of(*data);
    int on = 0;
    for (const Glyph& g : glyphs)
      for (const app::HeatmapDraw& h : heatmaps.drawn) {
        if (!h.gradient && g.centre.x >= h.min.x && g.centre.x < h.max.x && g.centre.y >= h.min.y && g.centre.y < h.max.y) ++on;
      }
    return on;
  }

  OrderedHeatmaps heatmaps;
  int drawn_glyphs = 0;
};

// The measure itself: grey text on a grey window fails it (1.89:1), each of its five glyphs, after
// a shape of an odd count of triangles.
TEST_F(ContrastTest, TheMeasureFindsGreyOnGrey) {
  ImGui::NewFrame();
  heatmaps.begin_frame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(400, 200));
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.5f, 0.5f, 0.5f, 1.0f));
  ImGui::Begin("grey", nullptr, ImGuiWindowFlags_NoTitleBar);
  // A filled triangle first: an odd count of triangles before the text, as a combo's arrow puts there.
  ImGui::GetWindowDrawList()->AddTriangleFilled(ImVec2(300, 100), ImVec2(320, 100), ImVec2(310, 120), IM_COL32(128, 128, 128, 255));
  ImGui::TextColored(ImVec4(0.7f, 0.7f, 0.7f, 1.0f), "faint");
  ImGui::End();
  ImGui::PopStyleColor();
  ImGui::Render();
  app::settle_headless_textures();
  const std::vector<std::string> low = low_contrast();
  EXPECT_EQ(drawn_glyphs, 5);
  ASSERT_EQ(low.size(), 5u);
  // 0.7 and 0.5 grey: luminances 0.448 and 0.214, (0.498 / 0.264) = 1.89:1.
  EXPECT_NE(low[0].find(": 1.8"), std::string::npos) << low[0];
}

// Each theme's text on each of its backgrounds, in every state a control has (the frames above
// show few of them lit or pressed): the text on the window, a popup, a field, a button, a menu
// item, a tab, a title bar; secondary text where it is written (beside fields, in menus, in
// tables, under titles). A translucent background is seen over the window.
TEST_F(ContrastTest, EachThemesTextReadsOnItsBackgrounds) {
  const ImGuiCol everywhere[] = {ImGuiCol_WindowBg, ImGuiCol_ChildBg, ImGuiCol_PopupBg, ImGuiCol_MenuBarBg, ImGuiCol_FrameBg,
                                 ImGuiCol_FrameBgHovered, ImGuiCol_FrameBgActive, ImGuiCol_TitleBg, ImGuiCol_TitleBgActive,
                                 ImGuiCol_Button, ImGuiCol_ButtonHovered, ImGuiCol_ButtonActive, ImGuiCol_Header,
                                 ImGuiCol_HeaderHovered, ImGuiCol_HeaderActive, ImGuiCol_Tab, ImGuiCol_TabHovered,
                                 ImGuiCol_TabSelected, ImGuiCol_TableHeaderBg, ImGuiCol_TableRowBgAlt, ImGuiCol_SliderGrab,
                                 ImGuiCol_SliderGrabActive};
  const ImGuiCol secondary[] = {ImGuiCol_WindowBg, ImGuiCol_ChildBg,       ImGuiCol_PopupBg,       ImGuiCol_MenuBarBg,
                                ImGuiCol_FrameBg,  ImGuiCol_TitleBg,       ImGuiCol_TitleBgActive, ImGuiCol_TableHeaderBg,
                                ImGuiCol_TableRowBgAlt, ImGuiCol_Header, ImGuiCol_HeaderHovered, ImGuiCol_HeaderActive};
  for (const app::Theme theme : {app::Theme::Dark, app::Theme::Light}) {
    app::apply_theme(theme, 1.0f);
    const ImGuiStyle& style = ImGui::GetStyle();
    const Colour window = colour_of(style.Colors[ImGuiCol_WindowBg]);
    const auto check = [&](ImGuiCol text, ImGuiCol background) {
      const Colour behind = over(window, style.Colors[background]);
      EXPECT_GE(core::contrast_ratio(rgb(colour_of(style.Colors[text])), rgb(behind)), 4.5)
          << (theme == app::Theme::Dark ? "dark: " : "light: ") << ImGui::GetStyleColorName(text) << " on "
          << ImGui::GetStyleColorName(background);
    };
    for (const ImGuiCol b : everywhere) check(ImGuiCol_Text, b);
    for (const ImGuiCol b : secondary) check(ImGuiCol_TextDisabled, b);
    // A progress bar's label on its fill (app::progress_fill): the dark theme's accent gave 1.95:1.
    EXPECT_GE(core::contrast_ratio(rgb(colour_of(style.Colors[ImGuiCol_Text])), rgb(colour_of(app::progress_fill()))), 4.5);
  }
}

// The lab's curves are lines, not text: 3:1 on the plot they are drawn on (WCAG 1.4.11), the
// frame's colour over the window, in both themes. Okabe and Ito's orange gave 1.92:1 on the
// light plot, their sky blue 1.96:1.
TEST_F(ContrastTest, EachCurveReadsOnItsPlot) {
  for (const app::Theme theme : {app::Theme::Dark, app::Theme::Light}) {
    app::apply_theme(theme, 1.0f);
    const ImGuiStyle& style = ImGui::GetStyle();
    const Colour plot = over(colour_of(style.Colors[ImGuiCol_WindowBg]), style.Colors[ImGuiCol_FrameBg]);
    for (int v = 0; v < 8; ++v) {
      const auto c = core::curve_colour(v, theme == app::Theme::Light);
      EXPECT_GE(core::contrast_ratio(core::Rgb{c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f}, rgb(plot)), 3.0)
          << (theme == app::Theme::Dark ? "dark" : "light") << ", curve " << v;
    }
  }
}

// Every panel of the views, at both sizes the docs show: the labels, the titles, the fields and
// the numbers on the cells.
TEST_F(ContrastTest, TheViewsReadEverywhere) {
  for (const ImVec2 size : {ImVec2(1280, 720), ImVec2(1920, 1080)}) {
    ImGui::GetIO().DisplaySize = size;
    in_every_look([&] {
      const std::vector<std::string> low = low_contrast();
      EXPECT_GT(drawn_glyphs, 800);
      EXPECT_GT(glyphs_on_cells(), 100);  // the cells' numbers are among them
      for (const std::string& l : low) ADD_FAILURE() << l;
    });
  }
}

// The menus, open, with an item under the pointer.
TEST_F(ContrastTest, TheMenusReadEverywhere) {
  in_every_look([&] {
    ASSERT_TRUE(layout.controls.count("menu.lessons"));
    const app::Rect title = layout.controls.at("menu.lessons");  // as the menu bar draws it closed
    open_menu("menu.lessons");
    ASSERT_TRUE(layout.controls.count("menu.new_lesson"));
    mouse_to(center(layout.controls.at("menu.new_lesson")));  // an item lit under the pointer
    frames(2);
    const std::vector<std::string> low = low_contrast();
    EXPECT_GT(drawn_glyphs, 200);
    for (const std::string& l : low) ADD_FAILURE() << l;
    click(center(title));  // closed again
    frames(2);
  });
}

// The lab after a short race: the experiment, its table and the curves' legend, each variant's
// name in its curve's colour.
TEST_F(ContrastTest, TheLabReadsEverywhere) {
  core::Experiment e = core::load_experiment_file(ATTNLAB_EXPERIMENTS "/07_race.json").experiment.value();
  e.steps = 20;
  e.seeds = 1;
  app::set_experiment(state, e, "07_race.json");
  frames(2);
  click(center(control("lab.run")));
  ASSERT_TRUE(frames_until([&] { return state.lab.view.curves.finished() && !state.lab.view.running; }));
  in_every_look([&] {
    const std::vector<std::string> low = low_contrast();
    EXPECT_GT(drawn_glyphs, 500);
    for (const std::string& l : low) ADD_FAILURE() << l;
  });
}

}  // namespace test_contrast
