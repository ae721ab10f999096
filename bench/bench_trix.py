"""Trix benchmark: random full 20-deal games per second and CPU time per play,
against the pre-kernel engine; OpenSpiel's Hearts for scale (when
``open_spiel`` is installed); and the z3 proof times of Trix's properties.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_trix.py [SECONDS]``.

The baseline is the Trix module of commit 8b6b4ca (before the kernel), read
from git and run in the same process; rounds alternate between the two
engines so that a busy machine slows both alike, and each side reports its
best round. Both play the same seeded games (same deals, same random
choices). Times are CPU seconds (``time.process_time``).
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import subprocess
import sys
import time

from benchlib import random_play

from spec.games.trix import Trix

BASELINE_COMMIT = "8b6b4ca"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def baseline_module():
    """The pre-kernel ``spec/games/trix.py``, imported under another name (``None`` without git)."""
    try:
        text = subprocess.run(["git", "-C", ROOT, "show", f"{BASELINE_COMMIT}:spec/games/trix.py"],
                              capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    spec = importlib.util.spec_from_loader("trix_baseline", loader=None)
    module = importlib.util.module_from_spec(spec)
    sys.modules["trix_baseline"] = module
    exec(compile(text, "trix_baseline.py", "exec"), module.__dict__)
    return module


def compare(rounds: int = 5, seconds: float = 1.0) -> dict:
    """Best-of-``rounds`` per-play CPU time, engine and baseline alternating."""
    base = baseline_module()
    now = Trix()
    old = base.Trix() if base is not None else None
    best = {"kernel": None, "baseline": None}
    for _ in range(rounds):
        for name, game in (("kernel", now), ("baseline", old)):
            if game is None:
                continue
            r = random_play(game, seconds)
            if best[name] is None or r["us_per_play"] < best[name]["us_per_play"]:
                best[name] = r
    out = {"rounds": rounds, "seconds_per_round": seconds, "kernel": best["kernel"], "baseline": best["baseline"],
           "baseline_commit": BASELINE_COMMIT}
    if best["baseline"] is not None:
        out["ratio_us_per_play"] = round(best["kernel"]["us_per_play"] / best["baseline"]["us_per_play"], 3)
        out["target_ratio_at_most"] = 1.10
    return out


def openspiel_hearts(seconds: float = 3.0) -> dict | None:
    """OpenSpiel's C++ Hearts driven from a Python random-playout loop (chance outcomes sampled too)."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(0)
    games = decisions = 0
    cpu0 = time.process_time()
    while time.process_time() - cpu0 < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
                decisions += 1
        games += 1
    cpu = time.process_time() - cpu0
    return {"games_per_s": round(games / cpu, 1), "decisions_per_s": round(decisions / cpu),
            "decisions_per_game": round(decisions / games, 1)}


def z3_times() -> dict:
    """Seconds per z3-backed Trix property (a property may make several z3
    calls, each with a fresh solver)."""
    from verifier.core import REGISTRY, Budget
    from verifier.runner import load_properties, run_property
    load_properties()
    out = {}
    for prop in REGISTRY.for_game("trix"):
        if prop.method != "z3":
            continue
        r = run_property(prop, [Trix()], Budget(examples=10))
        out[prop.name] = {"verdict": r.verdict, "seconds": round(r.seconds, 3)}
    return out


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    vs = compare(seconds=seconds)
    hearts = openspiel_hearts(seconds)
    doc = {
        "game": "trix",
        "random_play": vs,
        "random_play_rows_doubling": random_play(Trix(Trix.Rules(trix_layout="rows", doubling=True)), seconds),
        "openspiel_hearts": hearts,
        "trix_plays_per_openspiel_decision": (round(vs["kernel"]["plays_per_s"] / hearts["decisions_per_s"], 3)
                                              if hearts else None),
        "z3_seconds": z3_times(),
    }
    print(json.dumps(doc, indent=2))
