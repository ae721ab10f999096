"""Old Kozel benchmark: random full matches per second and microseconds per play,
deals included (the issue's target is under 20 µs a play), under the source's
reading and with both halves counted together.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_kozel_old.py [seconds]``.
CPU time (``time.process_time``) is used for the rates.
"""

from __future__ import annotations

import json
import sys

from benchlib import random_play

from spec.games.kozel_old import KozelOld

if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    doc = {
        "game": "kozel_old",
        "random_play": random_play(KozelOld(), seconds),
        "random_play_both_halves": random_play(KozelOld(KozelOld.Rules(count="both")), seconds / 2),
        "target_us_per_play": 20,
    }
    print(json.dumps(doc, indent=2))
