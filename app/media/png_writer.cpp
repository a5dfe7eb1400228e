#include "app/media/png_writer.h"

#include <cstdint>
#include <vector>

#include <zlib.h>

namespace app {
namespace {

void put_u32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xFF);
}

// length, type, data, and the CRC-32 of type and data (PNG's chunk).
void put_chunk(std::string& out, const char type[4], const unsigned char* data, size_t size) {
  put_u32(out, static_cast<std::uint32_t>(size));
  out.append(type, 4);
  out.append(reinterpret_cast<const char*>(data), size);
  uLong crc = crc32(0L, reinterpret_cast<const Bytef*>(type), 4);
  if (size > 0) crc = crc32(crc, data, static_cast<uInt>(size));
  put_u32(out, static_cast<std::uint32_t>(crc));
}

}  // namespace

bool encode_png(const unsigned char* rgba, int width, int height, bool alpha, std::string& png, std::string* error) {
  const auto fail = [&](const std::string& why) {
    if (error) *error = why;
    return false;
  };
  if (width <= 0 || height <= 0) return fail("a PNG needs at least one pixel");
  const size_t channels = alpha ? 4 : 3;
  const size_t w = static_cast<size_t>(width), h = static_cast<size_t>(height);
  const size_t row = 1 + w * channels;  // the filter byte, then the row's bytes
  // Each row filtered by "Up" (filter type 2): each byte less the byte above it, mod 256; the
  // first row's "above" is zero. A window's flat panels and heatmap cells become runs of zeros.
  std::vector<unsigned char> filtered(row * h);
  for (size_t y = 0; y < h; ++y) {
    unsigned char* out = filtered.data() + y * row;
    out[0] = 2;
    const unsigned char* here = rgba + y * w * 4;
    const unsigned char* above = y > 0 ? here - w * 4 : nullptr;
    for (size_t x = 0; x < w; ++x)
      for (size_t c = 0; c < channels; ++c)
        out[1 + x * channels + c] = static_cast<unsigned char>(here[x * 4 + c] - (above ? above[x * 4 + c] : 0));
  }
  z_stream z{};
  if (deflateInit2(&z, 3, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY) != Z_OK) return fail("zlib could not start");
  std::vector<unsigned char> compressed(deflateBound(&z, static_cast<uLong>(filtered.size())));
  z.next_in = filtered.data();
  z.avail_in = static_cast<uInt>(filtered.size());
  z.next_out = compressed.data();
  z.avail_out = static_cast<uInt>(compressed.size());
  const int done = deflate(&z, Z_FINISH);
  const size_t size = compressed.size() - z.avail_out;
  deflateEnd(&z);
  if (done != Z_STREAM_END) return fail("zlib could not compress the picture");

  static const unsigned char kSignature[] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  png.append(reinterpret_cast<const char*>(kSignature), sizeof kSignature);
  std::string header;
  put_u32(header, static_cast<std::uint32_t>(width));
  put_u32(header, static_cast<std::uint32_t>(height));
  header += static_cast<char>(8);                // bits a channel
  header += static_cast<char>(alpha ? 6 : 2);    // colour type: RGBA or RGB
  header += std::string(3, '\0');                // deflate, adaptive filtering, no interlace
  put_chunk(png, "IHDR", reinterpret_cast<const unsigned char*>(header.data()), header.size());
  put_chunk(png, "IDAT", compressed.data(), size);
  put_chunk(png, "IEND", nullptr, 0);
  return true;
}

}  // namespace app
