"""The rules engine and its helpers: table, pots, betting round, draw stock, high-low split,
house rules, the engine contract (base.py), resume and replay (restore.py). Imports no UI and no store.

``_copy`` is here so that ``restore`` (imported by ``base`` on a rare path) needs nothing from ``base`` at import."""


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
