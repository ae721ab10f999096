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

``pre_kernel`` compares the engine with Durak as it was before the kernel
(``--against``, default commit 8b6b4ca, read with ``git show``) in the same
run, rounds interleaved: microseconds a play for each, and their ratio
(target: at most 1.10). The old engine played throw-ins only once every card
was covered, so the comparison plays today's engine with
``throw_in_timing = "after_cover"``: the same games, move for move.

Usage: ``python bench/bench_durak.py [--games N] [--repeat R] [--against COMMIT]``
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from durak_baseline import play as baseline_play  # noqa: E402

from spec.games.durak import PRESETS, Durak, Rules  # noqa: E402
from spec.rules import make_rules  # noqa: E402

#: Variants that end on their own (English pairs can pass the lead round for ever).
VARIANTS = [v for v in PRESETS if v != "english_pairs"]
CAP = 20_000


def old_engine(commit: str):
    """The Durak module of ``commit`` (None if git cannot show it)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        text = subprocess.run(["git", "show", f"{commit}:spec/games/durak.py"], cwd=root, check=True,
                              capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    path = os.path.join(tempfile.mkdtemp(prefix="durak-old-"), "durak_old.py")
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    spec = importlib.util.spec_from_file_location("durak_old", path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["durak_old"] = mod
    spec.loader.exec_module(mod)
    return mod


def run_engine(game, games: int) -> tuple[float, int]:
    moves = 0
    start = time.process_time()
    for seed in range(games):
        state = game.deal(seed)
        rng = random.Random(seed)
        randrange = rng.randrange
        legal, apply = game.legal_moves, game.apply
        n = 0
        while state.phase != 3 and n < CAP:   # 3: OVER, in today's module and the old one
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
    ap.add_argument("--against", default="8b6b4ca", help="the pre-kernel commit to compare with")
    args = ap.parse_args(argv)
    old = old_engine(args.against)
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
            if old is not None and name in old.PRESETS:
                same = dict(PRESETS[name], **({"throw_in_timing": "after_cover"} if PRESETS[name].get("throw_in") == "always" else {}))
                now = Durak(make_rules(Rules, same), players=players)
                before = old.Durak(make_rules(old.Rules, old.PRESETS[name]), players=players)
                jobs[("now", name, players)] = (lambda g=now: run_engine(g, args.games))
                jobs[("old", name, players)] = (lambda g=before: run_engine(g, args.games))
    best: dict = {}
    for _ in range(args.repeat):
        for key, job in jobs.items():
            secs, moves = job()
            if key not in best or secs < best[key][0]:
                best[key] = (secs, moves)
    for key, (secs, moves) in best.items():
        if len(key) == 3:
            continue
        name, players = key
        where = out["baseline"] if name == "baseline" else out["variants"].setdefault(name, {})
        where[f"{players}p"] = figures(secs, moves, args.games)
    if old is not None:
        out["pre_kernel"] = {"commit": args.against, "target": 1.10, "presets": {}}
        for key in best:
            if len(key) == 3 and key[0] == "now":
                _, name, players = key
                now_us = best[key][0] / best[key][1] * 1e6
                old_us = best[("old", name, players)][0] / best[("old", name, players)][1] * 1e6
                out["pre_kernel"]["presets"].setdefault(name, {})[f"{players}p"] = {
                    "us_per_play": round(now_us, 2), "before_us_per_play": round(old_us, 2),
                    "ratio": round(now_us / old_us, 3)}
    out["ratio"] = {f"{p}p": round(out["variants"]["throw_in"][f"{p}p"]["games_per_s"]
                                   / out["baseline"][f"{p}p"]["games_per_s"], 2) for p in (2, 4)}
    out["target"] = 0.40
    print(json.dumps(out, indent=2))
    return out


if __name__ == "__main__":
    main()
