// What the text exports share: labels, the format of a path, and text made
// safe for each format (UTF-8 checked, LaTeX in ASCII, XML, Python literals).
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <iterator>

#include "core/export/export.h"
#include "core/model/markup.h"

namespace core {

namespace {


std::string lower_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext;
}

// ---- LaTeX ---------------------------------------------------------------
// Only what the default OT1 encoding and Computer Modern's math fonts hold: a
// T1 or TS1 glyph (ogonek, eth, the euro, and since LaTeX 2020 even \textbullet,
// \S, \dag, \copyright) makes pdflatex run METAFONT for bitmap fonts, or fail,
// on a machine with texlive-latex-base alone. Those are math symbols here.

struct Accented {
  char32_t code;
  char accent;  // the LaTeX accent command: \' \` \^ \" \~ \= \. \u \v \H \r \c
  char base;
};
// Latin-1 and Latin Extended-A letters that are an ASCII letter with one accent
// OT1 can draw (generated from Unicode's decompositions).
constexpr Accented kAccented[] = {
    {0x00C0, '`', 'A'}, {0x00C1, '\'', 'A'}, {0x00C2, '^', 'A'}, {0x00C3, '~', 'A'}, {0x00C4, '"', 'A'},
    {0x00C5, 'r', 'A'}, {0x00C7, 'c', 'C'}, {0x00C8, '`', 'E'}, {0x00C9, '\'', 'E'}, {0x00CA, '^', 'E'},
    {0x00CB, '"', 'E'}, {0x00CC, '`', 'I'}, {0x00CD, '\'', 'I'}, {0x00CE, '^', 'I'}, {0x00CF, '"', 'I'},
    {0x00D1, '~', 'N'}, {0x00D2, '`', 'O'}, {0x00D3, '\'', 'O'}, {0x00D4, '^', 'O'}, {0x00D5, '~', 'O'},
    {0x00D6, '"', 'O'}, {0x00D9, '`', 'U'}, {0x00DA, '\'', 'U'}, {0x00DB, '^', 'U'}, {0x00DC, '"', 'U'},
    {0x00DD, '\'', 'Y'}, {0x00E0, '`', 'a'}, {0x00E1, '\'', 'a'}, {0x00E2, '^', 'a'}, {0x00E3, '~', 'a'},
    {0x00E4, '"', 'a'}, {0x00E5, 'r', 'a'}, {0x00E7, 'c', 'c'}, {0x00E8, '`', 'e'}, {0x00E9, '\'', 'e'},
    {0x00EA, '^', 'e'}, {0x00EB, '"', 'e'}, {0x00EC, '`', 'i'}, {0x00ED, '\'', 'i'}, {0x00EE, '^', 'i'},
    {0x00EF, '"', 'i'}, {0x00F1, '~', 'n'}, {0x00F2, '`', 'o'}, {0x00F3, '\'', 'o'}, {0x00F4, '^', 'o'},
    {0x00F5, '~', 'o'}, {0x00F6, '"', 'o'}, {0x00F9, '`', 'u'}, {0x00FA, '\'', 'u'}, {0x00FB, '^', 'u'},
    {0x00FC, '"', 'u'}, {0x00FD, '\'', 'y'}, {0x00FF, '"', 'y'}, {0x0100, '=', 'A'}, {0x0101, '=', 'a'},
    {0x0102, 'u', 'A'}, {0x0103, 'u', 'a'}, {0x0106, '\'', 'C'}, {0x0107, '\'', 'c'}, {0x0108, '^', 'C'},
    {0x0109, '^', 'c'}, {0x010A, '.', 'C'}, {0x010B, '.', 'c'}, {0x010C, 'v', 'C'}, {0x010D, 'v', 'c'},
    {0x010E, 'v', 'D'}, {0x010F, 'v', 'd'}, {0x0112, '=', 'E'}, {0x0113, '=', 'e'}, {0x0114, 'u', 'E'},
    {0x0115, 'u', 'e'}, {0x0116, '.', 'E'}, {0x0117, '.', 'e'}, {0x011A, 'v', 'E'}, {0x011B, 'v', 'e'},
    {0x011C, '^', 'G'}, {0x011D, '^', 'g'}, {0x011E, 'u', 'G'}, {0x011F, 'u', 'g'}, {0x0120, '.', 'G'},
    {0x0121, '.', 'g'}, {0x0122, 'c', 'G'}, {0x0123, 'c', 'g'}, {0x0124, '^', 'H'}, {0x0125, '^', 'h'},
    {0x0128, '~', 'I'}, {0x0129, '~', 'i'}, {0x012A, '=', 'I'}, {0x012B, '=', 'i'}, {0x012C, 'u', 'I'},
    {0x012D, 'u', 'i'}, {0x0130, '.', 'I'}, {0x0134, '^', 'J'}, {0x0135, '^', 'j'}, {0x0136, 'c', 'K'},
    {0x0137, 'c', 'k'}, {0x0139, '\'', 'L'}, {0x013A, '\'', 'l'}, {0x013B, 'c', 'L'}, {0x013C, 'c', 'l'},
    {0x013D, 'v', 'L'}, {0x013E, 'v', 'l'}, {0x0143, '\'', 'N'}, {0x0144, '\'', 'n'}, {0x0145, 'c', 'N'},
    {0x0146, 'c', 'n'}, {0x0147, 'v', 'N'}, {0x0148, 'v', 'n'}, {0x014C, '=', 'O'}, {0x014D, '=', 'o'},
    {0x014E, 'u', 'O'}, {0x014F, 'u', 'o'}, {0x0150, 'H', 'O'}, {0x0151, 'H', 'o'}, {0x0154, '\'', 'R'},
    {0x0155, '\'', 'r'}, {0x0156, 'c', 'R'}, {0x0157, 'c', 'r'}, {0x0158, 'v', 'R'}, {0x0159, 'v', 'r'},
    {0x015A, '\'', 'S'}, {0x015B, '\'', 's'}, {0x015C, '^', 'S'}, {0x015D, '^', 's'}, {0x015E, 'c', 'S'},
    {0x015F, 'c', 's'}, {0x0160, 'v', 'S'}, {0x0161, 'v', 's'}, {0x0162, 'c', 'T'}, {0x0163, 'c', 't'},
    {0x0164, 'v', 'T'}, {0x0165, 'v', 't'}, {0x0168, '~', 'U'}, {0x0169, '~', 'u'}, {0x016A, '=', 'U'},
    {0x016B, '=', 'u'}, {0x016C, 'u', 'U'}, {0x016D, 'u', 'u'}, {0x016E, 'r', 'U'}, {0x016F, 'r', 'u'},
    {0x0170, 'H', 'U'}, {0x0171, 'H', 'u'}, {0x0174, '^', 'W'}, {0x0175, '^', 'w'}, {0x0176, '^', 'Y'},
    {0x0177, '^', 'y'}, {0x0178, '"', 'Y'}, {0x0179, '\'', 'Z'}, {0x017A, '\'', 'z'}, {0x017B, '.', 'Z'},
    {0x017C, '.', 'z'}, {0x017D, 'v', 'Z'}, {0x017E, 'v', 'z'},
};

struct Symbol {
  char32_t code;
  const char* latex;
};
// Characters written in text mode. Sorted by code.
constexpr Symbol kTextSymbols[] = {
    {0x00A0, "~"}, {0x00A1, "\\textexclamdown{}"}, {0x00A3, "\\ensuremath{\\pounds}"}, {0x00A7, "\\ensuremath{\\S}"}, {0x00A8, "\\\"{}"},
    {0x00A9, "(c)"}, {0x00AA, "\\textsuperscript{a}"}, {0x00AD, "\\-"}, {0x00AE, "(R)"},
    {0x00AF, "\\={}"}, {0x00B4, "\\'{}"}, {0x00B6, "\\ensuremath{\\P}"}, {0x00B8, "\\c{}"}, {0x00BA, "\\textsuperscript{o}"},
    {0x00BF, "\\textquestiondown{}"}, {0x00C6, "\\AE{}"}, {0x00D8, "\\O{}"}, {0x00DF, "\\ss{}"}, {0x00E6, "\\ae{}"},
    {0x00F8, "\\o{}"}, {0x0131, "\\i{}"}, {0x0132, "IJ"}, {0x0133, "ij"}, {0x0141, "\\L{}"}, {0x0142, "\\l{}"},
    {0x0149, "'n"}, {0x0152, "\\OE{}"}, {0x0153, "\\oe{}"}, {0x2002, " "}, {0x2003, " "}, {0x2004, " "},
    {0x2005, " "}, {0x2006, " "}, {0x2007, " "}, {0x2008, " "}, {0x2009, "\\,"}, {0x200A, "\\,"}, {0x200B, ""},
    {0x200C, ""}, {0x200D, ""}, {0x2010, "-"}, {0x2011, "-"}, {0x2012, "--"}, {0x2013, "--"}, {0x2014, "---"},
    {0x2015, "---"}, {0x2018, "`"}, {0x2019, "'"}, {0x201A, ","}, {0x201C, "``"}, {0x201D, "''"}, {0x201E, ",,"},
    {0x2020, "\\ensuremath{\\dagger}"}, {0x2021, "\\ensuremath{\\ddagger}"}, {0x2022, "\\ensuremath{\\bullet}"}, {0x2026, "\\dots{}"}, {0x202F, "\\,"},
    {0x2044, "/"}, {0x205F, "\\,"}, {0x2060, ""}, {0xFEFF, ""},
};
// Characters written in math mode (inside \ensuremath). Sorted by code.
constexpr Symbol kMathSymbols[] = {
    {0x00AB, "\\ll"}, {0x00AC, "\\neg"}, {0x00B0, "^{\\circ}"}, {0x00B1, "\\pm"}, {0x00B2, "^{2}"}, {0x00B3, "^{3}"},
    {0x00B5, "\\mu"}, {0x00B7, "\\cdot"}, {0x00B9, "^{1}"}, {0x00BB, "\\gg"}, {0x00BC, "\\tfrac{1}{4}"},
    {0x00BD, "\\tfrac{1}{2}"}, {0x00BE, "\\tfrac{3}{4}"}, {0x00D7, "\\times"}, {0x00F7, "\\div"},
    {0x0391, "\\mathrm{A}"}, {0x0392, "\\mathrm{B}"}, {0x0393, "\\Gamma"}, {0x0394, "\\Delta"}, {0x0395, "\\mathrm{E}"},
    {0x0396, "\\mathrm{Z}"}, {0x0397, "\\mathrm{H}"}, {0x0398, "\\Theta"}, {0x0399, "\\mathrm{I}"},
    {0x039A, "\\mathrm{K}"}, {0x039B, "\\Lambda"}, {0x039C, "\\mathrm{M}"}, {0x039D, "\\mathrm{N}"}, {0x039E, "\\Xi"},
    {0x039F, "\\mathrm{O}"}, {0x03A0, "\\Pi"}, {0x03A1, "\\mathrm{P}"}, {0x03A3, "\\Sigma"}, {0x03A4, "\\mathrm{T}"},
    {0x03A5, "\\Upsilon"}, {0x03A6, "\\Phi"}, {0x03A7, "\\mathrm{X}"}, {0x03A8, "\\Psi"}, {0x03A9, "\\Omega"},
    {0x03B1, "\\alpha"}, {0x03B2, "\\beta"}, {0x03B3, "\\gamma"}, {0x03B4, "\\delta"}, {0x03B5, "\\varepsilon"},
    {0x03B6, "\\zeta"}, {0x03B7, "\\eta"}, {0x03B8, "\\theta"}, {0x03B9, "\\iota"}, {0x03BA, "\\kappa"},
    {0x03BB, "\\lambda"}, {0x03BC, "\\mu"}, {0x03BD, "\\nu"}, {0x03BE, "\\xi"}, {0x03BF, "o"}, {0x03C0, "\\pi"},
    {0x03C1, "\\rho"}, {0x03C2, "\\varsigma"}, {0x03C3, "\\sigma"}, {0x03C4, "\\tau"}, {0x03C5, "\\upsilon"},
    {0x03C6, "\\varphi"}, {0x03C7, "\\chi"}, {0x03C8, "\\psi"}, {0x03C9, "\\omega"}, {0x03D1, "\\vartheta"},
    {0x03D5, "\\phi"}, {0x03D6, "\\varpi"}, {0x03F1, "\\varrho"}, {0x03F5, "\\epsilon"}, {0x1D40, "^{\\top}"},
    {0x1D62, "_{i}"}, {0x2016, "\\|"}, {0x2032, "'"}, {0x2033, "''"}, {0x2039, "<"}, {0x203A, ">"},
    {0x2070, "^{0}"}, {0x2071, "^{i}"}, {0x2074, "^{4}"}, {0x2075, "^{5}"}, {0x2076, "^{6}"}, {0x2077, "^{7}"},
    {0x2078, "^{8}"}, {0x2079, "^{9}"}, {0x207A, "^{+}"}, {0x207B, "^{-}"}, {0x207C, "^{=}"}, {0x207D, "^{(}"},
    {0x207E, "^{)}"}, {0x207F, "^{n}"}, {0x2080, "_{0}"}, {0x2081, "_{1}"}, {0x2082, "_{2}"}, {0x2083, "_{3}"},
    {0x2084, "_{4}"}, {0x2085, "_{5}"}, {0x2086, "_{6}"}, {0x2087, "_{7}"}, {0x2088, "_{8}"}, {0x2089, "_{9}"},
    {0x208A, "_{+}"}, {0x208B, "_{-}"}, {0x208C, "_{=}"}, {0x208D, "_{(}"}, {0x208E, "_{)}"}, {0x2090, "_{a}"},
    {0x2091, "_{e}"}, {0x2092, "_{o}"}, {0x2093, "_{x}"}, {0x2095, "_{h}"}, {0x2096, "_{k}"}, {0x2097, "_{l}"},
    {0x2098, "_{m}"}, {0x2099, "_{n}"}, {0x209A, "_{p}"}, {0x209B, "_{s}"}, {0x209C, "_{t}"}, {0x2102, "\\mathbb{C}"},
    {0x2113, "\\ell"}, {0x2115, "\\mathbb{N}"}, {0x211A, "\\mathbb{Q}"}, {0x211D, "\\mathbb{R}"},
    {0x2124, "\\mathbb{Z}"}, {0x2190, "\\leftarrow"}, {0x2191, "\\uparrow"}, {0x2192, "\\rightarrow"},
    {0x2193, "\\downarrow"}, {0x2194, "\\leftrightarrow"}, {0x21A6, "\\mapsto"}, {0x21D0, "\\Leftarrow"},
    {0x21D2, "\\Rightarrow"}, {0x21D4, "\\Leftrightarrow"}, {0x2200, "\\forall"}, {0x2202, "\\partial"},
    {0x2203, "\\exists"}, {0x2205, "\\emptyset"}, {0x2207, "\\nabla"}, {0x2208, "\\in"}, {0x2209, "\\notin"},
    {0x220F, "\\prod"}, {0x2211, "\\sum"}, {0x2212, "-"}, {0x2213, "\\mp"}, {0x2215, "/"}, {0x2217, "\\ast"},
    {0x2218, "\\circ"}, {0x2219, "\\cdot"}, {0x221A, "\\surd"}, {0x221D, "\\propto"}, {0x221E, "\\infty"},
    {0x2223, "\\mid"}, {0x2225, "\\|"}, {0x2227, "\\wedge"}, {0x2228, "\\vee"}, {0x2229, "\\cap"}, {0x222A, "\\cup"},
    {0x222B, "\\int"}, {0x223C, "\\sim"}, {0x2243, "\\simeq"}, {0x2245, "\\cong"}, {0x2248, "\\approx"},
    {0x2260, "\\neq"}, {0x2261, "\\equiv"}, {0x2264, "\\leq"}, {0x2265, "\\geq"}, {0x226A, "\\ll"}, {0x226B, "\\gg"},
    {0x2282, "\\subset"}, {0x2283, "\\supset"}, {0x2286, "\\subseteq"}, {0x2287, "\\supseteq"}, {0x2295, "\\oplus"},
    {0x2297, "\\otimes"}, {0x2299, "\\odot"}, {0x22A4, "\\top"}, {0x22A5, "\\perp"}, {0x22C5, "\\cdot"},
    {0x22EE, "\\vdots"}, {0x22EF, "\\cdots"}, {0x22F1, "\\ddots"}, {0x2308, "\\lceil"}, {0x2309, "\\rceil"},
    {0x230A, "\\lfloor"}, {0x230B, "\\rfloor"}, {0x27E8, "\\langle"}, {0x27E9, "\\rangle"}, {0x2C7C, "_{j}"},
};

constexpr auto by_code = [](const auto& a, const auto& b) { return a.code < b.code; };
static_assert(std::is_sorted(std::begin(kAccented), std::end(kAccented), by_code));
static_assert(std::is_sorted(std::begin(kTextSymbols), std::end(kTextSymbols), by_code));
static_assert(std::is_sorted(std::begin(kMathSymbols), std::end(kMathSymbols), by_code));

// A bidi control (is_bidi_control: Trojan Source) is mapped to nothing, so that it is shown
// as \texttt{[U+202E]} like any character LaTeX is not given: never dropped, never raw.
template <class Table>
constexpr bool maps_no_bidi_control(const Table& table) {
  for (const auto& e : table)
    if (is_bidi_control(e.code)) return false;
  return true;
}
static_assert(maps_no_bidi_control(kAccented) && maps_no_bidi_control(kTextSymbols) && maps_no_bidi_control(kMathSymbols));

template <class Table>
auto find_code(const Table& table, char32_t c) -> decltype(std::begin(table)) {
  const auto it = std::lower_bound(std::begin(table), std::end(table), c,
                                   [](const auto& e, char32_t code) { return e.code < code; });
  return it != std::end(table) && it->code == c ? it : std::end(table);
}

// Characters that form a ligature with the next one in Computer Modern
// ("--" → –, "``" → “, "!`" → ¡): a label must print as typed.
bool starts_ligature(char32_t c, char32_t next) {
  const bool dash_or_quote = next == '-' || next == '`' || next == '\'';
  return ((c == '-' || c == '`' || c == '\'') && dash_or_quote) || ((c == '!' || c == '?') && next == '`') ||
         (c == ',' && next == ',') || (c == '<' && next == '<') || (c == '>' && next == '>');
}

void append_latex(std::string& out, char32_t c) {
  switch (c) {
    case '\\': out += "\\textbackslash{}"; return;
    case '{': case '}': case '&': case '#': case '%': case '_': out += '\\'; out += static_cast<char>(c); return;
    case '$': out += "\\ensuremath{\\$}"; return;  // text \$ is TS1's since LaTeX 2020
    case '^': out += "\\textasciicircum{}"; return;
    case '~': out += "\\textasciitilde{}"; return;
    // In OT1 these positions hold ¡, ¿, an em dash and a closing quote.
    case '<': out += "\\textless{}"; return;
    case '>': out += "\\textgreater{}"; return;
    case '|': out += "\\textbar{}"; return;
    case '"': out += "\\texttt{\\char34}"; return;
    case '\t': case '\n': case '\r': out += ' '; return;
    default: break;
  }
  if (c >= 0x20 && c < 0x7F) {
    out += static_cast<char>(c);
    return;
  }
  if (const auto* a = find_code(kAccented, c); a != std::end(kAccented)) {
    out += '\\';
    out += a->accent;
    out += '{';
    out += a->base == 'i' ? "\\i" : a->base == 'j' ? "\\j" : std::string(1, a->base);
    out += '}';
    return;
  }
  if (const auto* t = find_code(kTextSymbols, c); t != std::end(kTextSymbols)) {
    out += t->latex;
    return;
  }
  if (const auto* m = find_code(kMathSymbols, c); m != std::end(kMathSymbols)) {
    out += "\\ensuremath{";
    out += m->latex;
    out += '}';
    return;
  }
  char buf[24];
  std::snprintf(buf, sizeof buf, "\\texttt{[U+%04X]}", static_cast<unsigned>(c));
  out += buf;
}

// "&#x202E;": a character as an XML character reference.
std::string character_reference(char32_t c) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "&#x%X;", static_cast<unsigned>(c));
  return buf;
}

// What a Python script writes as \u202e in its strings and comments, though Python would read it raw:
// the bidi controls (CVE-2021-42574), and U+2028 and U+2029, which end a line in some editors.
bool python_escapes(char32_t c) { return is_bidi_control(c) || c == 0x2028 || c == 0x2029; }

}  // namespace

std::vector<std::string> numbered_labels(const char* prefix, Eigen::Index count) {
  std::vector<std::string> labels;
  for (Eigen::Index i = 0; i < count; ++i) labels.push_back(prefix + std::to_string(i + 1));
  return labels;
}

ExportFormat export_format(const std::string& path) {
  const std::string ext = lower_extension(path);
  if (ext == ".png") return ExportFormat::Png;
  if (ext == ".svg") return ExportFormat::Svg;
  if (ext == ".tex") return ExportFormat::Tex;
  if (ext == ".csv") return ExportFormat::Csv;
  if (ext == ".py") return ExportFormat::Py;
  return ExportFormat::Unknown;
}

std::string latex_text(std::string_view text) {
  const std::u32string code = decode_utf8(text);
  std::string out;
  for (size_t i = 0; i < code.size(); ++i) {
    append_latex(out, code[i]);
    if (i + 1 < code.size() && starts_ligature(code[i], code[i + 1])) out += "{}";
  }
  return out;
}

std::string latex_markup(std::string_view markup) {
  std::string out;
  for (const MarkupRun& run : markup_runs(markup)) {
    if (run.shift == 0) out += latex_text(run.text);
    else out += (run.shift > 0 ? "\\textsuperscript{" : "\\textsubscript{") + latex_text(run.text) + "}";
  }
  return out;
}

std::string xml_text(std::string_view text) {
  std::string out;
  for (char32_t c : decode_utf8(text)) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: {
        // XML 1.0 allows tab, newline, return, and no other control character
        // nor U+FFFE, U+FFFF; C1 controls are allowed but no reader shows them.
        const bool control = (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || (c >= 0x7F && c <= 0x9F);
        // A bidi control as a character reference: seen as &#x202E; by whoever reads the file, the
        // label still the one typed (right-to-left marks and all) for whatever draws it.
        if (is_bidi_control(c)) out += character_reference(c);
        else append_utf8(out, control || c == 0xFFFE || c == 0xFFFF ? kReplacement : c);
      }
    }
  }
  return out;
}

std::string python_string(std::string_view text) {
  std::string out = "\"";
  for (char32_t c : decode_utf8(text)) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20 || (c >= 0x7F && c <= 0x9F)) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(c));
      out += buf;
    } else if (python_escapes(c)) {
      out += unicode_escape(c);
    } else {
      append_utf8(out, c);
    }
  }
  return out + "\"";
}

std::string python_comment_text(std::string_view text) {
  std::string out;
  for (char32_t c : decode_utf8(text)) {
    if (python_escapes(c)) out += unicode_escape(c);
    else append_utf8(out, c < 0x20 || (c >= 0x7F && c <= 0x9F) ? U' ' : c);
  }
  return out;
}

}  // namespace core
