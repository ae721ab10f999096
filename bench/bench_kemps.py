"""Kemps benchmark: random games and moves per second (CPU time), deal included.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_kemps.py``.
"""

from __future__ import annotations

import json

from benchlib import random_play

from spec.games.kemps import KempsGame, Rules

if __name__ == "__main__":
    print(json.dumps({"game": "kemps", "random_play": [
        {"rules": name, "players": 4, **random_play(KempsGame(rules), 2.0)}
        for name, rules in (("default", Rules()), ("house_limit", Rules(stall_limit=12, stock_out="end")))]},
        indent=2))
