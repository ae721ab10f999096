"""Casino War: the rules, the ledger, the exact expected returns, and one mutation test per property."""

from __future__ import annotations

import json
import pathlib
from fractions import Fraction

import pytest

import verifier.games.casino_war as props
from spec.cards import parse_cards
from spec.engine import Record
from spec.errors import IllegalMove, VariantError
from spec.games.casino_war import SURRENDER, WAR, Bet, CasinoWar, Rules, State, even_money
from tests.helpers import assert_refuted, check

GAMES = [CasinoWar(players=n) for n in (2, 3, 5)]
DATA = pathlib.Path(__file__).parent / "data" / "records" / "casino_war"


def fresh(order, punters=1):
    return State(tuple(parse_cards(order)), (0,) * punters, (0,) * punters, (), (), ("",) * punters,
                 (None,) * punters, (), 0, 0)


def test_higher_card_wins_even_money_and_lower_loses():
    game = CasinoWar()
    end = game.play(fresh("K♠ 9♥ 2♣"), Bet(4, 0))
    assert game.is_over(end) and game.outcome(end).returns == (4, -4)  # the player, then the dealer
    end = game.play(fresh("3♠ 9♥ 2♣"), Bet(4, 0))
    assert game.outcome(end).returns == (-4, 4) and game.ledger(end)["bank"] == 4


def test_a_tie_offers_war_or_surrender():
    game = CasinoWar()
    s = game.play(fresh("9♠ 9♥ 2♣ 3♣ 4♣ Q♦ J♦"), Bet(4, 1))
    assert game.legal_moves(s) == (WAR, SURRENDER)
    give_up = game.play(s, SURRENDER)
    assert game.outcome(give_up).returns[0] == -2 + 10  # half the bet lost, the tie bet wins 10 to 1
    war = game.play(s, WAR)
    assert war.burned == tuple(parse_cards("2♣ 3♣ 4♣")) and war.dealer[1] == parse_cards("J♦")[0]
    assert game.outcome(war).returns[0] == 4 + 10  # Q beats J: the raise wins, the bet comes back


def test_a_war_tie_goes_to_the_player_and_a_lower_war_card_loses_both():
    game = CasinoWar()
    s = game.play(fresh("9♠ 9♥ 2♣ 3♣ 4♣ J♠ J♦"), Bet(2, 0))
    assert game.outcome(game.play(s, WAR)).returns[0] == 2
    s = game.play(fresh("9♠ 9♥ 2♣ 3♣ 4♣ 5♠ J♦"), Bet(2, 0))
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
    end = CasinoWar().play(fresh("K♠ 9♥ 2♣", 1), Bet(2, 0))
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
                                  "war_rules", "zero_sum", "moves_match_clauses"])
def test_properties_hold(name):
    r = check(GAMES, name)
    assert r.verdict == "holds", (name, r.detail, r.counterexample)


def test_odds_simulated_holds():
    assert check(GAMES, "odds_simulated").verdict == "holds"


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

def leaky_even_money(p, a):
    (pot, back), (bank, paid), (player, gain) = even_money(p, a)
    return ((pot, back), (bank, paid), (player, gain + 1))  # one chip from nowhere


class LeaksAChip(CasinoWar):
    settlements = {**CasinoWar.settlements, "win": staticmethod(leaky_even_money)}


def test_money_conserved_refutes_a_settlement_that_leaks_a_chip():
    r = check([LeaksAChip(players=2)], "money_conserved")
    assert_refuted(r)
    assert "settlement 'win'" in r.counterexample.text and "+1" in r.counterexample.text


class WritesAChipIn(CasinoWar):
    def ledger(self, state):
        from spec.stakes import Ledger
        led = super().ledger(state)
        return Ledger(tuple((a, b + (a == "P0" and state.to_move is None)) for a, b in led.balances))


def test_stakes_conserved_refutes_a_ledger_that_creates_a_chip():
    assert_refuted(check([WritesAChipIn(players=2)], "stakes_conserved"))


def test_odds_exact_refutes_a_war_tie_for_the_dealer(monkeypatch):
    import spec.games.casino_war as mod
    monkeypatch.setattr(mod, "war_won", lambda player, dealer: mod.compare(player, dealer) > 0)
    assert_refuted(check([CasinoWar(players=2)], "odds_exact"))


class PaysTwoToOne(CasinoWar):
    """Balanced but wrong: a higher first card wins two to one."""

    settlements = {**CasinoWar.settlements,
                   "win": staticmethod(lambda p, a: (("pot", -a), ("bank", -2 * a), (f"P{p}", 3 * a)))}


def test_odds_simulated_refutes_a_win_paid_two_to_one():
    assert_refuted(check([PaysTwoToOne(players=2)], "odds_simulated"))


def test_surrender_whole_refutes_odd_bets():
    assert_refuted(check([CasinoWar(Rules(bets="any", min_bet=1, max_bet=3), players=2)], "surrender_whole"))


class SurrenderWithoutATie(CasinoWar):
    def legal_moves(self, state):
        if state.first and state.to_move is None and not self.is_over(state):
            return (SURRENDER,)
        return super().legal_moves(state)

    def apply(self, state, move):
        if type(move) is Bet and state.to_move == self.punters - 1:
            after = super().apply(state, move)
            return State(after.shoe, after.bets, after.ties, after.first, after.dealer,
                         ("surrender",) + after.choices[1:], after.war, after.burned, after.to_move, after.seed)
        return super().apply(state, move)


def test_war_rules_refutes_a_choice_without_a_tie():
    r = check([SurrenderWithoutATie(players=2)], "war_rules")
    assert_refuted(r)
    assert "without a tie" in r.counterexample.text


def test_saved_records_replay():
    files = sorted(DATA.glob("*.json"))
    assert files
    for f in files:
        data = json.loads(f.read_text())
        game, state = Record.from_json(json.dumps(data["record"])).replay()
        assert game.describe(state) == data["final"]
