"""Durak benchmark: random games and plays per second, per variant, with 2 and 4 players.

Prints one JSON document. Each figure is the best of ``--repeat`` rounds of
``--games`` random games (seeds 0..games-1), the rounds interleaving every
measurement: a random legal move each turn,
through the public ``legal_moves`` / ``apply`` of cardspec's engine. The
baseline (``bench/durak_baseline.py``) is a minimal pure-Python throw-in
Durak written only to be fast, measured in the same run on the same rules;
``ratio`` is cardspec's throw-in games per second over the baseline's
(target: at least 0.40). Times are CPU seconds (``time.process_time``), as in
``bench/benchlib.py``, so a busy machine distorts them less; both sides play
the same seeded games.

Usage: ``python bench/bench_durak.py [--games N] [--repeat R]``
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from durak_baseline import play as baseline_play  # noqa: E402

from spec.games.durak import OVER, PRESETS, Durak, Rules  # noqa: E402
from spec.rules import make_rules  # noqa: E402

#: Variants that end on their own (English pairs can pass the lead round for ever).
VARIANTS = [v for v in PRESETS if v != "english_pairs"]
CAP = 20_000


def run_engine(game: Durak, games: int) -> tuple[float, int]:
    moves = 0
    start = time.process_time()
    for seed in range(games):
        state = game.deal(seed)
        rng = random.Random(seed)
        randrange = rng.randrange
        legal, apply = game.legal_moves, game.apply
        n = 0
        while state.phase != OVER and n < CAP:
            ms = legal(state)
            state = apply(state, ms[randrange(len(ms))])
            n += 1
        moves += n
    return time.process_time() - start, moves


def run_baseline(players: int, games: int) -> tuple[float, int]:
    start = time.process_time()
    moves = sum(baseline_play(players, seed) for seed in range(games))
    return time.process_time() - start, moves


def figures(secs: float, moves: int, games: int) -> dict:
    return {"games_per_s": round(games / secs, 1), "plays_per_s": round(moves / secs),
            "moves_per_game": round(moves / games, 1)}


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    out = {"python": platform.python_version(), "games": args.games, "repeat": args.repeat,
           "variants": {}, "baseline": {}}
    # every measurement once per round, rounds interleaved, best round kept: a machine
    # whose load changes during the run affects the engine and the baseline alike
    jobs = {}
    for players in (2, 4):
        jobs[("baseline", players)] = (lambda p=players: run_baseline(p, args.games))
        for name in VARIANTS:
            game = Durak(make_rules(Rules, PRESETS[name]), players=players)
            jobs[(name, players)] = (lambda g=game: run_engine(g, args.games))
    best: dict = {}
    for _ in range(args.repeat):
        for key, job in jobs.items():
            secs, moves = job()
            if key not in best or secs < best[key][0]:
                best[key] = (secs, moves)
    for (name, players), (secs, moves) in best.items():
        where = out["baseline"] if name == "baseline" else out["variants"].setdefault(name, {})
        where[f"{players}p"] = figures(secs, moves, args.games)
    out["ratio"] = {f"{p}p": round(out["variants"]["throw_in"][f"{p}p"]["games_per_s"]
                                   / out["baseline"][f"{p}p"]["games_per_s"], 2) for p in (2, 4)}
    out["target"] = 0.40
    print(json.dumps(out, indent=2))
    return out


if __name__ == "__main__":
    main()
