"""Mouth pass benchmark: random games and passes per second (CPU time), deal included.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_mouth_pass.py``.
"""

from __future__ import annotations

import json

from benchlib import random_play

from spec.games.mouth_pass import MouthPass

if __name__ == "__main__":
    print(json.dumps({"game": "mouth_pass", "random_play": [
        {"players": n, **random_play(MouthPass(players=n), 2.0)} for n in (2, 6, 12)]}, indent=2))
