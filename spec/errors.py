"""The errors cardspec raises. Each prints as one line that says how to fix it."""

from __future__ import annotations

from spec.i18n import Msg


#: the most characters of a user's text an error line echoes
QUOTE_CHARS = 80


def quote(text: object) -> str:
    r"""User text inside an error message, quoted so that it cannot split the line, and cut to
    about :data:`QUOTE_CHARS` characters (a 49 MB move is not echoed whole). A value that is not
    text (a number, a table) is shown as Python writes it, as a variant file's reader sees it.

    >>> print(quote("ten"), quote("a\nb"), quote("Т♠"), quote("x" * 100)[-12:], quote(36), quote({"A": 1}))
    'ten' 'a\nb' 'Т♠' …(100 chars) 36 {'A': 1}
    """
    if not isinstance(text, str):
        try:
            shown = repr(text)
        except ValueError:  # an integer past Python's 4,300-digit limit
            return f"<a number of {text.bit_length()} bits>" if isinstance(text, int) else "<a value>"
        return _cut(shown) + ("…" if len(shown) > QUOTE_CHARS else "")
    return "'" + _cut(text).replace("'", "\\'") + "'" + (f"…({len(text)} chars)" if len(text) > QUOTE_CHARS else "")


def _cut(text: str) -> str:
    """The first :data:`QUOTE_CHARS` characters of ``text``, each unprintable one escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[:QUOTE_CHARS])


#: the longest error line the command line prints
LINE_CHARS = 2000


def one_line(message: object) -> str:
    """A message with every line break escaped, at most :data:`LINE_CHARS` long: what the command line prints."""
    text = str(message)
    line = "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in text[:LINE_CHARS])
    return line if len(text) <= LINE_CHARS else line + f" …(cut; {len(text)} chars)"


class CardspecError(Exception):
    """Base class: a user-facing problem, reported in one line without a traceback."""


class NotationError(CardspecError, ValueError):
    """A card, deck or move written in a form cardspec cannot read."""


class UnknownGame(CardspecError, LookupError):
    """A game id that is not registered."""


class VariantError(CardspecError, ValueError):
    """A rules override (variant file or keyword) that is not allowed.

    ``key`` is the offending key and ``allowed`` says what would be accepted.
    """

    def __init__(self, key: str, problem: str, allowed: str, *, source: str | None = None):
        self.key, self.problem, self.allowed, self.source = key, problem, allowed, source
        if source:
            said = Msg("{source}: key {key}: {problem}; allowed: {allowed}", source=source, key=quote(key),
                       problem=problem, allowed=allowed)
        else:
            said = Msg("key {key}: {problem}; allowed: {allowed}", key=quote(key), problem=problem, allowed=allowed)
        super().__init__(said)

    def in_file(self, source: str) -> "VariantError":
        return VariantError(self.key, self.problem, self.allowed, source=source)


class RuleLoop(CardspecError, RuntimeError):
    """A rule's own loop that does not end: a chance event drawn again and again and never accepted.
    ``clause`` is the rule that keeps refusing."""

    def __init__(self, clause: str, times: int):
        self.clause, self.times = clause, times
        super().__init__(Msg("rule {clause}: the deal was drawn again {times} times and never accepted; the rules "
                             "(or a rule changed for a test) can never be satisfied", clause=clause, times=f"{times:,}"))


class IllegalMove(CardspecError, ValueError):
    """A move that breaks a rule. ``clause`` is the rulebook label of that rule."""

    def __init__(self, clause: str, reason: str, move: str = ""):
        self.clause, self.reason, self.move = clause, reason, move
        what = f"illegal move {move}: " if move else "illegal move: "
        super().__init__(f"{what}{reason} [rule {clause}]")
