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
import re
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
    path = catalogue_path(lang)
    if not path.exists():
        # the rules packed for the browser carry the catalogue compiled (no Babel in Pyodide)
        import gettext
        with open(path.with_suffix(".mo"), "rb") as fh:
            return {k: v for k, v in gettext.GNUTranslations(fh)._catalog.items() if k and isinstance(k, str)}
    from babel.messages.pofile import read_po
    with open(path, "rb") as fh:
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

    def __reduce__(self):
        # made again from its template and fields (its English text may hold braces)
        return _message, (self.template, self.fields)

    def text(self, lang: str) -> str:
        """The sentence in ``lang`` (English where the catalogue has no translation); a field that
        is itself a :class:`Msg` is said in ``lang`` too."""
        return tr(lang, self.template).format(**{k: said(v, lang) for k, v in self.fields.items()})

    @classmethod
    def join(cls, sep: str, parts) -> "Msg":
        """The parts (sentences or :class:`Msg`) joined by ``sep``, each said in the reader's language (and
        ``sep`` too, when it is a :class:`Msg` such as ``Msg(" or ")``)."""
        parts = list(parts)
        fields = {f"p{i}": p for i, p in enumerate(parts)}
        if isinstance(sep, Msg):
            fields["sep"], sep = sep, "{sep}"
        return cls(str.join(sep, ("{p%d}" % i for i in range(len(parts)))), **fields)

    def to_json(self) -> dict:
        """The template and fields, for a cache (fields that are not JSON become their English text)."""
        def value(v):
            if isinstance(v, Msg):
                return v.to_json()
            return v if isinstance(v, (int, float, bool)) or v is None else str(v)
        return {"msg": self.template, "fields": {k: value(v) for k, v in self.fields.items()}}

    @classmethod
    def from_json(cls, data) -> "Msg":
        """The inverse of :meth:`to_json`; a bad shape raises ``ValueError``."""
        if not (isinstance(data, dict) and set(data) == {"msg", "fields"} and isinstance(data["msg"], str)
                and isinstance(data["fields"], dict)):
            raise ValueError("a message is an object with 'msg' and 'fields'")
        fields = {k: cls.from_json(v) if isinstance(v, dict) else v for k, v in data["fields"].items()}
        try:
            return cls(data["msg"], **fields)
        except (KeyError, IndexError, ValueError) as exc:
            raise ValueError(f"a message's fields do not fit its template: {exc}") from None


def _message(template: str, fields: dict) -> "Msg":
    return Msg(template, **fields)


#: The names of the zones the games keep (``Game.zones``), as a reader sees them; ``{n}`` is a seat or a
#: number. A game that adds a zone adds its name here (tests/test_i18n.py checks every game's zones).
ZONE_NAMES = frozenset({
    N_("aside"), N_("aside {n}"), N_("banker stock"), N_("bid {n}"), N_("burned"), N_("centre"), N_("dealer"),
    N_("dealer stock"), N_("discard"), N_("discards"), N_("down {n}"), N_("drawn {n}"), N_("hand {n}"),
    N_("heap"), N_("layout"), N_("out"), N_("pig"), N_("pile"), N_("prizes down"), N_("prizes up"), N_("rows"),
    N_("shoe"), N_("shop {n}"), N_("shown"), N_("stock"), N_("stock top"), N_("table"), N_("taken"),
    N_("taken {n}"), N_("thrown {n}"), N_("trick"), N_("trump"), N_("trump card"), N_("turned"), N_("won {n}"),
})
_NUMBERED = re.compile(r"^(.*) (\d+)$")


def zone_name(name: str) -> str:
    """A zone's name (a key of ``Game.zones``) as a :class:`Msg` to say in the reader's language, or the
    name as it is when it is not in :data:`ZONE_NAMES`.

    >>> zone_name("hand 2").text("ru"), zone_name("stock").text("ru"), zone_name("nowhere")
    ('рука 2', 'колода', 'nowhere')
    """
    m = _NUMBERED.match(name)
    numbered = m.group(1) + " {n}" if m else ""
    if numbered in ZONE_NAMES:
        return Msg(numbered, n=int(m.group(2)))
    return Msg(name) if name in ZONE_NAMES else name


def error_text(exc: BaseException) -> str:
    """An error's sentence, kept a :class:`Msg` when it was raised with one (so that it can be said in
    the reader's language: ``said(error_text(exc), lang)``)."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Msg) else str(exc)


def said(text: str, lang: str) -> str:
    """``text`` in ``lang`` if it is a :class:`Msg`, else as it is."""
    return text.text(lang) if isinstance(text, Msg) else text


#: the calls whose text arguments are the rulebook's words (clause and property declarations): the
#: positional argument given by index, and the keyword arguments given by name
_DECLARATIONS = {"rule": ((1,), ("refused", "unchecked", "not_in_play")),
                 "note": ((1,), ("unchecked", "not_in_play")),
                 "property": ((), ("title", "note")), "walked": ((), ("title", "note")),
                 "invariant": ((), ("title", "note")), "z3_claim": ((), ("title", "note")),
                 "Property": ((2,), ("note",)), "Scope": ((0,), ()),
                 "move": ((0,), ())}   # a move's template, which a Russian log writes and a Russian player types


def extract(fileobj, keywords, comment_tags, options):
    """Babel's extraction method for cardspec: what Babel's Python extractor finds (``N_``, ``tr``,
    ``Msg``, ``say``), plus the words the rules and properties declare, which the rulebook and the
    command line show: clause summaries and refusals, property titles and notes, scopes, and the
    docstring of every field of a rules class (``mapping``: ``[spec.i18n:extract: **.py]``)."""
    import ast
    from babel.messages.extract import extract_python
    source = fileobj.read()
    fileobj.seek(0)
    yield from extract_python(fileobj, keywords, comment_tags, options)
    text = source.decode("utf-8") if isinstance(source, bytes) else source
    for lineno, message in declared_words(ast.parse(text)):
        yield lineno, "", message, []


def _has_words(text: str) -> bool:
    """Whether a template says anything once its ``{fields}`` are left out (``{card}`` does not)."""
    return bool(re.search(r"[^\W\d_]", re.sub(r"\{\w+\}", "", text)))


def declared_words(tree) -> list[tuple[int, str]]:
    """(line, text) of every declared word in a parsed module (see :func:`extract`)."""
    import ast
    import inspect
    found = []

    def literal(node) -> str | None:
        return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value else None

    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in _DECLARATIONS:
                positions, names = _DECLARATIONS[name]
                args = [node.args[i] for i in positions if i < len(node.args)]
                args += [k.value for k in node.keywords if k.arg in names]
                found += [(a.lineno, literal(a)) for a in args if literal(a) and _has_words(literal(a))]
        elif isinstance(node, ast.ClassDef) and node.name == "Rules":
            body = node.body
            for before, after in zip(body, body[1:]):
                if isinstance(before, ast.AnnAssign) and isinstance(after, ast.Expr) and literal(after.value):
                    found.append((after.lineno, inspect.cleandoc(literal(after.value))))
    return found
