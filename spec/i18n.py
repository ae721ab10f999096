"""Translations of the strings cardspec generates: one gettext catalogue, read with Babel.

Code marks an English string for the catalogue with :func:`N_` (where the
language is not known yet, in a table of words) or translates it at once
with :func:`tr`::

    HEADER = [N_("property"), N_("verdict")]
    cells = [tr(lang, word) for word in HEADER]
    title = tr(lang, "Sample game")

The catalogue is ``spec/locale/ru/LC_MESSAGES/cardspec.po``. Its messages are
extracted from the code with Babel (the command is in
``docs/dev/conventions.md``); ``tests/test_i18n.py`` fails when a marked
string has no translation or a translation has no string left in the code.
English is the source language: it needs no catalogue.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Any

#: where the catalogues are: ``LOCALE_DIR / LANG / "LC_MESSAGES" / "cardspec.po"``
LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "cardspec"
#: the languages with a catalogue, besides English
LANGUAGES = ("ru",)
#: the keywords Babel extracts: ``N_(message)``, ``tr(lang, message)``, ``Msg(template, ...)`` and a
#: terminal session's ``say(template, ...)``
KEYWORDS = {"N_": None, "tr": (2,), "Msg": (1,), "say": (1,)}


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue; it is translated later, with :func:`tr`."""
    return message


def catalogue_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def catalogue(lang: str) -> Mapping[str, str]:
    """English message -> its translation, for ``lang`` (empty for English)."""
    if lang not in LANGUAGES:
        return {}
    from babel.messages.pofile import read_po
    with open(catalogue_path(lang), "rb") as fh:
        cat = read_po(fh, locale=lang)
    return {m.id: m.string for m in cat if m.id and m.string and not m.fuzzy}


def tr(lang: str, message: str) -> str:
    """``message`` in ``lang``: its translation, or the English where there is none."""
    if not lang or lang.startswith("en"):
        return message
    return catalogue(lang[:2]).get(message, message)


def translated(words: Any, lang: str) -> Any:
    """A table of words (dicts, lists and tuples of strings) with every string in ``lang``."""
    if isinstance(words, str):
        return tr(lang, words)
    if isinstance(words, Mapping):
        return {k: translated(v, lang) for k, v in words.items()}
    if isinstance(words, (list, tuple)):
        return type(words)(translated(w, lang) for w in words)
    return words


class Msg(str):
    """A sentence for a reader: English text that keeps its template and fields, so that it can
    be said in another language later (a refusal, a verdict's detail).

    It is a ``str`` (the English), so code that compares or prints sentences needs no change;
    :meth:`text` gives it in a language, formatting the translated template with the same
    fields. Mark the template as a literal: ``Msg("P{player} does not hold {card}", player=0,
    card="K♠")``; Babel extracts it.

    >>> m = Msg("{n} players", n=3)
    >>> m, m.text("ru")
    ('3 players', 'игроков: 3')
    """

    template: str
    fields: dict[str, Any]

    def __new__(cls, template: str, **fields: Any) -> "Msg":
        made = super().__new__(cls, template.format(**fields))
        made.template, made.fields = template, fields
        return made

    def text(self, lang: str) -> str:
        """The sentence in ``lang`` (English where the catalogue has no translation)."""
        return tr(lang, self.template).format(**self.fields)


def said(text: str, lang: str) -> str:
    """``text`` in ``lang`` if it is a :class:`Msg`, else as it is."""
    return text.text(lang) if isinstance(text, Msg) else text
