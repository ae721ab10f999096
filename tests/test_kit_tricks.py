"""The tricks kit proved once, exhaustively over small hands: what ``Duties.options`` lists and what
``Duties.why_not`` refuses agree, for every kit option and subclass.

A short pack (♠ and ♥ with 9 10 K, trumps ♣ with 9 K), every hand of up to four of its cards, every
trick so far of none, one or two of the other cards, every combination of the options ``follow``,
``follow_rank``, ``trump``, ``head`` and ``barred_lead``, under a trump order with the ten above the
king, a no-trump order, and an order whose 10♥ is a super-trump (Kerosinka's card of no suit for
:class:`~spec.tricks.SuitlessDuties`). For each case:

* ``options`` are cards of the hand, in the hand's order, none twice, and exactly the cards the
  duty's rule (restated below from the kit's docstrings, independently of its code) allows;
* ``why_not`` is ``None`` exactly for those cards, and for every other card of the hand it is a
  sentence naming the duty that card breaks (a lead barred, not following, not trumping, not
  heading), with a card of the hand the duty asks for; ``broken`` names the same duty; a card not
  in the hand is refused as such.
"""

from __future__ import annotations

import itertools
import re

import pytest

from spec.cards import Card, Rank, Suit, format_card, parse_card, parse_cards
from spec.tricks import NATURAL_ORDER, TEN_HIGH_ORDER, Duties, SuitlessDuties, SuitOrTrumpDuties, TrickOrder

PACK = parse_cards("9♠ 10♠ K♠ 9♥ 10♥ K♥ 9♣ K♣")
TEN_H = parse_card("10♥")
OUTSIDE = parse_card("A♦")          # a card no hand holds
ORDERS = {
    "trumps ♣, ten above king": TrickOrder(Suit.CLUBS, TEN_HIGH_ORDER),
    "no trumps": TrickOrder(None, NATURAL_ORDER),
    "trumps ♣, 10♥ a super-trump": TrickOrder(Suit.CLUBS, NATURAL_ORDER, super_trumps=(TEN_H,)),
}
FLAGS = ("follow", "follow_rank", "trump", "head")


def every_duty(cls, **extra):
    for values in itertools.product((False, True), repeat=len(FLAGS)):
        for barred in (None, Suit.HEARTS):
            yield cls(**dict(zip(FLAGS, values)), barred_lead=barred, **extra)


def cases():
    """(hand, plays): every hand of up to four cards of the pack, every trick so far of up to two other cards."""
    for k in range(5):
        for hand in itertools.combinations(PACK, k):
            rest = [c for c in PACK if c not in hand]
            for n in range(3):
                for played in itertools.permutations(rest, n):
                    yield hand, tuple(enumerate(played, 1))


CASES = list(cases())


# ------------------------------------------------ the rules, restated from the docstrings


def suit(card: Card, order: TrickOrder):
    return order.trump if card in order.super_trumps else card.suit


def strength(card: Card, order: TrickOrder) -> tuple[int, int]:
    if card in order.super_trumps:
        return (1, order.super_trumps.index(card))
    return (0, order.order[card.rank])


def wins_over(card: Card, best: Card, order: TrickOrder) -> bool:
    """A higher card of the suit of the best card so far beats it, and a trump beats any other suit."""
    if suit(card, order) == suit(best, order):
        return strength(card, order) > strength(best, order)
    return order.trump is not None and suit(card, order) == order.trump


def best_so_far(plays, order: TrickOrder) -> Card:
    best = plays[0][1]
    for _, card in plays[1:]:
        if wins_over(card, best, order):
            best = card
    return best


def answering(duties, hand, led: Card, order: TrickOrder) -> list[Card]:
    """The cards that follow the card led (its suit, or with follow_rank its rank)."""
    if isinstance(duties, SuitlessDuties):
        if led in duties.suitless:       # a card of no suit led asks for its rank only
            return [c for c in hand if c.rank == led.rank] if duties.follow_rank else []
        out = []
        for c in hand:
            if suit(c, order) == suit(led, order):
                out.append(c)
            elif duties.follow_rank and c.rank == led.rank:
                if c in duties.suitless:
                    if duties.suitless_rank:
                        out.append(c)
                elif c not in order.super_trumps:
                    out.append(c)
        return out
    return [c for c in hand if suit(c, order) == suit(led, order)
            or (duties.follow_rank and c.rank == led.rank and c not in order.super_trumps)]


def stage(duties, hand, led: Card, order: TrickOrder) -> tuple[list[Card], str]:
    """The cards allowed before heading, and the duty that decided them."""
    if isinstance(duties, SuitOrTrumpDuties):
        ok = [c for c in hand if suit(c, order) == suit(led, order)
              or (order.trump is not None and suit(c, order) == order.trump)]
        return (ok, "suit or trump") if ok else (list(hand), "free")
    if not duties.follow:
        return list(hand), "free"
    same = answering(duties, hand, led, order)
    if same:
        return same, "follow"
    if duties.trump and order.trump is not None:
        trumps = [c for c in hand if suit(c, order) == order.trump]
        if trumps:
            return trumps, "trump"
    return list(hand), "free"


def expected(duties, hand, plays, order: TrickOrder) -> tuple[list[Card], list[Card], str]:
    """(allowed cards, cards allowed before heading, the duty that decided those)."""
    if not plays:
        others = [c for c in hand if suit(c, order) != duties.barred_lead]
        if duties.barred_lead is not None and others:
            return others, others, "lead"
        return list(hand), list(hand), "free"
    allowed, why = stage(duties, hand, plays[0][1], order)
    if duties.head:
        best = best_so_far(plays, order)
        winners = [c for c in allowed if wins_over(c, best, order)]
        return winners or allowed, allowed, why
    return allowed, allowed, why


#: For each duty a card breaks: the words its sentence must use.
WORDS = {
    "lead": "may not be led",
    "follow": ("does not follow suit", "does not answer"),
    "trump": ("is neither of the suit led nor a trump", "is not a trump"),
    "suit or trump": "neither follows",
    "head": "does not win the trick",
}


def named_card(sentence: str) -> Card:
    """The last card a sentence names (the card the hand holds that the duty asks for)."""
    return parse_card(re.findall(r"(?:10|[2-9JQKA])[♠♥♦♣]", sentence)[-1])


def check_case(duties, hand, plays, order: TrickOrder) -> None:
    options = duties.options(hand, plays, order)
    allowed, before_head, duty = expected(duties, hand, plays, order)
    where = f"{duties} hand {' '.join(map(format_card, hand)) or '-'} plays {plays}"
    assert type(options) is tuple, where
    assert list(options) == allowed, where                       # the rule, in the hand's order (so: a subset)
    assert duties.why_not(OUTSIDE, hand, plays, order) == f"{OUTSIDE} is not in the hand", where
    assert duties.broken(OUTSIDE, hand, plays, order) == "hand", where
    for card in hand:
        why = duties.why_not(card, hand, plays, order)
        if card in options:
            assert why is None and duties.broken(card, hand, plays, order) is None, (where, card)
            continue
        assert isinstance(why, str) and why.startswith(f"{card} "), (where, card, why)
        broken = "head" if card in before_head else duty
        assert duties.broken(card, hand, plays, order) == broken.replace("suit or trump", "follow"), (where, card)
        words = WORDS[broken]
        assert any(w in why for w in ((words,) if isinstance(words, str) else words)), (where, card, why)
        if broken in ("follow", "suit or trump"):                 # names a card that would have followed
            assert named_card(why.removeprefix(f"{card} ")) in before_head, (where, card, why)
        elif broken == "lead" or broken == "trump" and isinstance(duties, SuitlessDuties):
            assert named_card(why.removeprefix(f"{card} ")) in options, (where, card, why)   # one allowed


@pytest.mark.parametrize("order", ORDERS, ids=list(ORDERS))
def test_duties_options_and_refusals_agree(order):
    for duties in every_duty(Duties):
        for hand, plays in CASES:
            check_case(duties, hand, plays, ORDERS[order])


@pytest.mark.parametrize("suitless_rank", [True, False])
def test_suitless_duties_options_and_refusals_agree(suitless_rank):
    order = ORDERS["trumps ♣, 10♥ a super-trump"]
    for duties in every_duty(SuitlessDuties, suitless=(TEN_H,), suitless_rank=suitless_rank):
        for hand, plays in CASES:
            check_case(duties, hand, plays, order)


@pytest.mark.parametrize("order", ORDERS, ids=list(ORDERS))
def test_suit_or_trump_duties_options_and_refusals_agree(order):
    for duties in every_duty(SuitOrTrumpDuties):
        for hand, plays in CASES:
            check_case(duties, hand, plays, ORDERS[order])


def test_the_cases_cover_leads_follows_and_every_duty():
    """The pack and hands are big enough for every branch: each duty refuses some card somewhere."""
    seen = set()
    order = ORDERS["trumps ♣, ten above king"]
    for duties in (Duties(barred_lead=Suit.HEARTS), Duties(trump=True, head=True), SuitOrTrumpDuties(head=True)):
        for hand, plays in CASES:
            allowed, before_head, duty = expected(duties, hand, plays, order)
            for card in hand:
                if card not in allowed:
                    seen.add("head" if card in before_head else duty)
    assert seen == set(WORDS)
    assert len(CASES) == 4147 and max(len(h) for h, _ in CASES) == 4 and Rank.TEN in TEN_HIGH_ORDER
