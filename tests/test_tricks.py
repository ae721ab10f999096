"""The shared trick-taking rules."""

from spec.cards import Suit, parse_cards
from spec.tricks import (
    TEN_HIGH_ORDER, Trick, beats, follow_or_trump_options, follow_suit_options, head_if_able, trick_winner,
)


def test_follow_suit():
    hand = parse_cards("A♠ 7♥ 2♥ K♣")
    assert follow_suit_options(hand, Suit.HEARTS) == parse_cards("7♥ 2♥")
    assert follow_suit_options(hand, Suit.DIAMONDS) == hand
    assert follow_suit_options(hand, None) == hand


def test_follow_or_trump():
    hand = parse_cards("A♠ 7♥ K♣")
    assert follow_or_trump_options(hand, Suit.DIAMONDS, Suit.CLUBS) == parse_cards("K♣")
    assert follow_or_trump_options(hand, Suit.SPADES, Suit.CLUBS) == parse_cards("A♠")
    assert follow_or_trump_options(hand, Suit.DIAMONDS, None) == hand


def test_trick_winner_natural_and_ten_high():
    t = Trick(0, tuple(zip((0, 1, 2), parse_cards("10♠ K♠ 9♥"))))
    assert trick_winner(t, None) == 1                       # natural order: K over 10
    assert trick_winner(t, None, TEN_HIGH_ORDER) == 0       # Sixty-Six order: 10 over K
    assert trick_winner(t, Suit.HEARTS) == 2                # a trump beats any plain card
    assert not beats(parse_cards("A♦")[0], parse_cards("2♠")[0], Suit.HEARTS)  # off-suit, no trump


def test_head_if_able():
    plays = ((0, parse_cards("10♠")[0]),)
    assert head_if_able(parse_cards("K♠ A♠"), plays, None) == parse_cards("K♠ A♠")
    assert head_if_able(parse_cards("K♠ A♠"), plays, None, TEN_HIGH_ORDER) == parse_cards("A♠")
    assert head_if_able(parse_cards("9♠"), plays, None) == parse_cards("9♠")  # cannot win: anything allowed
