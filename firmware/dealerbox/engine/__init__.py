"""The rules engine and its helpers: table, pots, betting round, high-low split, house rules, the engine contract
(base.py: play, resume and replay). Imports no UI and no store. ``_copy``: the deep copy the snapshots share."""


def _copy(x):
    """Deep copy of JSON-able data (lists, dicts, scalars); tuples and bytes become lists."""
    if isinstance(x, (list, tuple, bytes, bytearray)):
        out = []
        for v in x:
            out.append(_copy(v))
        return out
    if isinstance(x, dict):
        out = {}  # type: ignore[assignment]
        for k in x:
            out[k] = _copy(x[k])
        return out
    return x
