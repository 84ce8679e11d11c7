// The hardware pictures as a browser draws them (tests/test_hardware_layout.py):
//   node svg_layout.mjs CHROMIUM OUT.json PICTURE.svg:SHOT.png ...
//
// Opens each SVG in headless Chromium (Debian's package, driven by
// playwright-core, as the browser lane does), screenshots it, and reads
// back what a reader sees: the canvas, every label's box as drawn (after
// its rotation, in the picture's own units), and points along every wire
// (line, polyline, path) with its stroke's half-width. The test judges them.
import { chromium } from "playwright-core";
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [executable, outPath, ...pictures] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: executable,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const results = {};
try {
  for (const spec of pictures) {
    const [svgPath, shotPath] = spec.split(":");
    const page = await browser.newPage({ deviceScaleFactor: 2 });
    await page.goto(pathToFileURL(svgPath).href);
    const found = await page.evaluate(() => {
      const svg = document.documentElement;
      const origin = svg.getBoundingClientRect();
      const box = (el) => {
        const r = el.getBoundingClientRect();
        return [r.left - origin.left, r.top - origin.top, r.right - origin.left, r.bottom - origin.top];
      };
      const labels = [...svg.querySelectorAll("text")].map((el) => ({ text: el.textContent, box: box(el) }));
      const wires = [...svg.querySelectorAll("line, polyline, path")].map((el) => {
        const length = el.getTotalLength();
        const points = [];
        for (let at = 0; at <= length; at += 1) {
          const p = el.getPointAtLength(at);
          points.push([p.x, p.y]);
        }
        const end = el.getPointAtLength(length);
        points.push([end.x, end.y]);
        const half = parseFloat(getComputedStyle(el).strokeWidth || "1") / 2;
        const name = el.getAttribute("data-a") ? `${el.getAttribute("data-a")}-${el.getAttribute("data-b")}` : el.outerHTML.slice(0, 80);
        return { name, half, points };
      });
      return { width: svg.width.baseVal.value, height: svg.height.baseVal.value, labels, wires };
    });
    await page.setViewportSize({ width: Math.ceil(found.width), height: Math.ceil(found.height) });
    await page.screenshot({ path: shotPath });
    results[svgPath] = found;
    await page.close();
  }
} finally {
  await browser.close();
}
writeFileSync(outPath, JSON.stringify(results));
