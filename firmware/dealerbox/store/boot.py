"""Reading saves back at boot: the snapshot formats (every one ever written: ``encode``, ``check``) and
``Recovery``, which decides what a boot uses - the newest usable snapshot, its journal's actions, the hand logs
committed after it - puts the files back as an uninterrupted save leaves them, and says in words what was damaged
or lost (with ``store/damage.py``).

Imported by ``Store`` (``dealerbox/store/saves.py``) the first time a saved session is loaded, and kept: a box
that boots with no saved session and only plays never loads it (docs/device.md, "Memory"). ``Recovery`` reads
and writes files only through the ``Store``'s public methods (``read``, ``size``, ``open``, ``replace``, ...) and
keeps what it finds in its own fields; ``Store.load`` takes them. The formats and the guarantees are in saves.py's
docstring.
"""

import json

from micropython import const

from dealerbox.reason import Reason
from dealerbox.store import (
    BACKUP,
    BAD,
    GENESIS_KEY,
    JOURNAL,
    LOG,
    LOG_TEMP,
    MAGIC,
    N_,
    OLD_LOG,
    SESSION,
    TEMP,
    chunks,
    journal_line,
    last_line,
    last_line_hash,
    log_lines,
)
from dealerbox.store import FIELDS as _FIELDS
from dealerbox.store import HEAD as _HEAD
from dealerbox.store import checksum as crc32

_FIELDS_AT = const(14)


def encode(obj, number, mark=0):
    """The bytes of a snapshot file holding ``obj`` (JSON-able) as save ``number`` (int >= 1), ``mark`` the
    length of ``hands.log`` committed with it."""
    body = json.dumps(obj, separators=(",", ":")).encode()
    fields = (_FIELDS % (number, len(body), mark)).encode()
    crc = crc32(body, crc32(fields))
    return (_HEAD % (MAGIC, crc, "")).encode() + fields + body + b"\n"


def check(data):
    """Validate the bytes of a snapshot file without parsing its JSON.

    Returns ``(save number, body offset, body length, log mark, crc)``: the mark is the length of
    ``hands.log`` the snapshot was saved with (None in a ``DBX1`` file). Raises ValueError saying
    what is wrong: ``"empty"``, ``"no header"``, ``"not a session file"``, ``"truncated (N of M bytes)"``
    or ``"checksum mismatch"``.
    """
    if not data:
        raise ValueError(N_("empty"))
    nl = data.find(b"\n")
    if nl < 0:
        raise ValueError(N_("no header"))
    magic, number, size, mark, crc = _header(data[:nl])
    if len(data) < nl + 2 + size:
        raise ValueError(Reason("truncated (%d of %d bytes)", len(data), nl + 2 + size))
    body = memoryview(data)[nl + 1:nl + 1 + size]
    got = crc32(body, crc32(memoryview(data)[_FIELDS_AT:nl + 1])) if magic == MAGIC else crc32(body)
    if got != crc:
        raise ValueError(N_("checksum mismatch"))
    return number, nl + 1, size, mark, crc


def _header(line):
    """``(magic, save number, JSON length, log mark or None, crc)`` of a snapshot file's header line (bytes): the
    current ``DBX3`` layout, or ``DBX2`` / ``DBX1`` of earlier firmware (``DBX1``: no log mark). ValueError ``not a
    session file`` for anything else."""
    try:
        parts = line.decode().split()
    except UnicodeError:
        raise ValueError(N_("not a session file")) from None
    n = len(parts)
    magic = parts[0] if n else ""
    if magic == MAGIC and n == 5:
        crc_s, num_s, size_s, mark_s = parts[1], parts[2], parts[3], parts[4]
    elif magic == "DBX2" and n == 5 or magic == "DBX1" and n == 4:
        num_s, crc_s, size_s = parts[1], parts[2], parts[3]
        mark_s = parts[4] if n == 5 else "0"
    else:
        raise ValueError(N_("not a session file"))
    try:
        if not (num_s.isdigit() and size_s.isdigit() and mark_s.isdigit()):
            raise ValueError
        return magic, int(num_s), int(size_s), int(mark_s) if n == 5 else None, int(crc_s, 16)
    except ValueError:
        raise ValueError(N_("not a session file")) from None


def check_file(store, name):
    """``(number, mark, crc, None)`` for a valid snapshot file ``name`` of ``store``, ``(None, None, None, problem)``
    if not (problem None too when the file does not exist)."""
    try:
        data = store.read(name)
    except OSError as e:
        return None, None, None, Reason("unreadable (%s)", e)
    if data is None:
        return None, None, None, None
    try:
        number, _start, _size, mark, crc = check(data)
    except ValueError as e:
        return None, None, None, str(e)
    return number, mark, crc, None


def newest_number(store):
    """The highest save number (int, 0 if none) among ``store``'s valid snapshot files: a store that saves without
    loading first continues after it, never reusing a number."""
    best = 0
    for name in (SESSION, TEMP, BACKUP):
        number = check_file(store, name)[0]
        if number is not None and number > best:
            best = number
    return best


def parse(store, name):
    """The JSON of snapshot file ``name`` (checked already), read straight from the file; ValueError if bad."""
    f = store.open(name, "rb")
    try:
        f.readline()
        try:
            return json.load(f)
        except ValueError:
            raise ValueError(N_("bad JSON")) from None
    finally:
        f.close()


def _line_end(store, name, at):
    """True when a line of the ``Store``'s file ``name`` may start at byte ``at`` (> 0): a newline before it, or a
    line's ``{`` at it (the newline damaged), or the file's end there."""
    f = store.open(name, "rb")
    try:
        f.seek(at - 1)
        two = f.read(2)
    finally:
        f.close()
    return two[:1] == b"\n" or two[1:] in (b"", b"{")


def _after(store, mark):
    """What follows byte ``mark`` (a line's start) of the ``Store``'s ``hands.log``, read in 256-byte chunks (no line
    on the heap: a boot's peak): ``(genesis, prev)``, True when a session's genesis line is there, and the ``"prev"``
    (bytes, 64 hex digits) of the line starting at ``mark``, None when it has none."""
    key = b'"prev": "'
    f = store.open(LOG, "rb")
    try:
        f.seek(mark)
        tail = b""
        first = True        # still in the first line
        prev = None
        while True:
            chunk = f.read(256)
            if not chunk:
                return False, prev
            buf = tail + chunk
            if GENESIS_KEY in buf:
                return True, prev
            i, nl = buf.find(key), buf.find(b"\n")
            if first and 0 <= i and (nl < 0 or i < nl) and i + 73 <= len(buf):
                prev = buf[i + 9:i + 73]
            first = first and prev is None and nl < 0
            tail = buf[-80:]    # (a key or a prev across two reads: found again whole in the next)
    finally:
        f.close()


class Recovery:
    """One boot's reading of the saves of ``store`` (a ``Store``): ``load`` decides what is used and puts the files
    back as an uninterrupted save leaves them; the fields say what it found, for ``Store.load`` to take.

    What the boot found: ``found`` (list of str: one line per file and what was done), ``reports`` (list of
    ``Reason`` or catalog key str: the sentences for the players, ``lang.said``; ``Store.load`` joins them in English
    as its ``report``), ``later`` (list of str: the hand logs committed after the snapshot used, to catch up),
    ``later_why`` (why, a ``Reason`` or str), ``lost`` (list of ``Reason``: actions or damaged lines lost), ``aside``
    (list of ``Reason``: the files found as folders and set aside). The session it continues: ``number`` (int, the
    save number), ``journal`` (list of str: the records after it), ``crc`` (int: the CRC the next journal line chains
    to), ``jsize`` (bytes of journal kept), ``broken`` (True: the next write must be a snapshot), ``session_ok``
    (``session.json`` is a good snapshot).
    """

    def __init__(self, store):
        self.store = store
        self.found = []  # type: list
        self.reports = []  # type: list
        self.later = []  # type: list
        self.later_why = ""  # type: object
        self.lost = []  # type: list
        self.aside = []  # type: list
        self.journal = []  # type: list
        self.number = 0
        self.crc = 0
        self.jsize = 0
        self.broken = False
        self.session_ok = False

    def load(self, validate=None):
        """The newest usable snapshot (a dict), or None when there is none; never raises on bad files.

        ``validate``: the app's check, ``validate(obj) -> None`` or the reason (str) the snapshot cannot be
        used (version, shape, content: ui/snapcheck.py); a snapshot that fails it is set aside as ``*.bad``
        and the one before it used. A ``session.json`` or ``session.bak`` that fails ``check`` is set aside as ``*.bad``
        at once (kept for study: never replaced by a save nor removed by ``clear``); when no snapshot is usable the
        journal (the lost session's actions) goes with it as ``session.jnl.bad`` and ``reports`` says why
        (``session.tmp``, which only a power cut during a save leaves, is never set aside for failing ``check``).

        Sets ``journal`` to the actions recorded after the snapshot returned (the app replays them), ``found``
        (e.g. ``["session.json: checksum mismatch", "session.bak: save 11 ok", "session.json set aside as
        session.json.bad", "using session.bak (save 11): session.json is damaged"]``) and ``reports``.

        Then the files are put as an uninterrupted save leaves them: a complete ``session.tmp`` is renamed
        into place, a partial last line of ``hands.log`` is cut (no hand); a committed hand log is never deleted:
        the whole lines after the used save's mark are given as ``later`` (``later_why`` says why) for the app to
        bring to their logged end (ui/catchup.py): a finished hand is never dealt nor logged again. A ``hands.log``
        shorter than the save expects keeps every complete line and says what is missing.
        """
        valid, bad = self._scan()
        newest = valid[-1][0] if valid else 0
        got = self._pick(valid, bad, validate)
        if got is None:
            self._none_usable(newest, bad)
            return None
        number, name, mark, crc, obj = got
        self.number = number
        why = bad.get(SESSION)
        if why is None and name == BACKUP and self.store.size(SESSION) < 0:
            why = self._gone(number, validate)  # no session.json: what it held after this save is not known
        fallback = number < newest or why is not None and name == BACKUP  # an older save than the newest
        self._say_used(name, number, why, bad)
        self._put_in_place(name, why)
        self.crc = crc  # without a journal of its own, the next record starts a new one
        if name == SESSION:
            mark, damaged = self._session_journal(crc, mark)
            fallback = fallback or damaged
        elif fallback and name == BACKUP:   # the newest save lost: its journal's actions are lost, said in words
            mark = self._backup_journal(crc, mark)
        self._catch_up(mark, fallback)
        return obj

    def set_aside_file(self, name, suffix):
        """Rename the store's file ``name`` to ``name + suffix`` (kept for study), said in ``found``; True when done. A
        rename that fails (a folder of that name there: a card edited on a computer; the flash) is said instead, and
        the boot goes on with the files as they are (never a save lost for it)."""
        try:
            self.store.replace(name, name + suffix)
        except OSError as e:
            self.found.append("%s: cannot be set aside as %s (%s)" % (name, name + suffix, e))
            return False
        self.found.append("%s set aside as %s" % (name, name + suffix))
        return True

    def _scan(self):
        """Each snapshot file checked (``check_file``): ``(valid, bad)``, the valid ones as ``(number, name, mark,
        crc)`` oldest first, and ``{name: problem}``; a damaged ``session.json`` / ``session.bak`` set aside for study
        at once (before a save or a new session's clear replaces it). First a save folder edited on a computer: a
        folder where a file should be is set aside as ``*.bad``, said."""
        for name in (SESSION, TEMP, BACKUP, JOURNAL, LOG, OLD_LOG):
            if self.store.is_folder(name) and self.set_aside_file(name, BAD):
                self.reports.append(Reason("%s was a folder, not a file: set aside.", name))
                self.aside = list(self.reports)
        bad = {}
        valid = []
        for name in (SESSION, TEMP, BACKUP):
            number, mark, crc, problem = check_file(self.store, name)
            if problem is not None:
                self.found.append("%s: %s" % (name, problem))
                bad[name] = problem
            elif number is not None:
                self.found.append("%s: save %d ok" % (name, number))
                valid.append((number, name, mark, crc))
        for name in (SESSION, BACKUP):
            if name in bad:
                self.set_aside_file(name, BAD)
        valid.sort()
        return valid, bad

    def _pick(self, valid, bad, validate):
        """The newest valid snapshot the app's check accepts: ``(number, name, mark, crc, obj)``, or None; each one
        refused is said in ``found``, put in ``bad`` and set aside (an unreadable one left where it is)."""
        while valid:
            number, name, mark, crc = valid.pop()
            try:
                obj = parse(self.store, name)
                problem = self._ended(mark, obj)
                if problem is None and validate is None:
                    problem = None if isinstance(obj, dict) else N_("not a snapshot")
                elif problem is None:
                    try:        # (the app's reason; a check that trips on the content is a reason too, never a crash)
                        problem = validate(obj)
                    except Exception as err:  # noqa: BLE001
                        problem = Reason("cannot be checked (%s: %s)", type(err).__name__, err)
                if problem is None:
                    return number, name, mark, crc, obj
                raise ValueError(problem)
            except OSError as e:
                self.found.append("%s: unreadable (%s)" % (name, e))
                bad[name] = N_("unreadable")
            except ValueError as e:
                self.found.append("%s: %s" % (name, e))
                bad[name] = str(e)
                self.set_aside_file(name, BAD)
        return None

    def _ended(self, mark, obj):
        """Why a save whose hand log mark is ``mark`` (bytes) is not of the session ``hands.log`` is in, or None: a
        save of an earlier session copied back after the next one started (the table only ever resumes the log's last
        session: continuing an ended one would reopen its hands, or log them after another session's). Its mark is
        not the end of a line, or the line before it is whole (the next line chains to it) but not the one the save
        was saved after (``obj["tip"]``, its hash: ``App.snapshot``): ``"not of this hand log"``; a session's genesis
        line was logged after it, or its mark is the end of a line of the older file ``hands.log`` was moved to when
        its session ended (``Store.clear``): ``"from an ended session"``. A line before the mark that is damaged (a bit
        flipped: the next line does not chain to it) is no reason: the box never reads the lines it committed."""
        store = self.store
        if not mark:        # (None: a DBX1 save, nothing known)
            return None
        if mark > store.size(LOG):  # the log moved when its session ended, or damaged (``commit_log`` says so)
            older = store.older()
            name = older[-1] if older else OLD_LOG
            moved = name != OLD_LOG and store.size(name) >= mark and _line_end(store, name, mark)
            return N_("from an ended session") if moved else None
        if not _line_end(store, LOG, mark):
            return N_("not of this hand log")
        genesis, prev = _after(store, mark)
        if genesis:
            return N_("from an ended session")
        tip = obj.get("tip") if isinstance(obj, dict) else None
        before = last_line_hash(store, LOG, mark) if tip and prev is not None else None
        return N_("not of this hand log") if before is not None and before != tip and prev == before.encode() else None

    def _none_usable(self, newest, bad):
        """No snapshot is usable (damaged, refused, or deleted with its journal left): a new session starts, said in
        words; the lost save's journal is kept with it for study."""
        self.number = newest
        self.broken = True
        self.found.append(N_("no valid saved session") if self.found else N_("no saved session"))
        why = bad.get(SESSION) or bad.get(BACKUP)   # (session.tmp alone: a first save cut short, no session lost)
        if not why and self.store.size(JOURNAL) > 0:
            why = N_("missing")     # every save deleted, its journal left: the session's actions cannot be used
        if why:
            self.reports.append(Reason("Save unusable (%s): a new session starts.", why))
            if self.store.size(JOURNAL) >= 0:
                self.set_aside_file(JOURNAL, BAD)

    def _gone(self, number, validate):
        """Why ``session.json`` is not there when ``session.bak`` (save ``number``) is: the reason an earlier boot set
        it aside as ``session.json.bad`` (its damage, or the app's check), said again on every boot until a new save
        is written; ``"missing"`` when it was removed (or the ``.bad`` file is older than the save used)."""
        name = SESSION + BAD
        data = self.store.read(name)
        if data is None:
            return N_("missing")
        parts = data[:data.find(b"\n") + 1].split()
        if len(parts) == 5 and parts[0] == MAGIC.encode() and parts[2].isdigit() and int(parts[2]) <= number:
            return N_("missing")     # its save number, readable: older than the save used
        try:
            check(data)
        except ValueError as e:
            return str(e)
        try:
            obj = parse(self.store, name)
            problem = validate(obj) if validate is not None else None
        except Exception as e:  # noqa: BLE001 - a refused file is described, never raised
            problem = str(e)
        return problem or N_("missing")

    def _say_used(self, name, number, why, bad):
        """Say which save is used and why (``why``: what happened to ``session.json``, or None)."""
        if name != SESSION:
            self.found.append("using %s (save %d): %s" % (
                name, number, "the power went during a save" if why is None else "session.json is damaged"))
            if why is not None:
                self.reports.append(Reason("Save damaged (%s): the one before it is used.", why))
                self.later_why = N_("the newest save was lost") if why == "missing" else \
                    Reason("the newest save was damaged (%s)", why)
        elif TEMP in bad:
            self.found.append("using %s (save %d): a save was cut short by a power cut" % (name, number))
        elif bad:
            self.found.append("using %s (save %d)" % (name, number))

    def _put_in_place(self, name, why):
        """The files as an uninterrupted save leaves them: ``session.bak`` used, a ``session.json`` left set aside; a
        whole ``session.tmp`` renamed into place (the save the power interrupted, finished)."""
        store = self.store
        if name == BACKUP:
            if store.size(SESSION) >= 0:
                self.set_aside_file(SESSION, BAD)
            return
        if name == TEMP:
            if store.size(SESSION) >= 0:
                store.replace(SESSION, BACKUP if why is None else SESSION + BAD)
            store.replace(TEMP, SESSION)
        self.session_ok = True

    def read_journal(self, crc):
        """``(records, mark, good bytes, bad tail bytes)`` of the journal chained to snapshot CRC ``crc``; ``crc``
        becomes the last good line's CRC."""
        data = self.store.read(JOURNAL)
        out = []  # type: list
        mark = None
        good = 0
        if data:
            while True:
                nl = data.find(b"\n", good)
                if nl < 0:
                    break
                line = journal_line(data[good:nl])
                if line is None or line[2] != crc32(memoryview(data)[good:nl - 9], crc):
                    break
                out.append(line[0].decode())
                mark = line[1]
                crc = line[2]
                good = nl + 1
        self.crc = crc
        return out, mark, good, len(data) - good if data else 0

    def _took(self, recs, good):
        self.journal = recs
        self.jsize = good
        if recs:
            self.found.append("%s: %d action%s after save %d" % (JOURNAL, len(recs), "" if len(recs) == 1 else "s",
                                                                 self.number))

    def _session_journal(self, crc, mark):
        """The journal of ``session.json`` (CRC ``crc``, log mark ``mark``): its good lines for the app, a damaged
        line said (``damage.journal``). Returns ``(mark, damaged)``: the log mark of its last good line, and True
        when what lost lines committed is not known."""
        recs, jmark, good, tail = self.read_journal(crc)
        self._took(recs, good)
        self.broken = bool(tail and recs)  # a bad line after good ones: the next write is a snapshot
        damaged = False
        if tail and not recs:
            # its first line not chained to the snapshot: the journal of the snapshot before it (``session.bak``: a
            # save whose journal removal the power cut off, ``Store.save``), not damage, when that line chains to that
            # snapshot's CRC; else it is this snapshot's, damaged (``damage.journal`` says so: a bit flipped in line 1
            # dropped the hand's actions without a word before), and the hand logs its lines committed are kept
            bak = check_file(self.store, BACKUP)[2]
            data = self.store.read(JOURNAL) or b""
            nl = data.find(b"\n")
            line = journal_line(data[:nl]) if nl > 9 else None
            tail = bak is None or line is None or line[2] != crc32(memoryview(data)[:nl - 9], bak)
        if tail:    # damage, unless a power cut tore the last line
            from dealerbox.store import damage
            why = damage.journal(self.store.read(JOURNAL) or b"", len(recs), good, self.number, self.found,
                                 self.reports)
            if why is not None:
                self.later_why = why
                damaged = self.broken = True    # the next write a snapshot, which removes the damaged journal
        return (jmark if jmark is not None else mark), damaged

    def _backup_journal(self, crc, mark):
        """``session.bak`` used, the newest save lost: its own journal continued when there is one (the lost save was
        saved after it, no action since), else the lost save's actions counted (``damage.newer_journal``). Returns
        the log mark."""
        recs, jmark, good, tail = self.read_journal(crc)
        if not recs:
            self.crc = crc
            from dealerbox.store import damage
            store = self.store
            head = (store.read(SESSION + BAD) or b"")[:47].split()
            self.lost = damage.newer_journal(store.read(JOURNAL) or b"", head, mark, self.found, self.reports)
            return mark
        self._took(recs, good)
        self.broken = tail > 0
        return jmark if jmark is not None else mark

    def _catch_up(self, mark, fallback):
        """``hands.log`` as the save committed it or more (``commit_log``); the whole lines after ``mark`` given to
        the app as ``later`` (caught up, never dealt again); garbage among them set aside with the file
        (``clean_log``)."""
        after = self.commit_log(mark)
        if not (fallback or after) or mark is None:
            return
        from dealerbox.store import damage
        self.later, dirty, why = damage.logged_after(self.store, mark, self.number, self.found, self.reports)
        if why is not None:
            self.lost.append(why)
        if self.later and not self.later_why:
            self.later_why = N_("the save is older than the hand log")
        if dirty is not None and self.clean_log(dirty):     # garbage after the mark: the file kept aside, a clean log
            self.reports.append(N_("hands.log set aside as hands.log.bad; a clean hand log goes on."))

    def commit_log(self, mark):
        """Make ``hands.log`` what the save used (``number``) committed, or more: ``mark`` bytes (None: a DBX1 save,
        nothing known). Returns True when it holds whole lines after ``mark``: hands logged after the save (the power
        went before the journal line that would have committed one, the journal was lost, or an older save is used):
        never cut (a committed line of the hand log is never removed), ``load`` catches the session up with them
        (``later``).

        Only a partial last line (a write cut short: no hand) is cut, and said. Shorter than ``mark``: the log was
        damaged (or moved to ``hands.1.log`` by earlier firmware, exactly ``mark`` long: what ``hands.log`` holds is
        newer); ``reports`` says how much is missing (and that no hand log is left when ``hands.log`` is gone). The
        log is read from its end in small chunks (``last_line``): a boot needs no memory for a log of any size.
        """
        store = self.store
        size = store.size(LOG)
        if mark is None or size < 0 and not mark or size == mark:
            return False
        moved = size < mark and store.size(OLD_LOG) == mark     # (``Store.drop_hands`` before its save: no hands.log)
        if size < mark and not moved:
            missing = mark - (size if size > 0 else 0)
            self.found.append("hands.log: %d bytes shorter than save %d recorded" % (missing, self.number))
            self.reports.append(Reason(
                "Hand log damaged: %d bytes of hand logs are missing; every complete hand kept." if size > 0 else
                "Hand log damaged: %d bytes of hand logs are missing; no hand log is left.", missing))
        if size > 0:
            size = self.cut_partial(size)
        if size > mark or moved and size > 0:
            self.found.append("hands.log: %d bytes logged after save %d: caught up, kept" % (
                size - (0 if moved else mark), self.number))
            return True
        return False

    def clean_log(self, mark):
        """Set ``hands.log`` aside as ``hands.log.bad`` (kept whole, for study) and continue a clean log: its first
        ``mark`` bytes (the lines the save committed) and the hand lines after them, without the damaged lines
        (noise, garbage: ``damage.hand_lines``), streamed. True when done (a rename that fails leaves the log as it
        is)."""
        from dealerbox.store.damage import hand_lines

        store = self.store
        if not self.set_aside_file(LOG, BAD):
            return False
        src = store.open(LOG + BAD, "rb")
        try:
            dst = store.open(LOG_TEMP, "wb")
            try:
                if mark:
                    for part in chunks(src, mark):
                        dst.write(part)
                for ln in log_lines(store, LOG + BAD, mark):     # (dealerbox.store: read a line at a time)
                    if ln and not hand_lines(ln + b"\n", []):     # a hand (or a session's genesis) line: kept
                        dst.write(ln + b"\n")
            finally:
                store.close(dst)
        finally:
            src.close()
        store.replace(LOG_TEMP, LOG)
        return True

    def cut_partial(self, size):
        """Cut a partial last line of ``hands.log`` (``size`` bytes long: a write cut short, no hand) so the next line
        starts whole, and say it; returns the log's size after."""
        span = last_line(self.store)
        end = span[1] + 1 if span is not None else 0
        if end < size:
            self.store.truncate_log(end)
            self.found.append("hands.log: a partial line of %d bytes cut" % (size - end))
            self.reports.append(Reason("A partial hand log (%d bytes) was removed.", size - end))
        return end
