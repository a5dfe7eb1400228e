// The page in a real reveal.js deck at 1280 × 720, its iframes exactly as docs/web.md shows them:
// every embed of a documented size, as it is and as a presentation (?present=1), in the light theme
// on a light deck and the dark on a dark one, has a legible number in every cell, its Scores
// heatmaps fill their panel, and it shows no tooltip before the pointer comes.
//   ATTNLAB_SINGLE_FILE  build-web/attnlab.html (the page the deck embeds)
//   ATTNLAB_SHOTS        a folder for screenshots to look at (optional)
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { launchChromium, layoutSettled, startServer } from "./harness.mjs";

const single = process.env.ATTNLAB_SINGLE_FILE, shots = process.env.ATTNLAB_SHOTS || "";
if (!single || !fs.existsSync(single)) throw new Error(`ATTNLAB_SINGLE_FILE=${single}: no one-file page there (scripts/web writes it)`);
const reveal = path.join(path.dirname(fileURLToPath(import.meta.url)), "node_modules/reveal.js/dist");
if (!fs.existsSync(path.join(reveal, "reveal.js"))) throw new Error(`${reveal}: no reveal.js (npm ci in tests/web installs it)`);

// The documented frames: the slide's (docs/web.md, "In a slide or a notebook") at 1200 × 560, one
// panel and three; the notebook's IFrame at 1100 × 520, of its lesson (five tokens), on the slide too.
// Each of the slide's also as a presentation (?present=1): alone, its digits at least 3% of the
// frame's height (docs/web.md).
const kFrames = [
  { embed: "Scores", lesson: "01_qkt_vs_qqt", width: 1200, height: 560 },
  { embed: "Matrices,Scores,Softmax", lesson: "01_qkt_vs_qqt", width: 1200, height: 560 },
  // Read on a laptop's screen, not projected: numbers in every cell, the small font's 11 px at least
  // (five tokens' S ± Sᵀ parts have no room for 15 px digits beside Softmax).
  { embed: "Scores,Softmax", lesson: "06_scaling", width: 1100, height: 520, least: 11 },
  { embed: "Scores", lesson: "01_qkt_vs_qqt", width: 1200, height: 560, present: true },
  { embed: "Matrices,Scores,Softmax", lesson: "01_qkt_vs_qqt", width: 1200, height: 560, present: true },
];
// The smallest digits a class reads from a projected 1280 × 720 slide (issue 64): 14 CSS px, the
// regular font's 15 and not the small one's 11.
const kLegiblePx = 14;
const query = (f, theme) => `embed=${f.embed}&theme=${theme}${f.present ? "&present=1" : ""}`;
const named = (f) => f.embed + (f.present ? " (present)" : "");

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "attnlab-deck-"));
let browser, server;
before(async () => {
  fs.copyFileSync(single, path.join(dir, "attnlab.html"));
  fs.cpSync(reveal, path.join(dir, "reveal"), { recursive: true });
  for (const [theme, deck] of [["light", "white"], ["dark", "black"]]) {
    const slides = kFrames.map((f) => `<section>
  <h3>${named(f)}</h3>
  <iframe data-src="attnlab.html?${query(f, theme)}#lesson=${f.lesson}"
          data-preload width="${f.width}" height="${f.height}" style="border: 0"></iframe>
</section>`).join("\n");
    fs.writeFileSync(path.join(dir, `${theme}.html`), `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
<link rel="stylesheet" href="reveal/reveal.css"><link rel="stylesheet" href="reveal/theme/${deck}.css">
<div class="reveal"><div class="slides">
${slides}
</div></div>
<script src="reveal/reveal.js"></script>
<script>Reveal.initialize({ width: 1280, height: 720, hash: false });</script>`);
  }
  server = await startServer(dir);
  browser = await launchChromium(chromium);
});
after(async () => {
  await browser?.close();
  server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

for (const theme of ["light", "dark"]) {
  test(`a ${theme} deck: each documented frame has a legible number in every cell and no tooltip before the pointer comes`, async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
    await page.goto(`${server.url}${theme}.html`);
    await page.waitForFunction(() => window.Reveal && window.Reveal.isReady());
    for (const [i, f] of kFrames.entries()) {
      if (i > 0) {  // to the slide, its transition ended (the first is shown from the start)
        await page.evaluate((k) => new Promise((done) => {
          window.Reveal.on("slidetransitionend", function ended() { window.Reveal.off("slidetransitionend", ended); done(); });
          window.Reveal.slide(k);
        }), i);
      }
      const handle = await page.waitForSelector(`.slides > section:nth-child(${i + 1}) iframe[src]`);
      const frame = await handle.contentFrame();
      await frame.waitForFunction(() => window.attnlab && window.attnlab.ready);
      await frame.evaluate(() => window.attnlab.ready);
      await layoutSettled(frame);
      const layout = JSON.parse(await frame.evaluate(() => window.attnlab.layout()));
      assert.deepEqual(Object.keys(layout.panels).sort(), f.embed.split(",").sort(), f.embed);
      assert.equal(layout.tooltip, false, `${f.embed}: a tooltip before the pointer came`);
      const heatmaps = Object.entries(layout.heatmaps);
      assert.ok(heatmaps.length >= 2, `${f.embed}: ${heatmaps.length} heatmaps`);
      const least = f.least ?? (f.present && !f.embed.includes(",") ? Math.max(kLegiblePx, 0.03 * f.height) : kLegiblePx);
      for (const [key, hm] of heatmaps) {
        assert.ok(hm.numbers, `${theme}, ${named(f)}: ${key} has no numbers in its ${hm.cell} cells`);
        assert.ok(hm.number_px >= least, `${theme}, ${named(f)}: ${key}'s numbers are ${hm.number_px} px, not ${least}`);
        assert.ok(hm.text.every((t) => t === "" || /^\u2212?\d+\.\d\d?$/.test(t)), `${key}: ${hm.text}`);
      }
      // The four heatmaps of Scores, (S ± Sᵀ)/2 included, grow into their panel: its lower half
      // was empty under 56 px cells.
      for (const key of ["Scores/scores", "Scores/QQt", "Scores/sym", "Scores/antisym"]) assert.ok(layout.heatmaps[key], `${named(f)}: no ${key}`);
      const [, py, , ph] = layout.panels.Scores;
      const bottom = Math.max(...heatmaps.filter(([key]) => key.startsWith("Scores/")).map(([, hm]) => hm.rect[1] + hm.rect[3]));
      assert.ok(bottom - py > 0.6 * ph, `${theme}, ${named(f)}: the Scores heatmaps end ${bottom - py} px down a panel ${ph} tall`);
      const digits = heatmaps.map(([key, hm]) => `${key} ${hm.number_px}`).join(", ");
      console.log(`${theme}, ${named(f)}: ${digits}`);
      const box = await handle.boundingBox();
      assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= 1280 && box.y + box.height <= 720, `${f.embed}: the frame is on the slide: ${JSON.stringify(box)}`);
      if (shots) {
        await page.screenshot({ path: path.join(shots, `deck_${theme}_${i + 1}.png`) });
        await handle.screenshot({ path: path.join(shots, `deck_${theme}_${i + 1}_frame.png`) });
      }
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}
