// A MicroPython REPL on stdin/stdout, for mpremote through a pseudo-terminal:
// the test rig for `make deploy` (tests/test_deploy.py). The rig's quirks live
// here, not in deploy: a soft reset re-initialises the REPL instead of ending
// the VM, raw-paste mode is declined (mpremote then uses plain raw mode), and
// Emscripten's errno 44 is reported as ENOENT (2), as a board would.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
// Emscripten reports ENOENT as errno 44; mpremote looks for errno 2.
let held = "";
let flushing = false;
const out = (s) => {
  held += Buffer.from(s).toString("latin1");
  if (!flushing) {
    flushing = true;
    setImmediate(() => {
      flushing = false;
      const text = held.replace(/OSError: 44\b/g, "OSError: [Errno 2] ENOENT");
      held = "";
      process.stdout.write(Buffer.from(text, "latin1"));
    });
  }
};
const mp = await loadMicroPython({ heapsize: 1024 * 1024, stdout: (b) => out(b), linebuffer: false });
mp.FS.mkdir("/lib");
mp.replInit();
let pending = [];
let busy = false;
process.stdin.on("data", (buf) => { pending.push(...buf); pump(); });
async function pump() {
  if (busy) return;
  busy = true;
  while (pending.length) {
    if (pending[0] === 5 && pending.length < 3) break;  // wait: maybe a raw-paste request
    if (pending.length >= 3 && pending[0] === 5 && pending[1] === 65 && pending[2] === 1) {
      pending.splice(0, 3);
      out(Buffer.from([82, 0]));  // "R\x00": no raw-paste here
      continue;
    }
    const c = pending.shift();
    const r = await mp.replProcessCharWithAsyncify(c);
    if (r) {
      out("soft reboot\r\n");
      mp.replInit();  // stays in the raw REPL and prints its prompt, as a board does
    }
  }
  busy = false;
}
