"""z3 helpers: a fresh solver per property, with a timeout, three outcomes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import z3

from verifier.core import HOLDS, REFUTED, UNKNOWN, Verdict


def fresh_context() -> None:
    """Let the next z3 terms live in a new main context.

    z3's choices, and so the model it returns, depend on the history of the
    context (which terms were made before). A property that starts from a new
    context gets the same counterexample whatever ran before it in the same
    process, so the results do not depend on how tasks are spread over workers.
    """
    z3.z3._main_ctx = None  # z3py makes a new one on next use (z3.main_ctx); there is no public reset


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


def placement_vars(name: str, items: int, places: int) -> list[list[z3.ArithRef]]:
    """Unconstrained 0/1 candidates ``at[i][p]``; add :func:`one_hot_constraints` to a solver."""
    return [[z3.Int(f"{name}_{i}_{p}") for p in range(places)] for i in range(items)]


def one_hot_constraints(rows: list[list[z3.ArithRef]]) -> list[z3.BoolRef]:
    """Each row is 0/1 with exactly one 1."""
    out = []
    for row in rows:
        out += [z3.Or(x == 0, x == 1) for x in row]
        out.append(z3.Sum(row) == 1)
    return out


def one_hot(solver: z3.Solver, name: str, n: int) -> list[z3.ArithRef]:
    """``n`` 0/1 integer variables of which exactly one is 1.

    0/1 integers summed with coefficients let z3 prove card-sum identities
    in milliseconds, where a sum of ``If(owner == p, v, 0)`` terms can time out.
    """
    xs = [z3.Int(f"{name}_{i}") for i in range(n)]
    solver.add(*[z3.Or(x == 0, x == 1) for x in xs], z3.Sum(xs) == 1)
    return xs


def placements(solver: z3.Solver, name: str, items: int, places: int) -> list[list[z3.ArithRef]]:
    """``at[i][p]`` is 1 exactly when item ``i`` (a card) lies in place ``p``."""
    return [one_hot(solver, f"{name}_{i}", places) for i in range(items)]


def placed(model: z3.ModelRef, at: list[list[z3.ArithRef]]) -> list[int]:
    """The place of each item under ``model``."""
    return [next(p for p, x in enumerate(row) if value(model, x) == 1) for row in at]
