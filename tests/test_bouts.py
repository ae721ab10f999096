"""The shared bout kit (spec/bouts.py): card ids and masks, beating with rank orders, leads, covers, drawing up."""

from itertools import combinations

import pytest

from spec import bouts
from spec.bouts import (
    CARDS, OPEN, RANK_MASK, RANK_SUBSETS, SAME_RANK, SUIT_MASK, BeatRule, all_covered, bit, card_id, card_of,
    cards_of, count, cover_assignment, deck_mask, draw_order, draw_up, format_mask, ids_of, lead_options,
    lowest_trump_holder, mask_of, next_seat_with_cards, parse_card_id, rank_of, ranks_by_strength, suit_leads,
    suit_of, table_mask, table_rank_mask, undefended,
)
from spec.cards import Rank, Suit, parse_card, parse_cards
from spec.errors import NotationError
from spec.tricks import TEN_HIGH_ORDER

C = parse_card


def cid(text: str) -> int:
    return card_id(C(text))


def m(text: str) -> int:
    """The mask of the cards written."""
    return mask_of(parse_cards(text)) if text else 0


# ------------------------------------------------------------------ encoding

@pytest.mark.parametrize("card, expected", [
    ("2♠", 0), ("2♥", 1), ("2♦", 2), ("2♣", 3), ("3♠", 4), ("6♥", 17), ("10♦", 34), ("A♣", 51),
])
def test_card_ids_are_rank_major(card, expected):
    assert cid(card) == expected
    assert card_of(expected) == C(card) and CARDS[expected] == C(card)
    assert bit(expected) == 1 << expected
    assert rank_of(expected) == int(C(card).rank) and suit_of(expected) is C(card).suit


def test_every_card_round_trips():
    assert len(CARDS) == 52 and len(set(CARDS)) == 52
    assert all(card_id(c) == i for i, c in enumerate(CARDS))


def test_rank_and_suit_masks():
    assert RANK_MASK[7] == m("7♠ 7♥ 7♦ 7♣") and RANK_MASK[14] == m("A♠ A♥ A♦ A♣")
    assert sorted(RANK_MASK) == list(range(2, 15))
    assert all(SAME_RANK[i] == RANK_MASK[rank_of(i)] for i in range(52))
    assert cards_of(SUIT_MASK[Suit.DIAMONDS]) == tuple(c for c in CARDS if c.suit is Suit.DIAMONDS)
    assert count(SUIT_MASK[Suit.CLUBS]) == 13


def test_masks_list_lowest_first():
    hand = m("A♣ 6♠ 6♥ 10♦")
    assert ids_of(hand) == [16, 17, 34, 51]
    assert cards_of(hand) == parse_cards("6♠ 6♥ 10♦ A♣")
    assert format_mask(hand) == "6♠ 6♥ 10♦ A♣" and count(hand) == 4
    assert ids_of(0) == [] and cards_of(0) == () and format_mask(0) == "" and count(0) == 0


@pytest.mark.parametrize("size, lowest", [(52, "2"), (36, "6"), (32, "7"), (24, "9"), (20, "10")])
def test_deck_mask_keeps_the_top_ranks(size, lowest):
    deck = deck_mask(size)
    assert count(deck) == size and cards_of(deck)[0] == C(lowest + "♠") and cards_of(deck)[-1] == C("A♣")


def test_parse_card_id_checks_the_deck():
    assert parse_card_id("6♠", deck_mask(36)) == cid("6♠")
    assert parse_card_id("a♣", deck_mask(36)) == cid("A♣")
    with pytest.raises(NotationError) as exc:
        parse_card_id("5♠", deck_mask(36))
    assert str(exc.value) == "card '5♠' is not in this game's deck"


# ------------------------------------------------------------------ beating

HEARTS = BeatRule(trump=Suit.HEARTS)
#: Japanese Durak's own-suit rule: spades are beaten only by spades
SPADES_OWN = BeatRule(trump=Suit.HEARTS, own_suit_only=frozenset({Suit.SPADES}))
#: Bura's 6 7 8 9 J Q K 10 A, as the rule's rank order
TEN_HIGH = BeatRule(trump=Suit.HEARTS, order=ranks_by_strength({r: i for i, r in enumerate(
    (Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE))}))


@pytest.mark.parametrize("rule, attack, cover, beats", [
    (HEARTS, "7♠", "9♠", True),      # higher of the suit
    (HEARTS, "9♠", "7♠", False),
    (HEARTS, "9♠", "6♥", True),      # any trump on a plain card
    (HEARTS, "6♥", "9♠", False),     # a plain card never beats a trump
    (HEARTS, "6♥", "7♥", True),      # a higher trump beats a trump
    (HEARTS, "7♥", "6♥", False),
    (HEARTS, "7♠", "9♦", False),     # another plain suit never beats
    (BeatRule(trump=None), "7♠", "6♥", False),  # no trumps: only the suit
    (BeatRule(trump=None), "7♠", "8♠", True),
    (SPADES_OWN, "7♠", "6♥", False),  # a spade only by a higher spade
    (SPADES_OWN, "7♠", "8♠", True),
    (SPADES_OWN, "7♦", "6♥", True),   # other suits as usual
    (SPADES_OWN, "7♦", "6♠", False),
    (TEN_HIGH, "K♠", "10♠", True),    # the ten above the king
    (TEN_HIGH, "10♠", "K♠", False),
    (TEN_HIGH, "10♠", "A♠", True),
    (TEN_HIGH, "9♠", "J♠", True),
    (TEN_HIGH, "10♠", "6♥", True),
])
def test_beat_rule(rule, attack, cover, beats):
    assert rule.beats(C(attack), C(cover)) is beats
    assert bool(rule.beater_masks()[cid(attack)] & bit(cid(cover))) is beats


def test_ranks_by_strength():
    assert ranks_by_strength(TEN_HIGH_ORDER) == (Rank.NINE, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)
    assert ranks_by_strength({Rank.ACE: 0, Rank.TWO: 5}) == (Rank.ACE, Rank.TWO)


@pytest.fixture
def fresh_cache(monkeypatch):
    """Beater masks computed anew in this test, not taken from another test's cache."""
    monkeypatch.setattr(bouts, "_BEATER_CACHE", {})


def test_a_card_never_beats_itself():
    for rule in (HEARTS, TEN_HIGH, SPADES_OWN):
        assert not any(rule.beats(c, c) for c in CARDS if c.rank >= Rank.SIX)


def test_beater_masks(fresh_cache):
    beaters = HEARTS.beater_masks()
    assert len(beaters) == 52
    assert beaters[cid("Q♠")] == m("K♠ A♠") | SUIT_MASK[Suit.HEARTS]
    assert beaters[cid("K♥")] == m("A♥") and beaters[cid("A♥")] == 0
    assert beaters[cid("Q♦")] == m("K♦ A♦") | SUIT_MASK[Suit.HEARTS]
    assert HEARTS.beater_masks() is beaters                     # computed once per rule
    assert BeatRule(trump=Suit.HEARTS).beater_masks() is beaters


def test_beater_masks_match_the_rule(fresh_cache):
    for rule in (HEARTS, SPADES_OWN, BeatRule(trump=None)):
        beaters = rule.beater_masks()
        assert all(beaters[card_id(a)] == mask_of(c for c in CARDS if rule.beats(a, c)) for a in CARDS)
    assert SPADES_OWN.beater_masks()[cid("J♠")] == m("Q♠ K♠ A♠")


def test_beater_masks_know_only_the_ranks_of_the_order(fresh_cache):
    beaters = TEN_HIGH.beater_masks()
    assert beaters[cid("10♠")] == m("A♠") | m("6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥")
    assert beaters[cid("A♥")] == 0 and beaters[cid("9♥")] == m("J♥ Q♥ K♥ 10♥ A♥")
    assert beaters[cid("5♠")] == 0                               # not a card of this game
    assert beaters[cid("K♠")] == m("10♠ A♠") | m("6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥")
    assert beaters[cid("A♦")] == m("6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥")  # no 2♥ ... 5♥


# ------------------------------------------------------------------ the table

def test_table_of_a_bout():
    a1, a2, c2 = cid("7♠"), cid("9♦"), cid("K♦")
    table = [(a1, OPEN), (a2, c2)]
    assert undefended(table) == [a1] and not all_covered(table)
    assert table_mask(table) == m("7♠ 9♦ K♦")
    assert table_rank_mask(table) == RANK_MASK[7] | RANK_MASK[9] | RANK_MASK[13]
    covered = [(a1, cid("8♠")), (a2, c2)]
    assert undefended(covered) == [] and all_covered(covered)
    assert table_mask(covered) == m("7♠ 8♠ 9♦ K♦")
    assert table_rank_mask(covered) == RANK_MASK[7] | RANK_MASK[8] | RANK_MASK[9] | RANK_MASK[13]
    assert undefended([]) == [] and all_covered([]) and table_mask([]) == 0 and table_rank_mask([]) == 0
    assert undefended([(a2, OPEN), (a1, OPEN)]) == [a2, a1]     # in the order laid


# ------------------------------------------------------------------ leads

def same_rank_leads(hand: int, limit: int, sizes=None) -> set[int]:
    """Every lead of 1..limit cards of one rank, worked out from the cards."""
    cards = cards_of(hand)
    out = set()
    for n in range(1, limit + 1):
        if sizes is None or n in sizes:
            out |= {mask_of(group) for group in combinations(cards, n) if len({c.rank for c in group}) == 1}
    return out


@pytest.mark.parametrize("hand, limit, sizes", [
    ("7♠ 7♥ 7♦ 7♣ 9♦", 4, None), ("7♠ 7♥ 7♦ 7♣ 9♦", 3, None), ("7♠ 7♥ 7♦ 7♣ 9♦", 1, None),
    ("7♠ 7♥ 9♦ 9♣ A♣", 6, None), ("7♠ 7♥ 7♦ 9♦ 9♣", 4, (2,)), ("7♠ 7♥ 7♦ 7♣ 9♦", 4, (1, 3)),
    ("", 4, None),
])
def test_lead_options_one_rank(hand, limit, sizes):
    leads = lead_options(m(hand), limit, sizes)
    assert len(leads) == len(set(leads)) and set(leads) == same_rank_leads(m(hand), limit, sizes)
    ranks = [rank_of(ids_of(x)[0]) for x in leads]
    assert ranks == sorted(ranks)                                 # by rank


def test_lead_options_order():
    assert [format_mask(x) for x in lead_options(m("7♠ 7♥ 9♦"), 2)] == ["7♠", "7♥", "7♠ 7♥", "9♦"]
    assert [format_mask(x) for x in lead_options(m("7♠ 7♥ 9♦"), 4)] == ["7♠", "7♥", "7♠ 7♥", "9♦"]
    assert [format_mask(x) for x in lead_options(m("7♠ 7♥ 9♦ 9♣"), 4, (2,))] == ["7♠ 7♥", "9♦ 9♣"]


def test_subsets_of_a_rank():
    # every non-empty subset of the nibble, as (mask, size), lowest mask first
    assert bouts._subsets(0b0001) == ((0b0001, 1),)
    assert bouts._subsets(0b0011) == ((0b0001, 1), (0b0010, 1), (0b0011, 2))
    assert bouts._subsets(0b1010) == ((0b0010, 1), (0b1000, 1), (0b1010, 2))
    assert bouts._subsets(0) == ()
    for nibble in range(16):
        expected = tuple((s, s.bit_count()) for s in range(1, 16) if s & nibble == s)
        assert bouts._subsets(nibble) == expected


def test_rank_subsets_table():
    # rank slot 1 is the threes: the nibble 0b0011 holds 3♠ 3♥
    assert RANK_SUBSETS[1][0b0011] == ((m("3♠"), 1), (m("3♥"), 1), (m("3♠ 3♥"), 2))
    assert RANK_SUBSETS[5][0] == ()
    assert len(RANK_SUBSETS) == 13 and len(RANK_SUBSETS[12][0xF]) == 15


@pytest.mark.parametrize("hand, most, leads", [
    ("7♠ K♠ 9♦", 3, ["7♠", "K♠", "9♦", "7♠ K♠"]),
    ("7♠ K♠ 9♦", 1, ["7♠", "K♠", "9♦"]),
    ("9♦ 7♠ 8♥ 6♣", 3, ["9♦", "7♠", "8♥", "6♣"]),             # in the hand's order
    ("6♠ 7♠ 8♠", 2, ["6♠", "7♠", "8♠", "6♠ 7♠", "6♠ 8♠", "7♠ 8♠"]),   # by size, then cards
    ("6♠ 7♠ 8♠", 3, ["6♠", "7♠", "8♠", "6♠ 7♠", "6♠ 8♠", "7♠ 8♠", "6♠ 7♠ 8♠"]),
    ("2♠ 9♦ 3♠", 2, ["2♠", "9♦", "3♠", "2♠ 3♠"]),            # the pack's lowest card
    ("", 3, []),
])
def test_suit_leads(hand, most, leads):
    assert [" ".join(map(str, x)) for x in suit_leads(parse_cards(hand), most)] == leads


# ------------------------------------------------------------------ covering a whole attack

@pytest.mark.parametrize("attacks, hand, covers", [
    ("7♠ 8♠", "9♠ 6♦", None),                          # the 6♦ beats neither
    ("7♠ 8♠", "9♠", None),                              # one card cannot cover two
    ("7♠", "6♠ 5♦", None),
    ("7♠ 8♦ 9♣", "A♣ 10♠ 6♥", {"7♠": "10♠", "8♦": "6♥", "9♣": "A♣"}),   # the only way: 8♦ needs the trump
    ("", "9♠", {}),
])
def test_cover_assignment(attacks, hand, covers):
    beaters = HEARTS.beater_masks()
    got = cover_assignment([cid(a) for a in attacks.split()], m(hand), beaters)
    if covers is None:
        assert got is None
    else:
        assert got == {cid(a): cid(c) for a, c in covers.items()}


@pytest.mark.parametrize("attacks, hand", [
    ("7♠ 8♠", "9♠ 6♥"), ("7♠ 8♠", "6♥ 7♥ A♦"), ("6♠ 6♦ 6♣", "7♠ 7♦ 7♣ 8♥"), ("9♥ 7♥", "10♥ 8♥"),
])
def test_cover_assignment_covers_each_attack_with_its_own_card(attacks, hand):
    got = cover_assignment([cid(a) for a in attacks.split()], m(hand), HEARTS.beater_masks())
    assert got is not None and sorted(got) == sorted(cid(a) for a in attacks.split())
    assert len(set(got.values())) == len(got) and all(m(hand) >> c & 1 for c in got.values())
    assert all(HEARTS.beats(card_of(a), card_of(c)) for a, c in got.items())


def test_cover_assignment_reassigns_along_a_chain():
    # three attacks whose first-choice covers clash in a chain: 6♥ is wanted by all,
    # the 7♠ can also take 8♠, the 8♦ also 9♦, the Q♣ only a trump
    beaters = HEARTS.beater_masks()
    got = cover_assignment([cid("7♠"), cid("8♦"), cid("Q♣")], m("6♥ 8♠ 9♦"), beaters)
    assert got == {cid("7♠"): cid("8♠"), cid("8♦"): cid("9♦"), cid("Q♣"): cid("6♥")}


# ------------------------------------------------------------------ seats and drawing

@pytest.mark.parametrize("seat, hands, skip, expected", [
    (0, ["7♠", "", "8♠", "9♠"], -1, 2),
    (0, ["7♠", "", "8♠", "9♠"], 2, 3),
    (3, ["7♠", "", "8♠", "9♠"], -1, 0),
    (1, ["7♠", "", "8♠", "9♠"], 2, 3),
    (0, ["7♠", "", "", ""], -1, -1),          # only the seat itself has cards
    (0, ["", "", "8♠"], 2, -1),
    (2, ["7♠", "8♠", "9♠"], -1, 0),
])
def test_next_seat_with_cards(seat, hands, skip, expected):
    assert next_seat_with_cards(seat, [m(h) for h in hands], skip) == expected


@pytest.mark.parametrize("first, last, players, order", [
    (1, 2, 4, (1, 3, 0, 2)),   # the attacker first, round the table, the defender last
    (0, 1, 2, (0, 1)),
    (3, 0, 4, (3, 1, 2, 0)),
    (2, 2, 3, (0, 1, 2)),
])
def test_draw_order(first, last, players, order):
    assert draw_order(first, last, players) == order


def test_draw_up_to_a_full_hand_from_the_top():
    stock = tuple(cid(c) for c in "6♠ 7♠ 8♠ 9♠ 10♠".split())
    hands = [m("A♥ K♥"), m("A♦ K♦ Q♦"), m("A♣ K♣ Q♣ J♣")]
    rest = draw_up(hands, stock, (1, 0, 2), 4)
    assert hands == [m("A♥ K♥ 7♠ 8♠"), m("A♦ K♦ Q♦ 6♠"), m("A♣ K♣ Q♣ J♣")] and rest == (cid("9♠"), cid("10♠"))


def test_draw_up_stock_runs_out():
    stock = tuple(cid(c) for c in "6♠ 7♠ 8♠".split())
    hands = [m("A♥"), m("A♦"), m("A♣")]
    assert draw_up(hands, stock, (2, 0, 1), 3) == ()
    assert hands == [m("A♥ 8♠"), m("A♦"), m("A♣ 6♠ 7♠")]
    full = [m("A♥ K♥"), m("A♦")]
    assert draw_up(full, (cid("6♠"),), (0, 1), 2) == () and full == [m("A♥ K♥"), m("A♦ 6♠")]
    assert draw_up([0], (), (0,), 6) == ()


@pytest.mark.parametrize("hands, trump, seat", [
    (["8♥ A♠", "K♠", "6♥ A♥"], Suit.HEARTS, 2),
    (["8♥ A♠", "9♥", "10♥ 7♠"], Suit.HEARTS, 0),
    (["A♠ 7♦", "K♣"], Suit.HEARTS, -1),
    (["7♣", "6♣"], Suit.CLUBS, 1),
])
def test_lowest_trump_holder(hands, trump, seat):
    assert lowest_trump_holder([m(h) for h in hands], trump) == seat
