"""Kings benchmark: random full matches (the introduction and one reign; and with
the record restarting after each title, two reigns) per second and microseconds
per move, deals included; the issue's target is under 20 µs a move.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_koroli.py [seconds]``.
CPU time (``time.process_time``) is used for the rates.
"""

from __future__ import annotations

import json
import sys

from benchlib import random_play

from spec.games.koroli import Koroli

if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    doc = {
        "game": "koroli",
        "random_play": random_play(Koroli(), seconds),
        "random_play_fresh_counts_two_reigns": random_play(
            Koroli(Koroli.Rules(counts_restart=True, reigns=2)), seconds / 2),
        "target_us_per_play": 20,
    }
    print(json.dumps(doc, indent=2))
