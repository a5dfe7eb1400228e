// SVG export: the heatmaps of one head as vector graphics, for slides and papers.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

#include "core/export.h"

namespace core {

namespace {

constexpr double kCell = 40, kLabelW = 64, kTitleH = 26, kHeaderH = 18, kBarW = 12, kBarGap = 8, kBarTextW = 50,
                 kGapX = 36, kGapY = 30, kMargin = 20;

std::string hex(Rgb c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", static_cast<int>(std::lround(c.r * 255)),
                static_cast<int>(std::lround(c.g * 255)), static_cast<int>(std::lround(c.b * 255)));
  return buf;
}

std::string xml_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      // XML 1.0 allows no control characters but tab, newline and carriage return.
      default: out += static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r' ? ' ' : c;
    }
  }
  return out;
}

std::string number(double x) {
  char buf[32];
  if (std::abs(x) >= 1e4) std::snprintf(buf, sizeof buf, "%.1e", x);
  else std::snprintf(buf, sizeof buf, "%.2f", x);
  std::string s = buf;
  if (s == "-0.00") s = "0.00";
  if (!s.empty() && s[0] == '-') s = "\u2212" + s.substr(1);
  return s;
}

struct Panel {
  std::string title;
  Eigen::MatrixXd m;
  std::vector<std::string> rows, cols;
  bool unit = false;               // weights: 0..1 on the sequential colormap
  Eigen::MatrixXd mask_from;       // logits: −∞ marks a masked cell (empty: none)
  double width() const { return kLabelW + kCell * static_cast<double>(m.cols()) + kBarGap + kBarW + kBarTextW; }
  double height() const { return kTitleH + kHeaderH + kCell * static_cast<double>(m.rows()); }
};

}  // namespace

std::string export_svg(const Scenario& s, const Result& r, const SvgStyle& style) {
  const int h = std::clamp(style.head, 0, s.heads - 1);
  const HeadResult& hr = r.head[h];
  const std::string H = s.heads > 1 ? " (head " + std::to_string(h + 1) + ")" : "";
  std::vector<Panel> panels;
  const Eigen::MatrixXd none;
  panels.push_back({"S = QK\u1D40" + H, hr.scores, s.tokens, s.tokens, false, none});
  panels.push_back({"QQ\u1D40" + H, hr.QQt, s.tokens, s.tokens, false, none});
  panels.push_back({"A = softmax(logits)" + H, hr.weights, s.tokens, s.tokens, true, hr.logits});
  if (s.mode == Mode::Projected)
    panels.push_back({"W_QK = W_Q W_K\u1D40" + H, hr.W_QK, numbered_labels("d", s.d_model), numbered_labels("d", s.d_model), false, none});
  panels.push_back({"O = AV" + H, hr.output, s.tokens, numbered_labels("", s.d_k), false, none});
  panels.push_back({"Y = concat \u00B7 W_O", r.output, s.tokens, numbered_labels("", s.d_model), false, none});

  // Three columns; each row as tall as its tallest panel.
  constexpr size_t kColumns = 3;
  std::vector<double> col_w(kColumns, 0), row_h((panels.size() + kColumns - 1) / kColumns, 0);
  for (size_t i = 0; i < panels.size(); ++i) {
    col_w[i % kColumns] = std::max(col_w[i % kColumns], panels[i].width());
    row_h[i / kColumns] = std::max(row_h[i / kColumns], panels[i].height());
  }
  double width = kMargin, height = kMargin;
  for (double w : col_w) width += w + kGapX;
  for (double rh : row_h) height += rh + kGapY;

  const std::string bg = style.light ? "#ffffff" : "#1c1f24", fg = style.light ? "#111318" : "#e8e8e8",
                    dim = style.light ? "#666a73" : "#8a8f99", hatch = style.light ? "#b0b4bb" : "#4a4f59";
  std::ostringstream o;
  o << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << width << "\" height=\"" << height << "\" viewBox=\"0 0 "
    << width << " " << height << "\" font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"12\">\n"
    << "<title>" << xml_text(s.title.empty() ? "attnlab" : s.title) << "</title>\n<defs>\n"
    << "  <pattern id=\"masked\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
    << "<rect width=\"6\" height=\"6\" fill=\"" << bg << "\"/><rect width=\"2\" height=\"6\" fill=\"" << hatch << "\"/></pattern>\n";
  for (Colormap c : {style.sequential, style.diverging}) {
    o << "  <linearGradient id=\"bar-" << colormap_name(c) << "\" x1=\"0\" y1=\"1\" x2=\"0\" y2=\"0\">";
    const ColormapTable& t = colormap_table(c);
    for (int i = 0; i < kColormapAnchors; ++i)
      o << "<stop offset=\"" << static_cast<double>(i) / (kColormapAnchors - 1) << "\" stop-color=\"" << hex(t[i]) << "\"/>";
    o << "</linearGradient>\n";
  }
  o << "</defs>\n<rect width=\"100%\" height=\"100%\" fill=\"" << bg << "\"/>\n";

  double y0 = kMargin;
  for (size_t i = 0; i < panels.size(); ++i) {
    const Panel& p = panels[i];
    double x0 = kMargin;
    for (size_t c = 0; c < i % kColumns; ++c) x0 += col_w[c] + kGapX;
    if (i % kColumns == 0 && i > 0) y0 += row_h[i / kColumns - 1] + kGapY;
    const Colormap cmap = p.unit ? style.sequential : style.diverging;
    double m_abs = 0;
    for (Eigen::Index a = 0; a < p.m.rows(); ++a)
      for (Eigen::Index b = 0; b < p.m.cols(); ++b) m_abs = std::max(m_abs, std::abs(p.m(a, b)));
    if (!(m_abs > 0)) m_abs = 1;
    const auto position = [&](double x) {
      return static_cast<float>(p.unit ? std::clamp(x, 0.0, 1.0) : std::clamp(0.5 + x / (2 * m_abs), 0.0, 1.0));
    };
    const double gx = x0 + kLabelW, gy = y0 + kTitleH + kHeaderH;
    o << "<g class=\"heatmap\">\n<text x=\"" << gx << "\" y=\"" << y0 + 16 << "\" fill=\"" << fg << "\" font-size=\"14\">"
      << xml_text(p.title) << "</text>\n";
    for (Eigen::Index c = 0; c < p.m.cols(); ++c)
      o << "<text x=\"" << gx + kCell * (static_cast<double>(c) + 0.5) << "\" y=\"" << gy - 5 << "\" fill=\"" << dim
        << "\" text-anchor=\"middle\">" << xml_text(p.cols[c]) << "</text>\n";
    for (Eigen::Index a = 0; a < p.m.rows(); ++a) {
      const double cy = gy + kCell * static_cast<double>(a);
      o << "<text x=\"" << gx - 6 << "\" y=\"" << cy + kCell / 2 + 4 << "\" fill=\"" << dim << "\" text-anchor=\"end\">"
        << xml_text(p.rows[a]) << "</text>\n";
      for (Eigen::Index b = 0; b < p.m.cols(); ++b) {
        const double cx = gx + kCell * static_cast<double>(b);
        const bool masked = p.mask_from.size() && std::isinf(p.mask_from(a, b));
        const Rgb colour = sample(cmap, position(p.m(a, b)));
        o << "<rect class=\"cell\" x=\"" << cx << "\" y=\"" << cy << "\" width=\"" << kCell - 1 << "\" height=\"" << kCell - 1
          << "\" fill=\"" << (masked ? "url(#masked)" : hex(colour)) << "\"/>";
        if (!masked)
          o << "<text x=\"" << cx + kCell / 2 << "\" y=\"" << cy + kCell / 2 + 4 << "\" text-anchor=\"middle\" font-size=\"11\" fill=\""
            << (luminance(colour) > 0.45f ? "#141414" : "#fafafa") << "\">" << number(p.m(a, b)) << "</text>";
        o << "\n";
      }
    }
    // The colorbar: the colormap from bottom to top, with its range.
    const double bx = gx + kCell * static_cast<double>(p.m.cols()) + kBarGap, bh = kCell * static_cast<double>(p.m.rows());
    o << "<rect class=\"colorbar\" x=\"" << bx << "\" y=\"" << gy << "\" width=\"" << kBarW << "\" height=\"" << bh
      << "\" fill=\"url(#bar-" << colormap_name(cmap) << ")\" stroke=\"" << dim << "\" stroke-width=\"0.5\"/>\n";
    const double lo = p.unit ? 0 : -m_abs, hi = p.unit ? 1 : m_abs;
    const double ticks[3] = {hi, (lo + hi) / 2, lo};
    for (int t = 0; t < 3; ++t)
      o << "<text x=\"" << bx + kBarW + 4 << "\" y=\"" << gy + bh * t / 2 + 4 << "\" fill=\"" << dim << "\" font-size=\"10\">"
        << number(ticks[t]) << "</text>\n";
    o << "</g>\n";
  }
  o << "</svg>\n";
  return o.str();
}

}  // namespace core
