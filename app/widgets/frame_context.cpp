#include "app/widgets/frame_context.h"

namespace app {
namespace {

Layout* g_layout = nullptr;                  // the current frame's (CurrentFrame)
const PictureOptions* g_picture = nullptr;  // likewise

}  // namespace

CurrentFrame::CurrentFrame(Layout& layout, const PictureOptions& picture)
    : previous_layout_(g_layout), previous_picture_(g_picture), noted_controls_(&layout.controls, &layout.focused) {
  g_layout = &layout;
  g_picture = &picture;
}

CurrentFrame::~CurrentFrame() {
  g_layout = previous_layout_;
  g_picture = previous_picture_;
}

const PictureOptions& frame_picture() {
  static const PictureOptions window;
  return g_picture ? *g_picture : window;
}

Layout& frame_layout() {
  static Layout unread;
  return g_layout ? *g_layout : unread;
}

}  // namespace app
