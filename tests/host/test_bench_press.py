"""``make bench``'s press figures (benchmarks/bench_press.py) and the host board's page diff (host_tools/hostboard.py
``show``), which the byte count goes through."""

from benchmarks import bench_press
from host_tools import sim
from host_tools.hostboard import HostBoard, parse_script


def test_a_clean_press_reaches_the_app_10_to_14_ms_after_the_contact_closes():
    assert bench_press.press_delays() == [10, 14, 13, 12, 11]        # the phases 0-4 ms against the 5 ms timer
    assert bench_press.press_delays(long_mask=0x1F) == [70, 74, 73, 72, 71]     # held 60 ms: at its end


def test_the_host_board_shows_what_the_boxes_send():
    """The demo's frames through ``HostBoard.show``: the glass (the display's RAM) is the frame after every show,
    and the bytes are the page diff's: whole frames for new screens, a few windows for a cursor."""
    hb = HostBoard(seed=sim.DEMO_SEED)
    app = sim.make_app(hb)
    app.draw(hb.fb)
    assert hb.show() == 1037 and hb.glass == hb.buf
    sent = []
    for button, long in parse_script(sim.DEMO):
        sim.press(app, button, long)
        if app.dirty:
            app.draw(hb.fb)
            sent.append(hb.show())
            assert hb.glass == hb.buf
    assert hb.pager.sent == 1037 + sum(sent) and len(sent) > 40
    assert min(sent) < 200 and max(sent) == 1037


def test_the_bench_lines(capsys):
    bench_press.run()
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("bench: press_to_event_ms = 12 ms  (target: <= 15; ")
    assert out[1].startswith("bench: i2c_bytes_per_press = median ") and "(target: median <= 410; " in out[1]
    sent, play = bench_press.session_bytes()
    assert len(sent) > 500 and max(sent) == 1037 and sent.count(0) > 50 and 400 < len(play) < len(sent)
    assert "the hands alone: median %d B" % bench_press.median(play) in out[1]
    assert out[1].startswith("bench: i2c_bytes_per_press = median %d B, max 1037 B" % bench_press.median(sent))


def test_a_gate_and_the_turn_it_opens_differ_only_in_the_title_the_cards_and_the_action_bar():
    """The gate is laid out as its turn (ui/screens.py ``draw_gate``): OK there sends the title bar (page 0: the
    last action, then the player's name), the cards (pages 3-5, only the 64 columns where a face and a back differ)
    and the action bar (page 7); a blind player's turn (backs on both) sends no card."""
    from app_util import setup
    from dealerbox.ui import buttons as btn
    from dealerbox.ui import modes

    rig = bench_press.ShowRig(7)
    windows = []
    pager = rig.board.pager
    send = pager.window
    pager.window = lambda page, c0, c1, data: (windows.append((page, c0, c1)), send(page, c0, c1, data))
    setup(rig, "teen-patti", 4)                     # to the first gate
    assert rig.app.mode == modes.M_GATE and rig.app.screen.ncards == 3
    del windows[:]
    rig.press(btn.OK)                               # "OK: I am P2": his turn, blind
    assert rig.app.mode == modes.M_TURN and rig.app.screen.status == "blind"
    assert [w[0] for w in windows] == [0, 7] and rig.sent[-1] == sum(13 + c1 - c0 + 1 for _p, c0, c1 in windows)
    while rig.app.screen.opts[rig.app.screen.oi].kind != "see":
        rig.press(btn.RIGHT)
    del windows[:]
    rig.press(btn.OK)                               # he sees his cards: the backs turn face up
    assert rig.app.mode == modes.M_TURN and rig.app.screen.status == "seen"
    assert [w for w in windows if 2 < w[0] < 6] == [(3, 32, 95), (4, 32, 95), (5, 32, 95)]
    assert rig.sent[-1] < 410
