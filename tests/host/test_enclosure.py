"""The enclosure fits (hardware/enclosure/): every part inside the cavity and clear of the shell and of each other,
walls printable, no support needed, caps over their switches, the screen behind its window, both USB ports and the
power switch reachable, the lid closing, the buttons in the pin map's order, the STL files watertight.

The model is built once per test session (about 5 s); every check is a boolean of OpenCascade solids (volumes in
mm3) or a measure of the tessellated mesh. build123d comes from requirements-cad.txt (the Makefile installs it for
`make test`); without it these tests are skipped, except in CI where that is a failure.
"""

import gc
import os
import re

import numpy as np
import pytest

if os.environ.get("CI") != "true":
    pytest.importorskip("build123d", reason="requirements-cad.txt not installed (make test installs it)")

from build123d import Pos  # noqa: E402

from hardware.enclosure import build as encl_build  # noqa: E402
from hardware.enclosure import model as encl  # noqa: E402
from host_tools import ROOT  # noqa: E402

# build123d's import (at collection: the whole run holds it) leaves ~350,000 objects; out of the cyclic collector's
# way for the rest of the run, or every full collection walks them (~0.2 s each): the fault sweeps that run later in
# the same pytest took 171 s instead of 20
gc.freeze()

EPS = 1e-6      # mm3: a boolean's volume counted as nothing (OpenCascade's round-off)


@pytest.fixture(scope="module")
def m():
    return encl.build()


def overlap(a, b):
    """The volume (mm3) that solids ``a`` and ``b`` share; 0 without computing when their boxes are apart."""
    ba, bb = a.bounding_box(), b.bounding_box()
    if (ba.min.X >= bb.max.X or bb.min.X >= ba.max.X or ba.min.Y >= bb.max.Y or bb.min.Y >= ba.max.Y
            or ba.min.Z >= bb.max.Z or bb.min.Z >= ba.max.Z):
        return 0.0
    return (a & b).volume


def test_overlap_sees_a_part_in_the_wall(m):
    """The check itself: the battery pushed 3 mm into the side wall overlaps the base and leaves the cavity."""
    moved = Pos(0, 3.0, 0) * m.parts["battery"]
    assert overlap(moved, m.base) > 100
    assert (moved - m.cavity).volume > 100


def test_every_part_inside_the_cavity_and_clear(m):
    assert sorted(m.parts) == ["battery", "button_board", "charger", "oled", "pico", "power_switch"]
    names = list(m.parts)
    for i, name in enumerate(names):
        part = m.parts[name]
        assert part.volume > 100, name
        assert (part - m.cavity).volume < EPS, name
        assert overlap(part, m.base) < EPS, name
        assert overlap(part, m.lid) < EPS, name
        for label, cap in m.caps.items():
            assert overlap(part, cap) < EPS, (name, label)
        for other in names[i + 1:]:
            assert overlap(part, m.parts[other]) < EPS, (name, other)


def test_wires_have_their_room(m):
    """The band between the floor's parts and the lid's (83.6 x 47.6 x 4 mm: the inside less the bosses' corners)
    is free for the wires."""
    assert m.wires.volume == pytest.approx(83.6 * 47.6 * 4.0)
    for name, part in list(m.parts.items()) + [("base", m.base), ("lid", m.lid)]:
        assert overlap(m.wires, part) < EPS, name


def test_usb_ports_and_switch_reachable(m):
    """A cable's plug (its overmould) slides from outside the box into the Pico's micro-USB and the charger's USB-C
    without touching anything; the switch's lever comes out through its slot with room for its travel."""
    length, width, _h = m.size
    assert m.reach["plug_micro_usb"].bounding_box().min.X < 0 < m.reach["plug_micro_usb"].bounding_box().max.X
    assert m.reach["plug_micro_usb"].bounding_box().max.X == pytest.approx(m.pico_usb[0])
    assert m.reach["plug_usb_c"].bounding_box().min.X == pytest.approx(m.charger_usb[0])
    assert m.reach["plug_usb_c"].bounding_box().max.X > length
    lever = m.reach["power_switch_lever"]
    assert lever.bounding_box().max.Y > width
    travel = encl.PARTS["power_switch"]["travel"]
    for name, solid in m.reach.items():
        moves = [solid] if name != "power_switch_lever" else [Pos(d, 0, 0) * solid for d in (-travel / 2, travel / 2)]
        for s in moves:
            for other, part in list(m.parts.items()) + [("base", m.base), ("lid", m.lid)]:
                assert overlap(s, part) < EPS, (name, other)


def test_caps_centred_over_their_switches(m):
    _l, _w, height = m.size
    assert sorted(m.caps) == sorted(m.switches)
    for label, cap in m.caps.items():
        x, y, plunger_top = m.switches[label]
        c = cap.center()
        assert abs(c.X - x) < 0.05 and abs(c.Y - y) < 0.05, label
        bb = cap.bounding_box()
        assert bb.min.Z == pytest.approx(plunger_top)        # resting on the plunger
        assert bb.max.Z == pytest.approx(height + encl.CAP_PROUD)
        assert overlap(cap, m.lid) < EPS and overlap(cap, m.base) < EPS, label
    pressed = Pos(0, 0, -encl.PARTS["switch"]["travel"]) * m.caps["OK"]     # pressed, it stays in its hole
    assert overlap(pressed, m.lid) < EPS


def test_buttons_in_the_pin_maps_order(m):
    """The caps carry the labels and the order of hardware/pinout.md, diagram.json and the wiring picture (all three
    drawn from the pin map by host_tools.wiring), and sit as a cross: UP over OK over DOWN, LEFT and RIGHT beside."""
    with open(os.path.join(ROOT, "hardware", "pinout.md")) as f:
        rows = re.findall(r"^\| Button (\w+) \| to GPIO \| GP(\d+) \|", f.read(), re.M)
    assert [(label, int(gpio)) for label, gpio in rows] == m.buttons
    assert m.buttons == [("UP", 10), ("DOWN", 11), ("LEFT", 12), ("RIGHT", 13), ("OK", 14)]
    from host_tools import wiring

    wired = [(a.split(":")[0][4:].upper(), b) for a, b, _c in wiring.connections() if a.endswith(":1.l")]
    assert [w[0] for w in wired] == [b[0] for b in m.buttons]
    assert [w[1] for w in wired] == ["pico:GP%d" % g for _l, g in m.buttons]
    assert list(m.switches) == [b[0] for b in m.buttons]
    s = m.switches
    assert s["UP"][1] > s["OK"][1] > s["DOWN"][1] and s["UP"][0] == s["OK"][0] == s["DOWN"][0]
    assert s["LEFT"][0] < s["OK"][0] < s["RIGHT"][0] and s["LEFT"][1] == s["OK"][1] == s["RIGHT"][1]


def test_screen_seen_through_the_window(m):
    """A column straight up from the whole active area of the OLED leaves the lid untouched; the glass is larger
    than the window on every side (it cannot fall through) and lies against the lid's underside."""
    x0, y0, x1, y1 = m.active
    assert (x1 - x0, y1 - y0) == pytest.approx((21.744, 10.864))
    _l, _w, height = m.size
    column = encl.box(x0, y0, m.glass_top, x1 - x0, y1 - y0, height - m.glass_top + 5)
    assert overlap(column, m.lid) < EPS
    wider = encl.box(x0 - 1.0, y0, m.glass_top, x1 - x0 + 2.0, y1 - y0, height)     # 1 mm more: the lid is there
    assert overlap(wider, m.lid) > 1
    wx0, wy0, wx1, wy1 = m.window
    gx0, gy0, gx1, gy1 = m.glass
    assert gx0 < wx0 and gx1 > wx1 and gy0 < wy0 and gy1 > wy1
    glass = encl.box(gx0, gy0, m.glass_top - 0.5, gx1 - gx0, gy1 - gy0, 0.5)     # its top half millimetre
    assert overlap(glass, m.parts["oled"]) == pytest.approx(glass.volume)       # is the OLED's model there
    assert m.parts["oled"].bounding_box().max.Z == pytest.approx(encl.TOP_Z)


def test_lid_closes(m):
    """Assembled, the lid and the base share no volume, the plate sits on the rim, the lip is inside the walls,
    and each screw hole of the lid is over a boss's pilot hole."""
    assert overlap(m.lid, m.base) < EPS
    assert m.lid.bounding_box().min.Z < encl.TOP_Z <= m.base.bounding_box().max.Z + 1e-9
    assert m.base.bounding_box().max.Z == pytest.approx(encl.TOP_Z)
    lifted = Pos(0, 0, 0.5) * m.lid
    shifted = Pos(0.5, 0, 0) * m.lid         # the lip locates it: half a millimetre sideways is into the wall
    assert overlap(lifted, m.base) < EPS and overlap(shifted, m.base) > 1
    for x, y in m.screws:
        screw = encl.cyl(x, y, encl.TOP_Z - encl.BOSS_DEPTH + 0.5, 2.0, encl.BOSS_DEPTH + encl.WALL + 1)
        assert overlap(screw, m.lid) < EPS and overlap(screw, m.base) < EPS


def thickness(verts, tris, reach=5.0):
    """The material's thickness under each triangle of a closed mesh: the distance along the inward normal from
    its centroid to the next surface, up to ``reach`` mm (float array, one per triangle; ``reach`` where thicker).

    Moller-Trumbore, 256 rays at a time against the triangles whose box meets those rays' box (the rays sorted
    by place first, so each group's box is small)."""
    tri = verts[tris]
    n = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
    n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-12)
    origin = tri.mean(axis=1) - n * 1e-4
    order = np.lexsort(np.floor(origin / 8.0).T)
    lo, hi = tri.min(axis=1), tri.max(axis=1)
    e1, e2 = tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0]
    out = np.full(len(tri), reach)
    for start in range(0, len(tri), 256):
        rays = order[start:start + 256]
        ends = np.concatenate([origin[rays], origin[rays] - n[rays] * reach])
        near = np.nonzero(((lo <= ends.max(axis=0)) & (hi >= ends.min(axis=0))).all(axis=1))[0]
        if not len(near):
            continue
        o, r = origin[rays, None, :], -n[rays, None, :]
        a, b, c0 = e1[None, near], e2[None, near], tri[None, near, 0]
        p = np.cross(r, b)
        det = np.einsum("ijk,ijk->ij", a, p)
        ok = np.abs(det) > 1e-12
        inv = np.where(ok, 1.0 / np.where(ok, det, 1), 0)
        s = o - c0
        u = np.einsum("ijk,ijk->ij", s, p) * inv
        q = np.cross(s, a)
        v = np.einsum("ijk,ijk->ij", r, q) * inv
        t = np.einsum("ijk,ijk->ij", b, q) * inv
        hit = ok & (u >= 0) & (v >= 0) & (u + v <= 1) & (t > 1e-6)
        out[rays] = np.minimum(np.where(hit, t, np.inf).min(axis=1) + 1e-4, reach)
    return out


def test_thickness_sees_a_thin_wall():
    """The measure itself: a 10 mm cube is 10 thick everywhere, a 1 mm plate 1 mm at its faces."""
    v, t = encl_build.mesh(encl.box(0, 0, 0, 10, 10, 10), 0.05)
    assert thickness(v, t, reach=20).min() == pytest.approx(10.0)
    assert thickness(v, t).max() == 5.0             # thicker than ``reach``: reach
    v, t = encl_build.mesh(encl.box(0, 0, 0, 10, 10, 1), 0.05)
    assert thickness(v, t).min() == pytest.approx(1.0)


@pytest.mark.parametrize("name", ["base", "lid"])
def test_walls_printable(m, name):
    """No wall, rib, boss or pin of the printed parts is thinner than ``MIN_WALL`` (1.6 mm: four perimeters of a
    0.4 mm nozzle); a facet of a tessellated cylinder measures a little under its diameter (0.1 mm allowed)."""
    v, t = encl_build.mesh(getattr(m, name), 0.05)
    thick = thickness(v, t)
    assert thick.min() >= encl.MIN_WALL - 0.1
    assert thick.min() < encl.WALL          # the thinnest features are the 1.6 mm ribs, lip, pins


def _overhangs(solid, flipped=False):
    """The faces of ``solid`` that would need support, printed with its lowest face on the bed (upside down when
    ``flipped``): faces turned down more than 45 degrees that are neither on the bed nor a flat bridge of at most
    ``BRIDGE_MAX`` (list of (centre, normal, size))."""
    sign = -1 if flipped else 1
    bb = solid.bounding_box()
    bed = bb.max.Z if flipped else bb.min.Z
    bad = []
    for face in solid.faces():
        points = [face.center()] + [v.center() for v in face.vertices()]
        for p in points:
            nz = sign * face.normal_at(p).Z
            if nz >= -0.71:
                continue
            fb = face.bounding_box()
            on_bed = abs((fb.max.Z if flipped else fb.min.Z) - bed) < 1e-6 and fb.size.Z < 1e-6
            bridge = nz < -0.999 and max(fb.size.X, fb.size.Y) <= encl.BRIDGE_MAX
            if not (on_bed or bridge):
                bad.append((tuple(face.center()), nz, (fb.size.X, fb.size.Y)))
            break
    return bad


def test_prints_without_supports(m):
    """The base prints as it stands, the lid upside down, the caps flange down: no overhang past 45 degrees but
    short bridges (the openings' tops: 12.6, 13.0 and 6.6 mm)."""
    assert _overhangs(m.base) == []
    assert _overhangs(m.lid, flipped=True) == []
    for cap in m.caps.values():
        assert _overhangs(cap) == []
    assert _overhangs(m.lid) != []          # the check itself: the lid the other way up would need support


def edges_shared_twice(triangles):
    """True when every edge of ``triangles`` (float array (k, 3, 3)) is shared by exactly two triangles, once in
    each direction (a closed, consistently oriented surface: watertight)."""
    pts = np.round(triangles.reshape(-1, 3), 4)
    _u, ids = np.unique(pts, axis=0, return_inverse=True)
    ids = ids.reshape(-1, 3)
    directed = np.concatenate([ids[:, [0, 1]], ids[:, [1, 2]], ids[:, [2, 0]]])
    directed = directed[directed[:, 0] != directed[:, 1]]
    pairs, counts = np.unique(directed, axis=0, return_counts=True)
    if (counts != 1).any():
        return False
    have = {(a, b) for a, b in pairs.tolist()}
    return all((b, a) in have for a, b in have)


def test_stl_files_watertight(m, tmp_path):
    paths = [p for p in encl_build.write(m, str(tmp_path), step=False)]
    assert sorted(os.path.basename(p) for p in paths) == sorted(
        ["base.stl", "lid.stl", "cap_up.stl", "cap_down.stl", "cap_left.stl", "cap_right.stl", "cap_ok.stl"])
    for path in paths:
        tri = encl_build.read_stl(path)
        assert len(tri) > 100, path
        assert edges_shared_twice(tri), path
    assert not edges_shared_twice(tri[1:])      # the check itself: one triangle missing is a hole
