// The lab's run in the page against the desktop's: a shipped experiment, changed, trained by the
// native `attnlab --train`, and the page's lab() held to its medians. For page.test.mjs and
// single_file.test.mjs, each with its own native runner and scratch folder.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";

// assets/experiments/NAME under root with `changes` over its fields: the experiment, and the
// variants of the RESULT that `native(["--train", FILE, "--out", OUT])` writes for it in `home`.
export function trainedNatively(native, root, home, name, changes) {
  const experiment = { ...JSON.parse(fs.readFileSync(path.join(root, "assets/experiments", name), "utf8")), ...changes };
  const stem = path.join(home, `${path.basename(name, ".json")}-${experiment.steps}-${experiment.seeds}`);
  fs.writeFileSync(`${stem}.json`, JSON.stringify(experiment));
  native(["--train", `${stem}.json`, "--out", `${stem}.result.json`]);
  return { experiment, reference: JSON.parse(fs.readFileSync(`${stem}.result.json`, "utf8")).variants };
}

// lab() (window.attnlab.lab()) against the RESULT's variants: the same designs, a median loss
// before each step and after the last, each to 1e-9 relative, and the median test losses.
export function assertSameMedians(lab, reference) {
  assert.deepEqual(lab.names, reference.map((v) => v.name));
  const close = (got, want, what) => assert.ok(Math.abs(got - want) <= 1e-9 * Math.abs(want), `${what}: ${got} against ${want}`);
  for (let v = 0; v < reference.length; ++v) {
    const want = reference[v].median_loss, got = lab.loss[v];
    assert.equal(got.length, want.length, `${lab.names[v]}: a loss before each step and after the last`);
    for (let i = 0; i < want.length; ++i) close(got[i], want[i], `${lab.names[v]} step ${i}`);
    close(lab.test_loss[v], reference[v].median_test_loss, `${lab.names[v]}'s test loss`);
  }
}
