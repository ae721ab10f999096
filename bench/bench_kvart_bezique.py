"""Kvart-bezique benchmark: random play per move (the deal included), the exact odds' computing time,
verify wall time.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_kvart_bezique.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

from benchlib import random_play

from spec.games import kvart_bezique as game
from spec.games.kvart_bezique import KvartBezique, Rules


def exact_seconds() -> dict:
    """CPU seconds of the exact score distributions (every multiset scored afresh, with fractions)."""
    out = {}
    for name, rules in (("plain", Rules()), ("trump", Rules(trump="turned")),
                        ("trump_combinations", Rules(trump="turned", trump_doubles="suit_combinations"))):
        game.score_distribution.cache_clear()
        game._score.cache_clear()
        cpu = time.process_time()
        game.score_distribution(rules)
        out[f"{name}_s"] = round(time.process_time() - cpu, 2)
    return out


def verify_wall_time() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "verifier.cli", "verify", "kvart_bezique"], check=False,
                   stdout=subprocess.DEVNULL)
    return round(time.perf_counter() - start, 2)


if __name__ == "__main__":
    print(json.dumps({"game": "kvart_bezique",
                      "random_play": [{"players": n, **random_play(KvartBezique(players=n), 1.0)} for n in (2, 4, 6)]
                      + [{"players": 4, "preset": "trump",
                          **random_play(KvartBezique(Rules(trump="turned"), players=4), 1.0)}],
                      "exact_odds": exact_seconds(), "verify_kvart_bezique_seconds": verify_wall_time()}, indent=2))
