// The pieces of the text exports on their own: UTF-8 checking, LaTeX, XML and
// Python text for any bytes, the shortest numbers, the conditions that keep
// torch.nn.MultiheadAttention out, and the structure of each export.
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "core/export/export.h"
#include "core/export/export_lm_torch.h"
#include "core/export/export_train_torch.h"
#include "core/io/experiment_json.h"
#include "core/io/language_model_json.h"
#include "core/io/scenario_io.h"
#include "core/model/compute.h"
#include "core/text/json_text.h"

namespace test_exports {

namespace {

core::Scenario example() {
  const core::LoadResult r = core::load_scenario_file(std::string(ATTNLAB_TEST_DATA) + "/example.json");
  EXPECT_TRUE(r.ok()) << r.message();
  return r.ok() ? *r.scenario : core::Scenario{};
}

// Random bytes, half of them from the multi-byte ranges, so that well-formed,
// truncated and ill-formed sequences all turn up.
std::string random_bytes(std::mt19937& rng, size_t length) {
  std::uniform_int_distribution<int> byte(0, 255), ascii(0, 127), coin(0, 1);
  std::string s;
  for (size_t i = 0; i < length; ++i) s += static_cast<char>(coin(rng) ? byte(rng) : ascii(rng));
  return s;
}

// Braces balance once the escaped ones (\{ \}) are set aside: TeX reads one group per group.
bool braces_balance(const std::string& tex) {
  int depth = 0;
  for (size_t i = 0; i < tex.size(); ++i) {
    if (tex[i] == '\\') {
      ++i;
      continue;
    }
    if (tex[i] == '{') ++depth;
    if (tex[i] == '}' && --depth < 0) return false;
  }
  return depth == 0;
}

bool xml_allowed(char32_t c) {
  return c == 0x9 || c == 0xA || c == 0xD || (c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD) ||
         (c >= 0x10000 && c <= 0x10FFFF);
}

// Trojan Source (CVE-2021-42574): the bidirectional formatting characters, which an editor obeys,
// so that a line holding one can read otherwise than it runs.
constexpr char32_t kBidiControls[] = {0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069, 0x200E, 0x200F, 0x061C};

std::string code_point(const char* format, char32_t c) {
  char buf[32];
  std::snprintf(buf, sizeof buf, format, static_cast<unsigned>(c));
  return buf;
}

// "a" then each bidi control as `write` writes it, one after an "a" each: "a\u202aa\u202ba…" for Python.
std::string each_bidi_control(const std::function<std::string(char32_t)>& write) {
  std::string out;
  for (char32_t c : kBidiControls) out += "a" + write(c);
  return out;
}
std::string raw(char32_t c) {
  std::string s;
  core::append_utf8(s, c);
  return s;
}
std::string python_escape(char32_t c) { return code_point("\\u%04x", c); }

// The first bidi control that text holds raw ("U+202E"), or "" when it holds none.
std::string raw_bidi_control(const std::string& text) {
  for (char32_t c : kBidiControls)
    if (text.find(raw(c)) != std::string::npos) return code_point("U+%04X", c);
  return "";
}

}  // namespace

TEST(ExportText, Utf8IllFormedBytesBecomeReplacementCharacters) {
  EXPECT_EQ(core::decode_utf8("a\xC3\xA9\xE2\x88\x9A\xF0\x9F\x98\x80"), std::u32string(U"a\u00E9\u221A\U0001F600"));
  EXPECT_EQ(core::decode_utf8("\xFF"), std::u32string(U"\uFFFD"));
  EXPECT_EQ(core::decode_utf8("\xC0\xAF"), std::u32string(U"\uFFFD\uFFFD"));              // overlong '/'
  EXPECT_EQ(core::decode_utf8("\xED\xA0\x80"), std::u32string(U"\uFFFD\uFFFD\uFFFD"));     // a UTF-16 surrogate
  EXPECT_EQ(core::decode_utf8("\xF4\x90\x80\x80"), std::u32string(4, U'\uFFFD'));          // past U+10FFFF
  EXPECT_EQ(core::decode_utf8("x\xE2\x88"), std::u32string(U"x\uFFFD\uFFFD"));             // cut short
  EXPECT_EQ(core::decode_utf8("\xEF\xBF\xBF"), std::u32string(U"\uFFFF"));                 // a non-character, still UTF-8
  EXPECT_EQ(core::valid_utf8("ok \xC3\xA9"), "ok \xC3\xA9");
  EXPECT_EQ(core::valid_utf8("\x80"), "\xEF\xBF\xBD");
}

TEST(ExportText, LatexTextMapsEachCharacterClass) {
  EXPECT_EQ(core::latex_text("Attention 2x"), "Attention 2x");
  EXPECT_EQ(core::latex_text("\\{}&#%_"), "\\textbackslash{}\\{\\}\\&\\#\\%\\_");
  EXPECT_EQ(core::latex_text("$^~"), "\\ensuremath{\\$}\\textasciicircum{}\\textasciitilde{}");
  EXPECT_EQ(core::latex_text("<>|\""), "\\textless{}\\textgreater{}\\textbar{}\\texttt{\\char34}");
  EXPECT_EQ(core::latex_text("QK\u1D40"), "QK\\ensuremath{^{\\top}}");
  EXPECT_EQ(core::latex_text("\u221A\u2016\u00B7\u2212\u00D7\u2192\u2264\u2265"),
            "\\ensuremath{\\surd}\\ensuremath{\\|}\\ensuremath{\\cdot}\\ensuremath{-}\\ensuremath{\\times}"
            "\\ensuremath{\\rightarrow}\\ensuremath{\\leq}\\ensuremath{\\geq}");
  EXPECT_EQ(core::latex_text("\u00E9\u00FC\u00F1\u00ED\u0161\u0151"), "\\'{e}\\\"{u}\\~{n}\\'{\\i}\\v{s}\\H{o}");
  EXPECT_EQ(core::latex_text("\u00DF\u00C6\u00F8\u0142\u0153"), "\\ss{}\\AE{}\\o{}\\l{}\\oe{}");
  EXPECT_EQ(core::latex_text("\u03B1\u03A3\u0391"), "\\ensuremath{\\alpha}\\ensuremath{\\Sigma}\\ensuremath{\\mathrm{A}}");
  EXPECT_EQ(core::latex_text("\u201Cx\u201D \u2013 \u2014 \u2026"), "``x'' -- --- \\dots{}");
  EXPECT_EQ(core::latex_text("a--b ``c"), "a-{}-b `{}`c");  // as typed, not as ligatures
  EXPECT_EQ(core::latex_text("a\tb\nc\rd"), "a b c d");
  EXPECT_EQ(core::latex_text("\x01"), "\\texttt{[U+0001]}");
  EXPECT_EQ(core::latex_text("\U0001F600\u4E2D\uFFFF"), "\\texttt{[U+1F600]}\\texttt{[U+4E2D]}\\texttt{[U+FFFF]}");
  EXPECT_EQ(core::latex_text("\xFF"), "\\texttt{[U+FFFD]}");
  // Glyphs only T1 or TS1 fonts hold (pdflatex would make bitmap fonts) are shown by code instead.
  EXPECT_EQ(core::latex_text("\u0105\u00F0\u20AC"), "\\texttt{[U+0105]}\\texttt{[U+00F0]}\\texttt{[U+20AC]}");
  // Bidi controls (Trojan Source) are shown by their code, never dropped nor passed on.
  EXPECT_EQ(core::latex_text(each_bidi_control(raw)), each_bidi_control([](char32_t c) { return code_point("\\texttt{[U+%04X]}", c); }));
}

TEST(ExportText, LatexTextOfAnyBytesIsPrintableAsciiWithBalancedBraces) {
  std::mt19937 rng(9);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::string in = random_bytes(rng, 1 + trial % 40);
    const std::string tex = core::latex_text(in);
    for (char c : tex) ASSERT_TRUE(c >= 0x20 && c < 0x7F) << "byte " << int(static_cast<unsigned char>(c)) << " in " << tex;
    ASSERT_TRUE(braces_balance(tex)) << tex;
    ASSERT_EQ(tex.find('\n'), std::string::npos);
  }
}

TEST(ExportText, XmlTextHoldsOnlyCharactersXmlAllows) {
  EXPECT_EQ(core::xml_text("a<b>&\"c\""), "a&lt;b&gt;&amp;&quot;c&quot;");
  EXPECT_EQ(core::xml_text("t\tn\nr\r"), "t\tn\nr\r");
  EXPECT_EQ(core::xml_text("\x01\x7f"), "\uFFFD\uFFFD");
  EXPECT_EQ(core::xml_text("\uFFFE\uFFFF\U0001F600"), "\uFFFD\uFFFD\U0001F600");
  EXPECT_EQ(core::xml_text("\xED\xA0\x80"), "\uFFFD\uFFFD\uFFFD");  // a lone surrogate, as UTF-8 bytes
  // Bidi controls as references: the file reads as it is, a reader gets the label back.
  EXPECT_EQ(core::xml_text("a\u202Eb"), "a&#x202E;b");
  EXPECT_EQ(core::xml_text(each_bidi_control(raw)), each_bidi_control([](char32_t c) { return code_point("&#x%X;", c); }));
  std::mt19937 rng(10);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::string xml = core::xml_text(random_bytes(rng, 1 + trial % 40));
    ASSERT_EQ(core::valid_utf8(xml), xml);
    for (char32_t c : core::decode_utf8(xml)) ASSERT_TRUE(xml_allowed(c)) << std::hex << static_cast<unsigned>(c);
    ASSERT_EQ(xml.find('<'), std::string::npos);
  }
}

TEST(ExportText, PythonStringEscapesWhatPythonWouldRead) {
  EXPECT_EQ(core::python_string("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(core::python_string("\n\r\t\x01\x7f"), "\"\\x0a\\x0d\\x09\\x01\\x7f\"");
  EXPECT_EQ(core::python_string("\u00E9\U0001F600"), "\"\u00E9\U0001F600\"");
  EXPECT_EQ(core::python_string("\xFF"), "\"\uFFFD\"");
  EXPECT_EQ(core::python_string("\u2028"), "\"\\u2028\"");
  // Bidi controls (Trojan Source) and U+2029 as \u escapes: the literal reads as it runs.
  EXPECT_EQ(core::python_string("\u2029"), "\"\\u2029\"");
  EXPECT_EQ(core::python_string("admin\u202E \u2066\u2069"), "\"admin\\u202e \\u2066\\u2069\"");
  EXPECT_EQ(core::python_string(each_bidi_control(raw)), "\"" + each_bidi_control(python_escape) + "\"");
}

// A comment line is text to Python but not to an editor: no control, no bidi control, no U+2028 raw.
TEST(ExportText, PythonCommentTextEndsNoLineAndReordersNothing) {
  EXPECT_EQ(core::python_comment_text("a\nb\rc\x01" "d\u0085" "e"), "a b c d e");
  EXPECT_EQ(core::python_comment_text("x\u2028y\u2029z"), "x\\u2028y\\u2029z");
  EXPECT_EQ(core::python_comment_text("week 3 \u202E \\ \xFF"), "week 3 \\u202e \\ \uFFFD");
  EXPECT_EQ(core::python_comment_text(each_bidi_control(raw)), each_bidi_control(python_escape));
}

TEST(ExportText, BidiControlsAreTheTrojanSourceSet) {
  for (char32_t c : kBidiControls) EXPECT_TRUE(core::is_bidi_control(c)) << std::hex << static_cast<unsigned>(c);
  for (char32_t c : {U'a', U'\n', char32_t{0x061B}, char32_t{0x061D}, char32_t{0x200D}, char32_t{0x2010}, char32_t{0x2029},
                     char32_t{0x202F}, char32_t{0x2065}, char32_t{0x206A}, char32_t{0xFEFF}})
    EXPECT_FALSE(core::is_bidi_control(c)) << std::hex << static_cast<unsigned>(c);
  EXPECT_EQ(core::unicode_escape(0x202E), "\\u202e");
  EXPECT_EQ(core::unicode_escape(0x061C), "\\u061c");
  EXPECT_EQ(core::unicode_escape(0x1F600), "\\U0001f600");
}

TEST(ExportText, ShortestNumbersReadBackExactly) {
  EXPECT_EQ(core::shortest_number(0.05), "0.05");
  EXPECT_EQ(core::shortest_number(0.01 * 5), "0.05");
  EXPECT_EQ(core::shortest_number(1.0), "1.0");
  EXPECT_EQ(core::shortest_number(-0.0), "-0.0");
  EXPECT_EQ(core::shortest_number(1e-7), "1e-07");
  EXPECT_EQ(core::shortest_number(1e6), "1000000.0");
  EXPECT_EQ(core::shortest_number(1e15), "1e+15");
  EXPECT_EQ(core::shortest_number(0.0001), "0.0001");
  // nlohmann's dump writes 5.4234589042167904: right, but one digit too many.
  EXPECT_EQ(core::shortest_number(5.42345890421679), "5.42345890421679");
  // A float widened to double keeps its binary value: that is not noise this function could remove.
  EXPECT_EQ(core::shortest_number(static_cast<double>(0.05f)), "0.05000000074505806");
  std::mt19937_64 rng(11);
  std::uniform_real_distribution<double> u(-1e6, 1e6);
  for (int i = 0; i < 100000; ++i) {
    const double x = i % 2 ? u(rng) : std::round(u(rng)) / 100;
    const std::string s = core::shortest_number(x);
    ASSERT_EQ(std::strtod(s.c_str(), nullptr), x) << s;
    ASSERT_NE(s.find_first_of(".e"), std::string::npos) << s;
  }
}

TEST(ExportText, MultiheadAttentionMisfitsNameEachCondition) {
  core::Scenario s = example();
  EXPECT_TRUE(core::multihead_attention_misfits(s).empty());
  EXPECT_TRUE(core::fits_multihead_attention(s));
  s.options.temperature = 0.5;
  s.options.normalize_keys = true;
  s.options.scale = core::Scale::None;
  const std::vector<std::string> three = core::multihead_attention_misfits(s);
  ASSERT_EQ(three.size(), 3u);
  EXPECT_EQ(three[0], "scale none (MultiheadAttention divides by \u221Ad_k)");
  EXPECT_EQ(three[1], "temperature 0.5 \u2260 1");
  EXPECT_EQ(three[2], "keys normalized");
  EXPECT_FALSE(core::fits_multihead_attention(s));

  core::Scenario wide = example();
  core::resize(wide, wide.n(), 3, wide.d_k, wide.heads);
  ASSERT_EQ(core::multihead_attention_misfits(wide).size(), 1u);
  EXPECT_EQ(core::multihead_attention_misfits(wide)[0], "H\u00B7d_k = 2\u00B72 = 4 \u2260 d_model = 3");
  core::convert_to_direct(wide);
  EXPECT_EQ(core::multihead_attention_misfits(wide)[0].rfind("direct mode", 0), 0u);
  // Masks and shared QK are within its reach.
  core::Scenario masked = example();
  masked.options.causal = masked.options.no_self = masked.options.shared_qk = true;
  EXPECT_TRUE(core::fits_multihead_attention(masked));
}

TEST(ExportText, PythonScriptDeclaresItsEncodingBeforeAnyTitle) {
  core::Scenario s = example();
  s.title = "Positional encoding: sine waves\n\xFF";
  const std::string py = core::export_py(s);
  EXPECT_EQ(py.rfind("#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\n# Written by attnlab: Positional encoding", 0), 0u);
  EXPECT_EQ(core::valid_utf8(py), py);
  s.options.temperature = 2;
  EXPECT_NE(core::export_py(s).find("#   - temperature 2.0 \u2260 1\n"), std::string::npos);
}

// A title or a token from someone else's file writes no control bytes into the CSV (a NUL, a form
// feed, an escape): each shows as its symbol; a tab and line breaks stay, quoted.
TEST(ExportText, CsvShowsControlCharactersAsSymbols) {
  EXPECT_EQ(core::csv_text(std::string("a\0b\fc\x1b[2J", 9)), "a\u2400b\u240Cc\u241B[2J");
  EXPECT_EQ(core::csv_text("\x7f\xc2\x85"), "\u2421\uFFFD");
  EXPECT_EQ(core::csv_text("a\tb"), "a\tb");
  EXPECT_EQ(core::csv_text("a\nb"), "\"a\nb\"");
  EXPECT_EQ(core::csv_text("a\u202Eb"), "a\\u202eb");  // a bidi control (Trojan Source) as text, not obeyed
  EXPECT_EQ(core::csv_text(each_bidi_control(raw)), each_bidi_control(python_escape));
  core::Scenario s = example();
  s.title = std::string("week\0 3\f", 8);
  const std::string csv = core::export_csv(s, core::compute(s));
  EXPECT_EQ(csv.rfind("title,week\u2400 3\u240C\n", 0), 0u) << csv.substr(0, 40);
  for (const char c : csv) EXPECT_TRUE(c == '\n' || static_cast<unsigned char>(c) >= 0x20) << static_cast<int>(c);
}

TEST(ExportText, CsvLinesEachSayWhatTheyAre) {
  core::Scenario s = example();
  s.tokens = {"matrix", "X", "a,b", "q\"uote", ""};
  s.title = "t";
  const std::string csv = core::export_csv(s, core::compute(s));
  EXPECT_EQ(csv.rfind("title,t\n\nmatrix,X\ncolumns,d1,d2,d3,d4\nrow,matrix,0.1,0.0,0.2,0.0\nrow,X,", 0), 0u);
  EXPECT_NE(csv.find("\nrow,\"a,b\","), std::string::npos);
  EXPECT_NE(csv.find("\nrow,\"q\"\"uote\","), std::string::npos);
  EXPECT_NE(csv.find("\nrow,,"), std::string::npos);
  EXPECT_NE(csv.find("\nmatrix,scores (head 2)\ncolumns,matrix,X,\"a,b\",\"q\"\"uote\",\n"), std::string::npos);
  size_t start = 0;  // no token here holds a line break: every line starts with its kind
  while (start < csv.size()) {
    const size_t end = csv.find('\n', start);
    const std::string line = csv.substr(start, end - start);
    if (!line.empty())
      EXPECT_TRUE(line.rfind("title,", 0) == 0 || line.rfind("matrix,", 0) == 0 || line.rfind("columns", 0) == 0 ||
                  line.rfind("row,", 0) == 0)
          << line;
    start = end + 1;
  }
}

TEST(ExportText, LatexDocumentIsAsciiWhateverTheLabels) {
  core::Scenario s = example();
  s.title = "\xFF\xFE QK\u1D40 \U0001F600 $x$ \\end{document}";
  s.tokens = {"\x01", "}", "{", "\xC3", "\u00E9"};
  const std::string tex = core::export_tex(s, core::compute(s));
  for (char c : tex) ASSERT_TRUE(c == '\n' || (c >= 0x20 && c < 0x7F)) << int(static_cast<unsigned char>(c));
  EXPECT_TRUE(braces_balance(tex));
  EXPECT_NE(tex.find("\\textbackslash{}end\\{document\\}"), std::string::npos);  // the title's, escaped
}

// Beamer slides show what the article shows: the same matrices, entry for
// entry, a frame for each step of each head, in pure ASCII whatever the labels.
TEST(ExportText, BeamerSlidesHoldTheArticlesMatricesAFrameAStep) {
  core::Scenario s = example();  // two heads, five tokens
  s.title = "QK\u1D40 \\end{frame} $x$";
  const core::Result r = core::compute(s);
  const std::string slides = core::export_beamer(s, r), article = core::export_tex(s, r);
  const auto count = [](const std::string& text, const std::string& what) {
    size_t n = 0;
    for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(slides.rfind("% Written by attnlab", 0), 0u);
  EXPECT_NE(slides.find("\\documentclass[11pt,aspectratio=169]{beamer}"), std::string::npos);
  // The title and options, the inputs, three a head, the output.
  EXPECT_EQ(count(slides, "\\begin{frame}[allowframebreaks]"), 1 + 1 + 3 * 2 + 1u);
  EXPECT_EQ(count(slides, "\\end{frame}"), 1 + 1 + 3 * 2 + 1u);
  EXPECT_NE(slides.find("\\begin{frame}[allowframebreaks]{Head 2: the scores and the weights}"), std::string::npos);
  EXPECT_NE(slides.find("\\scriptsize"), std::string::npos) << "five tokens: the small type";
  // Every matrix of the article, as the article prints it.
  EXPECT_EQ(count(slides, "\\begin{bmatrix}"), count(article, "\\begin{bmatrix}"));
  for (size_t at = article.find("\\begin{bmatrix}"); at != std::string::npos; at = article.find("\\begin{bmatrix}", at + 1)) {
    const std::string matrix = article.substr(at, article.find("\\end{bmatrix}", at) - at);
    EXPECT_NE(slides.find(matrix), std::string::npos) << matrix;
  }
  for (char c : slides) ASSERT_TRUE(c == '\n' || (c >= 0x20 && c < 0x7F)) << int(static_cast<unsigned char>(c));
  EXPECT_TRUE(braces_balance(slides));
  EXPECT_NE(slides.find("\\textbackslash{}end\\{frame\\}"), std::string::npos);  // the title's, escaped

  // Four tokens and four dimensions at most: the larger type.
  const core::Scenario small = core::make_zero_scenario(4, 4, 2, 1);
  const std::string small_slides = core::export_beamer(small, core::compute(small));
  EXPECT_NE(small_slides.find("\\footnotesize"), std::string::npos);
  EXPECT_EQ(small_slides.find("\\scriptsize"), std::string::npos);
}

TEST(ExportText, SvgOfAnyLabelsHoldsOnlyXmlCharacters) {
  core::Scenario s = example();
  std::mt19937 rng(12);
  for (int trial = 0; trial < 50; ++trial) {
    s.title = random_bytes(rng, 30);
    for (std::string& t : s.tokens) t = random_bytes(rng, static_cast<size_t>(trial % 64));  // long ones are cut with "…"
    const std::string svg = core::export_svg(s, core::compute(s), core::SvgStyle{trial % 2 == 0});
    ASSERT_EQ(core::valid_utf8(svg), svg);
    for (char32_t c : core::decode_utf8(svg)) ASSERT_TRUE(xml_allowed(c)) << std::hex << static_cast<unsigned>(c);
  }
}

// Titles use the app's markup: raised and lowered runs, as LaTeX would set them.
TEST(ExportText, LatexMarkupRaisesAndLowers) {
  EXPECT_EQ(core::latex_markup("W^Q and d_{model}"), "W\\textsuperscript{Q} and d\\textsubscript{model}");
  // A mark inside a group stays level with the group (the window draws it so), never as text.
  EXPECT_EQ(core::latex_markup("x^{a_b}"), "x\\textsuperscript{a}\\textsuperscript{b}");
  EXPECT_EQ(core::latex_markup("100%"), "100\\%");
}

namespace {

// example.json made version 2: merged W_h per head, AttentionAlt's output into concat, a target.
core::Scenario example_v2() {
  core::Scenario s = example();
  s.options.merged_qk = true;
  s.options.head_output = core::HeadOutput::Alt;
  for (int h = 0; h < s.heads; ++h) {
    s.W[h].resize(s.d_model, s.d_model);
    for (int r = 0; r < s.d_model; ++r)
      for (int c = 0; c < s.d_model; ++c) s.W[h](r, c) = 0.25 * (r + 1) - 0.5 * c + 0.125 * h;
  }
  s.has_target = true;
  s.target.resize(s.n(), s.d_model);
  for (int i = 0; i < s.n(); ++i)
    for (int c = 0; c < s.d_model; ++c) s.target(i, c) = 0.1 * (i - c);
  EXPECT_TRUE(core::validate(s).empty());
  return s;
}

}  // namespace

TEST(ExportText, Version2FieldsReachEveryExport) {
  const core::Scenario s = example_v2();
  const core::Result r = core::compute(s);
  ASSERT_TRUE(r.has_loss);

  const std::string csv = core::export_csv(s, r);
  EXPECT_NE(csv.find("\nmatrix,W (head 1)\ncolumns,d1,d2,d3,d4\nrow,d1,0.25,-0.25,-0.75,-1.25\n"), std::string::npos);
  EXPECT_NE(csv.find("\nmatrix,W (head 2)\n"), std::string::npos);
  EXPECT_EQ(csv.find("matrix,W_Q (head"), std::string::npos);
  EXPECT_NE(csv.find("\nmatrix,Q (head 1)\ncolumns,d1,d2,d3,d4\n"), std::string::npos);  // Q = X·W_h: d_model wide
  EXPECT_NE(csv.find("\nmatrix,target\ncolumns,d1,d2,d3,d4\n"), std::string::npos);
  EXPECT_NE(csv.find("\nloss," + core::shortest_number(r.loss) + "\n"), std::string::npos);

  const std::string tex = core::export_tex(s, r);
  EXPECT_TRUE(braces_balance(tex));
  for (char c : tex) ASSERT_TRUE(c == '\n' || (c >= 0x20 && c < 0x7F)) << int(static_cast<unsigned char>(c));
  for (const char* want : {"W_{1} = \\begin{bmatrix}", "W_{2} = \\begin{bmatrix}", "Q_{1} = XW_{1}", "K_{1} = X =",
                           "S = XW_hX^{\\top}", "O^{\\text{alt}}_{1}\\;\\; O^{\\text{alt}}_{2}", "Y^{\\ast} = ",
                           "L = \\frac{1}{n\\,d_{\\text{model}}}"})
    EXPECT_NE(tex.find(want), std::string::npos) << want;
  EXPECT_EQ(tex.find("W^Q_{1} = "), std::string::npos);

  const std::string svg = core::export_svg(s, r, core::SvgStyle{});
  EXPECT_NE(svg.find("<tspan"), std::string::npos);
  EXPECT_NE(svg.find("target Y"), std::string::npos);
  EXPECT_NE(svg.find(" (S = XW"), std::string::npos);

  const std::string py = core::export_py(s);
  EXPECT_NE(py.find("\nW = [\n"), std::string::npos);
  EXPECT_NE(py.find("q, k, v = X @ W[h], X, X @ W_V[h]"), std::string::npos);
  EXPECT_NE(py.find("outputs.append(alt)"), std::string::npos);
  EXPECT_NE(py.find("loss = ((Y - target) ** 2).mean()"), std::string::npos);
  EXPECT_EQ(py.find("W_Q = "), std::string::npos);
}

TEST(ExportText, MultiheadAttentionMisfitsNameMergedAndAltOutput) {
  core::Scenario s = example_v2();
  const std::vector<std::string> misfits = core::multihead_attention_misfits(s);
  ASSERT_EQ(misfits.size(), 2u);
  EXPECT_EQ(misfits[0].rfind("merged W_h", 0), 0u) << misfits[0];
  EXPECT_EQ(misfits[1].rfind("head output alt", 0), 0u) << misfits[1];
  s.options.merged_qk = false;
  s.options.head_output = core::HeadOutput::Attention;
  EXPECT_TRUE(core::fits_multihead_attention(s));  // a target alone changes nothing MultiheadAttention computes
}

namespace {

// example.json as cross-attention: its five tokens query three keys and values
// of a second sequence (X_kv of other numbers than X's first rows).
core::Scenario example_cross(int m = 3) {
  core::Scenario s = example();
  core::set_cross_attention(s, true);
  core::resize_keys(s, m);
  s.tokens_kv.resize(static_cast<size_t>(m));
  for (int j = 0; j < m; ++j) {
    s.tokens_kv[static_cast<size_t>(j)] = "kv" + std::to_string(j + 1);
    for (int c = 0; c < s.d_model; ++c) s.X_kv(j, c) = 0.5 * (j + 1) - 0.25 * c;  // exact in binary: the CSV shows them as typed
  }
  EXPECT_TRUE(core::validate(s).empty());
  return s;
}

size_t count(const std::string& text, const std::string& what) {
  size_t found = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++found;
  return found;
}

}  // namespace

TEST(ExportText, CrossAttentionReachesEveryExport) {
  const core::Scenario s = example_cross();
  const core::Result r = core::compute(s);
  ASSERT_EQ(r.head[0].scores.cols(), 3);
  const int n = 5, m = 3, d = 4, dk = 2;

  // S's columns are the keys' labels (the export read m of the n tokens' and crashed); the symmetric
  // parts are 0×0: no empty heatmaps of them, a note instead.
  const std::string svg = core::export_svg(s, r, core::SvgStyle{});
  EXPECT_EQ(count(svg, "<rect class=\"cell\""), static_cast<size_t>((n + m) * d + 2 * n * m + n * n + d * d + 2 * n * dk + n * d));
  EXPECT_EQ(svg.find("(S + S\u1D40)/2  (head"), std::string::npos);
  EXPECT_NE(svg.find("not defined, S is 5 \u00D7 3 and S\u1D40 is 3 \u00D7 5"), std::string::npos);
  EXPECT_EQ(count(svg, ">keys</text>"), 2u);     // S and the weights
  EXPECT_EQ(count(svg, ">queries</text>"), 4u);  // their rows, and both axes of QQᵀ

  const std::string csv = core::export_csv(s, r);
  EXPECT_NE(csv.find("\nmatrix,X_kv\ncolumns,d1,d2,d3,d4\nrow,kv1,0.5,0.25,0.0,-0.25\n"), std::string::npos);
  EXPECT_NE(csv.find("\nmatrix,scores (head 1)\ncolumns,kv1,kv2,kv3\nrow,The,"), std::string::npos);
  EXPECT_NE(csv.find("\nmatrix,weights (head 2)\ncolumns,kv1,kv2,kv3\n"), std::string::npos);
  EXPECT_NE(csv.find("\nmatrix,QQt (head 1)\ncolumns,The,movie,was,a,bomb\n"), std::string::npos);
  EXPECT_NE(csv.find("\nmatrix,V (head 1)\ncolumns,k1,k2\nrow,kv1,"), std::string::npos);
  EXPECT_EQ(csv.find("scores_sym"), std::string::npos);
  EXPECT_EQ(csv.find("positions,"), std::string::npos);

  const std::string tex = core::export_tex(s, r);
  EXPECT_TRUE(braces_balance(tex));
  for (char c : tex) ASSERT_TRUE(c == '\n' || (c >= 0x20 && c < 0x7F)) << int(static_cast<unsigned char>(c));
  for (const char* want : {"$m = 3$", "X_{\\text{kv}} = \\begin{bmatrix}", "K_{1} = X_{\\text{kv}}W^K_{1}",
                           "\\texttt{kv3}", "are not defined when $n \\ne m$"})
    EXPECT_NE(tex.find(want), std::string::npos) << want;
  EXPECT_EQ(tex.find("Asymmetry of"), std::string::npos);

  const std::string py = core::export_py(s);
  for (const char* want : {"tokens_kv = [\"kv1\", \"kv2\", \"kv3\"]", "n, m, d_model, d_k, H = 5, 3, 4, 2, 2",
                           "q, k, v = X @ W_Q[h], X_kv @ W_K[h], X_kv @ W_V[h]", "show(\"S = Q K^T\", S, tokens, tokens_kv)",
                           "mha(X.unsqueeze(0), X_kv.unsqueeze(0), X_kv.unsqueeze(0)"})
    EXPECT_NE(py.find(want), std::string::npos) << want;
}

TEST(ExportText, ASquareCrossAttentionKeepsItsSymmetricSplit) {
  const core::Scenario s = example_cross(5);
  const core::Result r = core::compute(s);
  ASSERT_TRUE(r.head[0].square());
  EXPECT_EQ(count(core::export_svg(s, r, core::SvgStyle{}), "(S + S\u1D40)/2  (head 1)"), 1u);
  EXPECT_NE(core::export_csv(s, r).find("\nmatrix,scores_sym (head 1)\ncolumns,kv1,"), std::string::npos);
  EXPECT_NE(core::export_tex(s, r).find("Asymmetry of $S_{1}$"), std::string::npos);
}

TEST(ExportText, PositionsReachEveryExport) {
  core::Scenario s = example_cross();
  s.options.positions = core::Positions::Sinusoidal;
  s.options.position_base = 100;
  core::Result r = core::compute(s);
  std::string csv = core::export_csv(s, r);
  EXPECT_NE(csv.find("\npositions,sinusoidal\n\nposition_base,100.0\n\nmatrix,X\n"), std::string::npos);
  EXPECT_NE(csv.find("\nmatrix,PE\ncolumns,d1,d2,d3,d4\nrow,The,0.0,1.0,0.0,1.0\n"), std::string::npos);
  EXPECT_NE(csv.find("\nmatrix,PE_kv\ncolumns,d1,d2,d3,d4\nrow,kv1,0.0,1.0,0.0,1.0\nrow,kv2,"), std::string::npos);
  std::string tex = core::export_tex(s, r);
  EXPECT_NE(tex.find("PE = \\begin{bmatrix}"), std::string::npos);
  EXPECT_NE(tex.find("X' = X + PE = \\begin{bmatrix}"), std::string::npos);
  EXPECT_NE(tex.find("$b = 100$"), std::string::npos);
  std::string py = core::export_py(s);
  EXPECT_NE(py.find("X = X + sinusoidal(n)"), std::string::npos);
  EXPECT_NE(py.find("X_kv = X_kv + sinusoidal(m)"), std::string::npos);
  EXPECT_NE(py.find("torch.nn.MultiheadAttention("), std::string::npos);  // PE goes in with the inputs

  s.options.positions = core::Positions::Rope;
  r = core::compute(s);
  csv = core::export_csv(s, r);
  EXPECT_NE(csv.find("\npositions,rope\n"), std::string::npos);
  EXPECT_NE(csv.find("\nmatrix,K_before_rope (head 2)\ncolumns,k1,k2\nrow,kv1,"), std::string::npos);
  EXPECT_EQ(csv.find("matrix,PE"), std::string::npos);
  tex = core::export_tex(s, r);
  EXPECT_TRUE(braces_balance(tex));
  EXPECT_NE(tex.find("\\tilde{Q}_{1} = XW^Q_{1}"), std::string::npos);
  EXPECT_NE(tex.find("K_{2} = \\operatorname{RoPE}(\\tilde{K}_{2})"), std::string::npos);
  EXPECT_NE(tex.find("$\\theta_0 = 1$"), std::string::npos);
  py = core::export_py(s);
  EXPECT_NE(py.find("q, k = rope(q), rope(k)"), std::string::npos);
  EXPECT_EQ(py.find("torch.nn.MultiheadAttention("), std::string::npos);
  EXPECT_NE(core::export_svg(s, r, core::SvgStyle{}).find("<text class=\"note\""), std::string::npos);
}

TEST(ExportText, MultiheadAttentionTakesCrossAttentionAndSinusoidalPositionsButNotRope) {
  core::Scenario s = example_cross();
  EXPECT_TRUE(core::fits_multihead_attention(s));
  s.options.causal = true;
  s.options.positions = core::Positions::Sinusoidal;
  EXPECT_TRUE(core::fits_multihead_attention(s));
  s.options.positions = core::Positions::Rope;
  const std::vector<std::string> misfits = core::multihead_attention_misfits(s);
  ASSERT_EQ(misfits.size(), 1u);
  EXPECT_EQ(misfits[0].rfind("RoPE", 0), 0u) << misfits[0];
}

// Issue 63, item 4 (Trojan Source, CVE-2021-42574): a title and a token holding U+202E or another
// bidi control reach no generated file raw; each file writes them as its escape.
TEST(ExportText, NoExportWritesABidiControlRaw) {
  core::Scenario s = example();
  s.title = "week 3 " + each_bidi_control(raw);
  s.tokens[1] = "tok" + each_bidi_control(raw);
  const core::Result r = core::compute(s);
  const std::map<std::string, std::string> files = {
      {"py", core::export_py(s)}, {"tex", core::export_tex(s, r)}, {"beamer", core::export_beamer(s, r)},
      {"svg", core::export_svg(s, r, core::SvgStyle{})}, {"svg light", core::export_svg(s, r, core::SvgStyle{true})},
      {"csv", core::export_csv(s, r)}};
  for (const auto& [name, text] : files) EXPECT_EQ(raw_bidi_control(text), "") << name;
  const std::string& py = files.at("py");
  EXPECT_NE(py.find("\n# Written by attnlab: week 3 " + each_bidi_control(python_escape) + "\n"), std::string::npos);
  EXPECT_NE(py.find(", \"tok" + each_bidi_control(python_escape) + "\", "), std::string::npos);
  const std::string tex = each_bidi_control([](char32_t c) { return code_point("\\texttt{[U+%04X]}", c); });
  EXPECT_NE(files.at("tex").find("\\section*{week 3 " + tex + "}"), std::string::npos);
  EXPECT_NE(files.at("tex").find("\\texttt{tok" + tex + "}"), std::string::npos);
  EXPECT_NE(files.at("beamer").find("\\title{week 3 " + tex + "}"), std::string::npos);
  const std::string xml = each_bidi_control([](char32_t c) { return code_point("&#x%X;", c); });
  EXPECT_NE(files.at("svg").find("<title>week 3 " + xml + "</title>"), std::string::npos);
  EXPECT_NE(files.at("svg").find(">tok" + xml.substr(0, xml.find(';') + 1)), std::string::npos);  // a label, maybe cut
  EXPECT_EQ(files.at("csv").rfind("title,week 3 " + each_bidi_control(python_escape) + "\n", 0), 0u);
  EXPECT_NE(files.at("csv").find("\nrow,tok" + each_bidi_control(python_escape) + ","), std::string::npos);
}

// The same for an experiment's train.py and a language model's lm.py: the title in the first comment,
// the title, notes, variants' names and corpus in EXPERIMENT's string literals.
TEST(ExportText, NoTrainingScriptWritesABidiControlRaw) {
  const core::ExperimentLoad race = core::parse_experiment(R"({"attnlab_experiment": 1, "task": {"kind": "match_pair"}, "n": 4,
    "d_model": 4, "d_k": 2, "heads": 1, "variants": [{"name": "QK"}, {"name": "shared", "options": {"shared_qk": true}}],
    "steps": 30, "batch": 4, "seed": 7})");
  ASSERT_TRUE(race.ok()) << race.message();
  core::Experiment e = *race.experiment;
  e.title = "race " + each_bidi_control(raw);
  e.variants[1].name = "shared" + each_bidi_control(raw);
  const std::string train = core::export_train_py(e);
  EXPECT_EQ(raw_bidi_control(train), "");
  EXPECT_NE(train.find("\n# Written by attnlab: race " + each_bidi_control(python_escape) + "\n"), std::string::npos);
  EXPECT_NE(train.find("\"title\": \"race " + each_bidi_control(python_escape) + "\","), std::string::npos);
  EXPECT_NE(train.find("\"name\": \"shared" + each_bidi_control(python_escape) + "\","), std::string::npos);

  const core::LanguageModelLoad loaded = core::load_language_model_file(ATTNLAB_LANGUAGE_MODELS "/licences_small.json");
  ASSERT_TRUE(loaded.ok()) << loaded.message();
  core::LanguageModel lm = *loaded.model;
  lm.title = "licences " + each_bidi_control(raw);
  lm.notes = "notes " + each_bidi_control(raw);
  lm.corpus = "corpus" + each_bidi_control(raw) + ".txt";
  lm.variants[0].name = "QK" + each_bidi_control(raw);
  const std::string script = core::export_lm_py(lm);
  EXPECT_EQ(raw_bidi_control(script), "");
  EXPECT_NE(script.find("\n# Written by attnlab: licences " + each_bidi_control(python_escape) + "\n"), std::string::npos);
  for (const char* literal : {"\"licences ", "\"notes ", "\"corpus", "\"QK"})
    EXPECT_NE(script.find(literal + each_bidi_control(python_escape)), std::string::npos) << literal;
}

}  // namespace test_exports
