"""Benchmark of the main job: ``cardspec verify`` of every game, cold and warm, and README command 1.

Each run is timed beside the baseline commit (default ``5187065``, the last
commit before the shared runner), extracted with ``git archive`` into a
temporary folder; both trees run with this checkout's interpreter, in fresh
subprocesses, one after the other, so both see the same machine.

- ``cold``: ``cardspec verify`` with an empty result cache;
- ``warm``: the same again, nothing changed (the baseline has no cache: it
  computes everything again);
- ``readme1``: README command 1 after the install, ``cardspec verify && cardspec
  docs``, from an empty cache.

Wall seconds, and CPU seconds of the command and every process it started.
Run: ``.venv/bin/python bench/bench_verify.py [--baseline REV] [--only cold,warm,readme1]``.
Prints one JSON document; ``ratio`` is current / baseline wall time.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

#: The targets of the issue "verify every game in a minute", on a 2-core machine.
TARGETS = {"cold_wall_s": 60, "cold_ratio": 0.25, "warm_wall_s": 5, "readme1_wall_s": 180}

CLI = "import sys; from verifier.cli import main; sys.argv[0] = 'cardspec'; main()"


def timed(tree: str, commands: list[list[str]], cache: str) -> dict:
    """Run ``cardspec ARGS`` for each command in ``tree``, one after the other; wall and CPU seconds."""
    env = {**os.environ, "PYTHONPATH": tree, "CARDSPEC_CACHE_DIR": cache, "COLUMNS": "160"}
    env.pop("CARDSPEC_DOCS_GAMES", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    for args in commands:
        done = subprocess.run([sys.executable, "-c", CLI, *args], cwd=tree, env=env, capture_output=True,
                              text=True)
        if done.returncode != 0:
            raise SystemExit(f"bench_verify: cardspec {' '.join(args)} in {tree} exited {done.returncode}:\n"
                             + done.stderr[-2000:] + done.stdout[-2000:])
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"wall_s": round(wall, 1), "cpu_s": round(cpu, 1)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", default="5187065")
    ap.add_argument("--only", default="cold,warm,readme1", help="which runs, comma-separated")
    args = ap.parse_args()
    runs = args.only.split(",")
    from bench_kernel import extract
    base = extract(args.baseline, ())   # the whole tree: the rulebook's sources too
    docs_out = tempfile.mkdtemp(prefix="cardspec-bench-docs-")
    out: dict = {"baseline": args.baseline, "cores": os.cpu_count(), "runs": {}}
    try:
        for tree, side in ((base, "baseline"), (ROOT, "current")):
            cache = tempfile.mkdtemp(prefix="cardspec-bench-cache-")
            try:
                if "cold" in runs or "warm" in runs:
                    out["runs"].setdefault("cold", {})[side] = timed(tree, [["verify"]], cache)
                if "warm" in runs:
                    out["runs"].setdefault("warm", {})[side] = timed(tree, [["verify"]], cache)
                if "readme1" in runs:
                    fresh = tempfile.mkdtemp(prefix="cardspec-bench-cache-")
                    out["runs"].setdefault("readme1", {})[side] = timed(
                        tree, [["verify"], ["docs", "--out", os.path.join(docs_out, side)]], fresh)
                    shutil.rmtree(fresh, ignore_errors=True)
            finally:
                shutil.rmtree(cache, ignore_errors=True)
    finally:
        shutil.rmtree(base, ignore_errors=True)
        shutil.rmtree(docs_out, ignore_errors=True)
    for run in out["runs"].values():
        run["ratio"] = round(run["current"]["wall_s"] / run["baseline"]["wall_s"], 3)
    r = out["runs"]
    met = {}
    if "cold" in r:
        met["cold_wall_s"] = r["cold"]["current"]["wall_s"] <= TARGETS["cold_wall_s"]
        met["cold_ratio"] = r["cold"]["ratio"] <= TARGETS["cold_ratio"]
    if "warm" in r:
        met["warm_wall_s"] = r["warm"]["current"]["wall_s"] <= TARGETS["warm_wall_s"]
    if "readme1" in r:
        met["readme1_wall_s"] = r["readme1"]["current"]["wall_s"] <= TARGETS["readme1_wall_s"]
    out["targets"] = TARGETS
    out["met"] = met
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
