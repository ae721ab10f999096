"""Every generic property can fail, for every game: a deliberately broken
version of each game (see :func:`tests.helpers.generic_mutants`) is refuted
with a counterexample, and the real game is not."""

from __future__ import annotations

import sys

import pytest

from spec.games import all_games
from spec.games.sixty_one import SixtyOne, State
from spec.rules import make_rules
from tests.helpers import GENERIC_PROPERTIES, assert_refuted, check, generic_mutants

GAMES = sorted(all_games())


def player_counts(cls):
    return list(cls().player_range())


def other_rules(cls):
    """Rules that differ from the defaults: the game's first named preset that changes something."""
    presets = getattr(sys.modules[cls.__module__], "PRESETS", {})
    changed = [make_rules(cls.Rules, p) for p in presets.values() if make_rules(cls.Rules, p) != cls.Rules()]
    assert changed, f"{cls.info.id} needs a PRESETS entry that changes the rules, for the save/load test"
    return changed[0]


@pytest.mark.parametrize("prop", GENERIC_PROPERTIES)
@pytest.mark.parametrize("game_id", GAMES)
def test_generic_property_refutes_a_broken_game(game_id, prop):
    cls = all_games()[game_id]
    mutant = generic_mutants(cls)[prop]
    rules = other_rules(cls) if prop == "save_load" else None
    games = [mutant(rules, players=n) for n in player_counts(cls) if n in mutant(rules).player_range()]
    assert_refuted(check(games, prop))


@pytest.mark.parametrize("game_id", GAMES)
def test_save_load_holds_with_non_default_rules(game_id):
    cls = all_games()[game_id]
    rules = other_rules(cls)
    assert check([cls(rules, players=n) for n in cls(rules).player_range()], "save_load").verdict == "holds"


class DropsCardOnTurnover(SixtyOne):
    """A rule-level break (not just bookkeeping): the turnover loses a card."""

    def apply(self, state, move):
        after = super().apply(state, move)
        if after.turnovers > state.turnovers and after.stock:
            return State(after.hands, after.stock[1:], after.pile, after.total, after.to_move, after.dealer,
                         after.seed, after.plays, after.turnovers, after.loser)
        return after


def test_cards_conserved_refutes_a_turnover_that_drops_a_card():
    assert_refuted(check([DropsCardOnTurnover(players=n) for n in range(2, 13)], "cards_conserved"))
