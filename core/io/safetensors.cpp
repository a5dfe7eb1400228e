// The safetensors reader (safetensors.h).
#include "core/io/safetensors.h"

#include <algorithm>
#include <cstring>
#include <optional>

#include <nlohmann/json.hpp>

#include "core/io/scenario_io.h"  // nested_deeper_than
#include "core/text/json_text.h"
#include "core/text/utf8.h"

namespace core {

using json = nlohmann::json;

namespace {

// The bytes' little-endian unsigned integer, whatever this machine's byte order.
std::uint64_t little_endian(const unsigned char* p, int bytes) {
  std::uint64_t value = 0;
  for (int i = bytes - 1; i >= 0; --i) value = value << 8 | p[i];
  return value;
}

// A tensor's name as a message quotes it: a file's names are anyone's text.
std::string tensor_named(const std::string& name) { return "tensor " + json(excerpt(name, 60)).dump(); }

// The product of a shape's extents, or −1 past 2^40 (no file this reader takes holds that many).
std::int64_t element_count(const std::vector<std::int64_t>& shape) {
  std::int64_t count = 1;
  for (const std::int64_t extent : shape) {
    if (extent != 0 && count > (std::int64_t{1} << 40) / extent) return -1;
    count *= extent;
  }
  return count;
}

// One entry of the header, checked and not yet read: its values are read once every entry's bytes are known
// to lie apart (overlapping offsets would let a 64 MiB file name the same bytes a thousand times, and each
// tensor's doubles be allocated anew).
struct Entry {
  std::string name;
  std::vector<std::int64_t> shape;
  std::uint64_t begin = 0, end = 0;
  int width = 4;  // bytes a value: F32 4, F64 8
};

// An entry's dtype, shape and offsets checked against the data's size, or nothing with the error said.
std::optional<Entry> check_entry(const std::string& name, const json& entry, std::string_view data, SafetensorsLoad& out) {
  const std::string at = tensor_named(name);
  if (!entry.is_object() || !entry.contains("dtype") || !entry.contains("shape") || !entry.contains("data_offsets")) {
    out.errors.push_back(at + ": expected {\"dtype\", \"shape\", \"data_offsets\"}, got " + json_type_name(entry));
    return std::nullopt;
  }
  const json& dtype = entry["dtype"];
  if (dtype != "F32" && dtype != "F64") {
    out.errors.push_back(at + ": dtype " + (dtype.is_string() ? excerpt(dtype.dump(), 40) : json_type_name(dtype)) +
                         ": expected \"F32\" or \"F64\" (a model file's tensors are floats of 32 or 64 bits)");
    return std::nullopt;
  }
  Entry e{name, {}, 0, 0, dtype == "F32" ? 4 : 8};
  const json& shape = entry["shape"];
  for (size_t i = 0; shape.is_array() && i < shape.size(); ++i)
    if (shape[i].is_number_unsigned()) e.shape.push_back(static_cast<std::int64_t>(std::min<std::uint64_t>(shape[i].get<std::uint64_t>(), std::uint64_t{1} << 40)));
  const std::int64_t count = element_count(e.shape);
  if (!shape.is_array() || e.shape.size() != shape.size() || count < 0) {
    out.errors.push_back(at + ": shape: expected an array of whole numbers, got " + excerpt(shape.dump(), 60));
    return std::nullopt;
  }
  const json& offsets = entry["data_offsets"];
  if (!offsets.is_array() || offsets.size() != 2 || !offsets[0].is_number_unsigned() || !offsets[1].is_number_unsigned()) {
    out.errors.push_back(at + ": data_offsets: expected [begin, end], two whole numbers");
    return std::nullopt;
  }
  e.begin = offsets[0].get<std::uint64_t>();
  e.end = offsets[1].get<std::uint64_t>();
  if (e.begin > e.end || e.end > data.size()) {
    out.errors.push_back(at + ": data_offsets [" + std::to_string(e.begin) + ", " + std::to_string(e.end) +
                         "] lie outside the file, whose tensors hold " + std::to_string(data.size()) + " bytes");
    return std::nullopt;
  }
  if (e.end - e.begin != static_cast<std::uint64_t>(count) * static_cast<std::uint64_t>(e.width)) {
    out.errors.push_back(at + ": " + std::to_string(e.end - e.begin) + " bytes for " + std::to_string(count) + " values of " +
                         dtype.get<std::string>() + " (" + std::to_string(count * e.width) + " bytes)");
    return std::nullopt;
  }
  return e;
}

// Whether two entries' bytes overlap, said of the later one; tensors of no values take no bytes.
void check_apart(std::vector<Entry>& entries, SafetensorsLoad& out) {
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) { return a.begin < b.begin; });
  const Entry* last = nullptr;  // the entry whose bytes end furthest on so far
  for (const Entry& e : entries) {
    if (e.begin == e.end) continue;
    if (last && e.begin < last->end)
      out.errors.push_back(tensor_named(e.name) + ": data_offsets [" + std::to_string(e.begin) + ", " + std::to_string(e.end) +
                           "] overlap " + tensor_named(last->name) + "'s [" + std::to_string(last->begin) + ", " +
                           std::to_string(last->end) + "] (each tensor has bytes of its own)");
    if (!last || e.end > last->end) last = &e;
  }
}

// An entry's values, little-endian, F32 widened to double exactly.
Tensor read_values(const Entry& e, std::string_view data) {
  Tensor tensor{e.shape, std::vector<double>(static_cast<size_t>((e.end - e.begin) / static_cast<std::uint64_t>(e.width)))};
  const auto* p = reinterpret_cast<const unsigned char*>(data.data() + e.begin);
  for (double& value : tensor.values) {
    const std::uint64_t bits = little_endian(p, e.width);
    if (e.width == 4) {
      float x;
      const std::uint32_t narrow = static_cast<std::uint32_t>(bits);
      std::memcpy(&x, &narrow, 4);
      value = x;
    } else {
      std::memcpy(&value, &bits, 8);
    }
    p += e.width;
  }
  return tensor;
}

void read_metadata(const json& metadata, SafetensorsLoad& out) {
  if (!metadata.is_object()) {
    out.errors.push_back("__metadata__: expected an object of strings, got " + json_type_name(metadata));
    return;
  }
  for (auto it = metadata.begin(); it != metadata.end(); ++it) {
    if (it.value().is_string()) out.metadata[it.key()] = it.value().get<std::string>();
    else out.errors.push_back("__metadata__." + excerpt(it.key(), 60) + ": expected a string (safetensors' metadata holds strings only), got " + json_type_name(it.value()));
  }
}

}  // namespace

bool looks_like_safetensors(std::string_view first_bytes) {
  if (first_bytes.size() < 9) return false;
  const std::uint64_t length = little_endian(reinterpret_cast<const unsigned char*>(first_bytes.data()), 8);
  return length >= 2 && length < (std::uint64_t{1} << 40) && first_bytes[8] == '{';
}

SafetensorsLoad parse_safetensors(std::string_view bytes) {
  SafetensorsLoad out;
  if (bytes.size() < 8) {
    out.errors.push_back("expected a safetensors file: 8 bytes of header length, the header, the tensors; got " +
                         std::to_string(bytes.size()) + " bytes");
    return out;
  }
  const std::uint64_t length = little_endian(reinterpret_cast<const unsigned char*>(bytes.data()), 8);
  if (length > kMaxSafetensorsHeaderBytes) {
    out.errors.push_back("the header is " + std::to_string(length) + " bytes long, over 1 MiB, the most a model file's header may be");
    return out;
  }
  if (length > bytes.size() - 8) {
    out.errors.push_back("the header is " + std::to_string(length) + " bytes long, but the file ends " +
                         std::to_string(bytes.size() - 8) + " bytes after its length");
    return out;
  }
  const auto header_length = static_cast<std::size_t>(length);  // fits: it is shorter than the file
  const std::string_view text = bytes.substr(8, header_length), data = bytes.substr(8 + header_length);
  const json header = nested_deeper_than(text, 8) ? json(json::value_t::discarded) : json::parse(text, nullptr, false);
  if (header.is_discarded() || !header.is_object()) {
    out.errors.push_back("the header: expected a JSON object (of the tensors and __metadata__)");
    return out;
  }
  std::vector<Entry> entries;
  for (auto it = header.begin(); it != header.end(); ++it) {
    if (it.key() == "__metadata__") read_metadata(it.value(), out);
    else if (std::optional<Entry> e = check_entry(it.key(), it.value(), data, out)) entries.push_back(std::move(*e));
  }
  check_apart(entries, out);
  if (out.errors.size() > kMaxSafetensorsErrors) {  // a 1 MiB header of bad entries would say so 100 000 times
    const size_t more = out.errors.size() - kMaxSafetensorsErrors;
    out.errors.resize(kMaxSafetensorsErrors);
    out.errors.push_back("… and " + std::to_string(more) + " more");
  }
  if (!out.errors.empty()) return out;
  for (const Entry& e : entries) out.tensors.emplace(e.name, read_values(e, data));
  return out;
}

}  // namespace core
