#!/usr/bin/env python3
"""attnlab.html: the page in one file (docs/web.md, "One file"). The served page's index.html with
its code (attnlab.js), the wasm, the data (lessons, experiments, shaders, the font) and the lab's
training worker (attnlab_training.js) inside, so that the file alone, opened from the disk, from a
course site's download or from an e-mail, is the page and asks for nothing else.

The wasm, the data package and the worker go in gzipped (the wasm to a quarter, the data to a half),
as base64. At start a small loader unzips them with the browser's DecompressionStream, hands the
first two to emscripten's loader through Module.wasmBinary and Module.getPreloadedPackage (the two
hooks it asks before it fetches either) and the worker to the page as a Blob's address, and only
then runs the page's code, which waits in a script element of its own type until then.

Usage: single_file.py SITE_DIR OUT.html
"""
import base64
import gzip
import pathlib
import re
import sys

BEGIN = "<!-- BEGIN attnlab.js"
END = "<!-- END attnlab.js -->"


def inline_script(code, what, attributes=""):
    """code inside <script>…</script>: a "</script" in it would end the element early."""
    if re.search(r"<!--|<script", code, re.IGNORECASE):
        sys.exit(f"single_file: {what} holds <!-- or <script, which would change how the HTML parser reads it")
    if "\r" in code or "\0" in code:  # the parser reads CR as LF and NUL as U+FFFD: the code would change
        sys.exit(f"single_file: {what} holds a CR or a NUL, which the HTML parser would not keep as they are")
    opening = f"<script {attributes}>" if attributes else "<script>"
    return opening + "\n" + re.sub(r"</(script)", r"<\\/\1", code, flags=re.IGNORECASE) + "\n</script>\n"


def main(site, out):
    page = (site / "index.html").read_text(encoding="utf-8")
    start, end = page.find(BEGIN), page.find(END)
    if start < 0 or end < start:
        sys.exit(f"single_file: {site / 'index.html'} has no {BEGIN} … {END} block to replace")
    packed = lambda name: base64.b64encode(gzip.compress((site / name).read_bytes(), 9, mtime=0)).decode("ascii")
    wasm, data, training = packed("attnlab.wasm"), packed("attnlab.data"), packed("attnlab_training.js")
    loader = f"""(function () {{
  // The page's wasm and data, here instead of beside the page (web/single_file.py): unzipped, handed
  // to emscripten's loader, then the page's code (the script element "attnlab-code") runs.
  function unzip(base64) {{
    var text = atob(base64), n = text.length, bytes = new Uint8Array(n);
    for (var i = 0; i < n; ++i) bytes[i] = text.charCodeAt(i);
    return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
  }}
  // window.attnlab.ready from the start, as the served page has it once its code is in: the page's
  // code (web/page_pre.js) settles this promise.
  var early = {{}};
  early.promise = new Promise(function (resolve, reject) {{ early.resolve = resolve; early.reject = reject; }});
  early.promise.catch(function () {{}});
  Module.attnlabEarlyReady = early;
  window.attnlab = {{ ready: early.promise }};
  function failed(why) {{
    var said = document.getElementById("status");
    said.textContent = why;
    said.className = "failed";
    early.reject(new Error(why));
  }}
  if (typeof DecompressionStream === "undefined") {{
    failed("This browser is too old for attnlab (it has no DecompressionStream): use a current Chrome, Edge, Firefox or Safari.");
    return;
  }}
  Promise.all([unzip("{wasm}"), unzip("{data}"), unzip("{training}")]).then(function (parts) {{
    Module.wasmBinary = new Uint8Array(parts[0]);
    Module.getPreloadedPackage = function () {{ return parts[1]; }};
    // The lab's Web Worker (attnlab_training.js, its wasm inside) from a Blob: a page from the disk
    // may start a worker from a blob: address, not from a file.
    Module.attnlabTrainingUrl = URL.createObjectURL(new Blob([parts[2]], {{ type: "text/javascript" }}));
    Module.attnlabSingleFile = true;
    // Run as an inline script: document.currentScript.src is then empty, harmless while the code
    // fetches nothing beside the page (the wasm and data are handed over above).
    var waiting = document.getElementById("attnlab-code"), code = document.createElement("script");
    code.text = waiting.textContent + "\\n//# sourceURL=attnlab.js";
    waiting.remove();
    document.body.appendChild(code);
  }}, function (e) {{
    failed("attnlab could not unpack itself: " + e);
  }});
}})();"""
    code = (site / "attnlab.js").read_text(encoding="utf-8")
    body = "<!-- attnlab.js, attnlab.wasm and attnlab.data inside (web/single_file.py) -->\n" + \
        inline_script(code, "attnlab.js", 'type="text/x-attnlab" id="attnlab-code"') + inline_script(loader, "the loader")
    html = page[:start] + body + page[end + len(END) + 1:]
    out.write_text(html, encoding="utf-8")
    print(f"single_file: {out} ({out.stat().st_size // 1024} KiB)", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]))
