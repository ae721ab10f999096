"""Moves: frozen typed records with one text template each.

Every game declares its move kinds with :func:`move`. The template says how
the move is written; formatting and parsing both come from it, so they
round-trip::

    >>> from spec.cards import Card, parse_card
    >>> @move("beat {attack} with {cover}")
    ... class Beat:
    ...     attack: Card
    ...     cover: Card
    >>> m = parse_move("beat 7♠ with Qs", (Beat,))
    >>> m
    Beat(attack=7♠, cover=Q♠)
    >>> str(m)
    'beat 7♠ with Q♠'
    >>> parse_move(str(m), (Beat,)) == m
    True

A field's type decides how it is read and written: :class:`~spec.cards.Card`
(``10♥``, ``Th``, ``Т♠``), ``tuple[Card, ...]`` (cards separated by spaces
or commas), ``int``, ``str`` (one word), ``Literal[...]`` (one of the
words), an ``enum.Enum`` (its value or name, any case), or a type given
its own codec with :func:`codec`.

Extra *aliases* are templates that are read but never written: a game whose
notation changed keeps reading the records saved before the change.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import re
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from spec.cards import Card, format_card, format_cards, parse_card, parse_cards
from spec.errors import NotationError, quote
from spec.i18n import LANGUAGES, Msg, error_text, tr

__all__ = ["move", "parse_move", "say_move", "move_msg", "codec", "MoveKind", "templates_of"]

_FIELD = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class Codec:
    """How one field type is read from and written to move text."""

    pattern: str
    parse: Callable[[str], Any]
    format: Callable[[Any], str]


_CODECS: dict[Any, Codec] = {
    Card: Codec(r"[^\s,]+", parse_card, format_card),
    tuple[Card, ...]: Codec(r"[^\s,]+(?:[\s,]+[^\s,]+)*", parse_cards, format_cards),
    int: Codec(r"[+-]?[0-9]+", lambda t: int(t, 10), str),
    str: Codec(r"[^\s,]+", str, str),
}


def codec(tp: Any, pattern: str, parse: Callable[[str], Any], format: Callable[[Any], str]) -> None:
    """Teach move templates a field type of a game's own (a contract, a bid ...).

    ``pattern`` is a regular expression without groups; ``parse`` raises
    :class:`~spec.errors.NotationError` or :class:`ValueError` naming what is allowed.
    """
    _CODECS[tp] = Codec(pattern, parse, format)


def _codec_for(tp: Any) -> Codec:
    if tp in _CODECS:
        return _CODECS[tp]
    if typing.get_origin(tp) is Literal:
        words = [str(a) for a in typing.get_args(tp)]
        by_word = {w.lower(): a for w, a in zip(words, typing.get_args(tp))}

        def parse_literal(text: str) -> Any:
            if text.lower() not in by_word:
                raise NotationError(Msg("{text} is not one of {allowed}", text=quote(text), allowed=", ".join(words)))
            return by_word[text.lower()]
        return Codec("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)), parse_literal, str)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        names = {}
        for member in tp:
            names[str(member.value).lower()] = member
            names[member.name.lower()] = member
            label = getattr(member, "label", None)
            if isinstance(label, str):
                names[label.lower()] = member

        def parse_enum(text: str) -> Any:
            try:
                return names[text.lower()]
            except KeyError:
                allowed = ", ".join(str(getattr(m, "label", m.value)) for m in tp)
                raise NotationError(Msg("{text} is not one of {allowed}", text=quote(text), allowed=allowed)) from None
        return Codec(r"[^\s,]+", parse_enum, lambda m: str(getattr(m, "label", m.value)))
    raise TypeError(f"move field type {tp!r} has no codec; declare one with spec.moves.codec(...)")


@dataclass(frozen=True)
class _Template:
    text: str
    regex: re.Pattern
    fields: tuple[str, ...]


def _compile(template: str, codecs: dict[str, Codec], cls_name: str) -> _Template:
    parts, fields, pos = [], [], 0
    for m in _FIELD.finditer(template):
        literal = template[pos:m.start()]
        parts.append(r"\s+".join(re.escape(w) for w in literal.split(" ")))
        name = m.group(1)
        if name not in codecs:
            raise TypeError(f"{cls_name}: template {template!r} names {{{name}}}, which is not a field")
        parts.append(f"(?P<{name}>{codecs[name].pattern})")
        fields.append(name)
        pos = m.end()
    parts.append(r"\s+".join(re.escape(w) for w in template[pos:].split(" ")))
    return _Template(template, re.compile(r"\s*" + "".join(parts) + r"\s*", re.IGNORECASE | re.UNICODE),
                     tuple(fields))


class MoveKind(typing.Protocol):
    """What :func:`move` adds to a class (for type checkers and readers)."""

    template: typing.ClassVar[str]
    aliases: typing.ClassVar[tuple[str, ...]]
    kind: typing.ClassVar[str]


def move(template: str, *aliases: str, kind: str | None = None):
    """Class decorator: a frozen, slotted move record written as ``template``.

    ``{field}`` in the template stands for that field, written with its
    type's codec; every other word is literal (matched in any case, with any
    run of spaces). ``kind`` names the move kind in messages (default: the
    class name in lower case).
    """
    def wrap(cls: type) -> type:
        dc = dataclass(frozen=True, slots=True)(cls)
        hints = typing.get_type_hints(dc)
        codecs = {f.name: _codec_for(hints[f.name]) for f in dataclasses.fields(dc)}
        main = _compile(template, codecs, cls.__name__)
        missing = set(codecs) - set(main.fields)
        if missing:
            raise TypeError(f"{cls.__name__}: template {template!r} omits field(s) {sorted(missing)}")
        dc._templates = (main,) + tuple(_compile(a, codecs, cls.__name__) for a in aliases)
        dc._codecs = codecs
        dc.template = template
        dc.aliases = tuple(aliases)
        dc.kind = kind or cls.__name__.lower()

        def __str__(self) -> str:
            return _written(self, template)

        def __repr__(self) -> str:
            inner = ", ".join(f"{n}={codecs[n].format(getattr(self, n))}" for n in codecs)
            return f"{cls.__name__}({inner})"

        dc.__str__ = __str__
        dc.__repr__ = __repr__
        return dc
    return wrap


def _written(mv, template: str) -> str:
    """``mv`` written by ``template`` (its own, or the catalogue's form of it): each field by its codec."""
    codecs = type(mv)._codecs
    return _FIELD.sub(lambda m: codecs[m.group(1)].format(getattr(mv, m.group(1))), template)


@functools.cache
def _spoken(kind: type, lang: str) -> _Template | None:
    """``kind``'s template as the catalogue of ``lang`` says it (``None`` when it says it as in English)."""
    text = tr(lang, kind.template)
    return None if text == kind.template else _compile(text, kind._codecs, kind.__name__)


def move_msg(mv) -> Msg:
    """``mv`` as a :class:`~spec.i18n.Msg`: its kind's template with its fields written by their codecs, so that
    a sentence holding it (a verdict's detail) says it later in the reader's language, as :func:`say_move` does.

    >>> @move("take")
    ... class Take:
    ...     pass
    >>> move_msg(Take()), move_msg(Take()).template
    ('take', 'take')
    """
    codecs = type(mv)._codecs
    return Msg(type(mv).template, **{name: c.format(getattr(mv, name)) for name, c in codecs.items()})


def say_move(mv, lang: str) -> str:
    """``mv`` written as a reader of ``lang`` reads it (``побить 7♠ картой Q♠``); :func:`parse_move` reads
    that form back, so a player may type either.

    >>> from spec.cards import Card
    >>> @move("take")
    ... class Take:
    ...     pass
    >>> say_move(Take(), "en"), parse_move("take", (Take,)) == Take()
    ('take', True)
    """
    spoken = _spoken(type(mv), lang) if lang and not lang.startswith("en") else None
    return str(mv) if spoken is None else _written(mv, spoken.text)


def templates_of(kinds: Sequence[type]) -> str:
    """The written forms of these move kinds, for error messages: ``beat <attack> with <cover>, take``."""
    return ", ".join(_FIELD.sub(r"<\1>", k.template) for k in kinds)


def _read(kind: type, text: str):
    """The move of ``kind`` written as ``text``, or ``None`` if no template matches."""
    spoken = (_spoken(kind, lang) for lang in LANGUAGES)
    for tpl in (*kind._templates, *(t for t in spoken if t is not None)):
        m = tpl.regex.fullmatch(text)
        if m is None:
            continue
        values = {}
        for name in tpl.fields:
            try:
                values[name] = kind._codecs[name].parse(m.group(name))
            except (NotationError, ValueError) as exc:
                raise NotationError(Msg("cannot read move {text}: {error}", text=quote(text), error=error_text(exc))) from None
        return kind(**values)
    return None


def parse_move(text: str, kinds: Sequence[type]):
    """Read ``text`` as a move of one of ``kinds`` (tried in order).

    A text that fits no template raises :class:`~spec.errors.NotationError`
    listing the templates.
    """
    if not isinstance(text, str):
        raise NotationError(f"a move must be text, not {type(text).__name__} {quote(text)}; moves are: "
                            f"{templates_of(kinds)}")
    if "\n" in text or "\r" in text:
        raise NotationError(Msg("a move is one line of text; moves are: {moves}", moves=templates_of(kinds)))
    for kind in kinds:
        found = _read(kind, text)
        if found is not None:
            return found
    raise NotationError(Msg("cannot read move {text}; moves are: {moves}", text=quote(text), moves=templates_of(kinds)))
