"""Kvart-bezique (WORK IN PROGRESS: the hand scoring and its exact distribution only;
the betting rounds are not written yet, so this module defines no ``GAME``).

Four players, six 24-card packs shuffled together (144 cards), four cards each.
After betting, the hands are shown and the highest score wins. A hand scores
its card points (king, queen, jack, ten 1 each; ace and nine 0), unless its
cards make combinations, which replace the points of the cards in them:
three of a kind 6; four kings 8, four aces 0, any other four of a kind 9;
a marriage (king and queen of one suit) 4; a bezique (a queen and a jack of
the two different suits of one colour) 4; two beziques 9; a crown of three
(king, queen, jack of one suit) 6, of four (with the ten) 9, the marriage in
it not counted; a bezique formed with a card of a crown is added to it.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from spec.cards import Card, Rank, Suit, deck_ranks
from spec.clauses import ClauseBook

CLAUSES = ClauseBook("kvart_bezique")

#: the 24 kinds of card in a pack (six copies of each in the 144-card shoe)
KINDS = tuple(Card(r, s) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS) for r in deck_ranks(24))
COPIES = 6

#: card points: the "fat" (ace, nine) scores nothing
POINTS = {Rank.KING: 1, Rank.QUEEN: 1, Rank.JACK: 1, Rank.TEN: 1, Rank.ACE: 0, Rank.NINE: 0}
#: four of a kind
QUADS = {Rank.KING: 8, Rank.ACE: 0}
QUAD_OTHER = 9
TRIPLE = 6
MARRIAGE = 4
BEZIQUE = 4
DOUBLE_BEZIQUE = 9
CROWN_3 = 6
CROWN_4 = 9

BLACK = {Suit.SPADES, Suit.CLUBS}


@CLAUSES.rule("kvart-points", "King, queen, jack and ten score 1; ace and nine (the fat) score nothing")
def card_points(cards: Sequence[Card]) -> int:
    return sum(POINTS[c.rank] for c in cards)


@CLAUSES.rule("kvart-bezique", "A bezique is a queen and a jack of the two different suits of one colour")
def is_bezique(a: Card, b: Card) -> bool:
    q, j = (a, b) if a.rank == Rank.QUEEN else (b, a)
    return (q.rank == Rank.QUEEN and j.rank == Rank.JACK and q.suit != j.suit
            and (q.suit in BLACK) == (j.suit in BLACK))


@CLAUSES.rule("kvart-marriage", "A marriage is the king and queen of one suit")
def is_marriage(a: Card, b: Card) -> bool:
    return {a.rank, b.rank} == {Rank.KING, Rank.QUEEN} and a.suit == b.suit


def pair_score(a: Card, b: Card) -> int | None:
    if is_marriage(a, b):
        return MARRIAGE
    if is_bezique(a, b):
        return BEZIQUE
    return None


@CLAUSES.rule("kvart-quads", "Four of a kind: kings 8, aces 0, any other rank 9")
def quads_score(hand: Sequence[Card]) -> int | None:
    ranks = {c.rank for c in hand}
    if len(hand) == 4 and len(ranks) == 1:
        return QUADS.get(hand[0].rank, QUAD_OTHER)
    return None


@CLAUSES.rule("kvart-crown", "A crown: king, queen, jack of one suit 6, with the ten 9 (the marriage in it not "
              "counted); a bezique made with the crown's queen or jack is added")
def crown_scores(hand: Sequence[Card]) -> list[int]:
    out = []
    for suit in {c.suit for c in hand}:
        have = Counter(c.rank for c in hand if c.suit == suit)
        if not all(have[r] for r in (Rank.KING, Rank.QUEEN, Rank.JACK)):
            continue
        crown = [Card(Rank.KING, suit), Card(Rank.QUEEN, suit), Card(Rank.JACK, suit)]
        rest = list((Counter(hand) - Counter(crown)).elements())
        if rest and rest[0] == Card(Rank.TEN, suit):
            out.append(CROWN_4)
            continue
        extra = card_points(rest)
        if rest and any(is_bezique(rest[0], c) for c in crown):
            extra = BEZIQUE
        out.append(CROWN_3 + extra)
    return out


@CLAUSES.rule("kvart-score", "A hand scores its best reading: combinations replace the points of their cards")
def hand_score(hand: Sequence[Card]) -> int:
    hand = tuple(hand)
    quads = quads_score(hand)
    if quads is not None:
        return quads
    best = card_points(hand)
    ranks = Counter(c.rank for c in hand)
    for rank, k in ranks.items():
        if k == 3:
            best = max(best, TRIPLE + card_points([c for c in hand if c.rank != rank]))
    for score in crown_scores(hand):
        best = max(best, score)
    # pairs: one combination and two loose cards, or two combinations
    for i, j in itertools.combinations(range(4), 2):
        first = pair_score(hand[i], hand[j])
        if first is None:
            continue
        others = [hand[k] for k in range(4) if k not in (i, j)]
        second = pair_score(*others)
        if second is None:
            best = max(best, first + card_points(others))
        elif first == BEZIQUE and second == BEZIQUE:
            best = max(best, DOUBLE_BEZIQUE)
        else:
            best = max(best, first + second)
    return best


def hands() -> list[tuple[Card, ...]]:
    """Every multiset of four cards from the 24 kinds (at most six of a kind: always possible with four)."""
    return list(itertools.combinations_with_replacement(KINDS, 4))


def deal_chance(hand: Sequence[Card]) -> Fraction:
    """The chance of being dealt exactly this multiset from the 144-card shoe."""
    ways = 1
    for card, k in Counter(hand).items():
        ways *= math.comb(COPIES, k)
    return Fraction(ways, math.comb(COPIES * len(KINDS), 4))


@cache
def score_distribution() -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for hand in hands():
        s = hand_score(hand)
        out[s] = out.get(s, Fraction(0)) + deal_chance(hand)
    return dict(sorted(out.items()))
