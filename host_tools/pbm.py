"""The panel's frames as plain PBM text (one 0/1 per pixel): the golden
images in tests/golden/ are viewable and diffable, and every lane compares
against them through these two functions."""


def to_pbm(image: bytes) -> str:
    """1,024 bytes in the SSD1306's page order (VirtualSSD1306.pixels()) as PBM."""
    rows = []
    for y in range(64):
        rows.append(" ".join(str(image[(y >> 3) * 128 + x] >> (y & 7) & 1) for x in range(128)))
    return "P1\n128 64\n" + "\n".join(rows) + "\n"


def from_pbm(text: str) -> bytes:
    lines = text.split("\n")
    if lines[:2] != ["P1", "128 64"]:
        raise ValueError("not a 128x64 plain PBM")
    image = bytearray(1024)
    for y, line in enumerate(lines[2:66]):
        for x, bit in enumerate(line.split()):
            if bit == "1":
                image[(y >> 3) * 128 + x] |= 1 << (y & 7)
    return bytes(image)
