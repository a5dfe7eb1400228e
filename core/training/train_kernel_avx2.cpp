// The training kernel's passes for four lanes, compiled for AVX2 (one 256-bit register holds
// four doubles): TrainKernel::run takes them where the processor has AVX2 (widest_lanes), and
// the two-lane passes of train_kernel.cpp elsewhere. The same operations in each lane, so the
// same bits (tests/unit/training/test_train_kernel.cpp). train_kernel_passes.h says what keeps
// AVX2 code out of the functions the rest of the program calls.
//
// This file must be compiled alone, never merged into a unity build with train_kernel.cpp: there
// the passes header, already included, would not come again under the AVX2 target.
// core/CMakeLists.txt keeps it out (SKIP_UNITY_BUILD_INCLUSION, with the unfused sources).
#define ATTNLAB_KERNEL_AVX2_PASS
#include "core/training/train_kernel_passes.h"

#if ATTNLAB_KERNEL_AVX2
namespace core {

#pragma GCC push_options
#pragma GCC target("avx2")
void TrainKernel::pass_avx2(int count, const double* const X[], const double* const X_kv[], const double* const target[],
                            double weight, KernelGradient* g, double* const Y[], double losses[]) const {
  pass<4>(count, X, X_kv, target, weight, g, Y, losses);
}
#pragma GCC pop_options

}  // namespace core
#endif
