"""The setup screens: game, players, names, starting chips, boot/ante, betting structure, house-rule
preset, single house rules, and the summary of every rule in force (confirmed before the first deal);
also the "resume" offer at boot and the "Rules in force" view during play.

Functions of the ``App`` (ui/app.py), not a layer of it: this module, ``ui/settings.py`` and
``dealerbox.engine.rules`` are imported with the app (its first screen is a setup screen or the resume offer). The
app owns the session config (``cfg``, ui/settings.py) and the list/value screens' state (``rows``, ``sel``, ``top``,
``title``, ``hint``). Rows are built at press time (``build``), never while drawing.
"""

from micropython import const

from dealerbox.engine import rules
from dealerbox.lang import said, tr
from dealerbox.reason import Reason
from dealerbox.ui import buttons as btn
from dealerbox.ui import langpick, settings, widgets
from dealerbox.ui.modes import (
    M_BOOT,
    M_CHIPS,
    M_GAME,
    M_NAME,
    M_NAMES,
    M_PLAYERS,
    M_PRESET,
    M_RESUME,
    M_RULES,
    M_STRUCT,
    M_SUMMARY,
    SETUP,
    SNAPSHOT_VERSION,
)

_MAX_KNOWN = const(20)      # names remembered across sessions


def resume(app, store):
    """Offer "resume" on ``app`` when ``store.load()`` returns a snapshot of this app; True when it did.

    What the store found wrong (``store.reports``: its sentences, ``Reason`` or catalog key str) is shown first on
    the same screen ("Save damaged: ..."), also when no save could be used (then only "New session" is offered)."""
    app.store = store
    load = getattr(store, "load_names", None)   # the names kept from earlier sessions: the seats take the last
    last = None                                 # session's names, the names screen offers every name typed before
    if load is not None:                        # (``app.known``, RIGHT on a seat)
        try:
            last, known = load()
        except OSError:
            pass
    if last is not None:
        app.known = known[:_MAX_KNOWN]
        names = app.cfg["names"]
        for i in range(min(len(last), len(names))):
            names[i] = last[i][:settings.MAX_NAME]
        app.names_kept = list(names)
    langpick.boot(store)    # the language kept, spoken before the first frame
    snap = None
    try:
        snap = store.load(_check)   # the checksum, then the content against the rules (ui/snapcheck.py)
    except Exception as err:   # a store that cannot be read: start a new session, and say so
        app.report = [Reason("Save unreadable: %s", err)]
        snap = None
    else:       # what the store found wrong
        app.report = list(getattr(store, "reports", None) or ()) or None
    if not (isinstance(snap, dict) and snap.get("v") == SNAPSHOT_VERSION and "table" in snap):
        snap = None
    app.saved = snap
    if snap is not None or app.report:
        app._enter(M_RESUME)
        return snap is not None
    app._enter(M_GAME)
    return False


def _check(snap):
    """``ui.snapcheck.check``, imported the first time a saved snapshot is there to check (the store calls it only
    then; kept): a box that boots with nothing saved never loads snapcheck."""
    from dealerbox.ui.snapcheck import check

    return check(snap)


def remember_names(app):
    """At the deal of a new session: keep its names for the next one (``store.save_names``), the names typed
    first in ``app.known``. Written only when a name was typed and something changed (seats with their default
    names write nothing); a store that cannot write loses only the names."""
    cfg = app.cfg
    typed = []
    for i in range(cfg["players"]):
        n = cfg["names"][i]
        if n != settings.default_name(i) and n not in typed:   # (a seat's default name: not typed)
            typed.append(n)
    save = getattr(app.store, "save_names", None)
    if save is None or not typed:
        return
    known = list(typed)
    for n in app.known:
        if n not in typed:
            known.append(n)
    known = known[:_MAX_KNOWN]
    if known == app.known and app.names_kept == cfg["names"]:
        return
    app.known = known
    app.names_kept = list(cfg["names"])
    try:
        save(cfg["names"], known)
    except OSError:
        pass


def press_resume(app, b, long):
    """A button on the resume offer: move between "Resume" and "New session", or take one. True when
    "Resume" was taken: the caller restores ``app.saved`` (``App.restore``)."""
    if app.sel < 0:                    # the store's report, read first: UP/DOWN scroll it, OK goes on to the choices
        if b in (btn.UP, btn.DOWN):
            widgets.scroll(app, 1 if b == btn.DOWN else -1)
        elif b == btn.OK:
            app.report_read = True
            app._enter(M_RESUME)
        return False
    n = len(app.rows)
    k = 3 if app.saved_live else 2     # the choices: the last k rows
    if b in (btn.UP, btn.DOWN) and app.saved is not None:
        i = app.sel - (n - k) + (1 if b == btn.DOWN else -1)
        app.sel = n - k + i % k
        app.dirty = True
    elif b == btn.OK and app.sel == n - 1:
        app.saved = None
        app.saved_live = False
        app._enter(M_GAME)
    elif b == btn.OK and app.sel == n - k:      # "Resume" or "Continue hand" (the rows are in the language in use)
        return True
    elif b == btn.OK and app.saved_live and app.sel == n - 2:     # "Void hand"
        return "void"
    return False


def new_config(app, game):
    """Start a fresh session config for ``game`` on ``app`` (names kept from the previous one)."""
    cfg = app.cfg
    old = cfg["names"] if cfg is not None else ()
    names = []
    for i in range(10):
        names.append(old[i] if i < len(old) else settings.default_name(i))
    lo, hi = settings.player_range(game)
    players = 4 if hi >= 4 else hi
    if cfg is not None and lo <= cfg["players"] <= hi:
        players = cfg["players"]
    chips = cfg["chips"] if cfg is not None else settings.DEFAULT_CHIPS
    preset = rules.presets(game)[0][0]
    app.cfg = {"game": game, "players": players, "names": names, "chips": chips,
               "preset": preset, "rules": rules.preset(game, preset),
               "cents": cfg.get("cents", 0) if cfg is not None else 0}
    _fit_rules(app.cfg)


def build(app):
    """Compute the rows, title and hint of the current setup screen, the resume offer or the rules view."""
    m = app.mode
    cfg = app.cfg
    game = cfg["game"]
    if m == M_RESUME:
        s = app.saved
        rows = []  # type: list
        rep = app.report
        if rep:                                     # what the store found wrong, before the question
            _wrap(rows, said(rep))
            if s is not None or len(rows) >= widgets.ROWS:     # a save to resume, or a report too long to show
                # beside "New session": the report on a screen of its own, from its first line (UP/DOWN scroll it)
                if not app.report_read:
                    app.title = tr("Read this first")
                    app.rows = rows
                    app.sel = -1
                    app.hint = tr("\x1c more  OK next") if len(rows) > widgets.ROWS else tr("OK next")
                    return
                rows = []
        if s is not None and app.saved_live:        # a restart in the middle of a hand: the whole table is told
            app.title = tr("Restart mid-hand!")
            rows.append((tr("Hand %d was in play") % s.get("hand_no", 0), None))
            if len(rows) < 2:       # (room for it: the screen opens on its first line, a report included)
                rows.append((tr("Void: all chips back"), None))   # (every chip put in the hand, to its owner)
            rows.append((tr("Continue hand"), None))
            rows.append((tr("Void hand"), None))
            app.hint = tr("\x1c choose  OK select")
        elif s is not None:
            app.title = tr("Saved: %s") % settings.game_label(s["cfg"]["game"])
            rows.append((tr("%d players, hand %d") % (len(s["table"]["names"]), s.get("hand_no", 0)), None))
            rows.append((tr("Resume"), None))
            app.hint = tr("\x1c choose  OK select")
        else:
            app.title = tr("No saved session")
            app.hint = tr("OK new session")
        rows.append((tr("New session"), None))
        app.rows = rows
        k = 3 if app.saved_live else 2
        if app.sel < len(rows) - k or s is None:
            app.sel = len(rows) - (k if s is not None else 1)
    elif m == M_GAME:
        app.title = tr("New session: game")
        app.rows = []
        for g in settings.GAME_ROWS:
            app.rows.append((tr(g[0]), "%d-%d" % g[1]))
        app.hint = tr("\x1c choose  OK next")
    elif m == M_PLAYERS:
        lo, hi = settings.player_range(game)
        app.title = tr("Players")
        app.rows = [(tr("%s: %d to %d") % (settings.game_label(game), lo, hi), cfg["players"])]
        app.hint = tr("\x17\x18 change  OK next")
    elif m == M_NAMES:
        app.title = tr("Names")
        seat = tr("Seat %d")
        app.rows = []
        for i in range(cfg["players"]):
            app.rows.append((seat % (i + 1), cfg["names"][i]))
        app.rows.append((tr("Done"), None))
        app.hint = tr("\x1c seat \x18name OK edit") if app.known else tr("\x1c seat  OK edit")
    elif m == M_NAME:
        app.title = tr("Seat %d name: OK done") % (app.sel + 1)
        app.hint = tr("\x1c a-z \x17\x18 hold\x17 delete")
    elif m == M_CHIPS:
        app.title = tr("Starting chips")
        app.rows = [(tr("chips for each player"), cfg["chips"])]
        app.hint = tr("\x17\x18 change  OK next")
    elif m == M_BOOT:
        key = settings.stake_key(game)
        app.title = tr("Boot (everyone pays)") if key == "boot" else tr("Ante (everyone pays)")
        app.rows = [(tr("chips each hand"), cfg["rules"][key])]
        app.hint = tr("\x17\x18 change  OK next")
    elif m == M_STRUCT or m == M_RULES:
        app.title = tr("Betting structure") if m == M_STRUCT else tr("Single house rules")
        app.rows = []
        for key in settings.betting_keys(game) if m == M_STRUCT else settings.single_keys(game):
            app.rows.append((settings.label(key), settings.value_text(cfg["rules"][key], key)))
        app.rows.append((tr("Done"), None))
        app.hint = tr("\x1c choose \x17\x18 change")
    elif m == M_PRESET:
        ps = rules.presets(game)
        app.title = tr("House-rule preset")
        app.rows = []
        app.sel = 0
        for i in range(len(ps)):                    # (the preset names are unique: rules.presets)
            app.rows.append((tr(ps[i][1]), None))
            if ps[i][0] == cfg["preset"]:
                app.sel = i
        if cfg["preset"] == CUSTOM:                 # single rules edited: keep them unless a preset is chosen
            app.rows.append((tr("Custom (your edits)"), None))
            app.sel = len(ps)
        app.hint = tr("\x1c choose  OK next")
    else:   # M_SUMMARY, M_RULESVIEW
        app.title = tr("Summary: OK to deal") if m == M_SUMMARY else tr("Rules in force")
        rows = [(settings.game_label(game), None)]
        names = cfg["names"]
        line = ""
        for i in range(cfg["players"]):
            w = names[i] if not line else line + " " + names[i]
            if len(w) > 20 and line:
                rows.append((line, None))
                w = names[i]
            line = w
        rows.append((line, None))
        rows.append((tr("Buy-in chips"), cfg["chips"]))
        rows.append((tr("1 chip ="), settings.chip_value_text(cfg.get("cents", 0))))
        for ln in settings.describe(game, cfg["rules"]):
            _wrap(rows, ln)
        app.rows = rows
        app.sel = -1
        app.hint = tr("\x1c more \x18money OK deal") if m == M_SUMMARY else tr("\x1c scroll OK back")


_WRAP = const(20)    # characters of a list row (``_wrap``)


def _wrap(rows, ln):
    """Append ``ln`` to ``rows`` as list rows of at most ``_WRAP`` characters, cut at spaces; the rows after
    the first are indented by two spaces; a word longer than a row is cut where the row ends."""
    lead = 0            # a cut must fall after a continuation row's indent, or the row would not shorten
    while len(ln) > _WRAP:
        cut = ln.rfind(" ", lead + 1, _WRAP + 1)
        if cut < 0:
            cut = _WRAP
        rows.append((ln[:cut], None))
        ln = "  " + ln[cut:].strip()
        lead = 2
    rows.append((ln, None))


def _back(app):
    i = SETUP.index(app.mode) if app.mode in SETUP else 2
    if i > 0:
        app._enter(SETUP[i - 1])


def _next(app):
    app._enter(SETUP[SETUP.index(app.mode) + 1])


def press(app, b, long):
    """Handle a button on a setup screen (or the name editor). True when the summary was confirmed:
    the app then starts the session (after dropping this module)."""
    m = app.mode
    cfg = app.cfg
    if m == M_NAME:                         # the name editor
        name = app.edit
        if b in (btn.UP, btn.DOWN):
            step = 10 if long else 1
            app.edit = settings.edit_char(name, app.epos, step if b == btn.UP else -step)
        elif b == btn.RIGHT:
            if app.epos < settings.MAX_NAME - 1:
                app.epos += 1
                if app.epos >= len(name):
                    app.edit = name + settings.next_letter(name)
        elif b == btn.LEFT:
            if long:                                   # delete the letter under the cursor
                app.edit = name[:app.epos] + name[app.epos + 1:]
                if app.epos > 0 and app.epos >= len(app.edit):
                    app.epos -= 1
            elif app.epos > 0:
                app.epos -= 1
        elif b == btn.OK:
            seat = app.sel
            name = name.strip() or settings.default_name(seat)   # trimmed of spaces (inner runs kept), or the default
            other = settings.name_owner(app.cfg["names"], app.cfg["players"], seat, name)
            if other >= 0:                      # refused, the reason in the footer: the editor stays open
                app.msg = tr("Seat %d has that name") % (other + 1)
                app.dirty = True
                return False
            app.cfg["names"][seat] = name
            app._enter(M_NAMES, seat + 1)
            return False
        app.msg = ""
        app.dirty = True
        return False
    if b == btn.LEFT and long:
        _back(app)
        return False
    if m == M_GAME:
        if b in (btn.UP, btn.DOWN):
            app._move(b, long, len(app.rows))
        elif b == btn.OK:
            game = settings.GAMES[app.sel]
            if game != cfg["game"]:
                new_config(app, game)
            _next(app)
    elif m in (M_PLAYERS, M_CHIPS, M_BOOT):
        d = 0
        if b in (btn.RIGHT, btn.UP):
            d = 1
        elif b in (btn.LEFT, btn.DOWN):
            d = -1
        if d:
            if m == M_PLAYERS:
                lo, hi = settings.player_range(cfg["game"])
                v = hi if (long and d > 0) else lo if long else cfg["players"] + d
                cfg["players"] = max(lo, min(hi, v))
            elif m == M_CHIPS:
                cfg["chips"] = settings.ladder_step(settings.CHIP_LADDER, cfg["chips"], d * (3 if long else 1))
                _fit_rules(cfg)
                _repair(cfg, "chips")
            else:
                key = settings.stake_key(cfg["game"])
                ch = settings.rule_choices(cfg["game"], key, cfg["chips"])
                cfg["rules"][key] = settings.ladder_step(ch, cfg["rules"][key], d * (3 if long else 1))
                _repair(cfg, key)
            _fit_rules(cfg)         # a pot cap stays above what the boots put in (players, boot changed)
            build(app)
            app.dirty = True
        elif b == btn.OK:
            _next(app)
    elif m == M_NAMES:
        if b in (btn.UP, btn.DOWN):
            app.msg = ""
            app._move(b, long, len(app.rows))
        elif b == btn.RIGHT and app.sel < cfg["players"] and app.known:   # a name typed in an earlier session
            k = app.known
            i = app._choice_index(k, cfg["names"][app.sel]) + 1 if cfg["names"][app.sel] in k else 0
            cfg["names"][app.sel] = k[i % len(k)]   # (another seat's name too: to swap seats; Done checks)
            app.msg = ""
            build(app)
            app.dirty = True
        elif b == btn.LEFT:
            _back(app)
        elif b == btn.OK:
            if app.sel >= cfg["players"]:
                for seat in range(cfg["players"]):      # two seats with one name: refused, on the second one
                    other = settings.name_owner(cfg["names"], seat, seat, cfg["names"][seat])
                    if other >= 0:
                        app.sel = seat
                        app.top = widgets.first_visible(seat, app.top, len(app.rows))
                        app.msg = tr("Seat %d has that name") % (other + 1)
                        app.dirty = True
                        return False
                _next(app)
            else:
                app.edit = cfg["names"][app.sel]
                if app.edit == settings.default_name(app.sel):    # the seat's default name ("P3")
                    app.edit = "A"                  # most names start with a capital: from the first one
                app.epos = 0
                app.mode = M_NAME
                build(app)
                app.dirty = True
    elif m == M_PRESET:
        game = cfg["game"]
        if b in (btn.UP, btn.DOWN):
            app._move(b, long, len(app.rows))
        elif b == btn.LEFT:
            _back(app)
        elif b == btn.OK:
            ps = rules.presets(game)
            if app.sel < len(ps):                   # else "Custom": the edited rules stay as they are
                name = ps[app.sel][0]
                cfg["preset"] = name
                cfg["rules"] = settings.apply_preset(game, cfg["rules"], name)
                if settings.fit_stud(cfg):          # Forehead Stud at more than 7 players: off
                    cfg["preset"] = _preset_of(game, cfg["rules"])
                _repair(cfg, None)
            _next(app)
    elif m == M_STRUCT or m == M_RULES:
        game = cfg["game"]
        keys = settings.betting_keys(game) if m == M_STRUCT else settings.single_keys(game)
        if b in (btn.UP, btn.DOWN):
            app._move(b, long, len(app.rows))
        elif b in (btn.LEFT, btn.RIGHT) and app.sel < len(keys):
            key = keys[app.sel]
            ch = settings.rule_choices(game, key, cfg["chips"], cfg)
            i = app._choice_index(ch, cfg["rules"][key])
            d = 1 if b == btn.RIGHT else -1
            for _ in range(len(ch)):                # skip the values the other rules make invalid
                i += d
                cfg["rules"][key] = ch[i % len(ch)]
                if _valid(game, cfg["rules"]):
                    break
            if m == M_RULES:
                cfg["preset"] = _preset_of(game, cfg["rules"])
            build(app)
            app.dirty = True
        elif b == btn.LEFT:
            _back(app)
        elif b == btn.OK:
            _next(app)
    elif m == M_SUMMARY:
        if b in (btn.UP, btn.DOWN):
            n = len(app.rows)
            step = 5 if long else 1
            app.top += step if b == btn.DOWN else -step
            app.top = max(0, min(app.top, n - widgets.ROWS))
            app.dirty = True
        elif b == btn.LEFT:
            _back(app)
        elif b == btn.RIGHT:    # the next chip value of settings.CENTS_LADDER (after the largest: off again), money
            ladder = settings.CENTS_LADDER      # per chip in whole cents for settling up (``cfg["cents"]``)
            i = app._choice_index(ladder, cfg.get("cents", 0))
            cfg["cents"] = ladder[(i + 1) % len(ladder)]
            top = app.top
            build(app)
            app.top = top
            app.dirty = True
        elif b == btn.OK:
            return True
    return False


CUSTOM = "custom"


def _valid(game, r):
    try:
        rules.validate(game, r)
    except ValueError:
        return False
    return True


def _repair(cfg, changed):
    """After ``changed`` moved (the boot/ante, the chips), move the first betting value that conflicts with
    it (a chaal cap below the boot...) to its first choice that makes the house rules valid again."""
    game = cfg["game"]
    r = cfg["rules"]
    if _valid(game, r):
        return
    for key in settings.betting_keys(game):
        if key != changed:
            keep = r[key]
            for v in settings.rule_choices(game, key, cfg["chips"], cfg):
                r[key] = v
                if _valid(game, r):
                    return
            r[key] = keep


def _preset_of(game, r):
    """The preset whose single house rules ``r`` has (the boot/ante and betting values aside), or CUSTOM."""
    for p in rules.presets(game):
        if settings.apply_preset(game, r, p[0]) == r:
            return p[0]
    return CUSTOM


def _fit_rules(cfg):
    """Keep the boot/ante and the betting values legal choices after the starting chips, the players or the
    boot changed (a pot cap above what the boots put in: ``settings.rule_choices``)."""
    game = cfg["game"]
    r = cfg["rules"]
    settings.fit_stud(cfg)
    for key in (settings.stake_key(game),) + settings.betting_keys(game):
        ch = settings.rule_choices(game, key, cfg["chips"], cfg)
        if r[key] not in ch:
            r[key] = settings.ladder_step(ch, r[key], 0) if isinstance(r[key], int) else ch[0]
