// What attnlab writes to a terminal is seen, not obeyed. Messages quote file names, titles and
// variant names from files and links other people made: an escape sequence in one (ESC ] 0 ;
// … BEL) would retitle or clear a teacher's terminal. For the life of a TerminalText, std::cerr
// writes every control character but a line break, a tab and a carriage return (the progress
// line's) as its visible symbol (core::visible_controls: ESC as ␛), and bytes that are no UTF-8
// as U+FFFD.
#pragma once

#include <memory>
#include <streambuf>

namespace app {

class TerminalText {
 public:
  TerminalText();
  ~TerminalText();
  TerminalText(const TerminalText&) = delete;
  TerminalText& operator=(const TerminalText&) = delete;

 private:
  std::unique_ptr<std::streambuf> filter_;
  std::streambuf* original_ = nullptr;
};

}  // namespace app
