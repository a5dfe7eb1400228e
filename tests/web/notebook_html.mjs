// A notebook exported to HTML (tests/python/test_notebook.py), opened from the disk in headless
// chromium with no network: the first page shown inside it becomes ready and shows the scenario whose
// --dump is WANT; the second becomes ready too. Exit 0, or 1 with what differs.
// Usage: node notebook_html.mjs NOTEBOOK.html WANT.json   (ATTNLAB_SHOTS: a folder for a screenshot)
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { launchChromium } from "./harness.mjs";

const [html, wantFile] = process.argv.slice(2);
const want = fs.readFileSync(wantFile, "utf8");
const browser = await launchChromium(chromium);
let failed = "";
try {
  const page = await (await browser.newContext({ viewport: { width: 1300, height: 1000 } })).newPage();
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto("file://" + path.resolve(html));
  const frames = await page.$$("iframe");
  if (frames.length !== 2) throw new Error(`expected the notebook's 2 pages, found ${frames.length} iframes`);
  const dumps = [];
  for (const element of frames) {
    await element.scrollIntoViewIfNeeded();
    const frame = await element.contentFrame();
    await frame.waitForFunction(() => window.attnlab && window.attnlab.ready, null, { timeout: 120000 });
    await frame.evaluate(() => window.attnlab.ready);
    dumps.push(await frame.evaluate(() => window.attnlab.dump()));
  }
  if (dumps[0] !== want) failed = "the first page's dump() is not the notebook's scenario's --dump";
  else if (JSON.parse(dumps[1]).tokens.join(" ") !== "a b c d e") failed = "the second page does not show the torch module's scenario";
  if (process.env.ATTNLAB_SHOTS) {
    await frames[0].scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(process.env.ATTNLAB_SHOTS, "notebook_html.png") });
  }
  // The outer page's own errors (a notebook's HTML asks a CDN for MathJax, which is not here) are not the page's.
  console.log(JSON.stringify({ frames: frames.length, errors }));
} catch (e) {
  failed = String(e && e.stack || e);
} finally {
  await browser.close();
}
if (failed) {
  console.error(failed);
  process.exit(1);
}
