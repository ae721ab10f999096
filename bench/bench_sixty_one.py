"""Sixty-One benchmark: CPU time per play in random games, against the pre-kernel
engine, and the wall time of ``cardspec verify sixty_one``.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_sixty_one.py [SECONDS]``.

The baseline is the Sixty-One module of commit 8b6b4ca (before the kernel),
read from git and run in the same process; rounds alternate between the two
engines so that a busy machine slows both alike, and each side reports its
best round. Both play the same seeded games (same deals, same random
choices: the legal moves come in the same order). Times are CPU seconds
(``time.process_time``), random play including the deal.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time

from benchlib import random_play

from spec.games.sixty_one import SixtyOne

BASELINE_COMMIT = "8b6b4ca"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def baseline_module():
    """The pre-kernel ``spec/games/sixty_one.py``, imported under another name (``None`` without git)."""
    try:
        text = subprocess.run(["git", "-C", ROOT, "show", f"{BASELINE_COMMIT}:spec/games/sixty_one.py"],
                              capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    spec = importlib.util.spec_from_loader("sixty_one_baseline", loader=None)
    module = importlib.util.module_from_spec(spec)
    sys.modules["sixty_one_baseline"] = module
    exec(compile(text, "sixty_one_baseline.py", "exec"), module.__dict__)
    return module


def compare(players: int, rounds: int = 5, seconds: float = 1.0) -> dict:
    """Best-of-``rounds`` per-play CPU time, engine and baseline alternating."""
    base = baseline_module()
    engines = {"kernel": SixtyOne(players=players),
               "baseline": base.SixtyOne(players=players) if base is not None else None}
    best: dict = {"kernel": None, "baseline": None}
    for _ in range(rounds):
        for name, game in engines.items():
            if game is None:
                continue
            r = random_play(game, seconds)
            if best[name] is None or r["us_per_play"] < best[name]["us_per_play"]:
                best[name] = r
    out = {"players": players, "rounds": rounds, "seconds_per_round": seconds, **best,
           "baseline_commit": BASELINE_COMMIT}
    if best["baseline"] is not None:
        out["ratio_us_per_play"] = round(best["kernel"]["us_per_play"] / best["baseline"]["us_per_play"], 3)
        out["target_ratio_at_most"] = 1.10
    return out


def verify_wall_time() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "verifier.cli", "verify", "sixty_one"], check=False,
                   stdout=subprocess.DEVNULL)
    return round(time.perf_counter() - start, 2)


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    print(json.dumps({"game": "sixty_one", "random_play": [compare(n, seconds=seconds) for n in (2, 4, 12)],
                      "verify_sixty_one_seconds": verify_wall_time()}, indent=2))
