"""California Jack benchmark: random full matches (to 10) per second and
microseconds per play, deals included; the issue's target is under 20 µs a play.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_california_jack.py [seconds]``.
CPU time (``time.process_time``) is used for the rates.
"""

from __future__ import annotations

import json
import sys

from benchlib import random_play

from spec.games.california_jack import CaliforniaJack

if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    doc = {
        "game": "california_jack",
        "random_play": random_play(CaliforniaJack(), seconds),
        "random_play_threes": random_play(CaliforniaJack(CaliforniaJack.Rules(deal_batch=3)), seconds / 2),
        "target_us_per_play": 20,
    }
    print(json.dumps(doc, indent=2))
