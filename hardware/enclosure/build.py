"""``make enclosure``: the printable files and the pictures of the box.

    python -m hardware.enclosure.build [--out DIR] [--png DIR]

Writes ``base``, ``lid`` and ``cap_<label>`` (five) as STL (binary, for the slicer) and STEP (for a CAD program)
into ``--out`` (default build/enclosure/: generated, not kept in git; every ``make enclosure`` makes them again
from the model), and the renders ``box.png`` and ``inside.png`` into ``--png`` (default hardware/enclosure/, shown in
hardware/README.md). The pictures are drawn with matplotlib (Agg, no window) from the tessellated model.
"""

import argparse
import os
import struct
import sys

import numpy as np

from host_tools import ROOT

OUT = os.path.join(ROOT, "build", "enclosure")
PNG = os.path.join(ROOT, "hardware", "enclosure")
TOLERANCE = 0.02        # mm: the STL's largest distance from the true surface
ANGULAR = 0.2           # rad
COLOURS = {"base": (0.16, 0.36, 0.62), "lid": (0.20, 0.45, 0.75), "cap": (0.95, 0.80, 0.15),
           "pico": (0.10, 0.55, 0.25), "charger": (0.12, 0.25, 0.60), "battery": (0.55, 0.55, 0.60),
           "power_switch": (0.25, 0.25, 0.25), "oled": (0.08, 0.08, 0.25), "button_board": (0.70, 0.55, 0.30)}


def printed(m):
    """{file name without extension: solid} of the printed parts, as they sit in the box (the slicer lays the lid on
    its top): base, lid, cap_up ... cap_ok."""
    out = {"base": m.base, "lid": m.lid}
    for label, cap in m.caps.items():
        out["cap_" + label.lower()] = cap
    return out


def mesh(solid, tolerance=TOLERANCE):
    """The tessellated ``solid``: (vertices float array (n, 3), triangles int array (k, 3))."""
    verts, tris = solid.tessellate(tolerance, ANGULAR)
    return np.array([(v.X, v.Y, v.Z) for v in verts], dtype=float), np.array(tris, dtype=np.int64).reshape(-1, 3)


def read_stl(path):
    """The triangles of binary STL file ``path``: float array (k, 3, 3)."""
    with open(path, "rb") as f:
        data = f.read()
    (n,) = struct.unpack_from("<I", data, 80)
    rec = np.frombuffer(data, dtype=np.dtype([("n", "<f4", 3), ("v", "<f4", (3, 3)), ("a", "<u2")]), count=n,
                        offset=84)
    return rec["v"].astype(float)


def write(m, out, step=True):
    """The STL (and with ``step`` the STEP) files of every printed part into folder ``out``; returns their paths."""
    from build123d import export_step, export_stl

    os.makedirs(out, exist_ok=True)
    paths = []
    for name, solid in printed(m).items():
        stl = os.path.join(out, name + ".stl")
        export_stl(solid, stl, tolerance=TOLERANCE, angular_tolerance=ANGULAR)
        paths.append(stl)
        if step:
            paths.append(os.path.join(out, name + ".step"))
            export_step(solid, paths[-1], timestamp="2026-01-01T00:00:00")
    return paths


def _view(elev, azim):
    """The rotation (3x3) that turns the model so that the camera looks down -z, from ``elev`` degrees above the
    horizon and ``azim`` degrees around z (matplotlib's convention)."""
    a, e = np.radians(azim), np.radians(elev)
    rz = np.array([[np.cos(a), np.sin(a), 0], [-np.sin(a), np.cos(a), 0], [0, 0, 1]])
    rz = np.array([[0, 1, 0], [-1, 0, 0], [0, 0, 1]]) @ rz     # the camera's x to the right
    rx = np.array([[1, 0, 0], [0, np.sin(e), np.cos(e)], [0, -np.cos(e), np.sin(e)]])
    return rx @ rz


def raster(items, size, elev, azim):
    """A z-buffered picture of ``items`` (list of (solid, colour, shift)): (RGB float array (h, w, 3), the function
    that maps a model point to its pixel (x, y)). Flat shading from a light over the viewer's left shoulder, dark
    lines where the depth or the shade jumps (the outlines)."""
    w, h = size
    rot = _view(elev, azim)
    tris, cols = [], []
    for solid, colour, shift in items:
        v, t = mesh(solid, 0.1)
        tri = (v[t] + np.array(shift)) @ rot.T
        tris.append(tri)
        cols.append(np.tile(colour, (len(tri), 1)))
    tri = np.concatenate(tris)
    col = np.concatenate(cols)
    n = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
    n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-12)
    light = np.array([-0.35, 0.45, 0.82])
    shade = 0.30 + 0.70 * np.abs(n @ (light / np.linalg.norm(light)))
    lo, hi = tri.reshape(-1, 3).min(axis=0), tri.reshape(-1, 3).max(axis=0)
    scale = 0.92 * min(w / (hi[0] - lo[0]), h / (hi[1] - lo[1]))
    off = np.array([w / 2 - scale * (lo[0] + hi[0]) / 2, h / 2 + scale * (lo[1] + hi[1]) / 2])

    def pixel(p):
        q = np.asarray(p, dtype=float) @ rot.T
        return off[0] + scale * q[0], off[1] - scale * q[1]

    sx = off[0] + scale * tri[:, :, 0]
    sy = off[1] - scale * tri[:, :, 1]
    depth = np.full((h, w), -np.inf)
    image = np.ones((h, w, 3))
    tone = np.zeros((h, w))
    for k in range(len(tri)):
        x, y, z = sx[k], sy[k], tri[k, :, 2]
        x0, x1 = max(int(x.min()), 0), min(int(x.max()) + 1, w - 1)
        y0, y1 = max(int(y.min()), 0), min(int(y.max()) + 1, h - 1)
        if x1 < x0 or y1 < y0:
            continue
        area = (x[1] - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (y[1] - y[0])
        if abs(area) < 1e-9:
            continue
        px, py = np.meshgrid(np.arange(x0, x1 + 1) + 0.5, np.arange(y0, y1 + 1) + 0.5)
        b1 = ((px - x[0]) * (y[2] - y[0]) - (x[2] - x[0]) * (py - y[0])) / area
        b2 = ((x[1] - x[0]) * (py - y[0]) - (px - x[0]) * (y[1] - y[0])) / area
        b0 = 1 - b1 - b2
        inside = (b0 >= -1e-6) & (b1 >= -1e-6) & (b2 >= -1e-6)
        zz = b0 * z[0] + b1 * z[1] + b2 * z[2]
        win = depth[y0:y1 + 1, x0:x1 + 1]
        nearer = inside & (zz > win)
        win[nearer] = zz[nearer]
        image[y0:y1 + 1, x0:x1 + 1][nearer] = col[k] * shade[k]
        tone[y0:y1 + 1, x0:x1 + 1][nearer] = shade[k]
    solid = np.isfinite(depth)
    d = np.where(solid, depth, lo[2] - 50)
    edge = np.zeros((h, w), dtype=bool)
    for axis in (0, 1):
        jump = np.abs(np.diff(d, axis=axis)) > 1.2        # mm of depth between neighbouring pixels
        jump |= np.abs(np.diff(tone, axis=axis)) > 0.06
        if axis == 0:
            edge[1:] |= jump
        else:
            edge[:, 1:] |= jump
    image[edge] *= 0.35
    return image, pixel


def render(items, path, title, elev=28, azim=-60, labels=()):
    """Draw ``items`` (list of (solid, colour, shift)) into PNG ``path``: ``raster``'s picture shown with matplotlib
    (Agg, no window), ``title`` over it and ``labels`` (list of (x, y, z, text)) written at those model points."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    w, h = 720, 440
    image, pixel = raster(items, (w, h), elev, azim)
    fig = plt.figure(figsize=(w / 100, (h + 30) / 100), dpi=100)
    ax = fig.add_axes((0, 0, 1, h / (h + 30)))
    ax.imshow(image, interpolation="nearest")
    for x, y, z, text in labels:
        px, py = pixel((x, y, z))
        ax.text(px, py, text, fontsize=8, ha="center", va="bottom", color="black",
                bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.8})
    ax.set_axis_off()
    fig.suptitle(title, fontsize=10, y=0.98)
    fig.savefig(path, dpi=100, metadata={"Software": None})
    plt.close(fig)


def renders(m, folder):
    """box.png (closed, and the lid from below beside it) and inside.png (the base open, every part in it) into
    ``folder``; returns their paths."""
    cap = COLOURS["cap"]
    length, width, height = m.size
    closed = [(m.base, COLOURS["base"], (0, 0, 0)), (m.lid, COLOURS["lid"], (0, 0, 0))]
    closed += [(c, cap, (0, 0, 0)) for c in m.caps.values()]
    labels = [(x, y, height + 6, label) for label, (x, y, _z) in m.switches.items()]
    box_png = os.path.join(folder, "box.png")
    render(closed, box_png, "Dealer Box, %g x %g x %g mm: screen window, five caps" % m.size, labels=labels)
    lift = (0, 0, 34)
    inside = [(m.base, COLOURS["base"], (0, 0, 0))]
    inside += [(s, COLOURS[name], lift if name in ("oled", "button_board") else (0, 0, 0))
               for name, s in m.parts.items()]
    inside += [(c, cap, lift) for c in m.caps.values()]
    inside_png = os.path.join(folder, "inside.png")
    render(inside, inside_png, "Inside: Pico, charger, battery, switch; the lid's screen and buttons lifted",
           elev=38, azim=110)
    return [box_png, inside_png]


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m hardware.enclosure.build", description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=OUT, help="folder for the STL and STEP files (default build/enclosure)")
    ap.add_argument("--png", default=PNG, help="folder for the renders (default hardware/enclosure)")
    args = ap.parse_args(argv)
    from hardware.enclosure import model

    m = model.build()
    for line in model.summary(m):
        print("enclosure:", line)
    for path in write(m, args.out) + renders(m, args.png):
        print("enclosure: wrote %s (%d KB)" % (os.path.relpath(path, ROOT), (os.path.getsize(path) + 1023) // 1024))
    return 0


if __name__ == "__main__":
    sys.exit(main())
