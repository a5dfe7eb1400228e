// A scenario as a link (docs/links.md), to share an exact setup as a URL:
//   BASE#z=DATA      DATA: the scenario's compact JSON, raw-deflated (RFC 1951), then
//                    base64url-encoded (RFC 4648 §5, no padding): what --link prints
//   BASE#s=DATA      the same JSON, base64url-encoded without compression
//   BASE#lesson=STEM a shipped lesson (assets/lessons/STEM.json)
//   BASE#exp=STEM    the training lab on a shipped experiment (assets/experiments/STEM.json)
//   BASE#model=STEM&text=TEXT
//                    the Text view on a shipped model (assets/models/STEM.safetensors) and TEXT, its bytes
//                    percent-encoded (RFC 3986: each byte outside A–Z a–z 0–9 - . _ ~ as %XX); &text= may be left out
// The page and the desktop read the same links. A link is untrusted text: one that does not
// decode, inflates past the file limit or breaks the file's rules gives the reader's message,
// never a crash.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/io/scenario_io.h"
#include "core/model/scenario.h"

namespace core {

// What --link puts before the fragment when no BASE is given: the page beside the file.
inline constexpr const char* kDefaultLinkBase = "index.html";

std::string base64url_encode(std::string_view bytes);
// None when text holds a character outside A–Z a–z 0–9 - _ or has an impossible length.
std::optional<std::string> base64url_decode(std::string_view text);

// Raw deflate (no zlib or gzip header), at the best compression.
std::string deflate_raw(std::string_view bytes);
// None, with *error saying why ("is cut short", ...), when bytes are not raw deflate or inflate past max_bytes.
std::optional<std::string> inflate_raw(std::string_view bytes, size_t max_bytes, std::string* error);

// BASE#z=…: s as the page and the desktop open it.
std::string scenario_link(const Scenario& s, std::string_view base = kDefaultLinkBase);

// BASE#model=STEM&text=…: the Text view on a shipped model and a text, as the page and the desktop open it.
std::string model_text_link(std::string_view stem, std::string_view text, std::string_view base = kDefaultLinkBase);

// Whether text is a link attnlab reads: a fragment (after the first #) that begins with
// s=, z=, lesson=, exp= or model=, or any http://, https:// or file:// address with a fragment.
bool is_link(std::string_view text);
// Whether FILE, as the command line or File → Open takes it, is read as a link: it is one,
// and no file has that name (a path that names an existing file is always the file).
bool names_link(const std::string& file_or_link);

struct LinkContents {
  enum class Kind { Scenario, Lesson, Experiment, Model };
  Kind kind = Kind::Scenario;
  std::optional<Scenario> scenario;  // Scenario: set only when errors is empty
  std::string stem;                  // Lesson, Experiment: the file's name without .json; Model: without .safetensors
  std::string text;                  // Model: the text, decoded: UTF-8, at most kMaxTextBytes (may be empty)
  std::vector<std::string> errors;   // each says what is wrong, the reader's messages for a scenario

  bool ok() const { return errors.empty(); }
  std::string message() const;  // the errors, one per line
};

// Reads a whole link (BASE#…) or its fragment alone (#… or the part after #).
LinkContents read_link(std::string_view link);

// FILE as the command line takes it: a scenario file, or a scenario's link (#z=, #s=) when no
// file has that name. A link to a shipped lesson or experiment is an error here: the window
// opens those (app/files/files.h), the text commands need the scenario itself.
LoadResult load_scenario_or_link(const std::string& file_or_link);

}  // namespace core
