#include "core/text/translate.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <system_error>

#include "core/text/po.h"

namespace core {

namespace {

struct Current {
  std::string code = "en";
  PoCatalogue catalogue;
};

Current& current() {
  static Current c;
  return c;
}

// A language code as the catalogues' file names have it: 2 or 3 lower-case letters, then maybe _ and a region
// ("zh", "pt_BR"): never a path.
bool plain_code(const std::string& code) {
  if (code.size() < 2 || code.size() > 8) return false;
  size_t letters = 0;
  while (letters < code.size() && code[letters] >= 'a' && code[letters] <= 'z') ++letters;
  if (letters < 2 || letters > 3) return false;
  if (letters == code.size()) return true;
  if (code[letters] != '_') return false;
  for (size_t i = letters + 1; i < code.size(); ++i)
    if (!(code[i] >= 'A' && code[i] <= 'Z')) return false;
  return code.size() > letters + 1;
}

}  // namespace

bool set_language(const std::string& code, const std::filesystem::path& po_dir, std::string* error) {
  if (code == "en") {
    current() = Current{};
    return true;
  }
  if (!plain_code(code)) {
    if (error) *error = "\"" + code + "\" is not a language code (two or three letters, as zh, es or pt_BR)";
    return false;
  }
  const std::filesystem::path path = po_dir / (code + ".po");
  std::error_code ec;
  std::ifstream in(path, std::ios::binary);
  if (!std::filesystem::is_regular_file(path, ec) || !in) {
    if (error) *error = "no catalogue for " + code + " (" + path.string() + ")";
    return false;
  }
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};  // ours: a few KB
  PoLoad loaded = parse_po(text);
  if (!loaded.ok()) {
    if (error) *error = path.string() + ": " + loaded.errors.front();
    return false;
  }
  current() = Current{code, std::move(*loaded.catalogue)};
  return true;
}

const std::string& language() { return current().code; }

const char* tr(const char* english) {
  const auto& messages = current().catalogue.messages;
  if (messages.empty()) return english;
  const auto found = messages.find(english);
  return found == messages.end() ? english : found->second.c_str();
}

std::string tr_format(const char* english, std::initializer_list<std::string_view> arguments) {
  const std::string_view text = tr(english);
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if ((text[i] == '{' || text[i] == '}') && i + 1 < text.size() && text[i + 1] == text[i]) {  // {{ and }}: a brace
      out += text[i];
      ++i;
      continue;
    }
    const size_t close = text[i] == '{' ? text.find('}', i) : std::string_view::npos;
    if (close != std::string_view::npos && close > i + 1 && close - i <= 3) {
      size_t k = 0;
      bool digits = true;
      for (size_t j = i + 1; j < close; ++j) {
        digits = digits && text[j] >= '0' && text[j] <= '9';
        k = k * 10 + static_cast<size_t>(text[j] - '0');
      }
      if (digits && k < arguments.size()) {
        out += *(arguments.begin() + k);
        i = close;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

std::vector<std::string> languages(const std::filesystem::path& po_dir) {
  std::vector<std::string> codes;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(po_dir, ec))
    if (entry.path().extension() == ".po" && plain_code(entry.path().stem().string())) codes.push_back(entry.path().stem().string());
  std::sort(codes.begin(), codes.end());
  codes.insert(codes.begin(), "en");
  return codes;
}

std::string language_name(const std::string& code) {
  if (code == "en") return "English";
  if (code == "zh") return "中文（简体）";
  if (code == "es") return "Español";
  if (code == "pt") return "Português";
  if (code == "de") return "Deutsch";
  if (code == "ko") return "한국어";
  return code;
}

std::string system_language() {
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(name);
    if (!value || !*value) continue;  // POSIX: an empty one is as if unset
    const std::string locale = value;
    if (locale == "C" || locale == "POSIX" || locale.starts_with("C.")) return "en";
    size_t letters = 0;
    while (letters < locale.size() && locale[letters] >= 'a' && locale[letters] <= 'z') ++letters;
    return letters >= 2 && letters <= 3 ? locale.substr(0, letters) : "en";
  }
  return "en";
}

}  // namespace core
