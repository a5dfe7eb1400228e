#!/usr/bin/env python3
"""Checks that the training kernel's AVX2 code stays where only an AVX2 processor runs it.

core/training/train_kernel_avx2.cpp compiles the kernel's four-lane passes for AVX2, and the
kernel calls them only where the processor has AVX2. But the linker keeps one copy of each
inline function and template instance that several files define: it takes a whole COMDAT group
(the function, and whatever the compiler put beside it) from any one of those files. So in the
AVX2 object:

- a COMDAT group that other files may also hold (its signature is not one of the kernel's
  four-lane members: TrainKernel::forward<4, …>, pass<4>, …) must hold no AVX2-only
  instruction, or a processor without AVX2 could run it;
- outside the groups, a function the rest of the program can call (a global symbol) must be the
  entry, TrainKernel::pass_avx2, or hold no such instruction;
- no function takes or returns four lanes by value: compiled for AVX2 on one side and for the
  baseline processor on the other, the two would pass them differently (core/math/lanes.h's
  helpers are forced inline for this);
- the passes are AVX2 code (256-bit registers), or the #pragma that makes them so was lost.

Usage: check_kernel_avx2.py ARCHIVE.a|DIRECTORY … (each: libcore.a, or a target's object
directory holding its own compile of the file, e.g. the no-allocation test's)
"""
import re
import subprocess
import sys
import tempfile
from pathlib import Path

MEMBER = "train_kernel_avx2.cpp.o"
# Named after a four-lane member of TrainKernel (or a lambda inside one): only this file has it.
UNIQUE = re.compile(r"TrainKernel::\w+<4[,>]|TrainKernel::pass_avx2\(")
# An instruction the baseline x86-64 processor lacks and target("avx2") allows: VEX-encoded
# (v…, or a 256-bit register), and the few others it enables (SSE4.2's crc32, popcnt).
NOT_BASELINE = re.compile(r"^\s*[0-9a-f]+:\s+(v[a-z0-9]+|popcnt[a-z]*|crc32[a-z]*)\b|%ymm", re.M)
# Four lanes by value: a parameter, or a template's return type.
BY_VALUE = re.compile(r"[(,] ?((double|long) __vector\(4\)|core::LaneTypes<4>::(Lanes|Mask))( const)?[,)]"
                      r"|^((double|long) __vector\(4\)|core::LaneTypes<4>::(Lanes|Mask)) ")


def run(*args, stdin=None):
    return subprocess.run(args, check=True, capture_output=True, text=True, input=stdin).stdout


def demangle(names):
    return run("c++filt", stdin="\n".join(names)).splitlines() if names else []


def code_by_section(obj):
    """The disassembly of each code section: {section name: its instructions}."""
    sections, name = {}, None
    for line in run("objdump", "-d", "--no-show-raw-insn", "-w", obj).splitlines():
        m = re.match(r"Disassembly of section (\S+):", line)
        if m:
            name = m.group(1)
            sections[name] = []
        elif name:
            sections[name].append(line)
    return {k: "\n".join(v) for k, v in sections.items()}


def groups(obj):
    """{signature: [its sections]} for each COMDAT group."""
    found, signature = {}, None
    for line in run("readelf", "-gW", obj).splitlines():
        m = re.match(r"COMDAT group section \[\s*\d+\] `\.group' \[(\S+)\] contains", line)
        if m:
            signature = m.group(1)
            found[signature] = []
            continue
        m = re.match(r"\s+\[\s*\d+\]\s+(\S+)$", line)
        if m and signature:
            found[signature].append(m.group(1))
    return found


def check(obj, label):
    problems = []
    code = code_by_section(obj)
    in_groups = set()
    group_of = groups(obj)
    for signature, name in zip(group_of, demangle(list(group_of))):
        in_groups.update(group_of[signature])
        if UNIQUE.search(name):
            continue
        for section in group_of[signature]:
            if NOT_BASELINE.search(code.get(section, "")):
                problems.append(f"{label}: {name[:160]}: a group other files may hold, with AVX2 code in {section[:80]}")
    symbols = []  # (mangled, nm kind, section)
    for line in run("objdump", "-tw", obj).splitlines():
        m = re.match(r"[0-9a-f]+ (.{7}) (\S+)\s+[0-9a-f]+\s+(?:\.hidden )?(\S+)$", line)
        if m and "F" in m.group(1):  # a function; flags: l(ocal)/g(lobal), then w(eak)
            flags = m.group(1)
            symbols.append((m.group(3), "g" if flags[0] == "g" or flags[1] == "w" else "l", m.group(2)))
    names = demangle([s[0] for s in symbols])
    passes = 0
    for (mangled, binding, section), name in zip(symbols, names):
        if "TrainKernel::forward<4" in name or "TrainKernel::backward<4" in name:
            passes += 1
            if "%ymm" not in code.get(section, ""):
                problems.append(f"{label}: {name[:120]}: no 256-bit instruction; is it compiled for AVX2?")
        if section not in in_groups and binding == "g" and not UNIQUE.search(name) and NOT_BASELINE.search(code.get(section, "")):
            problems.append(f"{label}: {name[:160]}: global, outside any group, with AVX2 code")
    undefined = [l.split()[-1] for l in run("nm", "--undefined-only", obj).splitlines()]
    for name in names + demangle(undefined):
        if BY_VALUE.search(name):
            problems.append(f"{label}: {name[:160]}: takes or returns four lanes by value")
    if passes == 0:
        problems.append(f"{label}: no four-lane forward or backward pass found")
    print(f"{label}: {len(group_of)} groups, {passes} four-lane passes checked")
    return problems


def main():
    problems, checked = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        for arg in map(Path, sys.argv[1:]):
            if arg.is_dir():
                objects = sorted(arg.rglob(MEMBER))
            else:
                members = [m for m in run("ar", "t", str(arg)).split() if m.endswith(MEMBER)]
                out = Path(tmp) / str(checked)
                out.mkdir()
                for m in members:
                    run("ar", "x", "--output", str(out), str(arg), m)
                objects = [out / m for m in members]
            if len(objects) != 1:
                problems.append(f"{arg}: {len(objects)} objects named {MEMBER}, not one")
            for obj in objects:
                problems += check(str(obj), f"{arg.name}:{obj.name}")
                checked += 1
    for p in problems:
        print(p)
    print(f"{checked} objects checked; {len(problems)} problems")
    sys.exit(1 if problems or not checked else 0)


if __name__ == "__main__":
    main()
