"""Generic properties, run for every registered game (as OpenSpiel tests every game)."""

from __future__ import annotations

from collections import Counter

from spec.engine import Record
from spec.errors import IllegalMove
from spec.rules import make_rules
from verifier.core import REGISTRY, Budget, Outcome
from verifier.sampling import describe_census, playout, sample

ALL = "*"


@REGISTRY.property(ALL, "cards_conserved", title="Every card is in exactly one place at every step",
                   method="hypothesis")
def cards_conserved(games, budget: Budget) -> Outcome:
    def check(game, seed):
        deck = Counter(game.deck())

        def step(trace, state):
            census = game.card_census(state)
            if census != deck:
                raise trace.refute(describe_census(deck, census), state)
        playout(game, seed, step, budget.max_plays)
    return sample(games, budget, check)


@REGISTRY.property(ALL, "moves_exist", title="A game that has not ended has a legal move",
                   method="hypothesis")
def moves_exist(games, budget: Budget) -> Outcome:
    def check(game, seed):
        trace, state = playout(game, seed, cap=budget.max_plays)
        if not game.is_over(state) and not game.legal_moves(state) and len(trace.moves) < budget.max_plays:
            raise trace.refute(f"P{game.to_move(state)} has no legal move but the game is not over", state)
        if game.is_over(state) and game.legal_moves(state):
            raise trace.refute("the game is over but moves are still offered", state)
    return sample(games, budget, check)


@REGISTRY.property(ALL, "moves_unique_stable", title="Legal moves are unique, legal and in a stable order",
                   method="hypothesis")
def moves_unique_stable(games, budget: Budget) -> Outcome:
    def check(game, seed):
        def step(trace, state):
            moves = game.legal_moves(state)
            if len(set(moves)) != len(moves):
                dup = [m for m in moves if moves.count(m) > 1][0]
                raise trace.refute(f"move {game.format_move(dup)} is listed twice", state)
            if game.legal_moves(state) != moves:
                raise trace.refute("asking twice gives a different order", state)
            for m in moves:
                if not game.can_move(state, m):
                    raise trace.refute(f"listed move {game.format_move(m)} is rejected by check_move", state)
        playout(game, seed, step, budget.max_plays)
    return sample(games, budget, check)


@REGISTRY.property(ALL, "only_mover_moves", title="Only the player to move has moves",
                   method="hypothesis")
def only_mover_moves(games, budget: Budget) -> Outcome:
    def check(game, seed):
        def step(trace, state):
            mover = game.to_move(state)
            for p in range(game.players):
                if p != mover and game.moves_for(state, p):
                    raise trace.refute(f"P{p} has moves although P{mover} is to move", state)
        playout(game, seed, step, budget.max_plays)
    return sample(games, budget, check)


@REGISTRY.property(ALL, "replay_reproduces", title="Replaying the seed and the move log reproduces the state",
                   method="hypothesis")
def replay_reproduces(games, budget: Budget) -> Outcome:
    def check(game, seed):
        trace, state = playout(game, seed, cap=budget.max_plays)
        try:
            again = game.replay(seed, trace.moves)
        except IllegalMove as exc:
            raise trace.refute(f"the move log does not replay: {exc}", state) from None
        if again != state:
            raise trace.refute("replay ends in a different state", state)
    return sample(games, budget, check)


@REGISTRY.property(ALL, "save_load", title="A saved game loads back to the same state",
                   method="hypothesis")
def save_load(games, budget: Budget) -> Outcome:
    def check(game, seed):
        trace, state = playout(game, seed, cap=budget.max_plays)
        record = game.record(seed, trace.moves)
        loaded = Record.from_json(record.to_json())
        if loaded != record:
            raise trace.refute("the record changes on a save/load round trip", state)
        if make_rules(game.Rules, loaded.rules) != game.rules:
            raise trace.refute("the rules change on a save/load round trip", state)
        try:
            again = game.replay(loaded.seed, [game.parse_move(m) for m in loaded.moves])
        except IllegalMove as exc:
            raise trace.refute(f"the loaded record does not replay: {exc}", state) from None
        if again != state:
            raise trace.refute("the loaded record replays to a different state", state)
    return sample(games, budget, check)


@REGISTRY.property(ALL, "ends_in_bound",
                   title="Random play ends within the declared maximum length (or the game declares it may not end)",
                   method="hypothesis")
def ends_in_bound(games, budget: Budget) -> Outcome:
    def check(game, seed):
        bound = game.max_plays()
        cap = bound + 1 if bound is not None else budget.max_plays
        trace, state = playout(game, seed, cap=cap)
        if bound is not None and not game.is_over(state):
            raise trace.refute(f"still going after the declared maximum of {bound} moves", state)
        if game.is_over(state):
            game.outcome(state)
    return sample(games, budget, check)
