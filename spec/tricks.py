"""Shared trick-taking rules: following suit, who wins a trick, who leads next.

Every trick-taking game (Trix, Sixty-Six, Kerosinka, Bura, Truf ...) builds
on these; none of it is private to one game. A game passes its own rank
order (a mapping rank -> strength) and trump suit.

>>> from spec.cards import parse_cards
>>> t = Trick(leader=0, plays=tuple(zip((0, 1, 2), parse_cards("Q♠ A♠ 2♥"))))
>>> trick_winner(t, trump=None), trick_winner(t, trump=Suit.HEARTS)
(1, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from spec.cards import Card, Rank, Suit

#: Natural strength: 2 lowest, ace highest.
NATURAL_ORDER: Mapping[Rank, int] = {r: int(r) for r in Rank}
#: Sixty-Six / Schnapsen family: 9 J Q K 10 A.
TEN_HIGH_ORDER: Mapping[Rank, int] = {Rank.NINE: 0, Rank.JACK: 1, Rank.QUEEN: 2, Rank.KING: 3,
                                      Rank.TEN: 4, Rank.ACE: 5}


@dataclass(frozen=True)
class Trick:
    """A trick in progress or complete: who led and the (player, card) plays in order."""

    leader: int
    plays: tuple[tuple[int, Card], ...] = ()

    @property
    def led(self) -> Suit | None:
        return self.plays[0][1].suit if self.plays else None

    def add(self, player: int, card: Card) -> "Trick":
        return Trick(self.leader, self.plays + ((player, card),))

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for _, c in self.plays)


def cards_of_suit(hand: Iterable[Card], suit: Suit | None) -> tuple[Card, ...]:
    return tuple(c for c in hand if c.suit == suit)


def follow_suit_options(hand: Sequence[Card], led: Suit | None) -> tuple[Card, ...]:
    """Must follow suit if able; otherwise any card. Nothing led: any card."""
    if led is None:
        return tuple(hand)
    same = [c for c in hand if c.suit is led]  # a list comprehension: this is on every game's hot path
    return tuple(same) if same else tuple(hand)


def follow_or_trump_options(hand: Sequence[Card], led: Suit | None, trump: Suit | None) -> tuple[Card, ...]:
    """Follow suit if able; else trump if able; else any card."""
    if led is None:
        return tuple(hand)
    same = cards_of_suit(hand, led)
    if same:
        return same
    trumps = cards_of_suit(hand, trump) if trump is not None else ()
    return trumps if trumps else tuple(hand)


def beats(card: Card, best: Card, trump: Suit | None, order: Mapping[Rank, int] = NATURAL_ORDER) -> bool:
    """Whether ``card`` beats the current best card of a trick.

    A higher card of the same suit beats; a trump beats any non-trump.
    """
    if card.suit == best.suit:
        return order[card.rank] > order[best.rank]
    return trump is not None and card.suit == trump


def winning_play(plays: Sequence[tuple[int, Card]], trump: Suit | None,
                 order: Mapping[Rank, int] = NATURAL_ORDER) -> tuple[int, Card]:
    best = plays[0]
    for play in plays[1:]:
        if beats(play[1], best[1], trump, order):
            best = play
    return best


def trick_winner(trick: Trick, trump: Suit | None, order: Mapping[Rank, int] = NATURAL_ORDER) -> int:
    """The player who wins ``trick``: highest trump, else highest card of the suit led."""
    return winning_play(trick.plays, trump, order)[0]


def next_leader(winner: int) -> int:
    """The winner of a trick leads the next (the common rule)."""
    return winner


def points_in(cards: Iterable[Card], points: Mapping[Rank, int]) -> int:
    """Card points in a set of cards (ranks missing from the table count 0)."""
    return sum(points.get(c.rank, 0) for c in cards)


def next_seat(seat: int, players: int, direction: int = 1) -> int:
    """The next seat: ``direction`` 1 is clockwise (to the left), -1 anticlockwise."""
    return (seat + direction) % players


def head_if_able(options: Sequence[Card], plays: Sequence[tuple[int, Card]], trump: Suit | None,
                 order: Mapping[Rank, int] = NATURAL_ORDER) -> tuple[Card, ...]:
    """Of the cards allowed by the following rules, those that would win the trick so far.

    For rules that oblige a player to win the trick when able (to "head" it);
    when no allowed card wins, every allowed card stays allowed.
    """
    if not plays:
        return tuple(options)
    best = winning_play(plays, trump, order)[1]
    winners = tuple(c for c in options if beats(c, best, trump, order))
    return winners if winners else tuple(options)
