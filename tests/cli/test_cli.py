#!/usr/bin/env python3
"""The real attnlab binary from outside: exit codes, stdout and stderr.

Every malformed file of docs/scenario-format.md gives exit 2, a message on stderr naming the
problem, and nothing on stdout. Usage: test_cli.py PATH/TO/attnlab
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from attnlab_run import run_attnlab  # noqa: E402  the one way the tests run the binary

ATTNLAB = None
EXAMPLE = pathlib.Path(__file__).resolve().parent.parent / "data" / "example.json"

HEAD_KEYS = ["Q", "K", "V", "scores", "logits", "weights", "row_sums", "entropy", "output",
             "alt_output", "QQt", "scores_sym", "scores_antisym", "asymmetry",
             "irreversibility", "degrees_of_freedom"]
PROJECTED_KEYS = ["W_QK", "W_QK_singular_values", "W_QK_rank", "effective_parameters"]


def run(*args, user=None, binary=None, env=None):
    return run_attnlab(binary or ATTNLAB, *args, user=user, env=env, timeout=30)


class Commands(unittest.TestCase):
    def test_help_and_version(self):
        r = run("--help")
        self.assertEqual(r.returncode, 0)
        self.assertIn("attnlab --dump FILE", r.stdout)
        r = run("--version")
        self.assertEqual(r.returncode, 0)
        self.assertRegex(r.stdout, r"^attnlab \d+\.\d+\.\d+\n$")

    def test_dump_of_the_example_prints_every_key(self):
        r = run("--dump", EXAMPLE)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stderr, "")
        result = json.loads(r.stdout)
        self.assertEqual(len(result["heads"]), 2)
        for head in result["heads"]:
            for key in HEAD_KEYS + PROJECTED_KEYS:
                self.assertIn(key, head)
        for key in ["heads", "concat", "output", "params"]:
            self.assertIn(key, result)
        self.assertEqual(result["params"], {"separate": 32, "merged": 32})

    def test_several_files_print_an_array_and_a_bad_one_prints_nothing(self):
        alone = json.loads(run("--dump", EXAMPLE).stdout)
        r = run("--dump", EXAMPLE, EXAMPLE, EXAMPLE)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(json.loads(r.stdout), [alone, alone, alone])
        with tempfile.TemporaryDirectory() as d:
            bad = pathlib.Path(d, "bad.json")
            bad.write_text('{"attnlab": 1, "tokens": ["a"]}')
            r = run("--dump", EXAMPLE, bad)
        self.assertEqual((r.returncode, r.stdout), (2, ""))
        self.assertIn("bad.json", r.stderr)

    def test_ffmpeg_is_opened_for_an_mp4_not_at_every_start(self):
        # Its libraries and the codecs' are about 130: loading them was most of a start's cost.
        libraries = subprocess.run(["ldd", str(ATTNLAB)], capture_output=True, text=True, check=True).stdout
        self.assertNotIn("libavcodec", libraries)
        self.assertLess(libraries.count("=>"), 40, libraries)

    def test_masked_logits_are_null(self):
        scenario = json.loads(EXAMPLE.read_text())
        scenario["options"]["mask"]["causal"] = True
        with tempfile.TemporaryDirectory() as d:
            path = pathlib.Path(d, "causal.json")
            path.write_text(json.dumps(scenario))
            r = run("--dump", path)
        self.assertEqual(r.returncode, 0, r.stderr)
        logits = json.loads(r.stdout)["heads"][0]["logits"]
        self.assertIsNone(logits[0][1])
        self.assertIsNotNone(logits[1][0])
        self.assertEqual(json.loads(r.stdout)["heads"][0]["weights"][0][1], 0.0)

    def test_direct_mode_has_no_W_QK_and_no_params(self):
        scenario = json.loads(EXAMPLE.read_text())
        for key in ["X", "W_Q", "W_K", "W_V"]:
            del scenario[key]
        scenario["mode"] = "direct"
        scenario["Q"] = scenario["K"] = scenario["V"] = [[[1, 0], [0, 1], [1, 1], [0, 0], [2, 1]]] * 2
        with tempfile.TemporaryDirectory() as d:
            path = pathlib.Path(d, "direct.json")
            path.write_text(json.dumps(scenario))
            r = run("--dump", path)
        self.assertEqual(r.returncode, 0, r.stderr)
        result = json.loads(r.stdout)
        self.assertNotIn("W_QK", result["heads"][0])
        self.assertNotIn("params", result)


class Rejections(unittest.TestCase):
    """Each case: exit 2, stderr names the problem, stdout empty."""

    def setUp(self):
        self.dir = pathlib.Path(tempfile.mkdtemp(prefix="attnlab-cli-"))
        os.chmod(self.dir, 0o755)

    def tearDown(self):
        shutil.rmtree(self.dir)

    def expect_rejected(self, args, message, user=None, binary=None):
        # Never the user's session, whatever a mistake would have run; no display either:
        # each case is refused before anything is opened.
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        env["XDG_STATE_HOME"] = str(self.dir / "state")
        r = run(*args, user=user, binary=binary, env=env)
        self.assertEqual(r.returncode, 2, f"{args}: stderr {r.stderr!r}")
        self.assertEqual(r.stdout, "", f"{args}: something on stdout")
        self.assertIn(message, r.stderr)
        self.assertTrue(r.stderr.startswith("attnlab: "), r.stderr)

    def file_with(self, text, name="bad.json"):
        path = self.dir / name
        path.write_text(text) if isinstance(text, str) else path.write_bytes(text)
        return path

    def mutated(self, change):
        scenario = json.loads(EXAMPLE.read_text())
        change(scenario)
        return self.file_with(json.dumps(scenario))

    def test_text_exports_write_one_W(self):
        # One W replaces W^Q and W^K: every text export writes it (tests/cli/test_exports.py checks what).
        def merge(s):
            s["attnlab"] = 2
            s["W"] = [[[1.0 if r == c else 0.0 for c in range(4)] for r in range(4)] for _ in range(2)]
            del s["W_Q"], s["W_K"]
            s["options"]["merged_qk"] = True
        path = self.mutated(merge)
        for ext in ("py", "tex", "csv", "svg"):
            out = self.dir / f"out.{ext}"
            r = run(path, "--export", out)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertTrue(out.exists())

    def test_usage(self):
        self.expect_rejected(["--frobnicate"], "unknown option '--frobnicate'")
        self.expect_rejected(["--dump"], "--dump needs a FILE")
        self.expect_rejected(["a.json", "b.json"], "one scenario file at a time")

    def test_missing_file_and_directory(self):
        self.expect_rejected(["--dump", self.dir / "nope.json"], "nope.json: no such file")
        self.expect_rejected(["--dump", self.dir], "is a directory")

    def test_a_file_name_reaches_the_terminal_seen_not_obeyed(self):
        # A name from someone else's archive: an escape that would retitle the terminal, a byte that is
        # no UTF-8, a C1 control. The message names the file with each shown as a symbol.
        name = os.fsdecode(b"x\x1b]0;pwned\x07\xc2\x9b\xff.json")
        path = self.dir / name
        path.write_text("{}")
        r = run("--dump", path)
        self.assertEqual(r.returncode, 2)
        self.assertNotIn("\x1b", r.stderr)
        self.assertNotIn("\x07", r.stderr)
        self.assertNotIn("\x9b", r.stderr)
        self.assertIn("x\u241b]0;pwned\u2407\ufffd\ufffd.json: attnlab: missing", r.stderr)

    def test_unreadable_file(self):
        path = self.file_with(EXAMPLE.read_text(), "secret.json")
        os.chmod(path, 0)
        # root reads anything: run as nobody then, so the permission really applies.
        user = 65534 if os.geteuid() == 0 else None
        if user is not None and shutil.which("setpriv") is None:
            self.skipTest("running as root without setpriv")
        # nobody may not reach the build tree (a clone under /root): a copy of the binary where it can.
        binary = None
        if user is not None:
            binary = self.dir / "attnlab"
            shutil.copy(ATTNLAB, binary)
            os.chmod(binary, 0o755)
        self.expect_rejected(["--dump", path], "secret.json: cannot be read: Permission denied", user=user, binary=binary)

    def test_not_json(self):
        self.expect_rejected(["--dump", self.file_with("")], "not valid JSON")
        self.expect_rejected(["--dump", self.file_with("{\"attnlab\": 1,")], "not valid JSON")
        self.expect_rejected(["--dump", self.file_with(bytes(range(256)))], "not valid JSON")

    def test_non_finite_numbers(self):
        text = EXAMPLE.read_text().replace("0.9", "NaN", 1)
        self.expect_rejected(["--dump", self.file_with(text)], "NaN and Infinity are not allowed")
        text = EXAMPLE.read_text().replace("0.9", "-Infinity", 1)
        self.expect_rejected(["--dump", self.file_with(text)], "NaN and Infinity are not allowed")
        text = EXAMPLE.read_text().replace("0.9", "1e999", 1)
        self.expect_rejected(["--dump", self.file_with(text)], "number overflow parsing '1e999'")

    def test_numbers_past_one_million(self):
        path = self.mutated(lambda s: s["W_O"][3].__setitem__(2, -2e6))
        self.expect_rejected(["--dump", path], "W_O[3][2]: -2000000.0 is out of range; expected |x| ≤ 1e6")

    def test_unknown_keys(self):
        self.expect_rejected(["--dump", self.mutated(lambda s: s.update(W_P=[]))], "\"W_P\": unknown key")
        path = self.mutated(lambda s: s["options"].update(dropout=0.1))
        self.expect_rejected(["--dump", path], "options.\"dropout\": unknown key")

    def test_wrong_types(self):
        self.expect_rejected(["--dump", self.mutated(lambda s: s.update(heads="2"))],
                             "heads: expected an integer from 1 to 4, got a string")
        self.expect_rejected(["--dump", self.mutated(lambda s: s.update(tokens="The movie"))],
                             "tokens: expected an array of 2 to 8 labels, got a string")
        self.expect_rejected(["--dump", self.mutated(lambda s: s["options"].update(causal=True))],
                             "options.\"causal\": unknown key")
        self.expect_rejected(["--dump", self.mutated(lambda s: s["options"]["mask"].update(causal="yes"))],
                             "options.mask.causal: expected true or false, got a string")

    def test_wrong_shapes(self):
        def widen(s):
            for row in s["W_Q"][1]:
                row.append(0)
        self.expect_rejected(["--dump", self.mutated(widen)], "W_Q[1]: expected 4×2, got 4×3")
        self.expect_rejected(["--dump", self.mutated(lambda s: s["X"].pop())], "X: expected 5×4, got 4×4")
        self.expect_rejected(["--dump", self.mutated(lambda s: s.update(d_k=3))], "W_Q[0]: expected 4×3, got 4×2")

    def test_cross_attention_and_positions_that_cannot_be(self):
        """Every invalid combination of version 2's tokens_kv, X_kv, positions: exit 2 naming the field."""
        def cross(s, m=3):
            s["attnlab"] = 2
            s["tokens_kv"] = [f"s{j}" for j in range(m)]
            s["X_kv"] = [[0.5] * 4 for _ in range(m)]

        def direct_cross(s):
            cross(s)
            del s["X_kv"], s["X"], s["W_Q"], s["W_K"], s["W_V"]
            s["mode"] = "direct"
            s["Q"] = [[[0.1, 0.2]] * 5 for _ in range(2)]
            s["K"] = [[[0.1, 0.2]] * 3 for _ in range(2)]
            s["V"] = [[[0.1, 0.2]] * 3 for _ in range(2)]

        def with_(*changes):
            def apply(s):
                for change in changes:
                    change(s)
            return apply

        def options(**o):
            return lambda s: s.update(attnlab=2) or s["options"].update(o)

        def merged(s):
            s["attnlab"] = 2
            s["W"] = [[[0.0] * 4 for _ in range(4)] for _ in range(2)]
            del s["W_Q"], s["W_K"]
            s["options"]["merged_qk"] = True
        cases = [
            (cross, lambda s: s["options"]["mask"].update(no_self=True)),
            "options.mask.no_self: not with cross-attention",
            (direct_cross, lambda s: s["options"].update(shared_qk=True)), "options.shared_qk: not with tokens_kv in direct mode",
            (direct_cross, options(positions="sinusoidal")), "options.positions: \"sinusoidal\" adds PE to X",
            (merged, options(positions="rope")), "options.positions: \"rope\" cannot be combined with options.merged_qk",
            (options(positions="absolute"),), "options.positions: expected \"none\", \"sinusoidal\" or \"rope\"",
            (options(position_base=0.5),), "options.position_base: expected a number from 1 to 1e6, got 0.5",
            (options(position_base="10000"),), "options.position_base: expected a number from 1 to 1e6, got a string",
            (lambda s: s.update(attnlab=2, tokens_kv=["a"], X_kv=[[0] * 4]),), "tokens_kv: expected an array of 2 to 8 labels, got 1 labels",
            (lambda s: s.update(attnlab=2, tokens_kv=[f"s{j}" for j in range(9)]),), "tokens_kv: expected an array of 2 to 8 labels, got 9 labels",
            (lambda s: s.update(attnlab=2, tokens_kv=["a", 3], X_kv=[[0] * 4] * 2),), "tokens_kv[1]: expected a string, got the integer 3",
            (cross, lambda s: s["X_kv"].pop()), "X_kv: expected 3×4, got 2×4",
            (cross, lambda s: s.pop("X_kv")), "X_kv: missing; expected 3×4",
            (cross, lambda s: s.pop("tokens_kv")), "X_kv: only with tokens_kv",
            (direct_cross, lambda s: s.update(X_kv=[[0.0] * 4] * 3)), "X_kv: only allowed in projected mode",
            (direct_cross, lambda s: s["K"][1].pop()), "K[1]: expected 3×2, got 2×2",
            (direct_cross, lambda s: s["V"].__setitem__(0, [[0.0, 0.0]] * 5)), "V[0]: expected 3×2, got 5×2",
            (cross, lambda s: s.update(attnlab=1)), "tokens_kv: a version-2 field; the file must say \"attnlab\": 2",
            (lambda s: s["options"].update(positions="rope"),), "options.positions: a version-2 option",
            (lambda s: s["options"].update(position_base=100),), "options.position_base: a version-2 option",
        ]
        for i in range(0, len(cases), 2):
            with self.subTest(message=cases[i + 1]):
                self.expect_rejected(["--dump", self.mutated(with_(*cases[i]))], cases[i + 1])

    def test_future_version(self):
        self.expect_rejected(["--dump", self.mutated(lambda s: s.update(attnlab=6))],
                             "attnlab: version 6 is newer than this program reads (5)")

    def test_too_large(self):
        path = self.mutated(lambda s: s.update(notes="x" * (1 << 20)))
        self.expect_rejected(["--dump", path], "larger than 1 MiB")
        self.expect_rejected(["--dump", "/dev/zero"], "/dev/zero: not a regular file")

    def test_too_deep(self):
        self.expect_rejected(["--dump", self.mutated(lambda s: s.update(notes=[[[[[[[[[1]]]]]]]]]))],
                             "nested more than 8 levels deep")
        self.expect_rejected(["--dump", self.file_with("[" * 1_000_000)], "nested more than 8 levels deep")

    # An output never overwrites the scenario.
    def test_no_output_overwrites_the_scenario(self):
        scenario = self.file_with(EXAMPLE.read_text(), "a.json")
        lesson = self.file_with(EXAMPLE.read_text(), "lesson.json")
        script = self.file_with(EXAMPLE.read_text(), "scenario.py")  # a scenario under any name loads
        self.expect_rejected([scenario, "--screenshot", scenario], "expected a file name ending in .png")
        self.expect_rejected(["--screenshot", lesson], "expected a file name ending in .png")
        self.expect_rejected([scenario, "--layout-out", scenario], "is FILE")
        self.expect_rejected([scenario, "--layout-out", self.dir / "sub" / ".." / "a.json"], "is FILE")
        self.expect_rejected([script, "--export", script], "is FILE")
        os.symlink(scenario, self.dir / "link.svg")
        self.expect_rejected([scenario, "--export", self.dir / "link.svg"], "is FILE")
        for path in (scenario, lesson, script):
            self.assertEqual(path.read_text(), EXAMPLE.read_text(), f"{path.name} was overwritten")

    # A relative link inside a linked folder was read as text: "d/../out.svg" is
    # "./out.svg" to the text, real/out.svg to the kernel (d leads to real/sub). The export replaced
    # the user's ./out.svg and exited 0.
    def test_a_link_inside_a_linked_folder_leads_where_the_kernel_says(self):
        (self.dir / "real" / "sub").mkdir(parents=True)
        os.symlink("real/sub", self.dir / "d")
        os.symlink("../out.svg", self.dir / "real" / "sub" / "out.svg")
        (self.dir / "out.svg").write_text("the user's drawing")
        self.file_with(EXAMPLE.read_text(), "ex.json")
        env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
        env["XDG_STATE_HOME"] = str(self.dir / "state")
        r = run_attnlab(ATTNLAB, "ex.json", "--export", "d/out.svg", env=env, cwd=self.dir, timeout=30)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual((self.dir / "out.svg").read_text(), "the user's drawing")
        self.assertIn("<svg", (self.dir / "real" / "out.svg").read_text())
        self.assertEqual(os.readlink(self.dir / "real" / "sub" / "out.svg"), "../out.svg")
        # A dangling link into a folder that is missing where the kernel looks (real/missing),
        # though ./missing exists: exit 1, naming the folder truly missing; nothing written.
        (self.dir / "missing").mkdir()
        os.symlink("../missing/x.svg", self.dir / "real" / "sub" / "x.svg")
        r = run_attnlab(ATTNLAB, "ex.json", "--export", "d/x.svg", env=env, cwd=self.dir, timeout=30)
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("No such file or directory: cannot create a temporary file beside d/x.svg", r.stderr)
        self.assertIn(f"it leads into {self.dir.resolve() / 'real' / 'missing'}, which does not exist", r.stderr)
        self.assertEqual(list((self.dir / "missing").iterdir()), [])
        # An output that the kernel leads to FILE through the linked folder is FILE: refused.
        scenario = self.file_with(EXAMPLE.read_text(), "real/ex.json")
        os.symlink("../ex.json", self.dir / "real" / "sub" / "x.json")
        for option, output in (("--layout-out", "d/x.json"), ("--export", "d/x.json.svg")):
            if option == "--export":
                os.symlink("../ex.json", self.dir / "real" / "sub" / "x.json.svg")
            args = [scenario, "--screenshot", self.dir / "s.png"] if option == "--layout-out" else [scenario]
            self.expect_rejected([*args, option, self.dir / output], "is FILE: it would replace the scenario")
        self.assertEqual(scenario.read_text(), EXAMPLE.read_text())
        self.assertFalse((self.dir / "s.png").exists())

    # Each of these was run, half-run or ignored.
    def test_a_strict_command_line(self):
        example = self.file_with(EXAMPLE.read_text(), "f.json")
        svg, png = self.dir / "o.svg", self.dir / "c.png"
        self.expect_rejected([example, "--screenshot", png, "--size", "4294967616x200"],
                             "--size 4294967616x200: expected WxH")
        self.expect_rejected([example, "--screenshot", png, "--size", "8192x8192", "--scale", "4"],
                             "32768×32768 pixels")
        self.expect_rejected([example, "--export", svg, "--export", self.dir / "p.py"], "--export given twice")
        self.expect_rejected([example, "--screenshot", png, "--screenshot", self.dir / "d.png"],
                             "--screenshot given twice")
        self.expect_rejected(["--dump", example, "--export", svg], "--dump FILE takes no other option: --export")
        self.expect_rejected(["--dump", example, "--theme", "light"], "--dump FILE takes no other option: --theme")
        for option in (["--size", "400x300"], ["--scale", "2"], ["--panel", "rank"], ["--transparent"]):
            self.expect_rejected(["--dump", example, *option], "--dump FILE takes no other option: " + option[0])
        self.expect_rejected(["--version", "--dump", example], "--version takes nothing else")
        self.expect_rejected(["--dump", example, "--version"], "--version takes nothing else")
        self.expect_rejected(["--help", "--dump", example], "--help takes nothing else")
        self.expect_rejected([""], "FILE is empty")
        self.expect_rejected(["--dump", ""], "FILE is empty")
        self.expect_rejected([example, "--export", self.dir / "o.csv", "--theme", "light"], "--theme goes with")
        self.expect_rejected([example, "--screenshot", png, "--scale-per-frame"], "--scale-per-frame goes with --animate")
        self.expect_rejected([example, "--animate", "temperature=1:2", "--export", self.dir / "a.gif", "--scale-per-frame",
                              "--scale-per-frame"], "--scale-per-frame given twice")
        self.assertEqual(sorted(p.name for p in self.dir.iterdir()), ["f.json"], "something was written")


if __name__ == "__main__":
    ATTNLAB = os.path.abspath(sys.argv.pop(1))
    unittest.main(verbosity=2)
