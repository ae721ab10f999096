"""The game protocol every game module implements, and game records.

A game is split OpenSpiel-style into

* :class:`GameInfo` -- metadata declared at the top of the module;
* a *rules* object -- a frozen, keyword-only dataclass of parameters whose
  defaults are the source's rules (see :mod:`spec.rules`);
* a :class:`Game` -- rules plus a player count, with the move functions;
* a frozen *state* -- everything that changes during play.

Moves follow the check / can / do pattern: ``check_move`` raises
:class:`~spec.errors.IllegalMove` naming the clause broken, ``can_move``
returns a bool, and ``play`` checks then applies. Moves are typed records
declared with :func:`spec.moves.move`; each kind is decided by the clauses
that declare ``decides=`` or ``narrows=`` it (see :mod:`spec.clauses`),
and one clause of each kind *offers* its moves (``offers=``), so
``legal_moves`` and ``refusal`` both run the clauses. The generic property
``moves_match_clauses`` checks that the legal moves are exactly the offered
moves the clauses allow, one at a time.

Chance is explicit: ``deal(seed)`` is the only source of randomness (games
with several deals derive each deal's shuffle from that seed), so a game is
replayed exactly from its :class:`Record` (game, players, rules, seed, moves).
"""

from __future__ import annotations

import abc
import dataclasses
import enum
import functools
import json
import os
import sys
import types
import typing
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from spec.cards import Card, format_cards, make_deck
from spec.clauses import ClauseBook
from spec.dealing import LegacySeed
from spec.files import check_text, check_writable, read_user_file, write_atomic  # noqa: F401 (re-exported)
from spec.errors import CardspecError, IllegalMove, NotationError, UnknownGame, VariantError, quote
from spec.i18n import Msg, said, zone_name
from spec.moves import parse_move as parse_move_text, say_move, templates_of
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
    #: every player's payoff, by seat (what the ``zero_sum`` claim is checked against)
    returns: tuple[int | float, ...] = ()

    def describe(self, lang: str = "en") -> str:
        """The result in words, in ``lang``."""
        return said(self.message(), lang)

    def message(self) -> Msg:
        """The result as a :class:`~spec.i18n.Msg`, for a log line that is said later (``winners P0; ...``)."""
        parts = []
        if self.draw:
            parts.append(Msg("draw"))
        if self.winners:
            parts.append(Msg("winners {players}", players=", ".join(f"P{p}" for p in self.winners)))
        if self.losers:
            parts.append(Msg("lost: {players}", players=", ".join(f"P{p}" for p in self.losers)))
        if self.scores:
            parts.append(Msg("scores {scores}", scores=" ".join(str(s) for s in self.scores)))
        return Msg.join("; ", parts) if parts else Msg("no result")


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
        self._book = type(self).clause_book()

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

    def position(self, *args: Any, **kwargs: Any) -> S:
        """A position set up by hand (cards in named places; the rest of the state at its natural start):
        each game's one documented constructor, which the verifier's small configurations, the solvers and
        the tests build their positions with. A card named twice or not in the deck is a ``ValueError``."""
        raise NotImplementedError(f"{self.info.id}: the game defines no position(...); see docs/dev/conventions.md")

    # --------------------------------------------------------------- flow
    @abc.abstractmethod
    def to_move(self, state: S) -> int | None:
        """The player to move, or ``None`` when the game is over."""

    # ------------------------------------------------------------- moves
    #: the move kinds of the game, in the order the parser tries them
    move_kinds: ClassVar[tuple[type, ...]] = ()
    #: the label of the clause that ends the game (named when a move comes too late)
    over_clause: ClassVar[str] = ""

    @classmethod
    def module(cls):
        """The game's own module (the one defining ``GAME``), also for subclasses made elsewhere."""
        for k in cls.__mro__:
            mod = sys.modules.get(k.__module__)
            if mod is not None and getattr(mod, "GAME", None) is not None:
                return mod
        return sys.modules[cls.__module__]

    @classmethod
    def clause_book(cls) -> ClauseBook | None:
        """The game's :class:`~spec.clauses.ClauseBook` (its module's ``CLAUSES``)."""
        found = cls.__dict__.get("_clause_book")
        if found is None:
            found = getattr(cls.module(), "CLAUSES", None)
            setattr(cls, "_clause_book", found)  # per class: a subclass may live in another module
        return found

    @classmethod
    def deciders_for(cls, kind: type) -> tuple:
        """The (label, decider) pairs that decide a move kind one move at a time."""
        book = cls.clause_book()
        return book.deciders(kind) if book is not None else ()

    def refusal(self, state: S, move: M) -> tuple[str, str] | None:
        """``(clause label, reason)`` when ``move`` is not allowed now, else ``None``.

        Runs the move kind's clauses in declaration order -- the clause that
        offers the kind, then its deciders -- and names the first that drops
        the move: the same clauses ``legal_moves`` runs.
        """
        if self.is_over(state):
            return self.over_clause, Msg("the game is over: no more moves can be made")
        chain = self._book.chain_for(type(move)) if self._book is not None else None
        if chain is None:
            raise NotationError(f"{move!r} is not a move of {self.info.id}; moves are: "
                                + templates_of(self.move_kinds))
        return chain.refusal(self, state, move)

    def legal_moves(self, state: S) -> tuple[M, ...]:
        """Every legal move of the player to move, unique, in a stable order: the moves
        each offering clause lists, filtered by the kind's deciders, in the order the
        offering clauses are declared.
        """
        if self.is_over(state):
            return ()
        book = self._book
        moves = book._moves if book is not None else False  # built once from the chains
        if moves is None:
            moves = book.moves_function() or False
        if not moves:
            raise TypeError(f"{self.info.id}: no clause offers moves; declare one with "
                            "@CLAUSES.rule(..., offers=Kind) for each move kind (docs/dev/conventions.md)")
        return moves(self, state)

    def moves_for(self, state: S, player: int) -> tuple[M, ...]:
        """The legal moves of ``player``: empty unless it is their turn."""
        return self.legal_moves(state) if player == self.to_move(state) else ()

    def check_move(self, state: S, move: M) -> None:
        """Raise :class:`~spec.errors.IllegalMove` naming the broken clause, or return."""
        refused = self.refusal(state, move)
        if refused is not None:
            raise IllegalMove(refused[0], refused[1], self.format_move(move))

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
    def format_move(self, move: M, lang: str = "en") -> str:
        """``move`` in the game's notation, as a reader of ``lang`` writes it (:func:`spec.moves.say_move`);
        :meth:`parse_move` reads every language's form."""
        return say_move(move, lang)

    def parse_move(self, text: str) -> M:
        """Read a move from its text, by the templates of ``move_kinds``."""
        return parse_move_text(text, self.move_kinds)

    def describe_move(self, state: S) -> str:
        """What to print after a move in a game log (default: nothing)."""
        return ""

    def describe(self, state: S) -> str:
        """A short human description of a state, in card notation (a :class:`~spec.i18n.Msg`, which the
        caller says in the reader's language, like :meth:`describe_move`'s)."""
        return Msg.join("; ", [Msg("{zone}: {cards}", zone=zone_name(z), cards=format_cards(c) or "-")
                               for z, c in self.zones(state).items()])

    # ------------------------------------------------------- information
    def hidden_zones(self, state: S, player: int) -> frozenset[str]:
        """The zones whose cards ``player`` cannot see (default: the other
        players' hands and the stock)."""
        names = self.zones(state)
        return frozenset(z for z in names
                         if z == "stock" or (z.startswith("hand ") and z != f"hand {player}"))

    def observe(self, state: S, player: int) -> Any:
        """What ``player`` knows of ``state``: every zone they can see, and the
        size of each they cannot. A game with more to hide or show overrides it;
        the generic property ``hidden_information`` checks the view."""
        hidden = self.hidden_zones(state, player)
        return (self.to_move(state),) + tuple(
            (z, len(cards) if z in hidden else tuple(cards)) for z, cards in self.zones(state).items())

    def resample_hidden(self, state: S, player: int, rng: Any) -> S:
        """``state`` with the hidden information that is not a card (a face-down bid, a gesture)
        drawn afresh, as ``player`` might imagine it: the bots call it after dealing the hidden
        cards afresh (:func:`spec.bots.determinize`). The default: nothing else is hidden."""
        return state

    def standing(self, state: S) -> tuple[float, ...] | None:
        """The returns the game would give if it stopped now, by seat, from what is already scored
        (a match's running totals): how a bot's playout or a benchmark that stops a long game before
        its end scores it (:mod:`spec.bots`, ``bench/bench_bots.py``). The default, ``None``: unknown,
        and a game stopped early counts as even for every player."""
        return None

    def exact_move(self, state: S, player: int) -> M | None:
        """A best move for ``player`` (to move) that the game can work out exactly from what the player
        sees, ``observe(state, player)``, and never from the hidden cards themselves: Sixty-Six once the
        stock is exhausted, where every card left is known. The bots play it without searching
        (:class:`spec.bots.IsmctsBot`, the ``hint`` of ``cardspec play``). The default, ``None``: no
        exact answer, search."""
        return None

    def relabel(self, state: S, mapping: Mapping[Card, Card]) -> S:
        """``state`` with cards renamed by ``mapping`` wherever they occur.

        The generic version rewrites frozen dataclasses, tuples, lists, sets
        and dicts; a game that stores cards another way (bit masks) overrides it.
        """
        return _relabel(state, mapping)

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


#: The record format written now. Format 1 (no ``format`` key) was written
#: before a game's defaults changed; its rules are read with the game's
#: ``LEGACY_DEFAULTS`` so that those records still replay. Formats 1 and 2
#: drew chance in a way under which a few distinct seeds deal alike; their
#: seeds are replayed as a :class:`~spec.dealing.LegacySeed`, which draws it so.
RECORD_FORMAT = 3
#: the formats a record may have, and those whose seed is a legacy one
RECORD_FORMATS, LEGACY_SEED_FORMATS = (1, 2, 3), (1, 2)


@dataclass(frozen=True)
class Record:
    """A replayable game: seed plus moves in notation. Saved as JSON."""

    game: str
    players: int
    seed: int
    moves: tuple[str, ...] = ()
    rules: Mapping[str, Any] = field(default_factory=dict)
    format: int = RECORD_FORMAT

    def to_json(self) -> str:
        return json.dumps({"format": self.format, "game": self.game, "players": self.players, "seed": self.seed,
                           "rules": dict(self.rules), "moves": list(self.moves)}, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str, *, source: str = "record") -> "Record":
        """Read a record, checking every key; a problem is one :class:`~spec.errors.CardspecError` line."""
        try:
            data = json.loads(check_text(text, source))
        except json.JSONDecodeError as exc:
            raise CardspecError(f"{source}: not a game record (invalid JSON: {exc.msg})") from None
        except RecursionError:
            raise CardspecError(f"{source}: not a game record (nested too deeply)") from None
        if not isinstance(data, dict):
            raise CardspecError(f"{source}: not a game record: a JSON object with keys format, game, players, "
                                f"seed, rules, moves is needed, not {type(data).__name__}")
        need = {"game": str, "players": int, "seed": int, "moves": list}
        for key, tp in need.items():
            value = data.get(key)
            if not isinstance(value, tp) or isinstance(value, bool):
                raise CardspecError(f"{source}: key '{key}' must be a {tp.__name__}")
        unknown = set(data) - set(need) - {"rules", "format"}
        if unknown:
            raise CardspecError(f"{source}: unknown key {quote(sorted(unknown)[0])}; "
                                "allowed: format, game, players, seed, rules, moves")
        fmt = data.get("format", 1)
        if isinstance(fmt, bool) or fmt not in RECORD_FORMATS:
            raise CardspecError(f"{source}: key 'format': {quote(fmt)} is not a record format; allowed: "
                                f"{', '.join(map(str, RECORD_FORMATS))}")
        rules = data.get("rules", {})
        if not isinstance(rules, dict):
            raise CardspecError(f"{source}: key 'rules' must be a table of rules fields, not {type(rules).__name__}")
        for i, move in enumerate(data["moves"], 1):
            if not isinstance(move, str):
                raise CardspecError(f"{source}: key 'moves': move {i} is {type(move).__name__} {move!r:.40}; "
                                    "allowed: moves written as text")
        low = -2**63 if fmt in LEGACY_SEED_FORMATS else 0   # older formats wrote negative seeds too
        if not low <= data["seed"] < 2**63:
            raise CardspecError(f"{source}: key 'seed': {quote(data['seed'])} is out of range; allowed: a 64-bit "
                                f"seed from {low} to {2**63 - 1}")
        return cls(data["game"], data["players"], data["seed"], tuple(data["moves"]), rules, fmt)

    def game_object(self) -> Game:
        from spec.games import get_game
        try:
            cls = get_game(self.game)
        except UnknownGame as exc:
            raise CardspecError(f"key 'game': {exc}") from None
        rules = dict(self.rules)
        if self.format < 2:
            # defaults that changed since format 1: the old engine's behaviour
            legacy = getattr(cls.module(), "LEGACY_DEFAULTS", {})
            rules = {**legacy, **rules}
        return cls(make_rules(cls.Rules, rules), players=self.players)

    @property
    def deal_seed(self) -> int:
        """The seed as the game deals it: a :class:`~spec.dealing.LegacySeed` for formats 1 and 2."""
        return LegacySeed(self.seed) if self.format in LEGACY_SEED_FORMATS else self.seed

    def replay(self) -> tuple[Game, Any]:
        """Rebuild the final state; an illegal move names its position in the record."""
        game = self.game_object()
        state = game.deal(self.deal_seed)
        for i, text in enumerate(self.moves, 1):
            try:
                state = game.play(state, game.parse_move(text))
            except IllegalMove as exc:
                raise IllegalMove(exc.clause, f"move {i} ({quote(text)}): {exc.reason}") from None
            except NotationError as exc:
                raise NotationError(f"move {i}: {exc}") from None
        return game, state

    def save(self, path: str | os.PathLike) -> None:
        """Write atomically: a crash never leaves half a file."""
        write_atomic(path, self.to_json() + "\n")

    @classmethod
    def load(cls, path: str | os.PathLike) -> "Record":
        text = read_user_file(path, what="game record", limit=MAX_RECORD_BYTES)
        return cls.from_json(text, source=str(path))


#: A record larger than this is refused unread (the longest real games are well under 1 MB).
MAX_RECORD_BYTES = 50_000_000


@functools.cache
def _init_fields(tp: type) -> tuple[str, ...] | None:
    """The fields ``__init__`` takes, for a dataclass type (``None`` for any other type)."""
    if not dataclasses.is_dataclass(tp):
        return None
    return tuple(f.name for f in dataclasses.fields(tp) if f.init)


#: Values that hold no card: returned as they are, before the slower tests below.
_ATOMS = frozenset({int, str, bool, float, type(None)})


def _relabel(obj: Any, mapping: Mapping[Card, Card]) -> Any:
    """``obj`` with every card renamed by ``mapping``: a dataclass by its fields' declared
    types (fields that hold no card are kept as they are), anything else by walking it."""
    if type(obj) in _ATOMS:
        return obj
    if isinstance(obj, Card):
        return mapping.get(obj, obj)
    plan = _field_plan(type(obj))
    if plan is not None:
        if not plan:
            return obj
        # every init field, renamed where it may hold a card (faster than dataclasses.replace)
        return type(obj)(**{name: getattr(obj, name) if fn is None else fn(getattr(obj, name), mapping)
                            for name, fn in _all_fields(type(obj))})
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return type(obj)(*(_relabel(x, mapping) for x in obj))
    if isinstance(obj, (tuple, list, set, frozenset)):
        return type(obj)(_relabel(x, mapping) for x in obj)
    if isinstance(obj, dict):
        return type(obj)({_relabel(k, mapping): _relabel(v, mapping) for k, v in obj.items()})
    return obj


@functools.cache
def _field_plan(tp: type) -> tuple[tuple[str, Any], ...] | None:
    """For a dataclass type: ``(field, relabel function)`` for each ``__init__`` field that may
    hold a card, by its declared type (``None`` for any other type)."""
    names = _init_fields(tp)
    if names is None:
        return None
    try:
        hints = typing.get_type_hints(tp)
    except Exception:  # noqa: BLE001 - a hint that does not resolve: walk every field
        hints = {}
    plan = []
    for name in names:
        fn = _by_type(hints.get(name, Any))
        if fn is not _NO_CARD:
            plan.append((name, fn))
    return tuple(plan)


@functools.cache
def _all_fields(tp: type) -> tuple[tuple[str, Any], ...]:
    """Every ``__init__`` field of a dataclass type with its relabel function (``None``: kept)."""
    fns = dict(_field_plan(tp))
    return tuple((name, fns.get(name)) for name in _init_fields(tp))


def _NO_CARD(value, mapping):  # a field whose declared type holds no card
    return value


def _card(value, mapping):
    return mapping.get(value, value) if isinstance(value, Card) else _relabel(value, mapping)


def _cards(value, mapping):
    if type(value) is tuple:
        get = mapping.get
        return tuple([get(c, c) for c in value])
    return _relabel(value, mapping)


def _plays(value, mapping):
    if type(value) is tuple:
        get = mapping.get
        return tuple([(p, get(c, c)) for p, c in value])
    return _relabel(value, mapping)


def _by_type(tp: Any) -> Any:
    """A function ``(value, mapping) -> value`` for a value declared ``tp``; ``_NO_CARD`` when
    no value of that type holds a card, the walking ``_relabel`` when the type says too little."""
    if tp is Card:
        return _card
    if tp in _ATOMS or (isinstance(tp, type) and issubclass(tp, enum.Enum)):
        return _NO_CARD
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _NO_CARD if _field_plan(tp) == () else _relabel
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return _tuple_of(args[0])
    if origin is tuple and args:
        return _fixed_tuple(tuple(_by_type(a) for a in args))
    if origin is typing.Literal or (origin in (typing.Union, types.UnionType)
                                    and all(_by_type(a) is _NO_CARD for a in args)):
        return _NO_CARD
    return _relabel


def _tuple_of(item: Any) -> Any:
    """For ``tuple[item, ...]``."""
    if item is Card:
        return _cards
    inner = _by_type(item)
    if inner is _NO_CARD:
        return _NO_CARD
    if typing.get_origin(item) is tuple and typing.get_args(item)[1:] == (Card,) \
            and _by_type(typing.get_args(item)[0]) is _NO_CARD:
        return _plays  # (player, card) pairs: a trick's plays

    def each(value, mapping):
        if type(value) is not tuple:
            return _relabel(value, mapping)
        return tuple([inner(x, mapping) for x in value])
    return each


def _fixed_tuple(fns: tuple) -> Any:
    """For ``tuple[A, B, ...]`` with the items' functions ``fns``."""
    if all(f is _NO_CARD for f in fns):
        return _NO_CARD

    def items(value, mapping):
        if type(value) is not tuple or len(value) != len(fns):
            return _relabel(value, mapping)
        return tuple([f(x, mapping) for f, x in zip(fns, value)])
    return items


def replace(state: S, **changes: Any) -> S:
    """``dataclasses.replace`` under a short name, for game modules."""
    return dataclasses.replace(state, **changes)
