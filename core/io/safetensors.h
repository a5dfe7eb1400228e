// safetensors, Hugging Face's file of named tensors, as a model file holds them (docs/model-file.md):
// 8 bytes, the header's length N as a little-endian unsigned integer; N bytes of JSON,
// {"__metadata__": {string: string}, NAME: {"dtype", "shape", "data_offsets": [begin, end]}, …};
// then the tensors' bytes, little-endian and row-major, each [begin, end) counted from the end of
// the header. A model file is anyone's: every length and offset is checked before it is used.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace core {

// A header longer than this is refused before it is parsed (the shipped models' are under 4 KB).
inline constexpr std::uint64_t kMaxSafetensorsHeaderBytes = 1 << 20;

// At most this many messages are kept (then how many more there were): a header's entries are anyone's.
inline constexpr size_t kMaxSafetensorsErrors = 20;

struct Tensor {
  std::vector<std::int64_t> shape;
  std::vector<double> values;  // row-major; F32 widened to double exactly
};

struct SafetensorsLoad {
  std::map<std::string, std::string> metadata;
  std::map<std::string, Tensor> tensors;
  std::vector<std::string> errors;  // each names what is wrong: the header, or the tensor by name
  bool ok() const { return errors.empty(); }
};

// The file's bytes read: F32 and F64 tensors only (the script writes these), every tensor inside the
// data and none overlapping another, its size its shape's, the metadata strings. Nothing is allocated for
// the values before every entry is checked, so a file costs at most twice its size (F32 read as double).
SafetensorsLoad parse_safetensors(std::string_view bytes);

// Whether a file begins as a safetensors file does: a header length below 2^40 (a text file's first
// eight bytes read as a far larger number), then "{".
bool looks_like_safetensors(std::string_view first_bytes);

}  // namespace core
