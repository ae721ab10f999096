"""Queen-and-Ace benchmark: random play per move, the exact odds' computing time, verify wall time.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_queen_ace.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

from benchlib import random_play

from spec.games.queen_ace import QueenAce
from verifier.games import queen_ace as props


def exact_seconds() -> dict:
    """CPU seconds of the exact odds (dynamic programming with fractions), 3 to 12 players."""
    props.exact_odds.cache_clear()
    cpu0 = time.process_time()
    for n in range(3, 13):
        props.exact_odds(n)
    both = time.process_time() - cpu0
    cpu1 = time.process_time()
    for n in range(3, 6):
        props.engine_odds(QueenAce(players=n))
    return {"dp_3_to_12_players_s": round(both, 2), "engine_all_5040_orders_3_to_5_players_s":
            round(time.process_time() - cpu1, 2)}


def verify_wall_time() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "verifier.cli", "verify", "queen_ace"], check=False,
                   stdout=subprocess.DEVNULL)
    return round(time.perf_counter() - start, 2)


if __name__ == "__main__":
    print(json.dumps({"game": "queen_ace",
                      "random_play": [{"players": n, **random_play(QueenAce(players=n), 1.0)} for n in (3, 6, 12)],
                      "exact_odds": exact_seconds(), "verify_queen_ace_seconds": verify_wall_time()}, indent=2))
