"""Mouth pass: the rules, the exact expectation, and one mutation test per property."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

import verifier.games.mouth_pass as props
from spec.errors import IllegalMove, VariantError
from spec.games.mouth_pass import CLAUSES, MouthPass, Pass, Rules, falls, neighbours
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
    out = game.position(0, (1,), passes=5)
    with pytest.raises(IllegalMove, match=r"P1 is not in the circle \[rule mouth-holder\]"):
        game.check_move(out, Pass(1))
    assert neighbours((0, 2, 3), 3, "clockwise") == (0,)
    assert game.parse_move("pass to P3") == Pass(3)


def test_a_position_is_the_circle_and_the_holder():
    game = MouthPass(players=4)
    s = game.position(2, [3, 0], passes=6, dropped=True, seed=5)
    assert (s.alive, s.holder, s.seed, s.passes, s.out, s.dropped) == ((1, 2), 2, 5, 6, (3, 0), True)
    assert game.position() == game.deal(0) and game.deal(5) == game.position(0, seed=5)
    assert (game.position().alive, game.position().holder) == ((0, 1, 2, 3), 0)
    for holder, out, dropped, said in ((1, (3, 0, 3), False, "P3 is out twice"),
                                       (1, (4,), False, "P4 is not a seat of 4 players"),
                                       (None, (0,), False, "P0 holds the card but is not in the circle P1 P2 P3"),
                                       (7, (), False, "P7 holds the card but is not in the circle P0 P1 P2 P3"),
                                       (1, (), True, "the last pass fell, but nobody is out")):
        with pytest.raises(ValueError) as err:
            game.position(holder, out, dropped=dropped)
        assert str(err.value) == said


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


def test_a_pass_falls_exactly_when_its_draw_is_below_drop():
    """The integer test in ``falls`` is the exact comparison of the seeded draw with the fraction."""
    from spec.dealing import rng_for
    for drop in (Fraction(1, 10), Fraction(1, 3), Fraction(7, 9), Fraction(1, 40)):
        rules = Rules(drop=drop)
        assert [falls(rules, 5, k) for k in range(3_000)] == [rng_for(5, 2, k).random() < drop for k in range(3_000)]


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


class PickedUpByTheBlamed(MouthPass):
    """After a drop the card goes to the next player but one."""

    def apply(self, state, move):
        after = super().apply(state, move)
        if after.dropped and len(after.alive) > 2:
            i = after.alive.index(after.holder)
            return dataclasses.replace(after, holder=after.alive[(i + 1) % len(after.alive)])
        return after


class ClumsierThanStated(MouthPass):
    """The card falls twice as often as the rules' drop says."""

    def apply(self, state, move):
        twice = MouthPass(dataclasses.replace(self.rules, drop=min(Fraction(1), 2 * self.rules.drop)),
                          players=self.players)
        return twice.apply(state, move)



@pytest.mark.parametrize("mutant,prop", [(DropsTwo, "one_winner"), (HolderWins, "one_winner"),
                                         (PickedUpByTheBlamed, "one_winner"), (ClumsierThanStated, "expected_passes")])
def test_a_broken_game_is_refuted(mutant, prop):
    assert_refuted(check([mutant(players=n) for n in (3, 4)], prop))


def test_a_pass_to_a_player_out_of_the_circle_is_refuted():
    """The offering clause broken through the registry: it also offers passes to the players out."""
    offer = CLAUSES.function("mouth-neighbour")
    with CLAUSES.replaced("mouth-neighbour", lambda game, state: offer(game, state) + tuple(map(Pass, state.out))):
        r = check([MouthPass(players=3)], "one_winner")
    assert_refuted(r)
    assert "who is out" in r.counterexample.text


# ------------------------------------------------ the drop setting, the end, the texts

@pytest.mark.parametrize("value,drop", [
    ("1/10", Fraction(1, 10)), ("0.25", Fraction(1, 4)), (0.5, Fraction(1, 2)), ("1", Fraction(1)), (1, Fraction(1)),
])
def test_the_drop_is_a_probability_written_as_a_fraction_or_a_decimal(value, drop):
    assert make_rules(Rules, {"drop": value}).drop == drop


@pytest.mark.parametrize("value,allowed", [
    ("0", "a probability above 0 and at most 1, like '1/10'"),
    ("-1/10", "a probability above 0 and at most 1, like '1/10'"),
    ("11/10", "a probability above 0 and at most 1, like '1/10'"),
    ("2", "a probability above 0 and at most 1, like '1/10'"),
    ("a tenth", "a probability written as a fraction like '1/10' or a decimal like 0.1"),
    ("1/0", "a probability written as a fraction like '1/10' or a decimal like 0.1"),
])
def test_a_drop_that_is_no_probability_is_refused_with_what_is_allowed(value, allowed):
    with pytest.raises(VariantError) as err:
        make_rules(Rules, {"drop": value})
    assert err.value.allowed == allowed
    assert str(err.value) == f"key 'drop': cannot use '{value}'; allowed: {allowed}"


@pytest.mark.parametrize("at_fault,passer,receiver,gone,holder,alive", [
    ("receiver", 2, 0, 0, 1, (1, 2)),   # P2 passes round to P0, who lets it fall; P1 picks it up
    ("passer", 2, 0, 2, 0, (0, 1)),     # P2 is to blame; the next player after P2 is P0
    ("receiver", 0, 1, 1, 2, (0, 2)),
    ("passer", 0, 1, 0, 1, (1, 2)),
])
def test_after_a_drop_the_next_player_still_in_picks_the_card_up(at_fault, passer, receiver, gone, holder, alive):
    game = MouthPass(Rules(drop=Fraction(1), at_fault=at_fault), players=3)
    s = game.play(game.position(passer), Pass(receiver))
    assert (s.out, s.holder, s.alive, s.passes, s.dropped) == ((gone,), holder, alive, 1, True)


def test_a_pass_that_does_not_fall_hands_the_card_on():
    game = MouthPass(players=3)
    state = game.position(0)
    passes = 0
    while not falls(game.rules, 0, passes):
        holder = state.holder
        state = game.play(state, Pass((holder + 1) % 3))
        passes += 1
        assert (state.holder, state.alive, state.passes, state.out, state.dropped) == (
            (holder + 1) % 3, (0, 1, 2), passes, (), False)
        assert game.describe_move(state) == ""
    assert passes > 0  # the seed's first draws do not fall, so the loop checks something


def test_with_two_left_either_way_is_the_same_neighbour():
    either = MouthPass(Rules(direction="either"), players=4)
    assert either.legal_moves(either.position(3, (0, 2))) == (Pass(1),)
    assert either.legal_moves(either.position(1, (2,))) == (Pass(3), Pass(0))
    assert neighbours((0, 1, 3), 0, "either") == (1, 3)


def test_the_last_player_left_wins_and_the_others_lose_in_the_order_they_went_out():
    game = MouthPass(players=4)
    over = game.position(2, (3, 0, 1), passes=9, dropped=True)
    assert game.is_over(over) and game.to_move(over) is None and game.legal_moves(over) == ()
    out = game.outcome(over)
    assert out.winners == (2,) and out.losers == (3, 0, 1) and out.returns == (-1, -1, 3, -1)
    going = game.position(2, (3, 1), passes=4)
    assert not game.is_over(going) and game.to_move(going) == 2


def test_the_card_is_in_the_holders_mouth_for_all_to_see():
    game = MouthPass(players=3)
    s = game.position(2, (1,), passes=4)
    assert game.zones(s) == {"hand 0": (), "hand 1": (), "hand 2": (game.deck()[0],)}
    assert game.hidden_zones(s, 0) == frozenset() and game.max_plays() is None
    assert {m for m in map(Pass, range(3)) if game.refusal(s, m) is None} == set(game.legal_moves(s)) == {Pass(0)}
    assert game.refusal(s, Pass(1)) == ("mouth-holder", "P1 is not in the circle")
    assert game.refusal(s, Pass(2)) == ("mouth-neighbour", "P2 passes to P0, not P2")


def test_the_log_says_who_dropped_it_who_is_left_and_who_won():
    game = MouthPass(players=3)
    assert game.describe(game.position(2, (1,), passes=4)) == "circle P0 P2; P2 holds the card"
    assert game.describe_move(game.position(2, (1,), passes=4, dropped=True)) == "dropped: P1 is out"
    assert game.describe_move(game.position(2, (1, 0), passes=5, dropped=True)) == "dropped: P0 is out; P2 wins"


# ------------------------------------------------- silent decisions and the variant space (issue 23)

def test_pickup_by_the_partner_of_the_failed_pass():
    """pickup = partner: the player of the failed pass who stays in takes the card up."""
    from spec.games.mouth_pass import picked_up
    assert picked_up((0, 1, 2, 3), 2) == ((0, 1, 3), 3)
    assert picked_up((0, 1, 2, 3), 2, 1) == ((0, 1, 3), 1)
    game = MouthPass(Rules(pickup="partner", drop=Fraction(1)), players=4)
    after = game.play(game.deal(0), Pass(1))  # every pass falls: P1, the receiver, is out
    assert after.out == (1,) and after.holder == 0
    passer = MouthPass(Rules(pickup="partner", at_fault="passer", drop=Fraction(1)), players=4)
    after = passer.play(passer.deal(0), Pass(1))  # P0 is out; the receiver P1 keeps the card
    assert after.out == (0,) and after.holder == 1
    assert MouthPass(Rules(drop=Fraction(1)), players=4).play(game.deal(0), Pass(1)).holder == 2


def test_pickup_partner_plays_differently_and_keeps_the_expectation():
    from verifier.api import walk
    a, b = MouthPass(players=5), MouthPass(Rules(pickup="partner"), players=5)
    winners = [(a.outcome(walk(a, s)[1]).winners, b.outcome(walk(b, s)[1]).winners) for s in range(40)]
    assert sum(x != y for x, y in winners) >= 10
    for n in (2, 5, 7):
        assert props.expected_passes(MouthPass(Rules(pickup="partner"), players=n)) == Fraction(n - 1, 1) / Fraction(1, 10)
    assert check([MouthPass(Rules(pickup="partner"), players=n) for n in (3, 6)], "one_winner").verdict == "holds"


def test_one_winner_catches_a_pickup_by_a_bystander():
    with CLAUSES.replaced("mouth-pickup", lambda alive, gone, partner=None: (
            tuple(p for p in alive if p != gone), [p for p in alive if p != gone][-1])):
        assert_refuted(check([MouthPass(Rules(pickup="partner"), players=n) for n in (5, 7)], "one_winner"))
        assert_refuted(check([MouthPass(players=n) for n in (5, 7)], "one_winner"))


@pytest.mark.parametrize("drop", ["1", "1/40"])
def test_expected_passes_at_the_edges_of_the_drop(drop):
    r = check([MouthPass(make_rules(Rules, {"drop": drop}), players=n) for n in (2, 12)], "expected_passes")
    assert r.verdict == "holds"
