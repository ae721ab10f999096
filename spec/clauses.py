"""Rule clauses: small predicates tagged with the rulebook section they encode.

Each game module keeps one :class:`ClauseBook`. Decorating a predicate with
``@CLAUSES.rule("label", "summary")`` records it, so the rulebook can print a
table of clause -> predicate -> verified properties, and an illegal move names
the clause it broke.

A clause that *decides a move kind* is declared with ``decides=``: it takes
``(game, state, move)`` and returns ``None`` when the move is allowed, or a
sentence a player understands when it is not::

    @CLAUSES.rule("durak-beat", "A card is beaten by a higher card of its suit or a trump", decides=Beat)
    def beat_is_higher(game, state, move):
        if not game.beats(move.attack, move.cover):
            return f"{move.cover} does not beat {move.attack}: a beat needs a higher card of the led suit, or a trump"

The game's generic ``check_move`` runs the deciders of the move's kind in the
order they were declared, so these functions *are* the rules that run.

A clause that no property can check says why with ``unchecked="..."``
(for example "the first dealer is chosen by lot: nothing to check").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable)

#: A decider: ``(game, state, move) -> None | reason``.
Decider = Callable[[Any, Any, Any], "str | None"]


@dataclass(frozen=True)
class Clause:
    label: str      # rulebook label, e.g. "sixty-one-draw"
    summary: str    # one line, in English
    function: str   # dotted path of the predicate
    decides: tuple[str, ...] = ()   # move kinds this clause decides
    unchecked: str = ""             # why no property can check it, if none can


class ClauseBook:
    """The clauses of one game, in the order they were declared."""

    def __init__(self, game_id: str):
        self.game_id = game_id
        self._clauses: dict[str, Clause] = {}
        self._deciders: dict[type, list[tuple[str, Decider]]] = {}

    def rule(self, label: str, summary: str, *, decides: type | tuple[type, ...] | None = None,
             unchecked: str = "") -> Callable[[F], F]:
        """Tag a predicate with its rulebook label.

        ``decides``: the move kind(s) this clause allows or refuses; the
        function then takes ``(game, state, move)`` and returns ``None`` or the
        reason. ``unchecked``: why no property can check this clause.
        """
        kinds = () if decides is None else (decides if isinstance(decides, tuple) else (decides,))

        def tag(fn: F) -> F:
            self._add(Clause(label, summary, f"{fn.__module__}.{fn.__qualname__}",
                             tuple(getattr(k, "kind", k.__name__) for k in kinds), unchecked))
            for k in kinds:
                self._deciders.setdefault(k, []).append((label, fn))
            fn.__clause__ = label  # type: ignore[attr-defined]
            # the summary doubles as the docstring, so the API reference lists every clause
            doc = fn.__doc__ or summary + "."
            fn.__doc__ = f"{doc}\n\nRulebook clause ``{label}``.\n"
            return fn
        return tag

    def note(self, label: str, summary: str, function: str = "", *, unchecked: str = "") -> None:
        """A clause with no predicate of its own (it lives in a table or the deal)."""
        self._add(Clause(label, summary, function, (), unchecked))

    def _add(self, clause: Clause) -> None:
        if clause.label in self._clauses:
            raise ValueError(f"clause {clause.label!r} declared twice in {self.game_id}")
        self._clauses[clause.label] = clause

    def deciders(self, kind: type) -> tuple[tuple[str, Decider], ...]:
        """The (label, decider) pairs for a move kind, in declaration order."""
        return tuple(self._deciders.get(kind, ()))

    def decided_kinds(self) -> tuple[type, ...]:
        return tuple(self._deciders)

    def __getitem__(self, label: str) -> Clause:
        return self._clauses[label]

    def __contains__(self, label: str) -> bool:
        return label in self._clauses

    def __iter__(self) -> Iterator[Clause]:
        return iter(self._clauses.values())

    def __len__(self) -> int:
        return len(self._clauses)
