#include "core/model/dock_layout.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

namespace core {

namespace {

constexpr size_t kMaxText = 2000;
constexpr int kMaxDepth = 16;

std::string printf_text(double v, const char* format) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, format, v);
  return buffer;
}

void append_tree(const DockTree& tree, std::string& out) {
  if (tree.split != DockTree::Split::None) {
    out += tree.split == DockTree::Split::Across ? 'H' : 'V';
    out += printf_text(std::clamp(tree.ratio, 0.0001, 0.9999), "%.4f");
    out += '(';
    append_tree(tree.children[0], out);
    out += ',';
    append_tree(tree.children[1], out);
    out += ')';
    return;
  }
  if (tree.tabs.empty()) out += '-';
  for (size_t i = 0; i < tree.tabs.size(); ++i) {
    if (i) out += '|';
    if (static_cast<int>(i) == tree.selected && tree.tabs.size() > 1) out += '*';
    out += panel_name(tree.tabs[i]);
  }
}

bool any_panel(const DockTree& tree) {
  return !tree.tabs.empty() || std::any_of(tree.children.begin(), tree.children.end(), any_panel);
}

// A recursive descent over the text, each panel seen once.
class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  std::optional<DockLayout> layout(std::string* why) {
    DockLayout out;
    if (text_.size() > kMaxText) return fail(why, "longer than " + std::to_string(kMaxText) + " characters");
    if (!tree(out.root, 0)) return fail(why, problem_);
    while (at_ < text_.size()) {
      FloatingNode f;
      if (!eat(';') || !tree(f.tree, 0) || !eat('@') || !pixels(f.x) || !eat(',') || !pixels(f.y) || !eat(',') || !pixels(f.w) ||
          !eat(',') || !pixels(f.h))
        return fail(why, "a floating window is not PANELS@x,y,w,h: " + (problem_.empty() ? "it ends early" : problem_));
      if (!any_panel(f.tree)) return fail(why, "a floating window holds no panel");
      if (f.w < 1 || f.h < 1) return fail(why, "a floating window has no size");
      out.floating.push_back(std::move(f));
    }
    return out;
  }

 private:
  std::optional<DockLayout> fail(std::string* why, const std::string& what) {
    if (why) *why = what + " (at character " + std::to_string(at_ + 1) + ")";
    return std::nullopt;
  }

  bool eat(char c) {
    if (at_ < text_.size() && text_[at_] == c) return ++at_, true;
    if (problem_.empty()) problem_ = std::string("expected '") + c + "'";
    return false;
  }

  bool number(double& v) {
    size_t end = at_;
    while (end < text_.size() && (std::isdigit(static_cast<unsigned char>(text_[end])) || text_[end] == '.' || text_[end] == '-' ||
                                  text_[end] == 'e'))
      ++end;
    const std::string digits(text_.substr(at_, end - at_));
    char* stop = nullptr;
    v = digits.empty() ? NAN : std::strtod(digits.c_str(), &stop);
    if (digits.empty() || *stop != '\0' || !std::isfinite(v)) return problem_ = "expected a number", false;
    at_ = end;
    return true;
  }

  bool pixels(float& v) {
    double d = 0;
    if (!number(d)) return false;
    if (std::abs(d) > 100000) return problem_ = "a place beyond any screen", false;
    v = static_cast<float>(d);
    return true;
  }

  bool panel(Panel& p) {
    size_t end = at_;
    while (end < text_.size() && std::isalpha(static_cast<unsigned char>(text_[end]))) ++end;
    const std::string_view name = text_.substr(at_, end - at_);
    const std::optional<Panel> found = find_panel(name);
    if (!found) return problem_ = "'" + std::string(name) + "' is not a panel of the views", false;
    if (!seen_.insert(*found).second) return problem_ = std::string(name) + " is placed twice", false;
    p = *found;
    at_ = end;
    return true;
  }

  bool leaf(DockTree& t) {
    if (at_ < text_.size() && text_[at_] == '-') return ++at_, true;
    do {
      const bool shown = at_ < text_.size() && text_[at_] == '*' && ++at_;
      Panel p{};
      if (!panel(p)) return false;
      if (shown) t.selected = static_cast<int>(t.tabs.size());
      t.tabs.push_back(p);
    } while (at_ < text_.size() && text_[at_] == '|' && ++at_);
    return true;
  }

  bool tree(DockTree& t, int depth) {
    if (depth > kMaxDepth) return problem_ = "splits nested deeper than " + std::to_string(kMaxDepth), false;
    const char c = at_ < text_.size() ? text_[at_] : '\0';
    if (c != 'H' && c != 'V') return leaf(t);
    ++at_;
    t.split = c == 'H' ? DockTree::Split::Across : DockTree::Split::Down;
    if (!number(t.ratio)) return false;
    if (!(t.ratio > 0 && t.ratio < 1)) return problem_ = "a split's share is not between 0 and 1", false;
    t.children.resize(2);
    return eat('(') && tree(t.children[0], depth + 1) && eat(',') && tree(t.children[1], depth + 1) && eat(')');
  }

  std::string_view text_;
  size_t at_ = 0;
  std::set<Panel> seen_;
  std::string problem_;
};

}  // namespace

std::string dock_layout_text(const DockLayout& layout) {
  std::string out;
  append_tree(layout.root, out);
  for (const FloatingNode& f : layout.floating) {
    out += ';';
    append_tree(f.tree, out);
    out += '@' + printf_text(std::round(f.x), "%.0f") + ',' + printf_text(std::round(f.y), "%.0f") + ',' +
           printf_text(std::round(f.w), "%.0f") + ',' + printf_text(std::round(f.h), "%.0f");
  }
  return out;
}

std::optional<DockLayout> parse_dock_layout(std::string_view text, std::string* why) { return Parser(text).layout(why); }

bool valid_layout_name(std::string_view name) {
  if (name.empty() || name.size() > 40) return false;
  for (const char c : name)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f || c == '=' || c == '[' || c == ']') return false;
  return true;
}

}  // namespace core
