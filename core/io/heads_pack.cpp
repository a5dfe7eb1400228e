#include "core/io/heads_pack.h"

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace core {

namespace {

struct Packer {
  std::string out;
  template <class T>
  void value(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    out.append(reinterpret_cast<const char*>(&v), sizeof v);
  }
  void text(const std::string& s) {
    value(static_cast<std::uint64_t>(s.size()));
    out += s;
  }
  void numbers(const double* p, size_t n) {
    value(static_cast<std::uint64_t>(n));
    out.append(reinterpret_cast<const char*>(p), n * sizeof(double));
  }
  void matrix(const Eigen::MatrixXd& m) {
    value(static_cast<std::int64_t>(m.rows()));
    value(static_cast<std::int64_t>(m.cols()));
    out.append(reinterpret_cast<const char*>(m.data()), static_cast<size_t>(m.size()) * sizeof(double));
  }
};

// Each read checks that the bytes hold it; after the first that does not, ok is false and every read gives 0.
struct Unpacker {
  std::string_view in;
  bool ok = true;
  bool take(void* to, size_t n) {
    if (!ok || n > in.size()) return ok = false;
    if (n) std::memcpy(to, in.data(), n);  // an empty W_V has no data: memcpy from or to null is undefined even for 0
    in.remove_prefix(n);
    return true;
  }
  template <class T>
  T value() {
    T v{};
    take(&v, sizeof v);
    return v;
  }
  std::string text() {
    const std::uint64_t count = value<std::uint64_t>();
    if (!ok || count > in.size()) return ok = false, std::string();
    const auto n = static_cast<std::size_t>(count);  // fits: no longer than what is left
    std::string s(in.substr(0, n));
    in.remove_prefix(n);
    return s;
  }
  std::vector<double> numbers() {
    const std::uint64_t count = value<std::uint64_t>();
    if (!ok || count > in.size() / sizeof(double)) return ok = false, std::vector<double>();
    const auto n = static_cast<std::size_t>(count);  // fits: no longer than what is left
    std::vector<double> v(n);
    take(v.data(), n * sizeof(double));
    return v;
  }
  Eigen::MatrixXd matrix() {
    const auto rows = value<std::int64_t>(), cols = value<std::int64_t>();
    if (!ok || rows < 0 || cols < 0 || rows > kMaxHeadsDModel || cols > kMaxHeadsDModel ||
        static_cast<size_t>(rows * cols) > in.size() / sizeof(double))
      return ok = false, Eigen::MatrixXd();
    Eigen::MatrixXd m(rows, cols);
    take(m.data(), static_cast<size_t>(m.size()) * sizeof(double));
    return m;
  }
};

}  // namespace

std::string pack_heads(const HeadsLoad& load) {
  Packer p;
  p.value(static_cast<std::uint64_t>(load.errors.size()));
  for (const std::string& e : load.errors) p.text(e);
  p.value(static_cast<std::uint8_t>(load.heads.has_value()));
  if (!load.heads) return p.out;
  const HeadsFile& f = *load.heads;
  p.text(f.model);
  p.text(f.objective);
  p.value(static_cast<std::uint8_t>(f.seed.has_value()));
  p.value(f.seed.value_or(0));
  p.value(static_cast<std::uint64_t>(f.heads.size()));
  p.value(static_cast<std::uint8_t>(f.forms.size() == f.heads.size()));
  for (size_t i = 0; i < f.heads.size(); ++i) {
    const TrainedHead& h = f.heads[i];
    p.value(h.layer);
    p.value(h.head);
    for (const Eigen::MatrixXd* m : {&h.W_Q, &h.W_K, &h.W_V, &h.W_O}) p.matrix(*m);
    if (f.forms.size() != f.heads.size()) continue;
    const BilinearForm& b = f.forms[i];
    p.value(b.d_model);
    p.value(b.d_k);
    p.value(b.symmetric_fraction);
    p.numbers(b.singular_values.data(), b.singular_values.size());
    p.value(b.rank_tolerance);
    p.value(b.rank);
    p.text(b.unrepresentable);
  }
  return p.out;
}

HeadsLoad unpack_heads(std::string_view bytes) {
  Unpacker u{bytes};
  HeadsLoad load;
  const auto errors = u.value<std::uint64_t>();
  for (std::uint64_t i = 0; u.ok && i < errors; ++i) load.errors.push_back(u.text());
  if (u.value<std::uint8_t>() && u.ok) {
    HeadsFile f;
    f.model = u.text();
    f.objective = u.text();
    const bool seeded = u.value<std::uint8_t>();
    const auto seed = u.value<std::uint64_t>();
    if (seeded) f.seed = seed;
    const auto heads = u.value<std::uint64_t>();
    const bool forms = u.value<std::uint8_t>();
    for (std::uint64_t i = 0; u.ok && i < heads && i < kMaxHeadsCount; ++i) {
      TrainedHead h;
      h.layer = u.value<int>();
      h.head = u.value<int>();
      for (Eigen::MatrixXd* m : {&h.W_Q, &h.W_K, &h.W_V, &h.W_O}) *m = u.matrix();
      f.heads.push_back(std::move(h));
      if (!forms) continue;
      BilinearForm b;
      b.d_model = u.value<int>();
      b.d_k = u.value<int>();
      b.symmetric_fraction = u.value<double>();
      b.singular_values = u.numbers();
      b.rank_tolerance = u.value<double>();
      b.rank = u.value<int>();
      b.unrepresentable = u.text();
      f.forms.push_back(std::move(b));
    }
    if (f.heads.size() != heads) u.ok = false;
    // What the reader gives holds together; bytes that say otherwise are not its.
    for (size_t i = 0; u.ok && i < f.heads.size(); ++i) {
      const TrainedHead& h = f.heads[i];
      const bool shaped = h.W_Q.size() > 0 && h.W_K.rows() == h.W_Q.rows() && h.W_K.cols() == h.W_Q.cols() &&
                          (h.W_V.size() == 0 || h.W_V.rows() == h.W_Q.rows()) && (h.W_O.size() == 0 || h.W_O.cols() == h.W_Q.rows());
      const bool measured = !forms || (f.forms[i].d_model == h.W_Q.rows() && f.forms[i].d_k == h.W_Q.cols() &&
                                       static_cast<long>(f.forms[i].singular_values.size()) == h.W_Q.cols());
      u.ok = shaped && measured;
    }
    load.heads = std::move(f);
  }
  if (!u.ok || !u.in.empty()) {
    load.heads.reset();
    load.errors = {"file: its heads came back from the reader incomplete"};
  }
  return load;
}

}  // namespace core
