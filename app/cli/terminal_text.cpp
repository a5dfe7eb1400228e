#include "app/cli/terminal_text.h"

#include <iostream>
#include <string>

#include "core/text/utf8.h"

namespace app {

namespace {

// Passes what it is given on to `out` with its controls made visible. A UTF-8 sequence cut
// between two writes waits for its rest, so that it is not taken for bytes that are no UTF-8.
class VisibleControls : public std::streambuf {
 public:
  explicit VisibleControls(std::streambuf* out) : out_(out) {}

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return sync() == 0 ? traits_type::not_eof(c) : traits_type::eof();
    const char byte = traits_type::to_char_type(c);
    return xsputn(&byte, 1) == 1 ? c : traits_type::eof();
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    pending_.append(s, static_cast<size_t>(n));
    const size_t whole = complete_prefix(pending_);
    const std::string shown = core::visible_controls(std::string_view(pending_).substr(0, whole), "\n\t\r");
    pending_.erase(0, whole);
    return out_->sputn(shown.data(), static_cast<std::streamsize>(shown.size())) == static_cast<std::streamsize>(shown.size()) ? n : 0;
  }
  int sync() override {
    if (!pending_.empty()) {  // a cut sequence that never got its rest: no UTF-8 after all
      const std::string shown = core::visible_controls(pending_, "\n\t\r");
      pending_.clear();
      out_->sputn(shown.data(), static_cast<std::streamsize>(shown.size()));
    }
    return out_->pubsync();
  }

 private:
  // The length of text up to a trailing UTF-8 sequence that has begun and not ended.
  static size_t complete_prefix(const std::string& text) {
    size_t start = text.size();
    for (size_t back = 1; back <= 3 && back <= text.size(); ++back) {
      const auto b = static_cast<unsigned char>(text[text.size() - back]);
      if ((b & 0xC0) == 0x80) continue;  // a continuation byte: its lead is further back
      const size_t length = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1;
      if (length > back) start = text.size() - back;
      break;
    }
    return start;
  }

  std::streambuf* out_;
  std::string pending_;
};

}  // namespace

TerminalText::TerminalText() : filter_(std::make_unique<VisibleControls>(std::cerr.rdbuf())), original_(std::cerr.rdbuf(filter_.get())) {}

TerminalText::~TerminalText() {
  filter_->pubsync();
  std::cerr.rdbuf(original_);
}

}  // namespace app
