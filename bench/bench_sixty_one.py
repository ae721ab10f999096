"""Sixty-One benchmark: random games and plays per second, and verify wall time.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_sixty_one.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

from benchlib import random_play

from spec.games.sixty_one import SixtyOne


def random_games(players: int, seconds: float = 2.0) -> dict:
    return {"players": players, **random_play(SixtyOne(players=players), seconds)}


def verify_wall_time() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "verifier.cli", "verify", "sixty_one"], check=False,
                   stdout=subprocess.DEVNULL)
    return round(time.perf_counter() - start, 2)


if __name__ == "__main__":
    print(json.dumps({"game": "sixty_one", "random_play": [random_games(n) for n in (2, 4, 12)],
                      "verify_sixty_one_seconds": verify_wall_time()}, indent=2))
