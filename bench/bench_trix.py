"""Trix benchmark: random full 20-deal games per second, plays per second,
OpenSpiel's Hearts for scale (when ``open_spiel`` is installed), and the z3
proof times of Trix's properties.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_trix.py``
(``pip install open-spiel`` first for the comparison; without it that part
reports ``null``). CPU time (``time.process_time``) is used for the rates, so
a busy machine distorts them less; wall time is reported too.
"""

from __future__ import annotations

import json
import random
import sys
import time

from benchlib import random_play

from spec.games.trix import Trix


def random_games(rules=None, seconds: float = 3.0) -> dict:
    """Random legal play of full 20-deal games (choices, announcements and cards)."""
    return random_play(Trix(rules), seconds)


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
    calls, each with a fresh solver; each call must stay under 1 s)."""
    from verifier.core import Budget, REGISTRY
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
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    trix = random_games(seconds=seconds)
    hearts = openspiel_hearts(seconds)
    doc = {
        "game": "trix",
        "random_play": trix,
        "random_play_rows_doubling": random_games(Trix.Rules(trix_layout="rows", doubling=True), seconds / 2),
        "openspiel_hearts": hearts,
        "trix_plays_per_openspiel_decision": (round(trix["plays_per_s"] / hearts["decisions_per_s"], 3)
                                              if hearts else None),
        "target_plays_per_s": 50_000,
        "z3_seconds": z3_times(),
    }
    print(json.dumps(doc, indent=2))
