#!/usr/bin/env python3
"""Writes the PNG seeds of corpus/image_decode/ (run by hand: fuzz/make_png_seeds.py DIR).

Tiny images in the PNG variants the decoder must expand to 8-bit BGR: RGB, palette with
transparency, 1-bit grey, 16-bit RGBA, grey+alpha, and an Adam7-interlaced image.
"""
import struct
import sys
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(width, height, depth, colour, rows, interlace=0, extra=b""):
    """rows(width, height) -> the filtered scanline bytes of one (sub)image."""
    ihdr = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, interlace)
    if interlace:
        # Adam7: seven passes, each a small image of the pixels it covers.
        passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        raw = b""
        for x0, y0, dx, dy in passes:
            w = max(0, (width - x0 + dx - 1) // dx)
            h = max(0, (height - y0 + dy - 1) // dy)
            if w and h:
                raw += rows(w, h)
    else:
        raw = rows(width, height)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def pixels(bytes_per_pixel):
    return lambda w, h: b"".join(b"\x00" + bytes((x * 37 + y * 11 + c * 5) & 0xFF for x in range(w) for c in range(bytes_per_pixel)) for y in range(h))


def main():
    out = sys.argv[1] + "/"
    seeds = {
        "rgb.png": png(7, 5, 8, 2, pixels(3)),
        "palette-trns.png": png(6, 4, 4, 3, lambda w, h: b"".join(b"\x00" + bytes((x * 16 + y) & 0x33 for x in range((w + 1) // 2)) for y in range(h)),
                                extra=chunk(b"PLTE", bytes(range(48))) + chunk(b"tRNS", b"\x00\x80\xff")),
        "grey-1bit.png": png(9, 3, 1, 0, lambda w, h: b"".join(b"\x00" + bytes([0xA5 ^ y, 0x80]) for y in range(h))),
        "rgba16.png": png(3, 3, 16, 6, pixels(8)),
        "grey-alpha.png": png(4, 4, 8, 4, pixels(2)),
        "interlaced.png": png(9, 9, 8, 2, pixels(3), interlace=1),
    }
    for name, data in seeds.items():
        with open(out + name, "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
