"""The evaluator tables (issue 3): regenerated identically, small, and laid out as documented."""

import os
import subprocess
import sys

from dealerbox.eval import codes, tables, tables_tk24, tables_tk28, tables_tk32, tables_tk36

from host_tools import gen_tables


def test_regenerated_tables_are_identical():
    files = gen_tables.render()
    assert sorted(files) == ["tables.py", "tables_tk24.py", "tables_tk28.py", "tables_tk32.py", "tables_tk36.py"]
    for name, text in files.items():
        with open(os.path.join(gen_tables.OUT_DIR, name), encoding="utf-8") as f:
            assert f.read() == text, name


def test_check_mode_reports_up_to_date():
    r = subprocess.run([sys.executable, "-m", "host_tools.gen_tables", "--check"], capture_output=True, text=True)
    assert (r.returncode, r.stdout) == (0, "tables are up to date\n")


def test_all_tables_together_under_16_kb():
    names = ["TP_W", "TP_U", "TK_W", "SUIT3", "FLUSH3", "SUIT5", "FLUSH5", "IN_HIGH", "IN_LOW"]
    shared = [getattr(tables, n) for n in names]
    turkish = [m.U for m in (tables_tk24, tables_tk28, tables_tk32, tables_tk36)]
    assert all(isinstance(t, bytes) for t in shared + turkish)
    assert sum(len(t) for t in shared) == tables.BYTES
    total = sum(len(t) for t in shared + turkish)
    assert total == tables.TOTAL_BYTES
    assert total < 16 * 1024


def test_weights_are_injective_on_every_rank_pattern():
    cases = [(gen_tables.teen_patti_patterns(), 13, 3, 3, 455)]
    for deck, patterns in ((24, 246), (28, 455), (32, 784), (36, 1278)):  # multisets of ranks a hand can hold
        cases.append((gen_tables.turkish_patterns(deck // 4), deck // 4, 5, 4, patterns))
    for patterns, n, h, mult, expected in cases:
        assert len(patterns) == expected
        w = gen_tables.greedy_weights(n, h, mult)
        sums = set(sum(w[r] for r in p) for p in patterns)
        assert len(sums) == len(patterns)
        rb, u = gen_tables.best_pack(dict((sum(w[r] for r in p), 1 + i) for i, p in enumerate(sorted(patterns))))
        for i, p in enumerate(sorted(patterns)):
            key = sum(w[r] for r in p)
            assert u[u[key & ((1 << rb) - 1)] + (key >> rb)] == 1 + i


def test_turkish_codes_are_the_default_categories():
    assert codes.TK_CATEGORIES[codes.TK_STRAIGHT] == "straight"
    pats = gen_tables.turkish_patterns(9)
    assert pats[(8, 3, 2, 1, 0)][0] == codes.TK_CATEGORIES.index("minor_straight")  # A-6-7-8-9
    assert pats[(8, 7, 6, 5, 4)] == (codes.TK_STRAIGHT, 8)  # A-K-Q-J-T: within = slot of the ace


def test_flush_tables_mark_exactly_one_suit_hands():
    for h, flush, suit in ((3, tables.FLUSH3, tables.SUIT3), (5, tables.FLUSH5, tables.SUIT5)):
        ones = [i for i, v in enumerate(flush) if v]
        assert ones == sorted(h * s for s in suit)
