import pytest

from spec.cards import Card, Rank, Suit, format_card, format_cards, make_deck, parse_card, parse_cards, parse_rank
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


@pytest.mark.parametrize("text,rank", [("10", Rank.TEN), ("t", Rank.TEN), ("Д", Rank.QUEEN), ("Т", Rank.ACE),
                                       ("a", Rank.ACE), (" 7 ", Rank.SEVEN), ("Jk", Rank.JOKER),
                                       ("joker", Rank.JOKER), ("🃏", Rank.JOKER), ("дж", Rank.JOKER)])
def test_parse_rank_reads_every_spelling_of_a_rank(text, rank):
    assert parse_rank(text) is rank


def test_parse_rank_names_what_is_allowed():
    with pytest.raises(NotationError) as err:
        parse_rank("Z")
    assert str(err.value) == "cannot read rank 'Z': ranks are 2-10 T J Q K A (or В Д К Т), Jk for a joker"


def test_a_positions_cards_are_read_from_notation_or_values_and_checked_against_the_deck():
    from spec.cards import as_card, as_cards, check_named_once
    deck = make_deck("32")
    assert as_card("Д♠") == as_card(parse_card("Q♠")) == parse_card("Q♠")
    assert as_cards("10♥ Q♠") == as_cards(list(parse_cards("Th Qs"))) == parse_cards("10♥ Q♠")
    check_named_once(deck, as_cards("10♥ Q♠"), as_cards("A♦"))
    with pytest.raises(ValueError, match="Q♠ is named more often"):
        check_named_once(deck, as_cards("10♥ Q♠"), as_cards("Q♠"))
    with pytest.raises(ValueError, match="2♣ is not a card of this deck"):
        check_named_once(deck, as_cards("2♣"))
    check_named_once(deck + deck, as_cards("Q♠"), as_cards("Q♠"))   # two packs: twice is allowed
    with pytest.raises(ValueError, match="named more often"):
        check_named_once(deck + deck, as_cards("Q♠ Q♠ Q♠"))
