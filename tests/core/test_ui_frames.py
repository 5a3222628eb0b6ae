"""Frames are data: the same screens give the same 1024 bytes under CPython (shim framebuf) and
MicroPython (real framebuf). The golden hashes below were computed once and hold on both
interpreters, which proves the two frame buffers identical (tests/host/test_sim_frames.py also
compares the raw bytes through a subprocess)."""

import dealerbox.games.teenpatti  # noqa: F401  (compiled first, while the heap is unfragmented)
from app_util import DOWN, LEFT, OK, RIGHT, UP, Rig
from dealerbox.ui import cardart, font, modes
from dealerbox.ui.canvas import Canvas


def frame_hash(buf):
    """A 32-bit hash of a frame (pure Python, the same on both interpreters)."""
    h = 0x811C9DC5
    for b in buf:
        h = ((h ^ b) * 0x01000193) & 0xFFFFFFFF
    return h


def walk():
    """(name, hash, lit pixels) of the screens met on the way from boot to a seen Teen Patti turn."""
    rig = Rig(seed=7)
    out = []

    def snap(name):
        rig.draw()
        lit = 0
        for b in rig.buf:
            while b:
                lit += b & 1
                b >>= 1
        out.append((name, frame_hash(rig.buf), lit))

    snap("game")
    rig.press(OK)
    snap("players")
    rig.press(OK)
    snap("names")
    rig.press(UP, 4)                            # from "Done" to seat 1
    rig.press(OK)
    rig.press(UP, 2)
    rig.press(RIGHT)
    snap("name-editor")
    rig.press(OK)
    rig.press(DOWN, 9)
    rig.press(OK)
    snap("chips")
    rig.press(OK)
    snap("boot")
    rig.press(OK)
    snap("betting")
    rig.press(OK)
    snap("preset")
    rig.press(OK)
    snap("rules")
    rig.press(OK)
    snap("summary")
    rig.press(OK)
    assert rig.app.mode == modes.M_SEAL
    snap("seal")
    rig.press(RIGHT, 7)
    snap("seal-cut")                # the cut point moved: "Cut at card 7 of 52"
    rig.press(LEFT, 7)              # back: not cut, the walk deals the sealed deck as it is
    rig.press(OK)
    snap("gate")
    rig.press(OK)
    snap("turn-blind")
    rig.press(LEFT)
    rig.press(OK)
    snap("turn-seen")
    assert rig.app.mode == modes.M_TURN
    return out


# (screen, hash, lit pixels): the frames of ``walk``, identical on CPython and MicroPython
GOLDEN_FRAMES = [
    ('game', 611341822, 2811),
    ('players', 2646183487, 1635),
    ('names', 2314600053, 2837),
    ('name-editor', 1571448830, 1429),
    ('chips', 2616787201, 1730),
    ('boot', 3709293748, 1470),
    ('betting', 3209134148, 2836),
    ('preset', 1344118641, 2559),
    ('rules', 2025496473, 3022),
    ('summary', 2734774626, 1889),
    ('seal', 1075737642, 2351),
    ('seal-cut', 3830196743, 2453),
    ('gate', 3163783675, 3402),
    ('turn-blind', 834274500, 3402),
    ('turn-seen', 3563513893, 2777),
]


def walk_settle():
    """(name, hash, lit pixels) of the settling-up screens: a Turkish hand at 1 chip = 0.10, "Settle up"
    between hands, then the end of the session; and the rows of both."""
    from app_util import setup
    rig = Rig(seed=2)
    setup(rig, "turkish", 3, money=4)
    app = rig.app
    assert app.cfg["cents"] == 10
    from autoplay_util import _choose
    from dealerbox.rng import SeededEntropy
    read = SeededEntropy(5).read
    for _ in range(400):                        # seeded legal choices until a hand with a winner is over
        if app.mode == modes.M_BETWEEN and app.table.stacks != app.table.bought_in:
            break
        if app.mode == modes.M_TURN:
            kinds = [o.kind for o in app.engine.legal_actions()]    # the engine's order: the same picks
            shown = [o.kind for o in app.screen.opts]
            rig.press(RIGHT, (shown.index(_choose(kinds, read)) - app.screen.oi) % len(shown))
        if app.mode == modes.M_BETWEEN:
            rig.press(UP, 5)                    # Next hand
        rig.press(OK)
        if app.screen.armed:                           # a pack with chips in the pot: asked twice
            rig.press(OK)
    out = []
    rows = []
    rig.press(DOWN, 4)
    rig.press(OK)
    assert app.mode == modes.M_SETTLE
    rig.draw()
    out.append(("settle-up", frame_hash(rig.buf), lit(rig.buf)))
    rows.append(list(app.screen.rows))
    rig.press(OK)
    assert app.mode == modes.M_BETWEEN and app.screen.sel == 4
    rig.press(DOWN)
    rig.press(OK)
    assert app.mode == modes.M_BETWEEN and app.screen.armed     # End session is asked twice
    rig.press(OK)
    assert app.mode == modes.M_END
    rig.draw()
    out.append(("end-of-session", frame_hash(rig.buf), lit(rig.buf)))
    rows.append(list(app.screen.rows))
    return out, rows, list(app.table.stacks), list(app.table.bought_in)


def lit(buf):
    n = 0
    for b in buf:
        while b:
            n += b & 1
            b >>= 1
    return n


GOLDEN_SETTLE = [
    ('settle-up', 860272926, 1939),
    ('end-of-session', 879686620, 1964),
]


def test_settling_up_frames_match_golden_and_add_up():
    frames, rows, stacks, bought = walk_settle()
    for g, want in zip(frames, GOLDEN_SETTLE):
        assert g == want, (g, want)
    nets = [stacks[s] - bought[s] for s in range(3)]
    for screen in rows:                         # both: each net in chips and money, then who pays whom
        assert screen[3] == ("Who pays whom:", None)
        got = {}
        for name, value in screen[:3]:
            chips, money = value.split(" ")
            got[name] = int(chips)
            assert money == "%s%d.%02d" % ("-" if int(chips) < 0 else "+" if int(chips) else "",
                                           abs(int(chips)) * 10 // 100, abs(int(chips)) * 10 % 100)
        assert sorted(got.values()) == sorted(nets)
        owed = dict(got)
        for label, amount in screen[4:]:
            payer, payee = label.split("\x18")
            cents = int(amount.replace(".", ""))
            owed[payer] += cents // 10
            owed[payee] -= cents // 10
        assert len(screen) - 4 <= 2 and all(v == 0 for v in owed.values()), screen


def test_frames_match_golden():
    got = walk()
    names = [g[0] for g in got]
    assert names == [g[0] for g in GOLDEN_FRAMES]
    for g, want in zip(got, GOLDEN_FRAMES):
        assert g == want, (g, want)


def test_every_card_face_is_distinct_and_recorded():
    import framebuf
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    cv = Canvas(fb)
    seen = {}
    for c in range(52):
        cv.clear()
        cardart.card(cv, c, 10, 10)
        assert cv.ncards == 1 and cv.cards[0] == c
        h = frame_hash(buf)
        assert h not in seen, (c, seen.get(h))
        seen[h] = c
    cv.clear()
    cardart.back(cv, 0, 0)
    assert cv.ncards == 0


def test_text_is_blitted_at_the_right_place():
    import framebuf
    buf = bytearray(1024)
    fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
    cv = Canvas(fb)
    x = cv.text("I", 0, 0)
    assert x == font.W
    # "I" is .###. / ..#.. x5 / .###. : columns 1..3 lit on row 0, column 2 on rows 0-6
    assert buf[0] == 0 and buf[1] == 0x41 and buf[2] == 0x7F and buf[3] == 0x41 and buf[4] == 0
    cv.clear()
    assert cv.num(1230, 0, 8) == 4 * font.W
    cv.clear()
    cv.text("I", 0, 4)                         # straddles two pages: bits shift across bytes
    assert buf[2] == 0xF0 and buf[128 + 2] == 0x07
    cv.clear()
    cv.fb.fill_rect(0, 0, 128, 8, 1)            # a lit band, as the title bar
    cv.text("I", 0, 0, 0)                      # inverse: the glyph is dark on a lit bar
    assert buf[2] == 0xFF & ~0x7F and buf[0] == 0xFF
