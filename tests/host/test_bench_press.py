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
