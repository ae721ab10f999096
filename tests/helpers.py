"""Shared test helpers: a small budget and a mutation runner."""

from __future__ import annotations

from verifier.core import Budget, Result
from verifier.runner import run_on

#: Small, fixed budget: tests are deterministic and quick; bigger runs belong in `cardspec verify`.
SMALL = Budget(seed=1, examples=25, z3_timeout_ms=10_000, max_plays=3_000)


def check(games, name: str, budget: Budget = SMALL) -> Result:
    """Run property ``name`` against (possibly mutated) game objects."""
    return run_on(list(games), name, budget)


def assert_refuted(result: Result) -> None:
    """A broken rule must be reported as refuted, with a printable counterexample."""
    assert result.verdict == "refuted", (result.property.name, result.verdict, result.detail)
    assert result.counterexample is not None and result.counterexample.text
    assert result.counterexample.record is not None or result.counterexample.deal is not None
