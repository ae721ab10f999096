"""Kerosinka across its declared variant space: the deal limit decided at every target, and the scopes of the
witness hunts (issue 23)."""

from __future__ import annotations

import functools

import pytest

from spec.games.kerosinka import Kerosinka, Rules
from verifier.space import declared_space
from tests.helpers import assert_refuted, check, in_scope as scoped, property_of

prop = functools.partial(property_of, "kerosinka")
in_scope = functools.partial(scoped, Kerosinka)


def test_the_space():
    space = declared_space("kerosinka")
    assert space.players == (4,) and len(space.points()) == 9


@pytest.mark.parametrize("target", [31, 299, 301, 500, 100_000])
def test_the_deal_limit_is_decided_at_every_target(target):
    # a model with one number a deal timed out at 100,000 (3,334 deals); the totals alone decide it
    game = Kerosinka(Rules(target=target))
    assert check([game], "match_ends").verdict == "holds"
    assert_refuted(check([game], "match_can_last_the_limit"))


def test_one_deal_always_decides_a_target_of_thirty():
    game = Kerosinka(Rules(target=30))
    assert game.deal_limit() == 1 and not prop("match_can_last_the_limit").applies([game])
    assert check([game], "match_ends").verdict == "holds"


def test_the_hunts_are_claimed_where_they_settle():
    assert in_scope("one_player_reaches_target", Rules(target=500))
    assert not in_scope("one_player_reaches_target", Rules(target=501))
    assert_refuted(check([Kerosinka(Rules(target=500))], "one_player_reaches_target"))
    assert in_scope("shown_card_names_a_suit", Rules())
    assert not in_scope("shown_card_names_a_suit", Rules(turned_kerosinka="redeal"))


def test_the_hunts_scope_text_names_its_target():
    from verifier.games import kerosinka as props
    assert str(props.HUNTED_TARGET) in props.MATCH_PLAYED_OUT.text


def test_zero_sum_is_claimed_where_a_sampled_match_can_reach_the_target():
    from spec.games.kerosinka import Kerosinka, Rules
    from tests.helpers import in_scope
    assert in_scope(Kerosinka, "zero_sum", Rules())
    assert not in_scope(Kerosinka, "zero_sum", Rules(target=100_000))
