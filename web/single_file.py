#!/usr/bin/env python3
"""attnlab.html: the page in one file (docs/web.md, "One file"). The served page's index.html with
its code (attnlab.js), the wasm and the data (lessons, experiments, shaders, the font) inside, so
that the file alone, opened from the disk, from a course site's download or from an e-mail, is
the page and asks for nothing else.

The wasm goes to Module.wasmBinary and the data package to Module.getPreloadedPackage, the two
hooks emscripten's loader asks before it fetches either; both as base64, decoded once at start.

Usage: single_file.py SITE_DIR OUT.html
"""
import base64
import pathlib
import re
import sys

BEGIN = "<!-- BEGIN attnlab.js"
END = "<!-- END attnlab.js -->"


def inline_script(code, what):
    """code inside <script>…</script>: a "</script" in it would end the element early."""
    if re.search(r"<!--|<script", code, re.IGNORECASE):
        sys.exit(f"single_file: {what} holds <!-- or <script, which would change how the HTML parser reads it")
    return "<script>\n" + re.sub(r"</(script)", r"<\\/\1", code, flags=re.IGNORECASE) + "\n</script>\n"


def main(site, out):
    page = (site / "index.html").read_text(encoding="utf-8")
    start, end = page.find(BEGIN), page.find(END)
    if start < 0 or end < start:
        sys.exit(f"single_file: {site / 'index.html'} has no {BEGIN} … {END} block to replace")
    wasm = base64.b64encode((site / "attnlab.wasm").read_bytes()).decode("ascii")
    data = base64.b64encode((site / "attnlab.data").read_bytes()).decode("ascii")
    loader = f"""(function () {{
  // The page's wasm and data, here instead of beside the page (web/single_file.py).
  function bytes(base64) {{
    var text = atob(base64), n = text.length, out = new Uint8Array(n);
    for (var i = 0; i < n; ++i) out[i] = text.charCodeAt(i);
    return out;
  }}
  Module.wasmBinary = bytes("{wasm}");
  var data = bytes("{data}");
  Module.getPreloadedPackage = function () {{ return data.buffer; }};
  Module.attnlabSingleFile = true;
}})();"""
    code = (site / "attnlab.js").read_text(encoding="utf-8")
    body = "<!-- attnlab.js, attnlab.wasm and attnlab.data inside (web/single_file.py) -->\n" + \
        inline_script(loader, "the loader") + inline_script(code, "attnlab.js")
    html = page[:start] + body + page[end + len(END) + 1:]
    out.write_text(html, encoding="utf-8")
    print(f"single_file: {out} ({out.stat().st_size // 1024} KiB)", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]))
