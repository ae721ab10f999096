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
#: the keywords Babel extracts: ``N_(message)`` and ``tr(lang, message)``
KEYWORDS = {"N_": None, "tr": (2,)}


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
