"""Card Lottery: the rules, the ledger, the exact odds, termination, and one mutation test per property."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from math import comb

import pytest

import spec.games.card_lottery as rules_module
import verifier.games.card_lottery as props
from spec.cards import Suit, parse_card, parse_cards
from spec.engine import Record, _relabel
from spec.errors import IllegalMove, VariantError
from spec.games.card_lottery import (
    ANSWERING, BOXING, CLAUSES, LEADING, OVER, STAKING, TAKE, Beat, BeatingStage, Box, CardLottery, LotteryStage,
    Lead, Rules, Stake, beat_with_own_card, beats, box_in_limits, lead_own_card, penalty_for, stake_in_limits, take_when_unable,
)
from spec.rules import make_rules
from tests.helpers import assert_refuted, check

C = parse_cards


def first_moves(game, state, k):
    for _ in range(k):
        state = game.play(state, game.legal_moves(state)[0])
    return state


# ------------------------------------------------------------------ the lottery

def test_first_round_box_then_four_stakes_then_the_deal():
    game = CardLottery(players=2)
    bank = C("A♠ K♥ Q♦ J♣ 10♠ 9♥")
    dealer = C("K♥ 2♠ 3♠ 4♠ J♣ 5♠ 6♠ 7♠ 8♠ 9♠ 10♦ J♦")
    s = game.position(bank, dealer)
    assert s.phase == BOXING and s.to_move == 0 and s.prizes == C("A♠ K♥ Q♦ J♣")
    s = game.play(game.play(s, Box(2)), Box(0))
    assert s.phase == STAKING and s.to_move == s.banker and s.hands == ((), ())  # no cards before the stakes
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
    s = game.position(C("5♦ 2♠ 7♣"), C("2♠ 5♦ 3♠ 4♠ 6♠"))
    s = first_moves(game, s, 3)
    assert s.won == ((parse_card("5♦"), 1, 1),) and s.prizes == C("2♠")
    s = first_moves(game, s, 3)
    assert len(s.won) == 1 and s.shown == (True,)


def test_an_unknown_reading_of_beating_is_refused_and_six_cards_a_round_serve_eight_players():
    with pytest.raises(VariantError):
        make_rules(Rules, {"beat": "lowest"})
    assert CardLottery(Rules(cards_per_round=6)).player_range() == range(2, 9)


# ------------------------------------------------------------------ the beating stage

# (led, cover): does cover beat led under higher_suit, suit_then_rank, same_suit_higher? Suits rank
# hearts > clubs > diamonds > spades; "higher" is strictly higher, so a card never beats its twin from
# the other pack, nor a card of its own rank in a lower suit.
BEATS_TABLE = [
    ("A♠", "2♥", (True, True, False)),      # a higher suit, a lower rank
    ("3♦", "K♣", (True, True, False)),
    ("2♥", "A♣", (False, False, False)),    # a lower suit, whatever the rank
    ("5♣", "5♦", (False, False, False)),
    ("2♠", "A♠", (False, True, True)),      # the same suit, higher
    ("K♥", "A♥", (False, True, True)),      # nothing of a higher suit beats a heart
    ("A♠", "2♠", (False, False, False)),    # the same suit, lower
    ("J♣", "10♣", (False, False, False)),
    ("7♠", "7♠", (False, False, False)),    # the twin
    ("Q♥", "Q♥", (False, False, False)),
]


@pytest.mark.parametrize("led,cover,expected", BEATS_TABLE)
def test_the_three_readings_of_beating(led, cover, expected):
    rules = ("higher_suit", "suit_then_rank", "same_suit_higher")
    got = tuple(beats(parse_card(led), parse_card(cover), rule) for rule in rules)
    assert got == expected


def test_the_suits_rank_as_the_penalty_scale():
    assert [s.name for s in sorted(Suit, key=lambda s: -props.PENALTY[s])] == ["HEARTS", "CLUBS", "DIAMONDS",
                                                                             "SPADES"]


def test_take_only_when_unable_and_who_leads_next():
    game = CardLottery(players=3)
    s = game.position(hands=["3♦ 5♠", "K♣ 2♠", "4♥ 6♠"])
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
    s = game.position(hands=["4♥ 5♠", "2♠ 3♠", "6♠ 7♠"])
    s = game.play(game.play(s, Lead(parse_card("4♥"))), TAKE)
    assert s.hands[1] == C("2♠ 3♠ 4♥") and s.to_move == 2
    nxt = CardLottery(Rules(after_beat="next_leads"), players=3)
    s = nxt.position(hands=["5♠ 6♠", "4♥ 2♠", "7♠ 8♠"])
    s = nxt.play(nxt.play(s, Lead(parse_card("5♠"))), Beat(parse_card("4♥")))
    assert s.to_move == 2


def test_the_loser_pays_by_suit_into_the_box_which_goes_to_the_banker():
    game = CardLottery(players=2)
    s = game.position(hands=["2♠", "A♥ K♣ 3♦ 4♠"])
    s = game.play(game.play(s, Lead(parse_card("2♠"))), Beat(parse_card("3♦")))
    assert s.phase == OVER and s.loser == 1 and s.penalty == 4 + 3 + 1 == penalty_for(s.hands[1])
    assert game.outcome(s).returns == (8, -8)  # P0 is the banker in these positions
    stays = CardLottery(Rules(box_goes="stays"), players=2)
    s = stays.position(hands=["2♠", "A♥ K♣ 3♦ 4♠"])
    s = stays.play(stays.play(s, Lead(parse_card("2♠"))), Beat(parse_card("3♦")))
    assert s.ledger["box"] == 8 and stays.outcome(s).returns == (0, -8)


def test_both_run_out_together_nobody_loses():
    game = CardLottery(players=2)
    s = game.position(hands=["2♠", "3♦"])
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


@pytest.mark.parametrize("players", [2, 3])
def test_relabel_is_the_generic_relabel_at_every_state_of_a_game(players):
    """Every zone gets renamed, whatever it holds: a whole game (random moves, seeded), a full
    permutation of the pack and a swap of two cards (the others stay as they are)."""
    import random
    from spec.games.card_lottery import PACK
    rng = random.Random(players)
    game = CardLottery(players=players)
    cards = sorted(set(PACK))
    perm = dict(zip(cards, rng.sample(cards, len(cards))))
    swap = {cards[0]: cards[-1], cards[-1]: cards[0]}
    s = game.deal(11)
    for _ in range(400):
        assert game.relabel(s, perm) == _relabel(s, perm)
        assert game.relabel(s, swap) == _relabel(s, swap)
        if game.is_over(s):
            break
        s = game.apply(s, rng.choice(game.legal_moves(s)))


# ------------------------------------------------------------------ exact odds

def test_exact_odds_known_values():
    assert props.prize_odds(2).at(0) == Fraction(1, comb(52, 4))  # every twin among the 4 cards never dealt
    assert props.prize_odds(6).at(0) == Fraction(comb(16, 4), comb(52, 4))
    assert props.prize_odds(17).mean == Fraction(4 * 51, 52)  # one round: each twin dealt with chance 51/52
    for n in (2, 3, 9):
        assert props.prize_odds(n).total == 1
    # one place, one card a round, two players, a 3-card deck: one round, the twin among 2 of 3 cards
    assert props.prize_odds(2, deck=3, prize_cards=1, per_round=1).chances == (Fraction(1, 3), Fraction(2, 3))


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


class AsideWins(LotteryStage):
    """The cards set aside in earlier rounds win prizes too."""

    def turn_up(self, s):
        hands = tuple(a + h for a, h in zip(s.aside, s.hands))
        return super().turn_up(dataclasses.replace(s, hands=hands, aside=((),) * len(hands)))


class AsideCardsWin(CardLottery):
    def __init__(self, rules=None, *, players=None):
        super().__init__(rules, players=players)
        self.lottery = AsideWins(self)


@pytest.mark.parametrize("name", ["odds_exact", "lottery_rules"])
def test_odds_exact_and_lottery_rules_refute_an_engine_where_old_cards_win(name):
    assert_refuted(check([AsideCardsWin(players=2)], name))


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


def test_ends_settled_refutes_a_box_left_on_the_table():
    with CLAUSES.replaced("lottery-box-emptied", lambda banker, amount, rule: ()):
        r = check([CardLottery(players=2)], "ends_settled")
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
        return self.position(s.prizes + s.banker_stock, stock, banker=s.banker, seed=seed)


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


# ------------------------------------------------ a whole two-player game, as the log tells it
#
# The deal of test_first_round_box_then_four_stakes_then_the_deal, played out. Round 1: P0 (the banker)
# boxes 2, P1 0; the stakes 1 2 3 4; P0 holds K♥ (2) and J♣ (4). Round 2: boxes 0 0, the deal
# (P0 6♠ 8♠ 10♦, P1 7♠ 9♠ J♦), the new places staked 1 and 1; no prize won, and the dealer's deck is
# spent: the beating stage. P0 was paid last and leads: 3♠, beaten by J♦; P1 leads 2♠, beaten by 10♦;
# P0 leads 6♠ and 8♠, and P1, holding only spades, takes both. P1 is left with six spades: pays 6.

#: the moves of ``whole_game``: ``WHOLE_GAME[i]`` is played in its state ``i``
WHOLE_GAME = ["box 2", "box 0", "stake 1", "stake 2", "stake 3", "stake 4", "box 0", "box 0", "stake 1", "stake 1",
              "lead 3♠", "beat with J♦", "lead 2♠", "beat with 10♦", "lead 6♠", "take", "lead 8♠", "take"]


def whole_game():
    game = CardLottery(players=2)
    s = game.position(C("A♠ K♥ Q♦ J♣ 10♠ 9♥"), C("K♥ 2♠ 3♠ 4♠ J♣ 5♠ 6♠ 7♠ 8♠ 9♠ 10♦ J♦"))
    states = [s]
    for m in WHOLE_GAME:
        states.append(game.play(states[-1], game.parse_move(m)))
    return game, states


def test_the_log_of_a_whole_game():
    game, st = whole_game()
    logs = [game.describe_move(s) for s in st]
    assert logs[0] == ""
    assert logs[1:3] == ["box 2", "box 2"] and logs[3:6] == ["on a prize card, face down"] * 3
    assert logs[6] == "round 1 turned: P0 holds K♥, wins 2, P0 holds J♣, wins 4"
    assert logs[7:9] == ["box 2", "box 2"] and logs[9] == "on a prize card, face down"
    assert logs[10] == "round 2 turned: no prize won; the beating stage: P0 leads; cards P0:4 P1:6"
    assert logs[11:] == ["", "beats it; P1 leads", "", "beats it; P0 leads", "", "takes 6♠; P0 leads", "",
                         "banker P0, dealer P1; round 2; cards P0:0 P1:6; P1 is left with 4♠ 5♠ 7♠ 9♠ 6♠ 8♠, "
                         "pays 6; the box's 8 chips go to the banker"]


def test_describe_in_each_phase():
    game, st = whole_game()
    assert game.describe(st[0]) == "banker P0, dealer P1; round 0; box 0; chips on prize cards 0"
    assert game.describe(st[6]) == "banker P0, dealer P1; round 1; box 2; chips on prize cards 4"
    assert game.describe(st[10]) == "banker P0, dealer P1; round 2; box 2; chips on prize cards 0; cards P0:4 P1:6"
    assert game.describe(st[11]) == ("banker P0, dealer P1; round 2; box 2; chips on prize cards 0; "
                                     "cards P0:3 P1:6; led 3♠")
    stays = CardLottery(Rules(box_goes="stays"), players=2)
    end = st[-1]
    assert stays.describe(end).endswith("P1 is left with 4♠ 5♠ 7♠ 9♠ 6♠ 8♠, pays 6; the box keeps 8 chips")
    none_left = game.play(game.play(game.position(hands=["3♠", "J♦"]), Lead(parse_card("3♠"))), Beat(parse_card("J♦")))
    assert game.describe(none_left) == ("banker P0, dealer P1; round 1; cards P0:0 P1:0; nobody is left with "
                                        "cards: no loser; the box's 0 chips go to the banker")


def test_the_whole_game_settles_and_ends():
    game, st = whole_game()
    end = st[-1]
    assert end.phase == OVER and game.is_over(end) and game.to_move(end) is None and game.legal_moves(end) == ()
    out = game.outcome(end)
    # P0: -2 boxed, -12 staked, +6 won, +6 unclaimed back, +8 from the box; P1 pays 6
    assert out.losers == (1,) and out.winners == (0,) and out.returns == (6, -6) and not out.draw
    assert game.ledger(end) is end.ledger and end.ledger["box"] == 0 and end.ledger["pot"] == 0
    assert game.apply(end, TAKE) is end and game.apply(end, Box(1)) is end      # nothing after the end
    begin = st[10]
    assert begin.aside == ((), ()) and begin.hands == (C("3♠ 6♠ 8♠ 10♦"), C("2♠ 4♠ 5♠ 7♠ 9♠ J♦"))
    assert begin.ledger["pot"] == 0 and begin.ledger["P0"] == -2 - 12 + 6 + 6
    kept = CardLottery(Rules(unclaimed="stays"), players=2)
    s = st[0]
    for m in ["box 2", "box 0", "stake 1", "stake 2", "stake 3", "stake 4", "box 0", "box 0", "stake 1", "stake 1"]:
        s = kept.play(s, kept.parse_move(m))
    assert s.ledger["pot"] == 6 and s.ledger["P0"] == -2 - 12 + 6


def test_a_leader_without_cards_passes_the_lead_on():
    game = CardLottery(Rules(prize_cards=1, cards_per_round=1), players=3)
    s = game.position(C("5♦"), C("5♦ 2♠ 3♠"), banker=1)
    s = first_moves(game, s, 3 + 1)                 # three boxes, one stake; P0 wins 5♦ with its one card
    assert s.won[0][:2] == (parse_card("5♦"), 0) and s.phase == LEADING
    assert s.hands == ((), C("2♠"), C("3♠")) and s.to_move == 1     # P0 has nothing: P1 leads


def test_each_phase_offers_only_its_own_moves():
    game, st = whole_game()
    rules = game.rules
    boxes = tuple(Box(a) for a in range(rules.box_min, rules.box_max + 1))
    stakes = tuple(Stake(a) for a in range(rules.stake_min, rules.stake_max + 1))
    offers = (box_in_limits, stake_in_limits, lead_own_card, beat_with_own_card)
    assert [f(game, st[0]) for f in offers] == [boxes, (), (), ()]
    assert [f(game, st[2]) for f in offers] == [(), stakes, (), ()]
    assert [f(game, st[10]) for f in offers] == [(), (), tuple(Lead(c) for c in C("3♠ 6♠ 8♠ 10♦")), ()]
    assert [f(game, st[11]) for f in offers] == [(), (), (), (Beat(parse_card("J♦")),)]
    assert [f(game, st[15]) for f in offers] == [(), (), (), (TAKE,)]
    assert [f(game, st[-1]) for f in offers] == [()] * 4
    assert take_when_unable(game.rules, ()) and not take_when_unable(game.rules, (Beat(parse_card("J♦")),))
    assert take_when_unable(Rules(take_when_able=True), (Beat(parse_card("J♦")),))
    assert game.legal_moves(st[0]) == boxes and game.legal_moves(st[2]) == stakes
    assert game.legal_moves(st[11]) == (Beat(parse_card("J♦")),)
    free = CardLottery(Rules(take_when_able=True), players=2)
    assert free.legal_moves(st[11]) == (Beat(parse_card("J♦")), TAKE)
    assert game.legal_moves(st[15]) == (TAKE,)


@pytest.mark.parametrize("at,kind,allowed", [(0, Box, range(0, 6)), (2, Stake, range(1, 6))])
def test_the_bounds_that_list_the_chips_refuse_every_other_amount(at, kind, allowed):
    game, st = whole_game()
    assert [a for a in range(-3, 12) if game.refusal(st[at], kind(a)) is None] == list(allowed)


def test_zones_and_what_is_hidden():
    game, st = whole_game()
    z = game.zones(st[7])                            # after round 1: K♥ and J♣ replaced by 10♠ and 9♥, face down
    assert z["prizes up"] == C("A♠ Q♦") and z["prizes down"] == C("10♠ 9♥") and z["out"] == C("K♥ K♥ J♣ J♣")
    assert z["hand 0"] == C("3♠") and z["aside 0"] == () and z["table"] == () and z["discard"] == ()
    assert z["banker stock"] == () and z["dealer stock"] == C("6♠ 7♠ 8♠ 9♠ 10♦ J♦")
    z = game.zones(st[13])
    assert z["table"] == C("2♠") and z["discard"] == C("3♠ J♦")
    assert set(game.zones(st[0])) == {"banker stock", "dealer stock", "prizes up", "prizes down", "hand 0",
                                      "aside 0", "hand 1", "aside 1", "out", "discard", "table"}
    assert game.hidden_zones(st[0], 1) == frozenset({"banker stock", "dealer stock", "prizes down", "hand 0",
                                                     "aside 0"})


@pytest.mark.parametrize("rules,players,bound", [
    (Rules(), 2, 8 * 2 + 4 * 8 + 2 * (48 // 2 + 1) * 48),          # 8 rounds of 6 cards
    (Rules(prize_cards=1, cards_per_round=1), 2, 26 * 2 + 26 + 2 * (52 // 2 + 1) * 52),
    (Rules(cards_per_round=5), 2, 5 * 2 + 4 * 5 + 2 * (50 // 2 + 1) * 50),
    (Rules(), 3, None),
])
def test_the_bound_on_plays(rules, players, bound):
    assert CardLottery(rules, players=players).max_plays() == bound


@pytest.mark.parametrize("per_round,top", [(1, 17), (3, 17), (4, 13), (5, 10)])
def test_the_player_range_serves_a_whole_round(per_round, top):
    assert CardLottery(Rules(cards_per_round=per_round)).player_range() == range(2, top + 1)


@pytest.mark.parametrize("low, high", [("box_min", "box_max"), ("stake_min", "stake_max")])
def test_the_chip_limits_are_checked(low, high):
    with pytest.raises(VariantError) as e:
        Rules(**{low: 4, high: 3})
    assert str(e.value) == f"key '{high}': 3 is below {low} 4; allowed: at least 4"
    assert getattr(Rules(**{low: 3, high: 3}), high) == 3


def test_the_words_for_each_reading_of_beating():
    led = dict(higher_suit="a card of a higher suit beats (hearts > clubs > diamonds > spades)",
               suit_then_rank="a card of a higher suit, or a higher card of the same suit, beats",
               same_suit_higher="only a higher card of the same suit beats")
    for rule, words in led.items():
        assert CardLottery(Rules(beat=rule), players=2).beat_words() == words


# ------------------------------------------------ refusals, word for word

REFUSALS = [  # (state of the whole game, move, (clause, sentence)); st[2] stakes, st[10] leads, st[11] answers
    (0, "box 6", ("lottery-box-size", "6 chips cannot go in the box: put 0 to 5")),
    (2, "box 1", ("lottery-box", "chips go in the box only at the start of a round, before the deal")),
    (10, "box 1", ("lottery-box", "chips go in the box only at the start of a round, before the deal")),
    (0, "stake 1", ("lottery-stake", "only the banker stakes, and only on a new prize card before it is turned")),
    (11, "stake 1", ("lottery-stake", "only the banker stakes, and only on a new prize card before it is turned")),
    (2, "stake 9", ("lottery-stake-size", "a prize of 9 chips is not allowed: stake 1 to 5")),
    (0, "lead 3♠", ("lottery-lead", "leading begins only when the lottery's deal is over")),
    (2, "lead 3♠", ("lottery-lead", "leading begins only when the lottery's deal is over")),
    (11, "lead 2♠", ("lottery-lead", "no lead now: a led card is waiting to be beaten or taken")),
    (10, "lead 2♠", ("lottery-lead", "2♠ is not in your hand")),
    (0, "beat with J♦", ("lottery-beat", "there is no led card to beat")),
    (10, "beat with 10♦", ("lottery-beat", "there is no led card to beat")),
    (11, "beat with 10♦", ("lottery-beat", "10♦ is not in your hand")),
    (11, "beat with 2♠", ("lottery-beat", "2♠ does not beat 3♠: a card of a higher suit beats (hearts > clubs > "
                                          "diamonds > spades)")),
    (11, "beat with 9♠", ("lottery-beat", "9♠ does not beat 3♠: a card of a higher suit beats (hearts > clubs > "
                                          "diamonds > spades)")),
    (2, "take", ("lottery-take", "there is no led card to take")),
    (10, "take", ("lottery-take", "there is no led card to take")),
    (11, "take", ("lottery-take", "you can beat 3♠ (with J♦): a player takes only when he cannot beat")),
    (18, "take", ("lottery-loser", "the game is over: no more moves can be made")),
    (18, "box 1", ("lottery-loser", "the game is over: no more moves can be made")),
    (0, "box 5", None), (2, "stake 5", None), (10, "lead 10♦", None), (11, "beat with J♦", None),
    (15, "take", None),
]


@pytest.mark.parametrize("at,move,expected", REFUSALS)
def test_refusals_word_for_word(at, move, expected):
    game, st = whole_game()
    assert game.refusal(st[at], game.parse_move(move)) == expected


@pytest.mark.parametrize("rules,move,expected", [
    (Rules(take_when_able=True), "take", None),
    (Rules(beat="suit_then_rank"), "beat with 9♠", None),
    (Rules(beat="suit_then_rank"), "take", ("lottery-take", "you can beat 3♠ (with 4♠): a player takes only when he "
                                                            "cannot beat")),
    (Rules(beat="suit_then_rank"), "beat with 2♠", ("lottery-beat", "2♠ does not beat 3♠: a card of a higher suit, "
                                                                    "or a higher card of the same suit, beats")),
    (Rules(beat="same_suit_higher"), "beat with J♦", ("lottery-beat", "J♦ does not beat 3♠: only a higher card of "
                                                                      "the same suit beats")),
    (Rules(beat="same_suit_higher"), "beat with 4♠", None),
])
def test_refusals_of_an_answer_under_each_option(rules, move, expected):
    """P1 answers 3♠ holding 2♠ 4♠ 5♠ 7♠ 9♠ J♦ (the whole game's first lead)."""
    _, st = whole_game()
    game = CardLottery(rules, players=2)
    assert game.refusal(st[11], game.parse_move(move)) == expected


# ------------------------------------------------ what each move leaves on record

def test_the_events_of_a_whole_game():
    """Each state's last event, which the log and the invariants read: who boxed or staked what, how many
    prizes a turn paid, who led, beat or took which card."""
    _, st = whole_game()
    c = parse_card
    assert [s.last for s in st] == [
        (), ("box", 0, 2), ("box", 1, 0), ("stake", 0, 1), ("stake", 0, 2), ("stake", 0, 3), ("turn", 2),
        ("box", 0, 0), ("box", 1, 0), ("stake", 0, 1), ("turn", 0),
        ("lead", 0, c("3♠")), ("beat", 1, c("J♦")), ("lead", 1, c("2♠")), ("beat", 0, c("10♦")),
        ("lead", 0, c("6♠")), ("take", 1, c("6♠")), ("lead", 0, c("8♠")), ("take", 1, c("8♠")),
    ]


def test_a_position_keeps_its_deal():
    game = CardLottery(players=3)
    for seed in (0, 1, 7, 12345):
        s = game.deal(seed)
        assert s.seed == seed and s.banker in (0, 1)   # the dealer (P2) is never the banker
    s = game.position(C("A♠ K♥ Q♦ J♣ 10♠"), C("2♠ 3♠ 4♠"))
    assert (s.seed, s.banker) == (0, 0)                 # a position set up by hand: seed 0, banker P0
    s = game.position(C("A♠ K♥ Q♦ J♣"), C("2♠"), banker=1, seed=9)
    assert (s.seed, s.banker) == (9, 1)


def test_a_position_before_the_lottery_or_at_the_beating_and_its_sanity_check():
    game = CardLottery(Rules(prize_cards=2), players=2)
    s = game.position("A♠ K♥ Q♦", "A♠ 2♣")                  # each deck its own pack: A♠ in both is fine
    assert s == game.position(C("A♠ K♥ Q♦"), C("A♠ 2♣")) and s.prizes == C("A♠ K♥") and s.banker_stock == C("Q♦")
    assert (s.phase, s.to_move, s.round, s.stakes, s.shown) == (BOXING, 0, 0, (0, 0), (False, False))
    b = game.position(hands=["3♠", "J♦ 2♥"], leader=1)
    assert (b.phase, b.to_move, b.round, b.hands, b.prizes) == (LEADING, 1, 1, (C("3♠"), C("J♦ 2♥")), ())
    assert game.legal_moves(b) == (Lead(parse_card("J♦")), Lead(parse_card("2♥")))
    for kwargs, problem in (({"banker_stock": "A♠ K♥ A♠"}, "A♠ is named more often than the deck holds it"),
                            ({"dealer_stock": "2♣", "hands": ["2♣", "3♠"]}, "2♣ is named more often than the deck holds it"),
                            ({"hands": ["Jk", "3♠"]}, "Jk is not a card of this deck")):
        with pytest.raises(ValueError) as err:
            game.position(**kwargs)
        assert str(err.value) == problem


def test_two_packs_and_every_card_somewhere_at_every_step():
    import random
    from collections import Counter
    from spec.games.card_lottery import PACK
    game = CardLottery(players=3)
    deck = Counter(game.deck())
    assert len(game.deck()) == 104 and deck == Counter({c: 2 for c in PACK})
    rng = random.Random(5)
    s = game.deal(5)
    for _ in range(120):
        assert game.card_census(s) == deck
        if game.is_over(s):
            break
        s = game.apply(s, rng.choice(game.legal_moves(s)))


# ------------------------------------------------ prizes won when the banker's pack is spent

def test_prizes_won_after_the_banker_pack_runs_out():
    """Two places, one card a round, and the banker has no card left to lay: a place won stays empty,
    with no chips on it, and the places after it are still turned up and can still be won."""
    game = CardLottery(Rules(prize_cards=2, cards_per_round=1), players=2)
    a, k = parse_card("A♠"), parse_card("K♥")
    s = game.position(C("A♠ K♥"), C("A♠ 2♣ 3♣ K♥"))
    for m in ("box 0", "box 0", "stake 2", "stake 3"):  # round 1 deals P0 A♠, P1 2♣
        s = game.play(s, game.parse_move(m))
    assert s.phase == BOXING and s.won == ((a, 0, 2),)
    assert s.prizes == (None, k) and s.stakes == (0, 3) and s.shown == (False, True) and s.ledger["pot"] == 3
    for m in ("box 0", "box 0"):                         # round 2 deals P0 3♣, P1 K♥: nothing to stake
        s = game.play(s, game.parse_move(m))
    assert s.won == ((a, 0, 2), (k, 1, 3)) and s.removed == (a, a, k, k)
    assert s.prizes == (None, None) and s.stakes == (0, 0) and s.ledger["pot"] == 0
    assert s.phase == LEADING and s.to_move == 1 and s.hands == (C("3♣"), C("2♣"))   # P1 was paid last
    s = game.play(game.play(s, game.parse_move("lead 2♣")), TAKE)   # 3♣ cannot beat a club
    assert s.phase == OVER and s.loser == 0 and s.penalty == 6
    assert game.outcome(s).returns == (-2 - 3 + 2 - 6 + 6, 3)     # P0 is the banker and gets the box back


# ------------------------------------------------ a settlement that does not balance

@pytest.mark.parametrize("name,at,clause", [
    ("box_paid", 0, "lottery-box-paid"), ("prize_staked", 2, "lottery-prize-staked"),
    ("prize_won", 5, "lottery-prize-won"), ("prize_unclaimed", 9, "lottery-unclaimed"),
    ("penalty_paid", 17, "lottery-penalty-paid"), ("box_emptied", 17, "lottery-box-emptied"),
])
def test_a_settlement_that_does_not_balance_names_its_clause(name, at, clause):
    """The move of the whole game that pays by clause ``clause``, with that clause creating a chip."""
    game, st = whole_game()
    rule = getattr(rules_module, name)
    with CLAUSES.replaced(clause, lambda *args: rule(*args) + (("box", 1),)), pytest.raises(ValueError) as e:
        game.play(st[at], game.parse_move(WHOLE_GAME[at]))
    assert str(e.value) == f"settlement of clause {clause} does not balance: gains and losses sum to 1"


def test_the_prize_cards_lie_face_down_until_the_first_turn():
    """The banker lays his four prize cards face down and stakes them unseen; they are turned up only
    after the first deal, and then only the places not won stay face up."""
    game, st = whole_game()
    for s in st[:6]:                                     # the boxes and the four stakes of round 1
        z = game.zones(s)
        assert z["prizes up"] == () and z["prizes down"] == C("A♠ K♥ Q♦ J♣") and s.shown == (False,) * 4
        assert "prizes down" in game.hidden_zones(s, 0) and "prizes down" in game.hidden_zones(s, 1)
    assert game.zones(st[6])["prizes up"] == C("A♠ Q♦")


# ------------------------------------------------- the declared space (issue #23)

def test_the_engine_check_of_the_odds_uses_a_small_pack_of_the_rules_under_test():
    assert len(props.rules_pack(2, 3)) == 13 and props.layouts(13, 6, 2) == 12012
    assert len(props.rules_pack(2, 1)) == 7            # three rounds of two cards and one over
    assert len(props.rules_pack(3, 3)) == 10 and len(props.rules_pack(17, 3)) == 52
    game = CardLottery(make_rules(Rules, {"prize_cards": 8, "cards_per_round": 2}), players=2)
    pack = props.rules_pack(2, 2)
    dist, problem = props.engine_odds_by_rounds(game, pack)
    assert problem is None and len(pack) == 2 * 4 + 1   # two rounds: three rounds of four would be 450,450 ways
    assert dist == props.prize_odds(2, deck=9, prize_cards=8, per_round=2)


def first_card_only(prize, hands):
    """The prize goes to a player whose first card of the round is its twin (his other cards cannot win)."""
    for p, hand in enumerate(hands):
        if hand[:1] == (prize,):
            return p
    return None


def test_odds_exact_checks_the_engine_under_the_rules_given_not_only_the_fixed_set_ups():
    # the fixed set-ups deal one card a round, where the broken rule changes nothing
    with CLAUSES.replaced("lottery-match", first_card_only):
        r = check([CardLottery(players=2)], "odds_exact")
        assert_refuted(r)
        assert "3 cards a round" in r.counterexample.text
    r = check([CardLottery(make_rules(Rules, {"prize_cards": 1, "cards_per_round": 2}), players=3)], "odds_exact")
    assert r.verdict == "holds" and "3 players: 13 cards in 2 round(s), 12012 ways" in r.detail


def _expected(name, players, **rules):
    from verifier.core import REGISTRY
    return REGISTRY.get("card_lottery", name).expected_for([CardLottery(make_rules(Rules, rules), players=players)])


def test_a_deal_without_a_prize_is_claimed_where_its_exact_chance_makes_the_search_find_one():
    assert props.no_prize_chance(Rules(), 17) == 0            # 51 of 52 cards dealt: some prize is always won
    assert props.no_prize_chance(Rules(), 9) > Fraction(1, 25)
    assert _expected("someone_paid", 9) == "refuted" and _expected("someone_paid", 2) is None
    assert _expected("someone_paid", 2, prize_cards=1) == "refuted"     # one place: 1 in 13
    r = check([CardLottery(players=17)], "someone_paid")
    assert r.verdict == "unknown"                              # a finding: the claim is true there


def test_two_players_paid_last_needs_two_prize_places():
    assert _expected("last_paid_unique", 2) == "refuted" and _expected("last_paid_unique", 2, prize_cards=1) is None
    assert check([CardLottery(make_rules(Rules, {"prize_cards": 1}), players=2)], "last_paid_unique").verdict == "unknown"


def test_a_stage_that_cannot_end_is_claimed_for_four_players_under_the_higher_suit_rule():
    assert _expected("can_always_end", 4) == "refuted" and _expected("can_always_end", 3) is None
    assert _expected("can_always_end", 4, beat="suit_then_rank") is None
    assert_refuted(check([CardLottery(make_rules(Rules, {"take_when_able": True}), players=4)], "can_always_end"))
    # a higher card of the suit beats under the other readings: a one-suit stage can end
    game = CardLottery(make_rules(Rules, {"beat": "suit_then_rank"}), players=3)
    state = game.position(hands=["2♥ 3♥", "4♥ 5♥", "6♥ 7♥"])
    assert any(isinstance(m, Beat) for m in game.legal_moves(game.play(state, Lead(parse_card("2♥")))))


def test_nobody_left_is_claimed_where_the_search_meets_it():
    assert _expected("one_loser", 2) == "refuted" and _expected("one_loser", 3, beat="same_suit_higher") == "refuted"
    assert _expected("one_loser", 2, beat="same_suit_higher") is None
    assert _expected("one_loser", 2, after_beat="next_leads") is None
    assert _expected("one_loser", 9) == "refuted" and _expected("one_loser", 17) is None
