"""Sixty-Six benchmark: random games per second (against the PyPI ``schnapsen``
engine with random bots, when it is installed), and the endgame solver's time
on full 6+6 endgames.

Prints one JSON document. Run: ``.venv/bin/python bench/bench_sixty_six.py``.
Both engines are timed in the same run, alternately, so the ratio is fair to
the machine's load; the ratio is ours over theirs.

Random play is timed under both readings of ``closer``: the default
(``either``) has shorter games (a follower may close), so its time a play
carries more of the deal; ``leader`` plays the same games as the engine
before the option. ``--baseline DIR`` also times an older checkout (for
example ``git archive 8b6b4ca | tar -x -C DIR``, the code before the kernel)
in a subprocess, interleaved with ours, and prints the ratio.

The endgame solver is also timed beside a plain alpha-beta written apart from
it (``sixty_six_alphabeta.py``), on the same positions, alternately, and the
values of the two are compared (the run stops if they differ).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time

from benchlib import random_play

from spec.games._sixty_six_solver import Solver, format_position
from spec.games.sixty_six import CLOSE, SixtySix, in_last_phase


def cardspec_games(seconds: float, start_seed: int = 0, **rules) -> tuple[int, int, float]:
    """Random legal games (every move equally likely, closing and marriages included)."""
    r = random_play(SixtySix(SixtySix.Rules(**rules)), seconds, start_seed)
    return r["games"], round(r["plays_per_s"] * r["cpu_s"]), r["cpu_s"]


BASELINE = """
import json, sys
sys.path[:0] = [{root!r}, {root!r} + "/bench"]
from benchlib import random_play
from spec.games.sixty_six import SixtySix
r = random_play(SixtySix(), {seconds!r}, {seed!r})
print(json.dumps(r))
"""


def baseline_games(root: str, seconds: float, start_seed: int) -> tuple[int, int, float]:
    """The same random play on an older checkout at ``root`` (its own interpreter, its own modules)."""
    out = subprocess.run([sys.executable, "-c", BASELINE.format(root=root, seconds=seconds, seed=start_seed)],
                         capture_output=True, text=True, check=True, cwd=root)
    r = json.loads(out.stdout)
    return r["games"], round(r["plays_per_s"] * r["cpu_s"]), r["cpu_s"]


def schnapsen_games(seconds: float, start_seed: int = 0) -> tuple[int, float] | None:
    try:
        from schnapsen.bots import RandBot
        from schnapsen.game import SchnapsenGamePlayEngine
    except Exception:           # not installed (it is not a cardspec dependency)
        return None
    engine = SchnapsenGamePlayEngine()
    games = 0
    seed = start_seed
    start = time.process_time()
    while time.process_time() - start < seconds:
        engine.play_game(RandBot(random.Random(2 * seed), "a"), RandBot(random.Random(2 * seed + 1), "b"),
                         random.Random(seed))
        games += 1
        seed += 1
    return games, time.process_time() - start


def solver_times(count: int = 40) -> dict:
    """Exact value of full 6+6 endgames: random stock play (no closing) up to the last phase."""
    game = SixtySix()
    times, nodes = [], []
    for state in last_phase_positions(count, closed=0):
        solver = Solver(game)
        t = time.perf_counter()
        solver.value(state)
        times.append(time.perf_counter() - t)
        nodes.append(solver.nodes)
    closed = Solver(game)
    # a closed 6+6 endgame with no points yet: the first leader closes at once
    state = game.apply(game.deal(1), CLOSE)
    t = time.perf_counter()
    closed.value(state)
    first = time.perf_counter() - t
    return {"endgames": count, "mean_ms": round(statistics.mean(times) * 1e3, 2),
            "median_ms": round(statistics.median(times) * 1e3, 2), "max_ms": round(max(times) * 1e3, 2),
            "mean_positions": round(statistics.mean(nodes)), "max_positions": max(nodes),
            "closed_at_first_lead_ms": round(first * 1e3, 2), "closed_at_first_lead_positions": closed.nodes}


def last_phase_positions(count: int = 40, closed: int = 40) -> list:
    """The same positions for both searches: ``count`` full 6+6 endgames (random stock play, no closing, up to
    the last phase), and the positions where a random player closes the stock in the first tricks, from
    ``closed`` deals (6+6 with the stock shut, those where closing is legal)."""
    game = SixtySix()
    out, seed = [], 0
    while len(out) < count:
        rng, state = random.Random(seed), game.deal(seed)
        seed += 1
        while state.result is None and not in_last_phase(state.stock, state.closed_by):
            moves = [m for m in game.legal_moves(state) if m != CLOSE]
            state = game.apply(state, moves[rng.randrange(len(moves))])
        if state.result is None and len(state.hands[0]) == 6:
            out.append(state)
    for seed in range(closed):
        rng, state = random.Random(seed), game.deal(seed)
        for _ in range(rng.randrange(5)):
            moves = [m for m in game.legal_moves(state) if m != CLOSE]
            state = game.apply(state, moves[rng.randrange(len(moves))])
            if state.result is not None:
                break
        if state.result is None and CLOSE in game.legal_moves(state):
            out.append(game.apply(state, CLOSE))
    return out


def versus_alpha_beta(rounds: int = 3) -> dict:
    """The solver beside a plain alpha-beta written apart from it (``sixty_six_alphabeta.py``), on the same
    positions, timed alternately position by position, ``rounds`` times; the values must agree."""
    from sixty_six_alphabeta import value_of
    game, positions = SixtySix(), last_phase_positions()
    ours = theirs = 0.0
    our_nodes = their_nodes = 0
    for _ in range(rounds):
        for state in positions:
            solver = Solver(game)
            t = time.perf_counter()
            v = solver.value(state)
            ours += time.perf_counter() - t
            t = time.perf_counter()
            w, nodes = value_of(state)
            theirs += time.perf_counter() - t
            if v != w:
                raise SystemExit(f"the solver and the plain alpha-beta disagree: {v} and {w} at "
                                 f"{format_position(state)}")
            our_nodes, their_nodes = our_nodes + solver.nodes, their_nodes + nodes
    n = rounds * len(positions)
    return {"positions": len(positions), "rounds": rounds, "values_agree": True,
            "solver": {"mean_ms": round(ours / n * 1e3, 2), "mean_nodes": round(our_nodes / n)},
            "plain_alpha_beta": {"mean_ms": round(theirs / n * 1e3, 2), "mean_nodes": round(their_nodes / n)},
            "speed_solver_over_alpha_beta": round(theirs / ours, 2)}


def main(rounds: int = 3, seconds: float = 1.5, baseline: str | None = None) -> dict:
    ours_g = ours_p = 0
    ours_t = theirs_t = 0.0
    theirs_g = 0
    lead = [0, 0, 0.0]          # games, plays, seconds under closer = "leader"
    base = [0, 0, 0.0]
    have_schnapsen = True
    for r in range(rounds):
        g, p, t = cardspec_games(seconds, start_seed=r * 1_000_000)
        ours_g, ours_p, ours_t = ours_g + g, ours_p + p, ours_t + t
        for acc, run in ((lead, lambda: cardspec_games(seconds, r * 1_000_000, closer="leader")),
                         (base, lambda: baseline_games(baseline, seconds, r * 1_000_000) if baseline else None)):
            got = run()
            if got is not None:
                acc[:] = [a + b for a, b in zip(acc, got)]
        other = schnapsen_games(seconds, start_seed=r * 1_000_000)
        if other is None:
            have_schnapsen = False
        else:
            theirs_g, theirs_t = theirs_g + other[0], theirs_t + other[1]
    ours = ours_g / ours_t
    out = {"game": "sixty_six", "python": sys.version.split()[0],
           "random_play": {"games_per_s": round(ours), "plays_per_game": round(ours_p / ours_g, 1),
                           "us_per_play": round(ours_t / ours_p * 1e6, 2)},
           "random_play_closer_leader": {"games_per_s": round(lead[0] / lead[2]),
                                         "plays_per_game": round(lead[1] / lead[0], 1),
                                         "us_per_play": round(lead[2] / lead[1] * 1e6, 2)}}
    if baseline:
        us = base[2] / base[1] * 1e6
        out["baseline"] = {"root": baseline, "plays_per_game": round(base[1] / base[0], 1),
                           "us_per_play": round(us, 2),
                           "ratio_leader_over_baseline": round(lead[2] / lead[1] * 1e6 / us, 3)}
    if have_schnapsen:
        theirs = theirs_g / theirs_t
        out["schnapsen_random_bots"] = {"games_per_s": round(theirs), "ratio_ours_over_theirs": round(ours / theirs, 2)}
    else:
        out["schnapsen_random_bots"] = "not installed (pip install schnapsen to compare)"
    out["endgame_solver_6_plus_6"] = solver_times()
    out["solver_versus_plain_alpha_beta"] = versus_alpha_beta()
    return out


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", help="an older checkout to time alongside (e.g. an export of 8b6b4ca)")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    print(json.dumps(main(rounds=args.rounds, baseline=args.baseline), indent=2))
