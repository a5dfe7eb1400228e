// Root reads a file of mode 000 and enters a directory of mode 000: for as
// long as this object lives, the test's thread runs without the two
// capabilities that allow it (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH), so that
// file permissions apply to it as to any user. As any other user it changes nothing.
#pragma once

#include <cstdio>

#include <linux/capability.h>
#include <sys/syscall.h>
#include <unistd.h>

class WithoutDacOverride {
 public:
  WithoutDacOverride() {
    if (::syscall(SYS_capget, &header_, saved_) != 0) return;
    __user_cap_data_struct reduced[2] = {saved_[0], saved_[1]};
    reduced[0].effective &= ~((1u << CAP_DAC_OVERRIDE) | (1u << CAP_DAC_READ_SEARCH));
    active_ = ::syscall(SYS_capset, &header_, reduced) == 0;
  }
  ~WithoutDacOverride() {
    if (active_) ::syscall(SYS_capset, &header_, saved_);
  }
  WithoutDacOverride(const WithoutDacOverride&) = delete;
  WithoutDacOverride& operator=(const WithoutDacOverride&) = delete;

  // Whether permissions now apply: a file of mode 000 cannot be opened.
  static bool permissions_apply(const char* mode_000_file) {
    std::FILE* f = std::fopen(mode_000_file, "rb");
    if (f) std::fclose(f);
    return f == nullptr;
  }

 private:
  __user_cap_header_struct header_{_LINUX_CAPABILITY_VERSION_3, 0};
  __user_cap_data_struct saved_[2]{};
  bool active_ = false;
};
