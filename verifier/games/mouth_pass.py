"""Mouth pass: one winner, and the expected number of passes computed exactly.

A pass fails with probability ``p = drop``, and each failure puts one
player out, so a game of ``n`` players is ``n - 1`` failures long: the
number of passes is a sum of ``n - 1`` geometric waits, with expectation
``(n - 1) / p``. The property ``expected_passes`` does not assume that: it
builds the Markov chain of the rules' own transitions (who holds the card,
who is still in) and solves it exactly with ``fractions.Fraction``,
then checks the closed form and the seeded games against it.
"""

from __future__ import annotations

import math
from fractions import Fraction

import spec.games.mouth_pass as rules_module
from spec.games.mouth_pass import MouthPass, Rules
from spec.i18n import Msg, tr
from verifier.api import Root, invariant, small_configs, walk
from verifier.core import HOLDS, REFUTED, REGISTRY, Budget, Counterexample, Outcome

GAME = "mouth_pass"


@small_configs(GAME)
def small(game):
    """Seeded games from the start: with passes always clockwise a game is a chain (the seed decides each
    drop). With a choice of direction every pass doubles the tree and the seed's draws never repeat, so
    that reading has no small configuration: it is checked by random games only."""
    if game.rules.direction == "either":
        return []
    return [Root.deal(game, seed) for seed in range(30)]


@invariant(MouthPass, "one_winner", title="Every drop puts exactly one player out, who is replaced as holder "
           "by the next player still in (or, under pickup = partner, by the other player of the failed pass), and "
           "a finished game has exactly one winner: the last player left", clauses=["mouth-win", "mouth-blame", "mouth-start",
                                                                "mouth-holder", "mouth-pickup"], presets=True)
def one_winner(game, state):
    seats = sorted(state.alive + state.out)
    if seats != list(range(game.players)) or len(set(state.out)) != len(state.out):
        return f"in {state.alive}, out {state.out}: not every player exactly once"
    if state.passes == 0 and (state.holder != 0 or state.out):
        return "the game does not start with P0 holding the card and everyone in"
    if state.dropped:
        gone = state.out[-1]
        after = next((p for p in state.alive if p > gone), state.alive[0])
        before = next((p for p in reversed(state.alive) if p < gone), state.alive[-1])
        if game.rules.pickup == "next" and state.holder != after:
            return f"P{gone} is out, but P{state.holder}, not the next player still in, picks the card up"
        if game.rules.pickup == "partner" and state.holder not in (before, after):
            return f"P{gone} is out, but P{state.holder}, who took no part in the failed pass, picks the card up"
    wrong = [m.to for m in game.legal_moves(state) if m.to not in state.alive or m.to == state.holder]
    if wrong:
        return f"P{state.holder} may pass to P{wrong[0]}, who is {'out' if wrong[0] in state.out else 'the holder'}"
    if game.is_over(state) != (len(state.alive) == 1):
        return f"{len(state.alive)} players left, game over: {game.is_over(state)}"
    if game.is_over(state) and game.outcome(state).winners != state.alive:
        return f"the winners are {game.outcome(state).winners}, but {state.alive} is the last left"
    return None


def expected_passes(game: MouthPass) -> Fraction:
    """The expected number of passes from the start, solved exactly from the rules' transitions.

    For each set of players still in, the unknowns are E[holder]:
    E[h] = 1 + (1 - p) E[next(h)] + p E'[after the drop], with E' known from the smaller set.
    (With a choice of direction the count does not depend on the choice: the first neighbour is taken.)
    """
    p = game.rules.drop
    memo: dict[tuple[int, ...], dict[int, Fraction]] = {}

    def solve(alive: tuple[int, ...]) -> dict[int, Fraction]:
        if alive in memo:
            return memo[alive]
        if len(alive) == 1:
            memo[alive] = {alive[0]: Fraction(0)}
            return memo[alive]
        k = len(alive)
        idx = {h: i for i, h in enumerate(alive)}
        rows = []
        for h in alive:
            to = rules_module.neighbours(alive, h, game.rules.direction)[0]
            gone = rules_module.to_blame(game.rules, h, to)
            partner = (to if gone == h else h) if game.rules.pickup == "partner" else None
            rest, holder = rules_module.picked_up(alive, gone, partner)
            after = solve(rest)[holder]
            row = [Fraction(0)] * k
            row[idx[h]] += 1
            row[idx[to]] -= 1 - p
            rows.append((row, 1 + p * after))
        memo[alive] = dict(zip(alive, _gauss(rows)))
        return memo[alive]
    start = game.deal(0)
    return solve(start.alive)[start.holder]


def _gauss(rows):
    """Solve a small linear system exactly (rows of (coefficients, constant))."""
    a = [list(r) + [c] for r, c in rows]
    n = len(a)
    for col in range(n):
        piv = next(r for r in range(col, n) if a[r][col] != 0)
        a[col], a[piv] = a[piv], a[col]
        inv = 1 / a[col][col]
        a[col] = [x * inv for x in a[col]]
        for r in range(n):
            if r != col and a[r][col] != 0:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [row[-1] for row in a]


@REGISTRY.property(GAME, "expected_passes", title="The expected number of passes, solved exactly from the "
                   "rules' transitions, is (n - 1) / drop, and seeded games average to it", method="exhaustive",
                   clauses=["mouth-drop", "mouth-neighbour", "mouth-blame"])
def expected_passes_property(games, budget: Budget) -> Outcome:
    parts = []
    for game in games:
        n, p = game.players, game.rules.drop
        exact = expected_passes(game)
        if exact != (n - 1) / p:
            return Outcome(REFUTED, Msg("exact chain"), Counterexample(
                f"{n} players, drop {p}: the chain gives {exact}, not (n-1)/p = {(n - 1) / p}", deal={"hand 0": "Q♠"}))
        # seeded games: their mean must lie within 5 standard errors of the exact value
        games_n = max(100, budget.examples * 4)
        lengths = [len(walk(game, seed, cap=10**6)[0].moves) for seed in range(games_n)]
        mean = Fraction(sum(lengths), games_n)
        var = (n - 1) * (1 - p) / p ** 2  # a sum of n-1 independent geometric waits
        se = math.sqrt(var / games_n)
        if abs(float(mean - exact)) > 5 * se:
            worst = max(range(games_n), key=lambda s: lengths[s])
            return Outcome(REFUTED, Msg("sampled {n} games (seeds 0-{last})", n=games_n, last=games_n - 1), Counterexample(
                f"{n} players, drop {p}: {games_n} seeded games average {float(mean):.2f} passes, the exact "
                f"expectation is {exact} = {float(exact):.2f} (5 standard errors: {5 * se:.2f}); the longest "
                f"game is seed {worst}", record=game.record(worst, walk(game, worst, cap=10**6)[0].moves)))
        parts.append(Msg("{n}p: {value}", n=n, value=str(exact)))
    return Outcome(HOLDS, Msg("exact (fractions), drop {drop}: {values}; seeded games (seeds 0-{last}) within 5 standard "
                              "errors", drop=str(games[0].rules.drop), values=Msg.join(", ", parts),
                              last=max(100, budget.examples * 4) - 1))


def expectation_table(lang: str = "en"):
    """Expected passes for 2-8 players and four drop probabilities, computed exactly."""
    drops = (Fraction(1, 2), Fraction(1, 5), Fraction(1, 10), Fraction(1, 20))
    head = [tr(lang, "players")] + [f"drop = {d}" for d in drops]
    rows = []
    for n in range(2, 9):
        rows.append([str(n)] + [str(expected_passes(MouthPass(Rules(drop=d), players=n))) for d in drops])
    return head, rows
