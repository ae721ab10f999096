"""Rule clauses: small predicates tagged with the rulebook section they encode.

Each game module keeps one :class:`ClauseBook`. Decorating a predicate with
``@CLAUSES.rule("label", "summary")`` records it, so the rulebook can print
a table of clause -> predicate -> verified properties, and an illegal move
can name the clause it broke.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

F = TypeVar("F", bound=Callable)


@dataclass(frozen=True)
class Clause:
    label: str      # rulebook label, e.g. "sixty-one-draw"
    summary: str    # one line, in English
    function: str   # dotted path of the predicate


class ClauseBook:
    """The clauses of one game, in the order they were declared."""

    def __init__(self, game_id: str):
        self.game_id = game_id
        self._clauses: dict[str, Clause] = {}

    def rule(self, label: str, summary: str) -> Callable[[F], F]:
        def tag(fn: F) -> F:
            if label in self._clauses:
                raise ValueError(f"clause {label!r} declared twice in {self.game_id}")
            self._clauses[label] = Clause(label, summary, f"{fn.__module__}.{fn.__qualname__}")
            fn.__clause__ = label  # type: ignore[attr-defined]
            # the summary doubles as the docstring, so the API reference lists every clause
            doc = fn.__doc__ or summary + "."
            fn.__doc__ = f"{doc}\n\nRulebook clause ``{label}``.\n"
            return fn
        return tag

    def note(self, label: str, summary: str, function: str = "") -> None:
        """A clause with no predicate of its own (it lives in a table or the deal)."""
        self._clauses[label] = Clause(label, summary, function)

    def __getitem__(self, label: str) -> Clause:
        return self._clauses[label]

    def __contains__(self, label: str) -> bool:
        return label in self._clauses

    def __iter__(self):
        return iter(self._clauses.values())
