"""The two-player Durak endgame solver: positions searched per second and time per position, by hand
size (random positions of the 36-card deck, stock empty, both hands the same size, seed fixed).

Run: ``.venv/bin/python bench/bench_durak_solver.py [--positions 10] [--sizes 2-7]``. Prints one JSON document.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from spec.cards import format_cards
from spec.games._durak_solver import solve_position
from spec.games.durak import Durak


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--positions", type=int, default=10)
    ap.add_argument("--sizes", default="2-7")
    ap.add_argument("--max-nodes", type=int, default=2_000_000)
    args = ap.parse_args()
    lo, _, hi = args.sizes.partition("-")
    game = Durak(players=2)
    deck = list(game.deck())
    rng = random.Random(20261201)
    out = {}
    for k in range(int(lo), int(hi or lo) + 1):
        nodes, secs, unknown, results = 0, [], 0, {1: 0, -1: 0, 0: 0}
        for _ in range(args.positions):
            rng.shuffle(deck)
            text = (f"trump={rng.choice('♠♥♦♣')}; attacker={rng.randint(0, 1)}; p0={format_cards(deck[:k])}; "
                    f"p1={format_cards(deck[k:2 * k])}")
            start = time.perf_counter()
            r = solve_position(game, text, max_nodes=args.max_nodes)
            secs.append(time.perf_counter() - start)
            nodes += r["nodes"]
            if r["value"] is None:
                unknown += 1
            else:
                results[r["value"]] += 1
        out[f"{k} cards each"] = {"positions": args.positions, "positions_per_second": round(nodes / sum(secs)),
                                  "median_seconds": round(statistics.median(secs), 4),
                                  "max_seconds": round(max(secs), 3), "beyond_budget": unknown,
                                  "P1_durak": results[1], "P0_durak": results[-1], "draws": results[0]}
        print(json.dumps({f"{k} cards each": out[f"{k} cards each"]}), flush=True)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
