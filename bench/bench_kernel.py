"""Kernel benchmark: per-move random-play time of every game, now against a baseline commit.

The baseline (default: 195e848, the base of the kernel issue "each rule
written once") is extracted with ``git archive`` into a temporary folder; each
round times the baseline and the current tree in fresh subprocesses,
alternating, so both see the same machine load. CPU time, random play
including the deal, at each game's default rules and player count, and at a
few presets whose moves take other paths.

Run: ``.venv/bin/python bench/bench_kernel.py [--baseline REV] [--rounds N] [--seconds S] [--only TEXT]``.
Prints one JSON document; ``ratio`` is current / baseline time per move.
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

#: presets timed beside the defaults: (game id, preset, players)
PRESET_ROWS = [("durak", "throw_in", 2), ("durak", "transfer", 3), ("sixty_six", "three", 3),
               ("sixty_one", None, 6), ("trix", None, 4)]


def configs() -> list[tuple[str, str, str | None, int]]:
    """(label, game id, preset, players): every game at its defaults, then the preset rows."""
    sys.path.insert(0, ROOT)
    from spec.games import all_games
    rows = [(f"{gid} {cls().players}p", gid, None, cls().players) for gid, cls in sorted(all_games().items())]
    rows += [(f"{gid} {preset or 'default'} {n}p", gid, preset, n) for gid, preset, n in PRESET_ROWS]
    return list(dict.fromkeys(rows))


PROBE = r"""
import json, random, sys, time
from spec.games import get_game
from spec.rules import make_rules
gid, preset, players, seconds = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
cls = get_game(gid)
rules = make_rules(cls.Rules, sys.modules[cls.__module__].PRESETS[preset]) if preset != "-" else None
import spec
assert spec.__file__.startswith(sys.argv[5]), (spec.__file__, sys.argv[5])
game = cls(rules, players=players)
plays = games = 0
seed = 0
cpu0 = time.process_time()
while time.process_time() - cpu0 < seconds:
    rng = random.Random(seed)
    state = game.deal(seed)
    n = 0
    while not game.is_over(state) and n < 5000:
        moves = game.legal_moves(state)
        state = game.apply(state, moves[rng.randrange(len(moves))])
        n += 1
    plays += n
    games += 1
    seed += 1
cpu = time.process_time() - cpu0
print(json.dumps({"us_per_play": cpu / plays * 1e6, "games": games, "plays": plays}))
"""


def extract(rev: str, paths: tuple[str, ...] = ("spec", "verifier")) -> str:
    """``paths`` of commit ``rev`` (``()``: the whole tree) in a new temporary folder, removed when the
    benchmark exits."""
    out = tempfile.mkdtemp(prefix="cardspec-baseline-")
    atexit.register(shutil.rmtree, out, True)
    data = subprocess.run(["git", "-C", ROOT, "archive", rev, *paths], check=True,
                          capture_output=True).stdout
    with tempfile.TemporaryFile() as fh:
        fh.write(data)
        fh.seek(0)
        with tarfile.open(fileobj=fh) as tar:
            tar.extractall(out, filter="data")
    return out


def probe(tree: str, gid: str, preset: str | None, players: int, seconds: float) -> float:
    env = {**os.environ, "PYTHONPATH": tree, "PYTHONHASHSEED": "0"}
    out = subprocess.run([sys.executable, "-c", PROBE, gid, preset or "-", str(players), str(seconds), tree],
                         check=True, capture_output=True, text=True, env=env, cwd=tree).stdout
    return json.loads(out)["us_per_play"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="195e848")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=1.5)
    ap.add_argument("--only", default="", help="run only the configurations whose label contains this text")
    args = ap.parse_args()
    base = extract(args.baseline)
    rows = []
    for label, gid, preset, players in configs():
        if args.only not in label:
            continue
        then, now = [], []
        for _ in range(args.rounds):
            then.append(probe(base, gid, preset, players, args.seconds))
            now.append(probe(ROOT, gid, preset, players, args.seconds))
        b, c = statistics.median(then), statistics.median(now)
        rows.append({"config": label, "baseline_us_per_play": round(b, 2), "current_us_per_play": round(c, 2),
                     "ratio": round(c / b, 3), "within_10_percent": c <= 1.10 * b})
    print(json.dumps({"baseline": args.baseline, "rounds": args.rounds, "seconds_per_round": args.seconds,
                      "results": rows}, indent=2))


if __name__ == "__main__":
    main()
