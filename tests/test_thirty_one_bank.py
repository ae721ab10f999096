"""Thirty-One against a banker: the rules, the ledger, the exact odds, and one mutation test per property."""

from __future__ import annotations

import json
import pathlib
from fractions import Fraction

import pytest

import verifier.games.thirty_one_bank as props
from spec.cards import parse_cards
from spec.engine import Record
from spec.games.thirty_one_bank import (
    BUST, BUY, NATURAL, PLAYING, STAND, Rules, State, ThirtyOneBank, best_total, bust_paid, is_natural,
)
from spec.stakes import Ledger
from tests.helpers import assert_refuted, check

GAMES = [ThirtyOneBank(players=n) for n in (2, 3, 5)]
DATA = pathlib.Path(__file__).parent / "data" / "records" / "thirty_one_bank"


def round_of(game, stock, hands, banker=None):
    """A round in progress: ``hands`` dealt, nobody has acted."""
    n = game.players
    banker = n - 1 if banker is None else banker
    hands = tuple(tuple(parse_cards(h)) for h in hands)
    status = tuple(NATURAL if is_natural(h) else PLAYING for h in hands)
    first = next(p for p in [(banker + i) % n for i in range(1, n + 1)] if status[p] == PLAYING)
    return State(tuple(parse_cards(stock)), hands, (), status, banker, first, 0, Ledger.open(players=n), 0)


def test_aces_count_one_or_eleven_each():
    assert best_total(parse_cards("A♠ A♥ 9♣")) == 31  # both aces as 11
    assert best_total(parse_cards("A♠ K♥ Q♣")) == 31 and is_natural(parse_cards("A♠ K♥ Q♣"))
    assert best_total(parse_cards("A♠ A♥ A♣")) == 23  # 11 + 11 + 1
    assert best_total(parse_cards("A♠ K♥ Q♣ 5♦")) == 26  # the ace drops to 1


def test_bust_pays_two_and_the_showdown_pays_two_each_way():
    game = ThirtyOneBank(players=3)
    s = round_of(game, "K♦ 2♣ 2♦ 3♣ 3♦ 4♣ 4♦ 5♣ 5♦ 6♣ 6♦ 7♣ 7♦ 8♣", ["10♠ 9♠ 5♥", "10♥ 9♥ 8♥", "10♣ 9♣ 6♠"])
    s = game.play(s, BUY)  # P0 24 + K = 34: over
    assert s.status[0] == BUST and s.ledger["P0"] == -2 and s.ledger["P2"] == 2 and s.to_move == 1
    s = game.play(s, STAND)  # P1 stands on 27
    s = game.play(s, STAND)  # the banker stands on 25: P1 is higher
    assert s.ledger["P1"] == 2 and s.ledger["P2"] == 0
    assert game.outcome(s).returns == (-2, 2, 0)


def test_a_busted_banker_pays_those_still_in():
    for to, returns in (("standing", (-2, 2, 0)), ("all", (0, 2, -2))):
        game = ThirtyOneBank(Rules(banker_bust_to=to), players=3)
        s = round_of(game, "K♦ 2♣ K♣ 3♦ 3♣ 4♣ 4♦ 5♣ 5♦ 6♣ 6♦ 7♣ 7♦ 8♣", ["10♠ 9♠ 5♥", "10♥ 9♥ 8♥", "10♣ 9♣ 6♠"])
        s = game.play(s, BUY)     # P0 busts
        s = game.play(s, STAND)   # P1 stands
        s = game.play(game.play(s, BUY), BUY)  # the banker: 25 + 2 = 27, + K = 37: over
        assert game.outcome(s).returns == returns


def test_naturals_are_paid_at_once_and_a_banker_natural_collects():
    stock = parse_cards("A♠ 2♣ A♥ Q♠ 3♣ K♥ J♠ 4♣ Q♥") + parse_cards("5♦ 6♦ 7♦ 8♦ 9♦ 10♦ J♦ Q♦ K♦ A♦ 2♦ 3♦ 4♦")
    for rule, returns in (("punter_paid", (2, -2, 0)), ("quits", (0, -2, 2))):
        game = ThirtyOneBank(Rules(natural_against_natural=rule), players=3)
        start = State(tuple(stock), ((),) * 3, (), (PLAYING,) * 3, 2, None, 0, Ledger.open(players=3), 0)
        after, over = game.deal_one(start)
        assert over and after.status == (NATURAL, PLAYING, NATURAL)
        assert after.ledger.player_returns(Ledger.open(players=3), 3) == returns


def test_refusals_and_notation():
    game = ThirtyOneBank(players=2)
    s = game.deal(1)
    empty = State((), s.hands, s.discards, s.status, s.banker, s.to_move, s.talia, s.ledger, s.seed)
    with pytest.raises(Exception, match=r"the shoe is empty: no card can be bought, stand \[rule thirty-one-buy\]"):
        game.check_move(empty, BUY)
    assert game.legal_moves(empty) == (STAND,)
    assert game.parse_move("buy") == BUY and str(STAND) == "stand"


def test_the_bank_passes_to_the_right_after_each_talia():
    game = ThirtyOneBank(Rules(talias=3), players=4)
    seen = set()
    state = game.deal(2)
    while state.to_move is not None:
        seen.add((state.talia, state.banker))
        state = game.apply(state, STAND)
    assert {(0, 3), (1, 2), (2, 1)} <= seen


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

def leaky_bust(punter, banker, amount):
    (p, paid), (b, got) = bust_paid(punter, banker, amount)
    return ((p, paid), (b, got + 1))  # the banker gets one chip from nowhere


class LeaksAChip(ThirtyOneBank):
    settlements = {**ThirtyOneBank.settlements, "bust": staticmethod(leaky_bust)}


def test_money_conserved_refutes_a_settlement_that_leaks_a_chip():
    r = check([LeaksAChip(players=2)], "money_conserved")
    assert_refuted(r)
    assert "settlement bust" in r.counterexample.text and "+1" in r.counterexample.text


class WritesAChipIn(ThirtyOneBank):
    def ledger(self, state):
        led = super().ledger(state)
        return Ledger(tuple((a, b + (a == "P0" and state.discards != ())) for a, b in led.balances))


def test_stakes_conserved_refutes_a_ledger_that_creates_a_chip():
    assert_refuted(check([WritesAChipIn(players=2)], "stakes_conserved"))


def test_odds_exact_refutes_blackjack_aces(monkeypatch):
    """The engine counting only one ace as 11 (blackjack's rule) misses A A 9."""
    import spec.games.thirty_one_bank as mod

    def one_soft_ace(cards):
        hard = sum(mod._VALUE[c] for c in cards)
        return hard + 10 if any(c.rank.label == "A" for c in cards) and hard + 10 <= 31 else hard
    monkeypatch.setattr(mod, "best_total", one_soft_ace)
    assert_refuted(check([ThirtyOneBank(players=2)], "odds_exact"))


class BustIsPaid(ThirtyOneBank):
    """Balanced but wrong: the banker pays a punter who goes over."""

    settlements = {**ThirtyOneBank.settlements,
                   "bust": staticmethod(lambda p, b, amount: ((f"P{b}", -amount), (f"P{p}", amount)))}


def test_odds_simulated_refutes_a_bust_paid_by_the_banker():
    assert_refuted(check([BustIsPaid(players=2)], "odds_simulated"))


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


def test_saved_records_replay():
    files = sorted(DATA.glob("*.json"))
    assert files
    for f in files:
        data = json.loads(f.read_text())
        game, state = Record.from_json(json.dumps(data["record"])).replay()
        assert game.describe(state) == data["final"]
