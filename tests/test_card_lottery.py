"""Card Lottery: the rules, the ledger, the exact odds, termination, and one mutation test per property."""

from __future__ import annotations

import dataclasses
import json
import pathlib
from fractions import Fraction
from math import comb

import pytest

import verifier.games.card_lottery as props
from spec.cards import Suit, parse_card, parse_cards
from spec.engine import Record, _relabel
from spec.errors import IllegalMove, VariantError
from spec.games.card_lottery import (
    ANSWERING, BOXING, LEADING, OVER, STAKING, TAKE, Beat, BeatingStage, Box, CardLottery, LotteryStage, Lead,
    Rules, Stake, beats, penalty_for, penalty_paid,
)
from spec.rules import make_rules
from spec.stakes import Ledger
from tests.helpers import assert_refuted, check

DATA = pathlib.Path(__file__).parent / "data" / "records" / "card_lottery"
C = parse_cards


def beating(game, hands, leader=0):
    return props.after_lottery(game, [C(h) for h in hands], leader)


def first_moves(game, state, k):
    for _ in range(k):
        state = game.play(state, game.legal_moves(state)[0])
    return state


# ------------------------------------------------------------------ the lottery

def test_first_round_box_then_four_stakes_then_the_deal():
    game = CardLottery(players=2)
    bank = C("A♠ K♥ Q♦ J♣ 10♠ 9♥")
    dealer = C("K♥ 2♠ 3♠ 4♠ J♣ 5♠ 6♠ 7♠ 8♠ 9♠ 10♦ J♦")
    s = game.start(bank, dealer)
    assert s.phase == BOXING and s.to_move == 0 and s.prizes == C("A♠ K♥ Q♦ J♣")
    with pytest.raises(IllegalMove, match=r"only the banker stakes.*\[rule lottery-stake\]"):
        game.check_move(s, Stake(1))
    s = game.play(game.play(s, Box(2)), Box(0))
    assert s.phase == STAKING and s.to_move == s.banker and s.hands == ((), ())  # no cards before the stakes
    with pytest.raises(IllegalMove, match=r"a prize of 9 chips is not allowed.*lottery-stake-size"):
        game.check_move(s, Stake(9))
    for k in (1, 2, 3, 4):
        s = game.play(s, Stake(k))
    # dealt one at a time from the dealer's left: P0 K♥ 3♠ J♣, P1 2♠ 4♠ 5♠
    assert s.won == ((parse_card("K♥"), 0, 2), (parse_card("J♣"), 0, 4))
    assert s.hands == (C("3♠"), C("2♠ 4♠ 5♠")) and s.removed == C("K♥ K♥ J♣ J♣")
    # the two places won are filled from the banker's deck, face down; the others are now face up
    assert s.prizes == C("A♠ 10♠ Q♦ 9♥") and s.shown == (True, False, True, False)
    # P0 is also the banker: 2 in the box, 10 staked, 6 won
    assert s.ledger["P0"] == -2 - 10 + 6 and s.ledger["pot"] == 1 + 3 and s.ledger["box"] == 2
    # later rounds: the box, then the deal, then the new cards are staked
    s = game.play(game.play(s, Box(0)), Box(0))
    assert s.phase == STAKING and s.aside == (C("3♠"), C("2♠ 4♠ 5♠")) and s.hands == (C("6♠ 8♠ 10♦"),
                                                                                       C("7♠ 9♠ J♦"))


def test_only_this_rounds_cards_win():
    game = CardLottery(Rules(prize_cards=1, cards_per_round=1), players=2)
    # round 1 deals 2♠ 3♠; the banker's next card is 2♠, whose twin was dealt a round earlier: it never wins
    s = game.start(C("5♦ 2♠ 7♣"), C("2♠ 5♦ 3♠ 4♠ 6♠"))
    s = first_moves(game, s, 3)
    assert s.won == ((parse_card("5♦"), 1, 1),) and s.prizes == C("2♠")
    s = first_moves(game, s, 3)
    assert len(s.won) == 1 and s.shown == (True,)


def test_box_limits_and_variant_checks():
    game = CardLottery(players=3)
    with pytest.raises(IllegalMove, match=r"6 chips cannot go in the box: put 0 to 5"):
        game.check_move(game.deal(1), Box(6))
    with pytest.raises(VariantError):
        make_rules(Rules, {"box_min": 3, "box_max": 2})
    with pytest.raises(VariantError):
        make_rules(Rules, {"beat": "lowest"})
    assert CardLottery(Rules(cards_per_round=6)).player_range() == range(2, 9)


# ------------------------------------------------------------------ the beating stage

def test_the_three_readings_of_beating():
    h, s_, d, c = (parse_card(x) for x in ("2♥", "A♠", "K♦", "3♣"))
    assert beats(s_, h) and beats(d, c) and not beats(h, parse_card("A♣"))  # suit alone decides
    assert not beats(parse_card("2♠"), s_) and beats(parse_card("2♠"), s_, "suit_then_rank")
    assert beats(s_, parse_card("2♦"), "suit_then_rank") and not beats(s_, parse_card("2♦"), "same_suit_higher")
    assert beats(parse_card("2♠"), s_, "same_suit_higher")
    assert [s.name for s in sorted(Suit, key=lambda s: -props.PENALTY[s])] == ["HEARTS", "CLUBS", "DIAMONDS",
                                                                             "SPADES"]


def test_take_only_when_unable_and_who_leads_next():
    game = CardLottery(players=3)
    s = beating(game, ["3♦ 5♠", "K♣ 2♠", "4♥ 6♠"])
    s = game.play(s, Lead(parse_card("3♦")))
    assert s.phase == ANSWERING and s.to_move == 1
    with pytest.raises(IllegalMove, match=r"you can beat 3♦ \(with K♣\).*lottery-take"):
        game.check_move(s, TAKE)
    with pytest.raises(IllegalMove, match=r"2♠ does not beat 3♦: a card of a higher suit beats"):
        game.check_move(s, Beat(parse_card("2♠")))
    s = game.play(s, Beat(parse_card("K♣")))
    assert s.to_move == 1 and s.discard == C("3♦ K♣")  # the beater leads
    s = game.play(s, Lead(parse_card("2♠")))
    assert s.to_move == 2
    s = game.play(s, Beat(parse_card("4♥")))
    s = game.play(s, Lead(parse_card("6♠")))  # P2 leads his last card to P0, who cannot beat it
    assert s.to_move == 0 and game.legal_moves(s) == (TAKE,)
    s = game.play(s, TAKE)
    assert s.phase == OVER and s.loser == 0 and s.penalty == 2


def test_after_a_take_the_next_player_leads_and_the_option_after_a_beat():
    game = CardLottery(players=3)
    s = beating(game, ["4♥ 5♠", "2♠ 3♠", "6♠ 7♠"])
    s = game.play(game.play(s, Lead(parse_card("4♥"))), TAKE)
    assert s.hands[1] == C("2♠ 3♠ 4♥") and s.to_move == 2
    nxt = CardLottery(Rules(after_beat="next_leads"), players=3)
    s = beating(nxt, ["5♠ 6♠", "4♥ 2♠", "7♠ 8♠"])
    s = nxt.play(nxt.play(s, Lead(parse_card("5♠"))), Beat(parse_card("4♥")))
    assert s.to_move == 2


def test_the_loser_pays_by_suit_into_the_box_which_goes_to_the_banker():
    game = CardLottery(players=2)
    s = beating(game, ["2♠", "A♥ K♣ 3♦ 4♠"])
    s = game.play(game.play(s, Lead(parse_card("2♠"))), Beat(parse_card("3♦")))
    assert s.phase == OVER and s.loser == 1 and s.penalty == 4 + 3 + 1 == penalty_for(s.hands[1])
    assert game.outcome(s).returns == (8, -8)  # P0 is the banker in these positions
    stays = CardLottery(Rules(box_goes="stays"), players=2)
    s = beating(stays, ["2♠", "A♥ K♣ 3♦ 4♠"])
    s = stays.play(stays.play(s, Lead(parse_card("2♠"))), Beat(parse_card("3♦")))
    assert s.ledger["box"] == 8 and stays.outcome(s).returns == (0, -8)


def test_both_run_out_together_nobody_loses():
    game = CardLottery(players=2)
    s = beating(game, ["2♠", "3♦"])
    s = game.play(game.play(s, Lead(parse_card("2♠"))), Beat(parse_card("3♦")))
    assert s.phase == OVER and s.loser is None and game.outcome(s).draw


def test_the_player_paid_last_leads():
    game = CardLottery(players=3)
    for seed in range(30):
        s = props.play_lottery(game, game.deal(seed))
        if s.won and s.phase == LEADING:
            assert s.to_move == s.won[-1][1] or not s.hands[s.won[-1][1]]
    other = CardLottery(Rules(starter="dealer_left"), players=3)
    s = props.play_lottery(other, other.deal(3))
    assert s.to_move == 0


def test_relabel_is_the_generic_relabel():
    game = CardLottery(players=3)
    s = props.play_lottery(game, game.deal(4))
    s = first_moves(game, s, 5)
    a, b = parse_card("2♣"), parse_card("A♥")
    assert game.relabel(s, {a: b, b: a}) == _relabel(s, {a: b, b: a})


# ------------------------------------------------------------------ exact odds

def test_exact_odds_known_values():
    assert props.prize_odds(2).dist[0] == Fraction(1, comb(52, 4))  # every twin among the 4 cards never dealt
    assert props.prize_odds(6).dist[0] == Fraction(comb(16, 4), comb(52, 4))
    assert props.prize_odds(17).mean == Fraction(4 * 51, 52)  # one round: each twin dealt with chance 51/52
    for n in (2, 3, 9):
        assert sum(props.prize_odds(n).dist) == 1
    # one place, one card a round, two players, a 3-card deck: one round, the twin among 2 of 3 cards
    assert props.prize_odds(2, deck=3, prize_cards=1, per_round=1).dist == (Fraction(1, 3), Fraction(2, 3))


@pytest.mark.parametrize("name", ["money_conserved", "stakes_conserved", "odds_exact", "lottery_rules",
                                  "beating_rules", "ends_settled", "beating_ends_2p", "zero_sum"])
def test_properties_hold(name):
    r = check([CardLottery(players=n) for n in (2, 3)], name)
    assert r.verdict == "holds", (name, r.detail, r.counterexample)


def test_moves_match_clauses_two_players():  # three players: cardspec verify
    r = check([CardLottery(players=2)], "moves_match_clauses")
    assert r.verdict == "holds", r.counterexample


def test_odds_simulated_holds():
    r = check([CardLottery(players=9)], "odds_simulated")
    assert r.verdict == "holds", r.counterexample


@pytest.mark.parametrize("preset", ["suit_then_rank", "same_suit", "next_leads"])
def test_every_reading_can_beat_for_ever_with_three_players(preset):
    from spec.games.card_lottery import PRESETS
    r = check([CardLottery(make_rules(Rules, PRESETS[preset]), players=3)], "beating_ends")
    assert_refuted(r)


@pytest.mark.parametrize("name", ["beating_ends", "someone_paid", "last_paid_unique", "one_loser"])
def test_searches_refute_with_replayable_records(name):
    r = check([CardLottery(players=n) for n in (2, 3, 6)], name)
    assert_refuted(r)
    rec = r.counterexample.record
    game, state = Record.from_json(rec.to_json()).replay()
    if name == "someone_paid":
        assert not state.won and state.phase in (LEADING, ANSWERING, OVER)
    elif name == "one_loser":
        assert state.phase == OVER and state.loser is None
    elif name == "last_paid_unique":
        assert len({p for _, p in props.last_round_winners(game, rec.seed)}) > 1
    else:  # the record ends where the loop closes: the position repeats
        moves = [game.parse_move(m) for m in rec.moves]
        seen = set()
        s = game.deal(rec.seed)
        repeated = False
        for m in moves:
            s = game.play(s, m)
            repeated = repeated or s in seen
            seen.add(s)
        assert repeated and not game.is_over(s)


# ------------------------------------------------------------ mutation tests

def leaky_penalty(loser, counts):
    (payer, paid), (box, got) = penalty_paid(loser, counts)
    return ((payer, paid), (box, got + 1))  # the box gets one chip from nowhere


class LeaksAChip(CardLottery):
    settlements = {**CardLottery.settlements, "penalty": staticmethod(leaky_penalty)}


def test_money_conserved_refutes_a_settlement_that_leaks_a_chip():
    r = check([LeaksAChip(players=2)], "money_conserved")
    assert_refuted(r)
    assert "settlement 'penalty'" in r.counterexample.text and "sum to +1" in r.counterexample.text


class WritesAChipIn(CardLottery):
    def ledger(self, state):
        led = state.ledger
        if state.won:
            return Ledger(tuple((a, b + (a == "P0")) for a, b in led.balances))
        return led


def test_stakes_conserved_refutes_a_ledger_that_creates_a_chip():
    assert_refuted(check([WritesAChipIn(players=2)], "stakes_conserved"))


class AsideWins(LotteryStage):
    """The cards set aside in earlier rounds win prizes too."""

    def turn_up(self, s):
        hands = tuple(a + h for a, h in zip(s.aside, s.hands))
        out = super().turn_up(dataclasses.replace(s, hands=hands, aside=((),) * len(hands)))
        return out


class AsideCardsWin(CardLottery):
    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.lottery = AsideWins(self)


def test_odds_exact_refutes_an_engine_where_old_cards_win():
    assert_refuted(check([AsideCardsWin(players=2)], "odds_exact"))


def test_lottery_rules_refutes_old_cards_winning():
    assert_refuted(check([AsideCardsWin(players=2)], "lottery_rules"))


class RankWins(LotteryStage):
    """Any card of the prize's rank wins it (not the same card)."""

    def turn_up(self, s):
        prizes = list(s.prizes)
        for i, c in enumerate(prizes):
            if c is None:
                continue
            for h in s.hands:
                twin = next((x for x in h if x.rank == c.rank), None)
                if twin is not None:
                    prizes[i] = twin
                    break
        return super().turn_up(dataclasses.replace(s, prizes=tuple(prizes)))


class RankMatches(CardLottery):
    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.lottery = RankWins(self)


def test_odds_simulated_refutes_prizes_won_by_rank():
    assert_refuted(check([RankMatches(players=2)], "odds_simulated"))


class LowerSuitBeats(CardLottery):
    def legal_moves(self, state):
        if state.phase == ANSWERING:
            return tuple(Beat(c) for c in state.hands[state.to_move]) + (TAKE,)
        return super().legal_moves(state)


def test_beating_rules_refutes_beats_that_do_not_beat():
    assert_refuted(check([LowerSuitBeats(players=3)], "beating_rules"))


class NoPenaltyBox(CardLottery):
    settlements = {**CardLottery.settlements, "emptied": staticmethod(lambda banker, amount, rule="banker": ())}


def test_ends_settled_refutes_a_box_left_on_the_table():
    r = check([NoPenaltyBox(players=2)], "ends_settled")
    assert_refuted(r)


class TakerLeadsStage(BeatingStage):
    def take(self, s):
        after = super().take(s)
        return after if after.phase == OVER else dataclasses.replace(after, to_move=s.to_move)


class TakerLeads(CardLottery):
    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.beating = TakerLeadsStage(self)


def test_beating_ends_2p_refutes_a_two_player_game_that_loops():
    r = check([TakerLeads(players=2)], "beating_ends_2p")
    assert_refuted(r)
    assert "comes back" in r.counterexample.text


class TakenCardsLeaveStage(BeatingStage):
    def take(self, s):
        after = super().take(s)
        p = s.to_move
        hands = list(after.hands)
        hands[p] = hands[p][:-1]
        return self.next_lead(dataclasses.replace(after, hands=tuple(hands), discard=after.discard + (s.table,)),
                              after.to_move if after.to_move is not None else 0)


class TakenCardsLeave(CardLottery):
    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.beating = TakenCardsLeaveStage(self)


def test_beating_ends_finds_no_loop_when_every_lead_sheds_a_card():
    assert check([TakenCardsLeave(players=3)], "beating_ends").verdict == "unknown"


class AlwaysPaysP0(CardLottery):
    """Every deal pays P0 one chip on the first turn (a prize card is dealt to P0 on top)."""

    def deal(self, seed):
        s = super().deal(seed)
        twin = s.prizes[0]
        stock = (twin,) + tuple(c for c in s.dealer_stock if c != twin)
        return dataclasses.replace(s, dealer_stock=stock)


def test_someone_paid_finds_nothing_when_a_prize_is_always_won():
    assert check([AlwaysPaysP0(players=6)], "someone_paid").verdict == "unknown"


def test_last_paid_unique_finds_nothing_when_one_prize_is_paid_a_round():
    class Single(CardLottery):
        def apply(self, state, move):
            after = super().apply(state, move)
            fresh = after.won[len(state.won):]
            if len({p for _, p, _ in fresh}) > 1:  # pay only the first player of a round
                after = dataclasses.replace(after, won=state.won + tuple(w for w in fresh if w[1] == fresh[0][1]))
            return after
    assert check([Single(players=2)], "last_paid_unique").verdict == "unknown"


class NeverBothOut(CardLottery):
    def legal_moves(self, state):
        moves = super().legal_moves(state)
        if state.phase == ANSWERING and len(state.hands[state.to_move]) == 1 \
                and sum(1 for h in state.hands if h) == 1:
            return (TAKE,)
        return moves


def test_one_loser_finds_nothing_when_the_last_beat_is_never_made():
    assert check([NeverBothOut(players=2)], "one_loser").verdict == "unknown"


def test_saved_records_replay():
    files = sorted(DATA.glob("*.json"))
    assert files
    for f in files:
        data = json.loads(f.read_text())
        game, state = Record.from_json(json.dumps(data["record"])).replay()
        assert game.describe(state) == data["final"]


def test_the_shipped_variant_plays():
    from spec.variants import load_variant
    variant = load_variant("docs/variants/card_lottery-same-suit.toml")
    game = variant.game(variant.rules, players=3)
    assert game.rules.beat == "same_suit_higher"
    trace, state = props.walk(game, 3)
    assert game.is_over(state) and state.ledger.total == 0


def test_can_always_end_is_refuted_by_a_stage_no_play_ends():
    r = check([CardLottery(players=n) for n in (3, 4)], "can_always_end")
    assert_refuted(r)
    game, state = Record.from_json(r.counterexample.record.to_json()).replay()
    assert not game.is_over(state) and props.one_suit_left(state)
    ex = props.explore(game, [props.Root(state)], longest=False)
    assert ex.complete and ex.terminals == 0


def test_can_always_end_finds_nothing_when_any_card_beats():
    assert check([LowerSuitBeats(players=4)], "can_always_end").verdict == "unknown"
