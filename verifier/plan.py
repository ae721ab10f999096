"""How the runner shares and spreads the work of checking properties.

A *job* is a set of properties of one game under one set of rules, at some
player counts, with one budget. The plan turns jobs into *tasks*:

``walk``
    the sampled random games of one (rules, player counts, budget), played
    once; every walked property and every invariant sampled on them is
    checked at every step (:func:`verifier.api.walk_all`). A big sample is
    split into shards by the index of the game in the sample: hypothesis
    draws the same games in every shard, and each shard plays its share.
``explore``
    every reachable state of the small configurations of one game object,
    visited once, with every invariant checked at every state (split by
    root only when asked: ``split``).
``alone``
    any other property (z3 claims, searches, custom checks), run alone.

A task depends only on itself, never on the number of workers, so the
results are the same on 1 worker, on a process pool and on Dask. A property
that fails in a shared task is run again alone: its refutation is exactly the
one its own run gives (the same hypothesis shrinking, the same first failing
state of the search). Results are cached per property (:mod:`verifier.cache`).
"""

from __future__ import annotations

import dataclasses
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from spec.engine import Game
from spec.errors import CardspecError, quote
from spec.games import get_game
from spec.rules import make_rules, rules_overrides
from verifier.core import REGISTRY, Budget, Property, Result, effective_budget, finished, run_property

__all__ = ["Job", "Task", "run_jobs", "run_task", "execute"]


# ------------------------------------------------------------------- jobs

@dataclass(frozen=True)
class GameSet:
    """Game objects as plain data (a worker builds them again): one game's rules at some player counts."""

    game: str
    rules: str                   # the rules overrides, as sorted JSON
    players: tuple[int, ...]

    @classmethod
    def of(cls, games: Sequence[Game]) -> "GameSet":
        return cls(games[0].info.id, json.dumps(rules_overrides(games[0].rules), sort_keys=True),
                   tuple(g.players for g in games))

    def build(self) -> list[Game]:
        cls = get_game(self.game)
        rules = make_rules(cls.Rules, json.loads(self.rules))
        return [cls(rules, players=n) for n in self.players]


@dataclass(frozen=True)
class Job:
    """Properties of one game (``None``: all that apply) on game objects, with a budget."""

    games: GameSet
    budget: Budget
    properties: tuple[str, ...] | None = None

    @classmethod
    def of(cls, games: Sequence[Game], budget: Budget, only: Iterable[str] | None = None) -> "Job":
        return cls(GameSet.of(games), budget, tuple(only) if only is not None else None)

    def props(self, games: Sequence[Game]) -> list[Property]:
        from verifier.runner import load_properties
        load_properties()
        props = REGISTRY.for_game(self.games.game)
        if self.properties is not None:
            wanted = set(self.properties)
            unknown = wanted - {p.name for p in props}
            if unknown:
                raise CardspecError(f"--only {sorted(unknown)[0]}: no such property of {self.games.game}; "
                                    f"allowed: {', '.join(p.name for p in props)}")
            props = [p for p in props if p.name in wanted]
        return [p for p in props if p.applies is None or p.applies(games)]


# ------------------------------------------------------------------ tasks

@dataclass(frozen=True)
class Task:
    """One unit of work for a worker (see the module's docstring)."""

    kind: str                    # "walk", "explore" or "alone"
    games: GameSet
    budget: Budget
    members: tuple[str, ...]     # the properties it checks
    shard: tuple[int, int] = (0, 1)

    def label(self) -> str:
        shard = f" {self.shard[0] + 1}/{self.shard[1]}" if self.shard[1] > 1 else ""
        return f"{self.games.game} {self.kind}{shard}"


def run_task(task: Task) -> dict[str, Any]:
    """Do one task (in a worker, or here); its result as plain data."""
    from verifier.runner import load_properties
    load_properties()
    start = time.perf_counter()
    if task.kind == "alone":
        games = task.games.build()
        result = run_property(REGISTRY.get(task.games.game, task.members[0]), games, task.budget)
        out: dict[str, Any] = {"outcome": result.outcome_json()}
    elif task.kind == "walk":
        out = _run_walk(task)
    else:
        out = _run_explore(task)
    out["seconds"] = time.perf_counter() - start
    return out


def _run_walk(task: Task) -> dict[str, Any]:
    from verifier.api import Walked, invariant_watch, walk_all
    from verifier.sampling import sample
    games = task.games.build()
    props = [REGISTRY.get(task.games.game, name) for name in task.members]
    part, parts = task.shard
    failed: set[str] = set()
    notes: dict[str, list] = {p.name: [] for p in props if isinstance(p.shared, Walked)}
    index = [0]

    def one(game, seed):
        i = index[0]
        index[0] += 1
        if i % parts != part:
            return  # another shard plays this game
        mine: dict[str, list] = {}
        watches = {}
        for p in props:
            if p.name in failed:
                continue
            if isinstance(p.shared, Walked):
                mine[p.name] = []
                watches[p.name] = p.shared.watch(game, seed, task.budget, mine[p.name])
            else:
                watches[p.name] = invariant_watch(p.shared.fn, game, "")
        bad = walk_all(game, seed, watches, task.budget.max_plays)
        failed.update(bad)
        for name, items in mine.items():
            notes[name] += [(i, item) for item in items]
    out = sample(games, task.budget, one)
    return {"count": out.examples or 0, "failed": sorted(failed), "notes": notes}


def _run_explore(task: Task) -> dict[str, Any]:
    from verifier.api import explore, roots_for
    game = task.games.build()[0]
    part, parts = task.shard
    roots = roots_for(game)
    mine = roots[part::parts]
    if not mine:
        return {"roots": len(roots), "states": 0, "complete": True, "failed": []}
    fns = {name: REGISTRY.get(task.games.game, name).shared.fn for name in task.members}
    checks = {name: (lambda s, fn=fn: fn(game, s)) for name, fn in fns.items()}
    ex = explore(game, mine, max_states=task.budget.max_states, checks=checks, longest=False)
    return {"roots": len(roots), "states": ex.states, "complete": ex.complete, "failed": sorted(ex.failures)}


# ------------------------------------------------------------------- plan

@dataclass
class _Want:
    """One property still to be computed, and where its shared parts run."""

    job: int
    pos: int                     # the property's place among the job's results
    prop: Property
    games: list[Game]
    budget: Budget               # the property's own budget
    key: str | None              # its cache key
    given: list[Game]            # the job's game objects (``games``: those the property checks, if it adapts them)
    explores: list[tuple[str, tuple]] = dataclasses.field(default_factory=list)     # (rule set, search key)
    walks: list[tuple[str, tuple]] = dataclasses.field(default_factory=list)        # (rule set, walk key)


class Plan:
    """The tasks of some jobs, what each property needs of them, and the results as they arrive."""

    def __init__(self, wants: list[_Want], walk_shards: int, split: int):
        from verifier.api import Invariant, Walked, invariant_groups, per_group
        self.wants = wants
        self.tasks: list[Task] = []
        self.results: dict[int, dict] = {}
        walk_members: dict[tuple, list[str]] = {}
        explore_members: dict[tuple, list[str]] = {}
        for w in wants:
            shared = w.prop.shared
            if not w.games:
                continue  # adapted to nothing: the property's own check says what that means
            if isinstance(shared, Walked):
                k = (GameSet.of(w.games), w.budget)
                walk_members.setdefault(k, []).append(w.prop.name)
                w.walks.append(("", k))
            elif isinstance(shared, Invariant):
                groups = invariant_groups(w.games, shared.presets)
                per = per_group(w.budget, len(groups))
                for name, objs in groups:
                    for g in objs:
                        k = (GameSet.of([g]), Budget(max_states=w.budget.max_states))  # all a search reads
                        explore_members.setdefault(k, []).append(w.prop.name)
                        w.explores.append((name, k))
                    if shared.sample:
                        k = (GameSet.of(objs), dataclasses.replace(w.budget, examples=per))
                        walk_members.setdefault(k, []).append(w.prop.name)
                        w.walks.append((name, k))
        self._alone_task: dict[int, int] = {}
        for w in wants:
            if w.prop.shared is None or not w.games:
                self._alone_task[id(w)] = self._new(Task("alone", GameSet.of(w.given), w.budget,
                                                         (w.prop.name,)))
        self._parts: dict[tuple, list[int]] = {}
        for (gs, budget), members in explore_members.items():
            self._add(("explore", gs, budget), "explore", gs, budget, members, split)
        for (gs, budget), members in walk_members.items():
            self._add(("walk", gs, budget), "walk", gs, budget, members, walk_shards)
        # the tasks each property still waits for, and the properties each task finishes
        self._needs: dict[int, set[int]] = {}
        self._by_task: dict[int, list[_Want]] = {}
        for w in wants:
            need = {self._alone_task[id(w)]} if id(w) in self._alone_task else \
                {i for _, key in w.walks for i in self._parts[("walk",) + key]} | \
                {i for _, key in w.explores for i in self._parts[("explore",) + key]}
            self._needs[id(w)] = need
            for i in need:
                self._by_task.setdefault(i, []).append(w)

    def _new(self, task: Task) -> int:
        self.tasks.append(task)
        return len(self.tasks) - 1

    def _add(self, key, kind, gs, budget, members, shards) -> None:
        self._parts[key] = [self._new(Task(kind, gs, budget, tuple(dict.fromkeys(members)), (i, shards)))
                            for i in range(shards)]

    def failed_shared(self, i: int) -> list[_Want]:
        """The properties a finished shared task saw fail (they are run again alone)."""
        task, res = self.tasks[i], self.results[i]
        if task.kind == "alone" or not res["failed"]:
            return []
        bad = set(res["failed"])
        return [w for w in self.wants if w.prop.name in bad and id(w) not in self._alone_task
                and any(i in self._parts.get((task.kind,) + key, ()) for _, key in
                        (w.walks if task.kind == "walk" else w.explores))]

    def rerun(self, w: _Want) -> int:
        """Schedule a property alone (after it failed in a shared task)."""
        i = self._new(Task("alone", GameSet.of(w.given), w.budget, (w.prop.name,)))
        self._alone_task[id(w)] = i
        self._needs[id(w)] = {i}
        self._by_task[i] = [w]
        return i

    def completed(self, i: int) -> list[_Want]:
        """The properties whose last task was task ``i`` (their results can be read now)."""
        out = []
        for w in self._by_task.get(i, ()):
            need = self._needs[id(w)]
            if i in need:
                need.discard(i)
                if not need:
                    out.append(w)
        return out

    def result(self, w: _Want) -> Result:
        """The property's result, once every task it needs has finished."""
        from verifier.api import invariant_outcome
        from verifier.sampling import sampled
        game = w.given[0].info.id
        if id(w) in self._alone_task:
            out = self.results[self._alone_task[id(w)]]
            return dataclasses.replace(Result.from_outcome_json(game, w.prop, out["outcome"], w.games), cached=False)
        seconds = 0.0
        walks = []
        for name, key in w.walks:
            parts = [self.results[i] for i in self._parts[("walk",) + key]]
            seconds += sum(r["seconds"] / len(self.tasks[i].members) for i, r in
                           zip(self._parts[("walk",) + key], parts))
            notes = sorted((n for r in parts for n in r["notes"].get(w.prop.name, ())), key=lambda n: n[0])
            walks.append((name, parts[0]["count"], [item for _, item in notes]))
        explored = []
        for name, key in w.explores:
            idx = self._parts[("explore",) + key]
            parts = [self.results[i] for i in idx]
            seconds += sum(r["seconds"] / len(self.tasks[i].members) for i, r in zip(idx, parts))
            if parts[0]["roots"]:
                g = key[0]
                explored.append((name, g.players[0], sum(r["states"] for r in parts), all(r["complete"] for r in parts)))
        shared = w.prop.shared
        if hasattr(shared, "start"):   # walked
            _, count, notes = walks[0]
            out = sampled(w.games, count, w.budget.seed, shared.unit(game))
            if shared.finish is not None:
                out = shared.finish(out, notes, w.games, w.budget)
        else:
            from verifier.api import invariant_groups
            groups = len(invariant_groups(w.games, shared.presets))
            shards = max((len(self._parts[("explore",) + key]) for _, key in w.explores), default=1)
            out = invariant_outcome(game, w.budget, groups, explored, [c for _, c, _ in walks] if shared.sample else None,
                                    shards)
        return finished(w.prop, game, out, seconds, w.games)


# ---------------------------------------------------------------- running

def run_jobs(jobs: Sequence[Job], *, workers: int | None = 1, scheduler: str | None = None,
             cache=None, split: int = 1,
             progress: Callable[[int, int, str], None] | None = None) -> list[list[Result]]:
    """Every job's results (in the order of its properties), from the cache or computed.

    ``workers``: local processes (``1``: here, in this process, which is what a
    test that breaks a rule needs; ``None``: every core); ``scheduler``: a Dask
    scheduler address instead; ``cache``: a :class:`~verifier.cache.ResultCache`;
    ``progress(done, total, label)``: after each task, the properties finished so far.
    """
    from verifier.cache import result_key
    out: list[list[Result | None]] = []
    wants: list[_Want] = []
    for j, job in enumerate(jobs):
        games = job.games.build()
        props = job.props(games)
        row: list[Result | None] = []
        for pos, p in enumerate(props):
            budget = effective_budget(p, job.budget)
            checked = p.adapt(games) if p.adapt is not None else games
            key = result_key(job.games.game, job.games.rules, job.games.players, p.name, budget) \
                if cache is not None else None
            hit = cache.get(key, job.games.game, p, checked) if cache is not None else None
            row.append(hit)
            if hit is None:
                wants.append(_Want(j, pos, p, checked, budget, key, games))
        out.append(row)
    n = workers if workers is not None else (os.cpu_count() or 1)
    plan = Plan(wants, walk_shards=max(1, min(n, 8)) if not scheduler else 4, split=split)
    total = sum(len(row) for row in out)
    done = total - len(wants)
    if progress:
        progress(done, total, "")
    for i, _ in (execute(plan, workers=n, scheduler=scheduler) if plan.tasks else ()):
        for w in plan.completed(i):
            r = plan.result(w)
            if cache is not None:
                cache.put(w.key, r)  # at once: an interrupted run resumes from what it finished
            out[w.job][w.pos] = r
            done += 1
        if progress:
            progress(done, total, plan.tasks[i].label())
    return [list(row) for row in out]  # type: ignore[arg-type]


def _order(plan: Plan, todo: list[int]) -> list[int]:
    """The likely biggest tasks first, so that no long one starts last: shared walks and searches,
    then the properties alone by method (searches of every state and sampled play before witness
    hunts and z3 proofs, which mostly take milliseconds); the plan's order within each."""
    rank = {"walk": 0, "explore": 1, "alone": 2}
    method = {"exhaustive": 0, "hypothesis": 1, "search": 2, "z3": 3}

    def key(i: int) -> tuple:
        t = plan.tasks[i]
        m = REGISTRY.get(t.games.game, t.members[0]).method if t.kind == "alone" else "exhaustive"
        return rank[t.kind], method.get(m, 1), i
    return sorted(todo, key=key)


def execute(plan: Plan, *, workers: int = 1, scheduler: str | None = None) -> Iterator[tuple[int, dict]]:
    """Run the plan's tasks, and the reruns its shared tasks call for; yield ``(i, result)`` as each ends."""
    todo = _order(plan, list(range(len(plan.tasks))))
    if not todo:
        return
    if scheduler:
        yield from _on_dask(plan, todo, scheduler)
        return
    if workers <= 1:
        queue = list(todo)
        while queue:
            i = queue.pop(0)
            plan.results[i] = run_task(plan.tasks[i])
            queue += [plan.rerun(w) for w in plan.failed_shared(i)]
            yield i, plan.results[i]
        return
    yield from _on_pool(plan, todo, workers)


def _on_pool(plan: Plan, todo: list[int], workers: int) -> Iterator[tuple[int, dict]]:
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
    running: dict = {}
    try:
        # submitting starts the workers: an interrupt while they start must stop them too, so this is
        # inside the try (a ``with`` block would wait for every submitted task on its way out)
        for i in todo:
            running[pool.submit(run_task, plan.tasks[i])] = i
        while running:
            finished_, _ = wait(running, return_when=FIRST_COMPLETED)
            for fut in finished_:
                i = running.pop(fut)
                plan.results[i] = fut.result()
                for w in plan.failed_shared(i):
                    j = plan.rerun(w)
                    running[pool.submit(run_task, plan.tasks[j])] = j
                yield i, plan.results[i]
    except BaseException:
        # interrupted (Ctrl-C, SIGTERM) or failed: stop the workers now rather than let them finish;
        # every result already written to the cache is a whole entry
        for fut in running:
            fut.cancel()
        for proc in list((getattr(pool, "_processes", None) or {}).values()):
            proc.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)


#: how long the handshake with a Dask scheduler may take
CONNECT_SECONDS = 20


def _connect(Client, scheduler: str):
    """A client of the scheduler, or one error line: the handshake has a deadline (an address that
    accepts a connection and never answers, or an HTTP server, must not hang), and the other end
    must answer as a Dask scheduler."""
    import concurrent.futures
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    attempt = pool.submit(Client, scheduler, timeout=f"{CONNECT_SECONDS // 2}s")
    pool.shutdown(wait=False)
    try:
        client = attempt.result(timeout=CONNECT_SECONDS)
    except concurrent.futures.TimeoutError:
        raise CardspecError(f"--scheduler {quote(scheduler)}: no answer in {CONNECT_SECONDS} s; allowed: the "
                            "address of a running Dask scheduler (tcp://host:port)") from None
    except Exception as exc:  # noqa: BLE001 - whatever answered, it is not a scheduler we can use
        raise CardspecError(f"--scheduler {quote(scheduler)}: cannot connect ({type(exc).__name__}); allowed: "
                            "the address of a running Dask scheduler (tcp://host:port)") from None
    try:
        client.scheduler_info()
    except Exception as exc:  # noqa: BLE001
        client.close()
        raise CardspecError(f"--scheduler {quote(scheduler)}: the other end is not a Dask scheduler "
                            f"({type(exc).__name__})") from None
    return client


def _on_dask(plan: Plan, todo: list[int], scheduler: str) -> Iterator[tuple[int, dict]]:
    try:
        from dask.distributed import Client, as_completed
    except ImportError:
        raise CardspecError("--scheduler needs Dask: pip install 'cardspec[dask]'") from None
    client = _connect(Client, scheduler)
    try:
        futures = {client.submit(run_task, plan.tasks[i], pure=False): i for i in todo}
        pending = as_completed(list(futures))
        for fut in pending:
            i = futures[fut]
            plan.results[i] = fut.result()
            for w in plan.failed_shared(i):
                j = plan.rerun(w)
                new = client.submit(run_task, plan.tasks[j], pure=False)
                futures[new] = j
                pending.add(new)
            yield i, plan.results[i]
    finally:
        client.close()
