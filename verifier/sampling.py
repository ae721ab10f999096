"""Random legal play through hypothesis: one seed drawn per game.

Drawing a single seed per game (rather than every move) keeps long games
cheap and within hypothesis's data limit; the seed drives both the deal and
a :class:`random.Random` that picks each move.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import contextmanager

from hypothesis import HealthCheck, Phase, given, seed as fixed_seed, settings, strategies as st

from spec.cards import format_cards
from spec.engine import Game
from spec.i18n import Msg
from verifier.core import HOLDS, REFUTED, Budget, Outcome, Refuted


# The playout and its trace live in the verifier API; these names stay for old callers.
from verifier.api import Trace, walk as playout  # noqa: E402,F401


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
        with _no_local_constants():
            run()
    except Refuted as exc:
        return Outcome(REFUTED, "", exc.counterexample, count, budget.seed)
    except BaseExceptionGroup as group:  # a non-deterministic game makes hypothesis report it as flaky
        found = _first_refutation(group)
        if found is None:
            raise
        return Outcome(REFUTED, "the game is not deterministic (hypothesis saw a flaky failure)",
                       found.counterexample, count, budget.seed)
    return sampled(games, count, budget.seed)


def sampled(games: Sequence[Game], count: int, seed: int, unit: str | None = None) -> Outcome:
    """What a sample in which every game passed says (``unit``: what one sampled game is, if not a whole game)."""
    counts = sorted({g.players for g in games})
    span = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
    text = Msg("{n} random games ({unit}), {span} players", n=count, unit=unit, span=span) if unit \
        else Msg("{n} random games, {span} players", n=count, span=span)
    return Outcome(HOLDS, text, None, count, seed,
                   facts={"games": count, "seed": seed, "players": [counts[0], counts[-1]]})


@contextmanager
def _no_local_constants():
    """Keep the integers written in the project's own modules out of the draws.

    Hypothesis (since 6.131) sometimes draws a literal found in the source of any
    non-library module loaded in the process. The games a sample plays would then
    depend on every number written anywhere in ``spec`` and ``verifier``, and on
    which other modules happen to be loaded (the rulebook's extension, the tests):
    a sample, and its counterexample, would change with unrelated edits and differ
    between ``cardspec verify``, the rulebook and a worker. Without them a sample
    depends only on the seed, the games and the number of examples.
    """
    try:
        from hypothesis.internal.conjecture import providers
        original, cache = providers._get_local_constants, providers.CONSTANTS_CACHE.cache
        empty = providers.Constants()
    except (ImportError, AttributeError):  # a hypothesis without local constants: nothing to keep out
        yield
        return
    cache.clear()  # allowed values computed with the local constants
    providers._get_local_constants = lambda: empty
    try:
        yield
    finally:
        providers._get_local_constants = original
        cache.clear()


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
