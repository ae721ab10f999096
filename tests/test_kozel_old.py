"""Old Kozel: rules, edge cases, records, and a mutation test per property."""

from __future__ import annotations

import dataclasses

import pytest

import verifier.games.kozel_old as props
from spec.cards import Rank, Suit, parse_card, parse_cards
from spec.errors import IllegalMove, VariantError
from spec.games.kozel_old import (
    CLAUSES, DECK, JACKS, POINTS, PRESETS, TALLY, KozelOld, Rules, card_points, game_winner,
    goat_winner, payments, trick_order, trick_taker,
)
from spec.rules import make_rules
from spec.stakes import Ledger
from spec.tricks import PLAY, Duties, TrickOrder
from tests.helpers import SMALL, assert_refuted, check, play_moves
from verifier.core import REFUTED, UNKNOWN

C = parse_card
TINY = dataclasses.replace(SMALL, examples=6)


def position(hands: str, trick: str = "", trump: Suit = Suit.SPADES, rules: Rules | None = None, **rest):
    """A hand-made position of the second half: hands before the trick separated by '|', P3 dealing, so
    that the trick's cards are played from seat 0 on (and leave those hands); the trump card was the 7."""
    game = KozelOld(rules)
    played = parse_cards(trick)
    hs = [[c for c in parse_cards(h) if c not in played] for h in hands.split("|")]
    return game, game.position(hs, played, turned=parse_card("7" + trump.value), **rest)


def set_aside(hands: str) -> tuple:
    """Sixteen cards of the pack, in its order, that none of ``hands`` (separated by '|') holds."""
    held = set(parse_cards(hands.replace("|", " ")))
    return tuple(c for c in DECK if c not in held)[:16]


def allowed(game, state) -> str:
    return " ".join(str(m) for m in game.legal_moves(state))


def test_points_tally_and_payments():
    assert sum(card_points([DECK])) == 120 and JACKS == parse_cards("J♦ J♥ J♠ J♣")
    assert POINTS[Rank.ACE] == 11 and POINTS.get(Rank.NINE, 0) == 0
    assert payments(0, 3) == ((1, 2), (2, 2), (3, 1))
    assert payments(3, 3) == ((0, 2), (1, 2), (2, 2))


@pytest.mark.parametrize("hands, trick, rules, legal", [
    ("K♠|J♥ 7♥ A♦|8♦|7♣", "K♠", None, "J♥"),                  # the jack is a trump: it must follow a trump lead
    ("J♣|7♥ A♦|8♦|7♣", "J♣", None, "7♥ A♦"),                  # no trump: any card
    ("A♥|J♥ 7♥ A♦|8♦|7♣", "A♥", None, "7♥"),                  # the jack of hearts is no heart
    ("K♠|J♥ 7♥ A♦|8♦|7♣", "K♠", Rules(follow="free"), "J♥ 7♥ A♦"),
])
def test_follow_suit_with_jacks_as_trumps(hands, trick, rules, legal):
    game, s = position(hands, trick, rules=rules)
    assert allowed(game, s) == legal


@pytest.mark.parametrize("hands, trick, card, clause, reason", [
    ("K♠|J♥|8♦|7♣", "", "A♦", "kozel-old-hold", "P0 does not hold A♦"),
    ("K♠|J♥ 7♥ A♦|8♦|7♣", "K♠", "7♥", "kozel-old-follow", "7♥ does not follow suit: K♠ was led and the hand holds J♥"),
    ("A♥|J♥ 7♥ A♦|8♦|7♣", "A♥", "J♥", "kozel-old-follow", "J♥ does not follow suit: A♥ was led and the hand holds 7♥"),
])
def test_refusals_say_which_card_and_why(hands, trick, card, clause, reason):
    game, s = position(hands, trick)
    with pytest.raises(IllegalMove) as exc:
        game.check_move(s, PLAY[C(card)])
    assert (exc.value.clause, exc.value.reason) == (clause, reason)


def test_the_deal_in_halves():
    game = KozelOld()
    for seed in range(10):
        s = game.deal(seed)
        assert [len(h) for h in s.hands] == [4] * 4 and len(s.stock) == 16
        assert s.turned in s.hands[s.dealer] and s.trump == s.turned.suit
        assert game.zones(s)["shown"] == (s.turned,)
        while s.half == 0:
            s = game.apply(s, game.legal_moves(s)[0])
        assert [len(h) for h in s.hands] == [4] * 4 and s.stock == () and len(s.out) == 16 and s.half == 1
        assert s.trump == s.turned.suit and game.zones(s)["shown"] == ()


@pytest.mark.parametrize("taken, paid, goat, winners", [
    ({(1, 2): 12}, (), "from_one", (1,)),                   # twelve taken from one player wins the goat
    ({(1, 2): 11, (1, 3): 11}, (), "from_one", None),
    ({}, (), "from_one", None),
    ({}, (("P0", "P1", 6), ("P0", "P2", 6)), "tally_out", (1, 2)),   # a tally used up: the highest tallies win
    ({}, (("P1", "P0", 11),), "tally_out", None),
    ({}, (("P1", "P0", 12),), "tally_out", (0,)),
    ({(2, 1): 12}, (), "tally_out", None),                  # twelve from one player is not enough
])
def test_the_goat_and_the_other_reading(taken, paid, goat, winners):
    tally = Ledger.open(players=4, stake=TALLY)
    for payer, payee, amount in paid:
        tally = tally.pay(payer, payee, amount)
    assert goat_winner(tuple(taken.get((w, p), 0) for w in range(4) for p in range(4)), tally, goat) == winners


def test_rules_fields_are_checked():
    with pytest.raises(VariantError):
        make_rules(Rules, {"winning_points": 0})
    with pytest.raises(VariantError):
        make_rules(Rules, {"count": "all"})
    assert all(make_rules(Rules, p) != Rules() for p in PRESETS.values())


OWN = ["follows_as_source", "trick_taker", "deal_start", "tally_as_source", "payments_table", "deck_points",
       "every_half_can_be_won", "one_game_winner", "scoreless_deal", "tally_lasts"]


def test_every_own_property_has_its_expected_verdict():
    for name in OWN:
        r = check([KozelOld()], name, TINY)
        assert r.verdict == r.property.expected, (name, r.verdict, r.detail)


def test_matches_end_in_random_play():
    r = check([KozelOld()], "matches_end", dataclasses.replace(SMALL, examples=3))
    assert r.verdict == "holds" and "median" in r.detail


class FollowsNothing(KozelOld):
    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.duties = Duties(follow=False)


class JacksBelowTrumps(KozelOld):
    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.orders = {s: TrickOrder(s, self.orders[s].order, super_trumps=()) for s in Suit}


class DealerLeads(KozelOld):
    def start_deal(self, seed, dealer, tally, taken, deals):
        return dataclasses.replace(super().start_deal(seed, dealer, tally, taken, deals), to_move=dealer)


class LeakyTally(KozelOld):
    """Records what was taken, but credits the winner one point too many (a wrong tally)."""

    def apply(self, state, move):
        after = super().apply(state, move)
        if after.taken != state.taken:
            w = max(range(4), key=lambda p: sum(after.taken[p * 4:p * 4 + 4]) - sum(state.taken[p * 4:p * 4 + 4]))
            after = dataclasses.replace(after, taken=tuple(x + (i == w * 4 + (w + 1) % 4)
                                                           for i, x in enumerate(after.taken)))
        return after


class EasyWin(KozelOld):
    """Wins a game with 31 points: two players can then both reach it."""

    def __init__(self, rules=None, *, players=None):
        super().__init__(dataclasses.replace(rules or Rules(), winning_points=31), players=players)


@pytest.mark.parametrize("mutant,prop", [
    (FollowsNothing, "follows_as_source"), (JacksBelowTrumps, "trick_taker"), (DealerLeads, "deal_start"),
    (LeakyTally, "tally_as_source"), (EasyWin, "one_game_winner"),
])
def test_a_broken_game_is_refuted(mutant, prop):
    assert_refuted(check([mutant()], prop, TINY))


def points_with(table):
    """The points clause scoring by ``table``."""
    return lambda won, points=table: card_points(won, points)


@pytest.mark.parametrize("label,rule,prop", [
    ("kozel-old-tally", lambda winner, dealer: tuple((p, 2) for p in range(4) if p != winner), "payments_table"),
    ("kozel-old-points", points_with(type(POINTS)({**POINTS, Rank.QUEEN: 4})), "deck_points"),
])
def test_a_broken_clause_is_refuted(label, rule, prop):
    with CLAUSES.replaced(label, rule):
        assert_refuted(check([KozelOld()], prop, TINY))


def test_the_game_pays_and_scores_by_its_clauses():
    game, s = last_trick("A♣ 10♣ A♦ 10♦")
    with CLAUSES.replaced("kozel-old-tally", lambda winner, dealer: tuple((p, 3) for p in range(4) if p != winner)):
        after = play_moves(game, s, "A♥ 10♥ K♥ Q♥")
    assert after.taken[:4] == (0, 3, 3, 3)
    with CLAUSES.replaced("kozel-old-points", points_with(type(POINTS)({Rank.ACE: 1}))):
        after = play_moves(game, s, "A♥ 10♥ K♥ Q♥")
        assert game.describe_move(after).startswith("P0 takes A♥ 10♥ K♥ Q♥ (1 points)")
    assert after.taken == (0,) * 16                 # three aces are 3 points: no game won


def test_searches_and_claims_that_find_nothing_where_there_is_nothing():
    with CLAUSES.replaced("kozel-old-points", points_with(type(POINTS)({r: 20 for r in Rank}))):
        assert check([KozelOld()], "every_half_can_be_won", TINY).verdict == "holds"
    assert check([KozelOld(Rules(goat="tally_out"))], "tally_lasts", TINY).verdict == UNKNOWN

    r = check([KozelOld(Rules(winning_points=1))], "scoreless_deal", TINY)  # every game pays someone
    assert r.verdict == UNKNOWN


def test_refutations_replay():
    for name in ("scoreless_deal",):
        r = check([KozelOld()], name, TINY)
        assert r.verdict == REFUTED
        rec = r.counterexample.record
        KozelOld().replay(rec.seed, [KozelOld().parse_move(m) for m in rec.moves])


def test_a_position_defaults_to_p3_dealing_and_to_the_half_its_stock_says():
    game = KozelOld()
    s = game.position(["A♥ 9♦", "K♠", "", "7♣ 8♣"], [C("Q♥")], turned=C("8♣"), won=["", "", "J♦ 7♦ 8♦ 10♦", ""])
    assert (s.dealer, s.turned, s.trump, s.to_move, s.trick, s.half) == (3, C("8♣"), Suit.CLUBS, 1,
                                                                          ((0, C("Q♥")),), 1)
    assert s.won[2] == parse_cards("J♦ 7♦ 8♦ 10♦") and s.tally == Ledger.open(players=4, stake=TALLY)
    assert (s.taken, s.carried, s.deals, s.seed, s.stop_after_half, s.out) == ((0,) * 16, (0,) * 4, 0, 0, False, ())
    s = game.position(["A♠", "K♠ 10♥", "", "7♣"], "Q♠ 9♠", dealer=1, turned="10♥", to_move=0, stock="A♦ K♦")
    assert (s.trump, s.trick, s.half, s.stock) == (Suit.HEARTS, ((2, C("Q♠")), (3, C("9♠"))), 0, parse_cards("A♦ K♦"))
    assert game.position(["A♠", "", "", "7♣"], stock="A♦", half=1, turned="7♣").half == 1


@pytest.mark.parametrize("hands,rest,error", [
    (["9♠", "A♦", "9♠", "7♣"], {}, "9♠ is named more often than the deck holds it"),
    (["9♠", "A♦", "", "7♣"], {"trick": "A♦"}, "A♦ is named more often than the deck holds it"),
    (["9♠", "A♦", "", "7♣"], {"stock": "8♠", "out": "8♠"}, "8♠ is named more often than the deck holds it"),
    (["9♠", "6♦", "", "7♣"], {}, "6♦ is not a card of this deck"),
    (["9♠", "A♦", "", "7♣"], {"won": ["", "", "", "5♥"]}, "5♥ is not a card of this deck"),
    (["9♠", "A♦", "", "7♣"], {"turned": "6♣"}, "6♣ is not a card of this deck"),
])
def test_a_position_names_each_card_of_the_pack_once(hands, rest, error):
    with pytest.raises(ValueError) as exc:
        KozelOld().position(hands, **{"turned": "7♣", **rest})
    assert str(exc.value) == error


def test_small_configurations():
    roots = props.small(KozelOld())
    assert len(roots) == 12 and all(any(j in sum(r.state.hands, ()) for j in JACKS) for r in roots)


# ------------------------------------------------------- the end of a game

def last_trick(won0: str, rules: Rules | None = None, **changes):
    """The second half's last trick, P0 having taken ``won0`` already; P3 deals, spades are trumps."""
    return position("A♥|10♥|K♥|Q♥", rules=rules, won=(won0, "", "", ""), **changes)


@pytest.mark.parametrize("won0,wins", [
    ("A♣ 10♣ A♦ 10♦", True),          # 42 + 28 = 70
    ("A♣ 10♣ 10♦ J♦", True),          # 33 + 28 = 61
    ("A♣ 10♣ A♦", False),             # 32 + 28 = 60: not more than 60
    ("A♣ 10♣ K♦ Q♦ J♦", False),       # 30 + 28 = 58
])
def test_more_than_60_wins_the_game_and_takes_2_from_each_and_1_from_the_dealer(won0, wins):
    game, s = last_trick(won0)
    s = play_moves(game, s, "A♥ 10♥ K♥ Q♥")
    tallies = [s.tally[f"P{p}"] for p in range(4)]
    if wins:
        assert tallies == [17, 10, 10, 11]
        assert s.taken[:4] == (0, 2, 2, 1) and sum(s.taken) == 5
    else:
        assert tallies == [12] * 4 and s.taken == (0,) * 16
    # the next deal: dealt by P0, first half, four cards each and sixteen face down
    assert s.deals == 1 and s.dealer == 0 and s.half == 0 and s.to_move == 1
    assert [len(h) for h in s.hands] == [4] * 4 and len(s.stock) == 16 and s.out == ()
    assert game.describe_move(s) == "P0 takes A♥ 10♥ K♥ Q♥ (28 points); half over\n      " + game.describe(s)


@pytest.mark.parametrize("points, winning, winner", [
    ((61, 59, 0, 0), 61, 0), ((61, 10, 0, 0), 61, 0), ((60, 60, 0, 0), 61, None), ((60, 40, 0, 0), 61, None),
    ((0, 0, 70, 50), 61, 2), ((40, 30, 30, 20), 40, 0),
    ((50, 50, 20, 0), 41, None),                            # two over a low threshold, level: nobody
    ((40, 60, 20, 0), 31, 1),                               # two over it: the one with more points
])
def test_the_game_winner_is_the_player_at_or_over_the_threshold(points, winning, winner):
    assert game_winner(points, winning) == winner


def test_under_both_halves_the_first_half_is_carried_not_paid():
    rules = Rules(count="both")
    game, s = last_trick("A♣ 10♣ A♦ 10♦", rules, half=0, stop_after_half=True)
    s = play_moves(game, s, "A♥ 10♥ K♥ Q♥")
    assert s.carried == (70, 0, 0, 0) and s.taken == (0,) * 16 and s.tally["P0"] == 12
    # the second half: 40 carried + 21 now = 61 wins
    game, s = last_trick("A♣ J♣", rules, carried=(40, 0, 0, 0))
    s = play_moves(game, s, "A♥ 10♥ K♥ Q♥")
    assert s.taken[:4] == (0, 2, 2, 1) and s.carried == (0,) * 4
    # the same second half counted alone wins nothing
    game, s = last_trick("A♣ J♣", carried=(40, 0, 0, 0))
    s = play_moves(game, s, "A♥ 10♥ K♥ Q♥")
    assert s.taken == (0,) * 16


def test_the_twelfth_point_taken_from_one_player_wins_the_goat():
    taken = [0] * 16
    taken[0 * 4 + 3] = 11                           # P0 has taken 11 from P3, the dealer
    game, s = last_trick("A♣ 10♣ A♦ 10♦", taken=tuple(taken))
    s = play_moves(game, s, "A♥ 10♥ K♥ Q♥")
    assert game.is_over(s) and game.to_move(s) is None and game.legal_moves(s) == ()
    assert s.taken[3] == 12 and s.deals == 0       # no new deal
    out = game.outcome(s)
    assert out.winners == (0,) and out.scores == (17, 10, 10, 11) and out.returns == (5, -2, -2, -1)
    assert game.describe_move(s) == ("P0 takes A♥ 10♥ K♥ Q♥ (28 points); "
                                     "winners P0; scores 17 10 10 11")
    with pytest.raises(IllegalMove) as exc:
        game.check_move(s, PLAY[C("A♥")])
    assert exc.value.clause == "kozel-old-goat"


def test_a_mid_game_trick_and_the_descriptions():
    game, s = position("A♥ 7♦|10♥ 8♦|K♥ 9♦|J♣ 10♦")
    assert game.describe(s) == ("deal 1, half 2, P3 deals, trump card 7♠: trumps ♠; tallies 12 12 12 12; "
                                "P0: A♥ 7♦ | P1: 10♥ 8♦ | P2: K♥ 9♦ | P3: J♣ 10♦")
    assert game.describe_move(s) == ""
    s = play_moves(game, s, "A♥ 10♥ K♥")
    assert game.describe_move(s) == ""
    s = play_moves(game, s, "J♣")                      # no heart: the club jack, above every trump
    assert s.to_move == 3 and s.won[3] == parse_cards("A♥ 10♥ K♥ J♣")
    assert game.describe_move(s) == "P3 takes A♥ 10♥ K♥ J♣ (27 points)"


def test_trumps_the_dealer_the_half_and_the_tallies_are_public():
    game, s = position("A♥ 7♦|10♥ 8♦|K♥ 9♦|J♣ 10♦")
    for change in ({"trump": Suit.HEARTS}, {"dealer": 1, "to_move": 0}, {"half": 0},
                   {"tally": s.tally.pay("P0", "P1", 1)}, {"taken": (1,) + (0,) * 15}, {"carried": (1, 0, 0, 0)}):
        game, other = position("A♥ 7♦|10♥ 8♦|K♥ 9♦|J♣ 10♦", **change)
        assert game.zones(other) == game.zones(s) and other.to_move == s.to_move  # the change alone is seen
        assert all(game.observe(s, p) != game.observe(other, p) for p in range(4)), change


def test_the_trump_card_is_in_view_in_the_first_half_until_the_dealer_plays_it():
    hands = "A♥ 7♦|10♥ 8♦|K♥ 9♦|7♠ 10♦"
    game, s = position(hands)
    game, first = position(hands, stock=set_aside(hands))
    z = game.zones(first)
    assert z["shown"] == (C("7♠"),) and z["hand 3"] == (C("10♦"),) and z["stock"] == set_aside(hands)
    assert z["hand 0"] == parse_cards("A♥ 7♦") and z["out"] == ()
    # the second half: the card is an ordinary card of the dealer's hand
    z = game.zones(s)
    assert z["shown"] == () and z["hand 3"] == parse_cards("7♠ 10♦")
    played = play_moves(game, first, "A♥ 10♥ K♥ 7♠")
    assert game.zones(played)["shown"] == () and game.zones(played)["won 3"] == parse_cards("A♥ 10♥ K♥ 7♠")


def test_the_state_keeps_the_trump_card_the_last_trick_and_the_first_half_through_play():
    hands = "A♥ 7♦|10♥ 8♦|K♥ 9♦|7♠ 10♦"
    stock = set_aside(hands)
    game, first = position(hands, stock=stock, seed=5, carried=(1, 2, 3, 4), deals=2)
    s = play_moves(game, first, "A♥ 10♥")
    assert game.to_move(s) == 2 and s.turned == C("7♠") and s.half == 0 and s.stock == stock
    assert (s.seed, s.carried, s.deals) == (5, (1, 2, 3, 4), 2)
    s = play_moves(game, s, "K♥ 7♠")                      # the dealer trumps with the shown card
    assert s.last_winner == 3 and s.to_move == 3 and s.turned == C("7♠") and s.stock == stock
    assert (s.seed, s.carried, s.deals, s.half) == (5, (1, 2, 3, 4), 2, 0)
    s = play_moves(game, s, "10♦")
    assert s.last_winner == 3 and s.last_trick == tuple(enumerate(parse_cards("A♥ 10♥ K♥ 7♠")))
    assert (s.seed, s.carried, s.deals, s.half, s.turned) == (5, (1, 2, 3, 4), 2, 0, C("7♠"))


def test_a_game_stopped_after_its_half_keeps_what_was_set_aside():
    out = set_aside("A♥|10♥|K♥|Q♥")
    game, s = position("A♥|10♥|K♥|Q♥", stop_after_half=True, out=out, seed=3)
    s = play_moves(game, s, "A♥ 10♥ K♥ Q♥")
    assert game.is_over(s) and s.out == out and s.seed == 3 and s.deals == 0 and s.half == 1
    assert s.last_trick == tuple(enumerate(parse_cards("A♥ 10♥ K♥ Q♥"))) and s.last_winner == 0
    assert s.to_move == 0 and s.won[0] == parse_cards("A♥ 10♥ K♥ Q♥")      # the stopped half keeps its last trick


def test_old_kozel_is_for_four_players_only():
    for n in (3, 5):
        with pytest.raises(VariantError):
            KozelOld(players=n)


@pytest.mark.parametrize("cards,trump,order,taker", [
    ("K♥ A♥ 7♥ 8♥", Suit.SPADES, "points", 1),
    ("K♥ 10♥ 7♥ 8♥", Suit.SPADES, "points", 1),       # by value the ten is above the king
    ("K♥ 10♥ 7♥ 8♥", Suit.SPADES, "natural", 0),      # in the natural order below it
    ("A♥ 10♥ 7♠ 8♥", Suit.SPADES, "points", 2),       # the lowest trump takes
    ("A♠ J♦ 7♠ 8♥", Suit.SPADES, "points", 1),        # a jack above the trump ace
    ("J♦ J♥ J♣ J♠", Suit.SPADES, "points", 2),        # the club jack highest
    ("7♦ A♣ K♣ 8♥", Suit.SPADES, "natural", 0),       # no trump, no diamond but the lead
    ("A♥ J♦", Suit.HEARTS, "points", 1), ("J♦ J♥ J♠ J♣", Suit.HEARTS, "points", 3),
    ("J♠ J♥ 10♥", Suit.HEARTS, "points", 0), ("K♣ 10♣ 7♥", Suit.HEARTS, "points", 2),
    ("K♣ 10♣", Suit.HEARTS, "points", 1), ("K♣ 10♣", Suit.HEARTS, "natural", 0),
])
def test_the_taker_of_a_trick(cards, trump, order, taker):
    assert trick_taker(tuple(enumerate(parse_cards(cards))), trick_order(trump, order)) == taker
    if order == "points":
        assert trick_taker(tuple(enumerate(parse_cards(cards))), trick_order(trump)) == taker


def test_the_trick_goes_by_the_trick_clause():
    game, s = position("A♥ 7♦|10♥ 8♦|K♥ 9♦|J♣ 10♦")
    with CLAUSES.replaced("kozel-old-trick", lambda plays, order: plays[0][0]):
        s = play_moves(game, s, "A♥ 10♥ K♥ J♣")
    assert s.last_winner == 0 and s.won[0] == parse_cards("A♥ 10♥ K♥ J♣")


def test_no_bound_on_plays_and_the_tally_is_the_ledger():
    game, s = position("A♥|10♥|K♥|Q♥")
    assert game.max_plays() is None and game.ledger(s) == s.tally
