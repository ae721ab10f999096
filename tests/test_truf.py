"""Truf: rules, edge cases, records, and a mutation test per property."""

from __future__ import annotations

import contextlib
import dataclasses
from fractions import Fraction

import pytest

import verifier.games.truf as props
from spec.cards import Rank, Suit, parse_card, parse_cards
from spec.dealing import Match
from spec.errors import CardspecError, IllegalMove, NotationError, VariantError
from spec.games.truf import (
    BID, BID_VALUES, CHOOSE, CLAUSES, DECK, PRESETS, Choose, Rules, State, Truf, bid_held, bid_value,
    choose_at_thirteen, direction_of, follow_suit, goal_of, needs_redeal, player_score, py_if, trump_maker,
    with_exact_bonus, with_gains_multiplied,
)
from spec.games import truf as T
from spec.rules import Table, make_rules
from spec.tricks import PLAY, TrickOrder
from tests.helpers import SMALL, assert_refuted, check
from verifier.api import explore
from verifier.core import HOLDS, REFUTED, REGISTRY, UNKNOWN

C = parse_card
GAMES = [Truf()]


def bidding(hands: str, rules: Rules | None = None, **rest) -> tuple[Truf, State]:
    """A hand-made deal at the start of bidding, the only deal of its game: hands separated by '|', the
    rest of the deck undealt; P3 deals, clockwise unless told otherwise."""
    game = Truf(rules)
    hs = hands.split("|")
    dealt = set(parse_cards(" ".join(hs)))
    rest = {"direction": 1, "match": Match.start(4, max_deals=1), **rest}
    return game, game.position(hs, stock=[c for c in DECK if c not in dealt], **rest)


def bid_all(game, state, cards: str):
    for card in parse_cards(cards):  # in bidding order
        state = game.play(state, BID[card])
    return state


def shown(game, state) -> str:
    return " ".join(str(m) for m in game.legal_moves(state))


# ------------------------------------------------------------------ bidding

def test_bid_values_as_the_source_gives_them():
    assert [BID_VALUES[r] for r in (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)] == [0, 0, 0, 1]
    assert all(BID_VALUES[r] == int(r) for r in Rank if Rank.TWO <= r <= Rank.TEN)
    assert sum(BID_VALUES[c.rank] for c in DECK) == 220


def test_the_highest_bid_names_trumps_and_leads_and_a_big_sum_plays_for_most():
    game, s = bidding("7♠ K♦|9♥ 2♣|A♣ 5♦|3♠ Q♥")         # P0 bids first (dealer P3, clockwise)
    assert shown(game, s) == "bid 7♠ bid K♦"
    s = bid_all(game, s, "7♠ 9♥ 5♦ 3♠")                    # 24: most tricks
    assert s.revealed and s.maker == 1 and s.trump == Suit.HEARTS and s.goal == "most" and s.to_move == 1
    assert all(b in h for b, h in zip(s.bids, s.hands))    # the bids are back in hand
    with pytest.raises(IllegalMove, match=r"bids are already in .* \[rule truf-bid-turn\]"):
        game.check_move(s, BID[C("9♥")])


def values_table(table):
    """The bid values clause reading ``table``."""
    return lambda card, values=table: bid_value(card, values)


def test_the_maker_the_goal_and_the_log_come_from_the_bid_values_clause():
    # a house table where the court cards count high: the same bids now make the king's bidder the maker
    courts_high = values_table({**BID_VALUES, Rank.JACK: 11, Rank.QUEEN: 12, Rank.KING: 13})
    game, s = bidding("7♠ K♦|9♥ 2♣|A♣ 5♦|3♠ Q♥")
    with CLAUSES.replaced("truf-bid-values", courts_high):
        s = bid_all(game, s, "K♦ 9♥ 5♦ 3♠")                # 13 + 9 + 5 + 3 = 30
        assert s.maker == 0 and s.trump == Suit.DIAMONDS and s.goal == "most"
        assert game.describe_move(s).startswith("bids P0 K♦ (13) P1 9♥ (9) P2 5♦ (5) P3 3♠ (3): sum 30")
    with CLAUSES.replaced("truf-bid-values", values_table({**BID_VALUES, Rank.SEVEN: 0, Rank.TWO: 10})):
        game, st = one_deal()                             # 0 + 9 + 5 + 3 = 17, still most; tricks 0 1 0 1
    assert st[-1].match.totals == (0, -8, -5, -2)


def test_truf_is_for_four_players():
    for n in (2, 3, 5):
        with pytest.raises(CardspecError):
            Truf(players=n)
    assert Truf(players=4).players == 4


def test_a_small_sum_plays_for_fewest_and_thirteen_lets_the_maker_choose():
    game, s = bidding("J♠ K♦|2♥ 2♣|A♣ 5♦|3♠ Q♥")
    assert bid_all(game, s, "J♠ 2♥ A♣ 3♠").goal == "fewest"   # 6
    game, s = bidding("10♠ K♦|2♥ 2♣|A♣ 5♦|Q♠ Q♥")
    s = bid_all(game, s, "10♠ 2♥ A♣ Q♠")                      # 13
    assert s.goal is None and s.to_move == 0 and shown(game, s) == "play for most play for fewest"
    with pytest.raises(IllegalMove, match=r"P0 first chooses .* \[rule truf-play-turn\]"):
        game.check_move(s, PLAY[C("10♠")])
    s = game.play(s, game.parse_move("play for fewest"))
    assert s.goal == "fewest" and shown(game, s) == "10♠ K♦"
    with pytest.raises(IllegalMove, match=r"already played for the fewest .* \[rule truf-choose\]"):
        game.check_move(s, CHOOSE[0])
    assert goal_of(14) == "most" and goal_of(12) == "fewest" and goal_of(13) is None


def test_choosing_before_the_bids_and_bidding_a_card_not_held_are_refused():
    game, s = bidding("7♠ K♦|9♥ 2♣|A♣ 5♦|3♠ Q♥")
    with pytest.raises(IllegalMove, match=r"\[rule truf-choose\]"):
        game.check_move(s, CHOOSE[0])
    with pytest.raises(IllegalMove, match=r"P0 does not hold 9♥ \[rule truf-bid\]"):
        game.check_move(s, BID[C("9♥")])
    with pytest.raises(IllegalMove, match=r"must bid first: .* \[rule truf-play-turn\]"):
        game.check_move(s, PLAY[C("7♠")])


def test_tied_highest_bids_go_to_the_first_bidder_or_the_higher_card():
    bids = parse_cards("J♠ K♥ 2♣ Q♦")   # P1's 0... P2 bids 2, the only highest
    assert trump_maker(bids, 0, 1, "first") == 2
    bids = parse_cards("J♠ K♥ Q♣ J♦")   # all bid 0
    assert trump_maker(bids, 2, 1, "first") == 2 and trump_maker(bids, 2, -1, "first") == 2
    assert trump_maker(bids, 0, 1, "higher_card") == 1       # the king
    bids = parse_cards("7♠ 7♥ 2♣ 7♦")
    assert trump_maker(bids, 1, 1, "first") == 1 and trump_maker(bids, 1, -1, "first") == 1
    assert trump_maker(bids, 2, 1, "first") == 3 and trump_maker(bids, 2, -1, "first") == 1


def test_bid_turn_and_choice_refusals_word_for_word():
    game, s = bidding("10♠ K♦|2♥ 2♣|A♣ 5♦|Q♠ Q♥")
    assert game.refusal(s, CHOOSE[1]) == ("truf-choose", "the bids are not all in: lay a bid card")
    s = bid_all(game, s, "10♠ 2♥ A♣ Q♠")                      # 13: P0 still has to choose
    assert game.refusal(s, BID[C("K♦")]) == (
        "truf-bid-turn", "the bids are already in and shown: now play a card, after P0 chooses most or fewest tricks")
    s = game.play(s, CHOOSE[0])
    assert game.refusal(s, BID[C("K♦")]) == ("truf-bid-turn", "the bids are already in and shown: now play a card")
    assert game.refusal(s, CHOOSE[1]) == ("truf-choose", "the deal is already played for the most tricks")


@pytest.mark.parametrize("tie,maker", [("first", 0), ("higher_card", 2)])
def test_four_bids_of_nothing_under_each_tie_rule(tie, maker):
    """All four bid a court card (0): the first bidder names trumps, or under ``higher_card`` the king.
    Only such a tie can differ between the two rules: bids of equal value above 0 are cards of one rank."""
    game, s = bidding("Q♠ 7♦|J♥ 2♣|K♣ 5♦|Q♦ 3♥", rules=Rules(bid_tie=tie))
    s = bid_all(game, s, "Q♠ J♥ K♣ Q♦")
    assert s.maker == maker and s.to_move == maker and s.trump == (Suit.SPADES, Suit.CLUBS)[maker // 2]
    assert s.goal == "fewest"


# ------------------------------------------------------------------ the play

def test_follow_suit_else_anything_and_trumps_lie_face_down():
    game, s = bidding("7♠ K♦ 2♥|9♥ 2♣ A♠|A♣ 5♦ 4♦|3♠ Q♥ 6♣")
    s = bid_all(game, s, "7♠ 9♥ 5♦ 3♠")          # P1 names hearts, plays for most
    s = game.play(s, PLAY[C("A♠")])               # P1 leads
    assert shown(game, s) == "4♦ 5♦ A♣"           # P2 has no spade: any card
    s = game.play(s, PLAY[C("4♦")])
    assert shown(game, s) == "3♠"                 # P3 follows
    with pytest.raises(IllegalMove, match=r"does not follow suit.*\[rule truf-follow\]"):
        game.check_move(s, PLAY[C("Q♥")])
    s = game.play(s, PLAY[C("3♠")])
    assert shown(game, s) == "7♠"                 # P0's bid card is back in hand, and must follow
    s = game.play(s, PLAY[C("7♠")])
    assert s.last_winner == 1 and s.to_move == 1 and all(not down for _, _, down in s.last_trick)


def test_a_trump_is_hidden_until_the_trick_is_complete():
    game, s = bidding("7♠ K♦ 2♥|9♥ 2♣ A♠|A♣ 5♦ 4♦|3♠ Q♥ 6♣")
    s = bid_all(game, s, "7♠ 9♥ 5♦ 3♠")
    s = game.play(s, PLAY[C("2♣")])
    s = game.play(s, PLAY[C("A♣")])
    s = game.play(s, PLAY[C("6♣")])
    s = game.play(s, PLAY[C("2♥")])               # P0 has no club: trumps it, face down
    assert s.trick == () and s.last_trick[-1] == (0, C("2♥"), True) and s.last_winner == 0


def test_the_first_deal_goes_anticlockwise_and_the_rest_clockwise():
    r = Rules()
    assert direction_of(0, r) == -1 and direction_of(1, r) == 1 and direction_of(12, r) == 1
    assert direction_of(0, Rules(first_direction="clockwise")) == 1
    game = Truf()
    s = game.deal(4)
    assert s.direction == -1 and s.to_move == (s.dealer - 1) % 4 and [len(h) for h in s.hands] == [13] * 4


def test_a_hand_of_only_low_or_only_high_cards_is_dealt_again():
    low = tuple(c for c in DECK if c.rank <= Rank.TEN)[:13]
    high = tuple(c for c in DECK if c.rank in (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE))[:13]
    mixed = low[:-1] + (C("A♣"),)
    assert needs_redeal([low, mixed]) and needs_redeal([mixed, high]) and not needs_redeal([mixed])


# ------------------------------------------------------------------ scoring

@pytest.mark.parametrize("bid,took,most,m1,m2,m3", [
    (3, 5, True, 2, 2, 4), (3, 5, False, -2, -2, -2), (5, 3, False, 2, 2, 4), (5, 3, True, -2, -2, -2),
    (4, 4, True, 0, 5, 0), (0, 13, True, 13, 13, 26), (10, 0, False, 10, 10, 20)])
def test_the_three_methods(bid, took, most, m1, m2, m3):
    assert player_score(bid, took, most, Rules()) == m1
    assert player_score(bid, took, most, Rules(scoring="exact_bonus")) == m2
    assert player_score(bid, took, most, Rules(scoring="double_gains")) == m3
    tripled = m3 // 2 * 3 if m3 > 0 else m3
    assert player_score(bid, took, most, Rules(scoring="double_gains", gain_factor=3)) == tripled


def test_a_whole_game_is_thirteen_deals_and_the_highest_total_wins():
    game = Truf()
    state, moves = game.deal(7), 0
    assert state.match == Match((0,) * 4, 0, None, 13) and state.seed == 7
    for moves in range(1, 13 * 57 + 1):               # the bound: a game that runs past it fails, not hangs
        state = game.apply(state, game.legal_moves(state)[0])
        if game.is_over(state):
            break
    assert game.is_over(state) and state.match.deals == 13 and moves <= game.max_plays() == 13 * 57
    out = game.outcome(state)
    assert out.returns == state.match.totals and set(out.winners) == {
        p for p, t in enumerate(state.match.totals) if t == max(state.match.totals)}


def test_observation_hides_bids_and_face_down_trumps():
    game, s = bidding("7♠ K♦ 2♥|9♥ 2♣ A♠|A♣ 5♦ 4♦|3♠ Q♥ 6♣")
    s = game.play(s, BID[C("7♠")])
    assert C("7♠") not in props._flat(game.observe(s, 1)) and C("7♠") in props._flat(game.observe(s, 0))
    s = bid_all(game, s, "9♥ 5♦ 3♠")
    assert all(C("7♠") in props._flat(game.observe(s, q)) for q in range(4))   # shown to all
    s = game.play(s, PLAY[C("9♥")])              # a trump led: face down
    assert C("9♥") not in props._flat(game.observe(s, 0)) and C("9♥") in props._flat(game.observe(s, 1))


def test_rules_fields_and_bad_input():
    with pytest.raises(VariantError):
        make_rules(Rules, {"scoring": "fourth"})
    with pytest.raises(VariantError):
        make_rules(Rules, {"gain_factor": 0})
    assert all(make_rules(Rules, p) != Rules() for p in PRESETS.values())
    with pytest.raises(NotationError):
        Truf().parse_move("play for glory")
    assert Truf().parse_move("bid 10h") == BID[C("10♥")] and Truf().parse_move("Q♠") == PLAY[C("Q♠")]
    assert Truf().parse_move("play for most") == Choose("most")


# ------------------------------------------------------------- records


def test_small_configurations_are_complete_and_reach_the_choice():
    game = Truf()
    roots = props.small(game)
    seen = []
    ex = explore(game, roots, check=lambda s: seen.append(1) if s.revealed and s.goal is None else None)
    assert ex.complete and seen


# ---------------------------------------------------- properties and mutants

OWN = ["moves_as_source", "reveal_as_source", "trick_taker", "turn_order", "trumps_face_down", "deal_start",
       "scores_as_source", "deck_values", "bid_sums", "scores_difference", "scores_exact_bonus",
       "scores_double_gains", "zero_sum_difference", "zero_sum_exact_bonus", "zero_sum_double_gains",
       "difference_sum", "highest_bid_unique", "top_total_unique", "redeal_chance"]


#: random play is long here (741 moves a game): fewer sampled games than SMALL, same fixed seed
FEW = dataclasses.replace(SMALL, examples=10)


def test_every_own_property_has_its_expected_verdict():
    for name in OWN:
        r = check(GAMES, name, FEW)
        assert r.verdict == r.property.expected, (name, r.verdict, r.detail)


class NoFollow(Truf):
    def legal_moves(self, state):
        moves = super().legal_moves(state)
        if state.revealed and state.goal and state.trick:
            return tuple(PLAY[c] for c in state.hands[state.to_move])
        return moves


class AlwaysMost(Truf):
    """Plays every deal for the most tricks, whatever the bids add up to."""

    def apply(self, state, move):
        after = super().apply(state, move)
        if after.revealed and not state.revealed:
            return dataclasses.replace(after, goal="most")
        return after


class NoTrumps(Truf):
    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.orders = {s: TrickOrder(None) for s in Suit}


class AlwaysClockwise(Truf):
    def start_deal(self, seed, match, dealer):
        s = super().start_deal(seed, match, dealer)
        if s.direction == 1:
            return s
        return Truf(dataclasses.replace(self.rules, first_direction="clockwise")).start_deal(seed, match, dealer)


class ShowsTrumps(Truf):
    def observe(self, state, player):
        return super().observe(state, player) + (state.trick,)


class DealerStays(Truf):
    def start_deal(self, seed, match, dealer):
        return super().start_deal(seed, match, (dealer - match.deals) % 4)


@pytest.mark.parametrize("mutant,prop", [
    (NoFollow, "moves_as_source"), (AlwaysMost, "reveal_as_source"), (NoTrumps, "trick_taker"),
    (AlwaysClockwise, "turn_order"), (ShowsTrumps, "trumps_face_down"), (DealerStays, "deal_start"),
])
def test_a_broken_game_is_refuted(mutant, prop):
    assert_refuted(check([mutant()], prop))


@contextlib.contextmanager
def broken(*rules):
    """The game with each ``(label, function)`` clause replaced."""
    with contextlib.ExitStack() as stack:
        for label, fn in rules:
            stack.enter_context(CLAUSES.replaced(label, fn))
        yield


#: every deal scored as if it were played for the other goal
SIGN_FLIP = ("truf-score-difference", lambda bid, took, most, if_=py_if: if_(most, bid - took, took - bid))
ACE_BIDS_ELEVEN = ("truf-bid-values", values_table(Table({**BID_VALUES, Rank.ACE: 11})))
NO_EXACT_BONUS = ("truf-score-exact", lambda diff, bonus, if_=py_if: diff)
TRIPLE_GAINS = ("truf-score-double", lambda diff, factor, if_=py_if: with_gains_multiplied(diff, 3, if_))
ONLY_HIGH_HANDS_REDEALT = ("truf-redeal", lambda hands: any(all(c.rank >= Rank.JACK for c in h) for h in hands))


@pytest.mark.parametrize("rule,prop", [
    (SIGN_FLIP, "scores_as_source"), (ACE_BIDS_ELEVEN, "deck_values"), (ACE_BIDS_ELEVEN, "bid_sums"),
    (SIGN_FLIP, "scores_difference"), (NO_EXACT_BONUS, "scores_exact_bonus"), (TRIPLE_GAINS, "scores_double_gains"),
    (SIGN_FLIP, "difference_sum"), (ONLY_HIGH_HANDS_REDEALT, "redeal_chance"),
])
def test_a_broken_clause_is_refuted(rule, prop):
    with broken(rule):
        assert_refuted(check([Truf()], prop))


def test_redeal_chance_is_exact():
    p = props.exact_redeal_chance()
    assert 0.0145 < p < 0.0146 and p.denominator == 113881258265
    # one hand: C(36,13)/C(52,13) all-low, C(16,13)/C(52,13) all-high; the deal's chance is below four times that
    from math import comb
    assert p < 4 * Fraction(comb(36, 13) + comb(16, 13), comb(52, 13))


#: every deal scores nothing, under every method
SCORES_NOTHING = (("truf-score-difference", lambda bid, took, most, if_=py_if: 0),
                  NO_EXACT_BONUS, ("truf-score-double", lambda diff, factor, if_=py_if: diff))


class NoTiedBids(Truf):
    """Each bidder may bid only a value not bid before: the highest bid is always unique."""

    def legal_moves(self, state):
        moves = super().legal_moves(state)
        if state.revealed or state.match.over:
            return moves
        taken = {bid_value(b) for b in state.bids if b is not None}
        return tuple(m for m in moves if bid_value(m.card) not in taken) or moves


class SeatOffsets(Truf):
    """Seat p gets 1000 x p extra points a deal: the totals can never tie."""

    def apply(self, state, move):
        after = super().apply(state, move)
        if after.match.deals > state.match.deals:
            totals = tuple(t + 1000 * p for p, t in enumerate(after.match.totals))
            return dataclasses.replace(after, match=dataclasses.replace(after.match, totals=totals))
        return after


def test_expected_refutations_can_fail():
    with broken(*SCORES_NOTHING):
        for name in ("zero_sum_difference", "zero_sum_exact_bonus", "zero_sum_double_gains"):
            assert check([Truf()], name).verdict == HOLDS, name
    # the real game's witness comes within 31 games of seed 1: 60 games without one say something
    prop = REGISTRY.get("truf", "top_total_unique")
    assert prop.check([SeatOffsets()], dataclasses.replace(SMALL, examples=60)).verdict == UNKNOWN


def test_tied_bids_search_finds_nothing_without_ties():
    r = check([NoTiedBids()], "highest_bid_unique")
    assert r.verdict == UNKNOWN, r.counterexample


def test_refutations_replay():
    for name in ("highest_bid_unique", "top_total_unique"):
        r = check(GAMES, name)
        assert r.verdict == REFUTED and r.counterexample.record is not None
        record = r.counterexample.record
        game = Truf(make_rules(Rules, record.rules))
        game.replay(record.seed, [game.parse_move(m) for m in record.moves])


# ------------------------------------------------- a whole small deal, as the log and the views show it
#
# Hands P0 7♠ K♦ | P1 9♥ 2♣ | P2 A♣ 5♦ | P3 3♠ Q♥, P3 deals clockwise. Bids 7♠ 9♥ 5♦ 3♠ = 24: most
# tricks; P1's 9 is highest, so hearts are trumps and P1 leads. Trick 1: 2♣ A♣, P3 trumps with Q♥
# (face down), P0 throws K♦: P3 takes it. Trick 2: 3♠ 7♠, P1 trumps with 9♥, P2 throws 5♦: P1 takes
# it. Tricks 0 1 0 1 against bids 7 9 5 3, playing for most: scores -7 -8 -5 -2; P3 wins.

HANDS = "7♠ K♦|9♥ 2♣|A♣ 5♦|3♠ Q♥"


def one_deal(deals: int = 1, rules: Rules | None = None):
    game, s = bidding(HANDS, rules=rules, match=Match.start(4, max_deals=deals), seed=5)
    states = [s]
    for m in ("bid 7♠", "bid 9♥", "bid 5♦", "bid 3♠", "2♣", "A♣", "Q♥", "K♦", "3♠", "7♠", "9♥", "5♦"):
        states.append(game.play(states[-1], game.parse_move(m)))
    return game, states


def test_the_log_tells_the_bids_the_tricks_and_the_deal_score():
    game, st = one_deal()
    assert game.describe_move(game.deal(1)) == ""          # the start of a game: nothing has happened yet
    logs = [game.describe_move(s) for s in st[1:]]
    assert logs[:3] == ["", "", ""]                          # bids stay face down
    assert logs[3] == "bids P0 7♠ (7) P1 9♥ (9) P2 5♦ (5) P3 3♠ (3): sum 24, trumps ♥ (P1); play for the most tricks"
    assert logs[4:7] == ["", "", ""]                         # a trick in progress
    assert logs[7] == "P3 takes 2♣ A♣ Q♥* K♦ (tricks 0 0 0 1)"
    assert logs[11] == ("P1 takes 3♠ 7♠ 9♥* 5♦; deal over (played for the most): bids 7 9 5 3, tricks 0 1 0 1, "
                        "scores -7 -8 -5 -2; totals -7 -8 -5 -2; game over")


def test_the_log_at_thirteen_names_the_chooser_then_the_choice():
    game, s = bidding("10♠ K♦|2♥ 2♣|A♣ 5♦|Q♠ Q♥")
    s = bid_all(game, s, "10♠ 2♥ A♣ Q♠")                      # 10 + 2 + 1 + 0 = 13, P0 names spades
    assert game.describe_move(s) == "bids P0 10♠ (10) P1 2♥ (2) P2 A♣ (1) P3 Q♠ (0): sum 13, trumps ♠ (P0); " \
                                    "P0 chooses most or fewest"
    s = game.play(s, CHOOSE[1])
    assert game.describe_move(s).endswith("trumps ♠ (P0); play for the fewest tricks")


def test_a_deal_that_is_not_the_last_scores_and_the_next_dealer_deals_clockwise():
    game, st = one_deal(deals=2)
    s = st[-1]
    assert not game.is_over(s) and game.to_move(s) == s.to_move
    assert s.match.totals == (-7, -8, -5, -2) and s.match.deals == 1
    assert s.dealer == 0 and s.direction == 1 and s.to_move == 1 and not s.revealed
    assert s.bids == (None,) * 4 and [len(h) for h in s.hands] == [13] * 4 and s.won == ((),) * 4
    assert s.last_winner == 1 and tuple(c for _, c, _ in s.last_trick) == parse_cards("3♠ 7♠ 9♥ 5♦")
    log = game.describe_move(s)
    assert log.startswith("P1 takes 3♠ 7♠ 9♥* 5♦; deal over (played for the most): bids 7 9 5 3, tricks 0 1 0 1, "
                          "scores -7 -8 -5 -2; totals -7 -8 -5 -2\n      deal 2, P0 deals, clockwise; totals "
                          "-7 -8 -5 -2; P0: ")
    assert log.endswith(game.describe(s)) and "game over" not in log


def test_the_end_of_a_game():
    game, st = one_deal()
    end = st[-1]
    assert game.is_over(end) and game.to_move(end) is None and game.legal_moves(end) == ()
    out = game.outcome(end)
    assert out.winners == (3,) and out.scores == out.returns == (-7, -8, -5, -2)
    with pytest.raises(IllegalMove, match=r"\[rule truf-deals\]"):
        game.check_move(end, PLAY[C("K♦")])
    # the final position still shows the last deal: its dealer, direction, trumps, maker, goal and seed
    assert (end.dealer, end.direction, end.trump, end.maker, end.goal, end.seed) == (3, 1, Suit.HEARTS, 1, "most", 5)
    assert game.describe(end).startswith("deal 2, P3 deals, clockwise; totals -7 -8 -5 -2; ")
    assert game.observe(end, 0)[-6:] == (Suit.HEARTS, 1, "most", 3, 1, (-7, -8, -5, -2))


def test_describe_names_the_deal_the_dealer_the_direction_the_totals_and_the_hands():
    game, s = bidding(HANDS)
    assert game.describe(s) == "deal 1, P3 deals, clockwise; totals 0 0 0 0; P0: 7♠ K♦ | P1: 9♥ 2♣ | P2: A♣ 5♦ | P3: 3♠ Q♥"
    game, s = bidding(HANDS, direction=-1, dealer=1, match=Match((3, -2, 0, 12), 4, None, 13))
    assert game.describe(s).startswith("deal 5, P1 deals, anticlockwise; totals 3 -2 0 12; P0: 7♠ K♦ | P1: ")


def test_each_kind_is_offered_in_its_phase_only():
    game, st = one_deal()
    bids, shown, played = st[0], st[4], st[5]
    assert bid_held(game, bids) == (BID[C("7♠")], BID[C("K♦")]) and bid_held(game, shown) == ()
    assert choose_at_thirteen(game, bids) == () == choose_at_thirteen(game, shown)
    assert follow_suit(game, bids) == () and follow_suit(game, shown) == (PLAY[C("9♥")], PLAY[C("2♣")])
    assert follow_suit(game, played) == (PLAY[C("A♣")],)        # P2 follows the club led
    thirteen = bid_all(*bidding("10♠ K♦|2♥ 2♣|A♣ 5♦|Q♠ Q♥"), "10♠ 2♥ A♣ Q♠")  # the bids add up to 13
    assert thirteen.revealed and thirteen.goal is None
    assert choose_at_thirteen(game, thirteen) == CHOOSE and follow_suit(game, thirteen) == ()
    assert game.refusal(played, PLAY[C("9♥")]) == ("truf-hold", "P2 does not hold 9♥")


def test_zones_show_a_bid_apart_from_its_hand_and_face_down_trumps_apart_from_the_trick():
    game, st = one_deal()
    z = game.zones(st[1])                                    # P0 has bid 7♠, face down
    assert z["hand 0"] == (C("K♦"),) and z["bid 0"] == (C("7♠"),) and z["bid 1"] == () and z["hand 1"] == parse_cards("9♥ 2♣")
    z = game.zones(st[4])                                    # shown, and back in hand
    assert z["hand 0"] == (C("K♦"),) and z["bid 0"] == (C("7♠"),) and z["hand 1"] == (C("2♣"),)
    z = game.zones(st[12])                                   # 7♠ played: no bid left to show
    assert z["hand 0"] == () and z["bid 0"] == () and z["won 1"] == parse_cards("3♠ 7♠ 9♥ 5♦")
    z = game.zones(st[7])                                    # 2♣ A♣ up, P3's Q♥ down
    assert z["trick"] == parse_cards("2♣ A♣") and z["down 3"] == (C("Q♥"),) and z["down 1"] == ()
    # each bid is still in its hand: it shows as the bid, apart from the rest of the hand
    assert all(z[f"hand {p}"] == () for p in range(1, 4)) and z["hand 0"] == (C("K♦"),)
    assert [z[f"bid {p}"] for p in range(4)] == [(C("7♠"),), (C("9♥"),), (C("5♦"),), (C("3♠"),)]
    z = game.zones(st[8])
    assert z["won 3"] == parse_cards("2♣ A♣ Q♥ K♦") and z["won 0"] == () and z["trick"] == () and z["stock"] == st[0].stock


def test_hidden_zones_and_the_view_of_a_face_down_trump():
    game, st = one_deal()
    assert game.hidden_zones(st[1], 2) == frozenset(
        {"stock", "hand 0", "hand 1", "hand 3", "down 0", "down 1", "down 3", "bid 0", "bid 1", "bid 3"})
    assert game.hidden_zones(st[5], 2) == frozenset({"stock", "hand 0", "hand 1", "hand 3", "down 0", "down 1", "down 3"})
    s = st[7]                                                # P1 2♣, P2 A♣, P3 Q♥ face down
    assert game.observe(s, 0)[-7] == ((1, C("2♣")), (2, C("A♣")), (3, None))
    assert game.observe(s, 3)[-7] == ((1, C("2♣")), (2, C("A♣")), (3, C("Q♥")))
    assert game.observe(s, 0)[-6:] == (Suit.HEARTS, 1, "most", 3, 1, (0, 0, 0, 0))


@pytest.mark.parametrize("deals", [1, 2])
def test_the_number_of_deals_option_ends_the_game(deals):
    game = Truf(Rules(deals=deals))
    s = game.deal(3)
    assert s.match == Match((0,) * 4, 0, None, deals) and s.dealer in range(4) and s.direction == -1
    assert game.max_plays() == deals * 57
    for _ in range(game.max_plays()):
        s = game.apply(s, game.legal_moves(s)[0])
        if game.is_over(s):
            break
    assert game.is_over(s) and s.match.deals == deals


def test_the_deal_shuffles_from_the_seed_and_redeals_a_one_sided_hand():
    game = Truf()
    a, b = game.deal(11), game.deal(12)
    assert a == game.deal(11) and a.hands != b.hands
    assert not needs_redeal(a.hands) and sorted(sum(a.hands, ())) == sorted(DECK)

    calls = []

    def redeals_once(hands):
        calls.append(hands)
        return len(calls) == 1

    with CLAUSES.replaced("truf-redeal", redeals_once):
        again = game.new_hands(11, 0, a.dealer, a.direction)
    assert len(calls) == 2 and again != a.hands            # the second shuffle (attempt 1) is the one dealt


def test_within_a_deal_only_the_move_changes_the_state():
    """Inside a deal the dealer, the direction, the totals and the seed stay; a bid changes only the
    bidder's hand, the bids and the turn; once shown, trumps, the maker and the goal stay; the record of
    the last deal stays until the next deal is scored, and the last trick until the next one is taken."""
    game, st = one_deal(deals=3)
    s = st[-1]                                          # deal 2: the last deal and last trick are known
    fixed = ("dealer", "direction", "match", "seed", "stock", "last_deal")
    for _ in range(4):
        m = game.legal_moves(s)[0]
        nxt = game.play(s, m)
        assert all(getattr(nxt, f) == getattr(s, f) for f in fixed + ("last_trick", "last_winner", "won"))
        if not nxt.revealed:
            p = s.to_move
            assert nxt == dataclasses.replace(s, hands=s.hands[:p] + (tuple(c for c in s.hands[p] if c != m.card),)
                                              + s.hands[p + 1:], bids=s.bids[:p] + (m.card,) + s.bids[p + 1:],
                                              to_move=(p + 1) % 4)
        s = nxt
    if s.goal is None:
        chosen = game.play(s, CHOOSE[0])
        assert chosen == dataclasses.replace(s, goal="most")
        s = chosen
    shown = (s.trump, s.maker, s.goal, s.bids)
    while s.match.deals == 1:
        m = game.legal_moves(s)[0]
        nxt = game.play(s, m)
        if nxt.match.deals == 1:
            assert all(getattr(nxt, f) == getattr(s, f) for f in fixed)
            assert (nxt.trump, nxt.maker, nxt.goal, nxt.bids) == shown and nxt.revealed
            if nxt.trick:
                p = s.to_move
                assert nxt == dataclasses.replace(
                    s, hands=s.hands[:p] + (tuple(c for c in s.hands[p] if c != m.card),) + s.hands[p + 1:],
                    trick=s.trick + ((p, m.card, m.card.suit is s.trump),), to_move=(p + 1) % 4)
            else:
                assert nxt.last_trick == s.trick + ((s.to_move, m.card, m.card.suit is s.trump),)
                assert nxt.to_move == nxt.last_winner and sum(map(len, nxt.won)) == sum(map(len, s.won)) + 4
        s = nxt
    assert s.match.deals == 2 and s.dealer == 1 and s.last_deal[0] == shown[3] and s.stock == ()


@pytest.mark.parametrize("deal_no,refused", [(0, 0), (1, 0), (4, 2), (12, 3)])
def test_each_deal_and_each_attempt_has_its_own_shuffle_from_the_seed(deal_no, refused):
    """Records replay only if the shuffles never move: deal k, attempt a is the shuffle
    ``rng_for(seed, 1 + k, a)``; a redeal moves to the next attempt of the same deal."""
    from spec.dealing import rng_for, sorted_hand
    from spec.games.truf import deal_hands

    seen = []

    def refuses(hands):
        seen.append(hands)
        return len(seen) <= refused

    with CLAUSES.replaced("truf-redeal", refuses):
        got = Truf().new_hands(21, deal_no, 2, 1)
    expected = []
    for attempt in range(refused + 1):
        cards = list(DECK)
        rng_for(21, 1 + deal_no, attempt).shuffle(cards)
        expected.append(deal_hands(cards, 2, 1))
    assert seen == expected and got == tuple(sorted_hand(h) for h in expected[-1])


def test_a_position_starts_a_deal_in_its_own_direction():
    s = Truf().position(["7♠", "9♥", "A♣", "3♠"])         # the first deal: anticlockwise, P3 deals, P2 bids
    assert (s.dealer, s.direction, s.to_move, s.match, s.seed, s.stock) == (3, -1, 2, Match.start(4, max_deals=13),
                                                                            0, ())
    assert s.bids == (None,) * 4 and not s.revealed and s.trick == () and s.won == ((),) * 4 and s.goal is None
    later = Truf(Rules(deals=5)).position(["7♠", "9♥", "A♣", "3♠"], dealer=0, match=Match((1, 0, 0, 0), 1, None, 5),
                                          seed=4, stock="2♦")
    assert (later.direction, later.to_move, later.seed, later.stock) == (1, 1, 4, (C("2♦"),))
    assert Truf(Rules(first_direction="clockwise")).position(["7♠", "9♥", "A♣", "3♠"]).to_move == 0


@pytest.mark.parametrize("hands,stock,error", [
    (["7♠", "9♥", "7♠", "3♠"], (), "7♠ is named more often than the deck holds it"),
    (["7♠", "9♥", "A♣", "3♠"], "2♦ 9♥", "9♥ is named more often than the deck holds it"),
    (["7♠", "9♥ Jk", "A♣", "3♠"], (), "Jk is not a card of this deck"),
])
def test_a_position_names_each_card_of_the_deck_once(hands, stock, error):
    with pytest.raises(ValueError) as exc:
        Truf().position(hands, stock=stock)
    assert str(exc.value) == error


def test_a_deal_starts_with_no_bids_no_tricks_and_the_dealers_neighbour_to_bid():
    game = Truf()
    match = Match((3, -1, 0, 2), 1, None, 13)
    for dealer, direction in ((2, 1), (0, 1)):
        s = game.start_deal(8, match, dealer)
        assert s == game.position(game.new_hands(8, 1, dealer, direction), dealer=dealer, direction=direction,
                                  to_move=(dealer + 1) % 4, match=match, seed=8)
    first = game.start_deal(8, Match.start(4, max_deals=13), 1)
    assert first.direction == -1 and first.to_move == 0 and not first.revealed


def test_choosing_at_thirteen_keeps_the_last_trick_of_the_deal_before():
    game, s = bidding("10♠ K♦|2♥ 2♣|A♣ 5♦|Q♠ Q♥")
    earlier = tuple((p, c, False) for p, c in enumerate(parse_cards("2♦ 3♦ 4♦ 5♦")))
    s = dataclasses.replace(s, last_trick=earlier, last_winner=3, last_deal=("x",))
    s = bid_all(game, s, "10♠ 2♥ A♣ Q♠")
    assert s.last_trick == earlier and s.last_winner == 3 and s.last_deal == ("x",)
    assert game.play(s, CHOOSE[0]) == dataclasses.replace(s, goal="most")


# ------------------------------------------------ claims computed from the rules (issue 23)

def _source_ranges(method: str, bonus: int, factor: int):
    """Every score one player and four players can make in a deal, by exhaustion over each player's bid
    (0..10) and tricks, the four tricks adding up to 13 and the goal the bids' sum allows, scored as the
    source words the methods (independent of the rules module's formulas)."""
    def score(bid, took, most):
        diff = took - bid if most else bid - took
        if method == "exact_bonus" and diff == 0:
            return bonus
        return diff * factor if method == "double_gains" and diff > 0 else diff
    player, sums = set(), set()
    for most in (True, False):
        level = {(0, 0): {0}}
        for _ in range(4):
            nxt: dict = {}
            for (bids, tricks), vals in level.items():
                for bid in range(11):
                    for took in range(14 - tricks):
                        nxt.setdefault((bids + bid, tricks + took), set()).update(v + score(bid, took, most)
                                                                                 for v in vals)
            level = nxt
        for (bids, tricks), vals in level.items():
            if tricks == 13 and (bids >= 13 if most else bids <= 13):
                sums |= vals
        # one player's bid and tricks fit a deal for either goal: the others' bids (0..30) can make the sum
        player |= {score(b, t, most) for b in range(11) for t in range(14)}
    return (min(player), max(player)), (min(sums), max(sums))


@pytest.mark.parametrize("bonus", [0, 4, 5, 6, 13, 14, 100])
def test_the_exact_bonus_range_formula_agrees_with_exhaustion(bonus):
    assert T.score_ranges("exact_bonus", bonus=bonus) == _source_ranges("exact_bonus", bonus, 2)


@pytest.mark.parametrize("factor", [1, 2, 3, 10])
def test_the_gain_factor_range_formula_agrees_with_exhaustion(factor):
    assert T.score_ranges("double_gains", factor=factor) == _source_ranges("double_gains", 5, factor)
    assert T.score_ranges("difference") == _source_ranges("difference", 5, factor)


@pytest.mark.parametrize("rules, name, text", [
    (Rules(exact_bonus=100), "scores_exact_bonus", "proved with an exact bonus of 100: a player's deal score lies in "
                                                  "[-13, 100] and a deal's sum in [-27, 400]"),
    (Rules(exact_bonus=0), "scores_exact_bonus", "proved with an exact bonus of 0: a player's deal score lies in "
                                                "[-13, 13] and a deal's sum in [-27, 0]"),
    (Rules(gain_factor=10), "scores_double_gains", "proved with a gain factor of 10: a player's deal score lies in "
                                                  "[-13, 130] and a deal's sum in [-27, 117]"),
    (Rules(gain_factor=1), "scores_double_gains", "proved with a gain factor of 1: a player's deal score lies in "
                                                 "[-13, 13] and a deal's sum in [-27, 0]")])
def test_the_score_ranges_are_proved_for_the_bonus_and_factor_in_force(rules, name, text):
    r = check([Truf(rules)], name)
    assert r.verdict == "holds" and r.expected == "holds" and r.detail.startswith(text), r.detail


def test_a_range_stated_for_the_default_bonus_is_refuted_at_another():
    # the defaults' range at a bonus of 14 is exceeded: the claim must be the one the rules give
    with broken(("truf-score-exact", lambda diff, bonus, if_=py_if: with_exact_bonus(diff, 5, if_))):
        assert_refuted(check([Truf(Rules(exact_bonus=14))], "scores_exact_bonus"))


def test_the_deal_passes_to_the_left_or_by_the_option_to_the_right():
    assert [T.dealer_of(1, k, Rules()) for k in range(5)] == [1, 2, 3, 0, 1]
    assert [T.dealer_of(1, k, Rules(deal_passes="right")) for k in range(5)] == [1, 0, 3, 2, 1]
    game, st = one_deal(deals=2)
    right, st_right = one_deal(deals=2, rules=Rules(deal_passes="right"))
    assert st[-1].dealer == 0 and st_right[-1].dealer == 2      # the first deal's dealer is P3
    assert st[-1].to_move == 1 and st_right[-1].to_move == 3    # the next deal goes clockwise from its dealer
    assert check([Truf(Rules(deal_passes="right"))], "deal_start").verdict == "holds"


def test_deal_start_refutes_a_deal_passed_the_wrong_way():
    with broken(("truf-dealer", lambda first, deals_done, rules: (first - deals_done) % 4)):
        assert_refuted(check([Truf()], "deal_start"))


def test_a_redeal_rule_that_refuses_every_deal_stops_with_its_name():
    from spec.errors import RuleLoop
    with CLAUSES.replaced("truf-redeal", lambda hands: True):
        with pytest.raises(RuleLoop, match="rule truf-redeal: the deal was drawn again 10,000 times"):
            Truf().deal(0)
