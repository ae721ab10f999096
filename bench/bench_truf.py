"""Truf benchmark: random full games (13 deals) per second and microseconds per move
(bids, choices and plays), deals and redeals included; the issue's target is under
20 µs a move.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_truf.py [seconds]``.
CPU time (``time.process_time``) is used for the rates.
"""

from __future__ import annotations

import json
import sys

from benchlib import random_play

from spec.games.truf import Truf

if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    doc = {
        "game": "truf",
        "random_play": random_play(Truf(), seconds),
        "random_play_double_gains_higher_card": random_play(
            Truf(Truf.Rules(scoring="double_gains", bid_tie="higher_card")), seconds / 2),
        "target_us_per_play": 20,
    }
    print(json.dumps(doc, indent=2))
