"""Exact two-player Durak endgames: once the stock is empty, both players know every card.

A position is a bout about to start, with the stock empty: whose attack it is, both hands,
and the trump suit (every other card of the deck is in the discard). The solver plays the
engine's own moves (:meth:`~spec.games.durak.Durak.legal_moves`, under any rules that allow
two players), so it solves every variant the engine plays. Its value is from P0's side:
``+1`` (P1 is the durak), ``-1`` (P0 is the durak), ``0`` (a draw: both go out in the same
bout, under ``all_out = "draw"``).

It is a depth-first minimax with alpha-beta pruning, a transposition table of exact values
and bounds, and move ordering (laying cards before taking or passing: more cards at once, fewer trumps and
lower ranks first).
A position whose search passes ``max_nodes`` is reported as beyond the budget, never guessed;
a line of play that comes back to a position already on it (possible only under rules that
can loop) is reported too, since a repeated position has no value in a game that must end.

Deciding who wins a general Durak position is PSPACE-complete (Bonnet, "The Complexity of
Playing Durak", IJCAI 2016): the budget is what keeps a search finite in practice.

Notation (:func:`parse_position`, :func:`format_position`)::

    trump=♠; attacker=0; p0=6♠ 7♥ K♦; p1=8♣ A♥ 9♠

>>> from spec.games.durak import Durak
>>> game = Durak()
>>> out = solve_position(game, "trump=♠; attacker=0; p0=6♠ 7♥; p1=A♠ 8♥")
>>> out["value"], out["meaning"]
(-1, 'P0 is the durak')
>>> format_position(game, parse_position(game, out["position"])) == out["position"]
True
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass

from spec.cards import format_cards, parse_cards, parse_suit
from spec.errors import CardspecError
from spec.i18n import N_, Msg

__all__ = ["parse_position", "format_position", "solve_position", "Solver", "BeyondBudget", "Repeated", "MAX_NODES"]

EXACT, LOWER, UPPER = 0, 1, 2
_KEYS = ("trump", "attacker", "p0", "p1")
#: the positions a search may visit before it says ``unknown`` (the rulebook and ``--max-nodes`` say this figure)
MAX_NODES = 2_000_000
#: how much of a bad key=value part an error line quotes (one short line, whatever was written)
SHOWN = 40


class BeyondBudget(Exception):
    """The search passed its node budget."""


class Repeated(Exception):
    """A line of play came back to a position already on it."""


def parse_position(game, text: str):
    """A Durak state from the notation; a bad text raises :class:`~spec.errors.CardspecError`."""
    if game.players != 2:
        raise CardspecError(f"the Durak endgame solver plays two players, not {game.players}")
    fields = {}
    for part in text.split(";"):
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or key not in _KEYS or key in fields:
            raise CardspecError(f"--position: {part.strip()[:SHOWN]!r}: write key=value for each of "
                                + ", ".join(_KEYS) + " (once each), separated by ';'")
        fields[key] = value.strip()
    missing = [k for k in _KEYS if k not in fields]
    if missing:
        raise CardspecError(f"--position: missing {', '.join(missing)}; allowed keys: {', '.join(_KEYS)}")
    try:
        trump = parse_suit(fields["trump"])
    except CardspecError as exc:
        raise CardspecError(f"--position: trump: {exc}") from None
    if not re.fullmatch(r"[01]", fields["attacker"]):
        raise CardspecError(f"--position: attacker={fields['attacker'][:SHOWN]!r}: allowed: 0 or 1")
    try:
        hands = [parse_cards(fields["p0"]), parse_cards(fields["p1"])]
    except CardspecError as exc:
        raise CardspecError(f"--position: {exc}") from None   # a card it cannot read is quoted short already
    if not all(hands):
        raise CardspecError("--position: both players need cards (a player without cards has already gone out)")
    try:
        return game.position(hands, trump=trump, attacker=int(fields["attacker"]))
    except ValueError as exc:      # a card named twice or not in the deck: the constructor names it
        deck = game.deck()
        raise CardspecError(f"--position: {exc}; allowed: the {len(deck)} cards of deck_size = {len(deck)}, "
                            f"each once: {format_cards(sorted(deck, key=lambda c: (str(c.suit), int(c.rank))))}") from None


def format_position(game, state) -> str:
    """The notation of a bout-start position with the stock empty."""
    zones = game.zones(state)
    return (f"trump={state.trump.symbol}; attacker={state.attacker}; "
            f"p0={format_cards(zones['hand 0'])}; p1={format_cards(zones['hand 1'])}")


def _value(game, state) -> int:
    """+1 if P1 is the durak, -1 if P0 is, 0 if nobody is (a draw)."""
    losers = game.outcome(state).losers
    return 0 if not losers else -1 if 0 in losers else 1


@dataclass
class Solver:
    """Minimax with alpha-beta pruning and a transposition table, over the engine's moves."""

    game: object
    max_nodes: int = MAX_NODES

    def __post_init__(self) -> None:
        self.table: dict = {}
        self.nodes = 0
        self._path: set = set()

    def value(self, state, alpha: int = -1, beta: int = 1) -> int:
        """The exact value of ``state`` (from P0's side) when it lies in ``(alpha, beta)``; a bound otherwise."""
        game = self.game
        if game.is_over(state):
            return _value(game, state)
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise BeyondBudget
        entry = self.table.get(state)
        if entry is not None:
            v, kind = entry
            if kind == EXACT or (kind == LOWER and v >= beta) or (kind == UPPER and v <= alpha):
                return v
        if state in self._path:
            raise Repeated
        self._path.add(state)
        a0, b0 = alpha, beta
        maximizing = game.to_move(state) == 0
        best = -2 if maximizing else 2
        try:
            for move in self.ordered(state):
                v = self.value(game.play(state, move), alpha, beta)
                if maximizing:
                    best = max(best, v)
                    alpha = max(alpha, v)
                else:
                    best = min(best, v)
                    beta = min(beta, v)
                if alpha >= beta:
                    break
        finally:
            self._path.discard(state)
        kind = UPPER if best <= a0 else LOWER if best >= b0 else EXACT
        self.table[state] = (best, kind)
        return best

    def ordered(self, state) -> list:
        """The legal moves, the likeliest good ones first: a move that lays cards before taking or passing;
        more cards at once first, then fewer trumps, then lower ranks; ties in the engine's order."""
        from spec.games.durak import Pass, Take

        def key(move):
            if isinstance(move, (Take, Pass)):
                return (True,)
            cards = getattr(move, "cards", None) or (getattr(move, "cover", None) or move.card,)
            return (False, -len(cards), sum(c.suit == state.trump for c in cards), sum(int(c.rank) for c in cards))
        return sorted(self.game.legal_moves(state), key=key)     # sorted is stable: ties keep the engine's order

    def line(self, state) -> list:
        """A best line of play from ``state`` to the end: at each turn the first move (in :meth:`ordered`'s
        order) that keeps the value. A line that comes back to a position on it raises :class:`Repeated`."""
        moves, seen = [], set()
        while not self.game.is_over(state):
            if state in seen:
                raise Repeated
            seen.add(state)
            target = self.value(state)
            move = next(m for m in self.ordered(state) if self.value(self.game.play(state, m)) == target)
            moves.append(move)
            state = self.game.play(state, move)
        return moves


#: what a value means (marked for the catalogue: the rulebook's worked example says them in Russian too)
MEANINGS = {1: N_("P1 is the durak"), -1: N_("P0 is the durak"), 0: N_("a draw: nobody is the durak")}


def solve_position(game, text: str, *, max_nodes: int = MAX_NODES) -> dict:
    """The exact result of a two-player endgame: value, meaning, a best line, and every move's value."""
    state = parse_position(game, text)
    solver = Solver(game, max_nodes)
    start = time.perf_counter()
    position = format_position(game, state)
    try:
        value = solver.value(state)
        moves = {game.format_move(m): solver.value(game.play(state, m)) for m in game.legal_moves(state)}
        line = [game.format_move(m) for m in solver.line(state)]
    except BeyondBudget:
        return {"position": position, "value": None, "meaning": Msg("unknown: beyond the budget of {n} positions",
                                                                    n=max_nodes), "line": [], "moves": {},
                "nodes": solver.nodes, "seconds": time.perf_counter() - start}
    except Repeated:
        return {"position": position, "value": None, "meaning": Msg("unknown: a line of play repeats a position "
                                                                    "(these rules can loop)"), "line": [],
                "moves": {}, "nodes": solver.nodes, "seconds": time.perf_counter() - start}
    return {"position": position, "value": value, "meaning": Msg(MEANINGS[value]), "line": line, "moves": moves,
            "nodes": solver.nodes, "seconds": time.perf_counter() - start}
