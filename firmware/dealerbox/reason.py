"""Why something was refused, or what a report says, as its catalog key and its values: the engine, the rules and
the store say it, the UI shows it in the table's language (``lang.said``), the host tools and the REPL in English.
"""


class Reason:
    """A text of the catalog (``key``, str: the English template, read by the catalog as the first argument of
    ``Reason("...")``) and the values formatted into it (``args``: a tuple of ints, strs (words of the game: an
    action kind, a rule's key, a name), or Reasons (a reason quoted in another)). ``str(r)`` is the English text;
    two Reasons are equal when their key and values are (``!=`` is its negation on both interpreters)."""

    __slots__ = ("key", "args")

    def __init__(self, key, *args):
        self.key = key
        self.args = args

    def __str__(self):
        return self.key % self.args if self.args else self.key

    def __repr__(self):
        return "Reason(%r)" % str(self)

    def __eq__(self, other):
        return isinstance(other, Reason) and self.key == other.key and self.args == other.args

    __hash__ = None  # type: ignore[assignment]
