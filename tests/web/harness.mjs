// What the page's tests and its benchmark share: a static server for the page's folder on
// 127.0.0.1 (any free port), and Debian's chromium, headless, with software WebGL 2.
import { spawn } from "node:child_process";

// isolated: the page is cross-origin isolated (COOP and COEP headers), so that its clock reads
// frame times to 5 µs; otherwise chromium rounds them to 100 µs with random jitter, and a frame of
// three vsyncs (50.0 ms) reads anywhere from 49.8 to 50.2 (scripts/bench's drag figure).
const kIsolatedServer = `
import functools, http.server, sys
class Handler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=sys.argv[1]))
print(f"Serving HTTP on 127.0.0.1 port {server.server_address[1]}", flush=True)
server.serve_forever()
`;

export async function startServer(site, { isolated = false } = {}) {
  const args = isolated ? ["-u", "-c", kIsolatedServer, site]
                        : ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", site];
  const child = spawn("python3", args, { stdio: ["ignore", "pipe", "ignore"] });
  const port = await new Promise((resolve, reject) => {
    child.on("exit", (code) => reject(new Error(`the page's server exited (${code})`)));
    child.stdout.on("data", (d) => { const m = /port (\d+)/.exec(String(d)); if (m) resolve(m[1]); });
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

// SwiftShader's WebGL (no GPU here), and none of chromium's calls home (the network is closed).
// memory: gc() and exact performance.memory figures, for the page's memory test.
export function launchChromium(chromium, { memory = false } = {}) {
  return chromium.launch({
    executablePath: process.env.ATTNLAB_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--use-gl=angle", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
           "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
           "--disable-quic", ...(memory ? ["--js-flags=--expose-gc", "--enable-precise-memory-info"] : [])],
  });
}

// Waits until the page (or frame) has laid itself out: window.attnlab.layout() the same in three
// frames in a row. A count of frames waited instead was too few on a loaded machine, where a
// panel still grew into its place (a scrollbar, a font at the kept zoom) after it: a wait for an
// event, not for a time. Fails after 600 frames.
export async function layoutSettled(target) {
  const same = await target.evaluate(() => new Promise((done) => {
    let last = "", runs = 0, left = 600;
    const step = () => {
      const now = window.attnlab.layout();
      runs = now === last ? runs + 1 : 0;
      last = now;
      if (runs >= 2) return done(true);
      if (--left === 0) return done(false);
      requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  }));
  if (!same) throw new Error("the layout did not settle in 600 frames");
}

// A control by its key (window.attnlab.layout()), once drawn, pressed as a hand does: down until
// the page has drawn two frames, then up (Dear ImGui reads the mouse once a frame).
export const drawn = (page, n) => page.evaluate((k) => new Promise((done) => {
  const step = (left) => (left === 0 ? done() : requestAnimationFrame(() => step(left - 1)));
  step(k);
}), n);
export async function clickControl(page, key) {
  await page.waitForFunction((k) => JSON.parse(window.attnlab.layout()).controls[k], key, { timeout: 10000 });
  const [x, y, w, h] = JSON.parse(await page.evaluate(() => window.attnlab.layout())).controls[key];
  await page.mouse.move(x + w / 2, y + h / 2);
  await drawn(page, 2);
  await page.mouse.down();
  await drawn(page, 2);
  await page.mouse.up();
  await drawn(page, 2);
}
