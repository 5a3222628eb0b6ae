"""The Dealer Box enclosure, parametric, in build123d: a base, a lid, five button caps, and the parts they hold.

    from hardware.enclosure.model import build
    box = build()      # a Model: box.base, box.lid, box.caps {label: solid}, box.parts {name: solid}, ...

Millimetres; x along the box's length, y across, z up; the origin at the base's outer bottom corner. The sizes
of the parts come from ``parts.PARTS`` (hardware/bom.md's parts), the layout from the constants below:

- **base** (printed as it stands, floor on the bed): floor and walls ``WALL`` thick, four screw bosses in the
  corners (M2.5 self-tapping, 2.2 mm pilot holes), standoffs for the Pico (M2), rails for the charger, ribs
  that keep the battery in its bay, a holder for the slide switch; openings for the Pico's micro-USB (flashing),
  the charger's USB-C and the switch's lever. Every overhang is a bridge of at most ``BRIDGE_MAX``.
- **lid** (printed upside down, its top on the bed): the top plate with the screen's window and the caps'
  holes, a lip that locates it inside the base's walls, posts that hold the OLED's glass against the window,
  bosses that hold the buttons' board under the caps, four screw holes over the base's bosses.
- **caps** (printed flange down): a stem through the lid, a flange under the plate that keeps the cap in and
  rests on the switch's plunger.

The lid carries the screen and the buttons (wired to the Pico below with ~10 cm of wire: the ``wires`` room
between the floor's parts and the lid's is kept free); the base carries the Pico, the battery, the charger
and the power switch. tests/host/test_enclosure.py proves the fit.
"""

import math

from build123d import Align, Axis, Box, Cylinder, Pos, fillet

from hardware.enclosure.parts import PARTS, battery_bay, buttons

WALL = 2.0          # side walls, floor and lid plate
MIN_WALL = 1.6      # the thinnest wall a 0.4 mm nozzle prints solid (4 perimeters); every wall is at least this
BRIDGE_MAX = 15.0   # the longest bridge printed without supports
CLEAR = 0.3         # the gap between printed parts that move or slide together
LENGTH, WIDTH, HEIGHT = 104.0, 68.0, 28.0   # outside, assembled
CORNER_R = 4.0
TOP_Z = HEIGHT - WALL                        # the base's rim = the lid plate's underside
LIP_H = 3.0
BOSS_D, BOSS_HOLE, BOSS_DEPTH = 6.4, 2.2, 12.0  # the base's screw bosses (M2.5 x 14 self-tapping)
BOSS_INSET = WALL + 4.0                     # a boss's centre from the outside walls
LID_HOLE = 2.8
PITCH = 15.0                                # between the centres of neighbouring buttons (the cross)
CAP_D, CAP_FLANGE_D, CAP_FLANGE_H, CAP_PROUD = 10.0, 13.0, 1.2, 1.5
SCREEN_X0 = 10.0                            # the OLED board's left edge
PAD_CENTER = (75.0, WIDTH / 2)              # the OK button (the cross's centre)
OLED_POST_D, OLED_PIN_D = 4.0, 1.6          # the OLED's posts: a shoulder on its board, a pin through its hole
WINDOW_MARGIN = 0.8                         # the window's edge past the active area
PICO_X0, PICO_YC = 10.0, 15.0               # the Pico: its USB edge and its centre line
CHARGER_X1, CHARGER_YC = 94.4, 16.0         # the charger: its USB-C edge and centre line
BATTERY_X0, BATTERY_Y0 = 10.0, 28.5
SWITCH_X0 = 76.0
WIRES_Z = (10.0, 14.0)                      # the wires' room between the floor's parts and the lid's
RIB = 1.6
# where the caps sit, relative to the OK button: from the firmware's names (parts.buttons)
CROSS = {"UP": (0, 1), "DOWN": (0, -1), "LEFT": (-1, 0), "RIGHT": (1, 0), "OK": (0, 0)}


def box(x0, y0, z0, dx, dy, dz):
    """A box from corner (x0, y0, z0), size (dx, dy, dz)."""
    return Pos(x0, y0, z0) * Box(dx, dy, dz, align=(Align.MIN, Align.MIN, Align.MIN))


def cyl(x, y, z0, d, h):
    """An upright cylinder of diameter ``d`` from (x, y, z0), ``h`` high."""
    return Pos(x, y, z0) * Cylinder(d / 2, h, align=(Align.CENTER, Align.CENTER, Align.MIN))


def rounded(x0, y0, z0, dx, dy, dz, r):
    """A box whose vertical edges are rounded to radius ``r``."""
    b = box(x0, y0, z0, dx, dy, dz)
    return fillet(b.edges().filter_by(Axis.Z), r) if r > 0 else b


def union(solids):
    out = solids[0]
    for s in solids[1:]:
        out = out + s
    return out


class Model:
    """The built model: ``base``, ``lid``, ``caps`` ({label: solid}), ``parts`` ({name: solid}: what must sit inside
    the ``cavity``), ``reach`` ({name: solid}: what passes through an opening: the switch's lever, the USB plugs),
    ``wires`` (the room kept free for the wires), and the figures the tests read: ``switches`` ({label: (x, y,
    plunger top z)}), ``buttons`` (list of (label, GPIO) in the firmware's order), ``active`` and ``window``
    ((x0, y0, x1, y1)), ``glass`` (the OLED's glass, the same), ``glass_top`` (z)."""


def _cross():
    """{label: (x, y)} of the buttons' centres, in the firmware's order."""
    out = {}
    for label, _gpio in buttons():
        dx, dy = CROSS[label]
        out[label] = (PAD_CENTER[0] + dx * PITCH, PAD_CENTER[1] + dy * PITCH)
    return out


def _oled(m):
    """The OLED module under the window, glass up against the lid plate; sets m.active, m.window, m.glass_top."""
    p = PARTS["oled"]
    px, py, pz = p["pcb"]
    gx, gy, gz = p["glass"]
    y0 = (WIDTH - py) / 2
    glass_top = TOP_Z
    pcb_top = glass_top - gz
    gx0 = SCREEN_X0 + (px - gx) / 2
    gy0 = y0 + p["glass_y"]
    ax, ay = p["active"]
    ax0 = gx0 + (gx - ax) / 2
    ay0 = gy0 + p["active_y"]
    m.active = (ax0, ay0, ax0 + ax, ay0 + ay)
    m.window = (ax0 - WINDOW_MARGIN, ay0 - WINDOW_MARGIN, ax0 + ax + WINDOW_MARGIN, ay0 + ay + WINDOW_MARGIN)
    m.glass_top = glass_top
    m.glass = (gx0, gy0, gx0 + gx, gy0 + gy)
    m.oled_holes = [(SCREEN_X0 + dx, y0 + dy) for dx in (p["hole_inset"], px - p["hole_inset"])
                    for dy in (p["hole_inset"], py - p["hole_inset"])]
    hx, hy, hz = p["header"]
    pcb = box(SCREEN_X0, y0, pcb_top - pz, px, py, pz)
    for x, y in m.oled_holes:
        pcb = pcb - cyl(x, y, pcb_top - pz - 1, p["hole_d"], pz + 2)
    return union([pcb, box(gx0, gy0, pcb_top, gx, gy, gz),
                  box(SCREEN_X0 + (px - hx) / 2, y0 + py - hy, pcb_top - pz - hz, hx, hy, hz)]), pcb_top


def _button_board(m):
    """The five switches on their board under the caps; sets m.switches and m.board_holes, returns
    (board with switches, the board's top z)."""
    s = PARTS["switch"]
    b = PARTS["button_board"]
    plunger_top = TOP_Z - CLEAR - CAP_FLANGE_H
    board_top = plunger_top - s["height"]
    bx, by, bz = b["pcb"]
    x0, y0 = PAD_CENTER[0] - bx / 2, PAD_CENTER[1] - by / 2
    solids = [box(x0, y0, board_top - bz, bx, by, bz),
              box(x0 + 2, y0 + 2, board_top - bz - b["solder"], bx - 4, by - 4, b["solder"])]
    m.switches = {}
    sx, sy, sz = s["body"]
    for label, (x, y) in _cross().items():
        solids.append(box(x - sx / 2, y - sy / 2, board_top, sx, sy, sz))
        solids.append(cyl(x, y, board_top + sz, s["plunger_d"], s["height"] - sz))
        m.switches[label] = (x, y, plunger_top)
    m.board_holes = [(x0 + dx, y0 + dy) for dx in (3.0, bx - 3.0) for dy in (3.0, by - 3.0)]
    return union(solids), board_top


def _floor_parts(m):
    """The Pico, the battery, the charger, the power switch on the floor; the plugs and the lever that reach
    through the walls. Returns (parts, reach, pico standoffs, charger rails, switch holder)."""
    parts, reach = {}, {}
    p = PARTS["pico"]
    px, py, pz = p["pcb"]
    z0 = WALL + p["standoff"]
    ux, uy, uz = p["usb"]
    ux0 = PICO_X0 - p["usb_overhang"]
    parts["pico"] = union([box(PICO_X0, PICO_YC - py / 2, z0, px, py, pz),
                           box(ux0, PICO_YC - uy / 2, z0 + pz, ux, uy, uz),
                           box(PICO_X0 + 6, PICO_YC - py / 2 + 2, z0 + pz, px - 8, py - 4, p["parts_h"])])
    m.pico_usb = (ux0, PICO_YC, z0 + pz + uz / 2)
    ox, oy, oz = PARTS["plug_micro_usb"]["overmold"]
    reach["plug_micro_usb"] = box(ux0 - ox - WALL, PICO_YC - oy / 2, m.pico_usb[2] - oz / 2, ox + WALL, oy, oz)
    hx, hy = p["holes"]
    pico_posts = []
    for dx in (-hx / 2, hx / 2):
        for dy in (-hy / 2, hy / 2):
            x, y = PICO_X0 + px / 2 + dx, PICO_YC + dy
            pico_posts.append(cyl(x, y, WALL, 5.2, p["standoff"]) - cyl(x, y, WALL + 0.6, 1.8, p["standoff"]))
    c = PARTS["charger"]
    cx, cy, cz = c["pcb"]
    cz0 = WALL + c["rail"]
    cx0 = CHARGER_X1 - cx
    vx, vy, vz = c["usb"]
    jx, jy, jz = c["jst"]
    parts["charger"] = union([box(cx0, CHARGER_YC - cy / 2, cz0, cx, cy, cz),
                              box(CHARGER_X1 + c["usb_overhang"] - vx, CHARGER_YC - vy / 2, cz0 + cz, vx, vy, vz),
                              box(cx0 + 1, CHARGER_YC - jy / 2, cz0 + cz, jx, jy, jz)])
    m.charger_usb = (CHARGER_X1 + c["usb_overhang"], CHARGER_YC, cz0 + cz + vz / 2)
    ox, oy, oz = PARTS["plug_usb_c"]["overmold"]
    x = m.charger_usb[0]
    reach["plug_usb_c"] = box(x, CHARGER_YC - oy / 2, m.charger_usb[2] - oz / 2, LENGTH - x + ox, oy, oz)
    rails = [box(cx0 + 2, y, WALL, cx - 4, RIB, c["rail"]) for y in (CHARGER_YC - cy / 2, CHARGER_YC + cy / 2 - RIB)]
    bx, by, bz = battery_bay()
    parts["battery"] = box(BATTERY_X0, BATTERY_Y0, WALL, bx, by, bz)
    ribs = [box(BATTERY_X0 + 4, BATTERY_Y0 - CLEAR - RIB, WALL, bx - 8, RIB, 3.0),
            box(BATTERY_X0 + bx + CLEAR, BATTERY_Y0 + 6, WALL, RIB, by - 12, 3.0)]
    s = PARTS["power_switch"]
    sx, sy, sz = s["body"]
    lx, ly, lz = s["lever"]
    inner_y = WIDTH - WALL
    sy0 = inner_y - CLEAR - sy
    sz0 = WALL + s["pedestal"]
    parts["power_switch"] = box(SWITCH_X0, sy0, sz0, sx, sy, sz)
    m.lever = (SWITCH_X0 + sx / 2, sz0 + sz / 2)
    reach["power_switch_lever"] = box(m.lever[0] - lx / 2, inner_y - CLEAR, m.lever[1] - lz / 2, lx, ly, lz)
    holder = union([box(SWITCH_X0, sy0, WALL, sx, sy, s["pedestal"]),
                    box(SWITCH_X0 - CLEAR - RIB, sy0, WALL, RIB, sy + CLEAR, s["pedestal"] + sz),
                    box(SWITCH_X0 + sx + CLEAR, sy0, WALL, RIB, sy + CLEAR, s["pedestal"] + sz)])
    return parts, reach, pico_posts + rails + ribs, holder


def _base(m, supports, holder):
    """The base: shell, bosses, supports, openings (micro-USB, USB-C, the switch's slot)."""
    shell = rounded(0, 0, 0, LENGTH, WIDTH, TOP_Z, CORNER_R) - rounded(
        WALL, WALL, WALL, LENGTH - 2 * WALL, WIDTH - 2 * WALL, TOP_Z, CORNER_R - WALL)
    bosses = [cyl(x, y, WALL, BOSS_D, TOP_Z - WALL) for x, y in m.screws]
    base = union([shell] + bosses + supports + [holder])
    for x, y in m.screws:
        base = base - cyl(x, y, TOP_Z - BOSS_DEPTH, BOSS_HOLE, BOSS_DEPTH + 1)
    ox, oy, oz = PARTS["plug_micro_usb"]["overmold"]
    base = base - box(-1, PICO_YC - oy / 2 - 0.7, m.pico_usb[2] - oz / 2 - 0.7, WALL + 2, oy + 1.4, oz + 1.4)
    ox, oy, oz = PARTS["plug_usb_c"]["overmold"]
    base = base - box(LENGTH - WALL - 1, CHARGER_YC - oy / 2 - 0.3, m.charger_usb[2] - oz / 2 - 0.7, WALL + 2,
                      oy + 0.6, oz + 1.4)
    s = PARTS["power_switch"]
    lx, _ly, lz = s["lever"]
    slot = lx + s["travel"] + 2 * CLEAR
    base = base - box(m.lever[0] - slot / 2, WIDTH - WALL - 1, m.lever[1] - lz / 2 - 0.5, slot, WALL + 2, lz + 1)
    return base


def _lid(m, pcb_top, board_top):
    """The lid: plate with window, cap holes and screw holes; lip; the OLED's posts; the button board's bosses."""
    plate = rounded(0, 0, TOP_Z, LENGTH, WIDTH, WALL, CORNER_R)
    o = WALL + CLEAR
    lip = rounded(o, o, TOP_Z - LIP_H, LENGTH - 2 * o, WIDTH - 2 * o, LIP_H, CORNER_R - o) - rounded(
        o + MIN_WALL, o + MIN_WALL, TOP_Z - LIP_H - 1, LENGTH - 2 * (o + MIN_WALL), WIDTH - 2 * (o + MIN_WALL),
        LIP_H + 2, CORNER_R - o - MIN_WALL)
    r = BOSS_D / 2 + CLEAR + 0.5      # the lip stops square short of each corner's boss (no thin wedge)
    for x, y in m.screws:
        x0, x1 = (0, x + r) if x < LENGTH / 2 else (x - r, LENGTH)
        y0, y1 = (0, y + r) if y < WIDTH / 2 else (y - r, WIDTH)
        lip = lip - box(x0, y0, TOP_Z - LIP_H - 1, x1 - x0, y1 - y0, LIP_H + 2)
    pz = PARTS["oled"]["pcb"][2]
    posts = [cyl(x, y, pcb_top, OLED_POST_D, TOP_Z - pcb_top) + cyl(x, y, pcb_top - pz - 1, OLED_PIN_D, pz + 1)
             for x, y in m.oled_holes]
    bosses = [cyl(x, y, board_top, 5.4, TOP_Z - board_top) - cyl(x, y, board_top - 1, 1.8, TOP_Z - board_top - 1)
              for x, y in m.board_holes]
    lid = union([plate, lip] + posts + bosses)
    x0, y0, x1, y1 = m.window
    lid = lid - box(x0, y0, TOP_Z - 1, x1 - x0, y1 - y0, WALL + 2)
    for x, y, _z in m.switches.values():
        lid = lid - cyl(x, y, TOP_Z - 1, CAP_D + 2 * CLEAR, WALL + 2)
    for x, y in m.screws:
        lid = lid - cyl(x, y, TOP_Z - 1, LID_HOLE, WALL + 2)
    return lid


def _caps(m):
    """{label: cap}: flange on the switch's plunger, stem through the lid, ``CAP_PROUD`` above it."""
    caps = {}
    for label, (x, y, z) in m.switches.items():
        caps[label] = cyl(x, y, z, CAP_FLANGE_D, CAP_FLANGE_H) + cyl(
            x, y, z + CAP_FLANGE_H, CAP_D, HEIGHT + CAP_PROUD - z - CAP_FLANGE_H)
    return caps


def build():
    """The whole model (a ``Model``), built from ``parts.PARTS`` and the constants of this module."""
    m = Model()
    m.buttons = buttons()
    m.screws = [(x, y) for x in (BOSS_INSET, LENGTH - BOSS_INSET) for y in (BOSS_INSET, WIDTH - BOSS_INSET)]
    oled, pcb_top = _oled(m)
    board, board_top = _button_board(m)
    parts, reach, supports, holder = _floor_parts(m)
    parts["oled"] = oled
    parts["button_board"] = board
    m.parts = parts
    m.reach = reach
    m.base = _base(m, supports, holder)
    m.lid = _lid(m, pcb_top, board_top)
    m.caps = _caps(m)
    m.cavity = rounded(WALL, WALL, WALL, LENGTH - 2 * WALL, WIDTH - 2 * WALL, TOP_Z - WALL, CORNER_R - WALL)
    m.wires = box(BOSS_INSET + BOSS_D / 2 + 1, BOSS_INSET + BOSS_D / 2 + 1, WIRES_Z[0],
                  LENGTH - 2 * (BOSS_INSET + BOSS_D / 2 + 1), WIDTH - 2 * (BOSS_INSET + BOSS_D / 2 + 1),
                  WIRES_Z[1] - WIRES_Z[0])
    m.size = (LENGTH, WIDTH, HEIGHT)
    m.min_wall = MIN_WALL
    m.bridge_max = BRIDGE_MAX
    return m


def summary(m):
    """A few lines on the model: outside size, the printed parts' volumes (cm3) and grams of PLA (1.24 g/cm3)."""
    lines = ["outside %g x %g x %g mm (caps %g mm proud)" % (LENGTH, WIDTH, HEIGHT, CAP_PROUD)]
    total = m.base.volume + m.lid.volume + sum(c.volume for c in m.caps.values())
    for name, v in (("base", m.base.volume), ("lid", m.lid.volume),
                    ("5 caps", sum(c.volume for c in m.caps.values()))):
        lines.append("%-6s %6.1f cm3" % (name, v / 1000))
    lines.append("PLA    %6.0f g (solid; about half at 3 walls and 20%% infill)" % math.ceil(total / 1000 * 1.24))
    return lines
