#!/usr/bin/env python3
"""Nothing attnlab writes is refused by its reader, and no output replaces what is not a file.

The real binary from outside: a diverging race, a recording past its bound, an
experiment, a heads file or a RESULT given to --export, outputs named into the state directory, onto a
FIFO, a socket or a device, a full standard output, numbers too small for a
double, versions written 1.0, CSV cells that look like formulas, set-user-ID
bits. Usage: test_limits.py PATH/TO/attnlab
"""
import csv
import json
import os
import pathlib
import socket
import stat
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from attnlab_run import run_attnlab  # noqa: E402  the one way the tests run the binary

ATTNLAB = None
ROOT = pathlib.Path(__file__).resolve().parent.parent.parent
EXAMPLE = ROOT / "tests" / "data" / "example.json"
RACE = ROOT / "assets" / "experiments" / "07_race.json"
HEADS = ROOT / "assets" / "language_models" / "heads_small.result.heads" / "v01-seed1.json"
RESULT = ROOT / "assets" / "language_models" / "licences_small.result.json"


def run(*args, env=None, stdout=subprocess.PIPE):
    return run_attnlab(ATTNLAB, *args, env=env, stdout=stdout)


class Case(unittest.TestCase):
    def setUp(self):
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="attnlab-limits-"))
        self.state = self.tmp / "state"
        self.env = dict(os.environ, XDG_STATE_HOME=str(self.state))
        self.env.pop("DISPLAY", None)

    def tearDown(self):
        subprocess.run(["rm", "-rf", str(self.tmp)])

    def write(self, name, value):
        path = self.tmp / name
        path.write_text(value if isinstance(value, str) else json.dumps(value))
        return path

    def temporaries(self, folder=None):
        return sorted(p.name for p in (folder or self.tmp).iterdir() if p.name.startswith(".attnlab-"))


class Divergence(Case):
    # The race with SGD at learning rate 10 and init scale 100: --train --out wrote null
    # weights or weights past ±1e6, a RESULT whose scenarios --dump refused.
    def test_a_diverging_race_writes_a_result_every_reader_takes(self):
        race = dict(json.loads(RACE.read_text()), seeds=1)  # one run: its RESULT has "loss", "diverged"
        race.update(optimizer="sgd", learning_rate=10, init_scale=100, steps=30)
        out = self.tmp / "result.json"
        r = run("--train", self.write("wild.json", race), "--out", out, env=self.env)
        self.assertEqual(r.returncode, 0, r.stderr[-500:])
        result = json.loads(out.read_text())
        for v in result["variants"]:
            self.assertEqual(v["diverged"], 1, v["name"])
            self.assertEqual(len(v["loss"]), 1, v["name"])
            self.assertIsNone(v["test_loss"])
            self.assertIn(f"{v['name']} diverged at step 1", r.stderr)
            for key in ("initial", "final"):
                dumped = run("--dump", self.write(f"{key}.json", v[key]))
                self.assertEqual(dumped.returncode, 0, f"{v['name']} {key}: {dumped.stderr}")
            self.assertEqual(v["final"], v["initial"])  # step 1 was not taken
        # The PyTorch replay compares the losses before the step it could not take.
        script = self.tmp / "train.py"
        self.assertEqual(run("--train", self.tmp / "wild.json", "--export", script, env=self.env).returncode, 0)
        compared = subprocess.run(["/usr/bin/python3", script, "--compare", out], capture_output=True, text=True, timeout=300)
        self.assertEqual(compared.returncode, 0, compared.stderr[-500:])
        self.assertIn("it diverged at step 1 in attnlab: the 1 losses before it compared", compared.stdout)
        # The curves say so too.
        csv = self.tmp / "table.csv"
        self.assertEqual(run("--train", self.tmp / "wild.json", "--export", csv, env=self.env).returncode, 0)
        rows = csv.read_text().splitlines()
        self.assertEqual(rows[0], "variant,params,first_loss,last_loss,test_loss,steps_done,diverged_at_step")
        self.assertTrue(all(row.endswith(",0,1") for row in rows[1:]), rows)  # took no step, stopped at step 1

    # A teacher of legal weights (1000) whose outputs pass ±1e6: RESULT's scenarios hold the first
    # sequence's target, so it cannot be written. Said before training, not after all of it.
    def test_a_teacher_whose_outputs_leave_the_limits_is_said_before_training(self):
        race = dict(json.loads(RACE.read_text()), seeds=1)  # one run: its RESULT has "loss", "diverged"
        teacher = race["task"]["teacher"]
        teacher["W_V"] = [[[1000.0] * len(row) for row in head] for head in teacher["W_V"]]
        teacher["W_O"] = [[1000.0] * len(row) for row in teacher["W_O"]]
        out = self.tmp / "r.json"
        r = run("--train", self.write("loud.json", dict(race, steps=100000)), "--out", out, env=self.env)
        self.assertEqual(r.returncode, 2, r.stderr[-300:])
        self.assertIn("the run's first sequence cannot be written as a scenario (target[", r.stderr)
        self.assertNotIn("training: step", r.stderr)
        self.assertFalse(out.exists())

    def test_learning_rate_and_init_scale_limits_are_the_documented_ones(self):
        docs = (ROOT / "docs" / "experiments.md").read_text()
        self.assertIn("`learning_rate` above 0 and at most 10", docs)
        self.assertIn("`init_scale` above 0 and at most 100", docs)
        race = dict(json.loads(RACE.read_text()), seeds=1)  # one run: its RESULT has "loss", "diverged"
        for key, most in (("learning_rate", 10), ("init_scale", 100)):
            ok = run("--train", self.write("ok.json", dict(race, steps=1, **{key: most})), "--out", self.tmp / "r.json")
            self.assertEqual(ok.returncode, 0, ok.stderr)
            over = run("--train", self.write("over.json", dict(race, steps=1, **{key: most * 1.01})), "--out", self.tmp / "r.json")
            self.assertEqual(over.returncode, 2)
            self.assertIn(f"{key}: expected a number above 0 and at most {most}", over.stderr)


class Recording(Case):
    # 100 000 steps × 256 with "record": true died of an uncaught bad_alloc (exit 134).
    def test_a_recording_past_its_bound_is_exit_2_naming_the_field(self):
        race = dict(json.loads(RACE.read_text()), seeds=1)  # one run: its RESULT has "loss", "diverged"
        for steps, batch in ((100000, 256), (5000, 256)):
            r = run("--train", self.write("big.json", dict(race, record=True, steps=steps, batch=batch)), "--out",
                    self.tmp / "r.json", env=self.env)
            self.assertEqual(r.returncode, 2, r.stderr[-300:])
            self.assertIn("record: a recording holds (steps + 1) × batch sequences, at most 65536", r.stderr)
            self.assertFalse((self.tmp / "r.json").exists())


class Outputs(Case):
    def test_an_experiment_given_to_export_is_refused(self):
        # It exported the session's scenario instead, named after the experiment.
        for ext in ("svg", "tex", "csv", "py"):
            out = self.tmp / f"race.{ext}"
            r = run(RACE, "--export", out, env=self.env)
            self.assertEqual(r.returncode, 2, ext)
            self.assertIn("is an experiment: --export writes a scenario", r.stderr)
            self.assertFalse(out.exists())

    def test_a_heads_file_or_a_result_given_to_export_is_refused(self):
        # Each wrote a scenario of three tokens t1-t3, every matrix zero, and exited 0: neither file holds a scenario.
        for path, kind in ((HEADS, "is a heads file, not a scenario"), (RESULT, "is a language model's RESULT, not a scenario")):
            for ext, more in (("csv", []), ("svg", []), ("py", []), ("tex", []), ("tex", ["--beamer"])):
                out = self.tmp / f"out.{ext}"
                r = run(path, "--export", out, *more, env=self.env)
                self.assertEqual(r.returncode, 2, (path.name, ext, more, r.stderr))
                self.assertIn(path.name, r.stderr)
                self.assertIn(kind, r.stderr)
                self.assertIn("--export OUT.png", r.stderr)  # what to use instead
                self.assertEqual(r.stdout, "")
                self.assertFalse(out.exists(), (path.name, ext, more))
            # Nor a view of a scenario in its name: --panel and --animate PARAM drew the session's (or a lesson's).
            for args, why in ((["--panel", "scores", "--export", self.tmp / "p.png"], "--panel Scores: "),
                              (["--panel", "softmax", "--screenshot", self.tmp / "p.png"], "--panel Softmax: "),
                              (["--animate", "temperature=1:2", "--frames", "2", "--export", self.tmp / "a.gif"], "--animate temperature: ")):
                r = run(path, *args, env=self.env)
                self.assertEqual(r.returncode, 2, (path.name, args, r.stderr))
                self.assertIn(why, r.stderr)
                self.assertIn(path.name, r.stderr)
                self.assertIn(kind, r.stderr)
        self.assertEqual(sorted(p.name for p in self.tmp.iterdir() if p.name != "state"), [], "something was written")

    def test_outputs_never_go_into_the_state_directory(self):
        sessions = self.state / "attnlab"
        sessions.mkdir(parents=True)
        session = sessions / "session.json"
        session.write_text("{\"the user's\": \"session\"}")
        for args in (["--layout-out", session], ["--export", sessions / "x.svg"], ["--screenshot", session.with_suffix(".png")]):
            r = run(EXAMPLE, *args, env=self.env)
            self.assertEqual(r.returncode, 2, args)
            self.assertIn("is in attnlab's state directory", r.stderr)
        link = self.tmp / "innocent.json"
        link.symlink_to(session)
        r = run("--train", RACE, "--out", link, env=self.env)  # through a link: where it would be written
        self.assertEqual(r.returncode, 2)
        self.assertEqual(session.read_text(), "{\"the user's\": \"session\"}")

    # A link to a file not made yet in the state directory was judged by the
    # link's own name (weakly_canonical stops at it), and the write then made that file there.
    def test_a_dangling_link_into_the_state_directory_is_refused(self):
        sessions = self.state / "attnlab"
        sessions.mkdir(parents=True)
        (self.tmp / "real" / "sub").mkdir(parents=True)
        (self.tmp / "d").symlink_to("real/sub")
        (self.tmp / "real" / "sub" / "x.svg").symlink_to("../../state/attnlab/session-7.svg")
        (self.tmp / "plain.svg").symlink_to(sessions / "new.svg")
        for out in (self.tmp / "plain.svg", self.tmp / "d" / "x.svg"):
            r = run(EXAMPLE, "--export", out, env=self.env)
            self.assertEqual(r.returncode, 2, f"{out}: {r.stderr}")
            self.assertIn("is in attnlab's state directory", r.stderr)
        self.assertEqual(sorted(p.name for p in sessions.iterdir()), [])

    def test_an_output_that_is_not_a_regular_file_is_refused_and_kept(self):
        fifo = self.tmp / "fifo.svg"
        os.mkfifo(fifo)
        link = self.tmp / "link.svg"
        link.symlink_to(fifo)
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(self.tmp / "socket.csv"))
        targets = [(fifo, "a FIFO"), (link, "a FIFO"), (self.tmp / "socket.csv", "a socket")]
        device = self.tmp / "null.tex"
        try:  # /dev/null's numbers, in our directory: as root (CI) this is what /dev/full was
            os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
            targets.append((device, "a character device"))
        except PermissionError:
            device.symlink_to("/dev/null")  # as a user: the link's target, refused by its kind
            targets.append((device, "a character device"))
        for target, kind in targets:
            r = run(EXAMPLE, "--export", target, env=self.env)
            self.assertEqual(r.returncode, 1, target)
            self.assertIn(f"is {kind}, not a regular file: nothing was written", r.stderr)
        out_fifo = self.tmp / "result.json"
        os.mkfifo(out_fifo)
        race = dict(json.loads(RACE.read_text()), seeds=1)  # one run: its RESULT has "loss", "diverged"
        r = run("--train", self.write("short.json", dict(race, steps=2)), "--out", out_fifo, env=self.env)
        self.assertEqual(r.returncode, 1)
        self.assertIn("result.json is a FIFO, not a regular file", r.stderr)
        sock.close()
        self.assertTrue(stat.S_ISFIFO(os.lstat(fifo).st_mode) and stat.S_ISFIFO(os.lstat(out_fifo).st_mode))
        self.assertTrue(os.path.islink(link))
        self.assertEqual(self.temporaries(), [])

    def test_set_user_id_bits_are_not_copied(self):
        out = self.tmp / "scenario.svg"
        out.write_text("old")
        os.chmod(out, 0o6755)
        self.assertEqual(run(EXAMPLE, "--export", out, env=self.env).returncode, 0)
        self.assertEqual(stat.S_IMODE(out.stat().st_mode), 0o755)

    def test_dump_to_a_full_standard_output_says_why(self):
        for args in (["--dump", EXAMPLE], ["--help"], ["--version"]):
            with open("/dev/full", "w") as full:
                r = run(*args, stdout=full)
            self.assertEqual(r.returncode, 1, args)
            self.assertIn("could not be written to standard output (No space left on device)", r.stderr)


class Numbers(Case):
    def test_a_number_too_small_for_a_double_is_refused_alike_everywhere(self):
        text = EXAMPLE.read_text().replace('"temperature": 1.0', '"temperature": 1e-400')
        self.assertIn("1e-400", text)
        r = run("--dump", self.write("tiny.json", text))
        self.assertEqual(r.returncode, 2)
        self.assertIn("the number 1e-400 on line", r.stderr)
        self.assertIn("too small for a double", r.stderr)
        self.assertNotIn("0.0", r.stderr)  # it was "got 0.0"
        r = run(EXAMPLE, "--animate", "temperature=1e-400:2", "--export", self.tmp / "a.gif")
        self.assertEqual(r.returncode, 2)
        self.assertIn("the number 1e-400 is too small for a double", r.stderr)
        r = run(EXAMPLE, "--animate", "X[0][0]=nan:1", "--export", self.tmp / "a.gif")
        self.assertEqual(r.returncode, 2)
        self.assertIn('expected a finite number, as in X[1][0]=-1:1, got "nan"', r.stderr)

    def test_a_version_is_an_integer_as_heads_is(self):
        scenario = json.loads(EXAMPLE.read_text())
        for key, value in (("attnlab", 1.0), ("heads", 2.0)):
            text = json.dumps(dict(scenario, **{key: value}))
            self.assertIn(f'"{key}": {value}', text)
            r = run("--dump", self.write("float.json", text))
            self.assertEqual(r.returncode, 2, key)
            self.assertIn(f"{key}: expected", r.stderr)


class Csv(Case):
    def test_a_token_that_looks_like_a_formula_is_text(self):
        scenario = json.loads(EXAMPLE.read_text())
        scenario["tokens"][0] = '=HYPERLINK("http://example.org","click")'
        scenario["tokens"][1] = "@SUM(A1)"
        out = self.tmp / "s.csv"
        self.assertEqual(run(self.write("f.json", scenario), "--export", out, env=self.env).returncode, 0)
        with out.open(newline="") as f:
            cells = [cell for row in csv.reader(f) for cell in row]
        self.assertIn("'=HYPERLINK(\"http://example.org\",\"click\")", cells)
        self.assertIn("'@SUM(A1)", cells)
        self.assertFalse([c for c in cells if c[:1] in ("=", "+", "@")], "a cell a spreadsheet would run")


if __name__ == "__main__":
    ATTNLAB = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
