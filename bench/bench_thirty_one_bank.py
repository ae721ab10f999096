"""Thirty-One against a banker benchmark: random play per move, the exact odds' computing time, verify wall time.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_thirty_one_bank.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

from benchlib import random_play

from spec.games.thirty_one_bank import Rules, ThirtyOneBank
from verifier.games import thirty_one_bank as props


def exact_seconds() -> dict:
    """CPU seconds of each exact computation (enumerations with fractions)."""
    out = {}
    cpu = time.process_time()
    for d in (1, 2, 3):
        props.natural_chance(d)
    out["naturals_1_to_3_decks_s"] = round(time.process_time() - cpu, 3)
    cpu = time.process_time()
    props.engine_naturals(1)
    out["engine_all_22100_hands_s"] = round(time.process_time() - cpu, 2)
    cpu = time.process_time()
    for t in props.EDGE_THRESHOLDS:
        props.banker_edge(t)
    out["banker_edge_thresholds_21_to_31_s"] = round(time.process_time() - cpu, 2)
    cpu = time.process_time()
    for total in (26, 27):
        for t in props.REMARK_BANKERS:
            props.remark(total, t)
    out["remark_26_27_s"] = round(time.process_time() - cpu, 2)
    return out


def verify_wall_time() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "verifier.cli", "verify", "thirty_one_bank"], check=False,
                   stdout=subprocess.DEVNULL)
    return round(time.perf_counter() - start, 2)


if __name__ == "__main__":
    runs = [{"players": n, "decks": d, **random_play(ThirtyOneBank(Rules(decks=d), players=n), 1.0)}
            for n, d in ((2, 1), (5, 1), (8, 3))]
    print(json.dumps({"game": "thirty_one_bank", "random_play": runs, "exact_odds": exact_seconds(),
                      "verify_thirty_one_bank_seconds": verify_wall_time()}, indent=2))
