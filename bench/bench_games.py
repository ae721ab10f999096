"""Random play of every game at its smallest and largest player count: microseconds a move, deal included.

One JSON document; each figure is CPU time over about ``--seconds`` of seeded random games (one
seed per game), a game cut off after 5,000 moves. Target: under 20 µs a move.

Run: ``.venv/bin/python bench/bench_games.py [--seconds S]``.
"""

from __future__ import annotations

import argparse
import json

from benchlib import random_play

from spec.games import all_games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=1.0)
    args = ap.parse_args()
    rows = []
    for gid, cls in all_games().items():
        allowed = cls().player_range()
        for n in sorted({allowed[0], allowed[-1]}):
            r = random_play(cls(players=n), args.seconds, cap=5_000)
            rows.append({"game": gid, "players": n, "us_per_move": r["us_per_play"],
                         "moves_per_game": r["plays_per_game"], "cut_off": r["cut_off"],
                         "under_20_us": r["us_per_play"] < 20})
    print(json.dumps({"seconds_each": args.seconds, "results": rows}, indent=1))


if __name__ == "__main__":
    main()
