#include "app/render/text.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <tuple>
#include <utility>

#include <imgui_internal.h>  // the log: GImGui->LogBuffer, LogToBuffer, LogRenderedText

#include "core/io/atomic_file.h"
#include "core/model/markup.h"
#include "core/model/scenario.h"
#include "core/text/utf8.h"

namespace app {

namespace {

// Each ImGui context keeps its own fonts in its IO's UserData (the window's, an offscreen
// picture's at K×): making a context current makes its fonts current, with nothing to swap
// back. load_fonts() makes them, unload_fonts() frees them before the context goes.
Fonts* context_fonts() {
  return ImGui::GetCurrentContext() ? static_cast<Fonts*>(ImGui::GetIO().UserData) : nullptr;
}

constexpr float kRegularPx = 15.0f, kSmallPx = 11.0f, kTitlePx = 17.0f, kLargePx = 36.0f;

// A font file's bytes, read once for the process and shared by every context's atlas (the window's,
// a picture's) and by the four sizes: Dear ImGui reads glyphs from them as text needs them. A file
// not there is looked for again next time (the page writes the CJK font when it has fetched it).
// A font file is at most kMaxFontBytes (WenQuanYi Micro Hei is 5 MB): a larger one is not a font of ours.
constexpr size_t kMaxFontBytes = size_t{64} << 20;
const std::string* font_file(const char* path) {
  static std::map<std::string, std::string> read;
  if (const auto found = read.find(path); found != read.end()) return &found->second;
  core::FileRead file = core::read_regular_file(path, kMaxFontBytes);
  if (file.problem != core::FileRead::Problem::None || file.text.empty()) return nullptr;
  return &(read[path] = std::move(file.text));
}

ImFont* add_font(float px) {
  const std::string* latin = font_file(kFontPath);
  if (!latin) return nullptr;
  ImFontConfig config;
  config.FontDataOwnedByAtlas = false;  // font_file's, for the process
  config.OversampleH = 2;
  config.PixelSnapH = false;
  return ImGui::GetIO().Fonts->AddFontFromMemoryTTF(const_cast<char*>(latin->data()), static_cast<int>(latin->size()), px, &config);
}

// One run of the markup: the text and whether it is raised, lowered or level.
using Run = core::MarkupRun;

ImFont* font_of(const Run& run) {
  const Fonts* f = context_fonts();
  return run.shift != 0 && f && f->small ? f->small : ImGui::GetFont();
}

}  // namespace

bool load_fonts(float scale, bool cjk_later) {
  ImGuiIO& io = ImGui::GetIO();
  // Glyphs come and go as text needs them: the renderer backend (or the headless harness) makes
  // and updates the atlas's textures on request.
  Fonts* made = context_fonts();
  if (!made) {
    io.UserData = made = new Fonts{};
    made->regular = add_font(kRegularPx);
    if (made->regular) {
      made->small = add_font(kSmallPx);
      made->title = add_font(kTitlePx);
      made->large = add_font(kLargePx);
      io.FontDefault = made->regular;
      if (!cjk_later) merge_cjk_font();
    } else {
      ImFontConfig config;
      config.SizePixels = 13.0f;
      made->regular = made->small = made->title = made->large = io.Fonts->AddFontDefault(&config);
    }
  }
  made->scale = scale;
  ImGui::GetStyle().FontScaleDpi = scale;
  ImGui::GetStyle().FontSizeBase = made->regular->LegacySize;
  return made->regular != made->small;
}

bool merge_cjk_font() {
  Fonts* f = context_fonts();
  if (!f || f->cjk || f->regular == f->small) return false;  // none loaded, or Dear ImGui's own font
  const std::string* cjk = font_file(kCjkFontPath);
  if (!cjk) return false;
  for (ImFont* font : {f->regular, f->small, f->title, f->large}) {
    ImFontConfig merged;
    merged.MergeMode = true;
    merged.DstFont = font;
    merged.FontDataOwnedByAtlas = false;
    merged.PixelSnapH = false;  // as DejaVu's: no glyph moved to a whole pixel
    ImGui::GetIO().Fonts->AddFontFromMemoryTTF(const_cast<char*>(cjk->data()), static_cast<int>(cjk->size()), font->LegacySize, &merged);
  }
  f->cjk = true;
  return true;
}

bool needs_cjk_font(std::string_view text) {
  // Three-byte UTF-8 only: the CJK blocks of the BMP (Dear ImGui's characters are 16-bit here, so
  // ideographs beyond it are drawn as the missing glyph whatever the font). A lead byte whose
  // continuation bytes are not there is not a character.
  for (size_t i = 0; i + 2 < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]), c1 = static_cast<unsigned char>(text[i + 1]),
               c2 = static_cast<unsigned char>(text[i + 2]);
    if (c < 0xE1 || c > 0xEF || (c1 & 0xC0) != 0x80 || (c2 & 0xC0) != 0x80) continue;  // below U+1000, or not 3 bytes
    const unsigned cp = ((c & 0x0Fu) << 12) | ((c1 & 0x3Fu) << 6) | (c2 & 0x3Fu);
    if ((cp >= 0x1100 && cp <= 0x11FF) ||   // Hangul Jamo
        (cp >= 0x2E80 && cp <= 0x9FFF) ||   // CJK radicals, punctuation, kana, Hangul compatibility, ideographs
        (cp >= 0xA960 && cp <= 0xA97F) || (cp >= 0xAC00 && cp <= 0xD7FF) ||  // Hangul
        (cp >= 0xF900 && cp <= 0xFAFF) || (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFFEF))  // compatibility, full width
      return true;
    i += 2;
  }
  return false;
}

bool needs_cjk_font(const core::Scenario& s) {
  if (needs_cjk_font(s.title) || needs_cjk_font(s.notes)) return true;
  for (const auto* tokens : {&s.tokens, &s.tokens_kv})
    for (const std::string& t : *tokens)
      if (needs_cjk_font(t)) return true;
  return false;
}

float font_px(const ImFont* font) {
  // Rounded as Dear ImGui rounds the size it draws at (UpdateCurrentFontSize).
  return font ? std::round(font->LegacySize * fonts().scale) : ImGui::GetFontSize();
}

void PushFontOf(ImFont* font) { ImGui::PushFont(font, font ? font->LegacySize : 0.0f); }

const Fonts& fonts() {
  static const Fonts kNone;  // a context whose fonts were never loaded: ImGui's own, at scale 1
  const Fonts* f = context_fonts();
  return f ? *f : kNone;
}

void unload_fonts() {
  if (!ImGui::GetCurrentContext()) return;
  ImGuiIO& io = ImGui::GetIO();
  delete static_cast<Fonts*>(io.UserData);
  io.UserData = nullptr;
}

void make_headless() { ImGui::GetIO().BackendFlags |= ImGuiBackendFlags_RendererHasTextures; }

void settle_headless_textures() {
  for (ImTextureData* texture : ImGui::GetPlatformIO().Textures) {
    if (texture->Status == ImTextureStatus_WantDestroy) {
      texture->SetTexID(ImTextureID_Invalid);
      texture->SetStatus(ImTextureStatus_Destroyed);
    } else if (texture->Status != ImTextureStatus_OK && texture->Status != ImTextureStatus_Destroyed) {
      texture->SetTexID(static_cast<ImTextureID>(1));  // any id but Invalid: nothing draws it
      texture->SetStatus(ImTextureStatus_OK);
    }
  }
}

ImVec2 script_text_size(std::string_view markup) {
  const float base = ImGui::GetFontSize();
  const ImFont* regular = fonts().regular;
  ImVec2 size(0, base * 1.2f);
  for (const Run& run : core::markup_runs(markup)) {
    ImFont* font = font_of(run);
    const float px = run.shift ? font_px(font) * (base / (regular ? font_px(regular) : base)) : base;
    size.x += font->CalcTextSizeA(px, FLT_MAX, 0, run.text.data(), run.text.data() + run.text.size()).x;
  }
  return size;
}

void draw_script_text(ImDrawList* draw_list, ImVec2 pos, ImU32 color, std::string_view markup) {
  const float base = ImGui::GetFontSize();
  const ImFont* regular = fonts().regular;
  const float ratio = base / (regular ? font_px(regular) : base);
  pos.y += base * 0.1f;
  const float clip_right = draw_list->GetClipRectMax().x;
  for (const Run& run : core::markup_runs(markup)) {
    ImFont* font = font_of(run);
    const float px = run.shift ? font_px(font) * ratio : base;
    // Superscripts sit at the cap height, subscripts below the baseline.
    const float dy = run.shift > 0 ? -base * 0.12f : run.shift < 0 ? base * 0.45f : 0.0f;
    const char* b = run.text.data();
    const char* e = b + run.text.size();
    // Only what can show: ImGui reserves vertices for every glyph of a line before it clips, so a
    // stranger's megabyte word, drawn whole, took 92 MB (and the page's heap never gives it back).
    const float room = clip_right - pos.x;
    if (room > 0) {
      const char* shown = e;
      font->CalcTextSizeA(px, room + 2 * px, 0, b, e, &shown);  // the glyph across the edge too
      draw_list->AddText(font, px, ImVec2(pos.x, pos.y + dy), color, b, shown);
    }
    note_drawn_text(pos, run.text);
    pos.x += font->CalcTextSizeA(px, FLT_MAX, 0, b, e).x;
  }
}

namespace {

// Whether a line may break before (and after) the code point c: a Chinese, Japanese or Korean
// ideograph or kana, which are written without spaces and break between any two (Unicode's line
// breaking, UAX 14, class ID), but not before closing punctuation ("，。）") nor after opening ("（").
bool breaks_around(char32_t c) {
  return (c >= 0x2E80 && c <= 0x9FFF && !(c >= 0x3001 && c <= 0x3003) && !(c >= 0x3008 && c <= 0x3011)) || (c >= 0xAC00 && c <= 0xD7AF) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x3FFFF);
}
bool closes(char32_t c) {  // no line starts with it
  static const std::u32string kClosing = U"\u3001\u3002\uFF0C\uFF0E\uFF1A\uFF1B\uFF01\uFF1F\uFF09\u3009\u300B\u300D\u300F\u3011\u2019\u201D";
  return kClosing.find(c) != std::u32string::npos;
}
bool opens(char32_t c) {  // no line ends with it
  static const std::u32string kOpening = U"\uFF08\u3008\u300A\u300C\u300E\u3010\u2018\u201C";
  return kOpening.find(c) != std::u32string::npos;
}

// A word (no spaces) cut where a line may break inside it: between CJK characters.
std::vector<std::string> cjk_pieces(std::string_view word) {
  std::vector<std::string> pieces(1);
  char32_t previous = 0;
  for (size_t at = 0; at < word.size();) {
    const size_t start = at;
    const char32_t c = core::next_code_point(word, at);
    const bool cut = !pieces.back().empty() && ((breaks_around(c) || breaks_around(previous)) || closes(previous) || opens(c)) &&
                     !closes(c) && !opens(previous);
    if (cut) pieces.emplace_back();
    pieces.back() += word.substr(start, at - start);
    previous = c;
  }
  return pieces;
}

// Lines of at most `width` as `measure` sees them, broken at spaces, between CJK characters (which
// have none) and at every '\n'.
template <class Measure>
std::vector<std::string> wrap_at_spaces(std::string_view text, float width, Measure measure) {
  std::vector<std::string> lines;
  std::string line;
  for (size_t start = 0; start <= text.size();) {
    const size_t end = std::min(text.find_first_of(" \n", start), text.size());
    const std::string_view word = text.substr(start, end - start);
    const bool paragraph_ends = end == text.size() || text[end] == '\n';
    if (!word.empty() || !paragraph_ends) {  // a paragraph's last space starts no word
      bool first = true;  // the first piece follows a space; the others follow their piece directly
      for (const std::string& piece : word.empty() ? std::vector<std::string>{""} : cjk_pieces(word)) {
        std::string candidate = line.empty() ? piece : line + (first ? " " : "") + piece;
        if (!line.empty() && measure(candidate) > width) lines.push_back(std::exchange(line, piece));
        else line = std::move(candidate);
        first = false;
      }
    }
    if (paragraph_ends) lines.push_back(std::exchange(line, {}));
    start = end + 1;
  }
  return lines;
}

}  // namespace

std::vector<std::string> wrap_script_words(std::string_view markup, float width) {
  // The panels wrap the same texts at the same widths frame after frame, and wrapping measures
  // every candidate line anew: kept by what the lines depend on (the text, the width, the fonts
  // and their size), it was the largest part of a frame's text. A few hundred texts at most are
  // on screen; past that the cache starts again.
  const auto measure = [](const std::string& s) { return script_text_size(s).x; };
  if (!std::isfinite(width)) return wrap_at_spaces(markup, width, measure);  // a NaN would break the map's order
  using Key = std::tuple<std::string, float, float, const void*, float, float, bool>;
  static std::map<Key, std::vector<std::string>> wrapped;
  const Fonts* f = context_fonts();
  Key key{std::string(markup), width, ImGui::GetFontSize(), f, f ? f->scale : 0.0f,
          f && f->regular ? font_px(f->regular) : 0.0f, f && f->cjk};  // the CJK font come: new widths
  if (const auto found = wrapped.find(key); found != wrapped.end()) return found->second;
  if (wrapped.size() >= 512) wrapped.clear();
  std::vector<std::string> lines = wrap_at_spaces(markup, width, measure);
  wrapped.emplace(std::move(key), lines);
  return lines;
}

float script_line_height() { return std::round(ImGui::GetTextLineHeight() * 1.2f); }

namespace {

// One item for the whole block, lines a text line apart (as ImGui's own wrapped text).
void ScriptLines(const std::vector<std::string>& lines, ImU32 color) {
  const ImVec2 pos = ImGui::GetCursorScreenPos();
  const float line_h = script_line_height();
  float width = 0;
  for (size_t i = 0; i < lines.size(); ++i) {
    draw_script_text(ImGui::GetWindowDrawList(), ImVec2(pos.x, pos.y + line_h * static_cast<float>(i)),
                     color ? color : ImGui::GetColorU32(ImGuiCol_Text), lines[i]);
    width = std::max(width, script_text_size(lines[i]).x);
  }
  ImGui::Dummy(ImVec2(width, line_h * static_cast<float>(lines.size())));
}

}  // namespace

void ScriptTextWrapped(std::string_view markup, ImU32 color) {
  ScriptLines(wrap_script_words(markup, ImGui::GetContentRegionAvail().x), color);
}

void ScriptText(std::string_view markup, ImU32 color) {
  // draw_script_text draws one line, each run after the one before: a '\n' in a run would send only
  // that run's rest down (a tooltip's second line drawn half on its first). Lines one below the other.
  if (markup.find('\n') != std::string_view::npos) {
    ScriptLines(wrap_script_words(markup, std::numeric_limits<float>::infinity()), color);
    return;
  }
  const ImU32 ink = color ? color : ImGui::GetColorU32(ImGuiCol_Text);
  draw_script_text(ImGui::GetWindowDrawList(), ImGui::GetCursorScreenPos(), ink, markup);
  ImGui::Dummy(script_text_size(markup));
}

void ScriptTooltip(std::string_view markup) {
  ImGui::BeginTooltip();
  ScriptText(markup);
  ImGui::EndTooltip();
}

// [SECTION] Reading the screen.
//
// Dear ImGui's log keeps the text of its own items, but only within a window: End() calls
// LogFinish, which hands a clipboard log to the platform IO's Platform_SetClipboardTextFn. So each panel starts a log to
// the clipboard, and while a ScreenText lives that function takes the log's text (and passes
// any other text, a Copy button's, on to the real clipboard).

namespace {
ScreenText* g_screen_text = nullptr;  // the frame's, while one lives (frames are drawn on one thread)
}  // namespace

ScreenText::ScreenText(std::map<std::string, std::string>* by_panel) : by_panel_(by_panel) {
  if (!by_panel_ || g_screen_text || !ImGui::GetCurrentContext() || GImGui->LogEnabled) {
    by_panel_ = nullptr;
    return;
  }
  by_panel_->clear();
  ImGuiPlatformIO& io = ImGui::GetPlatformIO();
  clipboard_ = io.Platform_SetClipboardTextFn;
  io.Platform_SetClipboardTextFn = &ScreenText::take;
  g_screen_text = this;
  ImGui::LogToClipboard();  // in the frame's implicit window, before any panel
}

ScreenText::~ScreenText() {
  if (!by_panel_) return;
  ImGui::LogFinish();
  ImGui::GetPlatformIO().Platform_SetClipboardTextFn = clipboard_;
  g_screen_text = nullptr;
}

void ScreenText::take(ImGuiContext* context, const char* text) {
  ScreenText* self = g_screen_text;
  if (!self) return;
  // The log, as End() or section() finishes it; any other text is for the real clipboard.
  if (text == GImGui->LogBuffer.begin()) (*self->by_panel_)[self->section_] += text;
  else if (self->clipboard_) self->clipboard_(context, text);
}

void ScreenText::section(std::string_view name) {
  if (!g_screen_text) return;
  ImGui::LogFinish();  // what was logged so far goes to the section before
  g_screen_text->section_ = std::string(name);
  ImGui::LogToClipboard();
}

void note_drawn_text(ImVec2 pos, std::string_view text) {
  if (!g_screen_text || text.empty()) return;
  if (!GImGui->LogEnabled) ImGui::LogToClipboard();  // a tooltip's or a popup's End() finished the log
  ImGui::LogRenderedText(&pos, text.data(), text.data() + text.size());
}

}  // namespace app
