"""Rules objects: frozen, keyword-only dataclasses whose defaults are the source.

A field may carry metadata that the variant loader uses to check a value:

``range``
    ``(low, high)`` inclusive bounds for an ``int``; ``None`` means open.
``parse``
    a function turning the TOML value into the field's value; it raises
    :class:`ValueError` whose message says what is allowed.
``dump``
    the inverse of ``parse`` (for saving a record).
``sweep``
    values (as a variant file writes them) that the game's declared variant
    space adds to the ones every field gets (:mod:`verifier.space`): the edge
    values around a threshold the rules use, such as a target just past a
    multiple of the most one deal can score. A field read by ``parse`` needs
    them, because its values cannot be derived from its type.

Fields typed ``bool``, ``int``, ``str`` or ``Literal[...]`` need nothing more.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from typing import Any, Literal

from spec.errors import VariantError, quote
from spec.i18n import Msg, said, tr


def setting(default: Any, *, range: tuple[int | None, int | None] | None = None,
            parse=None, dump=None, sweep: tuple = ()) -> Any:
    """A rules field with a default and optional checking metadata."""
    meta: dict[str, Any] = {}
    if sweep:
        meta["sweep"] = tuple(sweep)
    if range is not None:
        meta["range"] = range
    if parse is not None:
        meta["parse"] = parse
    if dump is not None:
        meta["dump"] = dump
    if isinstance(default, (list, dict, set)) and not isinstance(default, Table):
        raise TypeError("rules defaults must be immutable")
    return dataclasses.field(default=default, metadata=meta)


def _describe(tp: Any, field: dataclasses.Field, lang: str = "en") -> str:
    return said(_allowed(tp, field), lang)


def _allowed(tp: Any, field: dataclasses.Field) -> str:
    """What a field allows, in words (a :class:`~spec.i18n.Msg`)."""
    if typing.get_origin(tp) is Literal:
        return Msg("one of {values}", values=", ".join(repr(a) for a in typing.get_args(tp)))
    if tp is bool:
        return Msg("true or false")
    if tp is int:
        lo, hi = field.metadata.get("range", (None, None))
        if lo is not None and hi is not None:
            return Msg("an integer from {lo} to {hi}", lo=lo, hi=hi)
        if lo is not None:
            return Msg("an integer of at least {lo}", lo=lo)
        if hi is not None:
            return Msg("an integer of at most {hi}", hi=hi)
        return Msg("an integer")
    return getattr(tp, "__name__", str(tp))


def coerce_field(rules_type: type, name: str, value: Any) -> Any:
    """Check and convert one TOML value for field ``name``; raise :class:`~spec.errors.VariantError`."""
    fields = {f.name: f for f in dataclasses.fields(rules_type)}
    if name not in fields:
        raise VariantError(name, Msg("unknown rules key"), ", ".join(sorted(fields)))
    field = fields[name]
    tp = typing.get_type_hints(rules_type)[name]
    if "parse" in field.metadata:
        try:
            return field.metadata["parse"](value)
        except (ValueError, TypeError) as exc:
            raise VariantError(name, Msg("cannot use {value}", value=quote(value)), str(exc)) from None
    allowed = _allowed(tp, field)
    if typing.get_origin(tp) is Literal:
        if value not in typing.get_args(tp):
            raise VariantError(name, Msg("{value} is not allowed", value=quote(value)), allowed)
        return value
    if tp is bool:
        if not isinstance(value, bool):
            raise VariantError(name, Msg("expected true or false, got {kind} {value}", kind=type(value).__name__,
                                           value=quote(value)), allowed)
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise VariantError(name, Msg("expected an integer, got {kind} {value}", kind=type(value).__name__,
                                           value=quote(value)), allowed)
        lo, hi = field.metadata.get("range", (None, None))
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise VariantError(name, Msg("{value} is out of range", value=value), allowed)
        return value
    if tp is str:
        if not isinstance(value, str):
            raise VariantError(name, Msg("expected a string, got {kind} {value}", kind=type(value).__name__,
                                           value=quote(value)), allowed)
        return value
    raise TypeError(f"{rules_type.__name__}.{name}: give the field a 'parse' function")


def make_rules(rules_type: type, overrides: Mapping[str, Any]) -> Any:
    """Build a rules object from TOML-style overrides, checking every key.

    Cross-field checks live in the rules class's ``__post_init__``; they raise
    :class:`~spec.errors.VariantError` too.
    """
    kwargs = {k: coerce_field(rules_type, k, v) for k, v in overrides.items()}
    return rules_type(**kwargs)


def rules_overrides(rules: Any) -> dict[str, Any]:
    """The fields of ``rules`` that differ from the defaults, as TOML values."""
    out = {}
    default = type(rules)()
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        if value != getattr(default, f.name):
            out[f.name] = f.metadata["dump"](value) if "dump" in f.metadata else value
    return out


def field_docs(rules_type: type, lang: str = "en") -> list[tuple[str, str, Any]]:
    """(name, allowed values, default) for each field, for the docs and errors, in ``lang``."""
    hints = typing.get_type_hints(rules_type)
    rows = []
    for f in dataclasses.fields(rules_type):
        allowed = _describe(hints[f.name], f, lang) if "parse" not in f.metadata \
            else tr(lang, "see the field's description")
        default = f.metadata["dump"](f.default) if "dump" in f.metadata else f.default
        rows.append((f.name, allowed, default))
    return rows


class Table(dict):
    """An immutable, hashable mapping: value and score tables in rules objects.

    A ``dict`` subclass so that lookups stay fast; every mutating method is
    blocked.

    >>> t = Table({"a": 1}); t["a"], hash(t) == hash(Table({"a": 1}))
    (1, True)
    """

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(frozenset(self.items()))

    def _blocked(self, *args, **kwargs):
        """Blocked: rules tables are immutable."""
        raise TypeError("rules tables are immutable; build a new Table")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _blocked

    def __repr__(self) -> str:
        items = ", ".join(f"{getattr(k, 'label', k)}: {v!r}" for k, v in self.items())
        return "Table({" + items + "})"

    def replace(self, **changes) -> "Table":
        return Table({**self, **changes})
