"""Bura benchmark: random full games (claims, wrong claims and deals dealt again
included) per second and microseconds per move, deals included, for 2, 4 and 6
players; the issue's target is under 20 µs a move.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_bura.py [seconds]``.
CPU time (``time.process_time``) is used for the rates.
"""

from __future__ import annotations

import json
import sys

from benchlib import random_play

from spec.games.bura import Bura

if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    doc = {
        "game": "bura",
        "random_play_2p": random_play(Bura(players=2), seconds / 2),
        "random_play_4p": random_play(Bura(players=4), seconds / 2),
        "random_play_6p": random_play(Bura(players=6), seconds / 2),
        "random_play_6p_automatic_draw_out": random_play(
            Bura(Bura.Rules(claims="automatic", short_stock="draw_out"), players=6), seconds / 2),
        "target_us_per_play": 20,
    }
    print(json.dumps(doc, indent=2))
