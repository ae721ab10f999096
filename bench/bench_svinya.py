"""Pig with shops benchmark: random games and moves per second (CPU time), deal included.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_svinya.py``.
"""

from __future__ import annotations

import json

from benchlib import random_play

from spec.games.svinya import Rules, Svinya

if __name__ == "__main__":
    print(json.dumps({"game": "svinya", "random_play": [
        {"players": n, **random_play(Svinya(players=n), 2.0)} for n in (2, 4, 8)] + [
        {"players": 4, "preset": "talon", **random_play(Svinya(Rules(hand_size=6, when_stuck="draw"), players=4), 2.0)}]},
        indent=2))
