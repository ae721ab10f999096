"""Properties, results and the registry.

A :class:`Property` is a named claim about a game, settled by one method:

``z3``
    a proof over all cases with a fresh solver and a timeout;
``exhaustive``
    every reachable state of a small configuration (or every case of a
    finite argument);
``hypothesis``
    random legal play, one seed drawn per game, reporting the number of
    examples and the seed;
``search``
    a directed search for a witness (a deal and moves, or a cycle). A witness
    it finds is replayed through the engine, so a refutation is certain; when
    it finds none the verdict is ``unknown``, never ``holds``.

Checking returns a :class:`Result` with the verdict ``holds``, ``refuted`` or
``unknown``. A solver timeout or an unfinished search is ``unknown``, never
``holds``.
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from spec.engine import Game, Record

Verdict = Literal["holds", "refuted", "unknown"]
Method = Literal["z3", "exhaustive", "hypothesis", "search"]
HOLDS: Verdict = "holds"
REFUTED: Verdict = "refuted"
UNKNOWN: Verdict = "unknown"


@dataclass(frozen=True)
class Counterexample:
    """Evidence against a property, for people and for replay.

    ``text`` is the human explanation in card notation. ``record`` (a seed
    plus moves) or ``deal`` (cards per place) lets a test replay it.
    """

    text: str
    record: Record | None = None
    deal: dict[str, str] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text}
        if self.record is not None:
            out["record"] = json.loads(self.record.to_json())
        if self.deal is not None:
            out["deal"] = self.deal
        return out


@dataclass(frozen=True)
class Outcome:
    """What a check function returns; the runner adds timing."""

    verdict: Verdict
    detail: str = ""
    counterexample: Counterexample | None = None
    examples: int | None = None
    seed: int | None = None
    #: how the verdict was actually reached, when a check can use more than
    #: one method (a z3 proof, else a witness search)
    method: Method | None = None


class Refuted(Exception):
    """Raised inside a sampled check to report a counterexample."""

    def __init__(self, counterexample: Counterexample):
        super().__init__(counterexample.text)
        self.counterexample = counterexample


@dataclass(frozen=True)
class Budget:
    """How hard to try. CI uses the small default; ``cardspec verify`` may raise it."""

    seed: int = 20261129
    examples: int = 60
    z3_timeout_ms: int = 10_000
    max_plays: int = 5_000  # safety cap for games declared as possibly endless
    max_states: int = 300_000  # cap of one exhaustive exploration; a capped search is unfinished
    #: ``(i, n)``: check only the i-th of n shards of a splittable property (a sweep
    #: spreads one big search over workers this way; see :mod:`verifier.sweep`)
    shard: tuple[int, int] = (0, 1)


@dataclass(frozen=True)
class Property:
    """A registered claim about a game."""

    game: str                 # game id, or "*" for the generic properties
    name: str
    title: str
    clauses: tuple[str, ...]
    method: Method
    expected: Verdict         # for the game's default rules
    check: Callable[[Sequence[Game], Budget], Outcome] = field(repr=False, compare=False)
    note: str = ""
    #: whether the property says anything about these game objects (e.g. a
    #: per-player-count claim when a variant fixes another count)
    applies: Callable[[Sequence[Game]], bool] | None = field(default=None, repr=False, compare=False)
    #: budget fields this property always uses (e.g. ``{"examples": 20}``)
    budget: tuple[tuple[str, Any], ...] = ()
    #: the check honours ``Budget.shard`` (its work splits into independent parts)
    splits: bool = False


@dataclass(frozen=True)
class Result:
    game: str
    property: Property
    verdict: Verdict
    seconds: float
    detail: str = ""
    counterexample: Counterexample | None = None
    examples: int | None = None
    seed: int | None = None
    method: Method = "z3"

    @property
    def as_expected(self) -> bool:
        return self.verdict == self.property.expected

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "property": self.property.name, "title": self.property.title,
            "clauses": list(self.property.clauses), "method": self.method,
            "verdict": self.verdict, "expected": self.property.expected,
            "seconds": round(self.seconds, 4), "detail": self.detail,
            "counterexample": self.counterexample.to_json() if self.counterexample else None,
            "examples": self.examples, "seed": self.seed,
        }


class Registry:
    """Properties by game. Generic ones (game ``"*"``) apply to every game."""

    def __init__(self) -> None:
        self._props: dict[tuple[str, str], Property] = {}

    def add(self, prop: Property, book=None) -> Property:
        """Register a property, checking its definition first (a mistake fails at import).

        ``book`` is the game's clause book, when the game is not in the game
        registry (an example game in the tests).
        """
        key = (prop.game, prop.name)
        if key in self._props:
            raise ValueError(f"property {prop.name!r} registered twice for {prop.game}")
        if prop.method == "search" and prop.expected == HOLDS:
            raise ValueError(f"{prop.game}.{prop.name}: a search can only find a witness; it cannot be "
                             "expected to hold. Use method 'z3' or 'exhaustive', or expect 'refuted'/'unknown'")
        if prop.game != "*":
            book = book if book is not None else clause_book_of(prop.game)
            for label in prop.clauses:
                if book is not None and label not in book:
                    known = ", ".join(c.label for c in book)
                    raise ValueError(f"{prop.game}.{prop.name} names clause {label!r}, which {prop.game} "
                                     f"does not declare; its clauses are: {known}")
        fields = {f.name for f in dataclasses.fields(Budget)}
        for k, _ in prop.budget:
            if k not in fields:
                raise ValueError(f"{prop.game}.{prop.name}: budget has no field {k!r}; fields: {sorted(fields)}")
        self._props[key] = prop
        return prop

    def property(self, game: str, name: str, *, title: str, clauses: Sequence[str] = (),
                 method: Method, expected: Verdict = HOLDS, note: str = "", applies=None,
                 budget: dict[str, Any] | None = None):
        """Decorator registering ``check(games, budget) -> Outcome``."""
        def register(check):
            self.add(Property(game, name, title, tuple(clauses), method, expected, check, note, applies,
                              tuple((budget or {}).items())))
            return check
        return register

    def all(self) -> list[Property]:
        return list(self._props.values())

    def for_game(self, game_id: str) -> list[Property]:
        generic = [p for (g, _), p in self._props.items() if g == "*"]
        own = [p for (g, _), p in self._props.items() if g == game_id]
        return generic + own

    def get(self, game_id: str, name: str) -> Property:
        for prop in self.for_game(game_id):
            if prop.name == name:
                return prop
        raise KeyError(f"no property {name!r} for {game_id}")


REGISTRY = Registry()


def clause_book_of(game: str):
    """The :class:`~spec.clauses.ClauseBook` of a registered game (``None`` if it has none)."""
    from spec.errors import UnknownGame
    from spec.games import get_game
    try:
        return get_game(game).clause_book()
    except UnknownGame:
        return None


def run_property(prop: Property, games: Sequence[Game], budget: Budget = Budget()) -> Result:
    """Check one property against game objects (one per player count)."""
    if prop.budget:
        budget = dataclasses.replace(budget, **dict(prop.budget))
    start = time.perf_counter()
    out = prop.check(games, budget)
    method = out.method or prop.method
    if method == "search" and out.verdict == HOLDS:
        raise AssertionError(f"{prop.name}: a search that finds no witness proves nothing; report unknown")
    if out.verdict == REFUTED and out.counterexample is None:
        raise AssertionError(f"{prop.name}: a refutation must carry a counterexample")
    return Result(games[0].info.id, prop, out.verdict, time.perf_counter() - start, out.detail,
                  out.counterexample, out.examples, out.seed, method)
