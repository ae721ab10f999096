"""The core ``explore`` on a small Durak configuration: states per second.

Two players, a 12-card deck, three cards each (the configuration of Durak's
two-player cycle hunt), every line of play from a few deals, capped at
``--cap`` states a deal. For scale, the same deals are searched by the
pre-kernel Durak search (commit ``--baseline``, extracted with git archive)
in the same run.

Run: ``.venv/bin/python bench/bench_explore.py``. Prints one JSON document;
the target is ``states_per_s`` of at least 100,000.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

CORE = r"""
import dataclasses, json, sys, time
from spec.games.durak import Durak, PRESETS
from spec.rules import make_rules
from verifier.api import Root, explore
preset, deals, cap = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rules = dataclasses.replace(make_rules(Durak.Rules, PRESETS[preset]), deck_size=12, hand_size=3)
game = Durak(rules, players=2)
states = 0
secs = 0.0
for seed in range(deals):
    t0 = time.process_time()
    ex = explore(game, [Root.deal(game, seed)], max_states=cap, longest=True)
    secs += time.process_time() - t0
    states += ex.states
print(json.dumps({"states": states, "cpu_s": secs}))
"""

OLD = r"""
import dataclasses, json, sys, time
from spec.games.durak import Durak, PRESETS
from spec.rules import make_rules
from verifier.games.durak import explore
preset, deals, cap = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rules = dataclasses.replace(make_rules(Durak.Rules, PRESETS[preset]), deck_size=12, hand_size=3)
game = Durak(rules, players=2)
states = 0
secs = 0.0
for seed in range(deals):
    t0 = time.process_time()
    res = explore(game, seed, cap)
    secs += time.process_time() - t0
    states += res.states
print(json.dumps({"states": states, "cpu_s": secs}))
"""


def run(code: str, tree: str, preset: str, deals: int, cap: int) -> dict:
    env = {**os.environ, "PYTHONPATH": tree, "PYTHONHASHSEED": "0"}
    out = subprocess.run([sys.executable, "-c", code, preset, str(deals), str(cap)], check=True,
                         capture_output=True, text=True, env=env, cwd=tree).stdout
    doc = json.loads(out)
    return {"states": doc["states"], "cpu_s": round(doc["cpu_s"], 2),
            "states_per_s": round(doc["states"] / doc["cpu_s"])}


def main() -> None:
    from bench_kernel import extract
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", default="throw_in")
    ap.add_argument("--deals", type=int, default=3)
    ap.add_argument("--cap", type=int, default=200_000)
    ap.add_argument("--baseline", default="8b6b4ca")
    args = ap.parse_args()
    core = run(CORE, ROOT, args.preset, args.deals, args.cap)
    old = run(OLD, extract(args.baseline), args.preset, args.deals, args.cap)
    print(json.dumps({"config": f"durak {args.preset}, 2 players, 12-card deck, 3 cards each, "
                      f"{args.deals} deals, at most {args.cap} states a deal",
                      "core_explore": core, f"pre_kernel_search_{args.baseline}": old,
                      "target_states_per_s": 100_000, "meets_target": core["states_per_s"] >= 100_000},
                     indent=2))


if __name__ == "__main__":
    main()
