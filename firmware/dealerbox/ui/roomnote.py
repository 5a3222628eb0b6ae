"""The room on the flash, said to the table (docs/device.md, "Room"): how many hands the box holds and for how many
more it has room (rows of the end-of-session screen, the game screen's last line), and when the flash is nearly full
(``low``: the notice between hands, ``ui/roomscreen.py``, drops the oldest hands only when the table says so twice:
``Store.drop_hands``). Imported when first needed."""

from dealerbox.lang import tr
from dealerbox.store.saves import LOW_HANDS, ROOM_RESERVE


def room_rows(store, line=False):
    """Rows ``(label, value)`` saying how many hands ``store`` holds and for how many more it has room
    (``Store.held``), none for a store that cannot say (a test's). On the end-of-session screen
    ``[("Hands kept", "212"), ("Room for", "431 hands")]``, the second left out when the room is not known; with
    ``line``, the game screen's row under the language row saying the same in one line, ``[("312 hands", "room
    540")]``: the value None when the room is not known, "room 999+" past 999 (a Pi's card: the first frame the same
    on every machine)."""
    held = getattr(store, "held", None)
    if held is None:
        return []
    hands, left = held()
    if line:
        room = None if left is None else tr("room %s") % ("999+" if left > 999 else str(left))
        return [((tr("%d hand") if hands == 1 else tr("%d hands")) % hands, room)]
    rows = [(tr("Hands kept"), str(hands))]
    if left is not None:
        rows.append((tr("Room for"), (tr("%d hand") if left == 1 else tr("%d hands")) % left))
    return rows


def low(store):
    """How many more hands fit on ``store``'s flash (int) when that is fewer than ``LOW_HANDS``, else None (room
    enough, or not known). With room for ``LOW_HANDS`` hands of 4 KB (the longest line is ~2.6 KB) the hands are not
    counted (``Store.hands`` streams the log the first time): the answer is None at once."""
    room = getattr(store, "room", None)
    free = room() if room is not None else None
    if free is None or free - ROOM_RESERVE >= LOW_HANDS * 4096:
        return None
    left = store.room_hands()
    return left if left is not None and left < LOW_HANDS else None
