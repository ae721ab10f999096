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


# ------------------------------------------------------------- games played for stakes

STAKE_GAMES = [g for g in GAMES if hasattr(all_games()[g], "ledger")]


@pytest.mark.parametrize("game_id", STAKE_GAMES)
def test_stakes_conserved_refutes_a_ledger_that_creates_a_chip(game_id):
    """A ledger that writes one chip to its first account once the game is over or while the hands
    hold an odd number of cards (the break needs no knowledge of the game)."""
    cls = all_games()[game_id]

    class WritesAChipIn(cls):
        def ledger(self, state):
            led = super().ledger(state)
            held = sum(len(c) for z, c in self.zones(state).items() if z.startswith("hand"))
            if not (self.is_over(state) or held % 2):
                return led
            (first, chips), *rest = led.balances
            return type(led)(((first, chips + 1), *rest))

    assert_refuted(check([WritesAChipIn(players=n) for n in player_counts(cls)], "stakes_conserved"))


def settlement_clauses() -> list[tuple[str, str]]:
    """(game, clause) for each settlement rule a game's ``money_conserved`` proof reads."""
    from verifier.core import REGISTRY
    from verifier.runner import load_properties
    load_properties()
    return [(p.game, label) for p in REGISTRY.all() if p.name == "money_conserved" for label in p.clauses]


def leaks_a_chip(settle):
    """The settlement ``settle`` with one chip from nowhere for its last account (a settlement that
    moves nothing stays as it is)."""
    def leaky(*args, **kwargs):
        deltas = tuple(settle(*args, **kwargs))
        return deltas[:-1] + ((deltas[-1][0], deltas[-1][1] + 1),) if deltas else deltas
    return leaky


@pytest.mark.parametrize(("game_id", "label"), settlement_clauses())
def test_money_conserved_refutes_each_settlement_that_leaks_a_chip(game_id, label):
    """Each settlement rule the proof reads, broken alone, is caught: under the default rules, or
    under the first preset where the rule moves money at all."""
    cls = all_games()[game_id]
    presets = getattr(sys.modules[cls.__module__], "PRESETS", {})
    tables = [[cls(rules, players=n) for n in cls(rules).player_range()]
              for rules in [None] + [make_rules(cls.Rules, p) for p in presets.values()]]
    book = cls.clause_book()
    with book.replaced(label, leaks_a_chip(book.function(label))):
        result = next(r for r in (check(games, "money_conserved") for games in tables) if r.verdict != "holds")
    assert_refuted(result)
    assert "+1" in result.counterexample.text, result.counterexample.text
