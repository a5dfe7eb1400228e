#include "app/media/mp4_writer.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/error.h>
#include <libavutil/opt.h>
#include <libswscale/swscale.h>
}

#include <algorithm>
#include <cstring>
#include <vector>

namespace app {

namespace {

std::string av_message(int code) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(code, text, sizeof text);
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
    if (format && format->pb) {
      av_freep(&format->pb->buffer);
      avio_context_free(&format->pb);
    }
    av_free(io_buffer);  // set only while no IO context owns it
    avformat_free_context(format);
    avcodec_free_context(&codec);
    sws_freeContext(sws);
    av_frame_free(&frame);
    av_packet_free(&packet);
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
    int code = avcodec_send_frame(codec, f);
    if (code < 0) {
      if (error) *error = "H.264 encoding failed: " + av_message(code);
      return false;
    }
    while ((code = avcodec_receive_packet(codec, packet)) >= 0) {
      // Each frame lasts one tick of 1/fps: without it the muxer's edit list ends at the last
      // frame's start, and players drop that frame.
      if (packet->duration <= 0) packet->duration = 1;
      av_packet_rescale_ts(packet, codec->time_base, stream->time_base);
      packet->stream_index = stream->index;
      code = av_interleaved_write_frame(format, packet);
      if (code < 0) {
        if (error) *error = "MP4 writing failed: " + av_message(code);
        return false;
      }
    }
    return code == AVERROR(EAGAIN) || code == AVERROR_EOF;
  }
};

Mp4Writer::Mp4Writer() : s_(std::make_unique<State>()) {}
Mp4Writer::~Mp4Writer() = default;

bool Mp4Writer::open(int width, int height, int fps, std::string* error) {
  const auto fail = [&](const std::string& why) {
    if (error) *error = why;
    return false;
  };
  State& s = *s_;
  s.source_width = width;
  s.width = width & ~1;
  s.height = height & ~1;
  const AVCodec* h264 = avcodec_find_encoder(AV_CODEC_ID_H264);
  if (!h264) return fail("no H.264 encoder in this FFmpeg (libavcodec without libx264): cannot write MP4; try .gif");
  if (avformat_alloc_output_context2(&s.format, nullptr, "mp4", nullptr) < 0 || !s.format)
    return fail("FFmpeg has no MP4 muxer");
  s.stream = avformat_new_stream(s.format, nullptr);
  s.codec = avcodec_alloc_context3(h264);
  s.frame = av_frame_alloc();
  s.packet = av_packet_alloc();
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
  av_opt_set(s.codec->priv_data, "preset", "veryfast", 0);
  av_opt_set(s.codec->priv_data, "crf", "18", 0);
  if (const int code = avcodec_open2(s.codec, h264, nullptr); code < 0)
    return fail("the H.264 encoder (" + std::string(h264->name) + ") does not open: " + av_message(code));
  if (avcodec_parameters_from_context(s.stream->codecpar, s.codec) < 0) return fail("the MP4 stream cannot be set up");
  s.stream->time_base = s.codec->time_base;
  constexpr int kIoBuffer = 1 << 16;
  s.io_buffer = static_cast<unsigned char*>(av_malloc(kIoBuffer));
  s.format->pb = avio_alloc_context(s.io_buffer, kIoBuffer, 1, &s, nullptr, &State::write, &State::seek);
  if (!s.format->pb) return fail("out of memory for the MP4 file");
  s.io_buffer = nullptr;  // the context owns it now
  if (const int code = avformat_write_header(s.format, nullptr); code < 0)
    return fail("the MP4 header cannot be written: " + av_message(code));
  s.header_written = true;
  s.frame->format = AV_PIX_FMT_YUV420P;
  s.frame->width = s.width;
  s.frame->height = s.height;
  if (av_frame_get_buffer(s.frame, 0) < 0) return fail("out of memory for a video frame");
  s.sws = sws_getContext(s.width, s.height, AV_PIX_FMT_RGBA, s.width, s.height, AV_PIX_FMT_YUV420P,
                         SWS_BICUBIC | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT, nullptr, nullptr, nullptr);
  if (!s.sws) return fail("the RGB to YUV conversion cannot be set up");
  return true;
}

bool Mp4Writer::add(const unsigned char* rgba, std::string* error) {
  State& s = *s_;
  if (!s.header_written) return false;
  if (av_frame_make_writable(s.frame) < 0) {
    if (error) *error = "out of memory for a video frame";
    return false;
  }
  // The source rows keep their full width: an odd last column is left out by the stride.
  const uint8_t* planes[1] = {rgba};
  const int strides[1] = {4 * s.source_width};
  sws_scale(s.sws, planes, strides, 0, s.height, s.frame->data, s.frame->linesize);
  s.frame->pts = s.next_pts++;
  return s.drain(s.frame, error);
}

bool Mp4Writer::finish(std::string& bytes, std::string* error) {
  State& s = *s_;
  if (!s.header_written) return false;
  if (!s.drain(nullptr, error)) return false;
  if (const int code = av_write_trailer(s.format); code < 0) {
    if (error) *error = "the MP4 file cannot be finished: " + av_message(code);
    return false;
  }
  avio_flush(s.format->pb);
  bytes = std::move(s.bytes);
  return true;
}

}  // namespace app
