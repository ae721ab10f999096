"""Bots that play a seat of any game through the kernel's API, and never see a hidden card.

A bot gets the true state and the seat it plays, and decides from what that seat may know:
before it looks ahead, it *determinizes* the state, dealing every card of the zones the seat
cannot see (:meth:`~spec.engine.Game.hidden_zones`) afresh, consistently with what the seat
observes (the same number of cards in each hidden zone, and only cards the seat has not seen).
Hidden information that is not a card (a face-down bid, a gesture) is dealt afresh by the game's
:meth:`~spec.engine.Game.resample_hidden`.

* ``random``: a uniformly random legal move.
* ``greedy``: flat Monte Carlo, one ply deep: every legal move is tried on a few determinizations
  and played out at random; the move with the best mean result for the mover is taken.
* ``ismcts``: single-observer information-set Monte Carlo tree search (Cowling, Powley and
  Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012): one tree over the
  seat's information set, a fresh determinization for every iteration, UCB with availability
  counts, random playouts.

Results are scored per player in ``[0, 1]``: the game's returns, scaled between the worst and
the best player's (so chips, points and win/loss all count alike). A playout that has not ended
after ``playout_cap`` moves is scored by the game's :meth:`~spec.engine.Game.standing` (the returns
if the match stopped now, from its running totals), or ½ for every player when the game has none.
Where the game can work out a best move from the seat's own view
(:meth:`~spec.engine.Game.exact_move`: Sixty-Six once the stock is exhausted), ISMCTS plays it.

The module is pure standard library, like the rules, so that the rulebook's Play panel can run it.

>>> from spec.games import get_game
>>> game = get_game("sixty_one")(players=3)
>>> state = game.deal(5)
>>> bot = make_bot("ismcts:50", seed=1)
>>> bot.choose(game, state, game.to_move(state)) in game.legal_moves(state)
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from spec.cards import Card

__all__ = ["Bot", "RandomBot", "GreedyBot", "IsmctsBot", "BOT_KINDS", "make_bot", "determinize", "scores",
           "scores_now"]


# ----------------------------------------------------------- determinizing

def _card_key(card: Card) -> tuple:
    return (str(card.suit), int(card.rank))


def determinize(game, state, seat: int, rng: random.Random):
    """A state the seat cannot tell from ``state``: the cards of its hidden zones dealt afresh.

    Only cards with no copy where the seat can see it are moved (a two-deck game can show one
    copy and hide the other); they are dealt back to the same places, so every hidden zone keeps
    its size. The result depends on what the seat sees and on ``rng``, never on where the hidden
    cards really are: they are first put in a canonical order, then shuffled.
    """
    zones = game.zones(state)
    hidden = game.hidden_zones(state, seat)
    seen = Counter(c for z, cards in zones.items() if z not in hidden for c in cards)
    places = [c for z, cards in zones.items() if z in hidden for c in cards if seen[c] == 0]
    if places:
        counts = Counter(places)
        if max(counts.values()) == 1:
            fresh = sorted(places, key=_card_key)
            rng.shuffle(fresh)
            mapping = dict(zip(places, fresh))
        else:  # copies: rename card values among those with as many hidden copies
            mapping = {}
            for k in sorted(set(counts.values())):
                group = sorted((c for c in counts if counts[c] == k), key=_card_key)
                fresh = list(group)
                rng.shuffle(fresh)
                mapping.update(zip(group, fresh))
        if any(a != b for a, b in mapping.items()):
            state = game.relabel(state, mapping)
    return game.resample_hidden(state, seat, rng)


def scaled(returns, players: int) -> tuple[float, ...]:
    """Returns scaled between the worst and the best player's to ``[0, 1]`` (½ each when all are equal
    or none are known)."""
    if not returns:
        return (0.5,) * players
    lo, hi = min(returns), max(returns)
    if hi == lo:
        return (0.5,) * players
    return tuple((r - lo) / (hi - lo) for r in returns)


def scores(game, state) -> tuple[float, ...]:
    """Each player's result in ``[0, 1]``: the returns scaled between the worst and the best."""
    return scaled(game.outcome(state).returns, game.players)


def scores_now(game, state) -> tuple[float, ...]:
    """:func:`scores` of a finished game; of one stopped before its end, its standing scaled alike
    (``Game.standing``: the returns if it stopped now), or ½ each when the game gives none."""
    if game.is_over(state):
        return scores(game, state)
    return scaled(game.standing(state), game.players)


def playout(game, state, rng: random.Random, cap: int) -> tuple[float, ...]:
    """Random legal play from ``state`` to the end (or ``cap`` moves): each player's score."""
    for _ in range(cap):
        if game.is_over(state):
            return scores(game, state)
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.play(state, moves[rng.randrange(len(moves))])
    return scores_now(game, state)


# ------------------------------------------------------------------- bots

@dataclass
class Bot:
    """Chooses a move for ``seat`` from what the seat may know of ``state``."""

    seed: int = 0
    rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    name = "bot"

    def choose(self, game, state, seat: int):
        moves = game.legal_moves(state)
        if len(moves) == 1:  # a forced move plays itself
            return moves[0]
        return self.decide(game, state, seat, moves)

    def decide(self, game, state, seat: int, moves: Sequence):
        raise NotImplementedError


@dataclass
class RandomBot(Bot):
    """A uniformly random legal move."""

    name = "random"

    def decide(self, game, state, seat, moves):
        return moves[self.rng.randrange(len(moves))]


@dataclass
class GreedyBot(Bot):
    """Flat Monte Carlo: each move's mean playout score on fresh determinizations."""

    playouts: int = 6
    playout_cap: int = 400
    name = "greedy"

    def decide(self, game, state, seat, moves):
        fmt = game.format_move
        totals = {fmt(m): [0.0, 0] for m in moves}
        for _ in range(self.playouts):
            d = determinize(game, state, seat, self.rng)
            for m in game.legal_moves(d):  # the seat's moves, as the determinized state offers them
                k = fmt(m)
                if k in totals:
                    totals[k][0] += playout(game, game.play(d, m), self.rng, self.playout_cap)[seat]
                    totals[k][1] += 1
        return max(moves, key=lambda m: totals[fmt(m)][0] / max(1, totals[fmt(m)][1]))


class _Node:
    __slots__ = ("move", "mover", "children", "visits", "avail", "total")

    def __init__(self, move: Any = None, mover: int | None = None) -> None:
        self.move, self.mover = move, mover
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0


@dataclass
class IsmctsBot(Bot):
    """Single-observer ISMCTS with ``iterations`` determinizations per decision.

    The k-th visit of every move at the root sees the same luck: the same deal of the hidden cards and
    the same random playout choices (common random numbers). Moves are then compared on the same
    deals, so a choice whose effect is small beside the luck of the cards (a stake) is still told
    apart; which move is visited next is UCB's choice as usual.
    """

    iterations: int = 400
    exploration: float = 0.7
    playout_cap: int = 400
    name = "ismcts"

    def decide(self, game, state, seat, moves):
        exact = game.exact_move(state, seat)  # worked out from the seat's view: nothing to search
        if exact is not None:
            return exact
        root = _Node()
        fmt: Callable = game.format_move
        keyed = [(fmt(m), m) for m in moves]
        luck: list[int] = []   # luck[k]: the seed of every root move's k-th visit
        for _ in range(self.iterations):
            k, m = self._select(root, keyed, seat, self.rng)
            child = root.children[k]
            while len(luck) <= child.visits:
                luck.append(self.rng.getrandbits(64))
            rng = random.Random(luck[child.visits])
            d = determinize(game, state, seat, rng)
            if m not in game.legal_moves(d):  # a move the redrawn cards do not allow: not counted
                continue
            self._iterate(game, game.play(d, m), [root, child], child.visits == 0, fmt, rng)
        offered = dict(keyed)
        best = max((k for k in root.children if root.children[k].visits), key=lambda k: root.children[k].visits,
                   default=None)
        return offered[best] if best is not None else moves[self.rng.randrange(len(moves))]

    def _select(self, node: _Node, keyed, mover: int, rng: random.Random):
        """The move to follow from ``node``: an untried one at random, else the best by UCB (with
        availability counts); a new child is added for an untried move."""
        untried = [(k, m) for k, m in keyed if k not in node.children]
        if untried:
            k, m = untried[rng.randrange(len(untried))]
            node.children[k] = _Node(m, mover)
            return k, m
        log_avail = {}
        for k, _ in keyed:
            child = node.children[k]
            child.avail += 1
            log_avail[k] = math.log(child.avail)
        c = self.exploration
        return max(keyed, key=lambda km: node.children[km[0]].total / max(1, node.children[km[0]].visits)
                   + c * math.sqrt(log_avail[km[0]] / max(1, node.children[km[0]].visits)))

    def _iterate(self, game, d, path: list, expanded: bool, fmt, rng: random.Random) -> None:
        node = path[-1]
        while not expanded and not game.is_over(d):
            legal = game.legal_moves(d)
            if not legal:
                break
            fresh = len(node.children)
            k, m = self._select(node, [(fmt(m), m) for m in legal], game.to_move(d), rng)
            expanded = len(node.children) > fresh
            node = node.children[k]
            d = game.play(d, m)
            path.append(node)
        result = playout(game, d, rng, self.playout_cap)
        for n in path:
            n.visits += 1
            if n.mover is not None:
                n.total += result[n.mover]


#: the bots ``--bots`` names, each with the parameter ``KIND:N`` sets
BOT_KINDS: dict[str, tuple[type[Bot], str | None]] = {
    "random": (RandomBot, None), "greedy": (GreedyBot, "playouts"), "ismcts": (IsmctsBot, "iterations")}


def make_bot(text: str, *, seed: int = 0) -> Bot:
    """A bot from its name: ``random``, ``greedy[:PLAYOUTS]`` or ``ismcts[:ITERATIONS]``."""
    kind, _, number = text.partition(":")
    if kind not in BOT_KINDS:
        raise ValueError(f"bot {text!r}: allowed: random, greedy[:PLAYOUTS], ismcts[:ITERATIONS]")
    cls, param = BOT_KINDS[kind]
    if not number:
        return cls(seed=seed)
    if param is None or not number.isascii() or not number.isdigit() or not 1 <= int(number) <= 100_000:
        raise ValueError(f"bot {text!r}: write {kind}" + (f":N with N from 1 to 100000 ({param})" if param else ""))
    return cls(seed=seed, **{param: int(number)})
