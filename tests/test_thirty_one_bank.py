"""Thirty-One against a banker: the rules, the ledger, the exact odds, and one mutation test per property."""

from __future__ import annotations

from fractions import Fraction

import pytest

import spec.games.thirty_one_bank as rules_module
import verifier.games.thirty_one_bank as props
from spec.cards import parse_cards
from spec.games.thirty_one_bank import (
    BUST, BUY, CLAUSES, NATURAL, PLAYING, STAND, Rules, State, ThirtyOneBank, best_total, bust_paid, card_value,
    is_bust, is_natural, next_to_act, talia_over,
)
from spec.stakes import Ledger
from tests.helpers import assert_refuted, check

GAMES = [ThirtyOneBank(players=n) for n in (2, 3, 5)]


def test_a_position_is_a_shoe_before_its_round_or_a_round_nobody_has_acted_in():
    game = ThirtyOneBank(players=3)
    before = game.position("K♦ 2♣", talia=1, seed=6)
    assert (before.stock, before.hands, before.discards, before.status, before.banker, before.to_move,
            before.talia, before.ledger, before.seed) == (
        tuple(parse_cards("K♦ 2♣")), ((),) * 3, (), (PLAYING,) * 3, 2, None, 1, Ledger.open(players=3), 6)
    assert game.position(seed=6) == game.position(game.shoe(6, 0), seed=6) != game.position(seed=6, talia=1)
    assert game.deal(6) == game.deal_round(game.position(seed=6))
    hands = ["A♠ K♠ Q♠", "10♥ 9♥ 8♥", "10♣ 9♣ 6♠"]
    s = game.position(parse_cards("K♦"), [parse_cards(h) for h in hands], banker=1)
    assert s == game.position("K♦", hands, banker=1) and s.hands[0] == tuple(parse_cards("A♠ K♠ Q♠"))
    assert s.status == (NATURAL, PLAYING, PLAYING) and s.to_move == 2 and s.ledger == Ledger.open(players=3)
    assert game.position("K♦", hands, banker=2).to_move == 1    # P0's natural does not act
    assert game.position("K♦", hands).banker == 2
    assert game.position("K♦", hands[1:] + hands[:1]).to_move is None    # the banker's natural ends the round
    for stock, dealt, said in (("K♦ 2♣", ["K♦ 3♣ 9♣", "5♣ 6♣ 7♣", "8♣ 4♣ 10♣"], "K♦ is named more often than the deck holds it"),
                               ("Jk", None, "Jk is not a card of this deck")):
        with pytest.raises(ValueError) as err:
            game.position(stock, dealt)
        assert str(err.value) == said
    two = ThirtyOneBank(Rules(decks=2), players=2)
    assert two.position("K♦ K♦").stock == tuple(parse_cards("K♦ K♦"))
    with pytest.raises(ValueError) as err:
        two.position("K♦ K♦ K♦")
    assert str(err.value) == "K♦ is named more often than the deck holds it"


def test_refusals_and_notation():
    game = ThirtyOneBank(players=2)
    s = game.deal(1)
    empty = game.position((), s.hands)
    with pytest.raises(Exception, match=r"the shoe is empty: no card can be bought, stand \[rule thirty-one-buy\]"):
        game.check_move(empty, BUY)
    assert game.legal_moves(empty) == (STAND,)
    assert game.parse_move("buy") == BUY and str(STAND) == "stand"


@pytest.mark.parametrize("passes, bankers", [(True, {(0, 3), (1, 2), (2, 1)}), (False, {(0, 3), (1, 3), (2, 3)})])
def test_the_bank_passes_to_the_right_after_each_talia_unless_one_banker_keeps_it(passes, bankers):
    game = ThirtyOneBank(Rules(talias=3, bank_passes=passes), players=4)
    state, seen = game.deal(2), set()
    while state.to_move is not None:
        seen.add((state.talia, state.banker))
        state = game.apply(state, STAND)
    assert seen == bankers


def test_exact_naturals():
    # ace with two ten-cards, or two aces with a nine: (4*C(16,2) + C(4,2)*4) / C(52,3)
    assert props.natural_chance(1) == Fraction(4 * 120 + 6 * 4, 22100) == Fraction(126, 5525)
    assert props.natural_chance(2) > props.natural_chance(1)


@pytest.mark.parametrize("name", ["money_conserved", "stakes_conserved", "odds_exact", "round_rules", "zero_sum",
                                  "moves_match_clauses"])
def test_properties_hold(name):
    r = check(GAMES, name)
    assert r.verdict == "holds", (name, r.detail, r.counterexample)


def test_simulation_and_the_remark_hold():
    assert check([ThirtyOneBank(players=2)], "odds_simulated").verdict == "holds"
    assert check([ThirtyOneBank(players=2)], "remark_26_27").verdict == "holds"


# ------------------------------------------------------------ mutation tests


def test_odds_exact_refutes_blackjack_aces():
    """The engine counting only one ace as 11 (blackjack's rule) misses A A 9."""
    def one_soft_ace(cards):
        hard = sum(card_value(c) for c in cards)
        return hard + 10 if any(c.rank.label == "A" for c in cards) and hard + 10 <= 31 else hard
    with CLAUSES.replaced("thirty-one-values", one_soft_ace):
        assert_refuted(check([ThirtyOneBank(players=2)], "odds_exact"))


def test_odds_simulated_refutes_a_bust_paid_by_the_banker():
    """Balanced but wrong: the banker pays a punter who goes over."""
    with CLAUSES.replaced("thirty-one-bust-pays", lambda p, b, amount: ((f"P{b}", -amount), (f"P{p}", amount))):
        assert_refuted(check([ThirtyOneBank(players=2)], "odds_simulated"))


def test_remark_is_refuted_when_busting_is_cheap_and_the_showdown_dear():
    games = [ThirtyOneBank(Rules(bust_pays=1, showdown_pays=100), players=2)]
    assert_refuted(check(games, "remark_26_27"))


class BankerFirst(ThirtyOneBank):
    """The banker acts before the punters."""

    def deal_one(self, state):
        after, over = super().deal_one(state)
        if not over and after.status[after.banker] == PLAYING:
            after = State(after.stock, after.hands, after.discards, after.status, after.banker, after.banker,
                          after.talia, after.ledger, after.seed)
        return after, over


def test_round_rules_refutes_a_banker_acting_first():
    r = check([BankerFirst(players=3)], "round_rules")
    assert_refuted(r)
    assert "banker acts" in r.counterexample.text


# ------------------------------------------------------------ the rules, case by case

@pytest.mark.parametrize("card, value", [("2♠", 2), ("9♥", 9), ("10♦", 10), ("J♣", 10), ("Q♠", 10), ("K♥", 10),
                                         ("A♦", 1)])
def test_card_values(card, value):
    assert card_value(parse_cards(card)[0]) == value


@pytest.mark.parametrize("cards, total, natural, bust", [
    ("K♠ Q♠ J♠", 30, False, False),
    ("10♠ 10♥ A♣", 31, True, False),
    ("A♠ A♥ 9♣", 31, True, False),          # both aces as 11
    ("A♠ K♥ Q♣", 31, True, False),
    ("A♠ A♥ A♣", 23, False, False),         # 11 + 11 + 1
    ("A♠ K♥ Q♣ 5♦", 26, False, False),      # the ace drops to 1
    ("9♠ 9♥ 9♣ 4♦", 31, False, False),      # 31 in four cards is no natural
    ("A♠ K♥ Q♣ J♦", 31, False, False),      # the ace counts 1
    ("A♠ 10♥", 21, False, False),           # two cards are no natural
    ("A♠ A♥ 9♣ A♦", 22, False, False),      # 11 + 1 + 9 + 1: a third ace as 11 would go over
    ("A♠ A♥ A♣ A♦", 24, False, False),      # 11 + 11 + 1 + 1
    ("10♠ 10♥ 10♣ 2♦", 32, False, True),
    ("K♠ K♥ K♣ A♦ A♣", 32, False, True),    # every ace as 1 and still over
])
def test_counts_naturals_and_going_over(cards, total, natural, bust):
    hand = parse_cards(cards)
    assert (best_total(hand), is_natural(hand), is_bust(hand)) == (total, natural, bust)


@pytest.mark.parametrize("status, banker, after, expected", [
    (("", "", "", ""), 1, None, 2),
    (("", "", "", ""), 1, 2, 3),
    (("", "", "", ""), 1, 3, 0),
    (("", "", "", ""), 1, 0, 1),            # the banker acts last
    (("", "", "", ""), 1, 1, None),
    (("", "natural", "bust", ""), 3, None, 0),
    (("stands", "natural", "", ""), 3, 0, 2),
    (("stands", "natural", "stands", "stands"), 3, None, None),
])
def test_punters_act_from_the_bankers_left_and_the_banker_last(status, banker, after, expected):
    assert next_to_act(status, banker, after) == expected


@pytest.mark.parametrize("left, players, over", [(9, 3, False), (8, 3, True), (6, 2, False), (5, 2, True),
                                                  (0, 2, True)])
def test_a_talia_ends_when_the_shoe_cannot_give_everyone_three_cards(left, players, over):
    assert talia_over(left, players) is over


ROUND = ["10♠ 9♠ 5♥", "10♥ 9♥ 8♥", "10♣ 9♣ 6♠"]   # 24, 27; the banker P2 holds 25


@pytest.mark.parametrize("punter, returns", [
    ("10♥ 9♥ 8♥", (-2, 2, 0)),       # 27 beats 25
    ("10♥ 9♥ 6♥", (-2, 0, 2)),       # 25 against 25: quits
    ("10♥ 9♥ 4♥", (-2, -2, 4)),      # 23 under 25 pays
])
def test_the_showdown_against_a_standing_banker(punter, returns):
    game = ThirtyOneBank(players=3)
    s = game.play(game.position("K♦ 2♣ 2♦ 3♣ 3♦ 4♣", [ROUND[0], punter, ROUND[2]]), BUY)  # P0 24 + K: over
    assert s.status[0] == BUST and s.ledger["P0"] == -2 and s.ledger["P2"] == 2 and s.to_move == 1
    s = game.play(game.play(s, STAND), STAND)
    assert game.outcome(s).returns == returns


def test_the_sums_paid_are_rules_options():
    game = ThirtyOneBank(Rules(bust_pays=3, showdown_pays=4), players=3)
    s = game.position("K♦ 2♣ 2♦ 3♣ 3♦ 4♣", ROUND)
    s = game.play(s, BUY)
    assert s.ledger["P0"] == -3 and s.ledger["P2"] == 3
    s = game.play(game.play(s, STAND), STAND)
    assert game.outcome(s).returns == (-3, 4, -1)


@pytest.mark.parametrize("options, returns", [({}, (-2, 2, 0)), ({"banker_bust_to": "all"}, (0, 2, -2)),
                                              ({"banker_bust_pays": 7}, (-2, 7, -5)),
                                              ({"banker_bust_to": "all", "banker_bust_pays": 7}, (5, 7, -12))])
def test_a_busted_banker_pays_those_still_in_the_agreed_sum_and_no_bust_fee_to_himself(options, returns):
    game = ThirtyOneBank(Rules(**options), players=3)
    s = game.position("K♦ 2♣ K♣ 3♦ 3♣ 4♣ 4♦ 5♣ 5♦ 6♣ 6♦ 7♣ 7♦ 8♣", ROUND)
    s = game.play(game.play(s, BUY), STAND)
    s = game.play(game.play(s, BUY), BUY)      # the banker: 25 + 2 + K = 37, and a new round is dealt
    assert s.hands[2] == tuple(parse_cards("4♣ 5♦ 7♣")) and s.to_move == 0
    assert game.outcome(s).returns == returns


def test_a_busted_banker_does_not_pay_a_natural_again():
    game = ThirtyOneBank(Rules(banker_bust_to="all"), players=3)
    s = game.position("K♦ K♣ 3♦ 3♣ 4♣ 4♦ 5♣ 5♦ 6♣ 6♦ 7♣ 7♦ 8♣ 9♦", ["A♠ K♠ Q♠", ROUND[1], ROUND[2]])
    assert s.status[0] == NATURAL and s.to_move == 1
    s = game.play(game.play(game.play(s, STAND), BUY), STAND)    # the banker buys K: 35, over
    assert game.outcome(s).returns == (0, 2, -2)                # the natural's payment is dealt with at the deal


def deal_from(game, stock, banker=2, talia=0):
    return game.deal_one(game.position(stock, banker=banker, talia=talia))


NATURALS = parse_cards("A♠ 2♣ A♥ Q♠ 3♣ K♥ J♠ 4♣ Q♥") + parse_cards("5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ 2♦ 3♦ 4♦")


@pytest.mark.parametrize("options, returns", [({}, (2, -2, 0)), ({"natural_against_natural": "quits"}, (0, -2, 2)),
                                              ({"natural_pays": 5}, (5, -5, 0)),
                                              ({"natural_pays": 5, "natural_against_natural": "quits"}, (0, -5, 5))])
def test_naturals_are_paid_the_agreed_sum_at_once_and_a_banker_natural_collects(options, returns):
    game = ThirtyOneBank(Rules(**options), players=3)
    after, over = deal_from(game, NATURALS)     # P0 A Q J and the banker A K Q
    assert over and after.to_move is None and after.status == (NATURAL, PLAYING, NATURAL)
    assert after.ledger.player_returns(Ledger.open(players=3), 3) == returns


def test_a_punters_natural_is_paid_at_once_and_the_round_goes_on():
    game = ThirtyOneBank(Rules(natural_pays=5), players=3)
    stock = parse_cards("A♠ 2♣ 5♥ Q♠ 3♣ K♥ J♠ 4♣ Q♥ 6♦ 7♦")
    after, over = deal_from(game, stock)
    assert not over and after.status == (NATURAL, PLAYING, PLAYING) and after.to_move == 1
    assert after.hands[0] == tuple(parse_cards("A♠ Q♠ J♠")) and after.stock == tuple(parse_cards("6♦ 7♦"))
    assert after.ledger.player_returns(Ledger.open(players=3), 3) == (5, 0, -5)


@pytest.mark.parametrize("talias, passes, banker, talia", [(1, True, None, 0), (2, True, 0, 1), (2, False, 1, 1)])
def test_a_short_shoe_ends_the_talia(talias, passes, banker, talia):
    game = ThirtyOneBank(Rules(talias=talias, bank_passes=passes), players=2)
    after, over = deal_from(game, parse_cards("2♣ 3♣ 4♣ 5♣ 6♣"), banker=1)    # five cards: not three each
    if banker is None:
        assert over and after.to_move is None and game.is_over(after)
        assert game.legal_moves(after) == () and game.apply(after, STAND) == after
    else:
        assert after.banker == banker and after.talia == talia and len(after.stock) == 52 - 6
        assert after.discards == ()


def test_six_cards_still_serve_two_players():
    game = ThirtyOneBank(players=2)
    after, over = deal_from(game, parse_cards("2♣ 3♣ 4♣ 5♣ 6♣ 7♣"), banker=1)
    assert not over and after.hands == (tuple(parse_cards("2♣ 4♣ 6♣")), tuple(parse_cards("3♣ 5♣ 7♣")))
    assert after.to_move == 0 and after.stock == ()
    assert game.legal_moves(after) == (STAND,)


def test_the_cards_played_go_to_the_discards_until_the_next_talia():
    game = ThirtyOneBank(players=2)
    s = game.deal(4)
    first = s.hands
    s = game.play(game.play(s, STAND), STAND)
    assert sorted(s.discards) == sorted(c for h in first for c in h) and len(s.stock) == 52 - 12
    z = game.zones(s)
    assert set(z) == {"hand 0", "hand 1", "discards", "stock"} and z["hand 1"] == s.hands[1]
    assert sum(len(c) for c in z.values()) == 52


def test_outcome_descriptions_and_bound():
    game = ThirtyOneBank(players=3)
    s = game.position("K♦ 2♣ 2♦ 3♣ 3♦ 4♣", ROUND)
    assert game.describe(s) == ("banker P2; talia 1; shoe 6; P0 10♠ 9♠ 5♥ (24); P1 10♥ 9♥ 8♥ (27); "
                                "P2 10♣ 9♣ 6♠ (25)")
    s = game.play(s, BUY)
    assert game.describe_move(s) == ("P0 10♠ 9♠ 5♥ K♦ (34 over) | P1 10♥ 9♥ 8♥ (27) | P2 10♣ 9♣ 6♠ (25); "
                                     "purses -2 +0 +2")
    out = game.outcome(s)
    assert out.winners == (2,) and out.losers == (0,) and out.scores == (-2, 0, 2)
    # one pack, two players: at most 52 cards bought, and two stands in each of at most 9 rounds
    assert ThirtyOneBank(players=2).max_plays() == 52 + 2 * 9
    assert ThirtyOneBank(Rules(talias=2, decks=2), players=4).max_plays() == 2 * (104 + 4 * 9)


@pytest.mark.parametrize("talias, over, talia", [(1, True, 0), (2, False, 1)])
def test_a_bankers_natural_on_the_last_cards_of_a_shoe_ends_the_talia(talias, over, talia):
    game = ThirtyOneBank(Rules(talias=talias), players=2)
    s = game.deal_round(game.position("2♣ A♠ 3♣ K♠ 4♣ Q♠", banker=1))
    assert game.is_over(s) is over and s.talia == talia
    if over:
        assert game.outcome(s).returns == (-2, 2)     # the banker's natural collected, nothing more to deal


def test_a_winner_of_a_single_chip_wins():
    game = ThirtyOneBank(Rules(bust_pays=1), players=3)
    s = game.play(game.position("K♦ 2♣ 2♦ 3♣ 3♦ 4♣", ROUND), BUY)
    out = game.outcome(s)
    assert out.returns == (-1, 0, 1) and out.winners == (2,) and out.losers == (0,)


def leaking(name, clause):
    """Clause ``clause`` (the settlement ``name`` of the rules module) replaced by one that creates a chip for P0."""
    rule = getattr(rules_module, name)
    return CLAUSES.replaced(clause, lambda *args: rule(*args) + (("P0", 1),))


def unbalanced(call) -> str:
    with pytest.raises(ValueError) as exc:
        call()
    return str(exc.value)


@pytest.mark.parametrize("name, clause", [("natural_paid", "thirty-one-natural-paid"),
                                          ("banker_natural", "thirty-one-banker-natural")])
def test_an_unbalanced_natural_payment_names_its_clause(name, clause):
    game = ThirtyOneBank(players=3)
    with leaking(name, clause):
        assert unbalanced(lambda: deal_from(game, NATURALS)) == (
            f"settlement of clause {clause} does not balance: gains and losses sum to 1")


@pytest.mark.parametrize("name, stock, moves, clause", [
    ("bust_paid", "K♦ 2♣ 2♦ 3♣ 3♦ 4♣", [BUY], "thirty-one-bust-pays"),
    ("showdown", "K♦ 2♣ 2♦ 3♣ 3♦ 4♣", [STAND, STAND, STAND], "thirty-one-showdown"),
    ("banker_bust", "K♦ 2♣ 2♦ 3♣ 3♦ 4♣", [STAND, STAND, BUY], "thirty-one-banker-bust"),
])
def test_an_unbalanced_settlement_in_play_names_its_clause(name, stock, moves, clause):
    game = ThirtyOneBank(players=3)
    s = game.position(stock, ROUND)
    for m in moves[:-1]:
        s = game.play(s, m)
    with leaking(name, clause):
        assert unbalanced(lambda: game.play(s, moves[-1])) == (
            f"settlement of clause {clause} does not balance: gains and losses sum to 1")


def test_a_whole_shoe_of_standing_ends_with_every_card_accounted_for():
    game = ThirtyOneBank(players=4)
    s = game.deal(9)
    while not game.is_over(s):
        s = game.play(s, STAND)
    assert s.seed == 9 and s.talia == 0 and len(s.stock) < 12
    assert sum(len(c) for c in game.zones(s).values()) == 52 and len(s.discards) == 52 - 12 - len(s.stock)
    assert sum(game.outcome(s).returns) == 0


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_the_shoe_holds_every_pack(decks):
    game = ThirtyOneBank(Rules(decks=decks), players=4)
    assert len(game.deck()) == 52 * decks and sorted(game.shoe(3, 0)) == sorted(game.deck())


# ------------------------------------------------------------ the declared space

@pytest.mark.parametrize("players", [2, 3, 5, 8])
@pytest.mark.parametrize("rules", [Rules(), Rules(talias=8), Rules(talias=2, bank_passes=False), Rules(decks=3)])
def test_the_small_configurations_are_explored_to_the_end_at_any_rules(rules, players):
    from verifier.api import explore
    game = ThirtyOneBank(rules, players=players)
    roots = props.small(game)
    assert len(roots) == 2 + props.SHOE_ENDS
    banker = (players - 1 - (rules.talias - 1)) % players if rules.bank_passes else players - 1
    assert all(r.state.talia == rules.talias - 1 and r.state.banker == banker for r in roots)
    ex = explore(game, roots, longest=False)
    assert ex.complete and ex.terminals and ex.states < 20_000


def test_the_small_configurations_pay_the_naturals():
    game = ThirtyOneBank(players=3)
    punter, both = props.small(game)[:2]
    assert punter.state.status[0] == NATURAL and punter.state.ledger["P0"] == 2
    assert both.state.status[0] == both.state.status[2] == NATURAL and game.is_over(both.state)
    assert both.state.ledger["P1"] == -2 and both.state.ledger["P0"] == 2  # the banker collects from P1 only


def test_moves_match_clauses_is_exhaustive_for_thirty_one():
    r = check([ThirtyOneBank(players=8)], "moves_match_clauses")
    assert r.verdict == "holds" and r.method == "exhaustive" and r.detail.startswith("exhaustive over ")


def test_round_rules_refutes_a_natural_left_unpaid_in_the_small_configurations():
    from verifier.core import Budget
    never = Budget(seed=1, examples=1, z3_timeout_ms=10_000, max_plays=3)  # random play too short to meet one
    with CLAUSES.replaced("thirty-one-natural", lambda cards: False):
        r = check([ThirtyOneBank(players=3)], "round_rules", never)
    assert_refuted(r)
    assert r.method == "exhaustive" and "has a natural but was not paid it" in r.counterexample.text


def test_odds_exact_counts_the_hands_of_the_rules_shoe():
    r = check([ThirtyOneBank(Rules(decks=2), players=2)], "odds_exact")
    assert r.verdict == "holds" and r.detail.endswith("over all 182104 hands of 2 packs")


def test_the_exact_edge_pays_the_rules_sums():
    assert props.banker_edge(27, 1, Rules(banker_bust_to="all")) < props.banker_edge(27)
    assert props.banker_edge(27, 1, Rules(bust_pays=3)) > props.banker_edge(27)
    assert props.banker_edge(21, 1, Rules(natural_against_natural="quits")) == 0  # no edge left below 22


def test_odds_simulated_plays_the_rules_under_test():
    rules = Rules(bust_pays=100)
    assert check([ThirtyOneBank(rules, players=2)], "odds_simulated").verdict == "holds"
    with CLAUSES.replaced("thirty-one-bust-pays", lambda punter, banker, amount: bust_paid(punter, banker, 2)):
        assert_refuted(check([ThirtyOneBank(rules, players=2)], "odds_simulated"))


def test_the_remark_is_claimed_where_a_bust_costs_at_least_a_showdown():
    prop = check([ThirtyOneBank(players=2)], "remark_26_27").property
    assert prop.scope.text == "bust_pays >= showdown_pays"
    cheap = check([ThirtyOneBank(Rules(bust_pays=1), players=2)], "remark_26_27")
    assert cheap.verdict == "refuted" and cheap.expected is None  # a finding about that house rule
    dear = check([ThirtyOneBank(Rules(bust_pays=3), players=2)], "remark_26_27")
    assert dear.verdict == "holds" and dear.expected == "holds"


def test_the_remark_refunds_a_bust_when_the_banker_pays_everyone():
    stand, buy = props.remark(26, 31)
    stand_all, buy_all = props.remark(26, 31, Rules(banker_bust_to="all"))
    assert stand_all == stand and buy_all > buy
    assert check([ThirtyOneBank(Rules(banker_bust_to="all"), players=2)], "remark_26_27").verdict == "holds"
