"""Random legal play through hypothesis: one seed drawn per game.

Drawing a single seed per game (rather than every move) keeps long games
cheap and within hypothesis's data limit; the seed drives both the deal and
a :class:`random.Random` that picks each move.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import HealthCheck, Phase, given, seed as fixed_seed, settings, strategies as st

from spec.cards import format_cards
from spec.engine import Game
from verifier.core import HOLDS, REFUTED, Budget, Counterexample, Outcome, Refuted


class Trace:
    """The moves of one random game so far, for building counterexamples."""

    def __init__(self, game: Game, seed: int):
        self.game, self.seed, self.moves = game, seed, []

    def refute(self, what: str, state: Any = None) -> Refuted:
        g = self.game
        record = g.record(self.seed, self.moves)
        moves = " ".join(record.moves) or "(none)"
        lines = [f"{g.info.id}, {g.players} players, deal seed {self.seed}: {what}",
                 f"moves: {moves}"]
        if state is not None:
            lines.append(f"position: {g.describe(state)}")
        return Refuted(Counterexample("\n".join(lines), record=record))


def playout(game: Game, seed: int, step: Callable[[Trace, Any], None] | None = None,
            cap: int = 5_000) -> tuple[Trace, Any]:
    """Play one random legal game; call ``step(trace, state)`` on every state.

    Stops at the end, at a state with no moves, or after ``cap`` moves.
    """
    trace = Trace(game, seed)
    rng = random.Random(seed)
    state = game.deal(seed)
    while True:
        if step is not None:
            step(trace, state)
        if game.is_over(state) or len(trace.moves) >= cap:
            return trace, state
        moves = game.legal_moves(state)
        if not moves:
            return trace, state
        move = moves[rng.randrange(len(moves))]
        trace.moves.append(move)
        state = game.apply(state, move)


def sample(games: Sequence[Game], budget: Budget, check: Callable[[Game, int], None]) -> Outcome:
    """Run ``check(game, seed)`` on ``budget.examples`` drawn (game, seed) pairs.

    ``check`` raises :class:`~verifier.core.Refuted`; hypothesis then shrinks toward a
    smaller player count and seed, and the final counterexample is returned.
    """
    count = 0

    @settings(max_examples=budget.examples, database=None, deadline=None, print_blob=False, report_multiple_bugs=False,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate, Phase.shrink])
    @fixed_seed(budget.seed)
    @given(st.sampled_from(list(games)), st.integers(0, 2**31 - 1))
    def run(game: Game, seed: int) -> None:
        nonlocal count
        count += 1
        check(game, seed)

    try:
        run()
    except Refuted as exc:
        return Outcome(REFUTED, "", exc.counterexample, count, budget.seed)
    except BaseExceptionGroup as group:  # a non-deterministic game makes hypothesis report it as flaky
        found = _first_refutation(group)
        if found is None:
            raise
        return Outcome(REFUTED, "the game is not deterministic (hypothesis saw a flaky failure)",
                       found.counterexample, count, budget.seed)
    counts = sorted({g.players for g in games})
    span = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
    return Outcome(HOLDS, f"{count} random games, {span} players", None, count, budget.seed)


def describe_census(expected, actual) -> str:
    missing = expected - actual
    extra = actual - expected
    parts = []
    if missing:
        parts.append("missing " + format_cards(sorted(missing.elements(), key=str)))
    if extra:
        parts.append("duplicated " + format_cards(sorted(extra.elements(), key=str)))
    return "; ".join(parts)


def _first_refutation(group: BaseExceptionGroup) -> Refuted | None:
    for exc in group.exceptions:
        if isinstance(exc, Refuted):
            return exc
        if isinstance(exc, BaseExceptionGroup):
            inner = _first_refutation(exc)
            if inner is not None:
                return inner
    return None
