"""The verifier API: what a game's properties are written with.

A game's verifier module declares *claims*; the core does the plumbing.

``@invariant(game, name, title=..., clauses=...)``
    ``fn(game, state) -> None | str``: a check run after every move. The
    same invariant runs in random play on full decks (hypothesis, one seed a
    game) and over every reachable state of the game's small configurations
    (see :func:`small_configs`).
``@z3_claim(game, name, title=..., clauses=...)``
    ``fn(game, solver) -> Claim | None``: the function adds the *negation*
    of the claim to a fresh solver with a timeout; ``unsat`` is a proof,
    ``sat`` a model that :class:`Claim` turns back into cards, a timeout is
    ``unknown``.
:func:`explore`
    the one state-graph search: reachable states with hashing, a replayable
    cycle, the longest game.
:func:`walk`
    the one random playout.
:func:`variants_of`
    the game objects of every named preset, for claims that must hold in each.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import z3

from spec.cards import format_cards
from spec.engine import Game
from spec.rules import make_rules
from verifier.core import (
    HOLDS, REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome, Property, Refuted, Registry, Verdict,
)

__all__ = ["Root", "Exploration", "explore", "walk", "steered", "Trace", "invariant", "z3_claim", "Claim", "decide",
           "small_configs", "roots_for", "variants_of", "check_invariant", "for_players"]


# ------------------------------------------------------------------- walk

class Trace:
    """The moves of one game so far, for building counterexamples."""

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


def walk(game: Game, seed: int, step: Callable[[Trace, Any], None] | None = None,
         cap: int = 5_000, *, policy: Callable[[Any, tuple, random.Random], Any] | None = None,
         stop: Callable[[Any], bool] | None = None) -> tuple[Trace, Any]:
    """Play one legal game from ``deal(seed)``; call ``step(trace, state)`` on every state.

    The seed drives both the deal and the choice of each move: uniformly at
    random, or by ``policy(state, moves, rng)``, which returns one of
    ``moves`` (a play policy: the lowest card, always take ...). Stops at the
    end, at a state with no moves, when ``stop(state)`` is true, or after
    ``cap`` moves.
    """
    trace = Trace(game, seed)
    rng = random.Random(seed)
    state = game.deal(seed)
    moves_so_far = trace.moves
    legal, apply, over = game.legal_moves, game.apply, game.is_over
    while True:
        if step is not None:
            step(trace, state)
        if over(state) or len(moves_so_far) >= cap or (stop is not None and stop(state)):
            return trace, state
        moves = legal(state)
        if not moves:
            return trace, state
        move = moves[rng.randrange(len(moves))] if policy is None else policy(state, moves, rng)
        moves_so_far.append(move)
        state = apply(state, move)


def steered(game: Game, prefer: Callable[[Any, tuple], tuple]) -> Game:
    """The same game and rules, its legal moves narrowed by ``prefer(state, moves)``.

    :func:`walk` then follows that play policy, and :func:`explore` searches
    only the lines it allows; every move made is legal in the real game (same
    id, rules and players), so the records replay there.
    """
    base = type(game)

    class Steered(base):
        def legal_moves(self, state):
            return prefer(state, base.legal_moves(self, state))
    Steered.__name__ = Steered.__qualname__ = f"Steered{base.__name__}"
    return Steered(game.rules, players=game.players)


# ---------------------------------------------------------------- explore

@dataclass(frozen=True)
class Root:
    """Where an exploration starts. ``seed`` (with ``prefix`` moves) makes it replayable as a record."""

    state: Any
    label: str = ""
    seed: int | None = None
    prefix: tuple = ()

    @classmethod
    def deal(cls, game: Game, seed: int, label: str = "") -> "Root":
        return cls(game.deal(seed), label or f"deal seed {seed}", seed)


@dataclass(frozen=True)
class Exploration:
    """What :func:`explore` found."""

    states: int
    edges: int
    terminals: int
    complete: bool           # every reachable state was visited (not capped)
    seconds: float
    cycle: tuple[Root, tuple, tuple] | None = None      # root, moves to the repeated state, the loop
    longest: tuple[Root, tuple] | None = None           # root, moves (complete and acyclic only)
    failure: tuple[Root, tuple, str] | None = None      # root, moves to a failing state, message

    @property
    def states_per_s(self) -> float:
        return self.states / self.seconds if self.seconds else float("inf")


def evidence(game: Game, root: Root, moves: Sequence, text: str) -> Counterexample:
    """A counterexample from a root and moves: a record when the root is a seeded deal."""
    shown = " ".join(game.format_move(m) for m in moves) or "(none)"
    if root.seed is not None:
        record = game.record(root.seed, tuple(root.prefix) + tuple(moves))
        return Counterexample(f"{text}\n{root.label}; moves: {shown}", record=record)
    deal = {z: format_cards(c) for z, c in game.zones(root.state).items()}
    return Counterexample(f"{text}\nfrom {root.label or 'the position'} "
                          f"({game.describe(root.state)}); moves: {shown}", deal=deal)


def explore(game: Game, roots: Iterable[Root], *, key: Callable[[Any], Any] | None = None,
            max_states: int = 300_000, check: Callable[[Any], str | None] | None = None,
            stop_at_cycle: bool = False, longest: bool = True) -> Exploration:
    """Visit every state reachable from ``roots`` (depth first, states hashed by ``key``).

    Finds a cycle (a state reachable from itself: a game that can go on for
    ever), with the moves that reach it and the loop, both replayable; and,
    when the graph is finite and acyclic, the longest game. ``check(state)``
    returns a message to stop at a failing state. Stops unfinished (``complete
    = False``) after ``max_states``.
    """
    # The search keeps every state it has seen; the cyclic garbage collector would
    # walk them all again and again (a third of the time). Frozen states of tuples
    # and numbers form no reference cycles, so reference counting frees them alone.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _explore(game, roots, key, max_states, check, stop_at_cycle, longest)
    finally:
        if was_enabled:
            gc.enable()


def _explore(game, roots, key, max_states, check, stop_at_cycle, longest) -> Exploration:
    legal, apply = game.legal_moves, game.apply
    index: dict[Any, int] = {}      # state key -> state id
    setdefault = index.setdefault
    on_stack: dict[int, int] = {}   # state id -> its depth on the search path
    best: list[int] = []            # longest remaining game from each finished state
    best_next: list[Any] = []       # (move, child id) on that longest game
    edges = terminals = 0
    cycle = failure = None
    complete = True
    start = time.perf_counter()
    root_ids = []
    for root in roots:
        k = root.state if key is None else key(root.state)
        if k in index:
            continue
        if check is not None:
            msg = check(root.state)
            if msg:
                failure = (root, (), msg)
                break
        rid = len(best)
        index[k] = rid
        on_stack[rid] = 0
        best.append(0)
        best_next.append(None)
        root_ids.append((root, rid))
        first = legal(root.state)
        terminals += not first
        # one frame per state on the path: [state, id, moves, next move index]
        stack = [[root.state, rid, first, 0]]
        path: list = []
        push, pop, add_path, drop_path = stack.append, stack.pop, path.append, path.pop
        while stack:
            frame = stack[-1]
            state, sid, moves, pos = frame
            if pos == len(moves):
                del on_stack[sid]
                pop()
                if stack:
                    parent, m = stack[-1][1], drop_path()
                    if best[sid] >= best[parent]:
                        best[parent] = best[sid] + 1
                        best_next[parent] = (m, sid)
                continue
            frame[3] = pos + 1
            m = moves[pos]
            child = apply(state, m)
            edges += 1
            fresh = len(best)
            # one hash per edge: setdefault both looks up and, for a new state, inserts
            cid = setdefault(child if key is None else key(child), fresh)
            if cid == fresh:
                if fresh >= max_states:
                    complete = False
                    break
                if check is not None:
                    msg = check(child)
                    if msg:
                        failure = (root, tuple(path) + (m,), msg)
                        break
                on_stack[cid] = len(stack)
                best.append(0)
                best_next.append(None)
                nxt = legal(child)  # empty for a finished game (checked by the moves_exist property)
                if not nxt:
                    terminals += 1
                push([child, cid, nxt, 0])
                add_path(m)
            elif cid in on_stack:
                if cycle is None:
                    d = on_stack[cid]
                    cycle = (root, tuple(path[:d]), tuple(path[d:]) + (m,))
                if stop_at_cycle:
                    break
            elif best[cid] >= best[sid]:
                best[sid] = best[cid] + 1
                best_next[sid] = (m, cid)
        if failure is not None or not complete or (cycle is not None and stop_at_cycle):
            complete = complete and failure is None and cycle is None
            break
    long_game = None
    if complete and cycle is None and longest and root_ids:
        root, rid = max(root_ids, key=lambda r: best[r[1]])
        moves_out, node = [], best_next[rid]
        while node is not None:
            moves_out.append(node[0])
            node = best_next[node[1]]
        long_game = (root, tuple(moves_out))
    return Exploration(len(best), edges, terminals, complete, time.perf_counter() - start,
                       cycle, long_game, failure)


# ------------------------------------------------ small configurations

_SMALL: dict[str, Callable[[Game], list[Root]]] = {}


def small_configs(game_id: str):
    """Decorator: ``fn(game) -> [Root, ...]``, the small configurations of a
    game object that exhaustive checks explore completely (``[]`` if none
    fits these rules and player count)."""
    def register(fn):
        _SMALL[game_id] = fn
        return fn
    return register


def roots_for(game: Game) -> list[Root]:
    fn = _SMALL.get(game.info.id)
    return list(fn(game)) if fn is not None else []


# ----------------------------------------------------------------- presets

def presets_of(cls: type[Game]) -> dict[str, Any]:
    """The game's named presets (``PRESETS`` in its module) as rules objects."""
    presets = getattr(cls.module(), "PRESETS", {})
    return {name: make_rules(cls.Rules, over) for name, over in presets.items()}


def variants_of(games: Sequence[Game]) -> list[tuple[str, list[Game]]]:
    """``games`` under their own rules, then under every named preset (when
    ``games`` use the default rules), at the player counts each preset allows."""
    out = [("given rules", list(games))]
    cls = type(games[0])
    if any(g.rules != cls.Rules() for g in games):
        return out
    for name, rules in presets_of(cls).items():
        allowed = cls(rules).player_range()
        objs = [cls(rules, players=g.players) for g in games if g.players in allowed]
        if objs:
            out.append((name, objs))
    return out


def for_players(n: int) -> Callable[[Sequence[Game]], bool]:
    """An ``applies`` test: the property is about ``n`` players."""
    return lambda games: any(g.players == n for g in games)


# -------------------------------------------------------------- invariants

def check_invariant(games: Sequence[Game], budget: Budget, fn: Callable[[Game, Any], str | None], *,
                    presets: bool = False, sample: bool = True) -> Outcome:
    """Run ``fn(game, state)`` over small configurations exhaustively, then
    over random games on full decks; the first message refutes."""
    from verifier.sampling import sample as run_sample
    groups = variants_of(games) if presets else [("given rules", list(games))]
    part, parts = budget.shard
    states = 0
    complete = True
    explored = []
    for name, objs in groups:
        for g in objs:
            roots = roots_for(g)[part::parts]
            if not roots:
                continue
            ex = explore(g, roots, max_states=budget.max_states, check=lambda s, g=g: fn(g, s), longest=False)
            if ex.failure is not None:
                root, moves, msg = ex.failure
                where = "" if name == "given rules" else f" (preset {name})"
                return Outcome(REFUTED, f"exhaustive search{where}",
                               evidence(g, root, moves, f"{g.info.id}{where}, {g.players} players: {msg}"),
                               method="exhaustive")
            states += ex.states
            complete = complete and ex.complete
            explored.append(f"{name}/{g.players}p")
    notes = []
    if explored:
        notes.append(f"{'exhaustive' if complete else 'unfinished exhaustive search'} over {states} states "
                     f"({', '.join(explored)}{f'; shard {part + 1} of {parts}' if parts > 1 else ''})")
    if not sample:
        if not explored:
            return Outcome(UNKNOWN, "no small configuration to explore", method="exhaustive")
        verdict = HOLDS if complete else UNKNOWN
        return Outcome(verdict, "; ".join(notes), method="exhaustive")
    count = 0
    per = max(10, budget.examples // len(groups))
    if parts > 1:  # each shard samples its own share of games from its own seed
        per = max(1, -(-per // parts))
    seed_ = budget.seed + part
    for name, objs in groups:
        def one(g, seed, name=name):
            seen: set = set()

            def step(trace, state):
                msg = fn(g, state)
                if msg:
                    where = "" if name == "given rules" else f" (preset {name})"
                    raise trace.refute(f"{msg}{where}", state)

            def repeats(state) -> bool:
                # a game that comes back to a position it has checked (a stalled or looping
                # game) shows nothing new: stop there rather than at the move cap
                try:
                    if state in seen:
                        return True
                    seen.add(state)
                except TypeError:  # a state that cannot be hashed: walk on to the cap
                    pass
                return False
            walk(g, seed, step, budget.max_plays, stop=repeats)
        out = run_sample(objs, Budget(seed_, per, budget.z3_timeout_ms, budget.max_plays), one)
        if out.verdict != HOLDS:
            return Outcome(out.verdict, out.detail, out.counterexample, out.examples, out.seed, method="hypothesis")
        count += out.examples or 0
    notes.append(f"sampled {count} random games (seed {seed_}"
                 + (f", {len(groups)} rule sets" if len(groups) > 1 else "") + ")")
    method = "exhaustive" if explored and complete else "hypothesis"
    return Outcome(HOLDS, "; ".join(notes), examples=count, seed=seed_, method=method)


def _game_id(game: str | type[Game]) -> tuple[str, Any]:
    if isinstance(game, str):
        return game, None
    return game.info.id, game.clause_book()


def invariant(game: str | type[Game], name: str, *, title: str, clauses: Sequence[str] = (),
              expected: Verdict = HOLDS, note: str = "", applies=None, presets: bool = False,
              budget: dict[str, Any] | None = None, registry: Registry = REGISTRY):
    """Register ``fn(game, state) -> None | message`` as a property checked at every step.

    ``presets=True`` checks it under every named preset too.
    """
    gid, book = _game_id(game)

    def register(fn):
        def check(games, b: Budget) -> Outcome:
            return check_invariant(games, b, fn, presets=presets)
        registry.add(Property(gid, name, title, tuple(clauses), "hypothesis", expected, check, note, applies,
                              tuple((budget or {}).items()), splits=True), book)
        fn.property_name = name
        return fn
    return register


# --------------------------------------------------------------------- z3

@dataclass(frozen=True)
class Claim:
    """What a z3 claim function returns after adding the claim's negation.

    ``proved`` says in words what a proof establishes; ``refute`` turns a
    model (a counterexample) back into cards.
    """

    proved: str
    refute: Callable[[z3.ModelRef], Counterexample] = field(repr=False)


def decide(solver: z3.Solver, claim: Claim) -> Outcome:
    """Check a solver holding a claim's negation: a proof, a counterexample, or unknown."""
    answer = solver.check()
    if answer == z3.unsat:
        return Outcome(HOLDS, claim.proved, method="z3")
    if answer == z3.sat:
        return Outcome(REFUTED, "z3 found a counterexample", claim.refute(solver.model()), method="z3")
    return Outcome(UNKNOWN, f"z3: {solver.reason_unknown()}", method="z3")


def fresh_solver(budget: Budget) -> z3.Solver:
    """A new solver with the budget's timeout: one per claim, nothing shared."""
    s = z3.Solver()
    s.set("timeout", int(budget.z3_timeout_ms))
    return s


def z3_claim(game: str | type[Game], name: str, *, title: str, clauses: Sequence[str] = (),
             expected: Verdict = HOLDS, note: str = "", applies=None, each: bool = True,
             budget: dict[str, Any] | None = None, registry: Registry = REGISTRY):
    """Register ``fn(game, solver) -> Claim | None`` as a z3 property.

    The function adds the model and the claim's *negation* to the fresh
    solver it is given. ``None`` means the claim says nothing about this game
    object. ``each=False`` checks only the largest player count.
    """
    gid, book = _game_id(game)

    def register(fn):
        def check(games, b: Budget) -> Outcome:
            targets = list(games) if each else [max(games, key=lambda g: g.players)]
            proofs: list[str] = []
            for g in targets:
                solver = fresh_solver(b)
                claim = fn(g, solver)
                if claim is None:
                    continue
                out = decide(solver, claim)
                if out.verdict != HOLDS:
                    prefix = f"{g.players} players: " if len(targets) > 1 else ""
                    return Outcome(out.verdict, prefix + out.detail, out.counterexample, method="z3")
                if claim.proved not in proofs:
                    proofs.append(claim.proved)
            if not proofs:
                return Outcome(UNKNOWN, "the claim says nothing about these rules", method="z3")
            return Outcome(HOLDS, "proved: " + "; ".join(proofs), method="z3")
        registry.add(Property(gid, name, title, tuple(clauses), "z3", expected, check, note, applies,
                              tuple((budget or {}).items())), book)
        fn.property_name = name
        return fn
    return register
