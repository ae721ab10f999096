"""Card Lottery benchmark: random play per move (the two shuffles included), the exact odds' computing time,
verify wall time.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_card_lottery.py``.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time

from spec.games.card_lottery import CardLottery
from verifier.games import card_lottery as props


CAP = 5_000


def random_play(game, seconds: float = 1.0) -> dict:
    """Seeded random games for about ``seconds`` of CPU time, the two shuffles included. Unlike
    ``benchlib.random_play`` each game is cut off after ``CAP`` moves: with three or more players a
    beating stage can be unable to end (see the game's errata)."""
    games = plays = unfinished = 0
    seed = 0
    cpu0 = time.process_time()
    while time.process_time() - cpu0 < seconds:
        rng = random.Random(seed)
        state = game.deal(seed)
        k = 0
        while not game.is_over(state) and k < CAP:
            moves = game.legal_moves(state)
            state = game.apply(state, moves[rng.randrange(len(moves))])
            k += 1
        plays += k
        games += 1
        unfinished += not game.is_over(state)
        seed += 1
    cpu = time.process_time() - cpu0
    return {"games": games, "us_per_play": round(cpu / plays * 1e6, 2), "plays_per_game": round(plays / games, 1),
            "unfinished_at_cap": unfinished, "cpu_s": round(cpu, 2)}


def exact_seconds() -> dict:
    """CPU seconds of the exact distributions (dynamic programming with fractions) and of the engine's
    enumeration of every order of the small dealer's deck."""
    props.prize_odds.cache_clear()
    cpu = time.process_time()
    for n in range(2, 18):
        props.prize_odds(n)
    dp = time.process_time() - cpu
    cpu = time.process_time()
    for setup in props.SMALL_SETUPS:
        props.engine_odds(props.small_game(CardLottery(), *setup))
    return {"dp_2_to_17_players_s": round(dp, 3),
            "engine_all_5040_orders_two_setups_s": round(time.process_time() - cpu, 2)}


def verify_wall_time() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "verifier.cli", "verify", "card_lottery"], check=False,
                   stdout=subprocess.DEVNULL)
    return round(time.perf_counter() - start, 2)


if __name__ == "__main__":
    print(json.dumps({"game": "card_lottery",
                      "random_play": [{"players": n, **random_play(CardLottery(players=n), 2.0)} for n in (2, 4, 17)],
                      "exact_odds": exact_seconds(), "verify_card_lottery_seconds": verify_wall_time()}, indent=2))
