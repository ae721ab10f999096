"""Casino War: the rules, the ledger, the exact expected returns, and one mutation test per property."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

import verifier.games.casino_war as props
from spec.cards import parse_cards
from spec.errors import IllegalMove, VariantError
from spec.games.casino_war import (
    CLAUSES, SURRENDER, WAR, Bet, CasinoWar, Rules, half_down, surrender_as_written,
)
from spec.rules import make_rules
from tests.helpers import assert_refuted, check

GAMES = [CasinoWar(players=n) for n in (2, 3, 5)]


def test_higher_card_wins_even_money_and_lower_loses():
    game = CasinoWar()
    end = game.play(game.position("K♠ 9♥ 2♣"), Bet(4, 0))
    assert game.is_over(end) and game.outcome(end).returns == (4, -4)  # the player, then the dealer
    end = game.play(game.position("3♠ 9♥ 2♣"), Bet(4, 0))
    assert game.outcome(end).returns == (-4, 4) and game.ledger(end)["bank"] == 4


def test_a_tie_offers_war_or_surrender():
    game = CasinoWar()
    s = game.play(game.position("9♠ 9♥ 2♣ 3♣ 4♣ Q♦ J♦"), Bet(4, 1))
    assert game.legal_moves(s) == (WAR, SURRENDER)
    give_up = game.play(s, SURRENDER)
    assert game.outcome(give_up).returns[0] == -2 + 10  # half the bet lost, the tie bet wins 10 to 1
    war = game.play(s, WAR)
    assert war.burned == tuple(parse_cards("2♣ 3♣ 4♣")) and war.dealer[1] == parse_cards("J♦")[0]
    assert game.outcome(war).returns[0] == 4 + 10  # Q beats J: the raise wins, the bet comes back


def test_a_war_tie_goes_to_the_player_and_a_lower_war_card_loses_both():
    game = CasinoWar()
    s = game.play(game.position("9♠ 9♥ 2♣ 3♣ 4♣ J♠ J♦"), Bet(2, 0))
    assert game.outcome(game.play(s, WAR)).returns[0] == 2
    s = game.play(game.position("9♠ 9♥ 2♣ 3♣ 4♣ 5♠ J♦"), Bet(2, 0))
    assert game.outcome(game.play(s, WAR)).returns[0] == -4


def test_refusals_say_why():
    game = CasinoWar(players=3)
    s = game.deal(3)
    with pytest.raises(IllegalMove, match=r"bet 2 to 10 in even chips \[rule casino-war-bet\]"):
        game.check_move(s, Bet(3, 0))
    with pytest.raises(IllegalMove, match=r"tie bet of 5 is not allowed"):
        game.check_move(s, Bet(2, 5))
    with pytest.raises(IllegalMove, match=r"no cards are dealt yet"):
        game.check_move(s, WAR)
    two = CasinoWar()
    end = two.play(two.position("K♠ 9♥ 2♣"), Bet(2, 0))
    with pytest.raises(IllegalMove, match="game is over"):
        CasinoWar().check_move(end, WAR)
    assert game.parse_move("bet 4") == Bet(4, 0) and str(Bet(4, 1)) == "bet 4 tie 1"
    with pytest.raises(VariantError):
        Rules(min_bet=1)


def test_exact_returns_known_values():
    one = props.decks_odds(1)
    assert one.tie == Fraction(3, 51) and one.surrender == -one.tie / 2
    assert one.tie_bet == one.tie * 11 - 1
    six = props.decks_odds(6)
    assert six.tie == Fraction(23, 311)  # 6 decks: 23 of the other 311 cards share the rank
    assert round(float(six.edge("surrender")) * 100, 2) == 3.70
    assert round(float(six.edge("tie_bet")) * 100, 2) == 18.65


@pytest.mark.parametrize("name", ["money_conserved", "surrender_whole", "stakes_conserved", "odds_exact",
                                  "war_rules", "zero_sum", "moves_match_clauses", "odds_simulated"])
def test_properties_hold(name):
    r = check(GAMES, name)
    assert r.verdict == "holds", (name, r.detail, r.counterexample)


def test_surrender_as_written_loses_a_chip_on_an_odd_bet():
    r = check(GAMES, "surrender_as_written_conserved")
    assert_refuted(r)
    assert "vanish" in r.counterexample.text


def test_odd_bets_break_whole_halves_but_not_the_ledger():
    games = [CasinoWar(Rules(bets="any", min_bet=1, max_bet=5), players=n) for n in (2, 3)]
    assert_refuted(check(games, "surrender_whole"))
    assert check(games, "money_conserved").verdict == "holds"
    assert check(games, "war_rules").verdict == "holds"


# ------------------------------------------------------------ mutation tests


def test_odds_exact_refutes_a_war_tie_for_the_dealer():
    import spec.games.casino_war as mod
    with CLAUSES.replaced("casino-war-war-result", lambda player, dealer: mod.compare(player, dealer) > 0):
        assert_refuted(check([CasinoWar(players=2)], "odds_exact"))


def test_odds_simulated_refutes_a_win_paid_two_to_one():
    """Balanced but wrong: a higher first card wins two to one."""
    with CLAUSES.replaced("casino-war-even-money", lambda p, a: (("pot", -a), ("bank", -2 * a), (f"P{p}", 3 * a))):
        assert_refuted(check([CasinoWar(players=2)], "odds_simulated"))


class SurrenderWithoutATie(CasinoWar):
    def legal_moves(self, state):
        if state.first and state.to_move is None and not self.is_over(state):
            return (SURRENDER,)
        return super().legal_moves(state)

    def apply(self, state, move):
        if type(move) is Bet and state.to_move == self.punters - 1:
            after = super().apply(state, move)
            return replace(after, choices=("surrender",) + after.choices[1:])
        return super().apply(state, move)


def test_war_rules_refutes_a_choice_without_a_tie():
    r = check([SurrenderWithoutATie(players=2)], "war_rules")
    assert_refuted(r)
    assert "without a tie" in r.counterexample.text


# ------------------------------------------------------------ the rules, case by case

def table(order, punters):
    """A fresh round of ``punters`` players (the dealer is the last seat) on a stacked shoe."""
    game = CasinoWar(players=punters + 1)
    return game, game.position(order)


@pytest.mark.parametrize("rules, move, expected", [
    (Rules(), Bet(2, 0), None),
    (Rules(), Bet(10, 2), None),
    (Rules(), Bet(0, 0), ("casino-war-bet", "a bet of 0 is not allowed: bet 2 to 10 in even chips")),
    (Rules(), Bet(12, 0), ("casino-war-bet", "a bet of 12 is not allowed: bet 2 to 10 in even chips")),
    (Rules(), Bet(5, 0), ("casino-war-bet", "a bet of 5 is not allowed: bet 2 to 10 in even chips")),
    (Rules(), Bet(4, 3), ("casino-war-tie-bet", "a tie bet of 3 is not allowed: 0 to 2")),
    (Rules(), Bet(4, -1), ("casino-war-tie-bet", "a tie bet of -1 is not allowed: 0 to 2")),
    (Rules(bets="any", min_bet=1, max_bet=5), Bet(3, 0), None),
    (Rules(bets="any", min_bet=1, max_bet=5), Bet(1, 0), None),
    (Rules(bets="any", min_bet=1, max_bet=5), Bet(6, 0), ("casino-war-bet", "a bet of 6 is not allowed: bet 1 to 5")),
    (Rules(max_tie_bet=0), Bet(4, 1), ("casino-war-tie-bet", "a tie bet of 1 is not allowed: 0 to 0")),
])
def test_bets_between_the_limits(rules, move, expected):
    game = CasinoWar(rules, players=2)
    s = game.deal(1)
    assert game.refusal(s, move) == expected and (move in game.legal_moves(s)) is (expected is None)


def test_bets_close_once_the_cards_are_dealt_and_only_a_tied_player_chooses():
    game, s = table("9♠ K♦ 9♥ 2♣ 3♣ 4♣ Q♦ J♦", 2)  # P0 ties the dealer's 9, P1 holds a king
    s = game.play(game.play(s, Bet(2, 0)), Bet(2, 0))
    assert s.to_move == 0 and game.legal_moves(s) == (WAR, SURRENDER)
    assert game.refusal(s, Bet(2, 0)) == ("casino-war-bet", "the cards are dealt: bets are closed")
    assert game.refusal(replace(s, to_move=1), WAR) == (
        "casino-war-tie-choice", "P1's K♦ does not tie the dealer's 9♥: there is nothing to choose")
    assert game.refusal(game.deal(2), SURRENDER) == (
        "casino-war-tie-choice", "no cards are dealt yet: every player bets first")


@pytest.mark.parametrize("kwargs, key, message", [
    ({"min_bet": 12}, "max_bet", "key 'max_bet': 10 is below min_bet 12; allowed: at least 12"),
    ({"min_bet": 4, "max_bet": 2}, "max_bet", "key 'max_bet': 2 is below min_bet 4; allowed: at least 4"),
    ({"min_bet": 1}, "min_bet",
     "key 'min_bet': bets 1-10 are not both even (bets = 'even'); allowed: even numbers, or bets = 'any'"),
    ({"max_bet": 9}, "min_bet",
     "key 'min_bet': bets 2-9 are not both even (bets = 'even'); allowed: even numbers, or bets = 'any'"),
])
def test_limits_that_cannot_be_played_are_refused(kwargs, key, message):
    with pytest.raises(VariantError) as exc:
        Rules(**kwargs)
    assert exc.value.key == key and str(exc.value) == message


@pytest.mark.parametrize("kwargs", [{"min_bet": 10}, {"min_bet": 4, "max_bet": 4},
                                    {"bets": "any", "min_bet": 3, "max_bet": 3}, {"bets": "any", "max_bet": 7}])
def test_limits_that_can_be_played_are_accepted(kwargs):
    rules = Rules(**kwargs)
    game = CasinoWar(rules, players=2)
    bets = {m.amount for m in game.legal_moves(game.deal(0))}
    assert min(bets) == rules.min_bet and max(bets) == rules.max_bet


def test_several_players_choose_in_seat_order_and_one_burn_serves_the_war():
    # P0 9♠ and P2 9♣ tie the dealer's 9♥; P1's 5♦ loses
    game, s = table("9♠ 5♦ 9♣ 9♥ 2♣ 3♣ 4♣ Q♦ 3♦ J♦ K♣", 3)
    s = game.play(game.play(game.play(s, Bet(4, 0)), Bet(2, 1)), Bet(6, 0))
    assert s.to_move == 0 and not game.is_over(s)
    s = game.play(s, WAR)
    assert s.to_move == 2 and s.burned == ()       # nothing is burned before every tied player has chosen
    end = game.play(s, SURRENDER)
    assert game.is_over(end) and game.legal_moves(end) == ()
    assert end.burned == tuple(parse_cards("2♣ 3♣ 4♣")) and end.war == (parse_cards("Q♦")[0], None, None)
    assert end.dealer == tuple(parse_cards("9♥ 3♦"))
    out = game.outcome(end)
    # P0 wins the raise (+4), P1 loses bet and tie bet (-3), P2 gives up half of 6 (-3), the dealer +2
    assert out.returns == (4, -3, -3, 2)
    assert out.winners == (0, 3) and out.losers == (1, 2)
    assert game.ledger(end)["pot"] == 0
    assert game.apply(end, WAR) == end             # a move after the end changes nothing


def test_two_players_at_war_get_war_cards_in_seat_order():
    game, s = table("9♠ 9♦ 9♥ 2♣ 3♣ 4♣ 8♦ K♦ 10♣", 2)
    s = game.play(game.play(s, Bet(2, 0)), Bet(2, 0))
    end = game.play(game.play(s, WAR), WAR)
    assert end.war == tuple(parse_cards("8♦ K♦")) and end.dealer[1] == parse_cards("10♣")[0]
    assert game.outcome(end).returns == (-4, 2, 2)  # 8 under 10 loses bet and raise; K wins the raise
    assert game.describe_move(end) == ("dealer 9♥; P0 9♠ P1 9♦; burned 2♣ 3♣ 4♣; war: dealer 10♣, P0 8♦ P1 K♦; "
                                       "returns -4 +2 +2")


def test_everyone_surrenders_and_no_war_card_is_dealt():
    game, s = table("9♠ 9♥ 2♣ 3♣ 4♣ Q♦ J♦", 1)
    end = game.play(game.play(s, Bet(4, 0)), SURRENDER)
    assert game.is_over(end) and end.burned == () and len(end.dealer) == 1 and len(end.shoe) == 5
    assert game.outcome(end).returns == (-2, 2)


@pytest.mark.parametrize("bet, back, kept", [(2, 1, 1), (4, 2, 2), (5, 2, 3), (1, 0, 1)])
def test_surrender_gives_back_half_rounded_down_and_the_dealer_keeps_the_odd_chip(bet, back, kept):
    game = CasinoWar(Rules(bets="any", min_bet=1, max_bet=5), players=2)
    end = game.play(game.play(game.position("9♠ 9♥ 2♣ 3♣ 4♣ Q♦ J♦"), Bet(bet, 0)), SURRENDER)
    out = game.outcome(end)
    assert out.returns == (back - bet, kept) and out.winners == (1,) and out.losers == (0,)


@pytest.mark.parametrize("bet, player, dealer", [(1, 0, 0), (2, 1, 1), (5, 2, 2)])
def test_the_surrender_as_written_rounds_both_halves_down(bet, player, dealer):
    assert surrender_as_written(0, bet) == (("pot", -bet), ("P0", player), ("bank", dealer))


@pytest.mark.parametrize("pays, tie, tied, expected", [
    (10, 2, True, 20), (5, 2, True, 10), (1, 1, True, 1), (10, 2, False, -2), (5, 1, False, -1)])
def test_the_tie_bet_pays_the_tables_odds(pays, tie, tied, expected):
    game = CasinoWar(Rules(tie_pays=pays), players=2)
    order = "9♠ 9♥ 2♣ 3♣ 4♣ Q♦ J♦" if tied else "K♠ 9♥ 2♣"
    s = game.play(game.position(order), Bet(2, tie))
    if tied:
        s = game.play(s, SURRENDER)   # half the bet lost: -1
    assert game.outcome(s).returns[0] == expected + (-1 if tied else 2)


@pytest.mark.parametrize("burn, war_card, dealer_card", [(0, "2♣", "3♣"), (1, "3♣", "4♣"), (3, "Q♦", "J♦")])
def test_the_burn_option_sets_the_cards_burned_before_the_war(burn, war_card, dealer_card):
    game = CasinoWar(Rules(burn=burn), players=2)
    end = game.play(game.play(game.position("9♠ 9♥ 2♣ 3♣ 4♣ Q♦ J♦"), Bet(2, 0)), WAR)
    assert len(end.burned) == burn and end.burned == tuple(parse_cards("2♣ 3♣ 4♣"))[:burn]
    assert end.war[0] == parse_cards(war_card)[0] and end.dealer[1] == parse_cards(dealer_card)[0]


@pytest.mark.parametrize("decks", [1, 2, 6])
def test_the_shoe_holds_every_pack_and_a_fresh_deal_waits_for_bets(decks):
    game = CasinoWar(Rules(decks=decks), players=4)
    assert len(game.deck()) == 52 * decks
    s = game.deal(7)
    assert sorted(s.shoe) == sorted(game.deck()) and s.shoe != game.deck()  # shuffled
    assert s.bets == s.ties == (0, 0, 0) and s.first == s.dealer == () and s.to_move == 0 and s.seed == 7
    assert s.choices == ("", "", "") and s.war == (None, None, None) and s.burned == ()
    assert game.max_plays() == 6 and list(game.player_range()) == [2, 3, 4, 5, 6, 7]


def test_zones_and_what_the_players_see():
    game, s = table("9♠ 5♦ 9♥ 2♣ 3♣ 4♣ Q♦ J♦ K♣", 2)
    assert game.zones(s)["hand 0"] == () and game.describe(s) == "bets 0 0; shoe 9 cards"
    assert game.describe_move(s) == ""
    s = game.play(game.play(s, Bet(4, 0)), Bet(2, 1))
    assert game.describe_move(s) == "dealer 9♥; P0 9♠ P1 5♦"
    end = game.play(s, WAR)
    z = game.zones(end)
    assert z == {"hand 0": tuple(parse_cards("9♠ Q♦")), "hand 1": tuple(parse_cards("5♦")),
                 "dealer": tuple(parse_cards("9♥ J♦")), "burned": tuple(parse_cards("2♣ 3♣ 4♣")),
                 "shoe": tuple(parse_cards("K♣"))}
    assert game.hidden_zones(end, 0) == {"shoe", "burned"}
    assert game.describe(end) == "dealer 9♥/J♦; P0 9♠/Q♦ P1 5♦; table 0"
    assert game.describe_move(end) == ("dealer 9♥; P0 9♠ P1 5♦; burned 2♣ 3♣ 4♣; war: dealer J♦, P0 Q♦; "
                                       "returns +4 -3 -1")


def leaking(clause, nth=1):
    """Settlement ``clause`` replaced by one that creates a chip for the player, from its ``nth`` use on."""
    calls = []
    rule = CLAUSES.function(clause)

    def leak(*args):
        calls.append(args)
        deltas = rule(*args)
        return deltas + (("P0", 1),) if len(calls) >= nth else deltas
    return CLAUSES.replaced(clause, leak)


@pytest.mark.parametrize("clause, nth, order, tie, choice", [
    ("casino-war-placed", 1, "K♠ 9♥ 2♣", 0, None),
    ("casino-war-placed", 2, "9♠ 9♥ 2♣ 3♣ 4♣ Q♦ J♦", 0, WAR),   # the raise goes on the table
    ("casino-war-placed", 2, "K♠ 9♥ 2♣", 1, None),             # the tie bet goes on the table
    ("casino-war-even-money", 1, "K♠ 9♥ 2♣", 0, None),
    ("casino-war-lost", 1, "3♠ 9♥ 2♣", 0, None),
    ("casino-war-tie-pays", 1, "3♠ 9♥ 2♣", 1, None),
    ("casino-war-tie-pays", 1, "9♠ 9♥ 2♣ 3♣ 4♣ Q♦ J♦", 1, SURRENDER),
    ("casino-war-surrender", 1, "9♠ 9♥ 2♣ 3♣ 4♣ Q♦ J♦", 0, SURRENDER),
    ("casino-war-war-won", 1, "9♠ 9♥ 2♣ 3♣ 4♣ Q♦ J♦", 0, WAR),
    ("casino-war-war-lost", 1, "9♠ 9♥ 2♣ 3♣ 4♣ 5♦ J♦", 0, WAR),
])
def test_an_unbalanced_settlement_names_its_clause(clause, nth, order, tie, choice):
    game = CasinoWar(players=2)
    s = game.play(game.position(order), Bet(2, tie))
    if choice is not None:
        s = game.play(s, choice)
    with leaking(clause, nth), pytest.raises(ValueError) as exc:
        game.ledger(s)
    assert str(exc.value) == f"settlement of clause {clause} does not balance: gains and losses sum to 1"


def test_a_player_who_breaks_even_neither_wins_nor_loses():
    game, s = table("K♠ 3♦ 9♥", 2)
    end = game.play(game.play(s, Bet(2, 0)), Bet(2, 0))
    out = game.outcome(end)
    assert out.returns == (2, -2, 0) and out.winners == (0,) and out.losers == (1,)


@pytest.mark.parametrize("rules", [Rules(), Rules(bets="any", min_bet=1, max_bet=5, max_tie_bet=0)])
def test_the_bets_offered_are_exactly_the_bets_within_both_limits(rules):
    """Every bet a player could try, one step past each limit: the refusals allow the bets offered."""
    game = CasinoWar(rules, players=2)
    s = game.deal(0)
    tries = [Bet(a, t) for a in range(rules.min_bet - 1, rules.max_bet + 2) for t in range(-1, rules.max_tie_bet + 2)]
    allowed = [m for m in tries if game.refusal(s, m) is None]
    assert tuple(allowed) == game.legal_moves(s) and allowed
    step = 2 if rules.bets == "even" else 1
    assert {m.amount for m in allowed} == set(range(rules.min_bet, rules.max_bet + 1, step))
    assert {m.tie for m in allowed} == set(range(rules.max_tie_bet + 1))


def test_bets_lie_on_the_table_while_the_others_bet():
    game = CasinoWar(players=4)
    s = game.deal(11)
    s = game.play(s, Bet(4, 1))
    assert s.bets == (4, 0, 0) and s.ties == (1, 0, 0) and s.to_move == 1
    assert s.first == () and s.dealer == () and s.burned == () and s.seed == 11
    s = game.play(s, Bet(6, 0))
    assert s.bets == (4, 6, 0) and s.ties == (1, 0, 0) and s.to_move == 2
    led = game.ledger(s)
    assert led["pot"] == 11 and (led["P0"], led["P1"], led["P2"], led["bank"]) == (-5, -6, 0, 0)
    assert game.describe(s) == "bets 4 6 0; shoe 52 cards"


def test_choices_are_recorded_seat_by_seat_and_the_deal_keeps_its_seed():
    game = CasinoWar(players=4)
    s = game.position("9♠ 5♦ 9♣ 9♥ 2♣ 3♣ 4♣ Q♦ 3♦ J♦ K♣", seed=5)
    s = game.play(game.play(game.play(s, Bet(4, 0)), Bet(2, 0)), Bet(6, 0))
    assert s.seed == 5 and s.choices == ("", "", "")
    s = game.play(s, WAR)
    assert s.choices == ("war", "", "") and s.to_move == 2 and s.seed == 5
    end = game.play(s, SURRENDER)
    assert end.choices == ("war", "", "surrender") and end.seed == 5


def test_a_position_is_a_round_before_the_bets_on_a_stacked_shoe():
    game = CasinoWar(players=3)
    s = game.position("K♠ 9♥ 2♣", seed=4)
    assert s == game.position(parse_cards("K♠ 9♥ 2♣"), seed=4) and s.shoe == tuple(parse_cards("K♠ 9♥ 2♣"))
    assert s.bets == s.ties == (0, 0) and s.to_move == 0 and s.seed == 4 and game.position("K♠").seed == 0
    assert s.first == s.dealer == s.burned == () and s.choices == ("", "") and s.war == (None, None)
    dealt = game.deal(4)
    assert game.position(dealt.shoe, seed=4) == dealt   # a deal is the position of its shuffled shoe
    six = CasinoWar(Rules(decks=6))
    assert six.position("K♠ " * 6).shoe == tuple(parse_cards("K♠")) * 6
    for shoe, said in (("K♠ 9♥ K♠", "K♠ is named more often than the deck holds it"), ("9♥ Jk", "Jk is not a card of this deck")):
        with pytest.raises(ValueError) as err:
            game.position(shoe)
        assert str(err.value) == said
    with pytest.raises(ValueError) as err:
        six.position("K♠ " * 7)
    assert str(err.value) == "K♠ is named more often than the deck holds it"


def test_half_a_bet_is_rounded_down_for_z3_terms_too():
    import z3
    a = z3.Int("a")
    for bet, half in ((7, 3), (8, 4), (1, 0)):
        assert z3.simplify(z3.substitute(half_down(a), (a, z3.IntVal(bet)))).as_long() == half == half_down(bet)


# ------------------------------------------------------------ the declared space

@pytest.mark.parametrize("burn, deals", [(4, 1680), (10, 24024)])
def test_odds_exact_deals_a_shoe_long_enough_for_the_burn(burn, deals):
    r = check([CasinoWar(Rules(burn=burn), players=2)], "odds_exact")
    assert r.verdict == "holds", r.detail
    shoe = props.shoe_for(burn)
    assert len(shoe) == burn + 4 and r.detail.startswith(f"equal on all {deals} deals of 2♠ 3♠ 2♥ 3♥ 4♣")


def test_a_deal_of_the_round_stands_for_as_many_orders_of_the_shoe():
    game = CasinoWar(players=2)
    for bet in (2, 3):
        assert props.engine_war(game, props.SMALL_SHOE, bet, every=False) == \
            props.engine_war(game, props.SMALL_SHOE, bet, every=True)


def surrender_rounding_up(p, a):
    back = (a + 1) // 2 if isinstance(a, int) else a / 2
    return (("pot", -a), (f"P{p}", back), ("bank", a - back))


def test_odds_exact_checks_the_surrender_of_an_odd_bet():
    # balanced, so money_conserved holds, but the player gets the odd chip: only an odd bet shows it
    game = CasinoWar(Rules(bets="any", min_bet=1, max_bet=5), players=2)
    with CLAUSES.replaced("casino-war-surrender", surrender_rounding_up):
        r = check([game], "odds_exact")
        assert check([CasinoWar(players=2)], "odds_exact").verdict == "holds"  # even bets cannot tell
    assert_refuted(r)
    assert "bet 1, every deal of" in r.counterexample.text and "'surrender'" in r.counterexample.text


def test_the_odds_leave_out_the_tie_bet_where_the_table_has_none():
    r = check([CasinoWar(Rules(max_tie_bet=0), players=2)], "odds_exact")
    assert r.verdict == "holds" and "tie bet" not in r.detail
    sim = check([CasinoWar(Rules(max_tie_bet=0), players=2)], "odds_simulated")
    assert sim.verdict == "holds" and "no tie bet allowed" in sim.detail
    assert props.decks_odds(1, bet=3).surrender == props.decks_odds(1).win - props.decks_odds(1).lose \
        - props.decks_odds(1).tie * Fraction(2, 3)


def test_surrender_whole_is_claimed_only_where_no_bet_is_odd():
    prop = check([CasinoWar(players=2)], "surrender_whole").property
    where = prop.scope.where
    assert where(Rules(), 2) and where(Rules(bets="any", min_bet=4, max_bet=4), 2)
    assert not where(Rules(bets="any", min_bet=2, max_bet=4), 2)
    r = check([CasinoWar(Rules(bets="any", min_bet=1, max_bet=5), players=2)], "surrender_whole")
    assert r.verdict == "refuted" and r.expected is None and r.as_expected  # a finding about odd bets
    assert prop.scoped_title.endswith("(under bets = even (or a single even bet))")


@pytest.mark.parametrize("players", [3, 7])
def test_the_small_configurations_of_several_players_reach_a_choice(players):
    game = CasinoWar(players=players)
    roots = props.small(game)
    assert len(roots) == 13 and all(r.state.first for r in roots[1:])
    assert all(r.state.to_move is not None for r in roots[1:])  # someone tied: a choice to explore
    assert game.legal_moves(roots[0].state) == game.bets_allowed  # the last player's every bet


def test_a_wide_table_explores_every_bet_once():
    game = CasinoWar(Rules(max_bet=100), players=2)
    roots = props.small(game)
    every = [r for r in roots if r.label.startswith("every bet")]
    assert len(every) == 1 and len(game.legal_moves(every[0].state)) == 50 * 3
    assert all(r.state.first for r in roots if r not in every)


def test_war_rules_refutes_a_burn_short_of_the_rules_at_any_burn():
    import spec.games.casino_war as mod
    burn_as_ruled = mod.war_deal  # the clause itself, kept before it is replaced

    def burns_one_less(shoe, at_war, burn):
        return burn_as_ruled(shoe, at_war, burn - 1)
    with CLAUSES.replaced("casino-war-burn", burns_one_less):
        r = check([CasinoWar(Rules(burn=5), players=2)], "war_rules")
    assert_refuted(r)
    assert "4 cards burned before the war, not 5" in r.counterexample.text


def test_the_table_limits_keep_the_bets_offered_to_a_few_thousand():
    widest = CasinoWar(Rules(max_bet=100, max_tie_bet=100), players=2)
    assert len(widest.legal_moves(widest.deal(0))) == 50 * 101
    for key, value in (("max_bet", 101), ("max_tie_bet", 101), ("min_bet", 101)):
        with pytest.raises(VariantError):
            make_rules(Rules, {key: value})
