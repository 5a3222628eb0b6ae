"""The ranking command (issue 3): python -m host_tools.handrank, run as a user runs it."""

import itertools
import subprocess
import sys

from dealerbox.cards import format_cards


def run(args, text):
    return subprocess.run(
        [sys.executable, "-m", "host_tools.handrank"] + args, input=text, capture_output=True, text=True
    )


def run_bytes(args, data):
    return subprocess.run([sys.executable, "-m", "host_tools.handrank"] + args, input=data, capture_output=True)


def test_one_hand_prints_category_and_score():
    r = run(["--game", "teen-patti"], "As Kd Qh\nKh Ad 2c\n10h Jh Qh\n")
    assert r.returncode == 0, r.stderr
    lines = [line.split("\t") for line in r.stdout.splitlines()]
    assert [c for c, _ in lines] == ["sequence", "high_card", "pure_sequence"]
    scores = [int(s) for _, s in lines]
    assert scores[2] > scores[0] > scores[1]


def test_reported_cases_as_vs_lines():
    cases = [
        ([], "As 2d 3c vs Ah Kd Qc", "first"),
        (["--house", "akq-high"], "As 2d 3c vs Ah Kd Qc", "second"),
        (["--house", "a23-low"], "As 2d 3c vs Kh Qd Jc", "second"),
        ([], "Kh Ad 2c vs 2s 3d 4c", "second"),
        ([], "As 2c Kc vs Ad 2d Kh", "tie"),
        (["--house", "muflis"], "Kc 2d 3c vs Kh Kd 9c", "first"),
        (["--house", "muflis"], "Kc Kd Kh vs Ac Ad Ah", "first"),
        (["--house", "best-of-four"], "Ks Kd 9c 2h vs Kh Kc 9s 5d", "tie"),
        (["--house", "muflis", "a23-low"], "As 2d 3c vs 4h 3d 2c", "first"),
        (["--house", "ak47"], "4s 7h Kd vs As Ad Ah", "tie"),
    ]
    for house, line, want in cases:
        r = run(["--game", "teen-patti"] + house, line + "\n")
        assert (r.returncode, r.stdout) == (0, want + "\n"), (house, line, r.stderr)


def test_turkish_and_indian():
    text = "As 6d 7c 8h 9s vs 6s 7d 8c 9h Ts\nAc Qc 9c 7c 6c vs Ah Ad As Kc Kd\n"
    r = run(["--game", "turkish", "--deck", "36"], text)
    assert r.stdout == "second\nfirst\n"
    r = run(["--game", "turkish", "--deck", "36", "--house", "standard-ranking"], "Ac Qc 9c 7c 6c vs Ah Ad As Kc Kd\n")
    assert r.stdout == "second\n"
    r = run(["--game", "turkish", "--deck", "24"], "As Qs Js 10s 9s\n")
    assert r.stdout.split("\t")[0] == "minor_straight_flush"
    r = run(["--game", "indian", "--house", "suit-order"], "Qh vs Qs\nQh\n")
    assert r.stdout.splitlines()[0] == "second" and r.stdout.splitlines()[1].startswith("high_card\t")
    r = run(["--game", "indian", "--house", "low"], "A♣ vs 2♠\n")
    assert r.stdout == "first\n"


def test_blank_lines_keep_alignment():
    r = run(["--game", "teen-patti"], "As Kd Qh\n\nAs Kd Qh vs 2c 3c 4c\n")
    assert r.returncode == 0
    assert r.stdout.splitlines()[1:] == ["", "second"]


def test_bad_lines_are_named_on_stderr_with_status_2():
    text = "As Kd Qh\nAs Kd\nXs 2d 3c\nAs As 3c\nAs Kd Qh vs 2c 3c\nAs Kd Qh vs vs 2c\n"
    r = run(["--game", "teen-patti"], text)
    assert r.returncode == 2
    assert r.stdout == "sequence\t1548\nerror\nerror\nerror\nerror\nerror\n"
    assert r.stderr.splitlines() == [
        "handrank: line 2: 2 cards in the hand; this ranking needs 3",
        "handrank: line 3: unknown rank in 'Xs' (use 2-9, T or 10, J, Q, K, A)",
        "handrank: line 4: As is in the hand twice",
        "handrank: line 5: second hand: 2 cards in the hand; this ranking needs 3",
        "handrank: line 6: more than one 'vs' (compare two hands per line)",
    ]
    r = run(["--game", "turkish", "--deck", "32"], "6s 7d 8c 9h Ts\n")
    assert (r.returncode, r.stdout, r.stderr) == (2, "error\n", "handrank: line 1: 6s is not in the 32-card deck\n")
    r = run(["--game", "turkish"], "As Kd Qh Jc Ts\n")
    assert (r.returncode, r.stdout) == (2, "") and "--deck" in r.stderr
    r = run(["--game", "teen-patti", "--house", "no-such-rule"], "As Kd Qh\n")
    assert r.returncode == 2 and "unknown Teen Patti house rule 'no-such-rule'" in r.stderr


def test_hand_size_follows_the_named_variant():
    r = run(["--game", "teen-patti"], "As Kd Qc 2h\n")
    assert (r.returncode, r.stderr) == (2, "handrank: line 1: 4 cards in the hand; this ranking needs 3\n")
    r = run(["--game", "teen-patti", "--house", "best-of-four"], "Ks Kd 9c 2h vs Kh Kc 9s 5d\n")
    assert (r.returncode, r.stdout) == (0, "tie\n")
    r = run(["--game", "teen-patti", "--house", "best-of-four"], "As Kd Qc\n")
    assert (r.returncode, r.stderr) == (2, "handrank: line 1: 3 cards in the hand; this ranking needs 4\n")
    r = run(["--game", "indian"], "As Kd\n")
    assert (r.returncode, r.stderr) == (2, "handrank: line 1: 2 cards in the hand; this ranking needs 1\n")
    r = run(["--game", "indian", "--house", "two-card"], "As Kd vs Ah Qd\n")
    assert (r.returncode, r.stdout) == (0, "first\n")
    r = run(["--game", "turkish", "--deck", "24"], "As\n")
    assert (r.returncode, r.stderr) == (2, "handrank: line 1: 1 card in the hand; this ranking needs 5\n")


def test_a_line_that_is_not_utf8_is_named():
    r = run_bytes(["--game", "turkish", "--deck", "24"], b"As Ks Qs Js Ts\n\xff\xfe 9c\n")
    assert (r.returncode, r.stdout.splitlines()[1:]) == (2, [b"error"])
    assert r.stdout.split(b"\t")[0] == b"royal_flush"
    assert r.stderr.decode() == "handrank: line 2: not UTF-8 text\n"


def test_many_bad_lines_are_summarised():
    r = run(["--game", "indian"], "As Kd Qh\n" * 30)
    assert (r.returncode, r.stdout) == (2, "error\n" * 30)
    lines = r.stderr.splitlines()
    assert len(lines) == 21 and lines[-1] == "handrank: ... and 10 more bad lines"


def test_hundreds_of_thousands_of_lines_in_one_run():
    hands = [format_cards(h) for h in itertools.combinations(range(52), 3)]
    text = "\n".join(hands * 10) + "\n"
    r = run(["--game", "teen-patti"], text)
    assert r.returncode == 0, r.stderr[:200]
    counts = {}
    for line in r.stdout.splitlines():
        cat = line.split("\t")[0]
        counts[cat] = counts.get(cat, 0) + 1
    assert counts == {
        "trail": 520, "pure_sequence": 480, "sequence": 7200, "color": 10960, "pair": 37440, "high_card": 164400,
    }


def test_messages_a_fresh_user_met():
    # issue 7 follow-up: the deck the user gave, a rank without its suit, joker-hunt without its rank, a BOM
    r = run(["--game", "turkish", "--deck", "52"], "As Kd Qh Jc Ts\n")
    assert (r.returncode, r.stdout, r.stderr) == (
        2, "", "handrank: turkish needs --deck 24, 28, 32 or 36 (2, 3, 4 or 5 players), not 52\n")
    r = run(["--game", "turkish"], "As Kd Qh Jc Ts\n")
    assert r.stderr == "handrank: turkish needs --deck 24, 28, 32 or 36 (2, 3, 4 or 5 players)\n"
    r = run(["--game", "teen-patti"], "10 Kd Qh\nAs Kd a\nAs Kd t\n10x Kd Qh\n")
    assert (r.returncode, r.stderr.splitlines()) == (2, [
        "handrank: line 1: '10' has no suit (add c, d, h or s: 10h)",
        "handrank: line 2: 'a' has no suit (add c, d, h or s: Ah)",
        "handrank: line 3: 't' has no suit (add c, d, h or s: Th)",
        "handrank: line 4: unknown suit in '10x' (use c d h s or \u2663 \u2666 \u2665 \u2660)",
    ])
    for house in (["joker-hunt"], ["muflis", "joker-hunt="]):
        r = run(["--game", "teen-patti", "--house"] + house, "As Kd Qh\n")
        assert (r.returncode, r.stderr) == (2, "handrank: %s needs the wild rank: joker-hunt=R, R one of 2-9, T, J, "
                                               "Q, K, A (joker-hunt=7)\n" % house[-1])
    r = run(["--game", "teen-patti", "--house", "joker-hunt=7"], "7s 2d 2c vs As Kd Qh\n")
    assert (r.returncode, r.stdout) == (0, "first\n")        # a 7 is wild: 7 2 2 is a trail of 2s
    r = run_bytes(["--game", "teen-patti"], b"\xef\xbb\xbfAs Kd Qh\nAs 2d 3c vs Ah Kd Qc\n")
    assert (r.returncode, r.stdout) == (0, b"sequence\t1548\nfirst\n"), r.stderr


def test_a_card_in_both_hands_is_named():
    # issue 14: the two hands of a vs line come from one deck
    r = run(["--game", "teen-patti"], "As 2c Kc vs Ad 2d Kc\nAs Kd Qh vs Ah Kd Qs\nAs Kd Qh vs As Kd Qh\n")
    assert (r.returncode, r.stdout) == (2, "error\nerror\nerror\n")
    assert r.stderr.splitlines() == [
        "handrank: line 1: Kc is in both hands (one deck: a card is dealt once)",
        "handrank: line 2: Kd is in both hands (one deck: a card is dealt once)",
        "handrank: line 3: As, Kd and Qh are in both hands (one deck: a card is dealt once)",
    ]
    r = run(["--game", "indian"], "Qh vs Qh\nQh vs Qs\n")
    assert (r.returncode, r.stdout) == (2, "error\ntie\n")
    assert r.stderr == "handrank: line 1: Qh is in both hands (one deck: a card is dealt once)\n"
    r = run(["--game", "turkish", "--deck", "32", "--house", "standard-ranking"], "As Ks Qs Js Ts vs Ts 9d 9c 9h 9s\n")
    assert r.stderr == "handrank: line 1: Ts is in both hands (one deck: a card is dealt once)\n"


def test_one_bad_line_still_answers_the_others():
    # issue 14: the bad line is reported by its number and its output line says error; the rest are answered in place
    text = "As Kd Qh\n\nAs Kd Qh vs Qh Jc 2c\nAs Kd\nAs 2d 3c vs Ah Kd Qc\n7h 7d 7c\n"
    r = run(["--game", "teen-patti"], text)
    assert r.returncode == 2
    assert r.stdout.splitlines() == ["sequence\t1548", "", "error", "error", "first", "trail\t2565"]
    assert r.stderr.splitlines() == [
        "handrank: line 3: Qh is in both hands (one deck: a card is dealt once)",
        "handrank: line 4: 2 cards in the hand; this ranking needs 3",
    ]
    r = run(["--game", "teen-patti"], "As Kd Qh\nAs 2d 3c vs Ah Kd Qc\n")
    assert (r.returncode, r.stderr) == (0, "")


def test_poker_the_best_five_of_seven():
    """--game poker: Forehead Stud's standard ranking, any of 5, 6 or 7 cards a hand (the best five count)."""
    r = run(["--game", "poker"], "As Ks Qs Js Ts 2d 3c\nAc 2d 3h 4s 5c Kd Qh vs 6c 2s 3d 4h 5d Ah Qs\n"
                                 "Kc Kd 9h 9s 5c 5d 2h vs Kh Ks 9c 9d 5h 5s 3h\nAs Kd\n")
    assert r.returncode == 2
    assert r.stdout.splitlines() == ["royal_flush\t9437196", "second", "tie", "error"]
    assert r.stderr == "handrank: line 4: 2 cards in the hand; this ranking needs 5, 6 or 7\n"
    r = run(["--game", "poker"], "As\n")                  # a fresh user: "1 cards in the hand"
    assert (r.returncode, r.stderr) == (2, "handrank: line 1: 1 card in the hand; this ranking needs 5, 6 or 7\n")
