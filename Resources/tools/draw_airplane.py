#!/usr/bin/env python3
"""Draws Resources/images/airplane.png: a white airliner seen from above, for the airplane
pull-to-refresh loader.

    python3 Resources/tools/draw_airplane.py [output.png]

The icon is 28×28 points drawn at 2× (56×56 pixels; load it with scale 2), white on a
transparent background, antialiased by 8×8 supersampling. Python 3 standard library only.

Which way the nose points: the loader flies the plane along a circle that starts at its
rightmost point and runs clockwise on screen (y grows downward), so at the start the plane is
heading straight down. While it flies, the layer turns by `transform.rotation` 0 → 2π in step
with the circle, so the nose keeps its angle to the direction of travel. For the plane to fly
nose first the whole way round, the unrotated image points down (+y): HEADING_DEGREES = 90
(0 would be right, measured clockwise on screen like every angle in UIKit).
"""

import math
import struct
import sys
import zlib

POINTS = 28  # icon size in points
SCALE = 2  # pixels per point
SUPERSAMPLE = 8  # samples per pixel along each axis
HEADING_DEGREES = 90  # nose direction, clockwise from +x on a y-down screen

# The plane in points, nose along +x, centred on (0, 0); y is the wing axis. Each shape is a
# polygon; the silhouette is their union.
FUSELAGE_HALF_WIDTH = 1.7


def fuselage():
    """A slender body with a rounded nose (x = 13) and a tapered tail (x = -12.5)."""
    pts = []
    nose_x = 13.0 - FUSELAGE_HALF_WIDTH * 1.6  # where the nose's half-ellipse begins
    for i in range(0, 17):  # half-ellipse from one side of the nose to the other
        a = -math.pi / 2 + math.pi * i / 16
        pts.append((nose_x + 1.6 * FUSELAGE_HALF_WIDTH * math.cos(a),
                    FUSELAGE_HALF_WIDTH * math.sin(a)))
    pts += [(-8.0, FUSELAGE_HALF_WIDTH), (-12.5, 0.7), (-12.5, -0.7),
            (-8.0, -FUSELAGE_HALF_WIDTH)]
    return pts


def mirrored(half):
    """A shape given for the +y side and its mirror image in the x axis."""
    return [half, [(x, -y) for (x, y) in half]]


# Main wings: swept back, root chord at the fuselage, narrower tip chord.
WING = [(3.2, 1.0), (-3.4, 12.8), (-5.9, 12.8), (-2.6, 1.0)]


def ellipse(cx, cy, rx, ry, steps=24):
    angles = [2 * math.pi * i / steps for i in range(steps)]
    return [(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in angles]


# Engines hanging under the wings, seen from above as pods sticking out ahead of the wing.
ENGINE = ellipse(1.4, 5.6, 2.0, 1.0)
# Horizontal tail: a small swept copy of the wing.
TAIL = [(-8.2, 1.0), (-11.4, 5.4), (-12.8, 5.4), (-11.6, 1.0)]


def shapes():
    return [fuselage()] + mirrored(WING) + mirrored(ENGINE) + mirrored(TAIL)


def to_samples(poly):
    """Rotates a polygon to the heading and maps points to sample coordinates."""
    h = math.radians(HEADING_DEGREES)
    c, s = math.cos(h), math.sin(h)
    centre = POINTS / 2
    k = SCALE * SUPERSAMPLE
    return [((centre + x * c - y * s) * k, (centre + x * s + y * c) * k) for (x, y) in poly]


def coverage(polys, size):
    """Fraction of each pixel covered by the union of the polygons (each filled even-odd)."""
    n = size * SUPERSAMPLE
    counts = [0] * (size * size)
    for row in range(n):
        y = row + 0.5  # sample centres
        covered = bytearray(n)
        for poly in polys:
            xs = []
            for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1]):
                if (y0 <= y < y1) or (y1 <= y < y0):
                    xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
            xs.sort()
            for a, b in zip(xs[0::2], xs[1::2]):
                # Samples whose centre (col + 0.5) lies in [a, b).
                first = max(0, math.ceil(a - 0.5))
                last = min(n, math.ceil(b - 0.5))
                for col in range(first, last):
                    covered[col] = 1
        base = (row // SUPERSAMPLE) * size
        for col in range(n):
            if covered[col]:
                counts[base + col // SUPERSAMPLE] += 1
    return [c / (SUPERSAMPLE * SUPERSAMPLE) for c in counts]


def png(width, height, rgba_rows):
    """A PNG file: 8-bit RGBA, non-interlaced, each row with filter type 0."""
    def chunk(kind, data):
        body = kind + data
        crc = zlib.crc32(body) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + body + struct.pack(">I", crc)

    raw = b"".join(b"\x00" + bytes(row) for row in rgba_rows)
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9))
            + chunk(b"IEND", b""))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "Resources/images/airplane.png"
    size = POINTS * SCALE
    cov = coverage([to_samples(p) for p in shapes()], size)
    rows = []
    for y in range(size):
        row = []
        for x in range(size):
            alpha = round(255 * cov[y * size + x])
            # Straight (not premultiplied) alpha, as PNG stores it; transparent pixels are
            # white too, so any filtering towards them keeps the edge white.
            row += [255, 255, 255, alpha]
        rows.append(row)
    with open(out, "wb") as f:
        f.write(png(size, size, rows))


if __name__ == "__main__":
    main()
