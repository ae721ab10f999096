"""The verifier's stakes kit: one proof that a game's settlements only move money.

A game played for stakes states each settlement as gains and losses
(:data:`spec.stakes.Deltas`). Its ``money_conserved`` property builds the
settlements on z3 amounts -- every stake, pot and seat the rules allow -- and
hands them to :func:`balances`, which asks z3 for one whose gains and losses
do not sum to 0 and turns a model back into the amounts and the settlement::

    @z3_claim(Game, "money_conserved", title=..., clauses=[...])
    def money_conserved(game, s):
        ante = z3.Int("ante")
        s.add(ante >= 1, ante <= 100)
        cases = [Settled("ante", ante_paid(ante, seat), f"P{seat} pays") for seat in range(game.players)]
        return balances(s, cases, {"ante": ante}, f"the ante sums to 0 for every seat and ante of 1-100")
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import z3

from verifier.api import Claim
from verifier.core import Counterexample


@dataclass(frozen=True)
class Settled:
    """One settlement on z3 amounts: its name, its deltas, and whom it is for ("P0 pays", "tie of P0 P2")."""

    name: str
    deltas: Sequence[tuple[str, Any]]
    who: str = ""

    def total(self):
        return z3.Sum([z3.IntVal(0)] + [d for _, d in self.deltas])


def _shown(model, value) -> str:
    if isinstance(value, (list, tuple)):
        return " ".join(_shown(model, v) for v in value)
    return str(model.eval(value, model_completion=True))


def balances(s: z3.Solver, cases: Sequence[Settled], amounts: Mapping[str, Any], proved: str,
             prefix: str = "") -> Claim:
    """Add to ``s`` that some settlement of ``cases`` does not balance; the :class:`Claim`
    says ``proved`` when none can, and a counterexample names the amounts (``amounts``: the
    z3 terms, or lists of them, by the name a reader knows) and the settlement that leaks."""
    totals = [(c, c.total()) for c in cases]
    s.add(z3.Or([t != 0 for _, t in totals]))

    def refute(model) -> Counterexample:
        shown = {name: _shown(model, v) for name, v in amounts.items()}
        given = ", ".join(f"{name} {v}" for name, v in shown.items())
        for case, total in totals:
            gap = model.eval(total, model_completion=True).as_long()
            if gap:
                who = f" ({case.who})" if case.who else ""
                return Counterexample(f"{prefix}{given}: settlement '{case.name}'{who} gains and losses sum to "
                                      f"{gap:+d}, not 0", deal=shown)
        return Counterexample("z3 model without a visible gap", deal=shown)
    return Claim(proved, refute)
