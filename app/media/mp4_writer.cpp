#include "app/media/mp4_writer.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <libavutil/macros.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}
#include <dlfcn.h>

#include <algorithm>
#include <cstring>
#include <vector>

namespace app {

namespace {

// FFmpeg's libraries are opened at the first MP4 (dlopen), not at every start: they bring in
// about 130 more shared libraries (the codecs'), and loading those was most of what starting
// attnlab cost: 0.15 s of 0.18 for every --dump, every picture, every test that runs the binary.
#define ATTNLAB_FFMPEG_FUNCTIONS(X)                                                                                \
  X(av_strerror) X(av_log_set_level) X(av_opt_set) X(av_malloc) X(av_free) X(av_freep) X(av_frame_alloc) X(av_frame_free)             \
  X(av_frame_get_buffer) X(av_frame_make_writable) X(av_packet_alloc) X(av_packet_free) X(av_packet_rescale_ts)   \
  X(avcodec_find_encoder) X(avcodec_alloc_context3) X(avcodec_open2) X(avcodec_free_context) X(avcodec_send_frame) \
  X(avcodec_receive_packet) X(avcodec_parameters_from_context) X(avformat_alloc_output_context2)                    \
  X(avformat_new_stream) X(avformat_write_header) X(avformat_free_context) X(av_interleaved_write_frame)             \
  X(av_write_trailer) X(avio_alloc_context) X(avio_context_free) X(avio_flush) X(sws_getContext) X(sws_scale)        \
  X(sws_freeContext)

struct Ffmpeg {
#define ATTNLAB_FFMPEG_POINTER(name) decltype(&::name) name = nullptr;
  ATTNLAB_FFMPEG_FUNCTIONS(ATTNLAB_FFMPEG_POINTER)
#undef ATTNLAB_FFMPEG_POINTER
  std::string error;  // why they could not be opened, or ""
};

// The libraries these headers are from, by their sonames (FFmpeg 5.1: libavcodec.so.59, …).
const Ffmpeg& ffmpeg() {
  static const Ffmpeg loaded = [] {
    Ffmpeg f;
    for (const char* library : {"libavutil.so." AV_STRINGIFY(LIBAVUTIL_VERSION_MAJOR), "libswscale.so." AV_STRINGIFY(LIBSWSCALE_VERSION_MAJOR),
                                "libavcodec.so." AV_STRINGIFY(LIBAVCODEC_VERSION_MAJOR), "libavformat.so." AV_STRINGIFY(LIBAVFORMAT_VERSION_MAJOR)})
      if (!dlopen(library, RTLD_NOW | RTLD_GLOBAL)) {
        const char* why = dlerror();
        f.error = std::string("MP4 needs FFmpeg's ") + library + ", which does not load (" + (why ? why : "?") +
                  "): install FFmpeg's libraries, or export a .gif";
        return f;
      }
#define ATTNLAB_FFMPEG_LOOKUP(name)                                                                   \
  f.name = reinterpret_cast<decltype(&::name)>(dlsym(RTLD_DEFAULT, #name));                         \
  if (!f.name && f.error.empty()) f.error = "MP4: FFmpeg's libraries have no " #name ": export a .gif";
    ATTNLAB_FFMPEG_FUNCTIONS(ATTNLAB_FFMPEG_LOOKUP)
#undef ATTNLAB_FFMPEG_LOOKUP
    // Errors only: libx264 otherwise prints its settings and statistics, twenty lines a file.
    if (f.error.empty()) f.av_log_set_level(AV_LOG_ERROR);
    return f;
  }();
  return loaded;
}

// Says why in *error, where there is one; false, for `return fail_with(...)`.
bool fail_with(std::string* error, const std::string& why) {
  if (error) *error = why;
  return false;
}

std::string av_message(int code) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  ffmpeg().av_strerror(code, text, sizeof text);
  return text;
}

}  // namespace

// The file grows in memory: the MP4 muxer seeks back to write the sizes of what it wrote.
struct Mp4Writer::State {
  std::string bytes;
  int64_t position = 0;
  int source_width = 0, width = 0, height = 0;
  int64_t next_pts = 0;
  AVFormatContext* format = nullptr;
  AVCodecContext* codec = nullptr;
  AVStream* stream = nullptr;
  SwsContext* sws = nullptr;
  AVFrame* frame = nullptr;
  AVPacket* packet = nullptr;
  unsigned char* io_buffer = nullptr;
  bool header_written = false;

  ~State() {
    if (!ffmpeg().error.empty()) return;  // nothing was made
    if (format && format->pb) {
      ffmpeg().av_freep(&format->pb->buffer);
      ffmpeg().avio_context_free(&format->pb);
    }
    ffmpeg().av_free(io_buffer);  // set only while no IO context owns it
    ffmpeg().avformat_free_context(format);
    ffmpeg().avcodec_free_context(&codec);
    ffmpeg().sws_freeContext(sws);
    ffmpeg().av_frame_free(&frame);
    ffmpeg().av_packet_free(&packet);
  }

  static int write(void* opaque, uint8_t* data, int size) {  // FFmpeg 5.1 declares the data non-const
    auto* s = static_cast<State*>(opaque);
    const auto end = static_cast<size_t>(s->position) + static_cast<size_t>(size);
    if (s->bytes.size() < end) s->bytes.resize(end);
    std::memcpy(s->bytes.data() + s->position, data, static_cast<size_t>(size));
    s->position = static_cast<int64_t>(end);
    return size;
  }
  static int64_t seek(void* opaque, int64_t offset, int whence) {
    auto* s = static_cast<State*>(opaque);
    if (whence & AVSEEK_SIZE) return static_cast<int64_t>(s->bytes.size());
    const int64_t base = (whence & 3) == SEEK_CUR ? s->position : (whence & 3) == SEEK_END ? static_cast<int64_t>(s->bytes.size()) : 0;
    if (base + offset < 0) return AVERROR(EINVAL);
    s->position = base + offset;
    return s->position;
  }

  // Sends frame (null: the end) and writes every packet the encoder gives back.
  bool drain(AVFrame* f, std::string* error) {
    int code = ffmpeg().avcodec_send_frame(codec, f);
    if (code < 0) return fail_with(error, "H.264 encoding failed: " + av_message(code));
    while ((code = ffmpeg().avcodec_receive_packet(codec, packet)) >= 0) {
      // Each frame lasts one tick of 1/fps: without it the muxer's edit list ends at the last
      // frame's start, and players drop that frame.
      if (packet->duration <= 0) packet->duration = 1;
      ffmpeg().av_packet_rescale_ts(packet, codec->time_base, stream->time_base);
      packet->stream_index = stream->index;
      code = ffmpeg().av_interleaved_write_frame(format, packet);
      if (code < 0) return fail_with(error, "MP4 writing failed: " + av_message(code));
    }
    return code == AVERROR(EAGAIN) || code == AVERROR_EOF;
  }
};

Mp4Writer::Mp4Writer() : s_(std::make_unique<State>()) {}
Mp4Writer::~Mp4Writer() = default;

bool Mp4Writer::open(int width, int height, int fps, std::string* error) {
  const auto fail = [&](const std::string& why) { return fail_with(error, why); };
  if (const std::string& why = ffmpeg().error; !why.empty()) return fail(why);
  State& s = *s_;
  s.source_width = width;
  s.width = width & ~1;
  s.height = height & ~1;
  const AVCodec* h264 = ffmpeg().avcodec_find_encoder(AV_CODEC_ID_H264);
  if (!h264) return fail("no H.264 encoder in this FFmpeg (libavcodec without libx264): cannot write MP4; try .gif");
  if (ffmpeg().avformat_alloc_output_context2(&s.format, nullptr, "mp4", nullptr) < 0 || !s.format)
    return fail("FFmpeg has no MP4 muxer");
  s.stream = ffmpeg().avformat_new_stream(s.format, nullptr);
  s.codec = ffmpeg().avcodec_alloc_context3(h264);
  s.frame = ffmpeg().av_frame_alloc();
  s.packet = ffmpeg().av_packet_alloc();
  if (!s.stream || !s.codec || !s.frame || !s.packet) return fail("out of memory for the MP4 encoder");
  s.codec->width = s.width;
  s.codec->height = s.height;
  s.codec->time_base = AVRational{1, fps};
  s.codec->framerate = AVRational{fps, 1};
  s.codec->pix_fmt = AV_PIX_FMT_YUV420P;
  s.codec->gop_size = fps;
  // No B-frames: their reordering delays the first frame (a negative start, an edit list) for
  // little gain on flat pictures.
  s.codec->max_b_frames = 0;
  if (s.format->oformat->flags & AVFMT_GLOBALHEADER) s.codec->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  // Sharp UI edges and flat panels: a low constant rate factor, and a fast preset.
  ffmpeg().av_opt_set(s.codec->priv_data, "preset", "veryfast", 0);
  ffmpeg().av_opt_set(s.codec->priv_data, "crf", "18", 0);
  if (const int code = ffmpeg().avcodec_open2(s.codec, h264, nullptr); code < 0)
    return fail("the H.264 encoder (" + std::string(h264->name) + ") does not open: " + av_message(code));
  if (ffmpeg().avcodec_parameters_from_context(s.stream->codecpar, s.codec) < 0) return fail("the MP4 stream cannot be set up");
  s.stream->time_base = s.codec->time_base;
  constexpr int kIoBuffer = 1 << 16;
  s.io_buffer = static_cast<unsigned char*>(ffmpeg().av_malloc(kIoBuffer));
  s.format->pb = ffmpeg().avio_alloc_context(s.io_buffer, kIoBuffer, 1, &s, nullptr, &State::write, &State::seek);
  if (!s.format->pb) return fail("out of memory for the MP4 file");
  s.io_buffer = nullptr;  // the context owns it now
  if (const int code = ffmpeg().avformat_write_header(s.format, nullptr); code < 0)
    return fail("the MP4 header cannot be written: " + av_message(code));
  s.header_written = true;
  s.frame->format = AV_PIX_FMT_YUV420P;
  s.frame->width = s.width;
  s.frame->height = s.height;
  if (ffmpeg().av_frame_get_buffer(s.frame, 0) < 0) return fail("out of memory for a video frame");
  s.sws = ffmpeg().sws_getContext(s.width, s.height, AV_PIX_FMT_RGBA, s.width, s.height, AV_PIX_FMT_YUV420P,
                         SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nullptr, nullptr, nullptr);
  if (!s.sws) return fail("the RGB to YUV conversion cannot be set up");
  return true;
}

bool Mp4Writer::add(const unsigned char* rgba, std::string* error) {
  State& s = *s_;
  if (!s.header_written) return false;
  if (ffmpeg().av_frame_make_writable(s.frame) < 0)
    return fail_with(error, "out of memory for a video frame");
  // The source rows keep their full width: an odd last column is left out by the stride.
  const uint8_t* planes[1] = {rgba};
  const int strides[1] = {4 * s.source_width};
  ffmpeg().sws_scale(s.sws, planes, strides, 0, s.height, s.frame->data, s.frame->linesize);
  s.frame->pts = s.next_pts++;
  return s.drain(s.frame, error);
}

bool Mp4Writer::finish(std::string& bytes, std::string* error) {
  State& s = *s_;
  if (!s.header_written) return false;
  if (!s.drain(nullptr, error)) return false;
  if (const int code = ffmpeg().av_write_trailer(s.format); code < 0)
    return fail_with(error, "the MP4 file cannot be finished: " + av_message(code));
  ffmpeg().avio_flush(s.format->pb);
  bytes = std::move(s.bytes);
  return true;
}

}  // namespace app
