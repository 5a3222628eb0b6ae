"""No English left (issue 16): in a pseudo-language made from the catalog (``pseudo_util``), every text drawn on
the setup screens (every value of every house rule, the name editor, the summary), the resume screens (a damaged
save's report from the store's own words, a restart mid-hand, a save to resume, none), the "not saved" notice of
a full flash and a refusal of the engine on the turn screen comes from the language table: no word of ASCII
letters but the players' names, card faces and the deal's seal. The play screens of each game:
test_lang_english_*.py. Both interpreters."""

from app_util import DOWN, LONG, OK, UP, ReportStore, every_setup_value, setup
from dealerbox import lang
from dealerbox.engine.base import IllegalAction
from dealerbox.reason import Reason
from dealerbox.ui import modes
from pseudo_util import LangRig, check, english, pseudo, use_pseudo


def test_the_pseudo_language_keeps_the_specifiers_and_leaves_no_ascii_letter():
    assert pseudo("%s wins the pot of %d") == "%s " + pseudo("wins the pot of") + " %d"
    assert pseudo("\x1c more  OK next").startswith("\x1c ")
    for k in ("Pass the box to", "Hand %d result", "OK: I am %s", "AK47: A K 4 7 wild"):
        p = pseudo(k)
        assert len(p) == len(k) and p.count("%") == k.count("%")
        assert not [w for w in p.replace("%s", " ").replace("%d", " ").split() if any("a" <= c <= "z" or
                                                                                     "A" <= c <= "Z" for c in w)], p
    said = [(0, "Pass the box to"), (0, "Muhammad"), (0, "Pot 12  wild K"), (0, "3fa9c1b2"), (0, pseudo("Pot %d") % 12)]
    assert english(said, ["Muhammad"]) == [(0, "Pass the box to"), (0, "Pot 12  wild K")]


def test_setup_screens_say_no_english():
    use_pseudo()
    try:
        for gi in range(3):
            rig = LangRig(7)
            app = rig.app
            app.cfg["names"] = list(LONG)
            every_setup_value(rig, gi)
            rig.press(OK)                           # deal: the seal, the first gate
            rig.press(OK)
            assert app.mode == modes.M_GATE
            for m in (modes.M_GAME, modes.M_PLAYERS, modes.M_NAMES, modes.M_NAME, modes.M_CHIPS, modes.M_BOOT,
                      modes.M_STRUCT, modes.M_PRESET, modes.M_RULES, modes.M_SUMMARY, modes.M_SEAL, modes.M_GATE):
                assert m in rig.modes, m
            check(rig, LONG, 60)
    finally:
        lang.use("en")


# what the store (store/boot.py, store/damage.py), ui/catchup.py and ui/app.py say of a damaged save, as they say it
_NEWEST = Reason("the newest save was damaged (%s)", "checksum mismatch")
REPORTS = (
    [Reason("Save damaged (%s): the one before it is used.", "checksum mismatch"),
     Reason("A partial hand log (%d bytes) was removed.", 37)],
    [Reason("Save damaged (%s): the one before it is used.", Reason("truncated (%d of %d bytes)", 812, 1630)),
     Reason("Hand log damaged: %d bytes of hand logs are missing; every complete hand kept.", 120)],
    [Reason("Hand log damaged: %d bytes of hand logs are missing; no hand log is left.", 1279)],
    [Reason("Save damaged: journal line %d is damaged; %d saved actions are lost.", 2, 8)],
    [Reason("Save damaged: journal line %d is damaged; %d saved actions are lost.", 4, 2),
     Reason("Save damaged: %d damaged journal lines dropped.", 3)],
    [Reason("Save damaged: %d damaged journal line dropped.", 1)],
    [Reason("Hand log damaged: %d damaged lines dropped.", 2)],
    [Reason("Save damaged: %s: the session goes on from the end of hand %d.", _NEWEST, 1),
     Reason("%d saved action after that save is lost.", 1), Reason("Hand log damaged: %d damaged line dropped.", 1)],
    [Reason("Save damaged: journal line %d is damaged; %d saved action is lost.", 4, 1)],
    [Reason("Save damaged: %s: the session goes on from the end of hand %d.", Reason(
        "the newest save was damaged (%s)", Reason("cannot be checked (%s: %s)", "ValueError", ValueError("bad JSON"))),
        3)],
    [Reason("Save damaged: %s: a logged hand could not be replayed (%s).", _NEWEST, Reason(
        "action %d of hand %d's log refused (%s)", 2, 4,
        IllegalAction(Reason("%s is %d to %d chips, not %d", "chaal", 4, 8, 1))))],
    [Reason("Save unusable (%s): a new session starts.", "not a session file")],
    [Reason("Save damaged: %s", Reason("chips not conserved (%d in play, %d bought in)", 98, 100))],
)


def test_resume_screens_and_the_stores_reports_say_no_english():
    use_pseudo()
    try:
        rig = LangRig(2)
        rig.app.cfg["names"] = list(LONG)
        setup(rig, "teen-patti", 10, chips=10000)
        live = rig.app.snapshot()
        for report in REPORTS + (None,):
            for snap in (live, None):
                r = LangRig(2, store=ReportStore(snap, report))
                app = r.app
                if snap is None and report is None:
                    assert app.mode == modes.M_GAME
                    continue
                assert app.mode == modes.M_RESUME
                r.press(DOWN, 8)                    # the whole report
                r.press(OK)
                r.press(DOWN, 3)
                r.press(UP, 3)
                check(r, LONG, 3)
        for game, players in (("teen-patti", 10), ("turkish", 5), ("indian", 10)):
            saved = {"v": 1, "cfg": {"game": game}, "table": {"names": LONG[:players]}, "hand_no": 12}
            r = LangRig(2, store=ReportStore(None, None))
            from dealerbox.ui.offer import ResumeScreen
            offer = ResumeScreen(r.app)
            offer.saved = saved
            r.app.go(offer)
            r.draw()
            check(r, LONG, 4)
    finally:
        lang.use("en")


class FullStore:
    """A store whose flash fills up (``full``): every write raises OSError 28 then; ``free_room`` frees 3 KB."""

    full = False

    def load(self, validate=None):
        return None

    def save(self, snap):
        if self.full:
            raise OSError(28)

    def append_log(self, log):
        if self.full:
            raise OSError(28)

    def clear(self):
        pass

    def free_room(self):
        return ["hands.1.log"], 3000


def test_the_not_saved_notice_says_no_english():
    from app_util import act

    use_pseudo()
    try:
        store = FullStore()
        rig = LangRig(3, store=store)
        app = rig.app
        setup(rig, "turkish", 3)
        store.full = True
        act(rig, "check")                           # its save fails: the notice
        assert app.mode == modes.M_NOSAVE and app.unsaved == pseudo("flash full")
        rig.press(DOWN)
        rig.press(OK)                               # "Free room": freed, still full
        assert app.mode == modes.M_NOSAVE
        rig.press(UP)
        rig.press(OK)                               # "Keep playing": the gate, "Not saved: ..." on top
        assert app.mode == modes.M_GATE and app.screen.title == pseudo("Not saved: %s") % pseudo("flash full")
        check(rig, (), 8)
    finally:
        lang.use("en")


def test_a_refusal_of_the_engine_says_no_english():
    from app_util import select
    from dealerbox.engine.base import Action, Option

    use_pseudo()
    try:
        rig = LangRig(3)
        app = rig.app
        setup(rig, "teen-patti", 3, names=["Ann", "Bo", "Cy"])
        rig.press(OK)
        select(rig, "see")
        rig.press(OK)                               # seen: the same player's turn again
        assert app.mode == modes.M_TURN and app.screen.status == pseudo("seen")
        reason = str(app.engine.why_illegal(Action("chaal", 1000)))      # the engine's words: English
        assert reason.startswith("chaal is ") and reason.endswith(" chips, not 1000"), reason
        app.screen.opts = [Option("chaal", 1000, 1000)]    # an option the rules do not give: the engine refuses it
        app.screen.oi = 0
        app.screen.amount = 1000
        rig.press(OK)
        assert app.mode == modes.M_TURN
        assert app.screen.msg == pseudo(reason)            # its template's translation, the kind translated too
        assert (modes.M_TURN, app.screen.msg) in rig.said
        check(rig, ["Ann", "Bo", "Cy"], 5)
    finally:
        lang.use("en")
