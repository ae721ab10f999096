"""The flips kit, proved once: each rule's options are exactly the cards its refusal allows, exhaustively
over small piles (two-deck piles, with twin cards, included); its other functions agree with a direct
computation over every small case."""

from __future__ import annotations

import itertools

import pytest

from spec import flips
from spec.cards import SUIT_ORDER, make_deck, parse_cards

#: Four cards, two of one rank: small piles of them have ties, and (with repetition) twin cards.
CARDS = parse_cards("A♠ 9♥ 9♦ 2♣")
#: Every pile of up to four of them, top card first, a card possibly twice (two decks).
PILES = [p for n in range(5) for p in itertools.product(CARDS, repeat=n)]


def allowed(why_not, cards) -> tuple:
    """The cards the refusal lets through, each refused one checked to get a sentence."""
    out = []
    for c in cards:
        said = why_not(c)
        if said is None:
            out.append(c)
        else:
            assert isinstance(said, str) and said.strip() and str(c) in said, (c, said)
    return tuple(out)


def test_lay_options_are_exactly_the_cards_not_refused():
    for pile in PILES:
        options = flips.lay_options(pile)
        assert options == allowed(lambda c: flips.lay_why_not(c, pile), CARDS), pile
        assert options == ((pile[0],) if pile else ()), pile  # the top card, and only it
        assert type(options) is tuple
        assert flips.lays(pile) == tuple(flips.Lay(c) for c in options), pile  # the same, as moves


def test_gather_options_are_exactly_the_cards_not_refused():
    for cards in PILES:
        options = flips.gather_options(cards)
        assert set(options) == set(allowed(lambda c: flips.gather_why_not(c, cards), CARDS)), cards
        assert list(options) == sorted(set(cards), key=cards.index), cards  # each card once, in the order laid
        assert flips.gather_options(iter(cards)) == options
        assert flips.unders(iter(cards)) == tuple(flips.Under(c) for c in options), cards


def test_the_moves_are_written_as_the_records_keep_them():
    nine = parse_cards("9♥")[0]
    assert (str(flips.LAY[nine]), str(flips.UNDER[nine])) == ("lay 9♥", "under 9♥")
    assert flips.lays((nine,))[0] is flips.LAY[nine] and flips.unders((nine,))[0] is flips.UNDER[nine]


def test_the_sentences_say_what_is_allowed():
    nine, ace = parse_cards("9♥ A♠")
    assert flips.lay_why_not(ace, (nine, ace)) == "lays the top card of their pile, not A♠"
    assert flips.lay_why_not(ace, ()) == "has no card to lay, not A♠"
    assert flips.gather_why_not(ace, (nine,)) == "A♠ is not on the table"
    assert flips.gather_why_not(ace, (nine,), "in the heap") == "A♠ is not in the heap"
    assert flips.gather_why_not(nine, (nine,), "in the heap") is None


def test_the_orders_under_the_pile():
    for cards in PILES:
        assert flips.in_order(cards, "laid") == tuple(cards)
        assert flips.in_order(list(cards), "reverse") == tuple(cards[::-1])
    assert set(flips.ORDERS) == {"laid", "reverse"}


def test_an_order_the_kit_does_not_know_is_an_error():
    with pytest.raises(ValueError) as err:
        flips.in_order(CARDS, "chosen")
    assert str(err.value) == "unknown return order 'chosen': one of laid, reverse"


DECK = make_deck("24")  # 9 to ace in four suits


def test_compare_is_by_rank_only_and_aces_are_high():
    for a, b in itertools.product(DECK, repeat=2):
        assert flips.compare(a, b) == (int(a.rank) > int(b.rank)) - (int(a.rank) < int(b.rank))
        assert flips.compare(a, b) == -flips.compare(b, a)
    ace, nine, king = parse_cards("A♣ 9♠ K♥")
    assert (flips.compare(ace, king), flips.compare(nine, king), flips.compare(nine, parse_cards("9♦")[0])) == (1, -1, 0)


@pytest.mark.parametrize("n", [1, 2, 3])
def test_highest_is_every_card_no_other_card_beats(n):
    for cards in itertools.permutations(DECK[:8], n):  # two suits: ties of every rank
        plays = tuple(zip((2, 0, 1), cards))
        want = tuple(p for p, c in plays if all(flips.compare(c, d) >= 0 for _, d in plays))
        assert flips.highest(plays) == want


@pytest.mark.parametrize("spec", ["24", "32", "36", "52"])
def test_a_short_deck_keeps_the_highest_ranks_of_the_first_suits(spec):
    deck = make_deck(spec)
    ranks = {c.rank for c in deck}
    for keep_ranks, keep_suits in itertools.product(range(len(ranks) + 1), range(1, 5)):
        def kept(c):
            above = sum(1 for r in ranks if r > c.rank)
            return (not keep_ranks or above < keep_ranks) and SUIT_ORDER.index(c.suit) < keep_suits
        assert flips.short_deck(deck, keep_ranks, keep_suits) == tuple(c for c in deck if kept(c))
    assert flips.short_deck(deck) == deck
