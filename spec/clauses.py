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

A move kind's legal moves come from the same clauses. One clause *offers*
the kind (``offers=``): it takes ``(game, state)`` and returns every move of
the kind the rules could allow now, and says with ``refused=`` why any other
move of the kind is refused (a sentence, or a function of ``(game, state,
move)``; a kit rule that covers several clauses returns the broken clause's
label with the sentence)::

    @CLAUSES.rule("kerosinka-hold", "A player plays one card of their own hand", offers=Play,
                  refused="P{player} does not hold {move}")
    def hand_cards(game, state):
        return tuple(PLAY[c] for c in state.hands[state.to_move])

The deciders of the kind then filter what it offers, in declaration order. A
rule that decides a whole set at once (a kit's duty to follow suit) is
declared with ``narrows=``: it takes ``(game, state, moves)`` and returns the
moves it allows, in their order, and ``refused=`` explains a move it drops.
So the engine's ``legal_moves`` and ``refusal`` run the same code: a move is
refused exactly when some clause drops it, and the refusal names that clause.

A clause that no property can check says why with ``unchecked="..."``
(for example "the first dealer is chosen by lot: nothing to check"); one that
cannot run in play (a table the rulebook prints, a helper of the verifier)
says why with ``not_in_play="..."``.

A test breaks one rule through the registry, the same way in every game::

    with CLAUSES.replaced("kerosinka-points", lambda won, points=POINTS: (0, 0, 0, 0)):
        ...
"""

from __future__ import annotations

import contextlib
import functools
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from spec.i18n import Msg

F = TypeVar("F", bound=Callable)

#: A decider: ``(game, state, move) -> None | reason``.
Decider = Callable[[Any, Any, Any], "str | None"]


@dataclass(frozen=True)
class Clause:
    label: str      # rulebook label, e.g. "sixty-one-draw"
    summary: str    # one line, in English
    function: str   # dotted path of the predicate
    decides: tuple[str, ...] = ()   # move kinds this clause offers, decides or narrows
    unchecked: str = ""             # why no property can check it, if none can
    not_in_play: str = ""           # why it never runs in play, if it cannot


#: How a move clause takes part in a kind's legal moves.
OFFERS, DECIDES, NARROWS = "offers", "decides", "narrows"


@dataclass(frozen=True)
class Step:
    """One clause in a move kind's chain: it offers the kind's moves, decides one move,
    or narrows a set of moves; ``refused`` says why a move it drops is refused."""

    label: str
    mode: str
    fn: Callable
    refused: Callable | str | None = None

    def keep(self, game, state, moves: tuple) -> tuple:
        """The moves of ``moves`` this clause allows, in their order."""
        if self.mode == NARROWS:
            return tuple(self.fn(game, state, moves))
        fn = self.fn
        return tuple(m for m in moves if fn(game, state, m) is None)

    def reason(self, game, state, move) -> str:
        """The sentence for a move this clause drops."""
        if self.mode == DECIDES:
            return self.fn(game, state, move)
        text = self.refused
        if callable(text):
            return text(game, state, move)
        return Msg(text, move=game.format_move(move), player=game.to_move(state))

    def refusal(self, game, state, move) -> tuple[str, str]:
        """``(label, reason)`` for a move this clause drops. An offering clause that is a kit
        rule covering several clauses (holding a card, following suit) names the one broken."""
        said = self.reason(game, state, move)
        if isinstance(said, tuple):
            return said
        return self.label, said


@dataclass(frozen=True)
class Chain:
    """How the legal moves of the kinds one clause offers are made: the offering step,
    then each kind's filters in declaration order."""

    offer: Step
    kinds: tuple[type, ...]
    filters: dict[type, tuple[Step, ...]]

    @functools.cached_property
    def _run(self) -> tuple[Callable, ...]:
        """The filters of a one-kind chain as plain ``(game, state, moves) -> moves`` calls (the hot path)."""
        return tuple(s.fn if s.mode == NARROWS else s.keep for s in self.filters[self.kinds[0]])

    def compiled(self) -> Callable:
        """``(game, state) -> moves`` as few calls as can be: the offering clause as it is when nothing
        filters what it offers, else the filters nested around it (one kind, up to two filters)."""
        if not any(self.filters.values()):
            return self.offer.fn
        if len(self.kinds) > 1 or len(self._run) > 2:
            return self.moves
        offer = self.offer.fn
        if len(self._run) == 1:
            (first,) = self._run
            return lambda game, state: first(game, state, offer(game, state))
        first, second = self._run
        return lambda game, state: second(game, state, first(game, state, offer(game, state)))

    def moves(self, game, state) -> tuple:
        offered = self.offer.fn(game, state)
        if len(self.kinds) == 1:
            for keep in self._run:
                offered = keep(game, state, offered)
            return offered if type(offered) is tuple else tuple(offered)
        offered = tuple(offered)
        allowed = set()
        for kind in self.kinds:
            mine = tuple(m for m in offered if type(m) is kind)
            for step in self.filters[kind]:
                mine = step.keep(game, state, mine)
            allowed.update(mine)
        return tuple(m for m in offered if m in allowed)

    def refusal(self, game, state, move) -> tuple[str, str] | None:
        """``(label, reason)`` of the first clause of the chain that drops ``move``, else ``None``."""
        kind = type(move)
        mine = tuple(m for m in self.offer.fn(game, state) if type(m) is kind)
        if move not in mine:
            return self.offer.refusal(game, state, move)
        for step in self.filters[kind]:
            if step.mode == DECIDES:
                reason = step.fn(game, state, move)
                if reason:
                    return step.label, reason
                mine = step.keep(game, state, mine) if self._later_narrows(kind, step) else mine
                continue
            mine = step.keep(game, state, mine)
            if move not in mine:
                return step.refusal(game, state, move)
        return None

    def _later_narrows(self, kind: type, step: Step) -> bool:
        # a set-level clause after ``step`` sees the set ``step`` leaves; without one, skip the work
        steps = self.filters[kind]
        return any(s.mode == NARROWS for s in steps[steps.index(step) + 1:])


class ClauseBook:
    """The clauses of one game, in the order they were declared."""

    def __init__(self, game_id: str):
        self.game_id = game_id
        self._clauses: dict[str, Clause] = {}
        self._steps: dict[type, list[Step]] = {}   # every move clause of a kind, in declaration order
        self._functions: dict[str, Callable] = {}  # label -> the tagged predicate
        self._chains: tuple[Chain, ...] | None = None
        self._moves: Callable | None = None      # legal_moves as one call, built from the chains

    def rule(self, label: str, summary: str, *, decides: type | tuple[type, ...] | None = None,
             offers: type | tuple[type, ...] | None = None, narrows: type | tuple[type, ...] | None = None,
             refused: Callable | str | None = None, unchecked: str = "", not_in_play: str = "") -> Callable[[F], F]:
        """Tag a predicate with its rulebook label.

        ``offers``: the move kind(s) whose moves this clause lists; the function
        takes ``(game, state)``. ``decides``: the kind(s) this clause allows or
        refuses one move at a time; the function takes ``(game, state, move)``
        and returns ``None`` or the reason. ``narrows``: the kind(s) this clause
        filters as a set; the function takes ``(game, state, moves)``.
        ``refused`` (with ``offers`` and ``narrows``): why a move it drops is
        refused -- a sentence with ``{move}`` and ``{player}``, or a function of
        ``(game, state, move)``. ``unchecked``: why no property can check this
        clause; ``not_in_play``: why it never runs in play.
        """
        modes = [(mode, () if k is None else (k if isinstance(k, tuple) else (k,)))
                 for mode, k in ((OFFERS, offers), (DECIDES, decides), (NARROWS, narrows))]
        modes = [(mode, kinds) for mode, kinds in modes if kinds]
        if len(modes) > 1:
            raise TypeError(f"clause {label!r}: a clause offers, decides or narrows moves, not several of these")
        if modes and modes[0][0] != DECIDES and refused is None:
            raise TypeError(f"clause {label!r}: say with refused= why a move it drops is refused")
        mode, kinds = modes[0] if modes else (None, ())

        def tag(fn: F) -> F:
            self._add(Clause(label, summary, f"{fn.__module__}.{fn.__qualname__}",
                             tuple(getattr(k, "kind", k.__name__) for k in kinds), unchecked, not_in_play))
            self._functions[label] = fn
            for k in kinds:
                if mode == OFFERS and any(s.mode == OFFERS for s in self._steps.get(k, ())):
                    raise TypeError(f"{self.game_id}: two clauses offer {k.__name__} moves")
                self._steps.setdefault(k, []).append(Step(label, mode, fn, refused))
            self._chains = self._moves = None
            fn.__clause__ = label  # type: ignore[attr-defined]
            # the summary doubles as the docstring, so the API reference lists every clause
            doc = fn.__doc__ or summary + "."
            fn.__doc__ = f"{doc}\n\nRulebook clause ``{label}``.\n"
            return fn
        return tag

    def note(self, label: str, summary: str, function: str = "", *, unchecked: str = "",
             not_in_play: str = "") -> None:
        """A clause with no predicate of its own (it lives in a table or the deal)."""
        self._add(Clause(label, summary, function, (), unchecked, not_in_play))

    def _add(self, clause: Clause) -> None:
        if clause.label in self._clauses:
            raise ValueError(f"clause {clause.label!r} declared twice in {self.game_id}")
        self._clauses[clause.label] = clause

    def deciders(self, kind: type) -> tuple[tuple[str, Decider], ...]:
        """The (label, decider) pairs that decide a move kind one move at a time, in declaration order."""
        return tuple((s.label, s.fn) for s in self._steps.get(kind, ()) if s.mode == DECIDES)

    def steps(self, kind: type) -> tuple[Step, ...]:
        """Every clause that offers, decides or narrows a move kind, in declaration order."""
        return tuple(self._steps.get(kind, ()))

    def decided_kinds(self) -> tuple[type, ...]:
        return tuple(self._steps)

    def chains(self) -> tuple[Chain, ...]:
        """One chain per offering clause, in declaration order (how ``legal_moves`` is made)."""
        if self._chains is None:
            chains, seen = [], {}
            for kind, steps in self._steps.items():
                offer = next((s for s in steps if s.mode == OFFERS), None)
                if offer is None:
                    continue
                filters = tuple(s for s in steps if s.mode != OFFERS)
                if offer.label in seen:
                    chains[seen[offer.label]][1].append(kind)
                    chains[seen[offer.label]][2][kind] = filters
                else:
                    seen[offer.label] = len(chains)
                    chains.append((offer, [kind], {kind: filters}))
            self._chains = tuple(Chain(o, tuple(k), f) for o, k, f in chains)
        return self._chains

    def moves_function(self) -> Callable | None:
        """``(game, state) -> legal moves`` made from the chains, or ``None`` when no clause
        offers moves (one call on the hot path)."""
        if self._moves is None:
            chains = self.chains()
            if not chains:
                self._moves = False
            else:  # an offering clause with no filter is called as it is
                self._moves = _joined(tuple(c.compiled() for c in chains))
        return self._moves or None

    def chain_for(self, kind: type) -> Chain | None:
        """The chain that offers ``kind``, or ``None`` (not a move kind of this game)."""
        return next((c for c in self.chains() if kind in c.kinds), None)

    def function(self, label: str) -> Callable | None:
        """The predicate tagged ``label`` (``None`` for a note)."""
        return self._functions.get(label)

    @contextlib.contextmanager
    def replaced(self, label: str, fn: Callable) -> Iterator[None]:
        """Within the block, clause ``label`` runs ``fn`` instead: as a move clause, and
        wherever its module or class calls it by name. How a test breaks one rule."""
        old = self._functions.get(label)
        if old is None:
            raise KeyError(f"{self.game_id}: no predicate is tagged {label!r}; tagged: "
                           + ", ".join(self._functions))
        owner, name = _owner(old)
        saved_steps = {k: list(v) for k, v in self._steps.items()}
        for steps in self._steps.values():
            steps[:] = [replace(s, fn=fn) if s.label == label else s for s in steps]
        self._functions[label], self._chains, self._moves = fn, None, None
        original = owner.__dict__[name]
        setattr(owner, name, staticmethod(fn) if isinstance(original, staticmethod) else fn)
        try:
            yield
        finally:
            setattr(owner, name, original)
            self._steps, self._functions[label], self._chains, self._moves = saved_steps, old, None, None

    def __getitem__(self, label: str) -> Clause:
        return self._clauses[label]

    def __contains__(self, label: str) -> bool:
        return label in self._clauses

    def __iter__(self) -> Iterator[Clause]:
        return iter(self._clauses.values())

    def __len__(self) -> int:
        return len(self._clauses)


def _joined(parts: tuple[Callable, ...]) -> Callable:
    """``(game, state) -> moves``: the tuples of ``parts`` one after another (small counts unrolled:
    this is every move's hot path)."""
    if len(parts) == 1:
        return parts[0]
    if len(parts) == 2:
        a, b = parts
        return lambda game, state: a(game, state) + b(game, state)
    if len(parts) == 3:
        a, b, c = parts
        return lambda game, state: a(game, state) + b(game, state) + c(game, state)

    def joined(game, state):
        out = ()
        for part in parts:
            out += part(game, state)
        return out
    return joined


def _owner(fn: Callable) -> tuple[Any, str]:
    """The module or class that holds ``fn`` by name, and the name."""
    holder: Any = sys.modules[fn.__module__]
    *path, name = fn.__qualname__.split(".")
    for part in path:
        holder = getattr(holder, part)
    return holder, name
