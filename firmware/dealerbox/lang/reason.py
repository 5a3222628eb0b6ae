"""``lang.tr_reason``'s matching (docs/languages.md): a refusal of the engine or a store's report, English text
formatted from catalog templates, translated sentence by sentence through the templates of ``lang/templates.py``.

Imported by ``lang.tr_reason`` the first time a refusal or a report is shown in a language other than English (a rare
path: a session with none never loads this module nor the templates), and kept. It imports nothing of ``lang``
(which imports it): ``lang`` passes its table's lookup and ``tr_reason`` in.
"""

from dealerbox.lang.templates import T


def reason(s, find, again):
    """``s`` (str) translated (``lang.tr_reason``), or None when no key or template of the table in use matches it.
    ``find``: the table's translation of a key (``lang._find``: str, or None for a text not in the table); ``again``:
    ``lang.tr_reason``, for the rest of the sentences and the arguments."""
    t = find(s)
    if t is not None:
        return t
    i = s.find(". ")
    while i >= 0:                           # sentences joined by a space: the first one a key or a template
        first = reason(s[:i + 1], find, again)
        if first is not None:
            return first + " " + again(s[i + 2:])
        i = s.find(". ", i + 1)
    best = None
    size = -1
    n = len(T)
    a = 0
    while a < n:
        e = T.find("\x00", a)
        if e < 0:
            e = n
        i = T.find("%", a, e)
        r = T.rfind("%", a, e)
        if i > a and not s.startswith(T[a:i]) or not s.endswith(T[r + 2:e]):
            a = e + 1
            continue                        # (quick: the text before the first and after the last specifier)
        key = T[a:e]
        a = e + 1
        pk = _parts(key)
        lit = len("".join(pk[0])) if pk is not None else -1
        if lit <= size:
            continue
        args = _match(pk, s)
        if args is not None:
            t = find(key)
            best = (key if t is None else t, pk[1], args)   # (not in the table: translated as itself, left out)
            size = lit
    if best is None:
        return None
    pt = _parts(best[0])
    if pt is None or pt[1] != best[1]:      # a translation whose specifiers differ: not used
        return None
    out = pt[0][0]
    for i in range(len(best[2])):
        a = best[2][i]
        out += (again(a) if pt[1][i] != "d" else a) + pt[0][i + 1]
    return out


def _parts(tpl):
    """``(pieces, kinds)`` of the %-template ``tpl``: the literal text around its specifiers (list of str, one
    more than the specifiers; "%%" is a literal %) and each specifier's letter (str, "d" "s" "r"); None when
    ``tpl`` has no specifier."""
    pieces = []
    kinds = ""
    cur = ""
    i = 0
    n = len(tpl)
    while i < n:
        ch = tpl[i]
        if ch == "%" and i + 1 < n:
            j = i + 1
            while j < n and tpl[j] in "0123456789.-+ #":
                j += 1
            if j < n and tpl[j] == "%":
                cur += "%"
            elif j < n:
                pieces.append(cur)
                kinds += tpl[j]
                cur = ""
            i = j + 1
            continue
        cur += ch
        i += 1
    if not kinds:
        return None
    pieces.append(cur)
    return pieces, kinds


def _match(pk, s):
    """The arguments (list of str) that made ``s`` from the template of ``pk`` (``_parts``), or None when ``s``
    is not made from it (a ``%d`` argument must be an integer)."""
    pieces, kinds = pk
    first = pieces[0]
    last = pieces[-1]
    end = len(s) - len(last)
    if end < len(first) or not s.startswith(first) or not s.endswith(last):
        return None
    pos = len(first)
    args = []
    for k in range(1, len(pieces)):
        if k < len(pieces) - 1:
            j = s.find(pieces[k], pos, end) if pieces[k] else -1
            if j < 0:
                return None
        else:
            j = end
            if j < pos:
                return None
        a = s[pos:j]
        if kinds[k - 1] == "d" and not (a.isdigit() or a[:1] == "-" and a[1:].isdigit()):
            return None
        args.append(a)
        pos = j + len(pieces[k])
    return args
