// The language a person reads attnlab in (docs/languages.md): English, whose texts are the catalogues' msgids, or a
// catalogue's (po/LANG.po, po.h). One function, tr, gives every such text in the language chosen; a text with
// numbers takes them as arguments ({0}, {1}, …, tr_format), so that a translation may put them in its own order,
// and the numbers themselves are written as everywhere else (a '.' for the decimal point). Mathematical notation,
// file formats and the command line's machine outputs (--dump, --layout-out) do not change with the language.
//
// One language at a time for the whole program: the window shows one, and a command prints in one.
#pragma once

#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

namespace core {

// "en", or LANG of po/LANG.po under po_dir: its catalogue read, from now on what tr gives. False, with *error (the
// catalogue's own errors, or "no catalogue for xx"), and the language as it was, when it cannot be read.
bool set_language(const std::string& code, const std::filesystem::path& po_dir, std::string* error);
// The language tr translates into now: "en" until set_language.
const std::string& language();

// english in the language chosen; english itself where the catalogue has no translation of it (or in English). The
// pointer lives as long as the language: take a copy to keep it past set_language.
const char* tr(const char* english);
// english as it is: marks a text kept in a constant for the catalogue (scripts/po_update finds it), where
// the code that shows it passes it through tr.
constexpr const char* tr_noop(const char* english) { return english; }

// tr(english) with {0}, {1}, … replaced by the arguments, in the translation's order ({{ and }} are braces).
std::string tr_format(const char* english, std::initializer_list<std::string_view> arguments);

// The languages there are: "en", then each po/LANG.po under po_dir, by code.
std::vector<std::string> languages(const std::filesystem::path& po_dir);
// A language's own name, as its speakers write it ("English", "中文（简体）", "Español"); the code where unknown.
std::string language_name(const std::string& code);
// The system's language as a code, from LC_ALL, LC_MESSAGES or LANG as POSIX reads them ("zh_CN.UTF-8" gives "zh",
// "pt_BR" "pt"); "en" where they name none, or C or POSIX.
std::string system_language();

}  // namespace core
