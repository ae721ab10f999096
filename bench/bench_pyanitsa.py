"""Pyanitsa benchmark: random games and lays per second (CPU time), deal included, and the
speed of the kernel's explore on the exhaustive short-deck search.

Games that loop are cut at 5,000 lays (``cap``). Prints one JSON document.
Run: ``.venv/bin/python bench/bench_pyanitsa.py``.
"""

from __future__ import annotations

import json
import random
import time

from spec.games.pyanitsa import Pyanitsa, Rules
from verifier.api import explore
from verifier.games.pyanitsa import every_deal, rank_key, short


def random_play(game, seconds: float = 2.0, cap: int = 5_000) -> dict:
    games = plays = 0
    cpu0 = time.process_time()
    while time.process_time() - cpu0 < seconds:
        rng = random.Random(games)
        state = game.deal(games)
        n = 0
        while not game.is_over(state) and n < cap:
            moves = game.legal_moves(state)
            state = game.apply(state, moves[rng.randrange(len(moves))])
            n += 1
        plays += n
        games += 1
    cpu = time.process_time() - cpu0
    return {"players": game.players, "order": game.rules.return_order, "games": games,
            "us_per_play": round(cpu / plays * 1e6, 2), "plays_per_game": round(plays / games, 1)}


def search_speed() -> dict:
    g = short(Pyanitsa(players=2), 4, 2)
    roots = every_deal(g)
    cpu0 = time.process_time()
    ex = explore(g, roots, key=rank_key)
    cpu = time.process_time() - cpu0
    return {"deck": "4 ranks x 2 suits", "deals": len(roots), "states": ex.states,
            "states_per_s": round(ex.states / cpu)}


if __name__ == "__main__":
    print(json.dumps({"game": "pyanitsa", "random_play": [
        random_play(Pyanitsa(Rules(return_order=o), players=n)) for n, o in
        ((2, "laid"), (2, "winner_first"), (4, "laid"), (8, "laid"))], "explore": search_speed()}, indent=2))
