"""Sweep throughput: ``cardspec sweep --all`` (every game's declared variant space) in points
and minutes, for a local pool of 1 and 2 workers and a Dask LocalCluster of 2 workers (on
127.0.0.1). No cache, so every task runs.

Run: ``.venv/bin/python bench/bench_sweep.py`` (all games, about an hour of CPU in all);
``--games sixty_one,bura`` for some games only, ``--modes local_2`` for one mode. Prints one
JSON document: per mode the points, results, minutes and points per minute, and per game
the points and the minutes of the first mode.
"""

from __future__ import annotations

import argparse
import json
import time

from spec.games import all_games
from verifier.core import Budget
from verifier.space import declared_space
from verifier.sweep import run_sweep

MODES = ("local_1", "local_2", "dask_2")


def timed(games: list[str], mode: str) -> dict:
    kwargs: dict = {"workers": 1} if mode == "local_1" else {"workers": 2}
    cluster = None
    if mode == "dask_2":
        from dask.distributed import LocalCluster
        cluster = LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None)
        kwargs = {"scheduler": cluster.scheduler_address}
    per_game = {}
    try:
        start = time.perf_counter()
        for game in games:
            t = time.perf_counter()
            grid = declared_space(game).grid()
            doc = run_sweep(grid, Budget(), cache_dir=None, **kwargs)
            per_game[game] = {"points": len(grid.points()), "results": doc["tasks"],
                              "minutes": round((time.perf_counter() - t) / 60, 2)}
        secs = time.perf_counter() - start
    finally:
        if cluster is not None:
            cluster.close()
    points = sum(g["points"] for g in per_game.values())
    return {"points": points, "results": sum(g["results"] for g in per_game.values()),
            "minutes": round(secs / 60, 2), "points_per_minute": round(points / secs * 60, 1), "per_game": per_game}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", help="comma-separated game ids (default: every game)")
    ap.add_argument("--modes", default=",".join(MODES), help=f"comma-separated, of {', '.join(MODES)}")
    args = ap.parse_args()
    games = args.games.split(",") if args.games else sorted(all_games())
    out: dict = {"games": games}
    for mode in args.modes.split(","):
        out[mode] = timed(games, mode)
    if "local_1" in out:
        base = out["local_1"]["points_per_minute"]
        for mode in ("local_2", "dask_2"):
            if mode in out:
                out[f"speedup_{mode}"] = round(out[mode]["points_per_minute"] / base, 2)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
