"""The evaluator tables (issue 3): regenerated identically, small, and laid out as documented."""

import subprocess
import sys

from dealerbox.eval import codes, tables

from host_tools import gen_tables


def test_regenerated_tables_are_identical():
    with open(gen_tables.OUT, encoding="utf-8") as f:
        assert f.read() == gen_tables.render()


def test_check_mode_reports_up_to_date():
    r = subprocess.run([sys.executable, "-m", "host_tools.gen_tables", "--check"], capture_output=True, text=True)
    assert (r.returncode, r.stdout) == (0, "tables.py is up to date\n")


def test_all_tables_together_under_16_kb():
    names = ["TP_W", "TP_U", "TK_W", "TK_U", "SUIT3", "FLUSH3", "SUIT5", "FLUSH5", "IN_HIGH", "IN_LOW"]
    total = sum(len(getattr(tables, n)) for n in names)
    assert total == tables.TOTAL_BYTES
    assert total < 16 * 1024
    assert all(isinstance(getattr(tables, n), bytes) for n in names)


def test_weights_are_injective_and_the_pack_finds_every_pattern():
    for patterns, n, h, mult in (
        (gen_tables.teen_patti_patterns(), 13, 3, 3),
        (gen_tables.turkish_patterns(), codes.TK_RANKS, 5, 4),
    ):
        assert len(patterns) == {3: 455, 5: 1278}[h]  # multisets of ranks a hand can hold
        w = gen_tables.greedy_weights(n, h, mult)
        sums = set(sum(w[r] for r in p) for p in patterns)
        assert len(sums) == len(patterns)


def test_flush_tables_mark_exactly_one_suit_hands():
    for h, flush, suit in ((3, tables.FLUSH3, tables.SUIT3), (5, tables.FLUSH5, tables.SUIT5)):
        ones = [i for i, v in enumerate(flush) if v]
        assert ones == sorted(h * s for s in suit)
