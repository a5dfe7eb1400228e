// A heads file as read, in bytes, for the page: its Web Worker reads and measures the file
// (core/io/heads_file.h's parse_heads) and hands the page these bytes, which the page turns back into
// the same HeadsLoad, forms and all, without reading or measuring again (app/web/page_heads.cpp).
// Both ends are the same wasm build of this file: each value is written as its own bytes.
#pragma once

#include <string>
#include <string_view>

#include "core/io/heads_file.h"

namespace core {

std::string pack_heads(const HeadsLoad& load);
// load as it was packed; bytes that end early or say more than they hold: an error saying so.
HeadsLoad unpack_heads(std::string_view bytes);

}  // namespace core
