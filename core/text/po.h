// A translation catalogue in gettext's .po format (po/LANG.po, docs/languages.md), so that a translator uses the
// tools they know (Poedit, Weblate, msgmerge): each entry's msgid is the English text a person reads, its msgstr the
// translation. Read here without libintl: attnlab loads its catalogue from its data directory, on the page too.
//
// What is read: `msgid` and `msgstr`, each a string that may go on over the "…" lines after it; `msgctxt` (a context,
// kept before the msgid with gettext's \004 between); the escapes \n \t \" \\. A comment line (#) is skipped; an
// entry flagged `#, fuzzy` (a guess a translator has not checked) is left out, as gettext leaves it out; so is an
// empty msgstr (not translated yet) and the header (the empty msgid). Plural forms are not used by attnlab: an entry
// with msgid_plural is refused by name.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace core {

struct PoCatalogue {
  std::unordered_map<std::string, std::string> messages;  // msgid (with its context, if any) → msgstr
};

struct PoLoad {
  std::optional<PoCatalogue> catalogue;  // set only when errors is empty
  std::vector<std::string> errors;       // each names its line: "line 12: a msgstr with no msgid before it"
  bool ok() const { return catalogue.has_value(); }
  std::string message() const;
};

PoLoad parse_po(std::string_view text);

}  // namespace core
