#!/usr/bin/env python3
"""Runs every benchmark of scripts/bench and prints the figures.

Usage: run_bench.py BUILD_DIR SOURCE_DIR
"""
import json
import os
import pathlib
import platform
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "e2e"))
from xvfb import Xvfb  # noqa: E402

GOALS = {"torch_ratio": (">=", 30), "train_torch_ratio": (">=", 20), "race_ms": ("<=", 1000), "race_5_seeds_ms": ("<=", 1000), "text_forward_ms": ("<=", 2), "sweep_train_ms": ("<=", 120000), "core_allocations_per_recompute": ("<=", 0), "ui_frame_p99_us": ("<=", 1000),
         "ui_frame_during_training_p99_us": ("<=", 16000),
         "startup_first_frame_ms": ("<=", 300), "idle_cpu_percent": ("<=", 1), "export_png_4k_ms": ("<=", 1000),
         "animate_gif_60_ms": ("<=", 6000), "animate_mp4_60_ms": ("<=", 4000), "animate_training_gif_60_ms": ("<=", 3000),
         "gif_100_720p_kb": ("<=", 2000),
         "web_transfer_kb": ("<=", 3000), "web_first_frame_ms": ("<=", 2000), "web_compute_ratio": ("<=", 3),
         "web_drag_frame_p99_ms": ("<=", 50), "web_drag_training_frame_p99_ms": ("<=", 50), "web_race_ratio": ("<=", 3), "web_single_file_kb": ("<=", 6000), "web_text_forward_ms": ("<=", 10), "web_single_file_first_frame_ms": ("<=", 3000)}


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw)


def figures_from(text):
    """The "name: number" lines of text (a progress line such as "attnlab: frame 3 of 60" is not one)."""
    figures = {}
    for line in text.replace("\r", "\n").splitlines():
        name, _, value = line.partition(":")
        try:
            figures[name.strip()] = float(value)
        except ValueError:
            pass
    return figures


def main():
    build, source = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    attnlab = build / "app" / "attnlab"
    scenario = source / "tests" / "data" / "example.json"
    f = {}

    out = json.loads(run([build / "tests" / "bench_core", "--benchmark_format=json"]).stdout)
    # "BM_Compute/repeats:9_median": the name before "/repeats", the median of the repetitions.
    median = lambda name: next(b["real_time"] for b in out["benchmarks"]
                               if b["name"].split("/repeats")[0] == name and b.get("aggregate_name") == "median")
    f["core_recompute_ns"] = median("BM_Compute")
    f["train_steps_per_s"] = 1e9 / median("BM_TrainStep")
    f["train_steps_with_data_per_s"] = 1e9 / median("BM_TrainStepWithData")
    f["race_ms"] = median("BM_Race/iterations:1")
    f["race_5_seeds_ms"] = median("BM_Race5Seeds/iterations:1")
    compute_example_ns = median("BM_ComputeExample")
    # The shipped QKᵀ model on 64 characters, as the text view runs it on each key typed.
    f["text_forward_ms"] = median("BM_TextForward")
    # The shipped learning-rate sweep (8 rates × 10 seeds × 2 designs, 2000 steps), as `attnlab --train` runs it
    # from the command line, the process's whole life: the median of three.
    with tempfile.TemporaryDirectory() as tmp:
        sweep, times = source / "assets" / "experiments" / "11_learning_rate_sweep.json", []
        for _ in range(3):
            t0 = time.monotonic()
            run([attnlab, "--train", sweep, "--out", pathlib.Path(tmp) / "sweep.json"])
            times.append((time.monotonic() - t0) * 1000)
        f["sweep_train_ms"] = sorted(times)[1]
    f.update(figures_from(run(["/usr/bin/python3", source / "tests" / "bench" / "torch_train.py"]).stdout))
    f["train_torch_ratio"] = f["train_steps_per_s"] / f["torch_train_steps_per_s"]
    f.update(figures_from(run(["/usr/bin/python3", source / "tests" / "bench" / "torch_mha.py"]).stdout))
    f["torch_ratio"] = f["torch_mha_forward_ns"] / f["core_recompute_ns"]
    f.update(figures_from(run([build / "tests" / "count_allocations"]).stdout))
    f.update(figures_from(run([build / "tests" / "ui_frames"]).stdout))

    with Xvfb() as x, tempfile.TemporaryDirectory() as tmp:
        env = dict(x.env, ATTNLAB_TIMING="1")
        # Start-up: from the moment the process is asked for to its first frame on screen; the best of five.
        starts = []
        for _ in range(5):
            t0 = time.time_ns()
            app = subprocess.Popen([attnlab, scenario], env=env, stderr=subprocess.PIPE, text=True)
            line = app.stderr.readline()
            starts.append((int(line.split(":")[1]) - t0) / 1e6)
            app.kill()
            app.wait()
        f["startup_first_frame_ms"] = min(starts)
        # Idle: the window open, no input for 5 s, the CPU time the process used.
        app = subprocess.Popen([attnlab, scenario], env=env, stderr=subprocess.DEVNULL)
        time.sleep(2)
        stat = pathlib.Path(f"/proc/{app.pid}/stat")
        ticks = lambda: sum(int(v) for v in stat.read_text().rsplit(")", 1)[1].split()[11:13])  # utime + stime
        t0, c0 = time.monotonic(), ticks()
        time.sleep(5)
        f["idle_cpu_percent"] = 100 * (ticks() - c0) / os.sysconf("SC_CLK_TCK") / (time.monotonic() - t0)
        app.kill()
        app.wait()
        # A 4K picture, rendered offscreen and written; the median of three.
        times = []
        for _ in range(3):
            r = run([attnlab, scenario, "--screenshot", pathlib.Path(tmp) / "4k.png", "--size", "3840x2160"], env=env)
            times.append(figures_from(r.stderr)["screenshot_ms"])
        f["export_png_4k_ms"] = sorted(times)[1]
        # A sweep of 60 frames of 1280×720, the whole window, as GIF and as MP4; the median of three.
        lesson = source / "assets" / "lessons" / "06_scaling.json"
        for ext in ("gif", "mp4"):
            times = []
            for _ in range(3):
                r = run([attnlab, lesson, "--animate", "temperature=0.1:10", "--frames", "60", "--size", "1280x720",
                         "--export", pathlib.Path(tmp) / f"sweep.{ext}"], env=env)
                times.append(figures_from(r.stderr)["animate_ms"])
            f[f"animate_{ext}_60_ms"] = sorted(times)[1]
        # A sweep's GIF for a slide, its size: 100 frames of the whole window at 1280×720, the movie's
        # first coordinate X[1][0] moved from 1 to −1 (S, the weights, the outputs and Geometry move).
        gif = pathlib.Path(tmp) / "sweep_100.gif"
        run([attnlab, scenario, "--animate", "X[1][0]=1:-1", "--frames", "100", "--size", "1280x720", "--export", gif], env=env)
        f["gif_100_720p_kb"] = gif.stat().st_size / 1024
        # A training run of 60 frames of 1280×720 (--animate training): the six-design race trained
        # afresh, 2000 steps, a frame every 34 (ceil(2000 / 34) + 1 = 60), as GIF; the median of three.
        race = source / "assets" / "experiments" / "07_race.json"
        times = []
        for _ in range(3):
            r = run([attnlab, race, "--animate", "training", "--every", "34", "--size", "1280x720",
                     "--export", pathlib.Path(tmp) / "training.gif"], env=env)
            times.append(figures_from(r.stderr)["animate_ms"])
        f["animate_training_gif_60_ms"] = sorted(times)[1]

    # The page (scripts/web built it), in headless chromium with SwiftShader: tests/web/bench.mjs.
    site = pathlib.Path(os.environ.get("ATTNLAB_WEB_BUILD_DIR", source / "build-web")) / "site"
    web = figures_from(run(["node", source / "tests" / "web" / "bench.mjs", site, source]).stdout)
    for name in ("web_transfer_kb", "web_first_frame_ms", "web_single_file_kb", "web_single_file_first_frame_ms"):
        f[name] = web[name]
    f["web_compute_ratio"] = web["web_compute_ns"] / compute_example_ns
    f["web_drag_frame_p99_ms"] = web["web_drag_frame_p99_ms"]
    f["web_drag_training_frame_p99_ms"] = web["web_drag_training_frame_p99_ms"]
    f["web_race_5_seeds_ms"] = web["web_race_5_seeds_ms"]
    f["web_text_forward_ms"] = web["web_text_forward_ms"]
    f["web_race_ratio"] = web["web_race_5_seeds_ms"] / f["race_5_seeds_ms"]

    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?")
    print(f"machine: {cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}")
    print(f"{'figure':34} {'value':>14}  goal")
    for name, value in f.items():
        goal = GOALS.get(name)
        verdict = "" if not goal else (f"{goal[0]} {goal[1]}  " + ("met" if (value >= goal[1] if goal[0] == ">=" else value <= goal[1]) else "MISSED"))
        print(f"{name:34} {value:14.1f}  {verdict}")
    print()
    for name, value in f.items():
        print(f"{name}: {value:.1f}")


if __name__ == "__main__":
    main()
