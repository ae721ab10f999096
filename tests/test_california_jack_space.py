"""California Jack across its declared variant space: the deal limit computed from the rules under test and
checked both ways by z3 (issue 23)."""

from __future__ import annotations

import pytest

from spec.games.california_jack import CaliforniaJack, Rules, deals_bound, least_deal_points
from verifier.core import REGISTRY
from verifier.runner import load_properties
from verifier.space import declared_space
from tests.helpers import assert_refuted, check


def test_the_space():
    space = declared_space("california_jack")
    assert space.players == (2,) and len(space.points()) == 17


@pytest.mark.parametrize("target, deals", [(1, 1), (2, 1), (3, 2), (4, 3), (5, 3), (9, 6), (10, 7), (11, 7),
                                           (12, 8), (1000, 667)])
def test_the_deal_limit_is_the_fewest_deals_of_three_points_that_reach_the_target(target, deals):
    # the old bound, ceil(2 target / 3), was one deal too many at 2, 5, 8, 11, ...
    assert deals_bound(target) == deals


def test_a_tied_game_point_that_goes_to_the_non_dealer_makes_every_deal_four_points():
    assert least_deal_points("nobody") == 3 and least_deal_points("non_dealer") == 4
    assert CaliforniaJack(Rules(game_tie="non_dealer")).deal_limit() == 5 == deals_bound(10, 4)
    assert CaliforniaJack(Rules(game_tie="non_dealer")).max_plays() == 260


@pytest.mark.parametrize("rules", [Rules(target=11), Rules(target=5), Rules(target=1000), Rules(game_tie="non_dealer"),
                                   Rules(target=11, game_tie="non_dealer")])
def test_the_limit_is_reached_and_cannot_be_lowered(rules):
    game = CaliforniaJack(rules)
    assert check([game], "match_ends").verdict == "holds"
    assert_refuted(check([game], "match_can_last_the_limit"))


def test_one_deal_always_decides_a_target_of_one():
    load_properties()
    game = CaliforniaJack(Rules(target=1))
    assert game.deal_limit() == 1
    assert not REGISTRY.get("california_jack", "match_can_last_the_limit").applies([game])
    assert check([game], "match_ends").verdict == "holds"


def test_the_deal_points_follow_the_tied_game_rule():
    r = check([CaliforniaJack(Rules(game_tie="non_dealer"))], "deck_points")
    assert r.verdict == "holds" and "and game even then" in r.detail


def test_the_hunts_are_claimed_where_a_whole_match_fits_in_the_search():
    load_properties()
    for name in ("game_point_decided", "one_player_reaches_target"):
        prop = REGISTRY.get("california_jack", name)
        assert prop.expected_for([CaliforniaJack(Rules(target=144))]) == "refuted"
        assert prop.expected_for([CaliforniaJack(Rules(target=145))]) is None
        assert prop.expected_for([CaliforniaJack(Rules(target=192, game_tie="non_dealer"))]) == "refuted"
        assert prop.expected_for([CaliforniaJack(Rules(target=1000))]) is None
        assert_refuted(check([CaliforniaJack(Rules(target=100))], name))


def test_the_hunts_scope_text_names_the_plays():
    from verifier.games import california_jack as props
    assert f"{props.HUNT_PLAYS:,} plays" in props.MATCH_FITS.text


def test_zero_sum_is_claimed_where_a_sampled_match_can_reach_the_target():
    from spec.games.california_jack import CaliforniaJack, Rules
    from tests.helpers import in_scope
    assert in_scope(CaliforniaJack, "zero_sum", Rules())
    assert not in_scope(CaliforniaJack, "zero_sum", Rules(target=1000))   # at most 34,684 plays: none finished
