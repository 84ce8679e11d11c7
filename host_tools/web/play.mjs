// node play.mjs URL TIMELINE.json OUT.json: play a button timeline in headless
// Chromium with real key events; the canvas at each snap, in the panel's layout (hex).
import { chromium } from "playwright-core";
import { readFileSync, writeFileSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
const [url, tlPath, outPath] = process.argv.slice(2);
const tl = JSON.parse(readFileSync(tlPath, "utf8"));
const ctx = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "referee-web-")), {
  executablePath: "/usr/bin/chromium", headless: true, viewport: { width: 600, height: 500 },
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"] });
const page = await ctx.newPage();
page.on("pageerror", (e) => console.log("pageerror:", e.message));
await page.goto(url);
await page.waitForFunction(() => window.referee && window.referee.frames > 0, null, { timeout: 30000 });
const KEYS = ["ArrowUp", "ArrowDown", "Enter", "Escape"];
const events = [];
for (const [t, b, down] of tl.changes) events.push([t, "key", b, down]);
for (const [name, t] of tl.snaps) events.push([t + 0.5, "snap", name]);
events.sort((a, b) => a[0] - b[0]);
const snaps = {};
const t0 = Date.now();
for (const ev of events) {
  const wait = t0 + ev[0] - Date.now();
  if (wait > 0) await page.waitForTimeout(wait);
  if (ev[1] === "key") await (ev[3] ? page.keyboard.down(KEYS[ev[2]]) : page.keyboard.up(KEYS[ev[2]]));
  else snaps[ev[2]] = await page.evaluate(() => {
    const c = document.getElementById("panel").getContext("2d").getImageData(0, 0, 128, 64).data;
    const out = new Uint8Array(1024);
    for (let y = 0; y < 64; y++) for (let x = 0; x < 128; x++) if (c[(y * 128 + x) * 4 + 2] > 128) out[(y >> 3) * 128 + x] |= 1 << (y & 7);
    return Array.from(out, (v) => v.toString(16).padStart(2, "0")).join("");
  });
}
writeFileSync(outPath, JSON.stringify(snaps));
await ctx.close();
process.exit(0);
