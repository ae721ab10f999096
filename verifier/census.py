"""Statistics of random games: lengths, and what the outcomes mean seat by seat.

One seed per game (the seed drives the deal and every move choice, as in
:func:`verifier.api.walk`), so every figure is reproducible from
``(game, players, count, seed)``. ``cardspec simulate`` prints a census; the
rulebook's "at a glance" boxes, length plots and outcome plots are drawn
from one when the book is built.

>>> from spec.games import get_game
>>> c = census(get_game("sixty_one")(players=3), 20, seed=1)
>>> c.kind, len(c.lengths), c.unfinished
('loser', 20, 0)
>>> sum(c.per_seat()) == 20     # one loser a game
True
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field
from typing import Literal

from spec.i18n import N_
from spec.engine import Game
from verifier.api import walk

#: What an outcome means for a seat, decided from the finished games themselves:
#: ``loser`` — every game names exactly one loser (Sixty-One, the fool of Durak): losses per seat;
#: ``score`` — otherwise, games give every seat a score: the mean score per seat;
#: ``winner`` — otherwise: wins per seat.
Kind = Literal["loser", "winner", "score"]


@dataclass
class Census:
    """Random games of one game at one player count."""

    game_id: str
    players: int
    seed: int
    cap: int
    lengths: list[int] = field(default_factory=list)
    #: whether each game (in the order of ``lengths``) finished
    over: list[bool] = field(default_factory=list)
    #: of the unfinished games, those shown never to end (:class:`Cycle`), stopped there
    endless: int = 0
    losers: Counter = field(default_factory=Counter)
    winners: Counter = field(default_factory=Counter)
    draws: int = 0
    score_sums: list[float] = field(default_factory=list)
    return_sums: list[float] = field(default_factory=list)
    only_one_loser: bool = True
    scored: int = 0

    @property
    def unfinished(self) -> int:
        return self.over.count(False)

    @property
    def finished(self) -> int:
        return self.over.count(True)

    @property
    def kind(self) -> Kind:
        if self.finished and self.only_one_loser:
            return "loser"
        return "score" if self.scored else "winner"

    def per_seat(self) -> list[float]:
        """Losses per seat, wins per seat, or the mean score per seat, by :attr:`kind`."""
        if self.kind == "loser":
            return [self.losers[p] for p in range(self.players)]
        if self.kind == "winner":
            return [self.winners[p] for p in range(self.players)]
        return [s / self.scored for s in self.score_sums]

    def median_length(self) -> float:
        return statistics.median(self.lengths)


class Cycle:
    """Tells when a random game is shown never to end: a position comes back, and every move since it
    was the only legal one. A move's effect depends on the position alone (chance is in the seed it
    carries), so the same forced moves come round for ever. Positions that cannot be hashed are not
    tracked."""

    def __init__(self):
        self.seen: set = set()
        self.found = False

    def policy(self, state, moves, rng):
        """The walk's uniform choice, noting the positions left by a forced move."""
        if len(moves) != 1:
            self.seen.clear()   # a choice: a repeat from before it proves nothing
        else:
            try:
                self.seen.add(state)
            except TypeError:
                pass
        return moves[rng.randrange(len(moves))]

    def stop(self, state) -> bool:
        try:
            self.found = state in self.seen
        except TypeError:
            return False
        return self.found


def census(game: Game, count: int, *, seed: int = 0, cap: int = 5_000, cycles: bool = False) -> Census:
    """Play ``count`` random games, seeds ``seed .. seed+count-1``, each cut off after ``cap`` moves
    or, with ``cycles``, as soon as it is shown never to end (:class:`Cycle`; same moves as without)."""
    c = Census(type(game).info.id, game.players, seed, cap,
               score_sums=[0.0] * game.players, return_sums=[0.0] * game.players)
    for i in range(count):
        cycle = Cycle() if cycles else None
        trace, state = walk(game, seed + i, cap=cap, policy=cycle and cycle.policy, stop=cycle and cycle.stop)
        c.lengths.append(len(trace.moves))
        c.over.append(game.is_over(state))
        if not c.over[-1]:
            c.endless += bool(cycle and cycle.found)
            continue
        out = game.outcome(state)
        c.losers.update(out.losers)
        c.winners.update(out.winners)
        c.draws += out.draw
        c.only_one_loser &= len(out.losers) == 1
        if len(out.scores) == game.players:
            c.scored += 1
            for p, s in enumerate(out.scores):
                c.score_sums[p] += s
        for p, r in enumerate(out.returns):
            c.return_sums[p] += r
    return c


def player_counts(game_type, most: int = 4) -> list[int]:
    """At most ``most`` player counts spread over the range the default rules allow (both ends included)."""
    allowed = game_type().player_range()
    lo, hi = allowed[0], allowed[-1]
    if hi - lo + 1 <= most:
        return list(range(lo, hi + 1))
    step = (hi - lo) / (most - 1)
    return sorted({lo + round(k * step) for k in range(most)})


def sized_census(game: Game, *, seed: int = 0, games: int = 200, long_games: int = 40, long: int = 1_000,
                 cap: int = 5_000) -> Census:
    """A census whose size suits the game: ``games`` games, or ``long_games`` when the first ten
    average over ``long`` moves (deterministic: the lengths decide, not the clock)."""
    probe = census(game, 10, seed=seed, cap=cap)
    count = long_games if statistics.mean(probe.lengths) > long else games
    return census(game, count, seed=seed, cap=cap)


#: The per-seat measure's name, by kind (translated with :func:`spec.i18n.tr`).
MEASURE = {"loser": N_("games lost"), "winner": N_("games won"), "score": N_("mean score")}

#: Families as the games declare them (``GameInfo.family``), marked for the catalogue: a test
#: lists a declared family missing here or without a translation.
FAMILIES = (
    N_("trick-taking"), N_("trick-taking (All Fours)"), N_("banking game (chance)"), N_("beating"), N_("party"),
    N_("war"), N_("pot game (chance)"), N_("shedding"), N_("adding"), N_("banking game (adding)"),
    N_("trick-taking compendium"), N_("auction game (stakes)"), N_("partnership collecting"),
    N_("betting game (combinations)"),
)
