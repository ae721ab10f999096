"""Kerosinka benchmark: random full matches (to 300, and to 500) per second and
microseconds per play, deals included; the issue's target is under 20 µs a play.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_kerosinka.py [seconds]``.
CPU time (``time.process_time``) is used for the rates.
"""

from __future__ import annotations

import json
import sys

from benchlib import random_play

from spec.games.kerosinka import Kerosinka

if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    doc = {
        "game": "kerosinka",
        "random_play": random_play(Kerosinka(), seconds),
        "random_play_to_500_answer_previous": random_play(
            Kerosinka(Kerosinka.Rules(target=500, answer_to="previous")), seconds / 2),
        "target_us_per_play": 20,
    }
    print(json.dumps(doc, indent=2))
