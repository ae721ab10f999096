"""Kemps: the rules, the calls, the gesture, and one mutation test per property."""

from __future__ import annotations

import dataclasses

import pytest

import verifier.games.kemps as props
from spec.cards import parse_card, parse_cards
from spec.errors import IllegalMove, NotationError, VariantError
from spec.games.kemps import (
    CLAUSES, DECK, PASS, SIGNAL, DoubleKemps, Kemps, KempsGame, Rules, Swap, add_points, call_award, call_other,
    double_others, draw_hands, may_pass, restock, signal_four, swap_takes_open_card,
)
from spec.rules import make_rules
from tests.helpers import SMALL, assert_refuted, check

GAMES = [KempsGame()]
C = parse_card


def position(hands, table="7♣ 8♣ 9♣ 10♣", **kw):
    """A position from four hands and the open cards; every other card is in the stock, in deck order."""
    return KempsGame().position(hands, table, **kw)


FOURS = ["2♠ 2♥ 2♦ 2♣", "3♠ 3♥ 5♦ 6♣", "4♠ 4♥ 4♦ 4♣", "5♠ 6♥ 3♦ 3♣"]


def test_the_deal():
    game = KempsGame()
    s = game.deal(5)
    assert [len(h) for h in s.hands] == [4] * 4 and len(s.table) == 4 and len(s.stock) == 32
    assert s.to_move == 1 and s.scores == (0, 0) and not s.discards
    # dealt one at a time from the dealer's left: P1 gets the 1st, 5th, 9th and 13th cards
    cards = KempsGame().deck()
    got, rest = draw_hands(cards[:20], 1)
    assert set(got[1]) == set(cards[0:13:4]) and set(got[0]) == set(cards[3:16:4]) and rest == cards[16:20]


def test_a_position_keeps_hands_in_rank_order_and_the_rest_of_the_deck_in_the_stock():
    s = KempsGame().position(["5♦ 2♠ 2♥ 3♣", "A♠", "", "K♣"], [C("7♣"), C("6♣")], discards="2♦", quiet=3)
    assert s.hands[0] == parse_cards("2♠ 2♥ 3♣ 5♦") and s.table == parse_cards("7♣ 6♣") and s.discards == (C("2♦"),)
    assert s.stock == tuple(c for c in DECK if c not in parse_cards("5♦ 2♠ 2♥ 3♣ A♠ K♣ 7♣ 6♣ 2♦"))
    assert (s.to_move, s.scores, s.seed, s.signals, s.passes, s.quiet, s.restocks, s.ended, s.last) == (
        1, (0, 0), 0, (False,) * 4, 0, 3, 0, False, ())
    s = KempsGame().position(FOURS, "7♣ 8♣ 9♣ 10♣", stock="A♠ K♠", to_move=3, seed=9, restocks=2)
    assert (s.stock, s.to_move, s.seed, s.restocks) == (parse_cards("A♠ K♠"), 3, 9, 2)


@pytest.mark.parametrize("table,rest,error", [
    ("7♣ 2♠", {}, "2♠ is named more often than the deck holds it"),
    ("7♣ 8♣", {"stock": "A♠ 7♣"}, "7♣ is named more often than the deck holds it"),
    ("7♣ 8♣", {"discards": "A♠ Jk"}, "Jk is not a card of this deck"),
])
def test_a_position_names_each_card_of_the_deck_once(table, rest, error):
    with pytest.raises(ValueError) as exc:
        KempsGame().position(FOURS, table, **rest)
    assert str(exc.value) == error


def test_a_swap_trades_one_open_card_in_place_and_refusals_say_why():
    game = KempsGame()
    s = position(FOURS)
    after = game.play(s, Swap(C("8♣"), C("6♣")))
    assert after.table == parse_cards("7♣ 6♣ 9♣ 10♣") and C("8♣") in after.hands[1] and after.to_move == 2
    with pytest.raises(IllegalMove, match=r"A♠ is not on the table.*\[rule kemps-swap-table\]"):
        game.check_move(s, Swap(C("A♠"), C("6♣")))
    with pytest.raises(IllegalMove, match=r"P1 does not hold 2♠ \[rule kemps-swap-hand\]"):
        game.check_move(s, Swap(C("8♣"), C("2♠")))
    assert game.parse_move("take 8c give 6c") == Swap(C("8♣"), C("6♣"))
    assert str(DoubleKemps(1, 3)) == "double kemps P1 P3" and game.parse_move("KEMPS p2") == Kemps(2)


def test_the_gesture_needs_four_of_a_kind_is_seen_by_the_partner_only_and_the_signaller_keeps_his_four():
    game = KempsGame()
    s = position(FOURS, to_move=0)
    assert SIGNAL in game.legal_moves(s)
    s = game.play(s, SIGNAL)
    assert s.to_move == 0 and s.signals[0]
    with pytest.raises(IllegalMove, match=r"already signalled.*\[rule kemps-signal\]"):
        game.check_move(s, SIGNAL)
    with pytest.raises(IllegalMove, match=r"keeps them.*\[rule kemps-swap-signalled\]"):
        game.check_move(s, Swap(C("7♣"), C("2♠")))
    assert game.legal_moves(s)[0] == PASS and not any(isinstance(m, Swap) for m in game.legal_moves(s))
    with pytest.raises(IllegalMove, match=r"P1 does not hold four of a kind"):
        game.check_move(position(FOURS, to_move=1), SIGNAL)
    hidden = props.with_signals(game, s, (0,), False)
    assert game.observe(s, 2) != game.observe(hidden, 2)            # the partner sees it
    assert game.observe(s, 1) == game.observe(hidden, 1) == game.observe(s, 1)  # opponents do not
    assert game.observe(s, 3) == game.observe(hidden, 3)


def test_calls_score_as_the_source_says():
    game = KempsGame()
    s = position(FOURS, to_move=1)
    right = game.play(s, DoubleKemps(0, 2))         # P0 and P2 both hold four: P1/P3 +2
    assert right.scores == (0, 2) and right.last[3] is True
    assert not set(right.hands[0]) & set(s.hands[0]) and right.hands[1] == s.hands[1]
    wrong = game.play(s, Kemps(3))                  # P3 does not: the point goes to the suspect's side
    assert wrong.scores == (0, 1)
    assert game.play(s, DoubleKemps(0, 3)).scores == (2, 0)  # wrong double: the caller's opponents
    standard = KempsGame(make_rules(Rules, {"wrong_call_to": "opponents"}))
    assert standard.play(s, Kemps(3)).scores == (1, 0)
    with pytest.raises(IllegalMove, match=r"another player: P0, P2, P3 \[rule kemps-call\]"):
        game.check_move(s, Kemps(1))
    with pytest.raises(IllegalMove, match=r"seat order: double kemps P0 P2 \[rule kemps-double\]"):
        game.check_move(s, DoubleKemps(2, 0))
    assert call_award(Rules(), 1, (3,), False) == (1, 1)
    assert add_points(Rules(), (4, 0), 0, 2) == (5, 0) and add_points(Rules(overflow="count"), (4, 0), 0, 2) == (6, 0)


def test_the_word_ends_the_game_and_the_pair_wins():
    game = KempsGame()
    s = game.play(position(FOURS, to_move=1, scores=(1, 4)), DoubleKemps(0, 2))
    assert game.is_over(s) and s.scores == (1, 5)
    out = game.outcome(s)
    assert out.winners == (1, 3) and out.returns == (-1, 1, -1, 1)
    assert "P1 and P3 win" in game.describe_move(s) and "KEMPS" in game.describe_move(s)
    with pytest.raises(IllegalMove, match=r"\[rule kemps-win\]"):
        game.check_move(s, PASS)


def test_four_passes_deal_every_hand_again_and_a_short_stock_is_reshuffled_or_ends_the_game():
    game = KempsGame()
    s = position(FOURS, to_move=1)
    for _ in range(4):
        s = game.play(s, PASS)
    assert s.last == ("redeal",) and len(s.discards) == 16 and len(s.stock) == 16 and s.table == parse_cards(
        "7♣ 8♣ 9♣ 10♣")
    s = game.play(game.play(game.play(game.play(s, PASS), PASS), PASS), PASS)
    assert len(s.stock) == 0 and s.restocks == 0
    again = game.play(s, Kemps(2))
    assert again.restocks == 1 and len(again.stock) == 28 and len(again.discards) == 4
    ending = KempsGame(Rules(stock_out="end"))
    over = ending.play(s, Kemps(2))
    assert ending.is_over(over) and over.ended and sum(over.scores) == 1
    assert ending.outcome(over).winners == ((0, 2) if over.scores[0] else (1, 3))


def test_a_call_of_nobody_is_bad_notation():
    with pytest.raises(NotationError):
        KempsGame().parse_move("kemps everybody")


#: the walks that check every player's view at every step are the slow ones: fewer games in the tests
FEWER = dataclasses.replace(SMALL, examples=10)


def test_properties_hold():
    for name in ("score_in_range", "cards_in_place", "moves_as_stated", "call_outcome", "signal_private",
                 "signal_truthful", "ends_within_bound", "stated_facts", "moves_match_clauses"):
        r = check(GAMES, name, FEWER if name in ("moves_as_stated", "signal_private", "signal_truthful") else SMALL)
        assert r.verdict == "holds", (name, r.detail, r.counterexample)


def test_the_findings_are_refuted_with_replayable_evidence():
    for name in ("no_sure_point", "swapping_can_loop", "stock_suffices", "count_stays_in_word"):
        if name == "count_stays_in_word":
            r = check(GAMES, name)
            assert_refuted(r)
            assert "makes the scores 0-6" in r.counterexample.text and r.counterexample.deal
            continue
        r = check(GAMES, name)
        assert_refuted(r)
        r.counterexample.record.replay()  # the record replays in the real game
    loop = check(GAMES, "swapping_can_loop").counterexample.record
    assert loop.moves and all(m.startswith("take ") for m in loop.moves)
    standard = KempsGame(make_rules(Rules, {"wrong_call_to": "opponents"}))
    assert check([standard], "no_sure_point").verdict == "holds"


# ----------------------------------------------------------------- mutants

class WrongCallCostsAPoint(KempsGame):
    def apply(self, state, move):
        after = super().apply(state, move)
        if isinstance(move, (Kemps, DoubleKemps)) and after.last[3] is False:
            p = state.to_move % 2
            scores = tuple(s - 1 if t == p else s for t, s in enumerate(state.scores))
            return dataclasses.replace(after, scores=scores)
        return after


class DealerStarts(KempsGame):
    def deal(self, seed):
        return dataclasses.replace(super().deal(seed), to_move=0)


class SwapAppends(KempsGame):
    """The given card goes to the end of the open cards, not to the taken card's place."""

    def _swap(self, state, move):
        after = super()._swap(state, move)
        i = state.table.index(move.take)
        return dataclasses.replace(after, table=state.table[:i] + state.table[i + 1:] + (move.give,))


class Anticlockwise(KempsGame):
    def apply(self, state, move):
        after = super().apply(state, move)
        if isinstance(move, type(SIGNAL)) or self.is_over(after):
            return after
        return dataclasses.replace(after, to_move=(state.to_move - 1) % 4)


class RedealAfterThree(KempsGame):
    def _quiet_turn(self, state, passes):
        return super()._quiet_turn(state, 4 if passes == 3 else passes)


class WrongDoubleToSuspects(KempsGame):
    def _call(self, state, suspects):
        after = super()._call(state, suspects)
        if len(suspects) == 2 and after.last[3] is False:
            team = suspects[0] % 2
            return dataclasses.replace(after, scores=add_points(self.rules, state.scores, team, 2))
        return after


class NoCap(KempsGame):
    """Scores as if the rules said overflow = 'count', while they say 'cap'."""

    def _call(self, state, suspects):
        return KempsGame(dataclasses.replace(self.rules, overflow="count"))._call(state, suspects)


class SuspectKeepsHand(KempsGame):
    def _call(self, state, suspects):
        after = super()._call(state, suspects)
        return dataclasses.replace(after, hands=state.hands) if not self.is_over(after) else after


class PaysTheSuspectAnyway(KempsGame):
    """Under wrong_call_to = 'opponents' still pays the suspect's side."""

    def _call(self, state, suspects):
        return KempsGame(dataclasses.replace(self.rules, wrong_call_to="suspect"))._call(state, suspects)


class ShowsAllGestures(KempsGame):
    def observe(self, state, player):
        return super().observe(state, player) + (state.signals,)


class HidesThePartnersGesture(KempsGame):
    def observe(self, state, player):
        view = super().observe(state, player)
        return view[:-5] + (tuple(s if q == player else None for q, s in enumerate(view[-5])),) + view[-4:]


class SignalsAnytime(KempsGame):
    def legal_moves(self, state):
        moves = super().legal_moves(state)
        if moves and SIGNAL not in moves and not state.signals[state.to_move]:
            return moves + (SIGNAL,)
        return moves


class IgnoresTheStallLimit(KempsGame):
    def _quiet_turn(self, state, passes):
        return super()._quiet_turn(dataclasses.replace(state, quiet=-10**6), passes)


class NoTwos(KempsGame):
    """A deck without the twos: the ranks the source states are not all there."""

    def deck(self):
        return tuple(c for c in DECK if c.rank.label != "2")


@pytest.mark.parametrize("mutant,prop,rules", [
    (WrongCallCostsAPoint, "score_in_range", None),
    (DealerStarts, "cards_in_place", None),
    (SwapAppends, "moves_as_stated", None),
    (Anticlockwise, "moves_as_stated", None),
    (RedealAfterThree, "moves_as_stated", None),
    (WrongDoubleToSuspects, "call_outcome", None),
    (NoCap, "call_outcome", None),
    (SuspectKeepsHand, "call_outcome", None),
    (PaysTheSuspectAnyway, "no_sure_point", {"wrong_call_to": "opponents"}),
    (ShowsAllGestures, "signal_private", None),
    (HidesThePartnersGesture, "signal_private", None),
    (SignalsAnytime, "signal_truthful", None),
    (IgnoresTheStallLimit, "ends_within_bound", {"stall_limit": 12, "stock_out": "end"}),
    (NoTwos, "stated_facts", None),
])
def test_a_broken_game_is_refuted(mutant, prop, rules):
    game = mutant(make_rules(Rules, rules or {}))
    assert_refuted(check([game], prop))


class AlwaysCaps(KempsGame):
    def _call(self, state, suspects):
        return KempsGame(dataclasses.replace(self.rules, overflow="cap"))._call(state, suspects)


def test_searches_find_nothing_where_there_is_nothing():
    """The witness searches are not refuted by construction: with the house limit no swap cycle exists,
    and a bottomless stock never runs short (both unknown: a search cannot prove)."""
    limited = KempsGame(make_rules(Rules, {"stall_limit": 12, "stock_out": "end"}))
    assert check([limited], "swapping_can_loop", dataclasses.replace(SMALL, max_states=3_000)).verdict == "unknown"

    class Bottomless(KempsGame):
        def apply(self, state, move):
            after = super().apply(state, move)
            return dataclasses.replace(after, restocks=0, ended=False)
    assert check([Bottomless()], "stock_suffices").verdict == "unknown"
    assert check([AlwaysCaps()], "count_stays_in_word").verdict == "holds"


class SignalledMaySwap(KempsGame):
    """The legal moves forget that a player who has signalled keeps his four."""

    def legal_moves(self, state):
        moves = super().legal_moves(state)
        if moves and state.signals[state.to_move]:
            hand = state.hands[state.to_move]
            return moves + tuple(Swap(t, g) for t in state.table for g in hand)
        return moves


def test_gesture_positions_compare_the_legal_moves_with_the_source_and_the_clauses():
    assert check(GAMES, "gesture_moves_match_clauses", FEWER).verdict == "holds"
    assert_refuted(check([SignalledMaySwap()], "gesture_moves_match_clauses"))
    # a broken rule lists and refuses alike, so only the source's moves, stated apart, tell it
    with CLAUSES.replaced("kemps-swap-signalled", lambda rules, state: True):
        r = check(GAMES, "gesture_moves_match_clauses")
    assert_refuted(r)
    assert "is legal, but the source does not allow it" in r.counterexample.text


# ------------------------------------------------ the log, the views, and the edges of the game
#
# FOURS: P0 holds four twos, P2 four fours; P1 and P3 hold none. P1 is to move.

@pytest.mark.parametrize("call,log", [
    (Kemps(0), "P0 holds four of a kind; +1 to P1/P3; P0/P2 -, P1/P3 K"),
    (Kemps(3), "wrong: P3 does not hold four of a kind; +1 to P1/P3; P0/P2 -, P1/P3 K"),   # the suspect's side
    (Kemps(2), "P2 holds four of a kind; +1 to P1/P3; P0/P2 -, P1/P3 K"),
    (DoubleKemps(0, 2), "P0 and P2 hold four of a kind; +2 to P1/P3; P0/P2 -, P1/P3 KE"),
    (DoubleKemps(0, 3), "wrong: P0 and P3 do not hold four of a kind; +2 to P0/P2; P0/P2 KE, P1/P3 -"),
])
def test_the_log_of_a_call(call, log):
    game = KempsGame()
    assert game.describe_move(game.play(position(FOURS), call)) == log


def test_the_log_of_a_redeal_a_stock_out_and_a_quiet_move():
    game = KempsGame()
    s = position(FOURS)
    assert game.describe_move(s) == "" and game.describe_move(game.play(s, Swap(C("8♣"), C("6♣")))) == ""
    for _ in range(4):
        s = game.play(s, PASS)
    assert game.describe_move(s) == "nobody swaps: every hand thrown in and dealt again"
    assert game.describe_move(game.play(s, PASS)) == ""      # a pass after it is quiet again
    for _ in range(4):
        s = game.play(s, PASS)                                # the stock is now empty
    ending = KempsGame(Rules(stock_out="end"))
    out = s
    for _ in range(4):
        out = ending.play(out, PASS)
    assert out.ended and out.last == ("stock out",) and ending.outcome(out).draw
    assert ending.describe_move(out) == "nobody swaps, and the stock is out; draw"
    assert ending.to_move(out) is None and ending.legal_moves(out) == ()
    # the stock is empty: a right call that does not spell the word ends the game there
    s = position(FOURS, stock=(), discards=position(FOURS).stock, scores=(0, 3))
    called = ending.play(s, Kemps(0))
    assert called.ended and called.scores == (0, 4) and called.hands == s.hands
    assert ending.describe_move(called) == ("P0 holds four of a kind; +1 to P1/P3; P0/P2 -, P1/P3 KEMP; "
                                            "the stock is out; P1 and P3 win")


def test_a_game_ended_early_goes_to_the_higher_score_or_is_a_draw():
    game = KempsGame(Rules(stock_out="end"))
    for scores, winners, returns in [((2, 1), (0, 2), (1, -1, 1, -1)), ((1, 3), (1, 3), (-1, 1, -1, 1))]:
        end = position(FOURS, scores=scores, ended=True)
        out = game.outcome(end)
        assert game.is_over(end) and out.winners == winners and out.returns == returns and not out.draw
        assert out.losers == tuple(p for p in range(4) if p not in winners) and out.scores == scores
    out = game.outcome(position(FOURS, scores=(2, 2), ended=True))
    assert out.draw and out.returns == (0,) * 4 and out.winners == () and out.scores == (2, 2)
    assert not game.is_over(position(FOURS, scores=(4, 4)))


def test_describe_shows_hands_table_scores_and_gestures():
    game = KempsGame()
    s = position(FOURS, to_move=0, scores=(3, 1))
    text = ("P0: 2♠ 2♥ 2♦ 2♣; P1: 3♠ 3♥ 5♦ 6♣; P2: 4♠ 4♥ 4♦ 4♣; P3: 3♦ 3♣ 5♠ 6♥; table 7♣ 8♣ 9♣ 10♣; "
            "scores 3-1")
    assert game.describe(s) == text
    assert game.describe(game.play(s, SIGNAL)) == text + "; gestures P0"


def test_hands_are_kept_by_rank_so_a_swap_sorts_the_new_card_in():
    game = KempsGame()
    s = game.play(position(FOURS), Swap(C("10♣"), C("3♠")))
    assert s.hands[1] == parse_cards("3♥ 5♦ 6♣ 10♣") and s.table == parse_cards("7♣ 8♣ 9♣ 3♠")
    assert s.last == () and s.passes == 0 and s.scores == (0, 0)
    got, _ = draw_hands(parse_cards("A♠ 2♥ K♦ 2♣ 2♠ A♣ 3♦ 9♥ 2♦ 4♠ 5♠ 6♠ 2♥ 7♠ 8♠ 9♠"), 1, (1,))
    assert got == {1: parse_cards("2♥ 2♣ K♦ A♠")}           # one seat: its four are the top four
    got, rest = draw_hands(parse_cards("A♠ 2♥ K♦ 2♣ 2♠ A♣ 3♦ 9♥"), 0, (1, 3))
    assert got == {1: parse_cards("2♠ 3♦ K♦ A♠"), 3: parse_cards("2♥ 2♣ 9♥ A♣")} and rest == ()


def test_each_kind_is_offered_by_its_clause_in_the_listed_order():
    game = KempsGame()
    s = position(FOURS, to_move=0)                 # P0 holds four twos
    offers = (may_pass, signal_four, swap_takes_open_card, call_other, double_others)
    pas, sig, swaps, singles, doubles = (f(game, s) for f in offers)
    assert pas == (PASS,) and sig == (SIGNAL,) and len(swaps) == 16 and swaps[:2] == (
        Swap(C("7♣"), C("2♠")), Swap(C("7♣"), C("2♥")))
    assert singles == (Kemps(1), Kemps(2), Kemps(3))
    assert doubles == (DoubleKemps(1, 2), DoubleKemps(1, 3), DoubleKemps(2, 3))
    assert game.legal_moves(s) == pas + sig + swaps + singles + doubles
    assert {m for m in pas + sig + swaps + singles + doubles if game.can_move(s, m)} == set(game.legal_moves(s))
    signalled = game.play(s, SIGNAL)
    assert signal_four(game, signalled) == () and swap_takes_open_card(game, signalled) == ()
    assert game.refusal(signalled, Swap(C("7♣"), C("2♠"))) == (
        "kemps-swap-signalled", "P0 has signalled four of a kind and keeps them: pass or call instead")
    assert game.refusal(signalled, Swap(C("A♠"), C("3♠"))) == (
        "kemps-swap-table", "A♠ is not on the table; the open cards are 7♣ 8♣ 9♣ 10♣")
    assert game.refusal(signalled, Swap(C("7♣"), C("3♠"))) == ("kemps-swap-hand", "P0 does not hold 3♠")


def test_a_short_stock_is_shuffled_under_or_ends_the_game():
    stock, aside = tuple(parse_cards("2♠ 3♠ 4♠")), tuple(parse_cards("5♠ 6♠ 7♠ 8♠"))
    assert restock("reshuffle", 1, 0, stock, aside, 3) == (stock, aside, 0)      # enough: nothing changes
    assert restock("end", 1, 0, stock, aside, 4) is None
    again, left, times = restock("reshuffle", 1, 0, stock, aside, 4)
    assert again[:3] == stock and sorted(again[3:]) == sorted(aside) and left == () and times == 1


def test_the_legal_moves_of_a_holder_of_four_and_of_one_who_signalled():
    game = KempsGame()
    s = position(FOURS, to_move=2)
    moves = game.legal_moves(s)
    assert moves[:2] == (PASS, SIGNAL) and len(moves) == 2 + 16 + 3 + 3
    after = game.play(s, SIGNAL)
    assert game.legal_moves(after) == (PASS, Kemps(0), Kemps(1), Kemps(3), DoubleKemps(0, 1), DoubleKemps(0, 3),
                                       DoubleKemps(1, 3))
    plain = game.legal_moves(position(FOURS, to_move=3))
    assert plain[0] == PASS and SIGNAL not in plain and len(plain) == 1 + 16 + 6


def test_zones_and_what_each_player_sees():
    game = KempsGame()
    s = game.play(position(FOURS, to_move=0), SIGNAL)
    z = game.zones(s)
    assert set(z) == {"hand 0", "hand 1", "hand 2", "hand 3", "table", "stock", "discards"}
    assert z["hand 2"] == parse_cards("4♠ 4♥ 4♦ 4♣") and z["table"] == s.table and z["stock"] == s.stock
    assert game.hidden_zones(s, 1) == frozenset({"hand 0", "hand 2", "hand 3", "stock", "discards"})
    assert game.observe(s, 0)[-6:] == ((0, 0), (True, None, False, None), 0, 0, False, ())
    assert game.observe(s, 3)[-5] == (None, False, None, False)
    assert game.observe(s, 1)[1] == ("hand 0", 4)


@pytest.mark.parametrize("limit,swaps_before_redeal", [(4, 4), (6, 6)])
def test_the_stall_limit_redeals_after_that_many_quiet_turns(limit, swaps_before_redeal):
    game = KempsGame(Rules(stall_limit=limit))
    s = position(FOURS)
    for turn in range(1, swaps_before_redeal + 1):
        p = s.to_move
        give = next(c for c in s.hands[p])
        s = game.play(s, Swap(s.table[0], give))
        assert (s.last == ("redeal",)) == (turn == swaps_before_redeal)
        assert s.quiet == (0 if turn == swaps_before_redeal else turn)
    assert len(s.discards) == 16
    plain = KempsGame()
    t = plain.play(position(FOURS), Swap(C("7♣"), C("3♠")))
    assert t.quiet == 0


def test_the_stall_limit_is_checked_and_bounds_the_game_when_the_stock_cannot_refill():
    for limit in (2, 3):
        with pytest.raises(VariantError) as e:
            make_rules(Rules, {"stall_limit": limit})
        assert str(e.value) == (f"key 'stall_limit': {limit} turns would cut short a round of four passes; "
                                "allowed: 0 (no limit) or at least 4")
    assert Rules(stall_limit=4).stall_limit == 4 and Rules(stall_limit=0).stall_limit == 0
    assert KempsGame(Rules(stall_limit=4, stock_out="end")).max_plays() == 9 * 9
    assert KempsGame(Rules(stall_limit=12, stock_out="end")).max_plays() == 9 * 17
    assert KempsGame(Rules(stall_limit=12)).max_plays() is None and KempsGame().max_plays() is None
    assert KempsGame(Rules(stock_out="end")).max_plays() is None


def test_each_move_changes_only_what_it_should():
    """A swap changes the mover's hand, the open cards and the turn (and ends a run of passes); a pass
    the turn and the run; the gesture only the signals; a call the scores, the turn and the suspects'
    hands (put aside, four new from the top of the stock), and it ends any run of passes."""
    game = KempsGame()
    s = position(FOURS, to_move=1, signals=(True, False, False, False), passes=2, last=("redeal",))
    swapped = game.play(s, Swap(C("8♣"), C("6♣")))
    assert swapped == dataclasses.replace(s, hands=(s.hands[0], parse_cards("3♠ 3♥ 5♦ 8♣")) + s.hands[2:],
                                          table=parse_cards("7♣ 6♣ 9♣ 10♣"), to_move=2, passes=0, last=())
    passed = game.play(s, PASS)
    assert passed == dataclasses.replace(s, to_move=2, passes=3, last=())
    signalled = game.play(position(FOURS, to_move=2, signals=(True, False, False, False), passes=2,
                                   last=("redeal",)), SIGNAL)
    assert signalled == dataclasses.replace(s, to_move=2, signals=(True, False, True, False), last=())
    called = game.play(s, Kemps(0))                     # right: P0's twos go aside, P0 gets the top four
    assert called == dataclasses.replace(
        s, hands=(tuple(sorted(s.stock[:4], key=lambda c: (int(c.rank), "shdc".index(c.suit.value)))),)
        + s.hands[1:], stock=s.stock[4:], discards=s.hands[0], to_move=2, scores=(0, 1),
        signals=(False,) * 4, passes=0, last=("call", 1, (0,), True, 1, 1))


# ------------------------------------------------------ small configurations (issue 23)

@pytest.mark.parametrize("limit, states", [(0, 97829), (4, 426), (5, 795), (12, 20029), (1000, 20029)])
def test_the_small_configurations_are_explored_completely_where_the_stock_cannot_refill(limit, states):
    from verifier.api import explore, roots_for
    game = KempsGame(Rules(stock_out="end", stall_limit=limit))
    roots = roots_for(game)
    assert len(roots) == 2
    for root in roots:
        s = root.state
        assert len(s.stock) == props.SMALL_STOCK and sum(s.signals) == 3 and len(game.card_census(s)) == 52
        assert s.quiet == max(0, limit - props.SMALL_QUIET)
    ex = explore(game, roots, longest=False)
    assert ex.complete and ex.states == states


@pytest.mark.parametrize("rules", [Rules(), Rules(wrong_call_to="opponents"), Rules(stall_limit=12),
                                   Rules(stock_out="end", swap_after_gesture=True)])
def test_there_is_no_small_configuration_where_new_hands_come_back(rules):
    from verifier.api import roots_for
    assert roots_for(KempsGame(rules)) == []


def test_the_invariants_are_exhaustive_under_the_end_of_the_stock():
    r = check([KempsGame(Rules(stock_out="end"))], "moves_match_clauses", FEWER)
    assert r.verdict == "holds" and r.method == "exhaustive" and "exhaustive over 97829 states" in r.detail, r.detail
    # a score the cap no longer stops is found in the exhaustive search (a wrong double Kemps from 4-3)
    with CLAUSES.replaced("kemps-cap", lambda rules, scores, team, points: add_points(
            dataclasses.replace(rules, overflow="count"), scores, team, points)):
        r = check([KempsGame(Rules(stock_out="end"))], "score_in_range", FEWER)
    assert_refuted(r)
    assert r.method == "exhaustive" and "outside 0..5" in r.counterexample.text


def test_a_player_may_swap_after_the_gesture_under_the_option():
    s = position(FOURS, to_move=0, signals=(True, False, False, False))
    assert not any(isinstance(m, Swap) for m in KempsGame().legal_moves(s))
    loose = KempsGame(Rules(swap_after_gesture=True))
    swaps = [m for m in loose.legal_moves(s) if isinstance(m, Swap)]
    assert len(swaps) == 16 and props.stated_moves(loose.rules, s) == loose.legal_moves(s)
    after = loose.play(s, Swap(C("7♣"), C("2♠")))
    assert after.signals[0] and not props.four_of_a_kind(after.hands[0])   # the gesture is no longer true
    prop = check([loose], "signal_truthful", FEWER).property
    assert prop.scoped_title.endswith("(under swap_after_gesture = false)")
    assert not prop.scope.where(loose.rules, 4) and prop.scope.where(Rules(), 4)
    assert check([loose], "gesture_moves_match_clauses", FEWER).verdict == "holds"


def test_the_space_sweeps_the_stall_limit_at_its_edges():
    from verifier.space import declared_space
    space = declared_space("kemps")
    assert space.values["stall_limit"] == (0, 1, 1000, 4, 5, 12)
    assert space.values["swap_after_gesture"] == (False, True) and space.players == (4,)


def registered(name):
    from verifier.core import REGISTRY
    return REGISTRY.get("kemps", name)


def test_claims_about_one_reading_are_scoped_to_it():
    counted = KempsGame(Rules(overflow="count", stock_out="end"))
    r = check([counted], "score_in_range", FEWER)
    assert r.verdict == "refuted" and r.method == "exhaustive" and r.expected is None and r.as_expected
    r = check([counted], "call_outcome", FEWER)
    assert r.verdict == "refuted" and r.expected is None
    r = check([KempsGame(Rules(wrong_call_to="opponents"))], "no_sure_point", FEWER)
    assert r.verdict == "holds" and r.expected is None
    assert check(GAMES, "no_sure_point", FEWER).expected == "refuted"
    loop = registered("swapping_can_loop")
    assert loop.scope.text == "stall_limit = 0"
    assert loop.scope.where(Rules(), 4) and not loop.scope.where(Rules(stall_limit=12), 4)
    assert [registered(n).scope.text for n in ("score_in_range", "call_outcome", "no_sure_point")] == \
        ["overflow = cap", "overflow = cap", "wrong_call_to = suspect"]


def test_signal_truthful_is_settled_on_the_small_configurations_where_random_games_are_short():
    short = KempsGame(Rules(stall_limit=4, stock_out="end"))
    r = check([short], "signal_truthful", FEWER)
    assert r.verdict == "holds" and r.detail.startswith("every one of the 426 positions of the small configurations")
    with CLAUSES.replaced("kemps-swap-signalled", lambda rules, state: True):
        r = check([short], "signal_truthful", FEWER)
    assert_refuted(r)
    assert r.method == "exhaustive" and "has made the gesture but holds" in r.counterexample.text


@pytest.mark.parametrize("move, clause, reason", [
    (Kemps(1), "kemps-call", "P1 calls Kemps on another player: P0, P2, P3"),
    (DoubleKemps(1, 2), "kemps-double", "P1 names two other players: P0, P2, P3"),
    (DoubleKemps(0, 4), "kemps-double", "P1 names two other players: P0, P2, P3"),
    (DoubleKemps(4, 0), "kemps-double", "P1 names two other players: P0, P2, P3"),
    (DoubleKemps(3, 0), "kemps-double", "name the two suspects in seat order: double kemps P0 P3"),
    (SIGNAL, "kemps-signal", "P1 does not hold four of a kind, so has nothing to signal"),
])
def test_each_call_and_gesture_refusal_word_for_word(move, clause, reason):
    assert KempsGame().refusal(position(FOURS), move) == (clause, reason)
    signalled = KempsGame().play(position(FOURS, to_move=0), SIGNAL)
    assert KempsGame().refusal(signalled, SIGNAL) == ("kemps-signal", "P0 has already signalled this hand")


def test_what_a_bot_imagines_keeps_every_gesture_true():
    """A redrawn position (spec.bots.determinize) is one the gestures allow: a partner who has made the
    gesture holds four of a kind, of a rank the seat sees none of, in a hand of the same size; an opponent
    is imagined to have made it only when his redrawn hand holds four of a kind; the seat's own gesture
    and hand stay as they are, and the partner's four differ between redraws."""
    import random

    from spec.bots import determinize
    from spec.games.kemps import four_of_a_kind
    game = KempsGame()
    state = game.deal(3)
    hands = [list(h) for h in state.hands]
    rank = next(r for r in sorted({c.rank for c in DECK}) if all(c.rank != r for h in state.hands for c in h)
                and all(c.rank != r for c in state.table))
    four = [c for c in DECK if c.rank == rank]
    state = game.relabel(state, {**dict(zip(four, hands[2])), **dict(zip(hands[2], four))})
    state = dataclasses.replace(state, to_move=0, signals=(True, False, True, False))
    fours = set()
    for seed in range(40):
        imagined = determinize(game, state, 0, random.Random(seed))
        assert imagined.hands[0] == state.hands[0] and imagined.signals[0] and imagined.signals[2]
        assert four_of_a_kind(imagined.hands[2]) and len(imagined.hands[2]) == len(state.hands[2])
        assert not {c.rank for c in imagined.hands[2]} & {c.rank for c in state.hands[0] + state.table}
        fours.add(imagined.hands[2][0].rank)
        for q in (1, 3):
            assert not imagined.signals[q] or four_of_a_kind(imagined.hands[q])
    assert len(fours) > 1
