"""Every generic property can fail: a deliberately broken Sixty-One is refuted.

The same mutants are the template for other games' mutation tests.
"""

from __future__ import annotations

import pytest

from spec.games.sixty_one import SixtyOne, State
from tests.helpers import assert_refuted, check


class DropsCardOnTurnover(SixtyOne):
    def apply(self, state, move):
        after = super().apply(state, move)
        if after.turnovers > state.turnovers and after.stock:
            return State(after.hands, after.stock[1:], after.pile, after.total, after.to_move, after.dealer,
                         after.seed, after.plays, after.turnovers, after.loser)
        return after


class StuckAfterTenPlays(SixtyOne):
    def legal_moves(self, state):
        return () if state.plays >= 10 else super().legal_moves(state)


class DuplicateMoves(SixtyOne):
    def legal_moves(self, state):
        moves = super().legal_moves(state)
        return moves + moves[:1]


class EveryoneMoves(SixtyOne):
    def moves_for(self, state, player):
        return self.legal_moves(state)


class ReplayDiverges(SixtyOne):
    def deal(self, seed):
        self._deals = getattr(self, "_deals", 0) + 1
        return super().deal(seed + (self._deals > 1))


class ForgetsRules(SixtyOne):
    """Saves a record without its rules overrides."""

    def record(self, seed, moves):
        rec = super().record(seed, moves)
        return type(rec)(rec.game, rec.players, rec.seed, rec.moves, {})


class ClaimsShortGames(SixtyOne):
    def max_plays(self):
        return 5


def games(cls, rules=None, counts=range(2, 13)):
    return [cls(rules, players=n) for n in counts]


@pytest.mark.parametrize("mutant, prop", [
    (DropsCardOnTurnover, "cards_conserved"),
    (StuckAfterTenPlays, "moves_exist"),
    (DuplicateMoves, "moves_unique_stable"),
    (EveryoneMoves, "only_mover_moves"),
    (ReplayDiverges, "replay_reproduces"),
    (ClaimsShortGames, "ends_in_bound"),
])
def test_generic_property_refutes_mutant(mutant, prop):
    assert_refuted(check(games(mutant), prop))


def test_save_load_refutes_lost_rules():
    rules = SixtyOne.Rules(losing_total=41)
    assert_refuted(check(games(ForgetsRules, rules), "save_load"))


@pytest.mark.parametrize("prop", ["cards_conserved", "moves_exist", "moves_unique_stable", "only_mover_moves",
                                  "replay_reproduces", "save_load", "ends_in_bound"])
def test_generic_property_holds_for_the_real_game(prop):
    assert check(games(SixtyOne), prop).verdict == "holds"
