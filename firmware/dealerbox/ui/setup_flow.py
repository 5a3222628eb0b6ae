"""The setup screens: game, players, names (and the name editor), starting chips, boot/ante, betting structure,
house-rule preset, single house rules, and the summary of every rule in force (confirmed before the first deal);
also the "Rules in force" view during play. Each is a ``ui.screen.Screen``; each goes on to the next with
``App.change``, so a long LEFT goes back (``App.back``) to the screen before, as it was left.

The session config is the app's (``App.cfg``, ui/settings.py): a new one is made by ``new_config`` and handed to the
app (``App.set_config``); the setup screens edit its values in place. Rows are built at press time (``build``),
never while drawing.
"""

from micropython import const

from dealerbox import lang
from dealerbox.engine import rules
from dealerbox.lang import tr
from dealerbox.ui import buttons as btn
from dealerbox.ui import langpick, screens, settings, widgets
from dealerbox.ui.modes import (
    M_CHIPS,
    M_GAME,
    M_NAME,
    M_NAMES,
    M_PLAYERS,
    M_PRESET,
    M_RULES,
    M_RULESVIEW,
    M_STRUCT,
    M_SUMMARY,
    SETUP,
    SNAPSHOT_VERSION,  # noqa: F401  (setup_flow.SNAPSHOT_VERSION: the app's saves)
)
from dealerbox.ui.screen import LONG_LEFT, LONG_LR, LONG_UD, Screen, index_of, wrap_rows

_MAX_KNOWN = const(20)      # names remembered across sessions
_DEFAULT_CHIPS = const(100)     # a new box's starting chips


def known_names(store):
    """The names typed in earlier sessions, newest first (list of str, at most ``_MAX_KNOWN``), and the seats'
    names the store keeps (list, or None): ``store.load_names``; none from a store without it or unreadable."""
    load = getattr(store, "load_names", None)
    if load is not None:
        try:
            last, known = load()
        except OSError:
            return [], None
        if last is not None:
            return known[:_MAX_KNOWN], last
    return [], None


def remember_names(store, cfg):
    """At the deal of a new session: keep its names for the next one (``store.save_names``), the names typed
    first. Written only when a name was typed and something changed (seats with their default names write
    nothing); a store that cannot write loses only the names."""
    typed = []
    for i in range(cfg["players"]):
        n = cfg["names"][i]
        if n != settings.default_name(i) and n not in typed:   # (a seat's default name: not typed)
            typed.append(n)
    save = getattr(store, "save_names", None)
    if save is None or not typed:
        return
    old, kept = known_names(store)
    known = list(typed)
    for n in old:
        if n not in typed:
            known.append(n)
    known = known[:_MAX_KNOWN]
    if known == old and kept == cfg["names"]:
        return
    try:
        save(cfg["names"], known)
    except OSError:
        pass


def new_config(cfg, game, players=None):
    """A fresh session config (dict) for ``game`` after ``cfg`` (the last one, or None): its names, players (or
    ``players``, clamped to the game's range), chips and chip value kept."""
    old = cfg["names"] if cfg is not None else ()
    names = []
    for i in range(10):
        names.append(old[i] if i < len(old) else settings.default_name(i))
    lo, hi = settings.player_range(game)
    n = 4 if hi >= 4 else hi
    if cfg is not None and lo <= cfg["players"] <= hi:
        n = cfg["players"]
    if players is not None:
        n = max(lo, min(hi, players))
    chips = cfg["chips"] if cfg is not None else _DEFAULT_CHIPS
    preset = rules.presets(game)[0][0]
    new = {"game": game, "players": n, "names": names, "chips": chips,
           "preset": preset, "rules": rules.preset(game, preset),
           "cents": cfg.get("cents", 0) if cfg is not None else 0}
    if cfg is not None and (cfg.get("hands") or cfg.get("minutes")):  # the session's length, as the last one's
        new["hands"] = cfg.get("hands", 0)
        new["minutes"] = cfg.get("minutes", 0)
    _fit_rules(new)
    return new


def first_config(store):
    """The config of a box's first session since power-on (dict, ``new_config``): Teen Patti, the seats named as in
    the last session the store keeps (``known_names``; ``store`` may be None)."""
    cfg = new_config(None, "teen-patti")
    names = cfg["names"]
    last = known_names(store)[1] or ()
    for i in range(min(len(last), len(names))):
        names[i] = last[i][:settings.MAX_NAME]
    return cfg


class SetupScreen(Screen):
    """A setup screen: a long LEFT goes back to the one before; ``next`` opens the one after (``modes.SETUP``'s
    order: ``_screen``)."""

    LONG = LONG_UD | LONG_LEFT

    def press(self, b, long):
        if b == btn.LEFT and long:
            self.app.back()
        else:
            self.on(b, long)

    def on(self, b, long):
        """Any press but a long LEFT."""

    def next(self):
        self.app.change(_screen(self.app, SETUP[index_of(SETUP, self.MODE) + 1]))


def _screen(app, mode):
    """The setup screen of ``mode`` (one of ``modes.SETUP`` after the game screen's)."""
    if mode == M_NAMES:
        return NamesScreen(app)
    if mode == M_PRESET:
        return PresetScreen(app)
    if mode == M_SUMMARY:
        return RulesView(app, M_SUMMARY)
    if mode == M_STRUCT or mode == M_RULES:
        return RuleListScreen(app, mode)
    return ValueScreen(app, mode)


class GameScreen(SetupScreen):
    """The first screen of a new session: the games (their player range), the language row (``langpick.row``: the
    language spoken, in its own name), then what the box holds, "312 hands   room 540" (``roomnote.room_rows``; none
    without a store that can say; a line to read: the selection stops at the language row)."""

    MODE = M_GAME

    def __init__(self, app):
        if app.cfg is None:     # the first session since power-on (``App.cfg``)
            app.set_config(first_config(app.store))
        super().__init__(app, settings.game_index(app.cfg["game"]))

    def build(self):
        self.title = tr("New session: game")
        self.rows = []
        for g in settings.GAME_ROWS:
            self.rows.append((tr(g[0]), "%d-%d" % g[1]))
        self.rows.append((tr("Language"), langpick.own_name(lang.code)))
        from dealerbox.ui.roomnote import room_rows

        self.rows.extend(room_rows(self.app.store, True))   # the hands the box holds, the room left (docs/device.md)
        self.hint = tr("\x1c choose  OK next")

    def on(self, b, long):
        if b in (btn.UP, btn.DOWN):
            self.move(b, long)
            self.sel = min(self.sel, langpick.row())    # the row under the language's is said, never chosen
        elif self.sel == langpick.row() and b in (btn.OK, btn.RIGHT):
            self.app.change(langpick.LangScreen(self.app))
        elif b == btn.OK and self.sel < langpick.row():
            game = settings.GAMES[self.sel]
            if game != self.app.cfg["game"]:
                self.app.set_config(new_config(self.app.cfg, game))
            self.next()


class ValueScreen(SetupScreen):
    """A value changed with the arrows, UP/RIGHT up, DOWN/LEFT down: the players (``mode`` ``M_PLAYERS``; long: to
    the game's least or most), the starting chips (``M_CHIPS``) or the boot (Teen Patti) or ante (the other games)
    everyone pays each hand (``M_BOOT``): a step along their ladder (long: 3 steps)."""

    LONG = LONG_UD | LONG_LR

    def __init__(self, app, mode):
        super().__init__(app)
        self.MODE = mode

    def draw(self, cv):
        screens.draw_value(self, cv)

    def build(self):
        cfg = self.app.cfg
        game = cfg["game"]
        if self.MODE == M_PLAYERS:
            lo, hi = settings.player_range(game)
            self.title = tr("Players")
            row = (tr("%s: %d to %d") % (settings.game_label(game), lo, hi), cfg["players"])
        elif self.MODE == M_CHIPS:
            self.title = tr("Starting chips")
            row = (tr("chips for each player"), cfg["chips"])
        else:
            key = settings.stake_key(game)
            self.title = tr("Boot (everyone pays)") if key == "boot" else tr("Ante (everyone pays)")
            row = (tr("chips each hand"), cfg["rules"][key])
        self.rows = [row]
        self.hint = tr("\x17\x18 change  OK next")

    def on(self, b, long):
        d = 1 if b in (btn.RIGHT, btn.UP) else -1 if b in (btn.LEFT, btn.DOWN) else 0
        if not d:
            if b == btn.OK:
                self.next()
            return
        cfg = self.app.cfg
        game = cfg["game"]
        if self.MODE == M_PLAYERS:
            lo, hi = settings.player_range(game)
            v = hi if (long and d > 0) else lo if long else cfg["players"] + d
            cfg["players"] = max(lo, min(hi, v))
        elif self.MODE == M_CHIPS:
            cfg["chips"] = settings.ladder_step(settings.CHIP_LADDER, cfg["chips"], d * (3 if long else 1))
            _fit_rules(cfg)
            _repair(cfg, "chips")
        else:
            key = settings.stake_key(game)
            ch = settings.rule_choices(game, key, cfg["chips"])
            cfg["rules"][key] = settings.ladder_step(ch, cfg["rules"][key], d * (3 if long else 1))
            _repair(cfg, key)
        _fit_rules(cfg)         # a pot cap stays above what the boots put in (players, boot changed)
        self.build()


class NamesScreen(SetupScreen):
    """The seats' names and "Done", the cursor on "Done" (OK goes on with the names shown: two seats with one name
    refused, on the second one); OK on a seat opens the name editor, RIGHT puts the next name typed in an earlier
    session."""

    MODE = M_NAMES

    def __init__(self, app):
        super().__init__(app, app.cfg["players"])
        self.known = known_names(app.store)[0]

    def build(self):
        cfg = self.app.cfg
        self.title = tr("Names")
        seat = tr("Seat %d")
        self.rows = []
        for i in range(cfg["players"]):
            self.rows.append((seat % (i + 1), cfg["names"][i]))
        self.rows.append((tr("Done"), None))
        self.hint = tr("\x1c seat \x18name OK edit") if self.known else tr("\x1c seat  OK edit")

    def on(self, b, long):
        cfg = self.app.cfg
        if b in (btn.UP, btn.DOWN):
            self.msg = ""
            self.move(b, long)
        elif b == btn.RIGHT and self.sel < cfg["players"] and self.known:   # a name typed in an earlier session
            k = self.known
            name = cfg["names"][self.sel]
            i = index_of(k, name) + 1 if name in k else 0
            cfg["names"][self.sel] = k[i % len(k)]   # (another seat's name too: to swap seats; Done checks)
            self.msg = ""
            self.build()
        elif b == btn.LEFT:
            self.app.back()
        elif b == btn.OK and self.sel >= cfg["players"]:
            self.done(cfg)
        elif b == btn.OK:
            self.app.change(NameEditor(self.app, self.sel))

    def done(self, cfg):
        """OK on "Done": two seats with one name refused (on the second one), else the next screen."""
        for seat in range(cfg["players"]):
            other = settings.name_owner(cfg["names"], seat, seat, cfg["names"][seat])
            if other >= 0:
                self.sel = seat
                self.fix_top()
                self.msg = tr("Seat %d has that name") % (other + 1)
                return
        self.next()


class NameEditor(Screen):
    """A seat's name, letter by letter, from the name it has: UP/DOWN change the letter under the cursor (long: 10
    letters on), RIGHT/LEFT move the cursor (RIGHT past the end adds a letter), a long LEFT deletes the letter under
    the cursor; OK keeps the name (or the seat's default name when it is empty), refused when another seat has it,
    and puts the names screen's cursor on the next row."""

    MODE = M_NAME
    LONG = LONG_UD | LONG_LEFT

    def __init__(self, app, seat):
        super().__init__(app, seat)
        self.edit = app.cfg["names"][seat]      # from the seat's name (its default "P3" too: OK keeps it)
        self.epos = 0

    def build(self):
        self.title = tr("Seat %d name: OK done") % (self.sel + 1)
        self.hint = tr("\x1c a-z \x17\x18 hold\x17 delete")

    def draw(self, cv):
        screens.draw_name(self, cv)

    def key(self):
        return (self.edit, self.epos, self.msg)

    def press(self, b, long):
        name = self.edit
        if b in (btn.UP, btn.DOWN):
            step = 10 if long else 1
            self.edit = settings.edit_char(name, self.epos, step if b == btn.UP else -step)
        elif b == btn.RIGHT and self.epos < settings.MAX_NAME - 1:
            self.epos += 1
            if self.epos >= len(name):
                self.edit = name + settings.next_letter(name)
        elif b == btn.LEFT and long:                # delete the letter under the cursor
            self.edit = name[:self.epos] + name[self.epos + 1:]
            if self.epos > 0 and self.epos >= len(self.edit):
                self.epos -= 1
        elif b == btn.LEFT and self.epos > 0:
            self.epos -= 1
        elif b == btn.OK:
            self.ok(name)
            return
        self.msg = ""

    def ok(self, name):
        cfg = self.app.cfg
        seat = self.sel
        name = name.strip() or settings.default_name(seat)   # trimmed of spaces (inner runs kept), or the default
        other = settings.name_owner(cfg["names"], cfg["players"], seat, name)
        if other >= 0:                      # refused, the reason in the footer: the editor stays open
            self.msg = tr("Seat %d has that name") % (other + 1)
            return
        cfg["names"][seat] = name
        assert self.prev is not None      # the names screen this editor was opened from: its cursor on the next row
        self.prev.sel = seat + 1
        self.app.back()


class RuleListScreen(SetupScreen):
    """A list of house rules, each changed with LEFT/RIGHT (the values the other rules make invalid skipped), then
    "Done": the betting structure (``mode`` ``M_STRUCT``) or the single house rules (``M_RULES``), these followed by
    the session's length (none, a number of deals agreed or a time: seeds 003, 004) and setting the preset (the
    preset they match, or "Custom")."""

    def __init__(self, app, mode):
        super().__init__(app)
        self.MODE = mode

    def keys(self):
        game = self.app.cfg["game"]
        return settings.betting_keys(game) if self.MODE == M_STRUCT else settings.single_keys(game)

    def build(self):
        cfg = self.app.cfg
        self.title = tr("Betting structure") if self.MODE == M_STRUCT else tr("Single house rules")
        self.rows = []
        for key in self.keys():
            self.rows.append((tr(settings.LABELS.get(key, key)), settings.value_text(cfg["rules"][key], key)))
        if self.MODE == M_RULES:
            self.rows.append((tr("Session"), settings.limit_text(cfg)))
        self.rows.append((tr("Done"), None))
        self.hint = tr("\x1c choose \x17\x18 change")

    def on(self, b, long):
        keys = self.keys()
        cfg = self.app.cfg
        d = 1 if b == btn.RIGHT else -1
        if b in (btn.UP, btn.DOWN):
            self.move(b, long)
        elif b in (btn.LEFT, btn.RIGHT) and self.sel < len(keys):
            self.turn(keys[self.sel], d)
            self.build()
        elif b in (btn.LEFT, btn.RIGHT) and self.sel == len(keys) and self.MODE == M_RULES:    # the session's length
            ls = ((0, 0), (5, 0), (10, 0), (20, 0), (30, 0), (50, 0), (0, 30), (0, 60), (0, 90), (0, 120), (0, 180))
            i = index_of(ls, (cfg.get("hands", 0), cfg.get("minutes", 0))) + d
            cfg["hands"], cfg["minutes"] = ls[i % len(ls)]
            self.build()
        elif b == btn.LEFT:
            self.app.back()
        elif b == btn.OK:
            self.next()

    def turn(self, key, d):
        """Rule ``key`` to its next valid value ``d`` (+1/-1) steps away."""
        cfg = self.app.cfg
        game = cfg["game"]
        ch = settings.rule_choices(game, key, cfg["chips"], cfg)
        i = index_of(ch, cfg["rules"][key])
        for _ in range(len(ch)):                # skip the values the other rules make invalid
            i += d
            cfg["rules"][key] = ch[i % len(ch)]
            if _valid(game, cfg["rules"]):
                break
        if self.MODE == M_RULES:
            cfg["preset"] = _preset_of(game, cfg["rules"])


class PresetScreen(SetupScreen):
    """The house-rule presets (and "Custom" when single rules were edited: kept unless a preset is chosen)."""

    MODE = M_PRESET

    def build(self):
        cfg = self.app.cfg
        ps = rules.presets(cfg["game"])
        self.title = tr("House-rule preset")
        self.rows = []
        sel = 0
        for i in range(len(ps)):                    # (the preset names are unique: rules.presets)
            self.rows.append((tr(ps[i][1]), None))
            if ps[i][0] == cfg["preset"]:
                sel = i
        if cfg["preset"] == "custom":               # single rules edited: keep them unless a preset is chosen
            self.rows.append((tr("Custom (your edits)"), None))
            sel = len(ps)
        self.sel = sel
        self.hint = tr("\x1c choose  OK next")

    def on(self, b, long):
        if b in (btn.UP, btn.DOWN):
            self.move(b, long)
        elif b == btn.LEFT:
            self.app.back()
        elif b == btn.OK:
            cfg = self.app.cfg
            game = cfg["game"]
            ps = rules.presets(game)
            if self.sel < len(ps):                   # else "Custom": the edited rules stay as they are
                name = ps[self.sel][0]
                cfg["preset"] = name
                cfg["rules"] = settings.apply_preset(game, cfg["rules"], name)
                if settings.fit_stud(cfg):          # Forehead Stud at more than 7 players: off
                    cfg["preset"] = _preset_of(game, cfg["rules"])
                _repair(cfg, None)
            self.next()


class RulesView(Screen):
    """Every rule in force, scrolled with UP/DOWN: during play "Rules in force" from the menus (OK back); as
    ``mode`` ``M_SUMMARY`` the summary before the deal: UP/DOWN scroll (long: 5 rows), RIGHT/LEFT the chip
    value up/down (money per chip for settling up; past either end: off), a long LEFT back, OK deals the first
    hand."""

    def __init__(self, app, mode=M_RULESVIEW):
        super().__init__(app, -1)
        self.MODE = mode
        if mode == M_SUMMARY:
            self.LONG = LONG_UD | LONG_LEFT

    def build(self):
        cfg = self.app.cfg
        game = cfg["game"]
        summary = self.MODE == M_SUMMARY
        self.title = tr("Summary: OK to deal") if summary else tr("Rules in force")
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
        if cfg.get("hands") or cfg.get("minutes"):
            rows.append((tr("Session"), settings.limit_text(cfg)))
        for ln in settings.describe(game, cfg["rules"]):
            wrap_rows(rows, ln)
        self.rows = rows
        self.sel = -1
        self.hint = tr("\x1c more\x17\x18money OK deal") if summary else tr("\x1c scroll OK back")

    def press(self, b, long):
        app = self.app
        summary = self.MODE == M_SUMMARY
        if b in (btn.UP, btn.DOWN):         # (long only on the summary)
            step = 5 if long else 1
            self.top = max(0, min(self.top + (step if b == btn.DOWN else -step), len(self.rows) - widgets.ROWS))
        elif not summary:                   # "Rules in force": OK back
            if b == btn.OK:
                app.back()
        elif b == btn.LEFT and long:
            app.back()
        elif b in (btn.LEFT, btn.RIGHT):    # the next chip value of settings.CENTS_LADDER either way, money per chip
            ladder = settings.CENTS_LADDER  # in whole cents for settling up (``cfg["cents"]``)
            cfg = app.cfg
            d = 1 if b == btn.RIGHT else -1
            cfg["cents"] = ladder[(index_of(ladder, cfg.get("cents", 0)) + d) % len(ladder)]
            self.open()
        elif b == btn.OK:
            remember_names(app.store, app.cfg)
            app.start_session()


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
    """The preset whose single house rules ``r`` has (the boot/ante and betting values aside), or "custom" (the
    session config's preset when single rules were edited to match none)."""
    for p in rules.presets(game):
        if settings.apply_preset(game, r, p[0]) == r:
            return p[0]
    return "custom"


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
