"""The evaluator tables (issue 3): regenerated identically, small, and laid out as documented."""

import itertools
import os
import subprocess
import sys

from dealerbox.eval import make_ranking, tables_in, tables_tk24, tables_tk28, tables_tk32, tables_tk36, tables_tp
from dealerbox.eval import turkish as codes

from host_tools import gen_tables


def test_regenerated_tables_are_identical():
    files = gen_tables.render()
    assert sorted(files) == ["tables_in.py", "tables_tk24.py", "tables_tk28.py", "tables_tk32.py", "tables_tk36.py",
                             "tables_tp.py"]
    for name, text in files.items():
        with open(os.path.join(gen_tables.OUT_DIR, name), encoding="utf-8") as f:
            assert f.read() == text, name
    assert gen_tables.stale_files() == []  # no tables module left over from an older layout


def test_check_mode_reports_up_to_date():
    r = subprocess.run([sys.executable, "-m", "host_tools.gen_tables", "--check"], capture_output=True, text=True)
    assert (r.returncode, r.stdout) == (0, "tables are up to date\n")


def test_check_mode_reports_a_left_over_tables_module(tmp_path, monkeypatch):
    for name, text in gen_tables.render().items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "tables.py").write_text("# the old layout\n", encoding="utf-8")
    monkeypatch.setattr(gen_tables, "OUT_DIR", str(tmp_path))
    assert gen_tables.main(["--check"]) == 1
    assert (tmp_path / "tables.py").exists()
    assert gen_tables.main([]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(gen_tables.render())


def test_each_game_has_its_own_tables_all_together_under_16_kb():
    mods = {"tables_tp": tables_tp, "tables_tk24": tables_tk24, "tables_tk28": tables_tk28,
            "tables_tk32": tables_tk32, "tables_tk36": tables_tk36, "tables_in": tables_in}
    names = {m: [n for n in dir(mod) if not n.startswith("_")] for m, mod in mods.items()}
    assert names == {m: (["HIGH", "LOW"] if m == "tables_in" else ["FLUSH", "SUIT", "U", "W"] if m == "tables_tp"
                         else ["SUIT", "U", "W"]) for m in mods}
    assert all(type(getattr(mods[m], n)) is bytes for m in mods for n in names[m])    # every table one bytes
    sizes = {m: sum(len(getattr(mods[m], n)) for n in names[m]) for m in mods}
    # Teen Patti: 26 weights + 4 suits + 49 flush + 1,194 table; Turkish: 2n weights + 4 suits + the deck's table
    assert sizes == {"tables_tp": 1273, "tables_tk24": 1020, "tables_tk28": 1440, "tables_tk32": 2100,
                     "tables_tk36": 3276, "tables_in": 26}
    assert {m: len(mods[m].U) for m in mods if m != "tables_in"} == {
        "tables_tp": 1194, "tables_tk24": 1004, "tables_tk28": 1422, "tables_tk32": 2080, "tables_tk36": 3254}
    assert sum(sizes.values()) == gen_tables.total_bytes() == 9135
    assert gen_tables.total_bytes() < 16 * 1024


def test_the_packed_tables_open_with_their_row_offsets():
    # the first 256 words of a Turkish table (128 of Teen Patti's) are the row offsets, each pointing past the
    # offsets into the table, 0 for an empty row
    for t, rows in ((tables_tk24.U, 256), (tables_tk36.U, 256), (tables_tp.U, 128)):
        offsets = [int.from_bytes(t[2 * i : 2 * i + 2], "little") for i in range(rows)]
        assert all(o == 0 or rows <= o < len(t) // 2 for o in offsets)
        assert sum(1 for o in offsets if o) > rows // 2


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
    assert codes.TK_CATEGORIES[gen_tables.TK_STRAIGHT] == "straight"
    rk = make_ranking("turkish", deck=36)        # the royal flush: the straight's code with the ace on top (_STRAIGHT)
    assert rk.category([51, 47, 43, 39, 35]) == "royal_flush" and rk.category([47, 43, 39, 35, 31]) == "straight_flush"
    pats = gen_tables.turkish_patterns(9)
    assert pats[(8, 3, 2, 1, 0)][0] == codes.TK_CATEGORIES.index("minor_straight")  # A-6-7-8-9
    assert pats[(8, 7, 6, 5, 4)] == (gen_tables.TK_STRAIGHT, 8)  # A-K-Q-J-T: within = slot of the ace


def test_flush_tables_mark_exactly_one_suit_hands():
    for h, t in ((3, tables_tp),):
        ones = [i for i, v in enumerate(t.FLUSH) if v]
        assert ones == sorted(h * s for s in t.SUIT)
        assert len(t.FLUSH) == h * t.SUIT[3] + 1


def test_the_turkish_flush_is_five_times_the_first_cards_suit():
    # the Turkish scorer's flush test (eval/turkish.py, no table): (x - 5 * first card's value) & 255 == 0 exactly
    # when the five suits are one, for every one of the 4**5 suit sequences and every rank part
    for t in (tables_tk24, tables_tk28, tables_tk32, tables_tk36):
        assert list(t.SUIT) == [0, 1, 6, 36]
        flushes = 0
        for suits in itertools.product(range(4), repeat=5):
            for rank_part in (0, 256, 7 << 8, 24918 << 8):
                x = rank_part + sum(t.SUIT[s] for s in suits)
                f = (3 << 8) + t.SUIT[suits[0]]
                is_flush = not (x - f * 5) & 255
                assert is_flush == (len(set(suits)) == 1), (suits, rank_part)
                flushes += is_flush
        assert flushes == 4 * 4


def test_turkish_weights_grow_one_rank_at_a_time():
    ws = [t.W for t in (tables_tk24, tables_tk28, tables_tk32, tables_tk36)]
    assert [len(w) for w in ws] == [12, 14, 16, 18]  # one uint16 per rank of the deck
    assert all(ws[3].startswith(w) for w in ws)
