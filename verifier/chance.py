"""Ending with probability 1: the reachability criterion, decided exhaustively.

When chance gives each of its outcomes a positive probability (a shuffle that
can put the cards back in any order), a game can have plays that never end
and still end with probability 1: an endless play needs the same lucky
outcomes for ever. On a finite graph of positions the question is exact
(Lakshtanov and Roshchina, *On finiteness in the card game of war*, Amer.
Math. Monthly 2012, for War; de Alfaro's end components for the general
case):

* with chance alone, the game ends with probability 1 exactly when from every
  reachable position some path leads to an end;
* with players choosing too, it ends with probability 1 whatever they do
  exactly when no set of unfinished positions can hold the play: no set from
  each of whose positions a player has a move that stays inside, and every
  chance outcome of which stays inside.

:func:`ends_almost_surely` builds the whole graph from the roots and removes,
until nothing changes, every position that must leave the unfinished set (a
chance position with one outcome outside it, a choice position with every
move outside it). What is left is the largest such trap; an empty trap is the
proof. The order of removal also gives a figure: whatever the players do,
chance can end the game within ``within`` moves from every position.
"""

from __future__ import annotations

import gc
import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from spec.engine import Game
from verifier.api import Root


@dataclass(frozen=True)
class Reach:
    """What :func:`ends_almost_surely` found."""

    states: int              # positions reached (by key)
    terminals: int           # of them, ended games
    complete: bool           # the whole graph was built (not capped at ``max_states``)
    seconds: float
    #: positions from which the play can be kept from ending for ever (0: the game ends with probability 1)
    trapped: int = 0
    #: the shortest way into the trap: (root, moves), replayable from the root
    trap: tuple[Root, tuple] | None = None
    #: whatever the players do, chance can end the game within this many moves from every position
    #: (complete and untrapped only)
    within: int | None = None

    @property
    def almost_surely(self) -> bool:
        """The game ends with probability 1 from every root, shown by the whole graph."""
        return self.complete and self.trapped == 0


def ends_almost_surely(game: Game, roots: Iterable[Root], *, chance: Callable[[Any], bool],
                       key: Callable[[Any], Any] | None = None, max_states: int = 300_000) -> Reach:
    """Decide, over every position reachable from ``roots``, whether the game ends with probability 1.

    ``chance(state)`` says whether the moves of ``state`` are chance's outcomes, each with a positive
    probability (a position with one legal move may answer either way); otherwise a player chooses among
    them. ``key`` hashes positions (for instance with the suits forgotten, where they never matter).
    """
    start = time.perf_counter()
    key = key or (lambda s: s)
    was_enabled = gc.isenabled()
    gc.disable()  # frozen states of tuples make no reference cycles (see verifier.api.explore)
    try:
        graph = _build(game, list(roots), key, chance, max_states)
    finally:
        if was_enabled:
            gc.enable()
    succ, is_chance, over, parent, origin, complete = graph
    if not complete:
        return Reach(len(succ), sum(over), False, time.perf_counter() - start)
    rank = _drain(succ, is_chance, over)
    trapped = [i for i, r in enumerate(rank) if r is None]
    if trapped:
        first = min(trapped)  # states are numbered breadth first, so this one is reached soonest
        moves = []
        i = first
        while parent[i] is not None:
            i, mv = parent[i]
            moves.append(mv)
        return Reach(len(succ), sum(over), True, time.perf_counter() - start, len(trapped),
                     (origin[first], tuple(reversed(moves))))
    return Reach(len(succ), sum(over), True, time.perf_counter() - start, within=max(rank, default=0))


def _build(game, roots, key, chance, max_states):
    """The graph of positions, breadth first: successors, chance marks, ended marks, the parent
    (index, move) of each position and the root it came from; ``complete`` unless capped."""
    index: dict = {}
    states, succ, is_chance, over, parent, origin = [], [], [], [], [], []

    def add(state, par, root) -> int:
        k = key(state)
        i = index.get(k)
        if i is None:
            i = index[k] = len(states)
            states.append(state)
            parent.append(par)
            origin.append(root)
            succ.append(())
            is_chance.append(False)
            over.append(game.is_over(state))
        return i

    for root in roots:
        add(root.state, None, root)
    queue = deque(range(len(states)))
    while queue:
        i = queue.popleft()
        state = states[i]
        if over[i]:
            continue
        is_chance[i] = bool(chance(state))
        nxt = []
        for mv in game.legal_moves(state):
            before = len(states)
            j = add(game.apply(state, mv), (i, mv), origin[i])
            if j == before:
                if len(states) > max_states:
                    return succ, is_chance, over, parent, origin, False
                queue.append(j)
            nxt.append(j)
        succ[i] = tuple(set(nxt))
        states[i] = None  # expanded: only its key is needed now
    return succ, is_chance, over, parent, origin, True


def _drain(succ, is_chance, over) -> list[int | None]:
    """Remove, until nothing changes, the positions that must leave the unfinished set; each removed
    one gets its rank (moves within which chance can force an end), the trap keeps ``None``."""
    n = len(succ)
    preds: list[list[int]] = [[] for _ in range(n)]
    for i, js in enumerate(succ):
        for j in js:
            preds[j].append(i)
    rank: list[int | None] = [0 if over[i] else None for i in range(n)]
    left = [len(js) for js in succ]  # moves of a choice position that still stay in the unfinished set
    queue = deque(i for i in range(n) if over[i])
    while queue:
        j = queue.popleft()
        for i in preds[j]:
            if rank[i] is not None:
                continue
            left[i] -= 1
            if is_chance[i] or left[i] == 0:  # chance leaves with one outcome; a player only once cornered
                rank[i] = rank[j] + 1
                queue.append(i)
    return rank
