"""A conveyor of shuffled blocks: the Markov chain behind a hoard under a shuffled turnover.

In a game where every player keeps some cards for good and lays his one other card each turn, the
other cards *circulate*: each is drawn, held for one round, laid, turned over with the pile and
drawn again. Each new stock is a *block* of ``size`` cards in a random order. A card drawn at play
*k* is laid at play *k* + *lag* (one round later), so the block formed at a turnover holds the cards
drawn over a window of earlier plays: the last ``late`` cards of one block and the first
``size - late`` of the next. Numbering the blocks, block *j* + 1 is the late part of block *j* - ``wait``
- 1 and the early part of block *j* - ``wait``. A block's shuffle splits it into its early and its late
part, uniformly and independently of all else, so the parts still to be drawn are a Markov chain.

Cards of equal value are alike to the sum played, so the chain is kept on values: a part is a
count of each value. :func:`reach` explores it exactly. When it is *irreducible* (every state
reaches every other), its one stationary distribution is the image of the uniform one (the uniform
distribution over the circulating cards' placements is stationary, and a shuffle treats every card
alike), under which a block is a uniformly random set: the sum played then rises, in the long run,
by the circulating cards' mean value a play, with probability 1 (the ergodic theorem for a finite
irreducible chain). :func:`falling_run` follows one choice of shuffles (each has a chance above zero)
from a given state until the state repeats, and reports how the sum moved on the way.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

Part = tuple[int, ...]          # how many cards of each value class a part holds
State = tuple[Part, ...]        # the parts still to be drawn, in the order they will be drawn


@dataclass(frozen=True)
class Conveyor:
    """The shape of the chain: ``size`` cards in a block, the ``late`` last of which join the block
    formed ``wait`` + 2 turnovers later, the others the one ``wait`` + 1 later."""

    size: int
    late: int
    wait: int

    @classmethod
    def of(cls, size: int, lag: int) -> "Conveyor":
        """The conveyor of blocks of ``size`` whose cards are laid ``lag`` plays after they are drawn,
        counting from a block's first draw to the play that forms the next block: the window of plays
        whose draws the next block holds starts ``lag`` plays before the current block's first."""
        wait, late = divmod(lag, size)
        return cls(size, late, wait)

    def sizes(self) -> tuple[int, ...]:
        """The parts' sizes, in the order they are drawn: the late part of one block, then both parts of
        ``wait + 1`` blocks."""
        return (self.late,) + (self.size - self.late, self.late) * (self.wait + 1)

    def filled(self, counts: Part) -> State:
        """A state: the cards (``counts`` of each value class) filling the parts in value order."""
        left, state = list(counts), []
        for size in self.sizes():
            part = [0] * len(left)
            for cls in range(len(left)):
                part[cls] = min(left[cls], size - sum(part))
                left[cls] -= part[cls]
            state.append(tuple(part))
        return tuple(state)

    def successors(self, state: State) -> list[State]:
        """The states one turnover on: the next block (the first two parts) split every way its
        late part can be chosen."""
        rest = state[2:]
        return [rest + split for split in splits(tuple(map(int.__add__, state[0], state[1])), self.late)]


@functools.cache
def splits(block: Part, k: int) -> tuple[tuple[Part, Part], ...]:
    """Every way ``block`` splits into an early part and a late part of ``k`` cards (counts by value
    class); a block recurs often, so each is worked out once."""
    return tuple((tuple(b - t for b, t in zip(block, take)), take)
                 for take in itertools.product(*(range(min(c, k) + 1) for c in block)) if sum(take) == k)


@dataclass(frozen=True)
class Reach:
    """What :func:`reach` found: the states reachable from the start, whether the start is reached
    back from every one of them, and how many states the chain has in all (every placement of the
    cards into parts of the conveyor's sizes)."""

    states: int
    back: bool
    placements: int

    @property
    def irreducible(self) -> bool:
        """Every state of the chain reaches every other: the start reaches them all, and is reached
        back from each (so each reaches each through the start)."""
        return self.back and self.states == self.placements


def placements(counts: Part, sizes: Sequence[int]) -> int:
    """How many ways the cards (``counts`` of each value class) fill parts of ``sizes``, by value."""
    @functools.cache
    def ways(left: Part, i: int) -> int:
        if i == len(sizes):
            return int(not any(left))
        return sum(ways(rest, i + 1) for rest, _ in splits(left, sizes[i]))
    return ways(tuple(counts), 0)


@functools.cache
def reach(conveyor: Conveyor, start: State) -> Reach:
    """Explore every state reachable from ``start``, and the states that reach ``start``, exactly."""
    edges: dict[State, list[State]] = {}
    todo = [start]
    while todo:
        state = todo.pop()
        if state in edges:
            continue
        edges[state] = nxt = conveyor.successors(state)
        todo.extend(s for s in nxt if s not in edges)
    back: dict[State, list[State]] = {}
    for state, nxt in edges.items():
        for s in nxt:
            back.setdefault(s, []).append(state)
    seen, todo = {start}, [start]
    while todo:
        for s in back.get(todo.pop(), ()):
            if s not in seen:
                seen.add(s)
                todo.append(s)
    counts = tuple(map(sum, zip(*start)))
    return Reach(len(edges), len(seen) == len(edges), placements(counts, conveyor.sizes()))


@dataclass(frozen=True)
class Run:
    """One choice of shuffles followed until the conveyor's state repeats.

    ``highest``: the highest the sum played rises above its start on the way (over the first pass
    round the loop as well); ``fall``: how much one pass round the loop lowers it (positive: it falls);
    ``turnovers``: the loop's length; ``before``: the turnovers before the loop is entered."""

    highest: int
    fall: int
    turnovers: int
    before: int


def falling_run(conveyor: Conveyor, values: Sequence[int], start: State, held: Sequence[int],
                ahead: Sequence[int] = ()) -> Run:
    """Follow the shuffles that put each block's highest cards in its late part, each part drawn
    lowest first, from ``start`` (the parts that make the next blocks, by value class of ``values``,
    which rise), the sum played moving by each card laid. ``held``: the values of the cards in the
    hands, in the order they were drawn (each is laid one round after it was drawn, so before any
    card drawn later); ``ahead``: the values still in the current stock, in the order they will be
    drawn before the next block."""
    queue = list(held)                  # values drawn and not yet laid, oldest first
    total = highest = 0
    for value in ahead:
        queue.append(value)
        total += queue.pop(0)
        highest = max(highest, total)
    seen: dict[State, tuple[int, int]] = {}
    state, turn = start, 0
    while state not in seen:
        seen[state] = (turn, total)
        block = tuple(a + b for a, b in zip(state[0], state[1]))
        late = highest_part(block, conveyor.late)
        early = tuple(b - t for b, t in zip(block, late))
        for part in (early, late):
            for cls, count in enumerate(part):
                for _ in range(count):
                    queue.append(values[cls])
                    total += queue.pop(0)
                    highest = max(highest, total)
        state = state[2:] + (early, late)
        turn += 1
    first, at = seen[state]
    return Run(highest, at - total, turn - first, first)


def highest_part(block: Part, k: int) -> Part:
    """The ``k`` highest cards of ``block`` (value classes in rising order)."""
    take = [0] * len(block)
    for cls in range(len(block) - 1, -1, -1):
        take[cls] = min(block[cls], k)
        k -= take[cls]
    return tuple(take)
