#!/usr/bin/env python3
"""attnlab trains on an x86-64 processor without AVX2, and gives the numbers it gives with it.

The training kernel computes four sequences at once with AVX2 where the processor has it, and two
otherwise (core/training/train_kernel_avx2.cpp); the softmax's exp has an AVX2 loop too. An AVX2
instruction reaching a processor without it kills the program (SIGILL). qemu-x86_64 -cpu Westmere
emulates an x86-64 of 2010 (SSE4.2, no AVX): first a program that uses AVX2 is shown to die there,
then attnlab trains three experiments there (the six designs, the positions, cross-attention; 200
steps, 2 seeds, so that the seeds' threads run too), and RESULT must be the native run's (four
lanes, on this host's AVX2): the losses to a relative 1e-11, the weights to 1e-9 (of weights near
1). Not to the bit: without FMA, glibc takes other code for the log, sin, cos and pow that the
random weights and inputs, RoPE's turns and Adam call, which round a few results to the other
neighbour (docs/experiments.md), and Adam's steps carry that into the weights' last digits.

Usage: test_without_avx2.py ATTNLAB EXPERIMENTS_DIR
"""
import json
import math
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

ATTNLAB, EXPERIMENTS = sys.argv[1], Path(sys.argv[2])
QEMU = ["qemu-x86_64", "-cpu", "Westmere"]


def differences(a, b, where="RESULT"):
    """Where a and b differ: a structure, a string, or a number by more than its tolerance: the
    weights (under "initial" and "final") 1e-9, each against the matrix's scale, about 1 (a weight
    the loss hardly moves drifts by rounding alone under Adam); everything else, the losses,
    1e-11 relative."""
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            return [f"{where}: keys {list(a)} and {list(b)}"]
        return [d for k in a for d in differences(a[k], b[k], f"{where}.{k}")]
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return [f"{where}: {len(a)} and {len(b)} entries"]
        return [d for i, (x, y) in enumerate(zip(a, b)) for d in differences(x, y, f"{where}[{i}]")]
    numbers = all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (a, b))
    if numbers:
        weight = ".initial" in where or ".final" in where
        close = math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9) if weight else math.isclose(a, b, rel_tol=1e-11)
        return [] if close else [f"{where}: {a!r} and {b!r}"]
    return [] if a == b and type(a) is type(b) else [f"{where}: {a!r} and {b!r}"]


class WithoutAvx2(unittest.TestCase):
    def test_the_emulated_processor_refuses_avx2(self):
        with tempfile.TemporaryDirectory() as tmp:
            source, program = Path(tmp) / "avx2.c", Path(tmp) / "avx2"
            # One AVX2 instruction, written out so that no optimiser can take it away.
            source.write_text('#include <stdio.h>\n'
                              'int main(void) {\n'
                              '  __asm__ volatile("vpaddd %%ymm0, %%ymm0, %%ymm0" ::: "xmm0");\n'
                              '  printf("ran\\n");\n'
                              '  return 0;\n}\n')
            subprocess.run(["gcc", "-O2", str(source), "-o", str(program)], check=True)
            self.assertEqual(subprocess.run([program], capture_output=True, text=True).stdout, "ran\n")
            emulated = subprocess.run(QEMU + [str(program)], capture_output=True, text=True)
            self.assertNotEqual(emulated.returncode, 0, "qemu ran an AVX2 instruction: the test below would prove nothing")

    def test_it_trains_and_gives_the_native_numbers(self):
        flags = next(line for line in Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("flags"))
        self.assertIn("avx2", flags.split(), "this host has no AVX2: two lanes would be compared with two")
        for name in ("07_race.json", "08_positions_previous_token.json", "09_cross_attention_alignment.json"):
            with self.subTest(name), tempfile.TemporaryDirectory() as tmp:
                experiment = json.loads((EXPERIMENTS / name).read_text())
                experiment["steps"], experiment["seeds"] = 200, 2
                path = Path(tmp) / name
                path.write_text(json.dumps(experiment))
                results = []
                for prefix, out in (([], "native.json"), (QEMU, "westmere.json")):
                    run = subprocess.run(prefix + [ATTNLAB, "--train", str(path), "--out", str(Path(tmp) / out)],
                                         capture_output=True, text=True)
                    self.assertEqual(run.returncode, 0, f"{' '.join(prefix) or 'natively'}: {run.stderr[-500:]}")
                    results.append(json.loads((Path(tmp) / out).read_text()))
                self.assertEqual(differences(*results)[:5], [])


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
