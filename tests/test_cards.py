import pytest

from spec.cards import Card, Rank, Suit, format_card, format_cards, make_deck, parse_card, parse_cards
from spec.errors import NotationError


@pytest.mark.parametrize("size", ["24", "32", "36", "52", "2x52", "6x24", "4x36", "52+2j"])
@pytest.mark.parametrize("style", ["unicode", "ascii", "ru"])
def test_every_card_round_trips(size, style):
    deck = make_deck(size)
    assert parse_cards(format_cards(deck, style)) == deck


def test_deck_sizes():
    assert [len(make_deck(s)) for s in ("24", "32", "36", "52", "2x52", "6x24")] == [24, 32, 36, 52, 104, 144]
    assert sum(c.rank is Rank.JOKER for c in make_deck("52+2j")) == 2


def test_russian_letters_and_ascii_ten():
    assert parse_card("Т♠") == Card(Rank.ACE, Suit.SPADES)  # Cyrillic Т is the ace
    assert parse_card("Ts") == Card(Rank.TEN, Suit.SPADES)  # Latin T is the ten
    assert parse_card("Д♥") == parse_card("Qh") == parse_card("Q♡")
    assert format_card(parse_card("Kd"), "ru") == "К♦"


@pytest.mark.parametrize("bad", ["", "Z♥", "10x", "11♥", "♥"])
def test_bad_card_is_a_one_line_error(bad):
    with pytest.raises(NotationError) as exc:
        parse_card(bad)
    message = str(exc.value)
    assert "\n" not in message and message.startswith("cannot read card") and ("suits" in message or "like 10♥" in message)


@pytest.mark.parametrize("bad", ["35", "x52", "52+j", "0x36"])
def test_bad_deck(bad):
    with pytest.raises(NotationError):
        make_deck(bad)
