"""Mouth pass: the rules, the exact expectation, and one mutation test per property."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

import verifier.games.mouth_pass as props
from spec.errors import IllegalMove, VariantError
from spec.games.mouth_pass import MouthPass, Pass, Rules, State, falls, neighbours
from spec.rules import make_rules
from tests.helpers import assert_refuted, check

GAMES = [MouthPass(players=n) for n in range(2, 9)]


def test_passing_goes_to_a_neighbour_and_refusals_say_why():
    game = MouthPass(players=4)
    s = game.deal(0)
    assert s.holder == 0 and game.legal_moves(s) == (Pass(1),)
    with pytest.raises(IllegalMove, match=r"P0 passes to P1, not P2 \[rule mouth-neighbour\]"):
        game.check_move(s, Pass(2))
    either = MouthPass(Rules(direction="either"), players=4)
    assert set(either.legal_moves(s)) == {Pass(1), Pass(3)}
    out = State((0, 2, 3), 0, 0, 5, (1,))
    with pytest.raises(IllegalMove, match=r"P1 is not in the circle \[rule mouth-holder\]"):
        game.check_move(out, Pass(1))
    assert neighbours((0, 2, 3), 3, "clockwise") == (0,)
    assert game.parse_move("pass to P3") == Pass(3)


def test_a_drop_puts_the_player_to_blame_out():
    for rules, gone in ((Rules(drop=Fraction(1)), 1), (Rules(drop=Fraction(1), at_fault="passer"), 0)):
        game = MouthPass(rules, players=3)
        s = game.play(game.deal(7), Pass(1))
        assert s.out == (gone,) and s.dropped and gone not in s.alive
    assert make_rules(Rules, {"drop": "1/4"}).drop == Fraction(1, 4)
    with pytest.raises(VariantError):
        make_rules(Rules, {"drop": "0"})


def test_drops_are_seeded_and_have_the_stated_frequency():
    rules = Rules()
    draws = [falls(rules, 3, k) for k in range(20_000)]
    assert draws == [falls(rules, 3, k) for k in range(20_000)]
    assert abs(sum(draws) / len(draws) - 0.1) < 0.01


def test_the_exact_expectation():
    assert props.expected_passes(MouthPass(players=5)) == 40
    assert props.expected_passes(MouthPass(Rules(drop=Fraction(1, 3), at_fault="passer"), players=4)) == 9
    head, rows = props.expectation_table("en")
    assert rows[0] == ["2", "2", "5", "10", "20"]


def test_properties_hold():
    for name in ("one_winner", "expected_passes", "moves_match_clauses"):
        r = check(GAMES, name)
        assert r.verdict == "holds", (name, r.detail)


class DropsTwo(MouthPass):
    def apply(self, state, move):
        after = super().apply(state, move)
        if after.dropped and len(after.alive) > 2:
            return dataclasses.replace(after, alive=after.alive[1:], holder=after.alive[1])
        return after


class HolderWins(MouthPass):
    def outcome(self, state):
        out = super().outcome(state)
        return dataclasses.replace(out, winners=(0,))


class ClumsierThanStated(MouthPass):
    """The card falls twice as often as the rules' drop says."""

    def apply(self, state, move):
        twice = MouthPass(dataclasses.replace(self.rules, drop=min(Fraction(1), 2 * self.rules.drop)),
                          players=self.players)
        return twice.apply(state, move)



@pytest.mark.parametrize("mutant,prop", [(DropsTwo, "one_winner"), (HolderWins, "one_winner"),
                                         (ClumsierThanStated, "expected_passes")])
def test_a_broken_game_is_refuted(mutant, prop):
    assert_refuted(check([mutant(players=n) for n in (3, 4)], prop))
