"""z3 helpers: a fresh solver per property, with a timeout, three outcomes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import z3

from verifier.core import HOLDS, REFUTED, UNKNOWN, Verdict


@dataclass(frozen=True)
class Z3Answer:
    verdict: Verdict
    model: z3.ModelRef | None
    reason: str = ""


def prove(build: Callable[[z3.Solver], None], timeout_ms: int) -> Z3Answer:
    """Search for a counterexample.

    ``build`` adds the model's constraints and the *negation* of the claim to
    a fresh solver. ``unsat`` means the claim holds; ``sat`` gives a model
    (the counterexample); a timeout or ``unknown`` stays ``unknown``.
    """
    solver = z3.Solver()
    solver.set("timeout", int(timeout_ms))
    build(solver)
    answer = solver.check()
    if answer == z3.unsat:
        return Z3Answer(HOLDS, None)
    if answer == z3.sat:
        return Z3Answer(REFUTED, solver.model())
    return Z3Answer(UNKNOWN, None, solver.reason_unknown())


def value(model: z3.ModelRef, expr: Any) -> int | bool:
    """Turn a z3 expression back into a Python value under ``model``."""
    v = model.eval(expr, model_completion=True)
    if z3.is_bool(v):
        return z3.is_true(v)
    return v.as_long()
