#!/usr/bin/env python3
"""Links (docs/links.md) against Python's own zlib and base64.

`attnlab FILE --link BASE` for every lesson and test scenario: the fragment decodes with
base64.urlsafe_b64decode and zlib's raw inflate (wbits -15) into JSON that --dump reads as
the file itself. The other way: a link Python makes (raw deflate at every level, and #s=
without compression) is read by --dump as the file. Then the misuses: exit 2, the reason on
stderr, nothing on stdout.

Usage: test_links.py PATH/TO/attnlab LESSONS_DIR TEST_DATA_DIR
"""
import base64
import json
import pathlib
import sys
import tempfile
import zlib

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "support"))
from attnlab_run import run_attnlab  # noqa: E402

BASE = "https://example.org/attnlab/index.html"


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def raw_deflate(data, level):
    c = zlib.compressobj(level, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush()


def dump(binary, file):
    r = run_attnlab(binary, "--dump", file)
    assert r.returncode == 0, (file, r.stderr)
    return r.stdout


def main():
    binary, lessons, data = sys.argv[1], pathlib.Path(sys.argv[2]), pathlib.Path(sys.argv[3])
    files = sorted(lessons.glob("*.json")) + sorted(p for p in data.glob("*.json") if dump_ok(binary, p))
    assert len(files) >= 10, files
    checked = 0
    with tempfile.TemporaryDirectory() as tmp:
        for f in files:
            expected = dump(binary, f)
            r = run_attnlab(binary, f, "--link", BASE)
            assert r.returncode == 0 and r.stderr == "", (f, r.stderr)
            link = r.stdout.strip()
            assert link.startswith(BASE + "#z="), link[:80]
            # attnlab's link, read by Python: raw deflate of the scenario's JSON.
            text = zlib.decompress(unb64url(link[len(BASE) + 3:]), -15)
            back = pathlib.Path(tmp) / "back.json"
            back.write_bytes(text)
            assert dump(binary, back) == expected, f
            # The link itself, as FILE.
            assert dump(binary, link) == expected, f
            # Python's links, read by attnlab: the file's own text, deflated at every level, and plain.
            raw = f.read_bytes()
            for level in (0, 1, 6, 9):
                assert dump(binary, "#z=" + b64url(raw_deflate(raw, level))) == expected, (f, level)
            assert dump(binary, BASE + "#s=" + b64url(raw)) == expected, f
            # --link on a link gives the same link back (the same compact JSON, the same deflate).
            again = run_attnlab(binary, link, "--link", BASE)
            assert again.stdout.strip() == link, f
            checked += 1
    starts(binary, lessons)
    bad_links(binary)
    print(f"links: {checked} scenarios, each through attnlab's link and Python's (zlib, base64); bad links refused")


def starts(binary, lessons):
    """The app's start (here its headless text exports) opens a link as it opens the file: the
    scenario's link and the lesson's #lesson= give the file's export byte for byte."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {"XDG_STATE_HOME": tmp, "HOME": tmp, "PATH": "/usr/bin:/bin"}
        for lesson in sorted(lessons.glob("*.json"))[:3]:
            link = run_attnlab(binary, lesson, "--link").stdout.strip()
            outputs = []
            for i, source in enumerate([lesson, link, "index.html#lesson=" + lesson.stem]):
                out = pathlib.Path(tmp) / f"{i}.svg"
                r = run_attnlab(binary, source, "--export", out, env=env)
                assert r.returncode == 0, (source, r.stderr)
                outputs.append(out.read_bytes())
            assert outputs[0] == outputs[1] == outputs[2], lesson
        for source, words in [("index.html#lesson=nope", "no shipped lesson is named nope"),
                              ("index.html#exp=nope", "no shipped experiment is named nope"),
                              ("https://example.org/#z=AAAA", "is cut short")]:
            r = run_attnlab(binary, source, "--export", pathlib.Path(tmp) / "x.svg", env=env)
            assert r.returncode == 2 and words in r.stderr, (source, r.stderr)


def dump_ok(binary, path):
    """Test data that is a valid scenario (some files there are meant to be refused)."""
    return run_attnlab(binary, "--dump", path).returncode == 0


def bad_links(binary):
    bomb = "#z=" + b64url(raw_deflate(b"0" * (8 << 20), 9))
    cases = {
        "#z=not*base64": "not base64url",
        "#z=" + b64url(b"plain text"): "not raw deflate",
        bomb: "inflates to more than 1024 KiB",
        "#s=" + b64url(b'{"version": 1}'): "the link's scenario: ",
        "#s=" + b64url(b"\xff\xfe not json"): "the link's scenario: ",
        "#lesson=01_qkt_vs_qqt": "the window opens this one",
        BASE + "#q=abc": "expected #z=, #s=, #lesson=, #exp= or #model=",
    }
    for link, words in cases.items():
        r = run_attnlab(binary, "--dump", link)
        assert r.returncode == 2 and r.stdout == "" and words in r.stderr, (link[:40], r.returncode, r.stderr[:300])
        r = run_attnlab(binary, link, "--link")
        assert r.returncode == 2 and r.stdout == "" and words in r.stderr, (link[:40], r.stderr[:300])
    # A link of 2 or 3 KB whose number has 300 000 digits: the message quotes an excerpt of it, not the number.
    huge = json.loads((pathlib.Path(sys.argv[2]) / "01_qkt_vs_qqt.json").read_text())
    for translations in ("title_i18n", "notes_i18n"):  # the lesson in English alone: the link stays short
        huge.pop(translations, None)
    text = json.dumps(huge).replace('"d_model": ' + str(huge["d_model"]), '"d_model": ' + "1" * 300000, 1)
    link = "#z=" + b64url(raw_deflate(text.encode(), 9))
    assert len(link) < 3000, len(link)
    r = run_attnlab(binary, "--dump", link)
    assert r.returncode == 2 and "(300000 characters)" in r.stderr and len(r.stderr) < 500, (r.returncode, len(r.stderr), r.stderr[:500])
    # --grad on a link without a target: named as the link's scenario, not the whole link again.
    no_target = run_attnlab(binary, pathlib.Path(sys.argv[2]) / "01_qkt_vs_qqt.json", "--link").stdout.strip()
    r = run_attnlab(binary, "--grad", no_target)
    assert r.returncode == 2 and "the link's scenario: target: missing" in r.stderr and len(r.stderr) < 400, r.stderr[:500]
    for args, words in [(["--link"], "--link needs FILE"),
                        (["a.json", "--link", "x#y"], "without a #"),
                        (["a.json", "--link", "--screenshot", "o.png"], "takes no other option"),
                        (["a.json", "--link", "--dump", "b.json"], "--link and --dump: one at a time")]:
        r = run_attnlab(binary, *args)
        assert r.returncode == 2 and words in r.stderr, (args, r.stderr)
    # BASE defaults to index.html, the page beside the folder it is served from.
    lesson = pathlib.Path(sys.argv[2]) / "01_qkt_vs_qqt.json"
    assert run_attnlab(binary, lesson, "--link").stdout.startswith("index.html#z=")


if __name__ == "__main__":
    main()
