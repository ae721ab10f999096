"""The generic relabel: renaming cards by the state's declared field types gives what
walking every value gives, for every game; and a relabel that misses a card is refuted."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from spec.cards import Card
from spec.engine import Game
from spec.games import all_games
from tests.helpers import assert_refuted, check

GAMES = sorted(all_games())


def walked(obj, mapping):
    """Rename cards by walking every value (no declared types): the reference."""
    if isinstance(obj, Card):
        return mapping.get(obj, obj)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return dataclasses.replace(obj, **{f.name: walked(getattr(obj, f.name), mapping)
                                           for f in dataclasses.fields(obj) if f.init})
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return type(obj)(*(walked(x, mapping) for x in obj))
    if isinstance(obj, (tuple, list, set, frozenset)):
        return type(obj)(walked(x, mapping) for x in obj)
    if isinstance(obj, dict):
        return type(obj)({walked(k, mapping): walked(v, mapping) for k, v in obj.items()})
    return obj


@pytest.mark.parametrize("game_id", GAMES)
def test_generic_relabel_equals_walking_every_value(game_id):
    cls = all_games()[game_id]
    if "relabel" in vars(cls):
        pytest.skip(f"{game_id} keeps its own relabel (its state stores cards another way)")
    game = cls()
    deck = list(dict.fromkeys(game.deck()))
    for seed in range(3):
        rng = random.Random(seed)
        state = game.deal(seed)
        for _ in range(60):
            shuffled = deck[:]
            rng.shuffle(shuffled)
            mapping = dict(zip(deck, shuffled))
            assert Game.relabel(game, state, mapping) == walked(state, mapping)
            if game.is_over(state):
                break
            moves = game.legal_moves(state)
            state = game.apply(state, moves[rng.randrange(len(moves))])


def test_a_relabel_that_misses_the_hands_is_refuted():
    from spec.games.kerosinka import Kerosinka

    class KeepsTheHands(Kerosinka):
        """Renames every card but those in the hands: the view check would compare a state with itself."""

        def relabel(self, state, mapping):
            return dataclasses.replace(super().relabel(state, mapping), hands=state.hands)
    r = check([KeepsTheHands()], "hidden_information")
    assert_refuted(r)
    assert "does not swap them in zone 'hand" in r.counterexample.text


def relabel_mismatch(game, seeds=range(2), steps: int = 40) -> str | None:
    """Where ``game.relabel`` (its own or the generic one) fails what it is for (the view checks and the bots
    rename cards a player cannot see), as seen from outside: with the cards hidden from a player shuffled
    among themselves (those with no twin in sight), every zone of the renamed state must hold the renamed
    cards of the zone before (as a multiset: a zone may keep its cards sorted), and the same player moves."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.deal(seed)
        for step in range(steps):
            zones = game.zones(state)
            secret = game.hidden_zones(state, step % game.players)
            seen = {c for z, cards in zones.items() if z not in secret for c in cards}
            # a card with a twin in sight (two packs) is left alone: which copy a name means is ambiguous
            unseen = list(dict.fromkeys(c for z in sorted(secret) for c in zones[z] if c not in seen))
            shuffled = unseen[:]
            rng.shuffle(shuffled)
            mapping = dict(zip(unseen, shuffled))
            renamed = game.relabel(state, mapping)
            got = game.zones(renamed)
            for z, cards in zones.items():
                if Counter(got.get(z, ())) != Counter(mapping.get(c, c) for c in cards):
                    return f"seed {seed}, step {step}: zone {z!r} is not renamed"
            if game.to_move(renamed) != game.to_move(state):
                return f"seed {seed}, step {step}: another player moves"
            if game.is_over(state):
                break
            moves = game.legal_moves(state)
            state = game.apply(state, moves[rng.randrange(len(moves))])
    return None


@pytest.mark.parametrize("game_id", GAMES)
def test_every_relabel_renames_the_cards_of_every_zone(game_id):
    assert relabel_mismatch(all_games()[game_id]()) is None


def test_a_relabel_that_forgets_a_zone_is_caught_from_outside():
    from spec.games.durak import Durak

    class ForgetsTheStock(Durak):
        def relabel(self, state, mapping):
            return dataclasses.replace(super().relabel(state, mapping), stock=state.stock)
    assert "zone 'stock' is not renamed" in relabel_mismatch(ForgetsTheStock(players=2))
