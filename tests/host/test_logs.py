"""``make logs`` (host_tools/logs.py): the hand logs copied off a board with one command; mpremote faked."""

import os

from host_tools import logs


def _board(files):
    """A fake mpremote ``run`` over a board whose /data holds ``files`` (name -> bytes); records the commands."""
    calls = []

    def run(argv, cwd=None):
        calls.append(argv)
        if "exec" in argv:
            return 0, " ".join(sorted(files)) + "\n", ""
        args = argv[argv.index("connect") + 2:]
        i = 0
        while i < len(args):
            if args[i] == "cp":
                src, dst = args[i + 1], args[i + 2]
                with open(dst, "wb") as f:
                    f.write(files[src.split("/")[-1]])
                i += 3
            else:
                i += 1
        return 0, "", ""
    return run, calls


def test_every_hand_log_on_the_board_is_copied_and_how_to_check_it_said(tmp_path):
    run, calls = _board({"hands.log": b"x" * 10, "hands.log.bad": b"y" * 3, "session.json": b"z", "prefs.json": b""})
    said = []
    rc = logs.copy_logs("/dev/ttyACM0", str(tmp_path / "out"), run=run, say=said.append)
    assert rc == 0
    assert sorted(os.listdir(tmp_path / "out")) == ["hands.log", "hands.log.bad"]
    assert said == ["logs: %s (10 bytes)" % (tmp_path / "out" / "hands.log"),
                    "logs: %s (3 bytes)" % (tmp_path / "out" / "hands.log.bad"),
                    "logs: check them with: python -m host_tools.verify %s" % (tmp_path / "out" / "hands.log")]
    assert calls[1][calls[1].index("connect") + 1] == "/dev/ttyACM0" and calls[1].count("cp") == 2


def test_a_board_without_logs_and_no_board_are_said(tmp_path):
    run, _calls = _board({"session.json": b"z"})
    said = []
    assert logs.copy_logs("auto", str(tmp_path), run=run, say=said.append) == 1
    assert said == ["logs: no hand log on the board (/data holds: session.json)"]
    said = []
    rc = logs.copy_logs("/dev/ttyACM9", str(tmp_path), run=lambda argv, cwd=None: (1, "", "failed to access"),
                        say=said.append, ports=lambda: [])
    assert rc == 2 and said[0].startswith("no serial port /dev/ttyACM9")


def test_the_older_sessions_files_are_joined_in_their_chains_order_with_the_tip(tmp_path):
    files = {"hands.log": b"c\n", "hands.10.log": b"b\n", "hands.2.log": b"a\n", "hands.tip": b"f" * 64,
             "session.json": b"z"}
    run, calls = _board(files)
    said = []
    out = tmp_path / "out"
    assert logs.copy_logs("auto", str(out), run=run, say=said.append) == 0
    assert sorted(os.listdir(out)) == ["all-hands.log", "hands.10.log", "hands.2.log", "hands.log", "hands.tip"]
    assert (out / "all-hands.log").read_bytes() == b"a\nb\nc\n"          # hands.2.log, hands.10.log, hands.log
    joined = out / "all-hands.log"
    assert said[-2:] == ["logs: %s (hands.2.log + hands.10.log + hands.log joined, oldest first)" % joined,
                         "logs: check them with: python -m host_tools.verify %s" % joined]
    assert calls[1].count("cp") == 4
