"""Sixty-Six across its declared variant space: the claims computed from the rules under test, and the scopes
of those that hold only under some rules (issue 23)."""

from __future__ import annotations

import functools

import pytest

from spec.games.sixty_six import SixtySix
from verifier.games import sixty_six as props
from verifier.space import declared_space
from tests.helpers import assert_refuted, check, in_scope as scoped, property_of

prop = functools.partial(property_of, "sixty_six")
in_scope = functools.partial(scoped, SixtySix)
R = SixtySix.Rules


def test_the_space_is_small_and_covers_both_player_counts():
    space = declared_space("sixty_six")
    assert space.players == (2, 3)
    assert len(space.points()) == 72


@pytest.mark.parametrize("bonus", [0, 9, 11, 100])
def test_the_points_in_play_follow_the_last_trick_bonus(bonus):
    # the claim used to add a fixed 10 for the last trick, and was refuted under any other bonus
    res = check([SixtySix(R(last_trick_bonus=bonus))], "card_points_total")
    assert res.verdict == "holds", res.detail
    assert f"makes {120 + bonus}" in res.detail


def test_the_scoring_cases_sit_at_the_rules_own_lines():
    assert props._score_points(R()) == (0, 32, 33, 65, 66, 80, 130)
    assert props._score_points(R(schneider=50, target=100, last_trick_bonus=0)) == (0, 49, 50, 80, 99, 100, 120)
    assert props._score_points(R(schneider=0, target=1)) == (0, 1, 80, 130)


def test_no_draw_is_claimed_only_where_the_points_can_be_shared_below_the_target():
    assert in_scope("no_draw", R()) and in_scope("no_draw", R(target=230))
    assert not in_scope("no_draw", R(target=65)) and not in_scope("no_draw", R(last_trick_bonus=11))
    assert in_scope("no_draw", R(last_trick_bonus=0))          # 120 shared 60-60 below 66
    assert check([SixtySix(R(target=65))], "no_draw").verdict == "holds"
    assert_refuted(check([SixtySix(R(last_trick_bonus=0))], "no_draw"))


def test_a_marriage_rules_a_draw_out_only_where_its_points_tip_the_balance():
    for rules in (R(target=230), R(marriage_points=0), R(trump_marriage_points=0)):
        assert not in_scope("no_draw_with_marriage", rules)
        assert_refuted(check([SixtySix(rules)], "no_draw_with_marriage"))
    assert in_scope("no_draw_with_marriage", R(target=67, marriage_points=19))
    assert check([SixtySix(R(target=67, marriage_points=19))], "no_draw_with_marriage").verdict == "holds"


def test_two_players_reach_the_target_played_out_only_where_the_points_suffice():
    for rules in (R(target=230), R(marriage_points=0, trump_marriage_points=0)):
        assert not in_scope("both_66_if_played_out", rules)
        assert check([SixtySix(rules)], "both_66_if_played_out").verdict == "holds"
    assert in_scope("both_66_if_played_out", R(marriage_points=0, trump_marriage_points=5))
    assert_refuted(check([SixtySix(R(marriage_points=0, trump_marriage_points=5))], "both_66_if_played_out"))


def test_the_two_player_claims_say_nothing_about_three():
    three = [SixtySix(R(allow_three=True), players=3)]
    for name in ("no_draw", "no_draw_with_marriage", "both_66_if_played_out", "closing_guarantee"):
        assert not prop(name).applies(three), name


def test_the_turned_trump_matters_where_the_stock_can_hold_exactly_the_minimum():
    for m in (4, 6):
        assert not in_scope("close_reading_immaterial", R(close_min_stock=m))
        assert_refuted(check([SixtySix(R(close_min_stock=m))], "close_reading_immaterial"))
    assert not in_scope("close_reading_immaterial", R(allow_three=True, close_min_stock=3), players=3)
    for m in (0, 5, 13, 18):
        assert in_scope("close_reading_immaterial", R(close_min_stock=m))
    assert in_scope("close_reading_immaterial", R(allow_three=True, close_min_stock=4), players=3)
    assert check([SixtySix(R(allow_three=True, close_min_stock=4), players=3)],
                 "close_reading_immaterial").verdict == "holds"


def test_a_follower_closes_only_where_he_may_and_the_stock_allows_it():
    assert in_scope("closing_is_the_leaders", R())
    assert not in_scope("closing_is_the_leaders", R(closer="leader"))
    assert in_scope("closing_is_the_leaders", R(close_min_stock=12))
    assert not in_scope("closing_is_the_leaders", R(close_min_stock=12, close_counts_trump_card=False))
    assert not in_scope("closing_is_the_leaders", R(close_min_stock=12, close_before_first_trick=False))
    assert not in_scope("closing_is_the_leaders", R(close_min_stock=18))
    assert check([SixtySix(R(close_min_stock=18))], "closing_is_the_leaders").verdict == "holds"
    assert props.can_ever_close(R(close_min_stock=6), 3) and not props.can_ever_close(R(close_min_stock=7), 3)


def test_the_closing_guarantee_exists_only_where_its_position_does():
    # 9 points already win at target 9: the position would be over (the sweep used to crash on it)
    assert not props.guarantee_reachable([SixtySix(R(target=9))])
    assert props.guarantee_reachable([SixtySix(R(target=10))])
    assert not props.guarantee_reachable([SixtySix(R(close_min_stock=7))])
    assert props.guarantee_reachable([SixtySix(R(close_min_stock=6))])
    assert not props.guarantee_reachable([SixtySix(R(close_min_stock=6, close_counts_trump_card=False))])


def test_the_closing_guarantee_holds_up_to_its_scopes_target_and_not_beyond():
    top = props.GUARANTEE_MAX_TARGET
    assert in_scope("closing_guarantee", R(target=top)) and not in_scope("closing_guarantee", R(target=top + 1))
    assert check([SixtySix(R(target=top))], "closing_guarantee").verdict == "holds"
    assert_refuted(check([SixtySix(R(target=top + 1))], "closing_guarantee"))


@pytest.mark.parametrize("rules", [R(trump_marriage_points=0), R(marriage_points=200)])
def test_the_closing_guarantee_needs_the_texts_marriages(rules):
    assert not in_scope("closing_guarantee", rules)
    assert_refuted(check([SixtySix(rules)], "closing_guarantee"))


def test_the_scope_texts_name_their_constants():
    assert str(props.GUARANTEE_MAX_TARGET) in props.GUARANTEE_SCOPE.text
