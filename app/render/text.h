// Fonts and the mathematical text of the labels.
//
// DejaVu Sans (fonts-dejavu-core) has ᵀ, √, ·, Latin, Greek and Cyrillic; WenQuanYi Micro Hei
// (fonts-wqy-microhei), behind it, Chinese, Japanese and Korean. Dear ImGui 1.92 rasterises each
// glyph when text first needs it, at the size it is drawn: no glyph ranges, nothing stretched.
// Unicode has no superscript Q and no subscript d: "W^Q", "d_k", "d_{model}" are drawn with a
// second, smaller font, raised or lowered.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <imgui.h>

namespace core {
struct Scenario;
}

namespace app {

// One face at four sizes: each an ImFont of its own, so that a panel can tell which it measured
// with, all sharing the files' bytes. A font's size (font_px) is its unscaled size × scale.
struct Fonts {
  ImFont* regular = nullptr;  // labels, numbers
  ImFont* small = nullptr;    // superscripts, subscripts, numbers in small cells
  ImFont* title = nullptr;    // headings inside panels
  ImFont* large = nullptr;    // numbers in large cells (presenter mode, a panel alone), drawn at up to its size
  float scale = 1.0f;         // the content scale: the monitor's, × zoom, × K in a K× picture
  bool cjk = false;           // the CJK font is behind each size: Chinese, Japanese and Korean are drawn
};

inline constexpr const char* kFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
// Chinese, Japanese and Korean, behind DejaVu: its glyphs rasterised as text needs them. The window
// reads it (5 MB) once its first frame is on screen, or before where the scenario's text needs it;
// the page fetches it only when a scenario's text needs it (app/web/page_fonts.cpp).
inline constexpr const char* kCjkFontPath = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc";

// Adds the fonts to the current context's atlas the first time, and sets the scale they are drawn
// at (the monitor's content scale × zoom, or K for a K× export): a zoom rasterises the glyphs anew
// at their new size, nothing is rebuilt. Returns false with Dear ImGui's own font in place when
// DejaVu Sans is missing. With `cjk_later`, the CJK font is left to merge_cjk_font.
bool load_fonts(float scale, bool cjk_later = false);
// Puts the CJK font (kCjkFontPath) behind each size of the current context's fonts, where it is on
// disk and not yet there; whether it did. load_fonts does it; the page, once it has fetched the file.
bool merge_cjk_font();
// Whether UTF-8 text has a character of the CJK font's (Han, kana, Hangul, full width forms), or a
// scenario's title, notes or tokens have one.
bool needs_cjk_font(std::string_view text);
bool needs_cjk_font(const core::Scenario& s);
// The height in pixels a font draws at (its size × the scale); ImGui::PushFont at that size.
float font_px(const ImFont* font);
void PushFontOf(ImFont* font);
// The current ImGui context's fonts (each context has its own: the window's, a picture's).
const Fonts& fonts();
// Frees the current context's fonts: before ImGui::DestroyContext.
void unload_fonts();
// For a context no renderer draws (the headless ui tests, the fuzzers, the bench): says it can take
// textures (before the first frame), and after each ImGui::Render() takes every texture Dear ImGui
// asked for as made, so that glyphs come in as text needs them, as in the window.
void make_headless();
void settle_headless_textures();

// Markup: "W^Q", "W^{QK}", "d_k", "d_{model}", "QKᵀ"; '^' raises and '_'
// lowers the next character or {group}. Everything else is drawn as is.
ImVec2 script_text_size(std::string_view markup);
void draw_script_text(ImDrawList* draw_list, ImVec2 pos, ImU32 color, std::string_view markup);
// As an item at the cursor, like ImGui::TextUnformatted; a '\n' starts a line below (color 0:
// the text colour).
void ScriptText(std::string_view markup, ImU32 color = 0);
// A tooltip of markup: the caller asks first whether its item is hovered.
void ScriptTooltip(std::string_view markup);

// Markup broken into lines of at most `width` pixels at spaces (and at '\n'),
// measured as drawn; and those lines as items at the cursor (color 0: the text colour).
std::vector<std::string> wrap_script_words(std::string_view markup, float width);
// The distance between lines of wrapped markup: a text line and room for subscripts.
float script_line_height();
void ScriptTextWrapped(std::string_view markup, ImU32 color = 0);

// Reading the screen, for tests and --layout-out: while a ScreenText lives (one frame), every text
// drawn is noted under the panel it is drawn in, as Dear ImGui's log notes its own items (the text
// of the fields, buttons and labels). The text drawn straight into a draw list (markup, heatmap
// cells, tick labels) is noted by note_drawn_text. Nothing is noted when no ScreenText lives.
class ScreenText {
 public:
  explicit ScreenText(std::map<std::string, std::string>* by_panel);  // null: notes nothing
  ~ScreenText();
  ScreenText(const ScreenText&) = delete;
  ScreenText& operator=(const ScreenText&) = delete;
  // The text drawn from now on is in `name` (a panel's, "status", "menu").
  static void section(std::string_view name);

 private:
  static void take(ImGuiContext* context, const char* text);  // Platform_SetClipboardTextFn while this lives
  std::map<std::string, std::string>* by_panel_;
  std::string section_ = "menu";
  void (*clipboard_)(ImGuiContext*, const char*) = nullptr;
};
void note_drawn_text(ImVec2 pos, std::string_view text);

}  // namespace app
