"""Casino War benchmark: random play per move, the exact odds' computing time, verify wall time.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_casino_war.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

from benchlib import random_play

from spec.games.casino_war import CasinoWar, Rules
from verifier.games import casino_war as props


def exact_seconds() -> dict:
    """CPU seconds of the exact expected returns (enumeration with fractions), 1 to 8 decks,
    and of the engine's own returns over every order of the 7-card shoe."""
    props.exact_war.cache_clear()
    cpu0 = time.process_time()
    for d in range(1, 9):
        props.decks_odds(d)
    enum = time.process_time() - cpu0
    cpu1 = time.process_time()
    props.engine_war(CasinoWar(players=2))
    return {"enumeration_1_to_8_decks_s": round(enum, 2),
            "engine_all_5040_orders_s": round(time.process_time() - cpu1, 2)}


def moves_only(players: int, decks: int, seconds: float = 1.0) -> dict:
    """CPU time of the moves alone (legal_moves and apply), the deals made beforehand: a round is one to
    seven moves, so the shuffle of the shoe dominates the per-play figure of ``random_play``."""
    import random
    game = CasinoWar(Rules(decks=decks), players=players)
    deals = [game.deal(s) for s in range(2000)]
    plays = 0
    cpu0 = time.process_time()
    while time.process_time() - cpu0 < seconds:
        for i, state in enumerate(deals):
            rng = random.Random(i)
            while state.to_move is not None:
                moves = game.legal_moves(state)
                state = game.apply(state, moves[rng.randrange(len(moves))])
                plays += 1
    cpu = time.process_time() - cpu0
    return {"players": players, "decks": decks, "us_per_move_without_deal": round(cpu / plays * 1e6, 2)}


def verify_wall_time() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "verifier.cli", "verify", "casino_war"], check=False,
                   stdout=subprocess.DEVNULL)
    return round(time.perf_counter() - start, 2)


if __name__ == "__main__":
    runs = [{"players": n, "decks": d, **random_play(CasinoWar(Rules(decks=d), players=n), 1.0)}
            for n, d in ((2, 1), (7, 1), (4, 8))]
    print(json.dumps({"game": "casino_war", "random_play": runs,
                      "moves_only": [moves_only(n, d) for n, d in ((2, 1), (7, 1), (4, 8))],
                      "exact_odds": exact_seconds(),
                      "verify_casino_war_seconds": verify_wall_time()}, indent=2))
