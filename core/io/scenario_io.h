// Reading and writing scenario files (JSON, versions 1 to 5; docs/scenario-format.md).
//
// The reader takes untrusted text: every rule of docs/scenario-format.md is checked and a
// broken file gives messages naming the field, never a crash and never a
// half-filled Scenario. The writer is atomic: a temporary file in the same
// directory, flushed to disk, then renamed over the target; and it never
// writes what the reader would refuse (see save_scenario_file).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/model/scenario.h"
#include "core/text/json_text.h"

namespace core {

inline constexpr int kFormatVersion = 5;  // the newest this program reads; it writes 1 when it can
inline constexpr size_t kMaxFileBytes = 1024 * 1024;  // 1 MiB
inline constexpr int kMaxNesting = 8;                  // the top-level object is level 1

struct LoadResult {
  std::optional<Scenario> scenario;  // set only when errors is empty
  std::vector<std::string> errors;   // each names the field or the file and what was expected

  bool ok() const { return scenario.has_value(); }
  std::string message() const;  // the errors, one per line
};

// Messages as a reader's message() gives them: one per line.
std::string one_per_line(const std::vector<std::string>& messages);

// "file: not valid JSON: a NUL byte at byte N (… is text)" when text holds a NUL, else "".
// The JSON parser takes a NUL for the end of the text: "{…}\0junk" would read as valid.
// what: "a scenario file", "an experiment file".
std::string nul_byte_problem(std::string_view text, std::string_view what);

// Whether [ and { nest deeper than max_depth in text (outside strings); read
// from the text alone, so a file nested a million levels deep costs no recursion.
bool nested_deeper_than(std::string_view text, int max_depth);

// Parses the text of a scenario file; max_bytes is larger only for the
// scenario a session holds (app/files/session.cpp), whose limit is the session's.
LoadResult parse_scenario(std::string_view text, size_t max_bytes = kMaxFileBytes);
// Reads and parses a file: a missing, unreadable, directory or over-1-MiB path
// is an error naming the path and what is wrong with it.
LoadResult load_scenario_file(const std::string& path);

// json::parse of text (it throws json::exception as that does), noting in
// *duplicates every key that appears twice in one object: nlohmann keeps the
// last silently, and a file that says a thing twice should be told so.
nlohmann::json parse_json_noting_duplicates(std::string_view text, std::vector<std::string>* duplicates);
// What the parser said, for a reader's message: "parse error at line 3, …" without nlohmann's
// "[json.exception…]", each piece of the file it quotes ('1111…', a byte that is no UTF-8) as a
// short excerpt of visible characters (core/text/utf8.h).
std::string json_error_text(const nlohmann::json::exception& e);

OrderedJson scenario_to_json(const Scenario& s);
std::string scenario_to_text(const Scenario& s);
// j without any space, numbers in their shortest form ("1", "2.5e-7"): no
// longer than the text of any file it was read from, give or take an edit.
std::string compact_text(const OrderedJson& j);
// Atomic save. Written as people read it (to_text) when that is at most
// kMaxFileBytes, else compactly; the text is read back by parse_scenario
// before anything is written, and a scenario the reader would refuse (past
// 1 MiB even compactly, an entry past ±1e6) is not saved. On failure returns
// false and sets *error (when given), and the file at path is untouched.
// mode and *in_place as write_file_atomically's (kKeepMode: an existing file keeps its own;
// *in_place: false returned, yet the file replaced, as only its folder's fsync failed).
bool save_scenario_file(const Scenario& s, const std::string& path, std::string* error = nullptr, int mode = -1,
                        bool* in_place = nullptr);

}  // namespace core
