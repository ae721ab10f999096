"""Old Kozel across its declared variant space: the claims computed from the rules under test, their scopes,
and the game's winner under a house-rule threshold two players can pass (issue 23)."""

from __future__ import annotations

import dataclasses
import functools

import pytest

import verifier.games.kozel_old as props
from spec.games.kozel_old import KozelOld, Rules, game_winner
from verifier.core import REGISTRY, UNKNOWN
from verifier.runner import load_properties
from verifier.space import declared_space
from tests.helpers import SMALL, assert_refuted, check, in_scope as scoped

in_scope = functools.partial(scoped, KozelOld)
TINY = dataclasses.replace(SMALL, examples=6)


def test_the_space():
    space = declared_space("kozel_old")
    assert space.players == (4,) and len(space.points()) == 19


def test_the_points_a_game_can_hold_are_counted_from_the_cards():
    assert (props.fewest_points(Rules()), props.most_points(Rules())) == (8, 112)
    assert (props.fewest_points(Rules(count="both")), props.most_points(Rules(count="both"))) == (120, 120)


def test_two_players_over_a_low_threshold_the_higher_wins_and_a_tie_pays_nobody():
    # the engine used to give such a game to the lower seat number
    assert game_winner((20, 45, 30, 25), 1) == 1
    assert game_winner((50, 50, 20, 0), 40) is None
    assert game_winner((60, 60, 0, 0), 60) is None
    assert game_winner((61, 59, 0, 0), 61) == 0


def test_one_game_winner_is_claimed_where_twice_the_threshold_exceeds_a_game():
    assert in_scope("one_game_winner", Rules()) and in_scope("one_game_winner", Rules(winning_points=57))
    assert not in_scope("one_game_winner", Rules(winning_points=56))
    assert in_scope("one_game_winner", Rules(count="both"))
    assert not in_scope("one_game_winner", Rules(count="both", winning_points=60))
    assert check([KozelOld(Rules(winning_points=57))], "one_game_winner").verdict == "holds"
    assert_refuted(check([KozelOld(Rules(winning_points=56))], "one_game_winner"))
    assert_refuted(check([KozelOld(Rules(count="both", winning_points=60))], "one_game_winner"))


def test_a_half_falls_short_only_above_its_fewest_points():
    assert in_scope("every_half_can_be_won", Rules(winning_points=9))
    assert not in_scope("every_half_can_be_won", Rules(winning_points=8))
    assert check([KozelOld(Rules(winning_points=8))], "every_half_can_be_won").verdict == "holds"
    assert_refuted(check([KozelOld(Rules(winning_points=9))], "every_half_can_be_won"))
    load_properties()
    assert not REGISTRY.get("kozel_old", "every_half_can_be_won").applies([KozelOld(Rules(count="both"))])


def test_the_searches_are_claimed_where_they_settle():
    assert in_scope("scoreless_deal", Rules(winning_points=30))
    assert not in_scope("scoreless_deal", Rules(winning_points=29))
    assert in_scope("matches_end", Rules(winning_points=80)) and not in_scope("matches_end", Rules(winning_points=81))
    load_properties()
    assert not REGISTRY.get("kozel_old", "tally_lasts").applies([KozelOld(Rules(goat="tally_out"))])
    assert check([KozelOld(Rules(winning_points=30))], "scoreless_deal", TINY).verdict == "refuted"


@pytest.mark.parametrize("name", ["matches_end", "tally_lasts"])
def test_a_match_in_which_no_game_can_be_won_is_given_up_quickly(name):
    # a half holds at most 112 points: at 113 nobody ever wins a game, and the search stops after 1000 deals
    r = check([KozelOld(Rules(winning_points=113))], name, dataclasses.replace(SMALL, examples=2))
    assert r.verdict == UNKNOWN and f"no game won in the first {props.STALL_DEALS} deals" in r.detail


def test_zero_sum_is_claimed_where_sampled_matches_finish():
    assert in_scope("zero_sum", Rules()) and not in_scope("zero_sum", Rules(winning_points=120))
    r = check([KozelOld(Rules(winning_points=120))], "zero_sum", TINY)
    assert r.verdict == "unknown" and "no returns were summed" in r.detail
