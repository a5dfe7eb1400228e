// The PNG encoder (app/media/png_writer.h), its files decoded again by another decoder,
// stb_image: every pixel comes back, with or without alpha.
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <stb/stb_image.h>

#include "app/media/png_writer.h"

namespace test_png_writer {

namespace {

// The pixels of png as stb_image decodes them, `channels` bytes each; empty if it cannot.
std::vector<unsigned char> decode(const std::string& png, int& w, int& h, int& channels_in_file, int channels) {
  unsigned char* p = stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(png.data()), static_cast<int>(png.size()), &w, &h,
                                           &channels_in_file, channels);
  if (!p) return {};
  std::vector<unsigned char> out(p, p + static_cast<size_t>(w) * static_cast<size_t>(h) * static_cast<size_t>(channels));
  stbi_image_free(p);
  return out;
}

}  // namespace

// Two by two, by hand: red, green / blue, half-transparent white. With alpha each comes back as
// it went in; without, the PNG is RGB and the alpha channel is gone.
TEST(PngWriter, TwoByTwoComesBack) {
  const std::vector<unsigned char> rgba = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128};
  std::string png, error;
  ASSERT_TRUE(app::encode_png(rgba.data(), 2, 2, true, png, &error)) << error;
  EXPECT_EQ(png.compare(0, 8, "\x89PNG\r\n\x1A\n"), 0);
  int w = 0, h = 0, channels = 0;
  EXPECT_EQ(decode(png, w, h, channels, 4), rgba);
  EXPECT_EQ(w, 2);
  EXPECT_EQ(h, 2);
  EXPECT_EQ(channels, 4);

  std::string opaque;
  ASSERT_TRUE(app::encode_png(rgba.data(), 2, 2, false, opaque, &error)) << error;
  const std::vector<unsigned char> rgb = decode(opaque, w, h, channels, 3);
  EXPECT_EQ(channels, 3);
  EXPECT_EQ(rgb, (std::vector<unsigned char>{255, 0, 0, 0, 255, 0, 0, 0, 255, 255, 255, 255}));
}

// A picture of random bytes (which nothing compresses) and one of flat colour with a bar: each
// row's "Up" filter undone, every byte back, and the flat one far smaller than its pixels.
TEST(PngWriter, EveryPixelComesBack) {
  std::mt19937 rng(7);
  const int w = 301, h = 97;  // odd sizes: no row length a power of two
  std::vector<unsigned char> noise(static_cast<size_t>(w * h * 4)), flat(noise.size(), 40);
  for (unsigned char& b : noise) b = static_cast<unsigned char>(rng());
  for (int y = 30; y < 40; ++y)
    for (int x = 0; x < w; ++x) std::memset(&flat[static_cast<size_t>((y * w + x) * 4)], 200, 4);
  for (const auto* pixels : {&noise, &flat}) {
    std::string png, error;
    ASSERT_TRUE(app::encode_png(pixels->data(), w, h, true, png, &error)) << error;
    int dw = 0, dh = 0, channels = 0;
    EXPECT_EQ(decode(png, dw, dh, channels, 4), *pixels);
    EXPECT_EQ(dw, w);
    EXPECT_EQ(dh, h);
    if (pixels == &flat) EXPECT_LT(png.size(), pixels->size() / 100);
  }
}

TEST(PngWriter, RefusesAnEmptyPicture) {
  std::string png, error;
  EXPECT_FALSE(app::encode_png(nullptr, 0, 10, false, png, &error));
  EXPECT_EQ(error, "a PNG needs at least one pixel");
  EXPECT_TRUE(png.empty());
}

}  // namespace test_png_writer
