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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from spec.engine import Game, Record
from spec.i18n import N_, Msg

Verdict = Literal["holds", "almost_surely", "refuted", "unknown"]
Method = Literal["z3", "exhaustive", "hypothesis", "search"]
HOLDS: Verdict = "holds"
#: holds with probability 1: plays that break the claim exist, but together they have probability 0
#: (a game that can go on for ever only if a shuffle comes out the same way for ever; see verifier.chance)
ALMOST_SURELY: Verdict = "almost_surely"
REFUTED: Verdict = "refuted"
UNKNOWN: Verdict = "unknown"
#: every verdict, in the order tables count them
VERDICTS: tuple[Verdict, ...] = (HOLDS, ALMOST_SURELY, REFUTED, UNKNOWN)
#: each verdict as a reader is told it (translated with ``spec.i18n.tr``)
VERDICT_SAID: dict[str, str] = {HOLDS: N_("holds"), ALMOST_SURELY: N_("holds with probability 1"),
                                REFUTED: N_("refuted"), UNKNOWN: N_("unknown")}


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

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Counterexample":
        """The inverse of ``to_json`` (a cache entry read back); a bad shape raises ``ValueError``."""
        if not isinstance(data, dict) or not isinstance(data.get("text"), str):
            raise ValueError("a counterexample is an object with a 'text'")
        record = data.get("record")
        deal = data.get("deal")
        if deal is not None and not (isinstance(deal, dict) and all(isinstance(k, str) and isinstance(v, str)
                                                                   for k, v in deal.items())):
            raise ValueError("a counterexample's 'deal' maps places to cards")
        try:
            rec = Record.from_json(json.dumps(record)) if record is not None else None
        except Exception as exc:  # noqa: BLE001 - any record error makes the entry untrusted
            raise ValueError(f"a counterexample's record does not load: {exc}") from None
        return cls(data["text"], rec, deal)


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
    #: the numbers behind ``detail`` (games sampled, states explored, ...), kept with
    #: the result so that a reader can render them in another language
    facts: dict[str, Any] | None = None


class Refuted(Exception):
    """Raised inside a sampled check to report a counterexample."""

    def __init__(self, counterexample: Counterexample):
        super().__init__(counterexample.text)
        self.counterexample = counterexample


def number_ranges(numbers: Iterable[int]) -> str:
    """Numbers written short, a run of consecutive ones as a range.

    >>> number_ranges([6, 2, 3, 4, 4])
    '2-4, 6'
    """
    out: list[list[int]] = []
    for n in sorted(set(numbers)):
        if out and n == out[-1][-1] + 1:
            out[-1].append(n)
        else:
            out.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in out)


@dataclass(frozen=True)
class Budget:
    """How hard to try. CI uses the small default; ``cardspec verify`` may raise it."""

    seed: int = 20261129
    examples: int = 60
    z3_timeout_ms: int = 10_000
    max_plays: int = 5_000  # safety cap for games declared as possibly endless
    max_states: int = 300_000  # cap of one exhaustive exploration; a capped search is unfinished


#: ``cardspec verify --thorough``: ten times the random games, a longer z3 timeout, bigger searches.
THOROUGH = Budget(examples=600, z3_timeout_ms=120_000, max_plays=20_000, max_states=3_000_000)


@dataclass(frozen=True)
class Scope:
    """Where a claim is made: the rules and player counts under which a property is expected
    to give its ``expected`` verdict. Outside its scope a property still runs, and what it finds
    is a finding about that variant, not a fault of the claim.

    ``text`` names the options in words (``turnover_order = flip, 2-5 players``); it goes into
    the property's title, the rulebook and the atlas. ``where(rules, players)`` decides a point.
    """

    text: str
    where: Callable[[Any, int], bool] = field(repr=False, compare=False)

    def covers(self, games: Sequence[Game]) -> bool:
        return all(self.where(g.rules, g.players) for g in games)


def finishes_when_sampled(game_cls: type) -> Scope:
    """Where a claim about finished games can be sampled: the game's proved bound on its length
    (``max_plays``) is within the plays a sampled game is followed (``Budget.max_plays``). A match to
    a very high target ends, but no sampled match gets there, so the claim would rest on nothing."""
    cap = Budget().max_plays

    def where(rules, players) -> bool:
        bound = game_cls(rules, players=players).max_plays()
        return bound is not None and bound <= cap
    return Scope("a match whose proved length is at most the 5,000 plays a sampled game is followed", where)


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
    #: how the runner may share this property's work with others (see :mod:`verifier.plan`):
    #: a :class:`verifier.api.Walked` (checked on the shared random walk) or a
    #: :class:`verifier.api.Invariant` (shared exploration and walk); ``None``: run alone
    shared: Any = field(default=None, repr=False, compare=False)
    #: the game objects the property checks, made from those it is given (a property about one
    #: preset); its ``check`` applies it itself, and the runner shares work on the objects it gives
    adapt: Callable[[Sequence[Game]], list[Game]] | None = field(default=None, repr=False, compare=False)
    #: where the claim is made (``None``: under every rule and player count the game allows)
    scope: Scope | None = field(default=None, compare=False)

    def expected_for(self, games: Sequence[Game]) -> Verdict | None:
        """The verdict the property claims for these game objects; ``None`` outside its scope. A generic
        property (game ``"*"``) takes the scope the game gives it in ``GENERIC_SCOPES`` (its verifier
        module), e.g. ``zero_sum`` where a pot can stay on the table."""
        scope = self.scope_for(games[0].info.id) if games else self.scope
        return self.expected if scope is None or scope.covers(games) else None

    def scope_for(self, game_id: str) -> "Scope | None":
        """The scope of this property in ``game_id``."""
        if self.game != "*":
            return self.scope
        import importlib
        try:
            module = importlib.import_module(f"verifier.games.{game_id}")
        except ImportError:
            return self.scope
        return getattr(module, "GENERIC_SCOPES", {}).get(self.name, self.scope)

    @property
    def scoped_title(self) -> str:
        """The title, with the scope the claim is made under."""
        return self.shown_title("en")

    def shown_title(self, lang: str, game_id: str | None = None, notation: Callable[[str], str] = str) -> str:
        """The title in ``lang``, with the scope the claim is made under (in ``game_id``, for a generic one);
        ``notation`` marks up the scope's words (the rulebook sets its option settings as code)."""
        from spec.i18n import Msg, said, tr
        title = said(self.title, lang) if isinstance(self.title, Msg) else tr(lang, self.title)
        if "@" in self.name:   # a property of one preset (``cards_conserved@throw_in``): the preset named after
            title += f" ({self.name.partition('@')[2]})"
        scope = self.scope_for(game_id) if game_id else self.scope
        if scope is None:
            return title
        words = said(scope.text, lang) if isinstance(scope.text, Msg) else tr(lang, scope.text)
        return tr(lang, "{title} (under {scope})").format(title=title, scope=notation(words))


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
    facts: dict[str, Any] | None = None
    #: read back from the result cache rather than computed in this run
    cached: bool = field(default=False, compare=False)
    #: the verdict claimed at this result's rules and player counts (``None``: outside the
    #: property's scope, where any verdict is a finding about the variant)
    expected: Verdict | None = field(default=HOLDS, compare=False)

    @property
    def as_expected(self) -> bool:
        return self.expected is None or self.verdict == self.expected

    @property
    def shown_expected(self) -> str:
        """The expectation as a table shows it."""
        return self.expected or "(outside its scope)"

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "property": self.property.name, "title": self.property.shown_title("en", self.game),
            "clauses": list(self.property.clauses), "method": self.method,
            "verdict": self.verdict, "expected": self.expected,
            "scope": (lambda sc: sc.text if sc else None)(self.property.scope_for(self.game)),
            "seconds": round(self.seconds, 4), "detail": self.detail,
            "counterexample": self.counterexample.to_json() if self.counterexample else None,
            "examples": self.examples, "seed": self.seed,
        }

    def outcome_json(self) -> dict[str, Any]:
        """What the result cache keeps: the outcome with its numbers and cards, not the property."""
        return {"verdict": self.verdict, "method": self.method, "seconds": round(self.seconds, 4),
                "detail": str(self.detail), "detail_msg": self.detail.to_json() if isinstance(self.detail, Msg) else None,
                "examples": self.examples, "seed": self.seed, "facts": self.facts,
                "counterexample": self.counterexample.to_json() if self.counterexample else None}

    @classmethod
    def from_outcome_json(cls, game: str, prop: Property, data: dict[str, Any],
                          games: Sequence[Game] = ()) -> "Result":
        """The inverse of :meth:`outcome_json`; any shape it does not write raises ``ValueError``."""
        if not isinstance(data, dict):
            raise ValueError("an outcome is an object")
        want = {"verdict", "method", "seconds", "detail", "detail_msg", "examples", "seed", "facts", "counterexample"}
        if set(data) != want:
            raise ValueError(f"an outcome has the keys {sorted(want)}")
        if data["verdict"] not in VERDICTS:
            raise ValueError(f"verdict: one of {', '.join(VERDICTS)}")
        if data["method"] not in ("z3", "exhaustive", "hypothesis", "search"):
            raise ValueError("method: z3, exhaustive, hypothesis or search")
        number = (int, float)
        if not isinstance(data["seconds"], number) or isinstance(data["seconds"], bool) or data["seconds"] < 0:
            raise ValueError("seconds: a number of at least 0")
        if not isinstance(data["detail"], str):
            raise ValueError("detail: text")
        detail = Msg.from_json(data["detail_msg"]) if data["detail_msg"] is not None else data["detail"]
        if str(detail) != data["detail"]:
            raise ValueError("detail_msg: does not say the detail")
        for key in ("examples", "seed"):
            v = data[key]
            if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
                raise ValueError(f"{key}: an integer or null")
        if data["facts"] is not None and not isinstance(data["facts"], dict):
            raise ValueError("facts: an object or null")
        cx = Counterexample.from_json(data["counterexample"]) if data["counterexample"] is not None else None
        if data["verdict"] == REFUTED and cx is None:
            raise ValueError("a refutation carries a counterexample")
        return cls(game, prop, data["verdict"], float(data["seconds"]), detail, cx, data["examples"],
                   data["seed"], data["method"], data["facts"], cached=True,
                   expected=prop.expected_for(games) if games else prop.expected)


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
        if prop.method == "search" and prop.expected in (HOLDS, ALMOST_SURELY):
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
                 budget: dict[str, Any] | None = None, scope: Scope | None = None):
        """Decorator registering ``check(games, budget) -> Outcome``."""
        def register(check):
            self.add(Property(game, name, title, tuple(clauses), method, expected, check, note, applies,
                              tuple((budget or {}).items()), scope=scope))
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


def effective_budget(prop: Property, budget: Budget) -> Budget:
    """The budget a property runs with: the given one, with the fields the property always sets."""
    return dataclasses.replace(budget, **dict(prop.budget)) if prop.budget else budget


def run_property(prop: Property, games: Sequence[Game], budget: Budget = Budget()) -> Result:
    """Check one property against game objects (one per player count)."""
    from verifier.z3util import fresh_context
    budget = effective_budget(prop, budget)
    fresh_context()
    start = time.perf_counter()
    out = prop.check(games, budget)
    return finished(prop, games[0].info.id, out, time.perf_counter() - start, games)


def finished(prop: Property, game: str, out: Outcome, seconds: float, games: Sequence[Game] = ()) -> Result:
    """The result of a property from its outcome, with the core's rules on what an outcome may say."""
    method = out.method or prop.method
    if method == "search" and out.verdict in (HOLDS, ALMOST_SURELY):
        raise AssertionError(f"{prop.name}: a search that finds no witness proves nothing; report unknown")
    if out.verdict == REFUTED and out.counterexample is None:
        raise AssertionError(f"{prop.name}: a refutation must carry a counterexample")
    return Result(game, prop, out.verdict, seconds, out.detail, out.counterexample, out.examples, out.seed,
                  method, out.facts, expected=prop.expected_for(games) if games else prop.expected)
