"""The generic relabel: renaming cards by the state's declared field types gives what
walking every value gives, for every game; and a relabel that misses a card is refuted."""

from __future__ import annotations

import dataclasses
import random

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
