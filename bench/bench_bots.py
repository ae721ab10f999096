"""Bot strength: ISMCTS against random and against greedy play, in every game where players choose.

For each game and pairing, one seat (rotating with the deal) is played by ISMCTS at a fixed
iteration count and every other seat by the opponent bot. A game's result for ISMCTS is its
score (the returns scaled to [0, 1] between the worst and best player, as the bots score) minus
the mean score of the other seats; the table gives its mean with a 95% interval (normal, over the
games played), the share of games ISMCTS came out ahead, and the time per ISMCTS decision.
A pairing stops after ``--games`` games, or earlier (after at least ``--min-games``) once its
interval excludes 0. A game still going after ``--max-moves`` moves counts as unfinished (the
``unfinished`` column) and is scored by the game's standing (``Game.standing``: the returns the match
would give if it stopped then, from its running totals, scaled like the bots' scores); a game with
no standing scores 0 then.

Run: ``.venv/bin/python bench/bench_bots.py [--games 200] [--iterations 100] [--only durak,bura]``.
Prints one JSON document, then the same as a Markdown table (``--json FILE``, ``--table FILE``: also
written there).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time

from spec.bots import GreedyBot, IsmctsBot, RandomBot, scores_now
from spec.games import all_games, get_game


def chooses(game) -> bool:
    """Whether any player of the game ever has more than one legal move (in a few random games)."""
    import random
    for seed in range(5):
        rng, state = random.Random(seed), game.deal(seed)
        for _ in range(3000):
            if game.is_over(state):
                break
            moves = game.legal_moves(state)
            if len(moves) > 1:
                return True
            state = game.play(state, moves[rng.randrange(len(moves))])
    return False


def one_game(game, seed: int, seat: int, ismcts: IsmctsBot, other, max_moves: int) -> tuple[float, bool, float, int]:
    """(ISMCTS's score minus the others' mean, whether the game ended, seconds spent by ISMCTS, its
    decisions). A game stopped at ``max_moves`` is scored by its standing."""
    state = game.deal(seed)
    spent, decisions = 0.0, 0
    for _ in range(max_moves):
        if game.is_over(state):
            break
        p = game.to_move(state)
        if p == seat:
            t = time.perf_counter()
            move = ismcts.choose(game, state, p)
            if len(game.legal_moves(state)) > 1:
                spent += time.perf_counter() - t
                decisions += 1
        else:
            move = other.choose(game, state, p)
        state = game.play(state, move)
    s = scores_now(game, state)
    rest = [v for q, v in enumerate(s) if q != seat]
    return s[seat] - sum(rest) / len(rest), game.is_over(state), spent, decisions


def pairing(game_id: str, opponent: str, games: int, min_games: int, iterations: int, max_moves: int) -> dict:
    game = get_game(game_id)()
    diffs, spent, decisions, unfinished = [], 0.0, 0, 0
    for k in range(games):
        seat = k % game.players
        other = RandomBot(seed=k) if opponent == "random" else GreedyBot(seed=k, playouts=4)
        d, ended, secs, n = one_game(game, 1000 + k, seat, IsmctsBot(seed=k, iterations=iterations), other,
                                     max_moves)
        spent += secs
        decisions += n
        unfinished += not ended
        diffs.append(d)
        if len(diffs) >= min_games and len(diffs) > 1:
            half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
            if abs(statistics.fmean(diffs)) > half:
                break
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("inf")
    return {"games": len(diffs), "mean_diff": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)],
            "ahead": round(sum(d > 0 for d in diffs) / len(diffs), 3), "beats": mean - half > 0,
            "seconds_per_decision": round(spent / decisions, 3) if decisions else None, "unfinished": unfinished}


def cell(r: dict) -> str:
    """One pairing as a table cell: mean [95% interval], games, unfinished games."""
    text = f"{r['mean_diff']:+.3f} [{r['ci95'][0]:+.3f}, {r['ci95'][1]:+.3f}] n={r['games']}"
    return text + (f", {r['unfinished']} stopped at --max-moves (scored by standing)" if r["unfinished"] else "")


def table(out: dict) -> str:
    """The results as a Markdown table: each game, ISMCTS against each opponent, seconds a decision."""
    opponents = next((list(v) for v in out["games"].values() if isinstance(v, dict)), ["random", "greedy"])
    lines = ["| game | " + " | ".join(f"vs {o}" for o in opponents) + " | s/decision |",
             "|---" * (len(opponents) + 2) + "|"]
    for gid, res in out["games"].items():
        if not isinstance(res, dict):
            lines.append(f"| {gid} | {res} |" + " |" * len(opponents))
            continue
        secs = max((r["seconds_per_decision"] or 0) for r in res.values())
        lines.append(f"| {gid} | " + " | ".join(cell(res[o]) for o in opponents) + f" | {secs:.3f} |")
    return "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--min-games", type=int, default=30)
    ap.add_argument("--iterations", type=int, default=100)
    ap.add_argument("--max-moves", type=int, default=3000)
    ap.add_argument("--only", help="comma-separated game ids")
    ap.add_argument("--opponents", default="random,greedy")
    ap.add_argument("--json", help="also write the JSON document to this file")
    ap.add_argument("--table", help="also write the Markdown table to this file")
    args = ap.parse_args()
    ids = args.only.split(",") if args.only else sorted(all_games())
    out: dict = {"iterations": args.iterations, "max_moves": args.max_moves,
                 "unfinished": "scored by the game's standing (Game.standing), 0 when it has none",
                 "games": {}}
    for gid in ids:
        if not chooses(get_game(gid)()):
            out["games"][gid] = "no player ever chooses"
            continue
        out["games"][gid] = {opp: pairing(gid, opp, args.games, args.min_games, args.iterations, args.max_moves)
                             for opp in args.opponents.split(",")}
        print(json.dumps({gid: out["games"][gid]}), flush=True)
    print(json.dumps(out, indent=2))
    print(table(out))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            f.write(json.dumps(out, indent=2) + "\n")
    if args.table:
        with open(args.table, "w", encoding="utf-8") as f:
            f.write(table(out))


if __name__ == "__main__":
    main()
