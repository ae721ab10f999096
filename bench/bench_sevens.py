"""Sevens benchmark: random games and moves per second (CPU time), deal included.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_sevens.py``.
"""

from __future__ import annotations

import json

from benchlib import random_play

from spec.games.sevens import Sevens

if __name__ == "__main__":
    print(json.dumps({"game": "sevens", "random_play": [
        {"players": n, **random_play(Sevens(players=n), 2.0)} for n in (2, 4, 8)]}, indent=2))
