// Floating-point std::to_chars / std::from_chars for emscripten 3.1.6's libc++, which
// declares only the integer overloads (<charconv>: "call to deleted function 'to_chars'").
// Force-included (-include charconv_shim.h) so /work/main/core compiles unchanged.
// Spike quality: shortest digits by trying %.{0..16}e until strtod reads x back (musl's
// printf and strtod are exact); the result is checked against the desktop build's
// `attnlab --dump` output byte for byte (NOTES.md, point 5).
#pragma once
#include <cerrno>
#include <cctype>
#include <charconv>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <system_error>

namespace attnlab_charconv {

// "d.ddd" digits and exponent as printf's %e text.
inline std::string sci_text(const std::string& d, int e) {
  char ex[16];
  std::snprintf(ex, sizeof ex, "e%d", e);
  return d.substr(0, 1) + (d.size() > 1 ? "." + d.substr(1) : "") + ex;
}

// d ± one unit in its last digit (same length; the exponent moves on a carry or a borrow).
inline bool step(std::string& d, int& e, int dir) {
  size_t i = d.size();
  while (i-- > 0) {
    if (dir > 0 && d[i] == '9') { d[i] = '0'; continue; }
    if (dir < 0 && d[i] == '0') { d[i] = '9'; continue; }
    d[i] = static_cast<char>(d[i] + dir);
    break;
  }
  if (i == static_cast<size_t>(-1)) {  // 99..9 + 1: 10..0
    if (dir < 0) return false;
    d = "1" + std::string(d.size() - 1, '0');
    ++e;
  } else if (d[0] == '0') {  // 10..0 - 1: 99..9, one digit less before the point
    d = d.substr(1) + "9";
    --e;
  }
  return true;
}

// x > 0, finite: the shortest decimal digits that read back to x (the closest such, as
// Ryu picks), and the exponent of the first digit (x = d.ddd × 10^exp).
inline void shortest_digits(double x, std::string& digits, int& exp10) {
  char buf[64];
  for (int p = 0; p < 17; ++p) {
    std::snprintf(buf, sizeof buf, "%.*e", p, x);  // the closest p+1 digits (musl: exact)
    std::string d;
    const char* s = buf;
    for (; *s != 'e'; ++s)
      if (*s != '.') d += *s;
    int e = std::atoi(s + 1);
    if (std::strtod(buf, nullptr) == x) { digits = d; exp10 = e; break; }
    // The closest misses the interval that reads back to x; its neighbour on x's other
    // side may still be in it (intervals are lopsided, and digits are coarse here).
    bool found = false;
    for (int dir : {1, -1}) {
      std::string d2 = d;
      int e2 = e;
      if (step(d2, e2, dir) && std::strtod(sci_text(d2, e2).c_str(), nullptr) == x) {
        digits = d2; exp10 = e2; found = true; break;
      }
    }
    if (found) break;
    if (p == 16) { digits = d; exp10 = e; }
  }
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
}

inline std::string scientific(const std::string& d, int e) {
  std::string out(1, d[0]);
  if (d.size() > 1) out += "." + d.substr(1);
  char ex[16];
  std::snprintf(ex, sizeof ex, "e%c%02d", e < 0 ? '-' : '+', e < 0 ? -e : e);
  return out + ex;
}

// Fixed: the shortest digits laid out without an exponent; a whole number is printed
// exactly ("%.0f": past 2^53 its true digits, as libstdc++'s and MSVC's to_chars do).
inline std::string fixed(double x, const std::string& d, int e) {
  if (static_cast<int>(d.size()) - 1 - e <= 0) {
    const int n = std::snprintf(nullptr, 0, "%.0f", x);
    std::string out(static_cast<size_t>(n) + 1, '\0');
    std::snprintf(out.data(), out.size(), "%.0f", x);
    out.resize(static_cast<size_t>(n));
    return out;
  }
  if (e < 0) return "0." + std::string(static_cast<size_t>(-e - 1), '0') + d;
  const size_t int_digits = static_cast<size_t>(e) + 1;
  return d.substr(0, int_digits) + "." + d.substr(int_digits);
}

// fmt 0: plain (the shorter of fixed and scientific, fixed on a tie).
inline std::to_chars_result write(char* first, char* last, double x, int fmt) {
  std::string text;
  if (std::isnan(x)) {
    text = std::signbit(x) ? "-nan" : "nan";
  } else if (std::isinf(x)) {
    text = x < 0 ? "-inf" : "inf";
  } else if (x == 0) {
    text = std::signbit(x) ? "-0" : "0";
    if (fmt == 2) text += "e+00";
  } else {
    std::string d;
    int e = 0;
    shortest_digits(std::fabs(x), d, e);
    const std::string sci = scientific(d, e), fix = fixed(std::fabs(x), d, e);
    text = fmt == 1 ? fix : fmt == 2 ? sci : (fix.size() <= sci.size() ? fix : sci);
    if (x < 0) text.insert(0, 1, '-');
  }
  if (static_cast<size_t>(last - first) < text.size()) return {last, std::errc::value_too_large};
  std::memcpy(first, text.data(), text.size());
  return {first + text.size(), std::errc()};
}

inline std::to_chars_result write_precision(char* first, char* last, double x, char conv, int precision) {
  char fmt[8] = {'%', '.', '*', conv, 0};
  const int n = std::snprintf(nullptr, 0, fmt, precision, x);
  if (n < 0 || n > last - first) return {last, std::errc::value_too_large};
  std::string text(static_cast<size_t>(n) + 1, '\0');
  std::snprintf(text.data(), text.size(), fmt, precision, x);
  std::memcpy(first, text.data(), static_cast<size_t>(n));
  return {first + n, std::errc()};
}

}  // namespace attnlab_charconv

#if defined(__EMSCRIPTEN__)  // emscripten 3.1.6's libc++ lacks these; never on the desktop
namespace std {
inline to_chars_result to_chars(char* first, char* last, double x) {
  return attnlab_charconv::write(first, last, x, 0);
}
inline to_chars_result to_chars(char* first, char* last, double x, chars_format f) {
  return attnlab_charconv::write(first, last, x, f == chars_format::fixed ? 1 : f == chars_format::scientific ? 2 : 0);
}
inline to_chars_result to_chars(char* first, char* last, double x, chars_format f, int precision) {
  return attnlab_charconv::write_precision(first, last, x, f == chars_format::fixed ? 'f' : f == chars_format::scientific ? 'e' : 'g', precision);
}
// chars_format::general only: no leading space or '+', no hex; value untouched on error.
inline from_chars_result from_chars(const char* first, const char* last, double& value,
                                    chars_format = chars_format::general) {
  if (first == last || std::isspace(static_cast<unsigned char>(*first)) || *first == '+') return {first, errc::invalid_argument};
  std::string text(first, last);
  const size_t sign = text[0] == '-';
  if (text.size() > sign + 1 && text[sign] == '0' && (text[sign + 1] == 'x' || text[sign + 1] == 'X'))
    text.resize(sign + 1);  // "0x1p3" reads as "0", as from_chars(general) does
  errno = 0;
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end == text.c_str()) return {first, errc::invalid_argument};
  const char* ptr = first + (end - text.c_str());
  if (errno == ERANGE) return {ptr, errc::result_out_of_range};
  value = v;
  return {ptr, errc()};
}
}  // namespace std
#endif
