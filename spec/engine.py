"""The game protocol every game module implements, and game records.

A game is split OpenSpiel-style into

* :class:`GameInfo` -- metadata declared at the top of the module;
* a *rules* object -- a frozen, keyword-only dataclass of parameters whose
  defaults are the source's rules (see :mod:`spec.rules`);
* a :class:`Game` -- rules plus a player count, with the move functions;
* a frozen *state* -- everything that changes during play.

Moves follow the check / can / do pattern: ``check_move`` raises
:class:`~spec.errors.IllegalMove` naming the clause broken, ``can_move``
returns a bool, and ``play`` checks then applies.

Chance is explicit: ``deal(seed)`` is the only source of randomness (games
with several deals derive each deal's shuffle from that seed), so a game is
replayed exactly from its :class:`Record` (game, players, rules, seed, moves).
"""

from __future__ import annotations

import abc
import dataclasses
import json
import os
import tempfile
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from spec.cards import Card, format_cards, make_deck
from spec.errors import CardspecError, IllegalMove, NotationError, VariantError
from spec.rules import make_rules, rules_overrides

S = TypeVar("S")
M = TypeVar("M")


@dataclass(frozen=True, kw_only=True)
class Source:
    """Where the rules come from: a file of ``../shared/seeds`` and a title."""

    file: str
    title: str
    lines: str


@dataclass(frozen=True, kw_only=True)
class GameInfo:
    """A game's metadata, declared before anything else in its module."""

    id: str
    name_en: str
    name_ru: str
    min_players: int
    max_players: int
    deck: str
    family: str
    chance: bool
    hidden_information: bool
    zero_sum: bool
    source: Source


@dataclass(frozen=True)
class Outcome:
    """How a finished game came out. Unused parts stay empty."""

    losers: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    draw: bool = False

    def describe(self) -> str:
        parts = []
        if self.draw:
            parts.append("draw")
        if self.winners:
            parts.append("winners " + ", ".join(f"P{p}" for p in self.winners))
        if self.losers:
            parts.append("lost: " + ", ".join(f"P{p}" for p in self.losers))
        if self.scores:
            parts.append("scores " + " ".join(str(s) for s in self.scores))
        return "; ".join(parts) or "no result"


class Game(abc.ABC, Generic[S, M]):
    """Rules plus a player count. Subclasses implement the abstract methods.

    A game never mutates a state: every move returns a new frozen state.
    """

    info: ClassVar[GameInfo]
    Rules: ClassVar[type]

    def __init__(self, rules: Any = None, *, players: int | None = None):
        self.rules = rules if rules is not None else self.Rules()
        if not isinstance(self.rules, self.Rules):
            raise TypeError(f"{self.info.id}: rules must be a {self.Rules.__name__}")
        self.players = self.info.min_players if players is None else players
        self.check_players(self.players)

    # ------------------------------------------------------------- set-up
    def player_range(self) -> range:
        """The player counts these rules allow (may be narrower than the metadata)."""
        return range(self.info.min_players, self.info.max_players + 1)

    def check_players(self, n: int) -> None:
        allowed = self.player_range()
        if isinstance(n, bool) or not isinstance(n, int) or n not in allowed:
            raise VariantError("players", f"{n!r} players cannot play {self.info.id} with these rules",
                               f"{allowed.start} to {allowed.stop - 1}")

    def deck(self) -> tuple[Card, ...]:
        return make_deck(self.info.deck)

    @abc.abstractmethod
    def deal(self, seed: int) -> S:
        """The initial state after the seeded shuffle and deal."""

    # --------------------------------------------------------------- flow
    @abc.abstractmethod
    def to_move(self, state: S) -> int | None:
        """The player to move, or ``None`` when the game is over."""

    @abc.abstractmethod
    def legal_moves(self, state: S) -> tuple[M, ...]:
        """Every legal move of the player to move, unique, in a stable order."""

    def moves_for(self, state: S, player: int) -> tuple[M, ...]:
        """The legal moves of ``player``: empty unless it is their turn."""
        return self.legal_moves(state) if player == self.to_move(state) else ()

    @abc.abstractmethod
    def check_move(self, state: S, move: M) -> None:
        """Raise :class:`~spec.errors.IllegalMove` naming the broken clause, or return."""

    def can_move(self, state: S, move: M) -> bool:
        try:
            self.check_move(state, move)
        except IllegalMove:
            return False
        return True

    def play(self, state: S, move: M) -> S:
        """Check ``move`` and return the state after it."""
        self.check_move(state, move)
        return self.apply(state, move)

    @abc.abstractmethod
    def apply(self, state: S, move: M) -> S:
        """Apply a move already known to be legal (no checks)."""

    @abc.abstractmethod
    def is_over(self, state: S) -> bool: ...

    @abc.abstractmethod
    def outcome(self, state: S) -> Outcome:
        """The result of a finished game."""

    @abc.abstractmethod
    def zones(self, state: S) -> Mapping[str, Sequence[Card]]:
        """Every place a card can be, by name (``hand 0``, ``stock``, ``pile`` ...)."""

    def max_plays(self) -> int | None:
        """A proven bound on the number of moves, or ``None`` if the game may not end."""
        return None

    # ----------------------------------------------------------- notation
    def format_move(self, move: M) -> str:
        return str(move)

    @abc.abstractmethod
    def parse_move(self, text: str) -> M: ...

    def describe_move(self, state: S) -> str:
        """What to print after a move in a game log (default: nothing)."""
        return ""

    def describe(self, state: S) -> str:
        """A short human description of a state, in card notation."""
        return "; ".join(f"{z}: {format_cards(c) or '-'}" for z, c in self.zones(state).items())

    # ------------------------------------------------------------ records
    def record(self, seed: int, moves: Sequence[M]) -> "Record":
        return Record(game=self.info.id, players=self.players, seed=seed,
                      moves=tuple(self.format_move(m) for m in moves),
                      rules=rules_overrides(self.rules))

    def replay(self, seed: int, moves: Sequence[M]) -> S:
        state = self.deal(seed)
        for move in moves:
            state = self.play(state, move)
        return state

    def card_census(self, state: S) -> Counter:
        return Counter(c for cards in self.zones(state).values() for c in cards)


@dataclass(frozen=True)
class Record:
    """A replayable game: seed plus moves in notation. Saved as JSON."""

    game: str
    players: int
    seed: int
    moves: tuple[str, ...] = ()
    rules: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> str:
        return json.dumps({"game": self.game, "players": self.players, "seed": self.seed,
                           "rules": dict(self.rules), "moves": list(self.moves)}, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str, *, source: str = "record") -> "Record":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CardspecError(f"{source}: not a game record (invalid JSON: {exc.msg})") from None
        need = {"game": str, "players": int, "seed": int, "moves": list}
        for key, tp in need.items():
            if not isinstance(data.get(key), tp):
                raise CardspecError(f"{source}: key '{key}' must be a {tp.__name__}")
        unknown = set(data) - set(need) - {"rules"}
        if unknown:
            raise CardspecError(f"{source}: unknown key '{sorted(unknown)[0]}'; allowed: game, players, seed, rules, moves")
        return cls(data["game"], data["players"], data["seed"], tuple(data["moves"]), data.get("rules", {}))

    def game_object(self) -> Game:
        from spec.games import get_game
        cls = get_game(self.game)
        return cls(make_rules(cls.Rules, self.rules), players=self.players)

    def replay(self) -> tuple[Game, Any]:
        """Rebuild the final state; an illegal move names its position in the record."""
        game = self.game_object()
        state = game.deal(self.seed)
        for i, text in enumerate(self.moves, 1):
            try:
                state = game.play(state, game.parse_move(text))
            except IllegalMove as exc:
                raise IllegalMove(exc.clause, f"move {i} ({text}): {exc.reason}") from None
            except NotationError as exc:
                raise NotationError(f"move {i}: {exc}") from None
        return game, state

    def save(self, path: str | os.PathLike) -> None:
        """Write atomically: a crash never leaves half a file."""
        write_atomic(path, self.to_json() + "\n")

    @classmethod
    def load(cls, path: str | os.PathLike) -> "Record":
        try:
            text = open(path, encoding="utf-8").read()
        except OSError as exc:
            raise CardspecError(f"{path}: cannot read ({exc.strerror})") from None
        return cls.from_json(text, source=str(path))


def write_atomic(path: str | os.PathLike, text: str) -> None:
    directory = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".cardspec-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def replace(state: S, **changes: Any) -> S:
    """``dataclasses.replace`` under a short name, for game modules."""
    return dataclasses.replace(state, **changes)
