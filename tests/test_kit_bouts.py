"""The bouts kit, proved once: each rule that lists a player's options (covers, one-suit leads)
allows exactly the moves its refusal allows, and gives every other move a sentence --
exhaustively over every hand of up to four cards of a short deck, every attack on the table
and every beat-rule option the kit has (trumps or none, a suit beaten only by its own suit,
the natural order or one with the ten above the king). The games that use the kit (Bura's
beats and leads, Durak's beats by masks) need no equivalence check of their own for these."""

from __future__ import annotations

from itertools import combinations, permutations, product

import pytest

from spec import bouts
from spec.bouts import (BeatRule, bit, card_id, draw_turns, draw_up, ids_of, mask_of, suit_leads, why_not_held,
                        why_not_suit_lead)
from spec.cards import Card, Rank, Suit

#: nine cards: three ranks (the ten between the nine and the king, or above the king) in three suits
DECK = tuple(Card(r, s) for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS) for r in (Rank.NINE, Rank.TEN, Rank.KING))
OUTSIDE = Card(Rank.ACE, Suit.CLUBS)   # a card no hand holds: refused as not held
RULES = [BeatRule(trump, own, order) for trump in (None, Suit.HEARTS) for own in (frozenset(), frozenset({Suit.SPADES}))
         for order in ((), (Rank.NINE, Rank.KING, Rank.TEN))]
HANDS = [h for k in range(5) for h in combinations(DECK, k)]


def tries(hand, most: int):
    """Every move of up to ``most`` cards of the hand and one card outside it, in hand order and
    reversed, and each with a card named twice."""
    pool = hand + (OUTSIDE,)
    for k in range(most + 1):
        for cards in combinations(pool, k):
            yield cards
            yield cards[::-1]
            if cards:
                yield cards[:-1] + cards[:1]


def as_set(cards) -> frozenset | None:
    """The cards as a set, or ``None`` when one is named twice."""
    return frozenset(cards) if len(set(cards)) == len(cards) else None


@pytest.mark.parametrize("rule", RULES, ids=repr)
def test_the_covers_offered_are_the_answers_the_refusal_allows(rule):
    checked = 0
    for hand in HANDS:
        rest = [c for c in DECK if c not in hand]
        for attack in (a for k in (1, 2, 3) for a in combinations(rest, k)):
            options = rule.cover_options(attack, hand)
            allowed = {frozenset(c) for c in options}
            assert len(allowed) == len(options) and all(len(c) == len(attack) for c in options)
            for cover in tries(hand, len(attack) + 1):
                why = rule.why_not_cover(attack, cover, hand)
                assert (why is None) is (as_set(cover) in allowed), (rule, hand, attack, cover, why)
                assert why is None or (isinstance(why, str) and why)
                checked += 1
    assert checked > 10_000


@pytest.mark.parametrize("rule", RULES, ids=repr)
def test_a_cover_beats_every_card_with_its_own_card(rule):
    """What ``covers`` means: some one-to-one pairing in which each card of the answer beats its
    partner, ``beats`` being the rule's suit, trump and order."""
    for attack in (a for k in (1, 2, 3) for a in combinations(DECK, k)):
        for cover in combinations([c for c in DECK if c not in attack], len(attack)):
            want = any(all(rule.beats(a, c) for a, c in zip(attack, perm)) for perm in permutations(cover))
            assert rule.covers(attack, cover) is want, (rule, attack, cover)


@pytest.mark.parametrize("rule", RULES, ids=repr)
def test_the_masks_durak_beats_with_are_the_one_card_covers(rule):
    """Durak covers one card at a time from bit masks (``beater_masks``): the same covers."""
    beaters = rule.beater_masks()
    for hand in HANDS:
        for attack in DECK:
            if attack in hand:
                continue
            beats = set(ids_of(mask_of(hand) & beaters[card_id(attack)]))
            assert beats == {card_id(c[0]) for c in rule.cover_options((attack,), hand)}, (rule, hand, attack)


def test_the_suit_leads_offered_are_the_leads_the_refusal_allows():
    checked = 0
    for hand in HANDS:
        for most in range(5):
            options = suit_leads(hand, most)
            allowed = {frozenset(c) for c in options}
            assert len(allowed) == len(options)
            for cards in tries(hand, 5):
                why = why_not_suit_lead(cards, hand, most)
                assert (why is None) is (as_set(cards) in allowed), (hand, most, cards, why)
                assert why is None or (isinstance(why, str) and why)
                checked += 1
    assert checked > 10_000


def test_the_sentences_name_the_rule_broken():
    rule = BeatRule(Suit.HEARTS, frozenset({Suit.SPADES}), (Rank.NINE, Rank.KING, Rank.TEN))
    nine_s, ten_s, king_s, nine_h = Card(Rank.NINE, Suit.SPADES), Card(Rank.TEN, Suit.SPADES), \
        Card(Rank.KING, Suit.SPADES), Card(Rank.NINE, Suit.HEARTS)
    hand = (nine_s, ten_s, nine_h)
    assert rule.why_not_cover((king_s,), (), hand) == "name at least one card"
    assert rule.why_not_cover((king_s,), (OUTSIDE,), hand) == "A♣ is not in the hand"
    assert rule.why_not_cover((king_s,), (ten_s, ten_s), hand) == "a card is named twice"
    assert rule.why_not_cover((king_s,), (ten_s, nine_h), hand) == "1 card(s) to beat: answer with 1"
    assert rule.why_not_cover((king_s,), (nine_h,), hand) == (
        "9♥ do not beat K♠ card by card: each card needs a higher card of its suit or a trump "
        "(trumps ♥; ♠ only by a higher ♠)")
    assert rule.why_not_cover((king_s,), (ten_s,), hand) is None           # the ten above the king
    assert BeatRule(None).why_not_cover((king_s,), (nine_h,), hand) == (
        "9♥ do not beat K♠ card by card: each card needs a higher card of its suit")
    assert why_not_suit_lead((nine_s, nine_h), hand, 3) == \
        "9♠ 9♥ are not of one suit: several cards are led only if of one suit"
    assert why_not_suit_lead((nine_s, ten_s), hand, 1) == "a lead of 2 cards, but a player holds only 1"


def _draws(needs, order, stock, one_at_a_time, all_or_none):
    """Drawing written out card by card: who takes the top card next."""
    if all_or_none and stock < sum(needs[p] for p in order):
        return ()
    left, out = list(needs), []
    turn = 0
    while len(out) < stock and any(left[p] for p in order):
        p = order[turn % len(order)]
        if left[p]:
            out.append(p)
            left[p] -= 1
            if one_at_a_time or not left[p]:
                turn += 1
        else:
            turn += 1
    return tuple(out)


def test_draw_turns_exhaustively_over_small_tables():
    for players in (2, 3):
        for needs in product(range(4), repeat=players):
            for first in range(players):
                order = tuple((first + i) % players for i in range(players))
                for stock, one, all_or_none in product(range(11), (False, True), (False, True)):
                    assert draw_turns(needs, order, stock, one_at_a_time=one, all_or_none=all_or_none) == \
                        _draws(needs, order, stock, one, all_or_none), (needs, order, stock, one, all_or_none)


def test_draw_up_on_masks_is_draw_turns():
    """Durak's draw on bit masks deals the stock's cards as ``draw_turns`` says, from the top."""
    for players in (2, 3):
        for sizes in product(range(5), repeat=players):
            hands = [sum(bit(40 + 4 * p + i) for i in range(n)) for p, n in enumerate(sizes)]
            for first, stock_n, hand_size in product(range(players), range(9), (2, 4)):
                order = tuple((first + i) % players for i in range(players))
                stock = tuple(range(stock_n))
                turns = draw_turns([max(0, hand_size - n) for n in sizes], order, stock_n)
                want = list(hands)
                for c, p in zip(stock, turns):
                    want[p] |= bit(c)
                got = list(hands)
                assert draw_up(got, stock, order, hand_size) == stock[len(turns):] and got == want


@pytest.mark.parametrize("rule", RULES, ids=repr)
def test_what_beats_a_card_is_the_rule_as_stated(rule, monkeypatch):
    """Made afresh in the test (a rule built at import has its order and table already), a rule's covers
    of one card are the cards the rule's words name: a higher card of the suit in the rule's order (a
    rank the order does not name neither beats nor is beaten in its suit), or any trump when the card
    is not a trump and its suit is not one beaten only by its own suit."""
    monkeypatch.setattr(bouts, "_BEATEN_BY", {})
    fresh = BeatRule(rule.trump, rule.own_suit_only, rule.order)
    order = rule.order or tuple(r for r in Rank if r != Rank.JOKER)
    cards = DECK + (Card(Rank.TWO, Suit.SPADES), Card(Rank.ACE, Suit.SPADES), OUTSIDE)

    def beats(a, c):
        if c.suit == a.suit:
            return a.rank in order and c.rank in order and order.index(c.rank) > order.index(a.rank)
        return c.suit == rule.trump and a.suit not in rule.own_suit_only

    for a in cards:
        assert fresh.cover_options((a,), cards) == tuple((c,) for c in cards if beats(a, c)), a
        assert all(fresh.beats(a, c) is beats(a, c) for c in cards), a


def test_covers_and_their_refusals_of_several_cards_word_for_word():
    rule = BeatRule(Suit.HEARTS)
    q, ten, nine, king = (Card(Rank.QUEEN, Suit.SPADES), Card(Rank.TEN, Suit.SPADES), Card(Rank.NINE, Suit.SPADES),
                          Card(Rank.KING, Suit.SPADES))
    assert not rule.covers((q, ten), (king,)) and not rule.covers((q,), (king, OUTSIDE))
    assert rule.why_not_cover((q, ten), (nine, OUTSIDE), (nine, OUTSIDE)) == \
        "9♠ A♣ do not beat Q♠ 10♠ card by card: each card needs a higher card of its suit or a trump (trumps ♥)"
    assert why_not_held((nine,), (king,), "P1") == "P1 does not hold 9♠"
    assert why_not_held((nine,), (king,)) == "9♠ is not in the hand"
