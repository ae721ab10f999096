"""Sixty-One benchmark: random games and plays per second, and verify wall time.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_sixty_one.py``.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time

from spec.games.sixty_one import SixtyOne


def random_games(players: int, seconds: float = 2.0) -> dict:
    game = SixtyOne(players=players)
    games = plays = 0
    start = time.perf_counter()
    seed = 0
    while time.perf_counter() - start < seconds:
        rng = random.Random(seed)
        state = game.deal(seed)
        while not game.is_over(state):
            moves = game.legal_moves(state)
            state = game.apply(state, moves[rng.randrange(len(moves))])
            plays += 1
        games += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return {"players": players, "games_per_s": round(games / elapsed), "plays_per_s": round(plays / elapsed),
            "us_per_play": round(elapsed / plays * 1e6, 2), "plays_per_game": round(plays / games, 1)}


def verify_wall_time() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "verifier.cli", "verify", "sixty_one"], check=False,
                   stdout=subprocess.DEVNULL)
    return round(time.perf_counter() - start, 2)


if __name__ == "__main__":
    print(json.dumps({"game": "sixty_one", "random_play": [random_games(n) for n in (2, 4, 12)],
                      "verify_sixty_one_seconds": verify_wall_time()}, indent=2))
