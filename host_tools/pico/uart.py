"""The emulated Pico as a serial port: mpremote (and so `make deploy` and
`make export PORT=...`) talks to it as to a board on a USB cable.

    with UartChip(run.ROMFS, image, rom_image, respond=selftest_presses()) as chip:
        deploy.deploy(chip.port, ...)        # mpremote connect chip.port ...
        record = chip.wait_reset()           # ended by deploy's reset; record.flash_dump

    python -m host_tools.pico.uart [--stock] [--flash-dir DIR]   # a board for mpremote by hand

pico.mjs runs the build's UART-REPL firmware free (no timeline) with UART0
on a TCP port; Debian's socat puts a pseudo-terminal in front of it, linked
at ``chip.port``. The chip is on USB power (VBUS high), as a board is while
a computer deploys to it. ``port`` is handed over once the referee is ready
(its first nap after drawing), as a maker plugs a board in and waits for its
menu. The run ends when the firmware resets the chip (machine.reset(), the
last step of a deploy): the record holds the whole flash as it was left,
for the next session (``UartChip(build, flash=record.flash_dump)``) or a
timeline run (``run.run_chip(..., firmware=<that flash as a .bin>)``).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

from host_tools import flash_image, paths, romfs
from host_tools.pico import run
from host_tools.pico.script import Timeline

PRESS_MS = 100  # how long a responder holds a button down


def selftest_presses() -> list[tuple[str, int, int]]:
    """What a person does during deploy's self-test: each button pressed
    in turn, the first when the panel shows the test (host_tools/selftest.py
    prints "SELFTEST display ok", then a line for each button pressed)."""
    buttons, _board = run.board_pins()
    cue = "SELFTEST display ok"
    presses = []
    for name in ("up", "down", "ok", "back"):
        presses.append((cue, buttons[name], PRESS_MS))
        cue = f"SELFTEST button {name.upper()}"
    return presses


class UartChip:
    """One free run of the emulated Pico with UART0 served to mpremote.
    ``image`` is the LittleFS filesystem and ``rom_image`` the ROMFS
    partition (b"": left erased); or ``flash`` is a whole flash from an
    earlier run, firmware included. ``respond``: [(line the chip prints,
    GPIO to press, ms held)]."""

    def __init__(
        self,
        build: run.Build,
        image: bytes = b"",
        rom_image: bytes = b"",
        flash: bytes | None = None,
        respond: list[tuple[str, int, int]] | None = None,
    ):
        self.build = build
        self.image = image
        self.rom_image = rom_image
        self.flash = flash
        self.respond = respond or []
        self.port = ""
        self.record: run.ChipRun | None = None

    def __enter__(self) -> UartChip:
        if shutil.which("socat") is None:
            raise run.ChipError("socat is missing: make pytest installs it (Debian's socat)")
        self._tmp = tempfile.TemporaryDirectory(prefix="pico-uart-")
        work = Path(self._tmp.name)
        options: dict = {"firmware": self.build.uart_firmware, "rom_image": self.rom_image}
        if self.flash is not None:
            # The whole flash as a .bin from offset 0: firmware, partition and filesystem.
            (work / "before.bin").write_bytes(self.flash)
            options = {"firmware": work / "before.bin", "rom_image": b""}
        self._job = run.make_job(
            Timeline(),
            b"" if self.flash is not None else self.image,
            work,
            usb=True,
            probe_ack=True,  # the self-test's i2c.scan() finds the panel
            build=self.build,
            uart={"respond": [list(r) for r in self.respond]},
            **options,
        )
        self._stderr = (work / "harness.err").open("w")
        self._node = subprocess.Popen(
            ["node", str(run.HARNESS), str(self._job), str(self._job.with_name("result.json"))],
            cwd=paths.ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            text=True,
            start_new_session=True,  # a Ctrl-C at the terminal is the host's to handle
        )
        self._socat: subprocess.Popen | None = None
        try:
            tcp_port = self._expect("listening")["port"]
            self.port = str(work / "ttyPICO")
            self._socat = subprocess.Popen(
                [
                    "socat",
                    "-d",
                    "-d",
                    f"PTY,link={self.port},raw,echo=0",
                    f"TCP:127.0.0.1:{tcp_port}",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
                start_new_session=True,
            )
            self._await_socat()
            self._expect("ready")
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def _expect(self, event: str) -> dict:
        """The harness's next line, which must be ``event`` (it ends the
        run and says why if the chip fails first: no line, then)."""
        assert self._node.stdout is not None
        line = self._node.stdout.readline()
        if not line:
            record = self._finish()
            raise run.ChipError(f"the chip stopped before '{event}': {record.error}")
        message = json.loads(line)
        if message.get("event") != event:
            raise run.ChipError(f"expected '{event}' from the harness, got {line.strip()}")
        return message

    def _await_socat(self) -> None:
        """Until socat has its pseudo-terminal linked and the TCP side
        connected (its "starting data transfer loop" line), then its
        further log lines drained in the background."""
        assert self._socat is not None and self._socat.stderr is not None
        log = self._socat.stderr
        said = []
        for line in log:
            said.append(line)
            if "starting data transfer loop" in line:
                threading.Thread(target=log.read, daemon=True).start()
                return
        raise run.ChipError("socat did not start: " + "".join(said[-3:]))

    def wait_reset(self, within_s: float | None = 120) -> run.ChipRun:
        """The run's record once the firmware has reset the chip, which ends
        the run (``within_s`` wall seconds only guard against a hang)."""
        try:
            self._node.wait(timeout=within_s)
        except subprocess.TimeoutExpired:
            pass  # stopped below; no reset in the record says so
        record = self._finish()
        if record.reset is None:
            raise run.ChipError(f"the run ended without a reset: {record.error}")
        return record

    def _finish(self) -> run.ChipRun:
        """The record, the run stopped first if it is still going."""
        if self.record is None:
            assert self._node.stdin is not None
            try:
                self._node.stdin.write("stop\n")  # a run still going ends here
                self._node.stdin.flush()
            except (BrokenPipeError, ValueError):
                pass  # it had ended
            self.record = run.finish(self._node, self._job)
            self._stderr.close()
            if self.record.error is None and self._node.returncode:
                err = self._job.with_name("harness.err").read_text()
                raise run.ChipError(f"the Pico harness failed:\n{err}")
        return self.record

    def __exit__(self, *exc) -> None:
        try:
            if self._node.poll() is None or self.record is None:
                try:
                    self._finish()
                except run.ChipError:
                    if exc[0] is None:
                        raise
        finally:
            if self._socat is not None:
                self._socat.kill()
                self._socat.wait()
            self._tmp.cleanup()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="The emulated Pico on a serial port, for mpremote")
    ap.add_argument(
        "--stock", action="store_true", help="stock MicroPython, the referee on the filesystem"
    )
    ap.add_argument("--flash-dir", type=Path, help="files to add to the flash, e.g. data/game.jnl")
    args = ap.parse_args(argv)
    paths.use_firmware()
    build = run.STOCK if args.stock else run.ROMFS
    extra = flash_image.folder_files(args.flash_dir) if args.flash_dir else {}
    image = flash_image.referee_image(extra, in_rom=build.in_rom)
    rom_image = romfs.referee_image() if build.in_rom else b""
    with UartChip(build, image, rom_image, respond=selftest_presses()) as chip:
        print(
            f"the referee is up: mpremote connect {chip.port}  (until the board resets, or Ctrl-C)"
        )
        try:
            record = chip.wait_reset(within_s=None)
        except KeyboardInterrupt:
            return 0
    print(f"the board reset after {record.end_us / 1e6:.1f} emulated s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
