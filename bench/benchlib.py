"""Shared benchmark helper: random legal play, timed in CPU seconds.

CPU time (not wall time) keeps figures comparable when the machine is busy.
"""

from __future__ import annotations

import random
import time


def random_play(game, seconds: float = 2.0, start_seed: int = 0, cap: int = 100_000) -> dict:
    """Play seeded random games of ``game`` for about ``seconds`` of CPU time; a game is cut off after
    ``cap`` moves (counted in ``cut_off``), so a game that can run for ever cannot hang the bench."""
    games = plays = cut = 0
    seed = start_seed
    cpu0 = time.process_time()
    while time.process_time() - cpu0 < seconds:
        rng = random.Random(seed)
        state = game.deal(seed)
        n = 0
        while not game.is_over(state):
            if n >= cap:
                cut += 1
                break
            moves = game.legal_moves(state)
            state = game.apply(state, moves[rng.randrange(len(moves))])
            n += 1
        plays += n
        games += 1
        seed += 1
    cpu = time.process_time() - cpu0
    return {"games": games, "games_per_s": round(games / cpu, 1), "plays_per_s": round(plays / cpu),
            "us_per_play": round(cpu / plays * 1e6, 2), "plays_per_game": round(plays / games, 1),
            "cpu_s": round(cpu, 2), "cut_off": cut}
