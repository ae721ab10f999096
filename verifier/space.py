"""A game's declared variant space: the house rules its claims are checked across.

Every rules field gets the values to sweep, from its type and bounds:

* a ``Literal`` or ``bool`` field: every value;
* an ``int`` field: the default, the values either side of it, and the bounds;
* plus the values the field declares with ``setting(..., sweep=(...))``: the
  edges around a threshold the rules use (and, for a field read by ``parse``,
  the only values besides the default).

The points of the space are the defaults; every option one value at a time
away from them; every pair of options that a common clause reads (the clause
functions are read for ``rules.FIELD``), both away from the defaults; and the
full product of the fields' values where it is small. Each point is checked at
every allowed player count, or at the fewest, the next, a middle and the most
where there are many.

>>> space = declared_space("queen_ace")
>>> space.values["last_player"]
('draws_on', 'takes_pot')
>>> space.points()[0].rules, len(space.points()) == len(space.grid().points())
({}, True)
"""

from __future__ import annotations

import ast
import dataclasses
import inspect
import itertools
import math
import typing
from dataclasses import dataclass
from collections.abc import Sequence
from typing import Any, Literal

from spec.games import get_game
from spec.rules import make_rules, rules_overrides

__all__ = ["Space", "declared_space", "field_values", "player_counts", "shared_readers"]

#: the full product of the fields' values is swept when it has at most this many points
FULL_PRODUCT = 32
#: player counts swept in full up to this many; beyond, the fewest, the next, a middle and the most
ALL_COUNTS = 4


def field_values(rules_type: type) -> dict[str, tuple[Any, ...]]:
    """The values to sweep for each field, as a variant file writes them; the default first."""
    hints = typing.get_type_hints(rules_type)
    default = rules_type()
    dumped = {f.name: f.metadata["dump"](getattr(default, f.name)) if "dump" in f.metadata
              else getattr(default, f.name) for f in dataclasses.fields(rules_type)}
    out = {}
    for f in dataclasses.fields(rules_type):
        tp, base = hints[f.name], dumped[f.name]
        values: list[Any] = [base]
        if typing.get_origin(tp) is Literal:
            values += typing.get_args(tp)
        elif tp is bool:
            values += [False, True]
        elif tp is int and "parse" not in f.metadata:
            lo, hi = f.metadata.get("range", (None, None))
            values += [v for v in (lo, base - 1, base + 1, hi) if v is not None]
            values = [v for v in values if (lo is None or v >= lo) and (hi is None or v <= hi)]
        values += f.metadata.get("sweep", ())
        out[f.name] = tuple({repr(v): v for v in values}.values())
    return out


def player_counts(cls) -> tuple[int, ...]:
    """Every allowed count, or the fewest, the next, a middle count and the most; a game whose
    claims change at other counts lists them in ``SPACE_PLAYERS`` in its verifier module."""
    import importlib
    try:
        declared = importlib.import_module(f"verifier.games.{cls.info.id}").__dict__.get("SPACE_PLAYERS")
    except ImportError:
        declared = None
    if declared:
        return tuple(declared)
    lo, hi = cls.info.min_players, cls.info.max_players
    if hi - lo + 1 <= ALL_COUNTS:
        return tuple(range(lo, hi + 1))
    return tuple(dict.fromkeys((lo, lo + 1, (lo + hi) // 2, hi)))


def shared_readers(cls) -> dict[tuple[str, str], tuple[str, ...]]:
    """Pairs of rules fields that one function of the game's rules module reads, with those functions.

    A clause often gets its option's value as an argument, so the function that
    applies a rule (and reads ``rules.FIELD`` to call the clause) counts as well
    as the clause itself.
    """
    names = {f.name for f in dataclasses.fields(cls.Rules)}
    tree = ast.parse(inspect.getsource(cls.module()))
    pairs: dict[tuple[str, str], list[str]] = {}
    order = [f.name for f in dataclasses.fields(cls.Rules)]
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        read = {n.attr for n in ast.walk(fn) if isinstance(n, ast.Attribute) and n.attr in names}
        for a, b in itertools.combinations(sorted(read, key=order.index), 2):
            pairs.setdefault((a, b), []).append(fn.name)
    return {k: tuple(dict.fromkeys(v)) for k, v in pairs.items()}


@dataclass(frozen=True)
class Space:
    """The declared variant space of one game."""

    game: str
    values: dict[str, tuple[Any, ...]]
    pairs: dict[tuple[str, str], tuple[str, ...]]
    players: tuple[int, ...]

    def overrides(self) -> list[tuple[dict[str, Any], tuple[int, ...]]]:
        """The rules of every point (as overrides of the defaults) with the player counts it is
        checked at: the defaults and each option alone at every swept count; pairs and the full
        product at the fewest players. Defaults first, no repeats."""
        base = {k: v[0] for k, v in self.values.items()}
        fewest = self.players[:1]
        found: list[tuple[dict[str, Any], tuple[int, ...]]] = [({}, self.players)]
        for name, vals in self.values.items():
            found += [({name: v}, self.players) for v in vals[1:]]
        for a, b in self.pairs:
            found += [({a: va, b: vb}, fewest) for va in self.values[a][1:] for vb in self.values[b][1:]]
        if math.prod(map(len, self.values.values())) <= FULL_PRODUCT:
            found += [({k: v for k, v in zip(self.values, combo) if v != base[k]}, fewest)
                      for combo in itertools.product(*self.values.values())]
        cls = get_game(self.game)
        out: dict[str, tuple[dict[str, Any], tuple[int, ...]]] = {}
        for over, counts in found:
            try:  # the point as its own overrides: a value equal to the default is no override
                over = rules_overrides(make_rules(cls.Rules, over))
            except Exception:  # noqa: BLE001 - an invalid combination stays, for Grid to report
                pass
            key = repr(sorted(over.items()))
            seen = out.get(key, (over, ()))[1]
            out[key] = (over, tuple(dict.fromkeys(seen + counts)))
        return list(out.values())

    def grid(self, players: str | None = None, properties: Sequence[str] = ()):
        """The space as a :class:`~verifier.sweep.Grid` of listed points; ``players`` (``"2-5"``)
        checks every point at those counts instead, ``properties`` only those properties."""
        from verifier.sweep import Grid, _players
        counts = _players(players, get_game(self.game)) if players else ()
        grid = Grid._checked(self.game, {}, counts or self.players, tuple(properties), "--only")
        return dataclasses.replace(grid, vary={k: tuple(v) for k, v in self.values.items()},
                                   listed=tuple((tuple(sorted(o.items())), counts or c) for o, c in self.overrides()))

    def points(self):
        return self.grid().points()


def declared_space(game: str) -> Space:
    """The declared variant space of ``game`` (see the module's docstring)."""
    cls = get_game(game)
    values = field_values(cls.Rules)
    pairs = {k: v for k, v in shared_readers(cls).items() if len(values[k[0]]) > 1 and len(values[k[1]]) > 1}
    return Space(game, values, pairs, player_counts(cls))
