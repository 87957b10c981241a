#!/usr/bin/env python3
"""Draws the app icons (a corner of a go board with a black and a white stone) as PNG files.

Pure standard library so it runs on a bare machine: python3 scripts/make-icons.py
"""
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "public" / "icons"
WOOD = (220, 179, 92)
LINE = (60, 40, 20)
BLACK = (20, 20, 20)
WHITE = (245, 245, 240)


def png(path, size, pixel):
    rows = bytearray()
    for y in range(size):
        rows.append(0)
        for x in range(size):
            rows.extend(pixel(x, y))
    raw = zlib.compress(bytes(rows), 9)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


def scene(u, v, safe):
    """Colour at (u, v) in [0, 1]^2; `safe` shrinks the drawing into the maskable safe zone."""
    c = 0.5
    u = c + (u - c) / safe
    v = c + (v - c) / safe
    stones = [((0.3, 0.3), 0.185, BLACK), ((0.7, 0.5), 0.185, WHITE)]
    for (sx, sy), r, col in stones:
        d = ((u - sx) ** 2 + (v - sy) ** 2) ** 0.5
        if d < r:
            return col
        if d < r + 0.012:
            return LINE
    for k in range(5):
        g = 0.1 + 0.2 * k
        if abs(u - g) < 0.008 and 0.1 - 0.008 <= v <= 0.9 + 0.008:
            return LINE
        if abs(v - g) < 0.008 and 0.1 - 0.008 <= u <= 0.9 + 0.008:
            return LINE
    return WOOD


def icon(size, safe):
    n = 3

    def pixel(x, y):
        acc = [0, 0, 0]
        for i in range(n):
            for j in range(n):
                col = scene((x + (i + 0.5) / n) / size, (y + (j + 0.5) / n) / size, safe)
                for k in range(3):
                    acc[k] += col[k]
        return bytes(a // (n * n) for a in acc)

    return pixel


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    png(OUT / "icon-192.png", 192, icon(192, 1.0))
    png(OUT / "icon-512.png", 512, icon(512, 1.0))
    png(OUT / "icon-maskable-512.png", 512, icon(512, 0.75))
    print("icons written to", OUT)
