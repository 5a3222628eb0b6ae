"""The README's way to a hand log from the simulator: ``make sim ARGS="--store sim-out/night --script
docs/night.keys"`` plays four hands of Teen Patti that replay and verify (the demo stops in its first hand and logs
none)."""

import contextlib
import io
import json
import os
import shlex

from host_tools import ROOT, replay, verify
from host_tools.sim import main as sim_main

COMMAND = 'make sim ARGS="--store sim-out/night --script docs/night.keys"'


def _sim(args):
    """Run the simulator on ``args`` (a list of str) from the repository's root; returns (exit status, stdout)."""
    out = io.StringIO()
    cwd = os.getcwd()
    os.chdir(ROOT)                         # docs/night.keys as the README gives it
    try:
        with contextlib.redirect_stdout(out):
            rc = sim_main(args)
    finally:
        os.chdir(cwd)
    return rc, out.getvalue()


def test_the_readme_command_writes_a_hand_log_of_four_hands(tmp_path, capsys):
    """The README gives the command in "Playing in the simulator" and "The night's report"; run with a store of
    its own it logs four finished hands, at any seed, and a second run on that store resumes and logs four more."""
    with open(os.path.join(ROOT, "README.md")) as f:
        readme = f.read()
    assert readme.count(COMMAND) == 3
    args = shlex.split(COMMAND.split("ARGS=", 1)[1])[0].split()
    store = str(tmp_path / "night")
    args[args.index("sim-out/night")] = store
    for seed, hands in ((None, 4), ("7", 8)):
        rc, out = _sim(args + (["--seed", seed] if seed else []))
        assert rc == 0, out
        assert out.splitlines()[-1].startswith("Dealer Box simulator: %s, script docs/night.keys: 185 presses"
                                               % ("teen-patti" if seed is None else
                                                  "resumed the saved teen-patti session"))
        path = os.path.join(store, "hands.log")
        with open(path) as f:
            logs = [json.loads(line) for line in f]
        assert logs[0]["genesis"] is True and logs[0]["names"] == logs[1]["names"]   # the session's genesis line
        logs = logs[1:]
        assert [log["hand"] for log in logs] == list(range(1, hands + 1))
        assert all(log["game"] == "teen-patti" and len(log["names"]) == 4 and log["result"]["awards"] for log in logs)
        capsys.readouterr()
        assert replay.main([path]) == 0 and verify.main([path]) == 0
        assert capsys.readouterr().out.splitlines()[-1].startswith("hand %d: verified " % hands)
