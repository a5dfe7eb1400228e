// Writing a file so that a crash, a kill or a full disk never leaves half of it:
// a temporary file in the same directory, flushed to disk, then renamed over
// the target. Readers see the old file or the new one, nothing between.
#pragma once

#include <string>
#include <string_view>

namespace core {

// Returns false and sets *error (naming the path and the reason) on failure;
// the file at path is then untouched and no temporary file is left behind.
bool write_file_atomically(const std::string& path, std::string_view contents, std::string* error = nullptr);

}  // namespace core
