// What the page's tests and its benchmark share: a static server for the page's folder on
// 127.0.0.1 (any free port), and Debian's chromium, headless, with software WebGL 2.
import { spawn } from "node:child_process";

export async function startServer(site) {
  const child = spawn("python3", ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", site],
                      { stdio: ["ignore", "pipe", "ignore"] });
  const port = await new Promise((resolve, reject) => {
    child.on("exit", (code) => reject(new Error(`the page's server exited (${code})`)));
    child.stdout.on("data", (d) => { const m = /port (\d+)/.exec(String(d)); if (m) resolve(m[1]); });
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}

// SwiftShader's WebGL (no GPU here), and none of chromium's calls home (the network is closed).
export function launchChromium(chromium) {
  return chromium.launch({
    executablePath: process.env.ATTNLAB_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--use-gl=angle", "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
           "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
           "--disable-quic"],
  });
}
