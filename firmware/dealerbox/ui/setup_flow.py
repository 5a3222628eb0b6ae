"""The setup screens: game, players, names, starting chips, boot/ante, betting structure, house-rule
preset, single house rules, and the summary of every rule in force (confirmed before the first deal).

``SetupFlow`` is the first layer of ``App`` (ui/app.py): it owns the session config (``cfg``,
ui/settings.py) and the list/value screens' state (``rows``, ``sel``, ``top``, ``title``, ``hint``).
Rows are built at press time (``_build``), never while drawing.
"""

from dealerbox.ui import buttons as btn
from dealerbox.ui import settings, widgets
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
    M_RULESVIEW,
    M_STRUCT,
    M_SUMMARY,
    SETUP,
)


class SetupFlow:
    """Layer of ``App``: setup flow."""

    def new_config(self, game):
        """Start a fresh session config for ``game`` (names kept from the previous one)."""
        names = [settings.default_name(i) for i in range(10)]
        if self.cfg is not None:
            old = self.cfg["names"]
            for i in range(len(old)):
                names[i] = old[i]
        lo, hi = settings.player_range(game)
        players = 4 if hi >= 4 else hi
        if self.cfg is not None and lo <= self.cfg["players"] <= hi:
            players = self.cfg["players"]
        chips = self.cfg["chips"] if self.cfg is not None else settings.DEFAULT_CHIPS
        from dealerbox import rules
        preset = rules.presets(game)[0][0]
        self.cfg = {"game": game, "players": players, "names": names, "chips": chips,
                    "preset": preset, "rules": rules.preset(game, preset)}
        self._fit_rules()

    def choose(self, game, players=None):
        """Preselect ``game`` (and ``players``, clamped to its range) on the setup screens."""
        self.new_config(game)
        if players is not None:
            lo, hi = settings.player_range(game)
            self.cfg["players"] = max(lo, min(hi, players))
        self._enter(M_GAME, settings.game_index(game))

    def _rules_mod(self):
        from dealerbox import rules
        return rules

    def _rule_keys(self):
        game = self.cfg["game"]
        return settings.betting_keys(game) if self.mode == M_STRUCT else settings.single_keys(game)

    def _enter(self, mode, sel=0):
        self.mode = mode
        self.sel = sel
        self.top = 0
        self.msg = ""
        self._build()
        self.dirty = True

    def _build(self):
        """Compute the rows, title and hint of the current screen (at press time, never in draw)."""
        m = self.mode
        cfg = self.cfg
        game = cfg["game"]
        rules = None
        if m in (M_BOOT, M_STRUCT, M_PRESET, M_RULES, M_SUMMARY, M_RULESVIEW):
            rules = self._rules_mod()
        if m == M_RESUME:
            s = self.saved
            t = s["table"]
            self.title = "Saved session"
            self.rows = [(settings.game_label(s["cfg"]["game"]), None),
                         ("%d players" % len(t["names"]), None),
                         ("hand", s.get("hand_no", 0)),
                         ("Resume", None), ("New session", None)]
            if self.sel < 3:
                self.sel = 3
            self.hint = "\x1c choose  OK select"
        elif m == M_GAME:
            self.title = "New session: game"
            self.rows = []
            for i in range(len(settings.GAMES)):
                lo, hi = settings.PLAYER_RANGE[i]
                self.rows.append((settings.GAME_LABELS[i], "%d-%d" % (lo, hi)))
            self.hint = "\x1c choose  OK next"
        elif m == M_PLAYERS:
            lo, hi = settings.player_range(game)
            self.title = "Players"
            self.rows = [("%s: %d to %d" % (settings.game_label(game), lo, hi), cfg["players"])]
            self.hint = "\x17\x18 change  OK next"
        elif m == M_NAMES:
            self.title = "Names"
            self.rows = [("Seat %d" % (i + 1), cfg["names"][i]) for i in range(cfg["players"])]
            self.rows.append(("Done", None))
            self.hint = "\x1c seat  OK edit"
        elif m == M_NAME:
            self.title = "Name of seat %d" % (self.sel + 1)
            self.hint = "\x1c letter \x17\x18 move OK"
        elif m == M_CHIPS:
            self.title = "Starting chips"
            self.rows = [("chips for each player", cfg["chips"])]
            self.hint = "\x17\x18 change  OK next"
        elif m == M_BOOT:
            key = settings.stake_key(game)
            self.title = "Boot (everyone pays)" if key == "boot" else "Ante (everyone pays)"
            self.rows = [("chips each hand", cfg["rules"][key])]
            self.hint = "\x17\x18 change  OK next"
        elif m == M_STRUCT or m == M_RULES:
            self.title = "Betting structure" if m == M_STRUCT else "Single house rules"
            self.rows = []
            for key in self._rule_keys():
                self.rows.append((settings.label(key), settings.value_text(cfg["rules"][key])))
            self.rows.append(("Done", None))
            self.hint = "\x1c choose \x17\x18 change"
        elif m == M_PRESET:
            ps = rules.presets(game)
            self.title = "House-rule preset"
            self.rows = [(p[1], None) for p in ps]
            self.sel = self._choice_index([p[0] for p in ps], cfg["preset"])
            self.hint = "\x1c choose  OK next"
        elif m == M_SUMMARY or m == M_RULESVIEW:
            self.title = "Summary: OK to deal" if m == M_SUMMARY else "Rules in force"
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
            rows.append(("Starting chips", cfg["chips"]))
            for ln in rules.describe(game, cfg["rules"]):
                while len(ln) > 20:
                    cut = ln.rfind(" ", 0, 21)
                    if cut <= 0:
                        cut = 20
                    rows.append((ln[:cut], None))
                    ln = "  " + ln[cut:].strip()
                rows.append((ln, None))
            self.rows = rows
            self.sel = -1
            self.hint = "\x1c scroll OK deal" if m == M_SUMMARY else "\x1c scroll OK back"
        else:
            self._build_play()
        self._fix_top()

    def _fix_top(self):
        if self.sel >= 0:
            self.top = widgets.first_visible(self.sel, self.top, len(self.rows))

    @staticmethod
    def _choice_index(choices, value):
        for i in range(len(choices)):
            if choices[i] == value:
                return i
        return 0

    def _move(self, button, long, n):
        step = 5 if long else 1
        if button == btn.UP:
            self.sel = max(0, self.sel - step)
        elif button == btn.DOWN:
            self.sel = min(n - 1, self.sel + step)
        self.top = widgets.first_visible(self.sel, self.top, n)
        self.dirty = True

    def _setup_back(self):
        i = SETUP.index(self.mode) if self.mode in SETUP else 2
        if i > 0:
            self._enter(SETUP[i - 1])

    def _setup_next(self):
        i = SETUP.index(self.mode)
        self._enter(SETUP[i + 1])

    def _press_setup(self, b, long):
        m = self.mode
        cfg = self.cfg
        if m == M_NAME:
            self._press_name(b, long)
            return
        if b == btn.LEFT and long:
            self._setup_back()
            return
        if m == M_GAME:
            if b in (btn.UP, btn.DOWN):
                self._move(b, long, len(self.rows))
            elif b == btn.OK:
                game = settings.GAMES[self.sel]
                if game != cfg["game"]:
                    self.new_config(game)
                self._setup_next()
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
                    self._fit_rules()
                else:
                    key = settings.stake_key(cfg["game"])
                    ch = settings.rule_choices(cfg["game"], key, cfg["chips"])
                    cfg["rules"][key] = settings.ladder_step(ch, cfg["rules"][key], d * (3 if long else 1))
                self._build()
                self.dirty = True
            elif b == btn.OK:
                self._setup_next()
        elif m == M_NAMES:
            if b in (btn.UP, btn.DOWN):
                self._move(b, long, len(self.rows))
            elif b == btn.LEFT:
                self._setup_back()
            elif b == btn.OK:
                if self.sel >= cfg["players"]:
                    self._setup_next()
                else:
                    self.edit = cfg["names"][self.sel]
                    self.epos = 0
                    self.mode = M_NAME
                    self._build()
                    self.dirty = True
        elif m == M_PRESET:
            game = cfg["game"]
            if b in (btn.UP, btn.DOWN):
                self._move(b, long, len(self.rows))
            elif b == btn.LEFT:
                self._setup_back()
            elif b == btn.OK:
                name = self._rules_mod().presets(game)[self.sel][0]
                cfg["preset"] = name
                cfg["rules"] = settings.apply_preset(game, cfg["rules"], name)
                self._setup_next()
        elif m == M_STRUCT or m == M_RULES:
            game = cfg["game"]
            keys = self._rule_keys()
            if b in (btn.UP, btn.DOWN):
                self._move(b, long, len(self.rows))
            elif b in (btn.LEFT, btn.RIGHT) and self.sel < len(keys):
                key = keys[self.sel]
                ch = settings.rule_choices(game, key, cfg["chips"])
                i = self._choice_index(ch, cfg["rules"][key]) + (1 if b == btn.RIGHT else -1)
                cfg["rules"][key] = ch[i % len(ch)]
                if m == M_RULES:
                    cfg["preset"] = self._rules_mod().which_preset(game, cfg["rules"]) or "custom"
                self._build()
                self.dirty = True
            elif b == btn.LEFT:
                self._setup_back()
            elif b == btn.OK:
                self._setup_next()
        elif m == M_SUMMARY:
            if b in (btn.UP, btn.DOWN):
                n = len(self.rows)
                step = 5 if long else 1
                self.top += step if b == btn.DOWN else -step
                self.top = max(0, min(self.top, n - widgets.ROWS))
                self.dirty = True
            elif b == btn.LEFT:
                self._setup_back()
            elif b == btn.OK:
                self.start_session()

    def _fit_rules(self):
        """Keep the boot/ante a legal choice after the starting chips changed."""
        game = self.cfg["game"]
        r = self.cfg["rules"]
        for key in (settings.stake_key(game),) + settings.betting_keys(game):
            ch = settings.rule_choices(game, key, self.cfg["chips"])
            if r[key] not in ch:
                r[key] = settings.ladder_step(ch, r[key], 0) if isinstance(r[key], int) else ch[0]

    def _press_name(self, b, long):
        name = self.edit
        if b in (btn.UP, btn.DOWN):
            step = 10 if long else 1
            self.edit = settings.edit_char(name, self.epos, step if b == btn.UP else -step)
        elif b == btn.RIGHT:
            if self.epos < settings.MAX_NAME - 1:
                self.epos += 1
                if self.epos >= len(name):
                    self.edit = name + ("a" if name and name[-1].islower() else "A")
        elif b == btn.LEFT:
            if long:                                   # delete the letter under the cursor
                self.edit = name[:self.epos] + name[self.epos + 1:]
                if self.epos > 0 and self.epos >= len(self.edit):
                    self.epos -= 1
            elif self.epos > 0:
                self.epos -= 1
        elif b == btn.OK:
            seat = self.sel
            self.cfg["names"][seat] = settings.clean_name(name, seat)
            self._enter(M_NAMES, seat + 1)
            return
        self.dirty = True
