"""The kernel: moves from templates, clauses that decide moves, the verifier API
and the generic kernel properties, on the worked example game (and its mutants)."""

from __future__ import annotations

import json
import random

import pytest

import tests.kernel_example_props  # noqa: F401  (registers the example's properties)
from spec.cards import parse_card
from spec.engine import Outcome, Record
from spec.errors import IllegalMove, NotationError
from spec.moves import move, parse_move
from spec.stakes import Ledger
from tests.helpers import assert_refuted, check
from tests.kernel_example import PASS, Follow, Lay, Pass, State
from verifier.api import Root, explore, walk
from verifier.core import REGISTRY, Property
from verifier.generic import moves_mismatch

GAMES = [Follow(players=n) for n in (2, 3, 4)]


def test_move_templates_round_trip_and_name_what_is_allowed():
    assert parse_move("10♥", (Pass, Lay)) == Lay(parse_card("Th"))
    assert parse_move("  PASS ", (Pass, Lay)) == PASS
    assert str(Lay(parse_card("Qs"))) == "Q♠" and str(PASS) == "pass"
    with pytest.raises(NotationError, match=r"moves are: pass, <card>"):
        parse_move("beat it", (Pass, Lay))
    with pytest.raises(NotationError, match="one line"):
        parse_move("pass\nQ♠", (Pass, Lay))
    with pytest.raises(NotationError, match="must be text"):
        parse_move(["Q♠"], (Pass, Lay))


def test_templates_with_several_fields_and_aliases():
    @move("beat {attack} with {cover}", "{attack}/{cover}")
    class Beat:
        attack: type(parse_card("7s"))
        cover: type(parse_card("7s"))
    m = parse_move("beat 7♠ with Qs", (Beat,))
    assert parse_move("7s/Q♠", (Beat,)) == m and str(m) == "beat 7♠ with Q♠"
    assert m != Lay(parse_card("7s")) and hash(m) == hash(Beat(*m_fields(m)))


def m_fields(m):
    return (m.attack, m.cover)


def test_a_refused_move_names_its_clause_and_says_why():
    game = Follow(players=2)
    state = game.position(["10♠ 9♥", "A♦"], "K♥")
    with pytest.raises(IllegalMove) as exc:
        game.check_move(state, Lay(parse_card("10♠")))
    assert exc.value.clause == "follow-match"
    assert "10♠ does not match K♥: lay a ♥ card or a K" in str(exc.value)
    with pytest.raises(IllegalMove, match=r"can lay 9♥, so may not pass \[rule follow-pass\]"):
        game.check_move(state, PASS)
    with pytest.raises(IllegalMove, match=r"does not hold A♦ \[rule follow-hold\]"):
        game.check_move(state, Lay(parse_card("A♦")))
    assert game.play(state, Lay(parse_card("9♥"))).pile[-1] == parse_card("9♥")


def test_properties_of_the_example_hold():
    for name in ("moves_match_clauses", "pile_matches", "returns_balance", "zero_sum", "chance",
                 "hidden_information", "cards_conserved", "ends_in_bound"):
        r = check(GAMES, name)
        assert r.verdict == "holds", (name, r.detail, r.counterexample)


def test_moves_match_clauses_is_exhaustive_on_small_configs_and_sampled_on_full_decks():
    r = check(GAMES, "moves_match_clauses")
    assert r.method == "exhaustive" and "exhaustive over" in r.detail and "sampled" in r.detail
    assert "suit_only" in r.detail  # every preset is explored too


class PassesWhenItLikes(Follow):
    """A fast path that drifts from its clause: passing is always offered."""

    def legal_moves(self, state):
        moves = super().legal_moves(state)
        return moves if PASS in moves or not moves else moves + (PASS,)


class IgnoresRankUnderSuitOnly(Follow):
    """Drifts only under the suit_only preset: the fast path still matches ranks."""

    def legal_moves(self, state):
        if self.is_over(state):
            return ()
        top = state.pile[-1]
        lays = tuple(Lay(c) for c in state.hands[state.to_move] if c.suit == top.suit or c.rank == top.rank)
        return lays or (PASS,)


@pytest.mark.parametrize("mutant", [PassesWhenItLikes, IgnoresRankUnderSuitOnly])
def test_a_drifting_fast_path_is_refuted(mutant):
    r = check([mutant(players=n) for n in (2, 3)], "moves_match_clauses")
    assert_refuted(r)
    assert "clause follow-" in r.counterexample.text


def test_mismatch_names_both_directions():
    game = Follow(players=2)
    state = game.position(["10♠ 9♥", "A♦"], "K♥")
    assert moves_mismatch(game, state) is None
    assert "refuses it" in moves_mismatch(PassesWhenItLikes(players=2), state)

    class Omits(Follow):
        def legal_moves(self, state):
            return super().legal_moves(state)[1:] or (PASS,)
    state2 = game.position(["K♠ 9♥", "A♦"], "K♥")
    assert "do not include it" in moves_mismatch(Omits(players=2), state2)


class LaysAnything(Follow):
    def legal_moves(self, state):
        if self.is_over(state):
            return ()
        return tuple(Lay(c) for c in state.hands[state.to_move])


def test_invariant_refutes_a_broken_rule_with_a_replayable_record():
    r = check([LaysAnything(players=2)], "pile_matches")
    assert_refuted(r)
    assert r.method == "exhaustive"  # found in the small configurations first
    record = r.counterexample.record
    assert record.moves and " lies on " in r.counterexample.text


class WrongReturns(Follow):
    def outcome(self, state):
        out = super().outcome(state)
        return Outcome(winners=out.winners, returns=tuple(max(0, x) for x in out.returns))


class UsesGlobalRandom(Follow):
    def apply(self, state, move):
        after = super().apply(state, move)
        if random.random() < 0.5:  # a rule that is not seeded: replays differ
            return State(after.hands, after.pile, after.to_move, after.passes, after.seed + 1)
        return after


class ShowsOpponents(Follow):
    def observe(self, state, player):
        return state.hands


class NoChanceClaimed(Follow):
    info = Follow.info.__class__(**{**Follow.info.__dict__, "chance": False})


@pytest.mark.parametrize("mutant,prop", [(WrongReturns, "zero_sum"), (UsesGlobalRandom, "chance"),
                                         (NoChanceClaimed, "chance"), (ShowsOpponents, "hidden_information")])
def test_metadata_claims_can_fail(mutant, prop):
    assert_refuted(check([mutant(players=n) for n in (2, 3)], prop))


class WithStakes(Follow):
    """Each player antes 1 to the pot; the winner takes it (``leak``: a bonus
    written straight into the balances, not paid by anyone)."""

    leak = False

    def ledger(self, state):
        led = Ledger.open(players=self.players, stake=10)
        for p in range(self.players):
            led = led.pay(f"P{p}", "pot", 1)
        if self.is_over(state):
            win = f"P{self.outcome(state).winners[0]}"
            led = led.pay("pot", win, self.players)
            if self.leak:
                led = Ledger(tuple((a, b + (a == win)) for a, b in led.balances))
        return led


class LeakyStakes(WithStakes):
    leak = True


def test_stakes_conserved_holds_and_can_fail():
    assert check([WithStakes(players=3)], "stakes_conserved").verdict == "holds"
    assert_refuted(check([LeakyStakes(players=3)], "stakes_conserved"))
    assert not REGISTRY.get("example_follow", "stakes_conserved").applies(GAMES)


def test_explore_counts_states_and_finds_the_longest_game():
    game = Follow(Follow.Rules(hand_size=2), players=2)
    ex = explore(game, [Root.deal(game, s) for s in range(5)])
    assert ex.complete and ex.cycle is None and ex.states > 5 and ex.terminals > 0
    root, moves = ex.longest
    state = game.replay(root.seed, moves)  # the longest game is a legal, finished game
    assert game.is_over(state)
    # no root's game is longer: check by brute force on each root
    def longest(state):
        if game.is_over(state):
            return 0
        return 1 + max(longest(game.apply(state, m)) for m in game.legal_moves(state))
    assert len(moves) == max(longest(game.deal(s)) for s in range(5))


class EndlessPasses(Follow):
    """Passing never ends the game: a blocked game loops for ever."""

    def is_over(self, state):
        return any(not h for h in state.hands)

    def apply(self, state, move):
        after = super().apply(state, move)
        return State(after.hands, after.pile, after.to_move, min(after.passes, 1), after.seed)


def test_explore_finds_a_replayable_cycle():
    game = EndlessPasses(Follow.Rules(hand_size=2), players=2)
    ex = explore(game, [Root.deal(game, s) for s in range(40)], stop_at_cycle=True)
    assert ex.cycle is not None and not ex.complete
    root, prefix, loop = ex.cycle
    start = game.replay(root.seed, prefix)
    assert game.replay(root.seed, prefix + loop) == start and loop


def test_explore_stops_unfinished_at_the_cap():
    game = Follow(players=2)
    ex = explore(game, [Root.deal(game, s) for s in range(10)], max_states=50)
    assert not ex.complete and ex.states == 50 and ex.longest is None


def test_walk_is_seeded_and_takes_a_policy_and_a_stop():
    game = Follow(players=3)
    assert walk(game, 5)[0].moves == walk(game, 5)[0].moves
    first = walk(game, 5, policy=lambda state, moves, rng: moves[0])[0].moves
    assert first and all(isinstance(m, (Lay, Pass)) for m in first)
    trace, state = walk(game, 5, stop=lambda s: len(s.pile) >= 3)
    assert len(state.pile) == 3 or game.is_over(state)


def test_definitions_are_checked_when_registered():
    with pytest.raises(ValueError, match="does not declare"):
        REGISTRY.add(Property("example_follow", "bad_label", "t", ("follow-nonsense",), "hypothesis", "holds",
                              lambda g, b: None), Follow.clause_book())
    with pytest.raises(ValueError, match="cannot be expected to hold"):
        REGISTRY.add(Property("example_follow", "bad_search", "t", (), "search", "holds", lambda g, b: None))
    with pytest.raises(ValueError, match="budget has no field"):
        REGISTRY.add(Property("example_follow", "bad_budget", "t", (), "hypothesis", "holds",
                              lambda g, b: None, budget=(("exampels", 3),)))


def test_old_records_read_with_legacy_defaults(monkeypatch):
    import spec.games.sixty_one as mod
    monkeypatch.setattr(mod, "LEGACY_DEFAULTS", {"losing_total": 41}, raising=False)
    old = Record.from_json(json.dumps({"game": "sixty_one", "players": 2, "seed": 1, "moves": []}))
    new = Record.from_json(json.dumps({"format": 2, "game": "sixty_one", "players": 2, "seed": 1, "moves": []}))
    assert old.format == 1 and old.game_object().rules.losing_total == 41
    assert new.game_object().rules.losing_total == 61
    assert Record.from_json(new.to_json()) == new


def test_the_registry_finds_every_game_module_and_names_the_known_ones_on_a_miss():
    import pkgutil

    import spec.games
    from spec.errors import UnknownGame
    from spec.games import all_games, get_game

    modules = {m.name for m in pkgutil.iter_modules(spec.games.__path__) if not m.name.startswith("_")}
    assert set(all_games()) == modules      # each game module defines GAME under its own id
    assert get_game("durak").info.id == "durak"
    with pytest.raises(UnknownGame) as err:
        get_game("durk")
    assert str(err.value) == f"unknown game 'durk'; known games: {', '.join(sorted(modules))}"


def test_a_claim_about_finished_games_is_unknown_when_none_finished():
    from verifier.core import Budget
    cut = Budget(seed=1, examples=10, max_plays=1)  # every sampled game is stopped after its first play
    r = check([Follow(players=3)], "zero_sum", cut)
    assert r.verdict == "unknown" and r.detail == "none of the 10 sampled games finished within 1 plays, so no " \
        "returns were summed"
    assert check([Follow(players=3)], "zero_sum").verdict == "holds"
