"""The rows kit (spec/rows.py), proved once: a build's options are exactly the placements its
``why_not`` allows, exhaustively over small layouts and hands, and every refusal is a sentence."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations, product

import pytest

from spec.cards import Card, Rank, Suit, parse_card, parse_cards
from spec.rows import Build

C = parse_card
#: The short deck of the proof: two suits, five ranks.
SUITS = (Suit.SPADES, Suit.HEARTS)
RANKS = (Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX)
DECK = tuple(Card(r, s) for s in SUITS for r in RANKS)

#: Every kind of build the games use, over the short deck (as arguments: each test builds its own,
#: so that no cache is shared between tests).
KINDS = {
    # Sevens: one row a suit, started in the middle, growing at both ends
    "suit rows from the middle": dict(order=RANKS, starts=frozenset((Rank.FOUR,)), both_ends=True, suits=SUITS),
    # Svinya's pig: upward, any suit, two opening ranks
    "a pile up": dict(order=RANKS, starts=frozenset((Rank.TWO, Rank.FIVE)), article="a "),
    # Svinya's open shop: downward, any suit, any rank but the first starts it again
    "a pile down": dict(order=RANKS[::-1], starts=frozenset(RANKS[:-1])),
    # Svinya's closed shop: an empty row takes nothing
    "a closed pile": dict(order=RANKS[::-1]),
    # one suit a row, one way
    "suit rows up": dict(order=RANKS, starts=frozenset((Rank.TWO,)), suits=SUITS),
    # both ends, any suit, every rank starts
    "open rows": dict(order=RANKS, starts=frozenset(RANKS), both_ends=True),
}


def build_of(name: str) -> Build:
    return Build(**KINDS[name])


def row_states(build: Build) -> list[tuple[Rank, ...]]:
    """Every row the build can hold: empty, or a run of its order from ``first`` to ``last``
    (a superset of the reachable ones: any card may be dealt as a pile's first)."""
    order = build.order
    return [()] + [(order[i], order[j]) for i in range(len(order)) for j in range(i, len(order))]


HANDS = [h for k in range(4) for h in combinations(DECK, k)]


@pytest.mark.parametrize("name", KINDS)
def test_options_are_exactly_the_placements_why_not_allows(name):
    build = build_of(name)
    layouts = list(product(row_states(build), repeat=2))
    checked = 0
    for rows in layouts:
        for hand in HANDS:
            offered = build.options(hand, rows)
            allowed = []
            for card in hand:
                for i in range(len(rows)):
                    why = build.why_not(card, hand, rows, i)
                    assert (why is None) == build.fits(card, rows[i], i), (name, rows, hand, card, i)
                    if why is None:
                        allowed.append((card, i))
                    else:
                        assert isinstance(why, str) and (str(card) in why or f"row {i}" in why), why
                    checked += 1
            assert offered == tuple(allowed), (name, rows, hand)  # the same placements, in the same order
    assert checked > 30_000


@pytest.mark.parametrize("name", KINDS)
def test_every_refused_card_gets_a_sentence_naming_what_the_row_takes(name):
    build = build_of(name)
    for row, card in product(row_states(build), DECK):
        rows = (row, row)
        for i in range(2):
            why = build.why_not(card, DECK, rows, i, "the row")
            if why is None:
                assert card.rank in build.wants(row) and (not build.suits or card.suit is SUITS[i])
                continue
            if build.suits and card.suit is not SUITS[i]:
                assert why == f"{card} does not go on the row: it holds {SUITS[i].symbol} cards only"
            else:
                template = build.unfit if row else build.unstarted
                assert why == template.format(card=card, row="the row", wants=build.said(row, i))
        assert build.why_not(card, (), (row,), 0) == f"{card} is not in the hand"


@pytest.mark.parametrize("row,wants", [
    ((), (Rank.FOUR,)),
    ((Rank.FOUR, Rank.FOUR), (Rank.THREE, Rank.FIVE)),
    ((Rank.TWO, Rank.FIVE), (Rank.SIX,)),
    ((Rank.THREE, Rank.SIX), (Rank.TWO,)),
    ((Rank.TWO, Rank.SIX), ()),
])
def test_a_row_from_the_middle_takes_the_rank_before_and_after_it(row, wants):
    build = build_of("suit rows from the middle")
    assert build.wants(row) == wants
    assert build.wants(row) is build.wants(row)  # the second time from the cache


@pytest.mark.parametrize("name,row,wants", [
    ("a pile up", (), (Rank.TWO, Rank.FIVE)),                     # the starts, in build order
    ("a pile up", (Rank.FOUR,), (Rank.FIVE,)),                    # a pile given by its last rank alone
    ("a pile up", (Rank.TWO, Rank.FOUR), (Rank.FIVE,)),           # one way: nothing before its first
    ("a pile up", (Rank.THREE, Rank.SIX), ()),
    ("a pile down", (), (Rank.FIVE, Rank.FOUR, Rank.THREE, Rank.TWO)),
    ("a pile down", (Rank.SIX, Rank.FOUR), (Rank.THREE,)),
    ("a closed pile", (), ()),
    ("a pile up", (Rank.ACE,), ()),                               # an end outside the order takes nothing
    ("open rows", (Rank.ACE, Rank.THREE), (Rank.FOUR,)),
    ("open rows", (Rank.THREE, Rank.ACE), (Rank.TWO,)),
])
def test_what_a_row_takes(name, row, wants):
    build = build_of(name)
    assert build.wants(row) == wants
    assert build.wants(row) is build.wants(row)  # the second time from the cache


def test_options_run_in_hand_order_then_row_order():
    pile = build_of("a pile down")
    rows = ((Rank.SIX, Rank.FIVE), (), (Rank.FOUR,))
    assert pile.options(parse_cards("3♥ 4♠ 6♥"), rows) == ((C("3h"), 1), (C("3h"), 2), (C("4s"), 0), (C("4s"), 1))
    suited = build_of("suit rows from the middle")
    assert suited.options(parse_cards("5♥ 4♠ 3♠ 4♥"), ((), (Rank.FOUR, Rank.FOUR))) == ((C("5h"), 1), (C("4s"), 0))
    # a card of a suit with no row in the layout goes nowhere
    assert suited.options(parse_cards("4♣ 4♦ 4♠"), ((), ())) == ((C("4s"), 0),)
    assert suited.options(parse_cards("4♥"), ((),)) == ()


def test_sentences_word_for_word():
    rows = Build(order=RANKS, starts=frozenset((Rank.FOUR,)), both_ends=True, suits=SUITS,
                 unfit="{card} does not extend {row}: it takes {wants}",
                 unstarted="{row} has not started: it starts with {wants}", nothing="nothing (the row is complete)")
    hand = parse_cards("6♠ 2♥ 4♠ 5♥")
    layout = ((Rank.FOUR, Rank.FOUR), ())
    assert rows.why_not(C("6s"), hand, layout, 0, "the ♠ row") == "6♠ does not extend the ♠ row: it takes 3♠ or 5♠"
    assert rows.why_not(C("2h"), hand, layout, 1, "the ♥ row") == "the ♥ row has not started: it starts with 4♥"
    assert rows.why_not(C("5h"), hand, layout, 0) == "5♥ does not go on row 0: it holds ♠ cards only"
    assert rows.why_not(C("4s"), hand, ((Rank.TWO, Rank.SIX), ()), 0) == \
        "4♠ does not extend row 0: it takes nothing (the row is complete)"
    assert rows.why_not(C("3s"), hand, layout, 0) == "3♠ is not in the hand"
    assert rows.why_not(C("4s"), hand, ((), ()), 0) is None
    pile = build_of("a pile up")
    assert pile.why_not(C("4h"), (C("4h"),), ((),), 0, "the pig") == "4♥ does not fit the pig: it takes a 2 or a 5"
    assert pile.why_not(C("4h"), (C("4h"),), ((Rank.FOUR,),), 0) == "4♥ does not fit row 0: it takes a 5"
    assert pile.said((Rank.SIX,)) == "nothing" and pile.said(()) == "a 2 or a 5"
    assert build_of("a pile down").said((Rank.FIVE,)) == "4"
    suited = build_of("suit rows up")
    assert suited.said((Rank.TWO, Rank.THREE), 1) == "4♥" and suited.said((Rank.TWO, Rank.THREE)) == "4♠"
    assert suited.fits(C("3s"), (Rank.TWO,)) and not suited.fits(C("3h"), (Rank.TWO,))  # row 0 unless told


def test_a_build_is_a_value_and_checks_its_order():
    a = Build(order=RANKS, starts=frozenset((Rank.TWO,)))
    a.wants((Rank.TWO,))
    assert a == Build(order=RANKS, starts=frozenset((Rank.TWO,))) and hash(a) == hash(replace(a))
    assert replace(a, starts=frozenset()).wants(()) == ()
    with pytest.raises(ValueError) as twice:
        Build(order=(Rank.TWO, Rank.THREE, Rank.TWO))
    assert str(twice.value) == "Build: a rank is listed twice in the order"
    with pytest.raises(ValueError) as outside:
        Build(order=(Rank.TWO, Rank.THREE), starts=frozenset((Rank.FOUR,)))
    assert str(outside.value) == "Build: a starting rank is not in the order"
    assert Build(order=()).wants(()) == () and Build(order=()).options(parse_cards("2♠"), ((),)) == ()
