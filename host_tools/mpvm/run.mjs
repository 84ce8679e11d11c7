// The MicroPython VM lane: run Python in the real MicroPython VM (the
// WebAssembly port from npm) with the firmware, the fakes and the display
// driver copied into its /lib.
//
//   node host_tools/mpvm/run.mjs [--heap KB] --lib DIR [--lib DIR ...]
//        [--data DIR] (--file FILE | --code SRC) [--file ... | --code ...]
//
// Each --file/--code is a separate runPython call: the VM only collects
// garbage when control returns to JavaScript, so heap figures need the
// measurement split across calls. A Python exception exits with status 1.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const args = process.argv.slice(2);
let heapKB = 512;
const libs = [];
const calls = [];
let dataDir = null; // files for the VM's /data folder (a saved game)
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === "--heap") heapKB = Number(args[++i]);
  else if (a === "--lib") libs.push(args[++i]);
  else if (a === "--file") calls.push(readFileSync(args[++i], "utf8"));
  else if (a === "--code") calls.push(args[++i]);
  else if (a === "--data") dataDir = args[++i];
  else {
    console.error(`run.mjs: unknown argument ${a}`);
    process.exit(2);
  }
}

let pending = "";
const mp = await loadMicroPython({
  heapsize: heapKB * 1024,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
  linebuffer: true,
});

function copyTree(src, dst) {
  for (const name of readdirSync(src)) {
    if (name === "__pycache__" || name.endsWith(".dist-info")) continue;
    const from = join(src, name);
    const to = `${dst}/${name}`;
    if (statSync(from).isDirectory()) {
      try { mp.FS.mkdir(to); } catch { /* exists */ }
      copyTree(from, to);
    } else if (name.endsWith(".py") || name.endsWith(".mpy")) {
      mp.FS.writeFile(to, readFileSync(from));
    }
  }
}

try { mp.FS.mkdir("/lib"); } catch { /* exists */ }
for (const dir of libs) copyTree(dir, "/lib");
if (dataDir) {
  mp.FS.mkdir("/data");
  for (const name of readdirSync(dataDir)) mp.FS.writeFile(`/data/${name}`, readFileSync(join(dataDir, name)));
}

for (const src of calls) {
  try {
    mp.runPython(src);
  } catch (err) {
    process.stderr.write(String(err.message || err) + "\n");
    process.exit(1);
  }
}
