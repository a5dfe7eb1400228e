#include "core/io/link.h"

#include <array>
#include <cstdint>
#include <filesystem>
#include <system_error>

#include <zlib.h>

#include "core/io/scenario_io.h"
#include "core/model/text_forward.h"  // kMaxTextBytes
#include "core/text/utf8.h"

namespace core {

namespace {

constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// A link's data is at most the file limit once decoded. Deflate can grow data that does not
// compress, by at most 5 bytes a 16 KiB block (zlib's deflateBound); base64url adds a third.
constexpr size_t kMaxDeflatedBytes = kMaxFileBytes + (kMaxFileBytes / 16384 + 1) * 5 + 16;
constexpr size_t kMaxLinkChars = (kMaxDeflatedBytes + 2) / 3 * 4;

int sextet(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '-') return 62;
  if (c == '_') return 63;
  return -1;
}

// A shipped file's stem: letters, digits, - and _ (never a path).
bool plain_stem(std::string_view stem) {
  if (stem.empty() || stem.size() > 100) return false;
  for (char c : stem)
    if (sextet(c) < 0) return false;
  return true;
}

// RFC 3986's unreserved characters, which a percent-encoded text keeps as they are.
bool unreserved(char c) { return sextet(c) >= 0 || c == '.' || c == '~'; }

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// A model link's text: at most this many characters once encoded (64 bytes, each as %XX, and room to spare).
constexpr size_t kMaxEncodedText = 1024;

}  // namespace

std::string base64url_encode(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const uint32_t v = static_cast<uint32_t>(static_cast<unsigned char>(bytes[i])) << 16 |
                       static_cast<uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8 |
                       static_cast<unsigned char>(bytes[i + 2]);
    for (int shift = 18; shift >= 0; shift -= 6) out += kAlphabet[(v >> shift) & 63];
  }
  const size_t rest = bytes.size() - i;  // 1 or 2 bytes: 2 or 3 characters, no padding
  if (rest > 0) {
    uint32_t v = static_cast<uint32_t>(static_cast<unsigned char>(bytes[i])) << 16;
    if (rest == 2) v |= static_cast<uint32_t>(static_cast<unsigned char>(bytes[i + 1])) << 8;
    out += kAlphabet[(v >> 18) & 63];
    out += kAlphabet[(v >> 12) & 63];
    if (rest == 2) out += kAlphabet[(v >> 6) & 63];
  }
  return out;
}

std::optional<std::string> base64url_decode(std::string_view text) {
  if (text.size() % 4 == 1) return std::nullopt;  // 6 bits cannot end a byte
  std::string out;
  out.reserve(text.size() / 4 * 3 + 2);
  uint32_t acc = 0;
  int bits = 0;
  for (char c : text) {
    const int v = sextet(c);
    if (v < 0) return std::nullopt;
    acc = acc << 6 | static_cast<uint32_t>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((acc >> bits) & 0xFF);
    }
  }
  return out;
}

std::string deflate_raw(std::string_view bytes) {
  z_stream z{};
  // windowBits −15: raw deflate, no header or checksum (what the page's DecompressionStream("deflate-raw") reads too).
  if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY) != Z_OK) return {};
  std::string out(deflateBound(&z, static_cast<uLong>(bytes.size())), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  return status == Z_STREAM_END ? out : std::string{};
}

std::optional<std::string> inflate_raw(std::string_view bytes, size_t max_bytes, std::string* error) {
  z_stream z{};
  if (inflateInit2(&z, -15) != Z_OK) {
    if (error) *error = "the inflater could not start";
    return std::nullopt;
  }
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  std::string out;
  std::array<char, 16384> chunk;
  int status = Z_OK;
  while (status == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(chunk.data());
    z.avail_out = static_cast<uInt>(chunk.size());
    status = inflate(&z, Z_NO_FLUSH);
    const size_t got = chunk.size() - z.avail_out;
    if (out.size() + got > max_bytes) {
      inflateEnd(&z);
      if (error) *error = "inflates to more than " + std::to_string(max_bytes / 1024) + " KiB";
      return std::nullopt;
    }
    out.append(chunk.data(), got);
    if (status == Z_BUF_ERROR && z.avail_in == 0) break;  // the data ended before the stream did
  }
  const bool trailing = status == Z_STREAM_END && z.avail_in != 0;
  inflateEnd(&z);
  if (trailing) {  // a second stream, or junk: one link, one scenario
    if (error) *error = "goes on after the end of its deflate stream";
    return std::nullopt;
  }
  if (status != Z_STREAM_END) {
    if (error) *error = status == Z_DATA_ERROR ? "is not raw deflate data (RFC 1951)" : "is cut short";
    return std::nullopt;
  }
  return out;
}

std::string scenario_link(const Scenario& s, std::string_view base) {
  return std::string(base) + "#z=" + base64url_encode(deflate_raw(compact_text(scenario_to_json(s))));
}

std::string model_text_link(std::string_view stem, std::string_view text, std::string_view base) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string link = std::string(base) + "#model=" + std::string(stem);
  if (text.empty()) return link;
  link += "&text=";
  for (char c : text) {
    if (unreserved(c)) link += c;
    else link += {'%', kHex[static_cast<unsigned char>(c) >> 4], kHex[static_cast<unsigned char>(c) & 15]};
  }
  return link;
}

namespace {

std::string_view fragment_of(std::string_view link) {
  const size_t hash = link.find('#');
  return hash == std::string_view::npos ? link : link.substr(hash + 1);
}

}  // namespace

bool is_link(std::string_view text) {
  const size_t hash = text.find('#');
  if (hash == std::string_view::npos) return false;
  const std::string_view f = text.substr(hash + 1);
  // An address with a fragment is a link, whatever the fragment: it gets the link's message, not "no such file".
  if (text.starts_with("http://") || text.starts_with("https://") || text.starts_with("file://")) return true;
  return f.starts_with("s=") || f.starts_with("z=") || f.starts_with("lesson=") || f.starts_with("exp=") || f.starts_with("model=");
}

bool names_link(const std::string& file_or_link) {
  std::error_code ec;
  return is_link(file_or_link) && !std::filesystem::exists(file_or_link, ec);
}

std::string LinkContents::message() const { return one_per_line(errors); }

LinkContents read_link(std::string_view link) {
  LinkContents c;
  const std::string_view f = fragment_of(link);
  const auto fail = [&](std::string why) {
    c.errors.push_back("the link: " + why);
    return c;
  };
  for (const auto& [prefix, kind] : {std::pair{std::string_view("lesson="), LinkContents::Kind::Lesson},
                                     std::pair{std::string_view("exp="), LinkContents::Kind::Experiment}})
    if (f.starts_with(prefix)) {
      c.kind = kind;
      c.stem = std::string(f.substr(prefix.size()));
      if (!plain_stem(c.stem)) return fail("#" + std::string(prefix) + " names no shipped file (letters, digits, - and _ only)");
      return c;
    }
  if (f.starts_with("model=")) {
    c.kind = LinkContents::Kind::Model;
    const size_t amp = f.find('&');
    c.stem = std::string(f.substr(6, amp == std::string_view::npos ? std::string_view::npos : amp - 6));
    if (!plain_stem(c.stem)) return fail("#model= names no shipped model (letters, digits, - and _ only)");
    if (amp == std::string_view::npos) return c;
    const std::string_view rest = f.substr(amp + 1);
    if (!rest.starts_with("text=")) return fail("after #model=" + c.stem + " only &text= may follow");
    const std::string_view encoded = rest.substr(5);
    if (encoded.size() > kMaxEncodedText) return fail("&text= is longer than a text the Text view runs (64 bytes)");
    for (size_t i = 0; i < encoded.size(); ++i) {
      if (encoded[i] != '%') {
        c.text += encoded[i];
        continue;
      }
      const int hi = i + 2 < encoded.size() ? hex_digit(encoded[i + 1]) : -1, lo = hi >= 0 ? hex_digit(encoded[i + 2]) : -1;
      if (lo < 0) return fail("&text= has a % not followed by two hexadecimal digits (a byte is written %XX)");
      c.text += static_cast<char>(hi * 16 + lo);
      i += 2;
    }
    // Refused here, as any broken link is, so that the app keeps what it shows rather than open an empty view.
    if (valid_utf8(c.text) != c.text) return fail("&text= is not UTF-8 once its %XX are read as bytes");
    if (c.text.size() > static_cast<size_t>(kMaxTextBytes))
      return fail("&text= is " + std::to_string(c.text.size()) + " bytes long, over the " + std::to_string(kMaxTextBytes) +
                  " a model reads");
    return c;
  }
  const bool compressed = f.starts_with("z=");
  if (!compressed && !f.starts_with("s=")) return fail("expected #z=, #s=, #lesson=, #exp= or #model= after the #");
  const std::string_view data = f.substr(2);
  if (data.size() > kMaxLinkChars) return fail("longer than a scenario of 1 MiB can make it");
  std::optional<std::string> bytes = base64url_decode(data);
  if (!bytes) return fail(std::string(compressed ? "#z=" : "#s=") + " is not base64url (A-Z a-z 0-9 - _, no padding)");
  if (compressed) {
    std::string why;
    bytes = inflate_raw(*bytes, kMaxFileBytes, &why);
    if (!bytes) return fail("#z= data " + why);
  }
  LoadResult loaded = parse_scenario(*bytes);
  if (!loaded.ok()) {
    for (const std::string& e : loaded.errors) c.errors.push_back("the link's scenario: " + e);
    return c;
  }
  c.scenario = std::move(loaded.scenario);
  return c;
}

LoadResult load_scenario_or_link(const std::string& file_or_link) {
  if (!names_link(file_or_link)) return load_scenario_file(file_or_link);
  LinkContents link = read_link(file_or_link);
  LoadResult loaded;
  if (link.ok() && link.kind != LinkContents::Kind::Scenario)
    link.errors.push_back("the link names a shipped " +
                          std::string(link.kind == LinkContents::Kind::Lesson       ? "lesson"
                                      : link.kind == LinkContents::Kind::Experiment ? "experiment"
                                                                                    : "model") +
                          " (" + link.stem +
                          "), not a scenario: here FILE must be a scenario or its #z= or #s= link; "
                          "the window opens this one");
  if (link.ok()) loaded.scenario = std::move(link.scenario);
  else loaded.errors = std::move(link.errors);
  return loaded;
}

}  // namespace core
