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

import dataclasses
import gc
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import z3

from spec.cards import format_cards
from spec.engine import Game
from spec.i18n import Msg
from spec.rules import make_rules
from verifier.core import (
    HOLDS, REFUTED, REGISTRY, UNKNOWN, Budget, Counterexample, Outcome, Property, Refuted, Registry, Scope, Verdict,
    number_ranges,
)

__all__ = ["Root", "Exploration", "explore", "walk", "walk_all", "Watch", "walked", "Walked", "steered", "hunt", "Trace",
           "invariant", "Invariant", "z3_claim", "Claim", "decide", "small_configs", "roots_for", "variants_of",
           "check_invariant", "for_players", "sample_unit", "Scope"]


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


def hunt(games: Sequence[Game], budget: Budget, found: Callable[[Game, Trace, Any], str | None], what: str, *,
         prefer: Callable[[Any, tuple], tuple] | None = None, stop: Callable[[Any], bool] | None = None) -> Outcome:
    """The witness hunt: random games until ``found(game, trace, state)`` returns a message.

    Each game is drawn from ``games`` and given a deal seed, both from the
    budget's seed, and played at random (``prefer`` steers it, as in
    :func:`steered`; ``stop(state)`` ends a game early), for at most
    ``budget.examples`` games. A hit is ``refuted`` with the game's record up
    to the state found, which replays in the real game; no hit is ``unknown``,
    saying what was searched.
    """
    rng = random.Random(budget.seed)
    for n in range(1, budget.examples + 1):
        game = games[rng.randrange(len(games))]
        played = steered(game, prefer) if prefer is not None else game
        seed = rng.randrange(2**31)
        hit: list = []

        def step(trace, state, played=played, hit=hit):
            if not hit:
                msg = found(played, trace, state)
                if msg:
                    hit.append((list(trace.moves), msg))
        walk(played, seed, step, budget.max_plays,
             stop=lambda state, hit=hit: bool(hit) or (stop is not None and stop(state)))
        if hit:
            moves, msg = hit[0]
            record = game.record(seed, moves)
            text = (f"{game.info.id}, {game.players} players, deal seed {seed}: {msg}\n"
                    f"moves: {' '.join(record.moves) or '(none)'}")
            return Outcome(REFUTED, Msg("found in random game {n} (seed {seed})", n=n, seed=budget.seed),
                           Counterexample(text, record=record), examples=n, seed=budget.seed, method="search")
    return Outcome(UNKNOWN, Msg("no {what} in {n} random games (seed {seed})", what=what, n=budget.examples,
                                seed=budget.seed),
                   examples=budget.examples, seed=budget.seed, method="search")


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
    #: with ``checks``: each failed check's (root, moves, message)
    failures: dict[Any, tuple[Root, tuple, str]] = field(default_factory=dict)

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
            stop_at_cycle: bool = False, longest: bool = True,
            checks: dict[Any, Callable[[Any], str | None]] | None = None) -> Exploration:
    """Visit every state reachable from ``roots`` (depth first, states hashed by ``key``).

    Finds a cycle (a state reachable from itself: a game that can go on for
    ever), with the moves that reach it and the loop, both replayable; and,
    when the graph is finite and acyclic, the longest game. ``check(state)``
    returns a message to stop at a failing state. Stops unfinished (``complete
    = False``) after ``max_states``.

    ``checks`` (instead of ``check``) runs several checks in one search: each
    check's first failing state, in the order a search of its own would meet
    it, goes into ``failures`` under its key, and the search goes on for the
    others (it stops once every check has failed).
    """
    # The search keeps every state it has seen; the cyclic garbage collector would
    # walk them all again and again (a third of the time). Frozen states of tuples
    # and numbers form no reference cycles, so reference counting frees them alone.
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        test = _Checks(checks) if checks is not None else check
        return _explore(game, roots, key, max_states, test, stop_at_cycle, longest)
    finally:
        if was_enabled:
            gc.enable()


class _Checks:
    """Several checks as one: a message from the first still-active check that fails."""

    def __init__(self, checks: dict[Any, Callable[[Any], str | None]]):
        self.active = list(checks.items())
        self.failures: dict[Any, tuple] = {}
        self._failing: list = []

    def __call__(self, state) -> str | None:
        self._failing = [(k, msg) for k, fn in self.active if (msg := fn(state))]
        return self._failing[0][1] if self._failing else None

    def record(self, failure: tuple) -> bool:
        """Keep the failure of each check that failed here; whether none is left."""
        root, moves, _ = failure
        for k, msg in self._failing:
            self.failures[k] = (root, moves, msg)
        gone = {k for k, _ in self._failing}
        self.active = [(k, fn) for k, fn in self.active if k not in gone]
        return not self.active


@dataclass
class _Graph:
    """What a search has found so far: the states (by key), the search path, and for each
    finished state its longest remaining game."""

    index: dict = field(default_factory=dict)      # state key -> state id
    on_stack: dict = field(default_factory=dict)   # state id -> its depth on the search path
    best: list = field(default_factory=list)       # longest remaining game from each finished state
    best_next: list = field(default_factory=list)  # (move, child id) on that longest game
    edges: int = 0
    terminals: int = 0
    cycle: Any = None
    failure: Any = None
    complete: bool = True

    def longest(self, root_ids) -> tuple:
        """The longest game from any root: (root, moves)."""
        root, rid = max(root_ids, key=lambda r: self.best[r[1]])
        moves_out, node = [], self.best_next[rid]
        while node is not None:
            moves_out.append(node[0])
            node = self.best_next[node[1]]
        return root, tuple(moves_out)


def _failed(check, many: bool, graph: _Graph, root, state, path=(), last=()) -> bool:
    """Check a new state, reached from ``root`` by ``path`` then ``last``; a failure is kept,
    and whether the search must stop for it."""
    msg = check(state)
    if not msg:
        return False
    graph.failure = (root, tuple(path) + tuple(last), msg)
    return not many or check.record(graph.failure)


def _explore(game, roots, key, max_states, check, stop_at_cycle, longest) -> Exploration:
    many = isinstance(check, _Checks)
    graph = _Graph()
    start = time.perf_counter()
    root_ids = []
    for root in roots:
        k = root.state if key is None else key(root.state)
        if k in graph.index:
            continue
        if check is not None and _failed(check, many, graph, root, root.state):
            break
        rid = len(graph.best)
        graph.index[k] = rid
        graph.on_stack[rid] = 0
        graph.best.append(0)
        graph.best_next.append(None)
        root_ids.append((root, rid))
        _search(game, graph, root, rid, key, max_states, check, many, stop_at_cycle)
        if many and graph.failure is not None and check.active:
            graph.failure = None  # checks are left: the search goes on (their failures are kept in the checks)
        if graph.failure is not None or not graph.complete or (graph.cycle is not None and stop_at_cycle):
            graph.complete = graph.complete and graph.failure is None and graph.cycle is None
            break
    long_game = None
    if graph.complete and graph.cycle is None and longest and root_ids:
        long_game = graph.longest(root_ids)
    failures = check.failures if many else {}
    return Exploration(len(graph.best), graph.edges, graph.terminals, graph.complete, time.perf_counter() - start,
                       graph.cycle, long_game, None if many else graph.failure, failures)


def _search(game, graph: _Graph, root, rid: int, key, max_states, check, many, stop_at_cycle) -> None:
    """Depth-first search from one root, adding to ``graph``; the hot loop of :func:`explore`."""
    legal, apply = game.legal_moves, game.apply
    index, on_stack, best, best_next = graph.index, graph.on_stack, graph.best, graph.best_next
    setdefault = index.setdefault
    edges, terminals = 0, 0
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
                graph.complete = False
                break
            if check is not None and _failed(check, many, graph, root, child, path, (m,)):
                break
            on_stack[cid] = len(stack)
            best.append(0)
            best_next.append(None)
            nxt = legal(child)  # empty for a finished game (checked by the moves_exist property)
            terminals += not nxt
            push([child, cid, nxt, 0])
            add_path(m)
        elif cid in on_stack:
            if graph.cycle is None:
                d = on_stack[cid]
                graph.cycle = (root, tuple(path[:d]), tuple(path[d:]) + (m,))
            if stop_at_cycle:
                break
        elif best[cid] >= best[sid]:
            best[sid] = best[cid] + 1
            best_next[sid] = (m, cid)
    graph.edges += edges
    graph.terminals += terminals


# ------------------------------------------------------- sampling units

_UNITS: dict[str, tuple[Callable[[Game, Any], bool], str]] = {}


def sample_unit(game_id: str, what: str):
    """Decorator: ``fn(game, state) -> bool``, true where a sampled game of this game stops.

    For a game whose random play runs very long (a match scored over many
    deals): every walked property and invariant then samples this unit, and
    says so (``what``: "a match up to its 8th deal", say). The unit's states
    are the game's own, so a counterexample still replays as a record.
    """
    def register(fn):
        _UNITS[game_id] = (fn, what)
        return fn
    return register


def unit_of(game_id: str) -> str | None:
    """What one sampled game of ``game_id`` is, when it is not a whole game."""
    unit = _UNITS.get(game_id)
    return unit[1] if unit is not None else None


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


#: the name of the rule set a property is given (the other rule sets are the game's presets, by name)
GIVEN_RULES = Msg("given rules")


def configurations_said(explored: Sequence[tuple[str, int]]) -> Msg:
    """The small configurations searched, a rule set with its player counts
    (``given rules: 2-8 players, voluntary_pass: 2-8 players``)."""
    counts: dict[str, list[int]] = {}
    for name, n in explored:
        counts.setdefault(name, []).append(n)
    return Msg.join(", ", (Msg("{rules}: {players} players", rules=name, players=number_ranges(ns))
                           for name, ns in counts.items()))


def variants_of(games: Sequence[Game]) -> list[tuple[str, list[Game]]]:
    """``games`` under their own rules, then under every named preset (when
    ``games`` use the default rules), at the player counts each preset allows."""
    out = [(GIVEN_RULES, list(games))]
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

@dataclass(frozen=True)
class Watch:
    """One property's checks on one random game, for :func:`walk_all`.

    ``step(trace, state)`` runs on every state and ``end(trace, state)`` on the
    last one; either raises ``trace.refute(...)``. For this check the game stops
    at its end, at a state with no move, after ``cap`` moves (default: the
    budget's ``max_plays``), with ``stop_at_repeat`` at the first position it
    has already checked (a stalled or looping game shows nothing new), or where
    ``stop(trace, state)`` is true (asked after ``step``).
    """

    step: Callable[[Trace, Any], None] | None = None
    end: Callable[[Trace, Any], None] | None = None
    cap: int | None = None
    stop_at_repeat: bool = False
    stop: Callable[[Trace, Any], bool] | None = None
    #: follow the game past its :func:`sample_unit` to its end (or the cap): a check of finished games
    whole_game: bool = False


def walk_all(game: Game, seed: int, watches: dict[Any, Watch], max_plays: int) -> dict[Any, Refuted]:
    """Play the random game of :func:`walk` once, checking every watch on it.

    Each watch sees exactly the states and the last state that a walk of its
    own would give it, so a check's verdict does not depend on the others: a
    refutation stops only the check that raised it. Returns the refutation of
    each check that failed. A game with a :func:`sample_unit` stops at the
    end of its unit.
    """
    failed: dict[Any, Refuted] = {}
    unit = _UNITS.get(game.info.id)
    ends = unit[0] if unit is not None else None
    active = [(k, w, w.cap if w.cap is not None else max_plays) for k, w in watches.items()]
    if not active:
        return failed
    trace = Trace(game, seed)
    rng = random.Random(seed)
    state = game.deal(seed)
    moves_so_far = trace.moves
    legal, apply, over = game.legal_moves, game.apply, game.is_over
    seen: set | None = set() if any(w.stop_at_repeat for _, w, _ in active) else None
    while True:
        _run("step", active, trace, state, failed)
        done = over(state)
        unit_done = not done and ends is not None and any(not w.whole_game for _, w, _ in active) \
            and ends(game, state)
        repeated = seen is not None and not done and _seen_before(seen, state)
        n = len(moves_so_far)
        moves = () if done else None
        ending, going = [], []
        for entry in active:
            k, w, cap = entry
            if k in failed:
                continue
            if done or n >= cap or (unit_done and not w.whole_game) or (w.stop_at_repeat and repeated) \
                    or (w.stop is not None and w.stop(trace, state)):
                ending.append(entry)
                continue
            if moves is None:
                moves = legal(state)
            (going if moves else ending).append(entry)
        _run("end", ending, trace, state, failed)
        if not going:
            return failed
        active = going
        move = moves[rng.randrange(len(moves))]
        moves_so_far.append(move)
        state = apply(state, move)


def _run(which: str, entries, trace: Trace, state, failed: dict) -> None:
    """Each watch's ``step`` or ``end`` check on ``state``; a refutation is kept, and stops only its check."""
    for k, w, _ in entries:
        check = getattr(w, which)
        if check is not None and k not in failed:
            try:
                check(trace, state)
            except Refuted as exc:
                failed[k] = exc


def _seen_before(seen: set, state) -> bool:
    """Whether the walk has been at ``state`` already (a state that cannot be hashed never repeats)."""
    try:
        if state in seen:
            return True
        seen.add(state)
    except TypeError:
        pass
    return False


#: ``start(game, seed, budget, notes) -> Watch``: a walked property's checks for one random
#: game; ``notes`` is a list for what the checks meet in this game (a witness, say).
Start = Callable[[Game, int, Budget, list], Watch]
#: ``finish(outcome, notes, games, budget) -> Outcome``: the verdict of a walked property whose
#: every game passed (``notes``: every game's notes, in the order of the sample).
Finish = Callable[[Outcome, list, Sequence[Game], Budget], Outcome]


@dataclass(frozen=True)
class Walked:
    """A property checked on random games, which the runner plays once for all such properties."""

    start: Start
    finish: Finish | None = None
    #: checks finished games: follows each game past the game's sampling unit, to its end or the cap
    whole_game: bool = False

    def watch(self, game: Game, seed: int, budget: Budget, notes: list) -> Watch:
        w = self.start(game, seed, budget, notes)
        return dataclasses.replace(w, whole_game=True) if self.whole_game else w

    def unit(self, game_id: str) -> str | None:
        """What one sampled game is, when it is not a whole game."""
        return None if self.whole_game else unit_of(game_id)

    def check(self, games: Sequence[Game], budget: Budget) -> Outcome:
        """The property alone: its own sample, shrunk by hypothesis when a game fails."""
        from verifier.sampling import sample, sampled
        notes: list = []

        def one(game, seed):
            mine: list = []  # each game's notes, kept in the order of the sample
            failed = walk_all(game, seed, {0: self.watch(game, seed, budget, mine)}, budget.max_plays)
            notes.extend(mine)
            if failed:
                raise failed[0]
        out = sample(games, budget, one)
        if out.verdict != HOLDS:
            return out
        out = sampled(games, out.examples or 0, budget.seed, self.unit(games[0].info.id))
        return self.finish(out, notes, games, budget) if self.finish is not None else out


def walked(game: str | type[Game], name: str, *, title: str, clauses: Sequence[str] = (),
           expected: Verdict = HOLDS, note: str = "", applies=None, finish: Finish | None = None,
           whole_game: bool = False, budget: dict[str, Any] | None = None, registry: Registry = REGISTRY,
           scope: Scope | None = None):
    """Register ``start(game, seed, budget, notes) -> Watch`` as a property checked on random play.

    The runner plays each sampled game once and checks every walked property
    (and every :func:`invariant`) on it, as a stateful test checks its
    invariants at every step; a property that fails there is run again alone,
    so that its counterexample is the one hypothesis shrinks to for it.
    ``whole_game``: the property checks finished games, so its games are
    followed past a :func:`sample_unit` to their end (its checks should be
    cheap: they see every move of a long match).
    """
    gid, book = _game_id(game)

    def register(start):
        spec = Walked(start, finish, whole_game)
        registry.add(Property(gid, name, title, tuple(clauses), "hypothesis", expected, spec.check, note, applies,
                              tuple((budget or {}).items()), shared=spec, scope=scope), book)
        start.property_name = name
        return start
    return register


def invariant_groups(games: Sequence[Game], presets: bool) -> list[tuple[str, list[Game]]]:
    """The rule sets an invariant is checked under: the given rules, then every preset if asked."""
    return variants_of(games) if presets else [(GIVEN_RULES, list(games))]


def per_group(budget: Budget, groups: int) -> int:
    """Random games an invariant plays under each of its rule sets."""
    return max(10, budget.examples // groups)


def invariant_watch(fn: Callable[[Game, Any], str | None], game: Game, name: str) -> Watch:
    """An invariant's check on one random game: every state, up to the first repeated position."""
    where = "" if name == GIVEN_RULES else Msg(" (preset {name})", name=name)

    def step(trace, state):
        msg = fn(game, state)
        if msg:
            raise trace.refute(Msg("{msg}{where}", msg=msg, where=where), state)
    return Watch(step=step, stop_at_repeat=True)


def invariant_outcome(game: str, budget: Budget, groups: int, explored: Sequence[tuple[str, int, int, bool]],
                      counts: Sequence[int] | None, shards: int = 1) -> Outcome:
    """An invariant's verdict when no state failed.

    ``explored``: (rule set, players, states, complete) of each small configuration
    searched; ``counts``: random games played under each rule set (``None``: not sampled).
    """
    states = sum(e[2] for e in explored)
    complete = all(e[3] for e in explored)
    labels = [f"{name}/{n}p" for name, n, _, _ in explored]   # the facts, for a reader of the cache
    notes: list = []
    facts: dict[str, Any] = {}
    if explored:
        shown = configurations_said([(name, n) for name, n, _, _ in explored])
        where = Msg("{configurations}; in {n} shards", configurations=shown, n=shards) if shards > 1 else shown
        notes.append(Msg("exhaustive over {states} states ({where})", states=states, where=where) if complete
                     else Msg("unfinished exhaustive search over {states} states ({where})", states=states,
                              where=where))
        facts.update(states=states, complete=complete, configurations=labels)
    if counts is None:
        if not explored:
            return Outcome(UNKNOWN, Msg("no small configuration to explore"), method="exhaustive", facts=facts)
        return Outcome(HOLDS if complete else UNKNOWN, Msg.join("; ", notes), method="exhaustive", facts=facts)
    count = sum(counts)
    unit = unit_of(game)
    sets = Msg(", {n} rule sets", n=groups) if groups > 1 else ""
    notes.append(Msg("sampled {n} random games ({unit}; seed {seed}{sets})", n=count, unit=unit, seed=budget.seed,
                     sets=sets) if unit else
                 Msg("sampled {n} random games (seed {seed}{sets})", n=count, seed=budget.seed, sets=sets))
    facts.update(games=count, seed=budget.seed, rule_sets=groups)
    method = "exhaustive" if explored and complete else "hypothesis"
    return Outcome(HOLDS, Msg.join("; ", notes), examples=count, seed=budget.seed, method=method, facts=facts)


def check_invariant(games: Sequence[Game], budget: Budget, fn: Callable[[Game, Any], str | None], *,
                    presets: bool = False, sample: bool = True) -> Outcome:
    """Run ``fn(game, state)`` over small configurations exhaustively, then
    over random games on full decks; the first message refutes."""
    from verifier.sampling import sample as run_sample
    groups = invariant_groups(games, presets)
    explored = []
    for name, objs in groups:
        for g in objs:
            roots = roots_for(g)
            if not roots:
                continue
            ex = explore(g, roots, max_states=budget.max_states, check=lambda s, g=g: fn(g, s), longest=False)
            if ex.failure is not None:
                return exhaustive_refutation(g, name, ex.failure)
            explored.append((name, g.players, ex.states, ex.complete))
    if not sample:
        return invariant_outcome(games[0].info.id, budget, len(groups), explored, None)
    per = per_group(budget, len(groups))
    counts = []
    for name, objs in groups:
        def one(g, seed, name=name):
            failed = walk_all(g, seed, {0: invariant_watch(fn, g, name)}, budget.max_plays)
            if failed:
                raise failed[0]
        out = run_sample(objs, dataclasses.replace(budget, examples=per), one)
        if out.verdict != HOLDS:
            return Outcome(out.verdict, out.detail, out.counterexample, out.examples, out.seed, method="hypothesis")
        counts.append(out.examples or 0)
    return invariant_outcome(games[0].info.id, budget, len(groups), explored, counts)


def exhaustive_refutation(game: Game, group: str, failure: tuple[Root, tuple, str]) -> Outcome:
    root, moves, msg = failure
    where = "" if group == GIVEN_RULES else Msg(" (preset {name})", name=group)
    return Outcome(REFUTED, Msg("exhaustive search{where}", where=where),
                   evidence(game, root, moves, f"{game.info.id}{where}, {game.players} players: {msg}"),
                   method="exhaustive")


@dataclass(frozen=True)
class Invariant:
    """An invariant's check, which the runner shares: one exploration of each small
    configuration and one random walk for all invariants of a game."""

    fn: Callable[[Game, Any], str | None]
    presets: bool = False
    sample: bool = True

    def check(self, games: Sequence[Game], budget: Budget) -> Outcome:
        return check_invariant(games, budget, self.fn, presets=self.presets, sample=self.sample)


def _game_id(game: str | type[Game]) -> tuple[str, Any]:
    if isinstance(game, str):
        return game, None
    return game.info.id, game.clause_book()


def invariant(game: str | type[Game], name: str, *, title: str, clauses: Sequence[str] = (),
              expected: Verdict = HOLDS, note: str = "", applies=None, presets: bool = False,
              budget: dict[str, Any] | None = None, registry: Registry = REGISTRY, scope: Scope | None = None):
    """Register ``fn(game, state) -> None | message`` as a property checked at every step.

    ``presets=True`` checks it under every named preset too.
    """
    gid, book = _game_id(game)

    def register(fn):
        spec = Invariant(fn, presets)
        registry.add(Property(gid, name, title, tuple(clauses), "hypothesis", expected, spec.check, note, applies,
                              tuple((budget or {}).items()), shared=spec, scope=scope), book)
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
        return Outcome(REFUTED, Msg("z3 found a counterexample"), claim.refute(solver.model()), method="z3")
    return Outcome(UNKNOWN, Msg("z3: {reason}", reason=solver.reason_unknown()), method="z3")


def fresh_solver(budget: Budget) -> z3.Solver:
    """A new solver with the budget's timeout: one per claim, nothing shared."""
    s = z3.Solver()
    s.set("timeout", int(budget.z3_timeout_ms))
    return s


def z3_claim(game: str | type[Game], name: str, *, title: str, clauses: Sequence[str] = (),
             expected: Verdict = HOLDS, note: str = "", applies=None, each: bool = True,
             budget: dict[str, Any] | None = None, registry: Registry = REGISTRY, scope: Scope | None = None):
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
                    detail = Msg("{n} players: {detail}", n=g.players, detail=out.detail) if len(targets) > 1 \
                        else out.detail
                    return Outcome(out.verdict, detail, out.counterexample, method="z3")
                if claim.proved not in proofs:
                    proofs.append(claim.proved)
            if not proofs:
                return Outcome(UNKNOWN, Msg("the claim says nothing about these rules"), method="z3")
            return Outcome(HOLDS, Msg("proved: {claims}", claims=Msg.join("; ", proofs)), method="z3")
        registry.add(Property(gid, name, title, tuple(clauses), "z3", expected, check, note, applies,
                              tuple((budget or {}).items()), scope=scope), book)
        fn.property_name = name
        return fn
    return register
