"""Sweep throughput: points per minute on one grid, for a local pool of 1 and 2
workers and a Dask LocalCluster of 2 workers (on 127.0.0.1).

The grid: Sixty-One, turnover_order x total_after_turnover x 2-7 players,
five properties a point. No cache, so every task runs.

Run: ``.venv/bin/python bench/bench_sweep.py``. Prints one JSON document.
"""

from __future__ import annotations

import json
import time

from verifier.core import Budget
from verifier.sweep import Grid, run_sweep

PROPS = ("one_loser", "value_conserved", "replay_gap", "terminates_2p", "terminates_3p", "terminates_4p",
         "terminates_5p", "terminates_6p", "terminates_7p", "cards_conserved")


def grid() -> Grid:
    return Grid.parse("sixty_one", vary=["turnover_order=flip,reverse,shuffle", "total_after_turnover=carries,resets"],
                      players="2-7", properties=PROPS)


def timed(**kwargs) -> dict:
    g = grid()
    start = time.perf_counter()
    doc = run_sweep(g, Budget(examples=20), cache_dir=None, **kwargs)
    secs = time.perf_counter() - start
    points = len(g.points())
    return {"points": points, "tasks": doc["tasks"], "seconds": round(secs, 1),
            "points_per_minute": round(points / secs * 60, 1)}


def main() -> None:
    from dask.distributed import LocalCluster
    out = {"grid": "sixty_one: turnover_order (3) x total_after_turnover (2) x players 2-7",
           "local_1_worker": timed(workers=1), "local_2_workers": timed(workers=2)}
    with LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None) as cluster:
        out["dask_localcluster_2_workers"] = timed(scheduler=cluster.scheduler_address)
    base = out["local_1_worker"]["points_per_minute"]
    out["speedup_local_2"] = round(out["local_2_workers"]["points_per_minute"] / base, 2)
    out["speedup_dask_2"] = round(out["dask_localcluster_2_workers"]["points_per_minute"] / base, 2)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
