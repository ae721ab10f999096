"""Auction-for-fours benchmark: random play per move (the deal included), the exact odds' computing time,
verify wall time.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_auction_quads.py``.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

from benchlib import random_play

from spec.games.auction_quads import AuctionQuads, Rules
from verifier.games import auction_quads as props


def exact_seconds() -> dict:
    """CPU seconds of the exact odds (closed formula in fractions) for 4 to 8 players, both readings of an
    unbid card; of the engine's own odds over every rank order of the 9-card stock (4 and 5 players); and of
    the exact chances of the first cards (every shuffle of each laying of a 6-card pack)."""
    props.exact_odds.cache_clear()
    cpu0 = time.process_time()
    for n in range(4, 9):
        for unbid in ("opener", "discarded"):
            props.exact_odds(n, unbid)
    formula = time.process_time() - cpu0
    cpu1 = time.process_time()
    for n in (4, 5):
        props.engine_odds(AuctionQuads(players=n))
    engine = time.process_time() - cpu1
    cpu2 = time.process_time()
    for players in (2, 3):
        for redeal in ("repeated", "all"):
            props.first_laying_odds(AuctionQuads(players=4), props.LAYING_PACK, players, redeal)
    return {"formula_4_to_8_players_both_readings_s": round(formula, 2),
            "engine_all_2520_rank_orders_4_and_5_players_s": round(engine, 2),
            "first_layings_6_card_pack_2_and_3_players_both_readings_s": round(time.process_time() - cpu2, 2)}


def verify_wall_time() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "verifier.cli", "verify", "auction_quads"], check=False,
                   stdout=subprocess.DEVNULL)
    return round(time.perf_counter() - start, 2)


if __name__ == "__main__":
    runs = [{"players": n, "auction": a, **random_play(AuctionQuads(Rules(auction=a), players=n), 1.0)}
            for n, a in ((4, "open"), (8, "open"), (6, "blind"))]
    print(json.dumps({"game": "auction_quads", "random_play": runs, "exact_odds": exact_seconds(),
                      "verify_auction_quads_seconds": verify_wall_time()}, indent=2))
