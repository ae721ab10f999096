"""Sixty-Six: rules, edge cases, the endgame solver, and a mutation test for every property."""

from __future__ import annotations

import dataclasses
import json
import pathlib
import random

import pytest
from click.testing import CliRunner

from spec.cards import Rank, Suit, parse_card, parse_cards
from spec.engine import Record
from spec.errors import CardspecError, IllegalMove, NotationError
from spec.games._sixty_six_solver import Solver, format_position, parse_position
from spec.games.sixty_six import (
    CLAUSES, CLOSE, DECK, RANK_ORDER, SixtySix, Marry, Play, State, _evolve, card_points, closer_penalty, draw_order,
    game_points, in_last_phase, score_game, trick_order, trick_winner,
)
from spec.tricks import TrickOrder
from spec.rules import make_rules
from spec.variants import parse_variant
from verifier.sampling import playout
from tests.helpers import SMALL, assert_refuted, check

R = SixtySix.Rules
C = parse_card


def P(text: str) -> Play:
    """The move playing a card."""
    return Play(C(text))


def game(**rules) -> SixtySix:
    return SixtySix(R(**rules))


def pos(text: str, **rules):
    g = game(**rules)
    return g, parse_position(g, text)


def stock_state(g: SixtySix, hands, seed: int = 1, **given) -> State:
    """A position while the stock lasts: these hands, every other card in the stock (in the order the deal
    of ``seed`` left them); the rest as ``SixtySix.position`` takes it."""
    dealt = g.deal(seed)
    held = {c for h in hands for c in h}
    return g.position(hands, tuple(c for c in dealt.stock + sum(dealt.hands, ()) if c not in held), **given)


# ------------------------------------------------------------------ deal

def test_deal_six_each_trump_under_stock():
    g = SixtySix()
    s = g.deal(5)
    assert [len(h) for h in s.hands] == [6, 6]
    assert len(s.stock) == 12 and s.stock[-1] == s.trump_card and s.trump == s.trump_card.suit
    assert s.to_move == 1 - s.dealer                       # the non-dealer (the loser) leads
    assert sorted(g.card_census(s).elements()) == sorted(DECK)


def test_thirteenth_card_is_trump_for_two_players():
    from spec.games.sixty_six import deal_cards
    hands, trump_card, stock = deal_cards(DECK, 0, 2)
    assert trump_card == DECK[12] and stock[-1] == DECK[12] and len(stock) == 12
    hands3, trump3, stock3 = deal_cards(DECK, 0, 3)
    assert trump3 == DECK[18] and len(stock3) == 6        # the consistent three-player deal turns the 19th


def test_a_position_is_a_deal_with_its_cards_placed_and_names_a_bad_card():
    for rules in (R(), R(partie=True)):
        g = SixtySix(rules)
        for seed in range(3):
            s = g.deal(seed)
            assert g.position(s.hands, s.stock, dealer=s.dealer, seed=seed) == s
    g = SixtySix()
    s = g.position(["A♠ 10♠", "K♠ Q♠ 9♠"], "J♠ 9♥", trick=[(0, "J♦")], piles=["A♥ K♥", "10♥ Q♥"], marriages=(20, 0))
    assert (s.trump, s.trump_card, g.zones(s)["turned"], s.to_move) == (Suit.HEARTS, C("9♥"), (C("9♥"),), 1)
    assert (s.card_points, s.points, s.tricks, s.pending, s.closed_by) == ((15, 13), (35, 13), (1, 1), (0, 0), None)
    closed = g.position(["A♠"], "J♠", trump=Suit.CLUBS, closed_by=0, tricks=(3, 2))
    assert closed.trump_card is None and g.zones(closed)["turned"] == () and closed.close_tricks == (3, 2)
    for hands, stock, message in [(["A♠", "A♠"], "9♥", "A♠ is named more often than the deck holds it"),
                                  (["A♠", "8♠"], "9♥", "8♠ is not a card of this deck"),
                                  (["A♠", "K♠"], "", "name the trump suit: the stock is empty")]:
        with pytest.raises(ValueError) as exc:
            g.position(hands, stock)
        assert str(exc.value) == message
    # a card of a hand named again in a pile, the stock or the trick
    for where in ({"piles": ["A♠ 10♥", ""]}, {"stock": "A♠ 9♥"}, {"trick": [(1, "A♠")]}):
        with pytest.raises(ValueError) as exc:
            g.position(["A♠ 10♠", "K♠ Q♠"], **{"stock": "J♠ 9♥", **where})
        assert str(exc.value) == "A♠ is named more often than the deck holds it", where
    # the defaults: P0 deals, so P1 leads; seed 0; tricks counted from the piles, whole tricks
    s = g.position(["A♠ 10♠", "K♠ Q♠"], "J♠ 9♥", piles=["A♥ K♥ J♣", ""])
    assert (s.dealer, s.seed, s.to_move, s.tricks) == (0, 0, 1, (1, 0)) and all(type(t) is int for t in s.tricks)


def test_card_points_and_rank_order():
    assert card_points(DECK) == 120
    assert card_points(parse_cards("A♠ 10♠ K♠ Q♠ J♠ 9♠")) == 30
    h = trick_order(Suit.HEARTS)
    assert trick_winner(((0, C("K♠")), (1, C("10♠"))), h) == 1          # 10 beats the king
    assert trick_winner(((0, C("A♠")), (1, C("9♥"))), h) == 1           # any trump beats
    assert trick_winner(((0, C("9♠")), (1, C("A♦"))), h) == 0           # off-suit never beats
    assert trick_winner(((0, C("9♠")), (1, C("A♠")), (2, C("9♥"))), h) == 2   # three players: the trump


def test_stock_phase_any_card_and_drawing_order():
    g = SixtySix()
    s = g.deal(3)
    lead = s.hands[s.to_move][0]
    s1 = g.play(s, Play(lead))
    assert set(g.legal_moves(s1)) == {Play(c) for c in s1.hands[s1.to_move]} | {CLOSE}   # no need to follow
    # the winner draws the top card, the loser the next
    follow = Play(s1.hands[s1.to_move][0])
    s2 = g.play(s1, follow)
    w = s2.to_move
    assert s1.stock[0] in s2.hands[w] and s1.stock[1] in s2.hands[1 - w]
    assert len(s2.stock) == 10 and sum(s2.tricks) == 1


# -------------------------------------------------------------- marriages

def test_marriage_on_lead_scores_20_or_40():
    g = SixtySix()
    s = stock_state(g, hands=(parse_cards("K♠ Q♠ K♥ Q♥ 9♣ J♣"), parse_cards("A♦ 10♦ K♦ Q♦ J♦ 9♦")),
                    trump=Suit.HEARTS, to_move=0)
    moves = g.legal_moves(s)
    assert Marry(C("K♠")) in moves and Marry(C("Q♥")) in moves
    assert g.play(s, Marry(C("Q♠"))).points == (20, 0)
    assert g.play(s, Marry(C("K♥"))).points == (40, 0)
    assert g.play(s, P("K♥")).points == (0, 0)                           # declaring is optional
    s1 = g.play(s, P("9♣"))
    with pytest.raises(IllegalMove, match="only when leading") as exc:
        g.play(s1, Marry(C("K♦")))
    assert exc.value.clause == "sixty-six-marriage"
    with pytest.raises(IllegalMove, match="does not hold"):
        g.play(stock_state(g, hands=(parse_cards("K♠ Q♥ 9♠ 9♥ 9♣ J♣"), s.hands[1]), trump=Suit.HEARTS, to_move=0),
               Marry(C("K♠")))


def test_marriage_needs_trick_option_keeps_points_pending():
    g = game(marriage_needs_trick=True)
    s = stock_state(g, hands=(parse_cards("K♠ Q♠ 9♥ 9♣ J♣ J♥"), parse_cards("A♠ 10♦ K♦ Q♦ J♦ 9♦")),
                    trump=Suit.HEARTS, to_move=0)
    s1 = g.play(s, Marry(C("K♠")))
    assert s1.points == (0, 0) and s1.pending == (20, 0)
    s2 = g.play(s1, P("A♠"))                               # P1 wins: P0 still has no trick
    assert s2.points == (0, 15) and s2.pending == (20, 0)


def test_marriage_reaching_66_ends_the_game_at_once():
    g = SixtySix()
    s = stock_state(g, hands=(parse_cards("K♥ Q♥ 9♣ J♣ 9♠ J♠"), parse_cards("A♦ 10♦ K♦ Q♦ J♦ 9♦")),
                    trump=Suit.HEARTS, to_move=0, taken_points=(30, 40), tricks=(2, 2))
    s1 = g.play(s, Marry(C("K♥")))
    assert g.is_over(s1) and s1.points[0] == 70 and s1.result == (1, 0)


# ---------------------------------------------------------------- closing

def test_close_needs_five_and_the_lead():
    g = game(closer="leader")
    s = g.deal(2)
    assert CLOSE in g.legal_moves(s)                       # 12 cards, before the first trick
    assert CLOSE not in game(close_before_first_trick=False).legal_moves(s)
    for size, ok in ((6, True), (4, False), (2, False)):
        t = g.position(s.hands, s.stock[-size:], tricks=(3, 0), dealer=s.dealer)
        assert (CLOSE in g.legal_moves(t)) is ok
        if not ok:
            with pytest.raises(IllegalMove, match="too few") as exc:
                g.play(t, CLOSE)
            assert exc.value.clause == "sixty-six-close"
    s1 = g.play(s, Play(s.hands[s.to_move][0]))
    with pytest.raises(IllegalMove, match="about to lead"):
        g.play(s1, CLOSE)
    closed = g.play(s, CLOSE)
    assert closed.closed_by == s.to_move and closed.to_move == s.to_move and CLOSE not in g.legal_moves(closed)
    assert in_last_phase(closed.stock, closed.closed_by)


def test_either_player_closes_at_his_turn_by_default():
    g = SixtySix()
    assert g.rules.closer == "either"
    s = stock_state(g, hands=(parse_cards("A♠ 9♥ J♣ Q♣ K♦ 9♦"), parse_cards("10♠ J♠ 9♣ A♥ A♦ 10♦")),
                    trump=Suit.HEARTS, to_move=0, tricks=(1, 1))
    s1 = g.play(s, P("J♣"))
    assert CLOSE in g.legal_moves(s1)                      # the follower may close before he plays
    c = g.play(s1, CLOSE)
    assert c.closed_by == 1 and c.close_tricks == (1, 1) and c.to_move == 1
    assert set(g.legal_moves(c)) == {P("9♣")}              # ... and must follow at once
    with pytest.raises(IllegalMove, match="follow suit"):
        g.play(c, P("A♥"))
    after = g.play(c, P("9♣"))
    assert after.stock == s.stock and [len(h) for h in after.hands] == [5, 5]     # nobody draws
    # not before the first trick is complete, when the option says so
    g2 = game(close_before_first_trick=False)
    t = g2.play(g2.deal(2), Play(g2.deal(2).hands[g2.deal(2).to_move][0]))
    assert CLOSE not in g2.legal_moves(t)
    with pytest.raises(IllegalMove, match="first trick"):
        g2.play(t, CLOSE)


def test_legacy_defaults_name_the_old_behaviour():
    from spec.games.sixty_six import LEGACY_DEFAULTS, PRESETS
    assert LEGACY_DEFAULTS == {"closer": "leader"} and PRESETS["leader-closes"] == LEGACY_DEFAULTS
    assert make_rules(R, PRESETS["german"]).closer == "leader"


def test_closed_stock_no_drawing_and_obligations():
    g = SixtySix()
    s = stock_state(g, hands=(parse_cards("A♠ 9♥ J♣ Q♣ K♦ 9♦"), parse_cards("10♠ J♠ 9♣ A♥ A♦ 10♦")),
                    trump=Suit.HEARTS, to_move=0)
    c = g.play(s, CLOSE)
    c1 = g.play(c, P("J♣"))
    assert set(g.legal_moves(c1)) == {P("9♣")}             # must follow clubs
    c2 = g.play(c1, P("9♣"))
    assert len(c2.stock) == len(s.stock) and [len(h) for h in c2.hands] == [5, 5]


# ------------------------------------------------------------- last phase

def test_last_phase_follow_else_trump_else_any():
    g, s = pos("trump=♥; p0=A♠ 9♥ J♣ Q♣; p1=10♠ J♠ 9♣ A♥; lead=0; led=K♦; "
               "points=30,30; tricks=4,3; closed=1".replace("p0=A♠ 9♥ J♣ Q♣", "p0=A♠ 9♥ J♣"))
    assert set(g.legal_moves(s)) == {P("A♥")}              # no diamonds: must trump
    g, s = pos("trump=♥; p0=A♠ 9♥ J♣; p1=10♠ J♠ 9♣ Q♣; lead=0; led=K♦; points=30,30; tricks=4,3; closed=1")
    assert set(g.legal_moves(s)) == {P("10♠"), P("J♠"), P("9♣"), P("Q♣")}   # no diamonds, no trump: anything
    g, s = pos("trump=♥; p0=A♠ 9♥ J♣; p1=10♠ J♠ 9♣ A♥; lead=0; led=K♠; points=30,30; tricks=4,3; closed=1")
    assert set(g.legal_moves(s)) == {P("10♠"), P("J♠")}    # follow spades, trumping not allowed
    with pytest.raises(IllegalMove, match="follow suit") as exc:
        g.play(s, P("A♥"))
    assert exc.value.clause == "sixty-six-last-phase"


def test_must_head_option():
    text = "trump=♥; p0=A♠ 9♥ J♣; p1=10♠ J♠ 9♣ A♥; lead=0; led=K♠; points=30,30; tricks=4,3; closed=1"
    g, s = pos(text, must_head=True)
    assert set(g.legal_moves(s)) == {P("10♠")}
    g, s = pos(text.replace("led=K♠", "led=A♠").replace("p0=A♠", "p0=K♠"), must_head=True)
    assert set(g.legal_moves(s)) == {P("10♠"), P("J♠")}    # cannot head: any spade


def test_last_trick_earns_ten():
    g, s = pos("trump=♥; p0=9♠; p1=J♠; lead=0; points=65,53; tricks=6,5")
    s1 = g.play(g.play(s, P("9♠")), P("J♠"))
    assert s1.points == (65, 65) and g.is_over(s1)
    assert s1.result == (0, 0) and g.outcome(s1).draw      # nobody at 66: a draw


# ---------------------------------------------------------------- scoring

def test_game_points_single_double_triple():
    r = R()
    assert game_points([40], [3], r) == 1
    assert game_points([32], [3], r) == 2
    assert game_points([33], [3], r) == 1                  # "under 33": exactly 33 is a single game
    assert game_points([0], [0], r) == 3
    # the 33 test counts cards only (the texts' wording) unless schneider_counts = "all"
    assert score_game(0, (70, 40), (70, 20), (5, 2), None, None, r) == (2, 0)
    assert score_game(0, (70, 40), (70, 20), (5, 2), None, None, R(schneider_counts="all")) == (1, 0)


def test_closer_penalty_readings():
    r = R()
    # P0 closed and failed; P1 scores
    assert score_game(1, (40, 66), (40, 66), (3, 3), 0, (2, 0), r) == (0, 2)
    assert score_game(None, (50, 40), (50, 40), (6, 0), 0, (2, 0), r) == (0, 3)      # scorer took no trick
    assert score_game(None, (50, 40), (50, 40), (5, 1), 0, (2, 0), r) == (0, 2)
    assert score_game(None, (50, 40), (50, 40), (5, 1), 0, (2, 0), R(closer_triple_if="winner_no_trick_at_close")) \
        == (0, 3)
    assert closer_penalty(1, 0, (0, 6), (0, 0), R(closer_triple_if="closer_no_trick")) == 3
    assert score_game(0, (70, 40), (70, 40), (5, 3), 0, (2, 2), r) == (1, 0)          # the closer made it


def test_closing_and_failing_is_penalised_in_play():
    g = SixtySix()
    s = stock_state(g, hands=(parse_cards("9♠ 9♦ 9♣ J♠ J♦ J♣"), parse_cards("Q♠ Q♦ Q♣ K♠ K♦ K♣")),
                    trump=Suit.HEARTS, to_move=0)
    s = g.play(s, CLOSE)
    rng = random.Random(0)
    while not g.is_over(s):
        moves = g.legal_moves(s)
        s = g.apply(s, moves[rng.randrange(len(moves))])
    assert max(s.points) < 66 and s.result[1] in (2, 3) and s.result[0] == 0


def test_draw_witness_replays():
    from verifier.games.sixty_six import find_draw
    g = SixtySix()
    seed, moves, state = find_draw(g, 500)
    assert g.replay(seed, moves) == state and g.outcome(state).draw and state.points == (65, 65)


# ----------------------------------------------------------------- partie

def test_partie_deals_on_until_eight():
    g = SixtySix(R(partie=True))
    rng = random.Random(4)
    s = g.deal(4)
    deals = 0
    while not g.is_over(s):
        before = s.deal_no
        moves = g.legal_moves(s)
        s = g.apply(s, moves[rng.randrange(len(moves))])
        deals += s.deal_no != before
    assert max(s.totals) >= 8 and deals >= 2
    out = g.outcome(s)
    assert out.scores == s.totals and len(out.winners) == 1
    assert g.max_plays() is None and SixtySix().max_plays() == 25


# --------------------------------------------------------------- notation

def test_move_notation_round_trips_and_errors():
    g = SixtySix()
    for m in (P("10♥"), Marry(C("Q♠")), CLOSE):
        assert g.parse_move(g.format_move(m)) == m
    assert g.parse_move("marry Ks") == Marry(C("K♠")) and g.parse_move("Th") == P("10♥")
    assert g.parse_move("марьяж К♠") == Marry(C("K♠")) and g.parse_move("Закрыть") == CLOSE   # the Russian words
    for bad in ("shut", "11x", "marry"):
        with pytest.raises(NotationError):
            g.parse_move(bad)
    # a marriage of a nine is written correctly, and refused by the clause, which says why
    s = g.deal(1)
    with pytest.raises(IllegalMove, match="no marriage") as exc:
        g.play(s, g.parse_move("marry 9♠"))
    assert exc.value.clause == "sixty-six-marriage"


def test_record_save_load(tmp_path):
    g = game(must_head=True)
    trace, s = playout(g, 9)
    moves = trace.moves
    path = tmp_path / "g.json"
    g.record(9, moves).save(path)
    g2, s2 = Record.load(path).replay()
    assert s2 == s and g2.rules.must_head


def test_three_player_variant_and_presets():
    with pytest.raises(CardspecError):
        SixtySix(players=3)
    g = SixtySix(R(allow_three=True), players=3)
    s = g.deal(1)
    assert [len(h) for h in s.hands] == [6, 6, 6] and len(s.stock) == 6
    rng = random.Random(1)
    while not g.is_over(s):
        moves = g.legal_moves(s)
        s = g.apply(s, moves[rng.randrange(len(moves))])
    assert all(x in (0, 1, 2, 3) for x in s.result)
    v = parse_variant({"game": "sixty_six", "players": 3, "rules": {"allow_three": True}})
    assert [x.players for x in v.games()] == [3]
    from spec.games.sixty_six import PRESETS
    for preset in PRESETS.values():
        make_rules(R, preset)


# ----------------------------------------------------------------- solver

def plain_minimax(g, s, memo):
    """Full minimax (no pruning, no yes/no searches), memoised on the solver key."""
    if g.is_over(s):
        return s.result[0] - s.result[1]
    key = g.solver_key(s)
    if key not in memo:
        vals = [plain_minimax(g, g.apply(s, m), memo) for m in g.legal_moves(s)]
        memo[key] = max(vals) if s.to_move == 0 else min(vals)
    return memo[key]


@pytest.mark.parametrize("rules", [{}, {"must_head": True}, {"marriage_needs_trick": True}])
def test_solver_agrees_with_plain_minimax_on_full_endgames(rules):
    from verifier.games.sixty_six import endgame_starts
    g = game(**rules)
    starts = endgame_starts(g, 4)                           # 6+6 cards: two exhausted, two closed stocks
    assert len(starts) == 4
    for _, _, start in starts:
        assert Solver(g).value(start) == plain_minimax(g, start, {})


def test_solver_full_endgame_and_position_round_trip():
    g, s = pos("trump=♥; p0=A♥ K♥ Q♥ A♠ 9♣ J♦; p1=10♥ J♥ 10♠ Q♠ A♦ 10♦; lead=0; points=9,2; "
               "tricks=2,1; closed=0")
    assert Solver(g).value(s) == 2
    again = parse_position(g, format_position(s))
    assert g.solver_key(again) == g.solver_key(s)


@pytest.mark.parametrize("text, msg", [
    ("trump=♥; p0=A♥; p1=", "equal in size"),
    ("trump=♥; p0=A♥; p1=A♥", "twice"),
    ("trump=q; p0=A♥; p1=9♥", "suit"),
    ("trump=♥; p0=A♥; p1=2♥", "24-card deck"),
    ("trump=♥; p0=A♥; p1=9♥; colour=red", "unknown key"),
    ("trump=♥; p0=A♥; p1=9♥; points=1,2", "no trick"),
    ("trump=♥; p0=A♥; p1=9♥", "must be 24"),
    ("trump=♥; p0=A♥; p1=9♥; points=70,39; tricks=6,5", "already holds"),
])
def test_bad_positions_one_line_errors(text, msg):
    with pytest.raises(NotationError, match=msg) as exc:
        parse_position(SixtySix(), text)
    assert "\n" not in str(exc.value)


def test_cli_solve():
    from verifier.cli import main
    runner = CliRunner()
    ok = runner.invoke(main, ["solve", "sixty_six", "--json", "--position",
                              "trump=♥; p0=A♥ K♥ Q♥ A♠ 9♣ J♦; p1=10♥ J♥ 10♠ Q♠ A♦ 10♦; lead=0; points=9,2; "
                              "tricks=2,1; closed=0"])
    assert ok.exit_code == 0 and json.loads(ok.output)["value"] == 2
    bad = runner.invoke(main, ["solve", "sixty_six", "--position", "trump=♥"])
    assert bad.exit_code == 2 and "key 'p0' is missing" in bad.output


# ------------------------------------------------------ properties: as expected

def test_default_verdicts():
    from verifier.runner import verify
    results = verify("sixty_six", budget=SMALL)
    wrong = [(r.property.name, r.verdict, r.detail) for r in results if not r.as_expected]
    assert not wrong


# --------------------------------------------------- mutation: every property

class CardsLost(SixtySix):
    def apply(self, state, move):
        after = super().apply(state, move)
        if len(after.stock) == 4 and len(state.stock) == 6:
            return _evolve(after, stock=after.stock[1:])
        return after


def test_cards_conserved_refutes_a_draw_that_loses_a_card():
    """A rule-level break; the bookkeeping breaks of every generic property are in test_generic_mutations."""
    assert_refuted(check([CardsLost()], "cards_conserved"))


def test_card_points_total_refutes_mutants():
    nine_is_worth_one = lambda cards: card_points(cards) + sum(1 for c in cards if c.rank == Rank.NINE)  # noqa: E731
    with CLAUSES.replaced("sixty-six-card-points", nine_is_worth_one):
        assert_refuted(check([SixtySix()], "card_points_total"))
    assert check([SixtySix(R(last_trick_bonus=11))], "card_points_total").verdict == "holds"   # 120 + 11


def test_no_draw_refuted_with_a_legal_witness_and_holds_when_impossible():
    res = check([SixtySix()], "no_draw")
    assert_refuted(res)
    g, state = res.counterexample.record.replay()
    assert g.outcome(state).draw
    assert check([SixtySix(R(target=60))], "no_draw").verdict == "holds"


def test_no_draw_with_marriage_refutes_worthless_marriages():
    assert_refuted(check([SixtySix(R(marriage_points=0, trump_marriage_points=0))], "no_draw_with_marriage"))


class PlaysOut(SixtySix):
    """Broken: does not stop when a player reaches 66."""

    def apply(self, state, move):
        rules = self.rules
        self.rules = dataclasses.replace(rules, target=999)
        try:
            after = super().apply(state, move)
        finally:
            self.rules = rules
        if after.result is not None:
            winner = max(range(2), key=lambda p: after.points[p])
            return _evolve(after, result=(1, 0) if winner == 0 else (0, 1))
        return after


def test_one_reaches_66_refutes_playing_out():
    assert_refuted(check([PlaysOut()], "one_reaches_66", dataclasses.replace(SMALL, examples=60)))


def test_both_66_if_played_out_refuted_and_holds_for_a_high_target():
    assert_refuted(check([SixtySix()], "both_66_if_played_out"))
    assert check([SixtySix(R(target=116))], "both_66_if_played_out").verdict == "holds"


def test_game_points_range_refutes_a_fourth_point():
    def quadruple(*args):
        return tuple(4 if x == 3 else x for x in score_game(*args))
    with CLAUSES.replaced("sixty-six-draw-game", quadruple):
        assert_refuted(check([SixtySix()], "game_points_range"))


class ClosesLate(SixtySix):
    def legal_moves(self, state):
        moves = super().legal_moves(state)
        if not state.trick and state.closed_by is None and state.stock and CLOSE not in moves \
                and state.result is None:
            moves = moves + (CLOSE,)
        return moves

    def check_move(self, state, move):
        if move == CLOSE and not state.trick and state.closed_by is None and state.stock:
            return
        super().check_move(state, move)


def test_close_needs_five_refutes_late_closing():
    assert_refuted(check([ClosesLate()], "close_needs_five"))


class OddStock(SixtySix):
    def deal(self, seed):
        s = super().deal(seed)
        return _evolve(s, hands=(s.hands[0] + s.stock[:1], s.hands[1]), stock=s.stock[1:])


def test_close_reading_immaterial_refutes_an_odd_stock():
    assert_refuted(check([OddStock()], "close_reading_immaterial"))


class FollowsEarly(SixtySix):
    def legal_moves(self, state):
        moves = super().legal_moves(state)
        if state.trick and not in_last_phase(state.stock, state.closed_by):
            led = state.trick[0][1].suit
            same = tuple(m for m in moves if m.__class__ is Play and m.card.suit == led)
            return same or moves
        return moves


def test_stock_play_free_refutes_following_early():
    assert_refuted(check([FollowsEarly()], "stock_play_free"))


class NoObligations(SixtySix):
    def legal_moves(self, state):
        if state.trick and state.result is None and in_last_phase(state.stock, state.closed_by):
            return tuple(Play(c) for c in state.hands[state.to_move])
        return super().legal_moves(state)

    def check_move(self, state, move):
        if state.trick and state.result is None and in_last_phase(state.stock, state.closed_by):
            if move.card in state.hands[state.to_move]:
                return
        super().check_move(state, move)


def test_last_phase_obligations_refutes_free_following():
    res = check([NoObligations()], "last_phase_obligations")
    assert_refuted(res)
    res.counterexample.record.game_object()       # the record names a real game
    # the engine also notices: the real game rejects the counterexample's last move
    assert "allowed" in res.counterexample.text


def test_last_phase_obligations_with_must_head():
    assert check([SixtySix(R(must_head=True))], "last_phase_obligations").verdict == "holds"


def test_text_b_refuted_and_holds_for_the_right_position(monkeypatch):
    res = check([SixtySix()], "text_b_thirteenth_card")
    assert_refuted(res)
    assert "hand" in res.counterexample.text
    import verifier.games.sixty_six as vg
    monkeypatch.setattr(vg, "TEXT_B_TRUMP_POSITION", 19)      # past every hand for two and three players
    assert check([SixtySix()], "text_b_thirteenth_card").verdict == "holds"


class MarriesAnything(SixtySix):
    def legal_moves(self, state):
        moves = super().legal_moves(state)
        if state.result is None and not state.trick:
            extra = tuple(Marry(c) for c in state.hands[state.to_move]
                          if c.rank in (Rank.KING, Rank.QUEEN) and Marry(c) not in moves)
            moves = moves + extra
        return moves

    def check_move(self, state, move):
        if isinstance(move, Marry) and move.card in state.hands[state.to_move] and not state.trick:
            return
        super().check_move(state, move)


def test_marriage_on_lead_refutes_lone_queens():
    assert_refuted(check([MarriesAnything()], "marriage_on_lead", dataclasses.replace(SMALL, examples=40)))


class LoserDeals(SixtySix):
    def new_deal(self, seed, deal_no, dealer, totals, last_result, rng=None):
        if last_result is not None and sum(1 for x in last_result if x) == 1:
            dealer = next(p for p, x in enumerate(last_result) if not x)
        return super().new_deal(seed, deal_no, dealer, totals, last_result, rng)


def test_partie_flow_refutes_the_loser_dealing():
    assert_refuted(check([LoserDeals()], "partie_flow"))


def test_closing_guarantee_refutes_a_cheap_trump_marriage():
    res = check([SixtySix(R(trump_marriage_points=20))], "closing_guarantee")
    assert_refuted(res)
    g, state = pos(res.counterexample.deal["position"], trump_marriage_points=20)
    assert Solver(g).value(state) == int(res.counterexample.deal["value"]) < 1


@pytest.mark.parametrize("reading, expect", [("winner_no_trick", 3), ("winner_no_trick_at_close", 3),
                                             ("closer_no_trick", 2)])
def test_closer_takes_every_trick_and_still_fails(reading, expect):
    g = game(closer_triple_if=reading)
    s = stock_state(g, hands=(parse_cards("K♠ Q♠ K♦ Q♦ K♣ Q♣"), parse_cards("9♠ J♠ 9♦ J♦ 9♣ J♣")),
                    trump=Suit.HEARTS, to_move=0)
    s = g.play(s, CLOSE)
    while not g.is_over(s):
        s = g.play(s, Play(s.hands[s.to_move][0]))
    assert s.tricks == (6, 0) and s.points == (37, 0)        # 27 card points and the last trick
    assert s.result == (0, expect)


def test_a_trickless_closer_pays_two_under_the_default_reading():
    # the opponent reaches 66 and the closer has no trick: rule 19 (2) rather than rule 18 (3)
    args = (1, (20, 70), (0, 70), (0, 5), 0, (0, 2))
    assert score_game(*args, R()) == (0, 2)
    assert score_game(*args, R(closer_triple_if="closer_no_trick")) == (0, 3)
    assert score_game(1, (20, 70), (0, 70), (0, 5), None, None, R()) == (0, 3)    # no closing: rule 18


# ------------------------------------------------- records saved before the kernel

RECORDS = pathlib.Path(__file__).parent / "data" / "records" / "sixty_six"
LEGACY = json.loads((RECORDS / "expected.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(LEGACY))
def test_legacy_records_replay(name):
    """Records written by the pre-kernel code (8b6b4ca) replay to the same deal and the same end."""
    from spec.cards import format_card, format_cards
    record = Record.load(RECORDS / name)
    want = LEGACY[name]
    g, state = record.replay()
    first = g.deal(record.seed)
    assert [format_cards(h) for h in first.hands] + [format_card(first.trump_card)] == want["deal"]
    assert len(record.moves) == want["moves"]
    assert list(state.result) == want["result"] and list(state.points) == want["points"]
    assert list(state.totals) == want["totals"] and state.deal_no == want["deal_no"]


# ------------------------------------------- who may close: both readings, mutations

class LeaderOnlyAlways(SixtySix):
    """Broken for closer = "either": ignores the option and lets only the leader close."""

    def legal_moves(self, state):
        moves = super().legal_moves(state)
        return tuple(m for m in moves if m != CLOSE) if state.trick else moves

    def check_move(self, state, move):
        if move == CLOSE and state.trick:
            raise IllegalMove("sixty-six-close", "only the player on lead may close", "close")
        super().check_move(state, move)


class FollowerAlwaysCloses(SixtySix):
    """Broken for closer = "leader": offers the follower a close anyway."""

    def legal_moves(self, state):
        moves = super().legal_moves(state)
        if state.trick and CLOSE not in moves and state.closed_by is None and len(state.stock) >= 5 \
                and state.result is None:
            moves = moves + (CLOSE,)
        return moves

    def check_move(self, state, move):
        if move == CLOSE and move in self.legal_moves(state):
            return
        super().check_move(state, move)


class DrawsAfterClosing(SixtySix):
    """Broken: the trick after a closing still draws one card each."""

    def apply(self, state, move):
        after = super().apply(state, move)
        if state.closed_by is not None and len(state.trick) == 1 and not after.trick and after.result is None \
                and len(after.stock) >= 2 and move != CLOSE:
            hands = tuple(h + (after.stock[k],) for k, h in enumerate(after.hands))
            after = _evolve(after, hands=hands, stock=after.stock[2:])
        return after


def test_close_needs_five_checks_each_reading():
    assert check([SixtySix(R(closer="leader"))], "close_needs_five").verdict == "holds"
    assert_refuted(check([LeaderOnlyAlways()], "close_needs_five"))                     # reading "either"
    assert_refuted(check([FollowerAlwaysCloses(R(closer="leader"))], "close_needs_five"))  # reading "leader"
    assert_refuted(check([DrawsAfterClosing()], "close_needs_five"))


def test_closing_is_the_leaders_per_reading():
    res = check([SixtySix()], "closing_is_the_leaders")
    assert_refuted(res)
    g, state = res.counterexample.record.replay()                  # the witness replays: a follower closed
    moves = res.counterexample.record.moves
    assert g.rules.closer == "either" and "close" in moves
    assert check([SixtySix(R(closer="leader"))], "closing_is_the_leaders").verdict == "holds"
    assert check([LeaderOnlyAlways()], "closing_is_the_leaders").verdict == "holds"
    assert_refuted(check([FollowerAlwaysCloses(R(closer="leader"))], "closing_is_the_leaders"))


class CloseBindsNextTrick(SixtySix):
    """Broken: a follower's closing binds him only from the next trick on."""

    def _fresh_close(self, state):
        return state.trick and state.closed_by == state.to_move and sum(state.tricks) == sum(state.close_tricks) \
            and state.result is None

    def legal_moves(self, state):
        return tuple(Play(c) for c in state.hands[state.to_move]) if self._fresh_close(state) \
            else super().legal_moves(state)

    def check_move(self, state, move):
        if self._fresh_close(state) and isinstance(move, Play) and move.card in state.hands[state.to_move]:
            return
        super().check_move(state, move)


def test_last_phase_obligations_refutes_a_close_that_binds_late():
    assert_refuted(check([CloseBindsNextTrick()], "last_phase_obligations"))
    assert check([CloseBindsNextTrick(R(closer="leader"))], "last_phase_obligations").verdict == "holds"


@pytest.mark.parametrize("closer", ["leader", "either"])
def test_solver_after_a_follower_closed_is_the_same_under_both_readings(closer):
    text = "trump=♥; p0=A♠ 9♥ J♣ Q♣ K♦; p1=10♠ J♠ 9♣ A♥ A♦ 10♦; lead=0; led=9♦; points=20,11; tricks=1,1; closed=1"
    g, s = pos(text, closer=closer)
    assert Solver(g).value(s) == plain_minimax(g, s, {}) == Solver(SixtySix()).value(parse_position(SixtySix(), text))


# ------------------------------------------------------ tricks: the clauses' mutations

def test_beats_order_refutes_a_ten_below_the_king():
    assert check([SixtySix()], "beats_order").verdict == "holds"
    low_ten = {**RANK_ORDER, Rank.TEN: RANK_ORDER[Rank.KING] - 0.5}   # between the queen and the king
    with CLAUSES.replaced("sixty-six-beats", lambda trump: TrickOrder(trump, low_ten)):
        assert_refuted(check([SixtySix()], "beats_order"))
        assert_refuted(check([SixtySix()], "trick_flow"))            # the engine's tricks use the same clause


@pytest.mark.parametrize("label, broken", [
    ("sixty-six-draw", lambda winner, players: tuple(reversed(draw_order(winner, players)))),  # the loser first
    ("sixty-six-next-lead", lambda winner: 1 - winner),
    ("sixty-six-trick", lambda plays, order: plays[0][0]),                                    # the leader wins
])
def test_trick_flow_refutes_wrong_winner_lead_and_draw(label, broken):
    with CLAUSES.replaced(label, broken):
        assert_refuted(check([SixtySix()], "trick_flow"))


# ---------------------------------------------- the kernel: fast path = clauses, returns

class InlinedMarriage(SixtySix):
    """A fast path that decides marriages on its own (any king or queen led), drifting from the clause."""

    def legal_moves(self, state):
        moves = super().legal_moves(state)
        if state.result is None and not state.trick:
            extra = tuple(Marry(c) for c in state.hands[state.to_move]
                          if c.rank in (Rank.KING, Rank.QUEEN) and Marry(c) not in moves)
            moves = moves + extra
        return moves


class ForgetsFollowerClose(SixtySix):
    """A fast path that never offers a follower the close the clause allows."""

    def legal_moves(self, state):
        moves = super().legal_moves(state)
        return tuple(m for m in moves if m != CLOSE) if state.trick else moves


def test_moves_match_clauses_refutes_a_drifting_fast_path():
    res = check([InlinedMarriage()], "moves_match_clauses")
    assert_refuted(res)
    assert "sixty-six-marriage" in res.counterexample.text
    assert_refuted(check([ForgetsFollowerClose()], "moves_match_clauses"))
    # under the other reading there is no follower's close to forget (given rules only: no presets)
    assert check([ForgetsFollowerClose(R(closer="leader"))], "moves_match_clauses").verdict == "holds"


def test_every_refusal_names_its_clause_and_says_why():
    g = SixtySix()
    s = stock_state(g, hands=(parse_cards("K♠ Q♠ K♥ 9♥ 9♣ J♣"), parse_cards("A♦ 10♦ K♦ Q♦ J♦ 9♦")),
                    trump=Suit.HEARTS, to_move=0)
    assert g.refusal(s, P("A♦")) == ("sixty-six-stock-play", "P0 does not hold A♦")
    label, why = g.refusal(s, Marry(C("K♥")))
    assert label == "sixty-six-marriage" and "does not hold both K♥ and Q♥" in why
    over = _evolve(s, result=(1, 0))
    assert g.refusal(over, P("K♠"))[0] == "sixty-six-win"


@pytest.mark.parametrize("players, result, returns", [(2, (2, 0), (2, -2)), (2, (0, 0), (0, 0)),
                                                      (3, (2, 0, 0), (4, -2, -2)), (3, (2, 2, 0), (2, 2, -4))])
def test_returns_every_game_point_paid_by_each_other_player(players, result, returns):
    g = SixtySix(R(allow_three=True), players=players)
    s = _evolve(g.deal(1), result=result)
    out = g.outcome(s)
    assert out.returns == returns and sum(out.returns) == 0


def test_the_closing_table_solves_every_closing_of_its_deals_from_the_closers_side():
    """The rulebook's table of what closing is worth: each closing of two seeded deals, against plain
    minimax on the closed position, and the table's rows add up to its last row."""
    from verifier.games.sixty_six import closing_table, closing_values
    g = game()
    values = closing_values(g, deals=2)
    assert {s for s, _, _ in values} == {12, 10, 8, 6} and {on for _, on, _ in values} == {True, False}
    replayed = closing_values(g, deals=2, solve=lambda g, s: plain_minimax(g, s, {}))
    assert values == replayed
    header, rows = closing_table("ru", deals=2)
    assert header[0] == "карт в колоде" and rows[-1][:2] == ["все", "все"]
    assert rows[-1][2] == sum(r[2] for r in rows[:-1]) == len(values)
    wins = sum(v > 0 for _, _, v in values)
    assert rows[-1][3] == f"{100 * wins / len(values):.1f} %"
