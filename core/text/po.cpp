#include "core/text/po.h"

#include <algorithm>

#include "core/text/trim.h"
#include "core/text/utf8.h"

namespace core {

namespace {

// A "…" string with its escapes read, or none with *why.
std::optional<std::string> po_string(std::string_view s, std::string* why) {
  if (s.size() < 2 || s.front() != '"' || s.back() != '"') {
    *why = "expected a string in double quotes";
    return std::nullopt;
  }
  std::string out;
  for (size_t i = 1; i + 1 < s.size(); ++i) {
    if (s[i] == '"') {
      *why = "a \" inside a string must be written \\\"";
      return std::nullopt;
    }
    if (s[i] != '\\') {
      out += s[i];
      continue;
    }
    if (i + 2 >= s.size()) {
      *why = "a \\ at the end of a string";
      return std::nullopt;
    }
    switch (s[++i]) {
      case 'n': out += '\n'; break;
      case 't': out += '\t'; break;
      case '"': out += '"'; break;
      case '\\': out += '\\'; break;
      default:
        *why = std::string("an escape attnlab does not read: \\") + s[i] + " (only \\n \\t \\\" \\\\)";
        return std::nullopt;
    }
  }
  return out;
}

struct PoEntry {
  std::string context, id, str;
  bool has_context = false, has_id = false, has_str = false, fuzzy = false;
  std::string* open = nullptr;  // what a "…" line goes on
  int id_line = 0;
};

}  // namespace

std::string PoLoad::message() const {
  std::string out;
  for (const std::string& e : errors) out += (out.empty() ? "" : "\n") + e;
  return out;
}

PoLoad parse_po(std::string_view text) {
  PoLoad load;
  PoCatalogue catalogue;
  if (valid_utf8(text) != text) {
    load.errors.push_back("the catalogue is not UTF-8");
    return load;
  }
  PoEntry entry;
  int number = 0;
  const auto fail = [&](const std::string& why) { load.errors.push_back("line " + std::to_string(number) + ": " + why); };
  const auto flush = [&] {
    if (entry.has_id && !entry.has_str) {
      load.errors.push_back("line " + std::to_string(entry.id_line) + ": a msgid with no msgstr after it");
    } else if (entry.has_id && !entry.fuzzy && !entry.id.empty() && !entry.str.empty()) {
      const std::string key = entry.has_context ? entry.context + '\x04' + entry.id : entry.id;
      if (!catalogue.messages.emplace(key, entry.str).second)
        load.errors.push_back("line " + std::to_string(entry.id_line) + ": this msgid is in the catalogue twice");
    }
    entry = PoEntry{};
  };
  size_t at = 0;
  while (at <= text.size() && load.errors.size() < 20) {
    const size_t end = std::min(text.find('\n', at), text.size());
    const std::string_view line = trim_blank(text.substr(at, end - at));
    at = end + 1;
    ++number;
    if (line.empty()) {
      flush();
      continue;
    }
    if (line.front() == '#') {
      if (entry.has_str) flush();  // a comment begins the next entry
      if (line.starts_with("#,") && line.find("fuzzy") != std::string_view::npos) entry.fuzzy = true;
      continue;
    }
    std::string why;
    const auto keyword = [&](std::string_view word, std::string& into) {
      std::optional<std::string> value = po_string(trim_blank(line.substr(word.size())), &why);
      if (!value) return fail(why);
      into = std::move(*value);
      entry.open = &into;
    };
    if (line.starts_with("msgid_plural") || line.starts_with("msgstr[")) {
      fail("plural forms (msgid_plural, msgstr[n]) are not used by attnlab: one msgstr a msgid");
    } else if (line.starts_with("msgctxt ")) {
      if (entry.has_str || entry.has_id) flush();
      entry.has_context = true;
      keyword("msgctxt", entry.context);
    } else if (line.starts_with("msgid ")) {
      if (entry.has_str) flush();
      if (entry.has_id) fail("a second msgid before the first one's msgstr");
      entry.has_id = true;
      entry.id_line = number;
      keyword("msgid", entry.id);
    } else if (line.starts_with("msgstr ")) {
      if (!entry.has_id) fail("a msgstr with no msgid before it");
      else if (entry.has_str) fail("a second msgstr for one msgid");
      entry.has_str = true;
      keyword("msgstr", entry.str);
    } else if (line.front() == '"') {
      std::optional<std::string> more = po_string(line, &why);
      if (!entry.open) fail("a string with no msgid, msgstr or msgctxt before it");
      else if (!more) fail(why);
      else *entry.open += *more;
    } else {
      fail("expected msgid, msgstr, msgctxt, a \"…\" line or a # comment");
    }
  }
  flush();
  if (load.errors.empty()) load.catalogue = std::move(catalogue);
  return load;
}

}  // namespace core
