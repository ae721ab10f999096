"""The shared trick-taking rules: rule tables of TrickOrder and Duties (and its subclasses).

Expected results are worked out by hand from the rules each kit piece states
(docs/games/*.rst of the games that use it), in card notation. The exhaustive
proof that Duties' options and refusals agree is tests/test_kit_tricks.py.
"""

import pytest

from spec.cards import Card, Rank, Suit, parse_card, parse_cards
from spec.tricks import (
    NATURAL_ORDER, PLAY, SUPER_STRENGTH, TEN_HIGH_ORDER, Duties, Play, SuitlessDuties, SuitOrTrumpDuties, TrickOrder,
    allowed_plays, hand_zones, hands_text, lay, next_seat, points_in, rank_order, refused_play, seat_trick, take,
    taken_text, trick_zones,
)

C = parse_card
ACE_LOW = rank_order(Rank.ACE, *[r for r in Rank if Rank.TWO <= r <= Rank.KING])
JOKER = Card(Rank.JOKER, None)
#: old Kozel's jacks, lowest first: J♦ < J♥ < J♠ < J♣, above every trump
KOZEL_JACKS = parse_cards("J♦ J♥ J♠ J♣")
#: Kerosinka / old Kozel order: 6 7 8 9 J Q K 10 A
TEN_ABOVE_KING = rank_order(Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING,
                            Rank.TEN, Rank.ACE)


def plays_of(text: str) -> tuple[tuple[int, Card], ...]:
    """Plays by seats 0, 1, 2 ... in order."""
    return tuple(enumerate(parse_cards(text)))


def test_follow_suit():
    hand, order = parse_cards("A♠ 7♥ 2♥ K♣"), TrickOrder(None)
    assert Duties().options(hand, plays_of("9♥"), order) == parse_cards("7♥ 2♥")
    assert Duties().options(hand, plays_of("9♦"), order) == hand
    assert Duties().options(hand, (), order) == hand


def test_follow_or_trump():
    hand = parse_cards("A♠ 7♥ K♣")
    assert Duties(trump=True).options(hand, plays_of("9♦"), TrickOrder(Suit.CLUBS)) == parse_cards("K♣")
    assert Duties(trump=True).options(hand, plays_of("9♠"), TrickOrder(Suit.CLUBS)) == parse_cards("A♠")
    assert Duties(trump=True).options(hand, plays_of("9♦"), TrickOrder(None)) == hand


def test_trick_winner_natural_and_ten_high():
    plays = plays_of("10♠ K♠ 9♥")
    assert TrickOrder(None).winner(plays) == 1                      # natural order: K over 10
    assert TrickOrder(None, TEN_HIGH_ORDER).winner(plays) == 0      # Sixty-Six order: 10 over K
    assert TrickOrder(Suit.HEARTS).winner(plays) == 2               # a trump beats any plain card
    assert not TrickOrder(Suit.HEARTS).beats(C("A♦"), C("2♠"))      # off-suit, no trump


def test_head_the_trick():
    head = Duties(follow=False, head=True)
    plays = plays_of("10♠")
    assert head.options(parse_cards("K♠ A♠"), plays, TrickOrder(None)) == parse_cards("K♠ A♠")
    assert head.options(parse_cards("K♠ A♠"), plays, TrickOrder(None, TEN_HIGH_ORDER)) == parse_cards("A♠")
    assert head.options(parse_cards("9♠"), plays, TrickOrder(None)) == parse_cards("9♠")  # cannot win: anything


def test_rank_orders_low_to_high():
    assert sorted(NATURAL_ORDER, key=NATURAL_ORDER.get)[:13] == list(Rank)[:13]
    assert [str(r.label) for r in sorted(TEN_HIGH_ORDER, key=TEN_HIGH_ORDER.get)] == ["9", "J", "Q", "K", "10", "A"]
    assert [TEN_ABOVE_KING[r] for r in (Rank.SIX, Rank.JACK, Rank.KING, Rank.TEN, Rank.ACE)] == [0, 4, 6, 7, 8]
    assert rank_order(Rank.ACE, Rank.TWO, Rank.THREE) == {Rank.ACE: 0, Rank.TWO: 1, Rank.THREE: 2}


def test_rank_order_refuses_a_rank_twice():
    with pytest.raises(ValueError) as exc:
        rank_order(Rank.NINE, Rank.TEN, Rank.NINE)
    assert str(exc.value) == "rank_order: a rank is listed twice"


def test_the_cards_that_follow_keep_the_hand_order():
    order = TrickOrder(None)
    assert Duties().answers(parse_cards("A♠ 7♥ 2♠ K♣"), C("9♠"), order) == parse_cards("A♠ 2♠")
    assert Duties().answers(parse_cards("A♠ 7♥"), C("9♦"), order) == ()
    assert Duties(follow_rank=True).answers(parse_cards("A♠ 9♥ 2♠ K♣"), C("9♠"), order) == parse_cards("A♠ 9♥ 2♠")


def test_follow_or_trump_nothing_led_and_jokers():
    hand = parse_cards("A♠ 7♥") + (JOKER,)
    assert Duties(trump=True).options(hand, (), TrickOrder(Suit.HEARTS)) == hand     # a lead: any card
    # void with no trump suit: a joker (a card of no suit) is no trump, every card may go
    assert Duties(trump=True).options(hand, plays_of("9♦"), TrickOrder(None)) == hand
    assert SuitOrTrumpDuties().options(hand, plays_of("9♦"), TrickOrder(None)) == hand


@pytest.mark.parametrize("cards, trump, order, winner", [
    ("9♠ K♠ Q♠", None, NATURAL_ORDER, 1),          # the best so far, not the card led, is what to beat
    ("K♠ 10♠ Q♠", None, TEN_HIGH_ORDER, 1),        # ten above king
    ("K♠ 10♠ A♠", None, TEN_HIGH_ORDER, 2),
    ("A♠ 7♥ 9♥", Suit.HEARTS, NATURAL_ORDER, 2),  # overtrumped
    ("A♠ 9♥ 7♥", Suit.HEARTS, NATURAL_ORDER, 1),  # an undertrump does not win
    ("7♠ A♦ K♦", Suit.HEARTS, NATURAL_ORDER, 0),  # off-suit cards never win
    ("K♠ K♠", None, NATURAL_ORDER, 0),              # a doubled pack: of two equal cards the first wins
])
def test_trick_winner_table(cards, trump, order, winner):
    assert TrickOrder(trump, order).winner(plays_of(cards)) == winner
    assert TrickOrder(trump, order).winning_play(plays_of(cards)) == plays_of(cards)[winner]


def test_a_joker_does_not_win_without_trumps():
    assert TrickOrder(None).winner(((0, C("7♠")), (1, JOKER))) == 0


def test_seats():
    assert [next_seat(s, 4) for s in range(4)] == [1, 2, 3, 0]
    assert [next_seat(s, 3, -1) for s in range(3)] == [2, 0, 1]


def test_points_in_counts_missing_ranks_as_zero():
    points = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4}
    assert points_in(parse_cards("A♠ 10♥ 7♣ K♦"), points) == 25
    assert points_in(parse_cards("7♣ 8♣"), points) == 0
    assert points_in((), points) == 0


@pytest.mark.parametrize("options, plays, trump, order, expected", [
    # three players: the third must beat the best card so far (K♠), not only the led 9♠
    ("Q♠ A♠", "9♠ K♠", None, NATURAL_ORDER, "A♠"),
    ("Q♠ J♠", "9♠ K♠", None, NATURAL_ORDER, "Q♠ J♠"),  # cannot head: all stay allowed
    ("A♠ Q♠", "K♠ 10♠", None, TEN_HIGH_ORDER, "A♠"),  # the 10 already beats the K
    ("8♥ 6♥", "A♠ 7♥", Suit.HEARTS, NATURAL_ORDER, "8♥"),  # overtrump the trump so far
    ("K♠ 2♥", "A♠", Suit.HEARTS, NATURAL_ORDER, "2♥"),  # only the trump wins
    ("K♠ 2♥", "", Suit.HEARTS, NATURAL_ORDER, "K♠ 2♥"),  # a lead: no trick to win yet
    # the ace low (A 2 3 ... K): the 5♠ is best so far, so the 3♠ would not win
    ("3♠ 7♠", "A♠ 5♠", None, ACE_LOW, "7♠"),
])
def test_head_table(options, plays, trump, order, expected):
    head = Duties(follow=False, head=True)
    assert head.options(parse_cards(options), plays_of(plays), TrickOrder(trump, order)) == parse_cards(expected)


@pytest.mark.parametrize("hand, order, allowed", [
    ("2♥ 9♣ K♥ 3♦", TrickOrder(None), "9♣ 3♦"),
    ("2♥ K♥", TrickOrder(None), "2♥ K♥"),               # nothing but hearts: a heart is led
    ("", TrickOrder(None), ""),
    # a super-trump counts as a trump: with hearts trumps the J♣ is barred too
    ("J♣ 2♥ 9♦", TrickOrder(Suit.HEARTS, super_trumps=parse_cards("J♣")), "9♦"),
])
def test_barred_lead(hand, order, allowed):
    barred = Duties(barred_lead=Suit.HEARTS)
    assert barred.options(parse_cards(hand), (), order) == parse_cards(allowed)
    # the bar is on the lead only: a follower void in the suit led may play a heart
    assert barred.options(parse_cards("2♥ 9♣"), plays_of("5♠"), order) == parse_cards("2♥ 9♣")


def test_barred_lead_refusals():
    hand, order = parse_cards("2♥ 9♣ K♥"), TrickOrder(None)
    for duties in (Duties(barred_lead=Suit.HEARTS), SuitlessDuties(barred_lead=Suit.HEARTS),
                   SuitOrTrumpDuties(barred_lead=Suit.HEARTS)):
        assert duties.why_not(C("K♥"), hand, (), order) == ("K♥ may not be led: ♥ may not be led while the hand "
                                                            "holds another suit, such as 9♣")
        assert duties.why_not(C("9♣"), hand, (), order) is None
        assert duties.options(hand, (), order) == parse_cards("9♣")


# ---------------------------------------------------------------- TrickOrder

KOZEL = TrickOrder(Suit.DIAMONDS, TEN_ABOVE_KING, super_trumps=KOZEL_JACKS)


@pytest.mark.parametrize("cards, winner", [
    ("A♦ J♦", 1),        # the lowest jack beats the ace of trumps
    ("J♠ J♣", 1),        # J♣ is the highest card
    ("J♣ J♠", 0),
    ("J♥ J♦", 0),
    ("J♦ J♥ J♠", 2),
    ("A♠ J♥", 1),        # a jack is a trump, whatever its printed suit
    ("J♥ A♥", 0),        # J♥ led is a trump lead: the A♥ is a plain heart
    ("K♥ J♥", 1),
    ("K♠ 10♠ A♠", 2),    # 10 above king, ace above 10
    ("K♠ 10♠ Q♠", 1),
    ("9♠ A♣ 7♦", 2),     # the trump wins over a plain ace
])
def test_super_trump_hierarchy(cards, winner):
    assert KOZEL.winner(plays_of(cards)) == winner
    assert KOZEL.winning_play(plays_of(cards)) == plays_of(cards)[winner]


def test_super_trump_suit_and_strength():
    assert KOZEL.suit_of(C("J♥")) is Suit.DIAMONDS and KOZEL.suit_of(C("Q♥")) is Suit.HEARTS
    assert [KOZEL.strength(j) for j in KOZEL_JACKS] == [SUPER_STRENGTH + k for k in range(4)]
    assert KOZEL.strength(C("A♦")) == 8 and KOZEL.strength(C("J♠")) > KOZEL.strength(C("A♦"))
    plain = TrickOrder(Suit.CLUBS)
    assert plain.order is NATURAL_ORDER and plain.suit_of(C("J♣")) is Suit.CLUBS
    assert TrickOrder(None).winner(plays_of("7♠ 7♥ A♦")) == 0
    assert TrickOrder(None).winner(plays_of("K♠ K♠")) == 0        # a doubled pack: the first of equals wins


def test_trick_order_refuses_strengths_reaching_the_super_trumps():
    TrickOrder(None, {Rank.ACE: SUPER_STRENGTH - 1})
    with pytest.raises(ValueError) as exc:
        TrickOrder(None, {Rank.ACE: SUPER_STRENGTH})
    assert str(exc.value) == "TrickOrder: a rank's strength must be below 1000, where the super-trumps begin"


# ---------------------------------------------------------------- Duties

CLUBS = TrickOrder(Suit.CLUBS)
NO_TRUMP = TrickOrder(None)


@pytest.mark.parametrize("duties, hand, plays, order, allowed", [
    (Duties(), "A♠ 7♥", "", CLUBS, "A♠ 7♥"),                          # the leader plays anything
    (Duties(), "A♠ 7♥ 2♠", "K♠", CLUBS, "A♠ 2♠"),                     # follow suit
    (Duties(), "7♥ 2♣", "K♠", CLUBS, "7♥ 2♣"),                       # void, no trump duty: anything
    (Duties(follow=False), "A♠ 7♥", "K♠", CLUBS, "A♠ 7♥"),           # no duty at all
    (Duties(trump=True), "7♥ 2♣ 9♣", "K♠", CLUBS, "2♣ 9♣"),          # void: trump
    (Duties(trump=True), "A♠ 2♣", "K♠", CLUBS, "A♠"),                # following comes first
    (Duties(trump=True), "7♥ 2♦", "K♠", CLUBS, "7♥ 2♦"),             # void, no trump: anything
    (Duties(trump=True), "7♥ 2♦", "K♠", NO_TRUMP, "7♥ 2♦"),          # no trump suit at all
    (Duties(follow_rank=True), "K♥ 7♠ 9♦", "K♠", CLUBS, "K♥ 7♠"),    # suit or rank led
    (Duties(follow_rank=True), "K♥ 9♦", "K♠", CLUBS, "K♥"),
    # three players, must head: beat the K♠ that is best so far
    (Duties(head=True), "Q♠ A♠ 7♥", "9♠ K♠", CLUBS, "A♠"),
    (Duties(head=True), "Q♠ 10♠", "9♠ K♠", CLUBS, "Q♠ 10♠"),        # cannot: any follower
    (Duties(head=True), "A♠ 2♣", "K♠ 3♣", CLUBS, "A♠"),             # must follow though it loses
    (Duties(trump=True, head=True), "7♣ 9♣ 2♦", "A♠ 8♣", CLUBS, "9♣"),   # overtrump
    (Duties(trump=True, head=True), "7♣ 2♦", "A♠ 8♣", CLUBS, "7♣"),      # must trump though it loses
    (Duties(follow=False, head=True), "Q♠ 2♣", "K♠", CLUBS, "2♣"),     # head without following
    (Duties(follow=False, head=True), "Q♠ 2♦", "K♠", CLUBS, "Q♠ 2♦"),
])
def test_duties_options(duties, hand, plays, order, allowed):
    assert duties.options(parse_cards(hand), plays_of(plays), order) == parse_cards(allowed)


def test_duties_with_super_trumps():
    # old Kozel (trumps ♦, jacks above them): a jack answers a trump lead, a jack led asks for trumps
    d = Duties(follow=True)
    assert d.options(parse_cards("J♣ A♥"), plays_of("7♦"), KOZEL) == parse_cards("J♣")
    assert d.options(parse_cards("7♦ A♣ J♥"), plays_of("J♠"), KOZEL) == parse_cards("7♦ J♥")
    assert d.options(parse_cards("J♠ A♣ 7♠"), plays_of("K♠"), KOZEL) == parse_cards("7♠")  # J♠ is no spade
    # follow the rank: a super-trump of the rank led answers as a trump only
    order = TrickOrder(Suit.CLUBS, super_trumps=parse_cards("J♦"))
    assert Duties(follow_rank=True).options(parse_cards("J♦ 7♥"), plays_of("J♠"), order) == parse_cards("J♦ 7♥")
    assert Duties(follow_rank=True).options(parse_cards("J♥ 7♥"), plays_of("J♠"), order) == parse_cards("J♥")
    # no trump suit: a joker is no trump
    hand = parse_cards("7♥ 2♦") + (JOKER,)
    assert Duties(trump=True).options(hand, plays_of("K♠"), NO_TRUMP) == hand


@pytest.mark.parametrize("duties, card, hand, plays, why", [
    (Duties(), "A♠", "7♥", "K♠", "A♠ is not in the hand"),
    (Duties(), "7♥", "A♠ 7♥", "", None),
    (Duties(), "A♠", "A♠ 7♥", "K♠", None),
    (Duties(), "7♥", "7♥ 2♠ A♠", "K♠", "7♥ does not follow suit: K♠ was led and the hand holds 2♠"),
    (Duties(follow_rank=True), "7♥", "7♥ K♦", "K♠", "7♥ does not follow suit: K♠ was led and the hand holds K♦"),
    (Duties(trump=True), "7♥", "7♥ 2♣", "K♠",
     "7♥ is neither of the suit led nor a trump, and the hand holds a trump"),
    (Duties(trump=True, head=True), "Q♠", "Q♠ A♠", "9♠ K♠",
     "Q♠ does not win the trick, and another allowed card would"),
    (Duties(trump=True, head=True), "7♣", "7♣ 9♣", "A♠ 8♣",
     "7♣ does not win the trick, and another allowed card would"),
    (Duties(follow=False, trump=True, head=True), "Q♠", "Q♠ 2♣", "K♠",
     "Q♠ does not win the trick, and another allowed card would"),
])
def test_duties_why_not(duties, card, hand, plays, why):
    assert duties.why_not(C(card), parse_cards(hand), plays_of(plays), CLUBS) == why


# ---------------------------------------------------------------- SuitlessDuties (Kerosinka's 10♥)

TEN_H = C("10♥")
KERO = TrickOrder(Suit.CLUBS, TEN_ABOVE_KING, super_trumps=(TEN_H,))
KERO_DUTIES = SuitlessDuties(follow_rank=True, trump=True, suitless=(TEN_H,))


@pytest.mark.parametrize("duties, hand, led, allowed", [
    (KERO_DUTIES, "10♠ 7♣ 8♥", "10♥", "10♠"),            # the 10♥ led asks for a ten
    (KERO_DUTIES, "7♣ 8♥", "10♥", "7♣"),                  # no ten: a trump
    (KERO_DUTIES, "8♥ 9♦", "10♥", "8♥ 9♦"),               # neither: any card
    (SuitlessDuties(trump=True, suitless=(TEN_H,)), "10♠ 7♣", "10♥", "7♣"),  # no rank duty: trump
    (KERO_DUTIES, "10♥ 9♥", "A♥", "9♥"),                  # the 10♥ is no heart
    (KERO_DUTIES, "10♥ 9♦", "10♠", "10♥"),                # ... but answers a ten
    (SuitlessDuties(follow_rank=True, trump=True, suitless=(TEN_H,), suitless_rank=False),
     "10♥ 9♦", "10♠", "10♥"),                              # only as a trump (void in ♠)
    (SuitlessDuties(follow_rank=True, trump=True, suitless=(TEN_H,), suitless_rank=False),
     "10♥ 9♦ 8♣", "10♠", "10♥ 8♣"),
    (KERO_DUTIES, "10♥ 9♦ 8♣", "10♠", "10♥"),
    (KERO_DUTIES, "10♥ 9♦", "7♣", "10♥"),                 # the 10♥ answers a trump lead
    (KERO_DUTIES, "K♠ 9♦ 8♣", "9♠", "K♠ 9♦"),             # suit or rank
    (SuitlessDuties(trump=True, suitless=(TEN_H,)), "K♠ 9♦", "9♠", "K♠"),
])
def test_suitless_options(duties, hand, led, allowed):
    assert duties.options(parse_cards(hand), plays_of(led), KERO) == parse_cards(allowed)


def test_suitless_rank_answer_is_not_a_super_trump():
    # a super-trump that is not suitless (old Kozel's jack) never answers by rank
    order = TrickOrder(Suit.CLUBS, super_trumps=(TEN_H, C("J♦")))
    d = SuitlessDuties(follow_rank=True, suitless=(TEN_H,))
    assert d.options(parse_cards("J♦ 7♥"), plays_of("J♠"), order) == parse_cards("J♦ 7♥")
    assert d.options(parse_cards("J♥ 7♥"), plays_of("J♠"), order) == parse_cards("J♥")


@pytest.mark.parametrize("duties, card, hand, led, why", [
    (KERO_DUTIES, "A♠", "9♦", "10♥", "A♠ is not in the hand"),
    (KERO_DUTIES, "10♠", "10♠ 7♣", "10♥", None),
    (KERO_DUTIES, "7♣", "10♠ 7♣", "10♥",
     "7♣ does not answer 10♥: 10♥ asks for a card of rank 10, and the hand holds 10♠"),
    (KERO_DUTIES, "7♦", "7♦ K♠", "9♠",
     "7♦ does not answer 9♠: 9♠ asks for a ♠ card or a card of rank 9, and the hand holds K♠"),
    (SuitlessDuties(suitless=(TEN_H,)), "7♦", "7♦ K♠", "9♠",
     "7♦ does not answer 9♠: 9♠ asks for a ♠ card, and the hand holds K♠"),
    (KERO_DUTIES, "8♦", "8♦ 6♣ 10♥", "9♠",
     "8♦ is not a trump: the hand cannot answer 9♠, so it must play a trump, such as 6♣"),
])
def test_suitless_why_not(duties, card, hand, led, why):
    assert duties.why_not(C(card), parse_cards(hand), plays_of(led), KERO) == why


@pytest.mark.parametrize("duties, card, hand, plays, why", [
    # must head: a card that answers but does not win is refused for not winning
    (SuitlessDuties(follow_rank=True, trump=True, head=True, suitless=(TEN_H,)), "K♠", "K♠ A♠", "9♠ 10♠",
     "K♠ does not win the trick, and another allowed card would"),
    (SuitlessDuties(follow_rank=True, trump=True, head=True, suitless=(TEN_H,)), "7♣", "7♣ 10♥", "9♠ 8♣",
     "7♣ does not win the trick, and another allowed card would"),
    (SuitlessDuties(follow=False, head=True, suitless=(TEN_H,)), "7♦", "7♦ 8♣", "9♠",
     "7♦ does not win the trick, and another allowed card would"),
])
def test_suitless_why_not_heading(duties, card, hand, plays, why):
    assert duties.why_not(C(card), parse_cards(hand), plays_of(plays), KERO) == why


# ---------------------------------------------------------------- SuitOrTrumpDuties (California Jack)

@pytest.mark.parametrize("duties, hand, plays, allowed", [
    (SuitOrTrumpDuties(), "9♠ 2♣ 7♥", "", "9♠ 2♣ 7♥"),
    (SuitOrTrumpDuties(), "9♠ 2♣ 7♥", "K♠", "9♠ 2♣"),       # trumping allowed though able to follow
    (SuitOrTrumpDuties(), "2♣ 7♥", "K♠", "2♣"),
    (SuitOrTrumpDuties(), "7♥ 8♦", "K♠", "7♥ 8♦"),          # neither: anything
    (SuitOrTrumpDuties(), "7♥ 8♦ A♣", "K♣", "A♣"),          # a trump lead
    (SuitOrTrumpDuties(head=True), "9♠ A♠ 7♥", "K♠", "A♠"),
    (SuitOrTrumpDuties(head=True), "9♠ 2♣ 7♥", "K♠", "2♣"),
    (SuitOrTrumpDuties(head=True), "9♠ 2♣", "K♠ 3♣", "9♠ 2♣"),   # nothing wins: either
    (SuitOrTrumpDuties(head=True), "9♠ 2♣ 5♣", "K♠ 3♣", "5♣"),
])
def test_suit_or_trump_options(duties, hand, plays, allowed):
    assert duties.options(parse_cards(hand), plays_of(plays), CLUBS) == parse_cards(allowed)


@pytest.mark.parametrize("duties, card, hand, plays, why", [
    (SuitOrTrumpDuties(), "A♥", "9♠ 2♣", "K♠", "A♥ is not in the hand"),
    (SuitOrTrumpDuties(), "2♣", "9♠ 2♣ 7♥", "K♠", None),
    (SuitOrTrumpDuties(), "7♥", "7♥ 2♣", "K♠", "7♥ neither follows K♠ nor is a trump, and the hand holds 2♣"),
    (SuitOrTrumpDuties(head=True), "9♠", "9♠ A♠", "K♠",
     "9♠ does not win the trick, and another allowed card would"),
])
def test_suit_or_trump_why_not(duties, card, hand, plays, why):
    assert duties.why_not(C(card), parse_cards(hand), plays_of(plays), CLUBS) == why


# ---------------------------------------------------------------- one card into the trick (the table around Play)

def test_one_play_per_card_of_any_pack():
    assert len(PLAY) == 53 and PLAY[C("10♥")] == Play(C("10♥")) and str(PLAY[JOKER]) == str(JOKER)
    assert all(PLAY[c] is PLAY[c] and PLAY[c].card == c for c in parse_cards("2♠ A♣ 10♦ Q♥"))


@pytest.mark.parametrize("hand, plays, allowed", [
    ("A♠ 7♥ 2♥ K♣", "", "A♠ 7♥ 2♥ K♣"),      # a leader: any card, in the hand's order
    ("A♠ 7♥ 2♥ K♣", "9♥", "7♥ 2♥"),
    ("A♠ 7♥ K♣", "9♦", "A♠ 7♥ K♣"),
])
def test_allowed_plays_are_the_duty_options_as_moves(hand, plays, allowed):
    got = allowed_plays(Duties(), parse_cards(hand), plays_of(plays), TrickOrder(None))
    assert got == tuple(Play(c) for c in parse_cards(allowed))


def test_allowed_plays_keep_a_barred_lead_out_of_a_lead():
    hearts_barred = Duties(barred_lead=Suit.HEARTS)
    assert allowed_plays(hearts_barred, parse_cards("A♠ 7♥ K♣"), (), TrickOrder(None)) == (PLAY[C("A♠")], PLAY[C("K♣")])
    assert allowed_plays(hearts_barred, parse_cards("7♥ 2♥"), (), TrickOrder(None)) == (PLAY[C("7♥")], PLAY[C("2♥")])


def test_refused_play_names_the_hold_clause_or_the_duty_clause():
    hand, order = parse_cards("A♠ 7♥"), TrickOrder(None)
    assert refused_play("g-hold", "g-follow", Duties(), 2, hand, plays_of("9♥"), order, C("K♣")) == (
        "g-hold", "P2 does not hold K♣")
    assert refused_play("g-hold", "g-follow", Duties(), 2, hand, plays_of("9♥"), order, C("A♠")) == (
        "g-follow", "A♠ does not follow suit: 9♥ was led and the hand holds 7♥")


@pytest.mark.parametrize("trick, leader, to_move, expected", [
    ("", 1, None, (1, "")),
    ("7♠ 9♠", 3, None, (1, "3:7♠ 0:9♠")),          # round the table past the last seat
    ("7♠", 0, 2, (2, "1:7♠")),                     # the seat to move named: the card before is its right's
    ("7♠", 0, None, (1, "0:7♠")),                  # the leader's left follows
])
def test_seat_trick(trick, leader, to_move, expected):
    plays = tuple((int(x.split(":")[0]), C(x.split(":")[1])) for x in expected[1].split())
    assert seat_trick(parse_cards(trick), leader, 4, to_move) == (expected[0], plays)


def test_lay_and_take_move_only_the_cards_played():
    hands = (parse_cards("A♠ 7♥ 2♥"), parse_cards("K♣"), parse_cards("9♦ 8♦"))
    assert lay(hands, 0, C("7♥")) == (parse_cards("A♠ 2♥"), hands[1], hands[2])
    assert lay(hands, 2, C("8♦")) == (hands[0], hands[1], parse_cards("9♦"))
    won = ((), parse_cards("Q♠"), ())
    assert take(won, 1, plays_of("7♠ A♠ 2♥")) == ((), parse_cards("Q♠ 7♠ A♠ 2♥"), ())
    assert take(won, 0, plays_of("9♣")) == (parse_cards("9♣"), won[1], ())


def test_zones_of_hands_trick_and_taken_cards():
    hands = (parse_cards("A♠ 7♥"), parse_cards("K♣ 10♥"))
    assert hand_zones(hands) == {"hand 0": hands[0], "hand 1": hands[1]}
    assert hand_zones(hands, C("10♥"), 1) == {"hand 0": hands[0], "hand 1": parse_cards("K♣"), "shown": (C("10♥"),)}
    assert hand_zones(hands, C("10♥"), -1) == {"hand 0": hands[0], "hand 1": hands[1], "shown": ()}  # not face up
    assert hand_zones(hands, C("9♣"), 1) == {"hand 0": hands[0], "hand 1": hands[1], "shown": ()}    # played
    assert hand_zones(hands, C("7♥"), 0) == {"hand 0": (C("A♠"),), "hand 1": hands[1], "shown": (C("7♥"),)}
    zones = trick_zones(plays_of("7♠ 9♠"), ((), parse_cards("Q♠")))
    assert zones == {"trick": parse_cards("7♠ 9♠"), "won 0": (), "won 1": parse_cards("Q♠")}
    assert list(zones) == ["trick", "won 0", "won 1"]


def test_words_for_the_hands_and_a_trick_taken():
    assert hands_text((parse_cards("A♠ 7♥"), ())) == "P0: A♠ 7♥ | P1: "
    assert taken_text(2, plays_of("7♠ A♠")) == "P2 takes 7♠ A♠"
    assert taken_text(0, plays_of("10♠"), 10) == "P0 takes 10♠ (10 points)"
    assert "takes" not in taken_text(0, plays_of("10♠"), 10).text("ru")   # said in the reader's language
