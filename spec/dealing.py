"""The dealing kit: seeded chance, dealing order, and matches of several deals.

Chance in cardspec comes only from the game seed. Every chance event (the
first dealer, a deal, a redeal, a shuffle at a turnover) draws from its own
:class:`random.Random`, derived from the seed and a *path* that names the
event, so a record (seed plus moves) replays exactly:

>>> rng_for(7).random() == rng_for(7).random()
True
>>> derive_seed(7, 2) == 7 * 1_000_003 + 2
True
>>> deal_round_robin(tuple(range(7)), seats=(1, 2, 0), per_seat=2)
((2, 5), (0, 3), (1, 4))
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from spec.cards import Card, sort_key
from spec.errors import RuleLoop

T = TypeVar("T")

#: The radix that joins a seed and one step of a path (kept from the first games,
#: whose records must still replay).
RADIX = 1_000_003


def derive_seed(seed: int, *path: int, radix: int | Sequence[int] = RADIX) -> int:
    """The integer seed of the chance event at ``path`` (deal number, redeal ...).

    ``radix`` may differ per step (a sequence, one per step).
    """
    radices = (radix,) * len(path) if isinstance(radix, int) else tuple(radix)
    if len(radices) != len(path):
        raise ValueError("derive_seed: give one radix per step of the path")
    for step, r in zip(path, radices):
        seed = seed * r + step
    return seed


class LegacySeed(int):
    """A game seed read from a record of format 1 or 2: its chance is drawn as those formats drew it, by
    :class:`random.Random` of the derived integer itself, so that those records still replay.

    Under that seeding some distinct seeds deal alike (see :func:`rng_for`); format 3 tells them apart.
    """

    __slots__ = ()


_WORD = 2**32 - 1


def own_key(value: int) -> bool:
    """Whether ``random.Random(value)`` is seeded by a key that no other integer's seeds the same.

    CPython seeds its Mersenne Twister from the 32-bit words of ``abs(value)``, adding each word's
    place to it as it cycles through them. A value whose words, so adjusted, repeat with a shorter
    period seeds exactly as the shorter key does, and ``-value`` seeds as ``value``:

    >>> own_key(1), own_key(derive_seed(1, 1)), own_key(derive_seed(2**32 + 1, 1)), own_key(-5)
    (True, True, False, False)
    """
    if value < 0:
        return False
    count = max(1, -(-value.bit_length() // 32))
    if count < 3:  # the hot path (every deal): one word has no shorter period; two differ once adjusted
        return count == 1 or (value & _WORD) != ((value >> 32) + 1) & _WORD
    adjusted = [((value >> (32 * j)) + j) & _WORD for j in range(count)]
    return all(adjusted[:p] * (count // p) != adjusted for p in range(1, count) if count % p == 0)


def _spread(value: int) -> int:
    """A seed for ``value`` whose key is 65 words long (no derived seed's is), from its SHA-512."""
    digest = hashlib.sha512(b"cardspec-seed:%d" % value).digest()
    return int.from_bytes(digest, "little") | 1 << 2048


def rng_for(seed: int, *path: int, radix: int | Sequence[int] = RADIX) -> random.Random:
    """A fresh :class:`random.Random` for the chance event at ``path``.

    Distinct seeds give distinct generators: a derived seed whose key is not its own
    (:func:`own_key`) is spread by a hash first. Every other one seeds as it always did, so
    that deals are the same as before except for seeds like ``2**32 + 1``, which dealt Bura's
    first deal as seed 1 does; a :class:`LegacySeed` is never spread.

    >>> rng_for(1, 1).random() == rng_for(2**32 + 1, 1).random()
    False
    """
    # the first chance event (no path) is seeded by the game seed itself: skip the derivation
    value = int(derive_seed(seed, *path, radix=radix) if path else seed)
    if isinstance(seed, LegacySeed) or own_key(value):
        return random.Random(value)
    return random.Random(_spread(value))


#: How often a rule may have a deal drawn again (a redeal, first cards laid again) before its loop is
#: reported as one that never ends: far past any chance a playable rule leaves (Truf redeals about
#: 1.5 % of deals, Auction for fours lays again a few times at most).
MAX_REDRAWS = 10_000


def redraws(clause: str, limit: int = MAX_REDRAWS) -> Iterator[int]:
    """The attempts of a deal that a rule may refuse: 0, 1, 2 ...; past ``limit`` a
    :class:`~spec.errors.RuleLoop` naming ``clause``, instead of a loop that never ends.

    >>> [a for a in redraws("demo", limit=3) if a < 2]
    Traceback (most recent call last):
    spec.errors.RuleLoop: rule demo: the deal was drawn again 3 times and never accepted; the rules (or a rule changed for a test) can never be satisfied
    """
    yield from range(limit)
    raise RuleLoop(clause, limit)


def deal_round_robin(cards: Sequence[T], seats: Sequence[int], per_seat: int, *,
                     batch: int = 1) -> tuple[tuple[T, ...], ...]:
    """Deal ``per_seat`` cards to each seat, ``batch`` at a time, in ``seats`` order.

    Returns one tuple per seat, indexed by seat number (``0 .. len(seats)-1``),
    in the order the cards were received. The cards dealt are the first
    ``per_seat * len(seats)`` of ``cards``.
    """
    if per_seat % batch:
        raise ValueError("deal_round_robin: per_seat must be a multiple of batch")
    if per_seat * len(seats) > len(cards):
        raise ValueError(f"deal_round_robin: {len(seats)} hands of {per_seat} need {per_seat * len(seats)} "
                         f"cards, the deck has {len(cards)}")
    hands: list[list[T]] = [[] for _ in seats]
    i = 0
    for _ in range(per_seat // batch):
        for seat in seats:
            hands[seat].extend(cards[i:i + batch])
            i += batch
    return tuple(tuple(h) for h in hands)


def deal_out(cards: Sequence[T], seats: Sequence[int]) -> tuple[tuple[T, ...], ...]:
    """Deal the whole of ``cards`` one at a time in ``seats`` order, to the end: when the seats do not
    divide them, the first seats in the deal get one card more (:func:`deal_round_robin` then the rest).

    >>> deal_out("abcde", (1, 0))
    (('b', 'd'), ('a', 'c', 'e'))
    """
    hands: list[tuple[T, ...]] = [()] * len(seats)
    for i, seat in enumerate(seats):
        hands[seat] = tuple(cards[i::len(seats)])
    return tuple(hands)


def sorted_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    """A hand in display order (by suit ♠♥♦♣, then rank)."""
    return tuple(sorted(cards, key=sort_key))


def seats_from(first: int, players: int, direction: int = 1) -> tuple[int, ...]:
    """Every seat once, starting at ``first`` and going ``direction`` (+1 clockwise, -1 anticlockwise)."""
    return tuple((first + direction * i) % players for i in range(players))


@dataclass(frozen=True)
class Match:
    """Running scores over several deals, up to a target or a number of deals.

    >>> m = Match.start(3, target=10).add((4, 0, 6)).add((7, 1, 0))
    >>> m.totals, m.deals, m.over, m.leaders()
    ((11, 1, 6), 2, True, (0,))
    """

    totals: tuple[int, ...]
    deals: int = 0
    target: int | None = None
    max_deals: int | None = None

    @classmethod
    def start(cls, players: int, *, target: int | None = None, max_deals: int | None = None) -> "Match":
        return cls((0,) * players, 0, target, max_deals)

    def add(self, scores: Sequence[int]) -> "Match":
        """The match after one more deal scoring ``scores``."""
        if len(scores) != len(self.totals):
            raise ValueError("Match.add: one score per player")
        return Match(tuple(t + s for t, s in zip(self.totals, scores)), self.deals + 1,
                     self.target, self.max_deals)

    @property
    def over(self) -> bool:
        """The target is reached, or the last deal is played."""
        if self.target is not None and max(self.totals) >= self.target:
            return True
        return self.max_deals is not None and self.deals >= self.max_deals

    def leaders(self) -> tuple[int, ...]:
        """The seats with the highest total."""
        best = max(self.totals)
        return tuple(p for p, t in enumerate(self.totals) if t == best)
