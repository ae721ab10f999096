"""Variant sweeps: the verifier over a whole space of house rules at once.

A *grid* is a product of rules options and player counts. Every point of the
product is one variant; the sweep checks every property that applies to it
and reports a matrix of verdicts, plus a summary of which options decide
each property ("holds exactly when turnover_order = flip and players 2-5").

Work is split into *tasks*: one per (point, property), and a splittable
property (an exhaustive search over many roots) into several shards, so one
big search also spreads over workers. Tasks run on a local process pool or
on a Dask cluster; both give the same results for the same seed, because a
task's result depends only on the task. Results are cached on disk, keyed by
a hash of the task and of the code, so an interrupted sweep resumes where it
stopped.

>>> grid = Grid.parse("sixty_one", vary=["turnover_order=flip,reverse"], players="4-5")
>>> [(p.rules, p.players) for p in grid.points()][:2]
[({'turnover_order': 'flip'}, 4), ({'turnover_order': 'flip'}, 5)]
"""

from __future__ import annotations

import csv
import dataclasses
import hashlib
import io
import itertools
import json
import os
import re
import tomllib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from spec.engine import write_atomic
from spec.errors import CardspecError, UnknownGame, VariantError, quote
from spec.games import get_game
from spec.rules import make_rules
from verifier.core import REFUTED, UNKNOWN, Budget, Property

__all__ = ["Grid", "Point", "Task", "run_task", "run_sweep", "summarize", "to_csv"]

#: Verdict precedence when shards of one property are merged.
_RANK = {"refuted": 0, "unknown": 1, "holds": 2}


# ------------------------------------------------------------------- grid

@dataclass(frozen=True)
class Point:
    """One variant of the grid: rules overrides and a player count."""

    rules: dict[str, Any]
    players: int

    def label(self) -> str:
        opts = ", ".join(f"{k}={v}" for k, v in self.rules.items())
        return f"{opts + '; ' if opts else ''}{self.players}p"


@dataclass(frozen=True)
class Grid:
    """A space of variants: ``vary`` maps rules fields to the values to try."""

    game: str
    vary: dict[str, tuple[Any, ...]]
    players: tuple[int, ...] = ()
    properties: tuple[str, ...] = ()
    skipped: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    @classmethod
    def parse(cls, game: str, *, vary: Sequence[str] = (), players: str | None = None,
              properties: Sequence[str] = ()) -> "Grid":
        """A grid from ``--vary field=v1,v2`` texts and a ``--players 2-12`` range."""
        gcls = _game_class(game)
        table: dict[str, tuple[Any, ...]] = {}
        for text in vary:
            name, sep, values = text.partition("=")
            if not sep or not name.strip() or not values.strip():
                raise CardspecError(f"--vary {quote(text)}: write it as field=v1,v2; fields: "
                                    + ", ".join(f.name for f in dataclasses.fields(gcls.Rules)))
            table[name.strip()] = tuple(_scalar(v.strip()) for v in values.split(","))
        return cls._checked(game, table, _players(players, gcls), tuple(properties), "--vary")

    @classmethod
    def load(cls, path: str) -> "Grid":
        """A grid file (TOML): ``game``, ``players`` (``"2-12"`` or a list),
        optional ``properties``, and a ``[vary]`` table of field = [values]."""
        try:
            with open(path, "rb") as fh:
                data = tomllib.loads(fh.read(1_000_001).decode("utf-8"))
        except OSError as exc:
            raise CardspecError(f"{path}: cannot read grid file ({exc.strerror})") from None
        except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise CardspecError(f"{path}: not a TOML grid file ({type(exc).__name__})") from None
        allowed = ("game", "players", "properties", "vary")
        for key in data:
            if key not in allowed:
                raise CardspecError(f"{path}: key {quote(key)}: unknown; allowed: {', '.join(allowed)}")
        game = data.get("game")
        if not isinstance(game, str):
            raise CardspecError(f"{path}: key 'game': missing or not text; allowed: a game id")
        gcls = _game_class(game, source=path)
        vary = data.get("vary", {})
        if not isinstance(vary, dict) or not all(isinstance(v, list) and v for v in vary.values()):
            raise CardspecError(f"{path}: key 'vary': a table of field = [value, ...]; allowed: "
                                + ", ".join(f.name for f in dataclasses.fields(gcls.Rules)))
        players = data.get("players")
        if isinstance(players, list):
            if not all(isinstance(n, int) and not isinstance(n, bool) for n in players):
                raise CardspecError(f"{path}: key 'players': a list of integers or a range like \"2-12\"")
            players = ",".join(map(str, players))
        elif players is not None and not isinstance(players, str):
            raise CardspecError(f"{path}: key 'players': a list of integers or a range like \"2-12\"")
        props = data.get("properties", [])
        if not isinstance(props, list) or not all(isinstance(p, str) for p in props):
            raise CardspecError(f"{path}: key 'properties': a list of property names")
        return cls._checked(game, {k: tuple(v) for k, v in vary.items()}, _players(players, gcls),
                            tuple(props), path)

    @classmethod
    def _checked(cls, game, table, players, props, source) -> "Grid":
        gcls = _game_class(game)
        fields = {f.name for f in dataclasses.fields(gcls.Rules)}
        for name in table:
            if name not in fields:
                raise CardspecError(f"{source}: rules field {quote(name)} is unknown; allowed: "
                                    + ", ".join(sorted(fields)))
        from verifier.core import REGISTRY
        from verifier.runner import load_properties
        load_properties()
        known = {p.name for p in REGISTRY.for_game(game)}
        for name in props:
            if name not in known:
                raise CardspecError(f"{source}: property {quote(name)} is not a property of {game}; allowed: "
                                    + ", ".join(sorted(known)))
        return cls(game, table, players, props)

    def points(self) -> list[Point]:
        """Every valid point; the invalid ones are kept in ``invalid()`` with the reason."""
        return [p for p, why in self._all() if why is None]

    def invalid(self) -> list[tuple[Point, str]]:
        return [(p, why) for p, why in self._all() if why is not None]

    def _all(self) -> list[tuple[Point, str | None]]:
        gcls = get_game(self.game)
        names = list(self.vary)
        out = []
        for values in itertools.product(*(self.vary[n] for n in names)):
            overrides = dict(zip(names, values))
            try:
                rules = make_rules(gcls.Rules, overrides)
            except VariantError as exc:
                for n in self.players or (None,):
                    out.append((Point(overrides, n or 0), f"rules: {exc}"))
                continue
            allowed = gcls(rules).player_range()
            counts = self.players or tuple(allowed)
            for n in counts:
                why = None if n in allowed else f"{n} players are not allowed with these rules " \
                                                f"({allowed.start}-{allowed.stop - 1})"
                if why is None:
                    why = _cannot_deal(gcls(rules, players=n))
                out.append((Point(overrides, n), why))
        return out


def _cannot_deal(game) -> str | None:
    """Why these rules cannot be played at this count, if the deal fails."""
    from spec.variants import Variant, check_playable
    try:
        check_playable(Variant(type(game), game.rules, "sweep point", players=game.players))
    except CardspecError as exc:
        return str(exc)
    return None


def _scalar(text: str) -> Any:
    """A ``--vary`` value: an integer, true/false, or text."""
    if re.fullmatch(r"[+-]?[0-9]{1,9}", text):
        return int(text)
    if text in ("true", "false"):
        return text == "true"
    return text


def _players(text: str | None, gcls) -> tuple[int, ...]:
    if text is None:
        return ()
    counts: list[int] = []
    for part in str(text).split(","):
        m = re.fullmatch(r"\s*([0-9]{1,3})\s*(?:-\s*([0-9]{1,3})\s*)?", part)
        if not m:
            raise CardspecError(f"--players {quote(text)}: write a count, a range like 2-12, or a list like 2,4,6; "
                                f"allowed: {gcls.info.min_players} to {gcls.info.max_players}")
        lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
        counts += range(lo, hi + 1)
    bad = [n for n in counts if not gcls.info.min_players <= n <= gcls.info.max_players]
    if bad or not counts:
        raise CardspecError(f"--players {quote(text)}: {bad[0] if bad else 'no'} players; allowed: "
                            f"{gcls.info.min_players} to {gcls.info.max_players}")
    return tuple(dict.fromkeys(counts))


def _game_class(game: str, source: str = ""):
    try:
        return get_game(game)
    except UnknownGame as exc:
        raise CardspecError(f"{source + ': ' if source else ''}{exc}") from None


# ------------------------------------------------------------------ tasks

@dataclass(frozen=True)
class Task:
    """One unit of work: a property at a point (and a shard of it, for splittable ones)."""

    game: str
    rules: dict[str, Any]
    players: int
    property: str
    budget: dict[str, Any]
    shard: tuple[int, int] = (0, 1)

    def key(self) -> str:
        """Cache key: the task and the code that runs it."""
        doc = json.dumps([dataclasses.asdict(self), code_fingerprint()], sort_keys=True, default=str)
        return hashlib.sha256(doc.encode()).hexdigest()[:32]


@cache
def code_fingerprint() -> str:
    """A hash of every rules and verifier source file: a change of code invalidates cached results."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    h = hashlib.sha256()
    for pkg in ("spec", "verifier"):
        for root, dirs, files in sorted(os.walk(os.path.join(here, pkg))):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(".py"):
                    with open(os.path.join(root, name), "rb") as fh:
                        h.update(name.encode() + fh.read())
    return h.hexdigest()[:16]


def run_task(task: Task) -> dict:
    """Check one task; returns the result as ``verify --json`` does, plus the point and shard."""
    from verifier.core import REGISTRY, run_property
    from verifier.runner import load_properties
    load_properties()
    cls = get_game(task.game)
    game = cls(make_rules(cls.Rules, task.rules), players=task.players)
    prop = REGISTRY.get(task.game, task.property)
    budget = Budget(**{**task.budget, "shard": task.shard})
    out = run_property(prop, [game], budget).to_json()
    out["point"] = {"rules": task.rules, "players": task.players}
    out["shard"] = list(task.shard)
    return out


def tasks_for(grid: Grid, budget: Budget, split: int = 1) -> list[Task]:
    """Every task of the grid: each applicable property at each valid point."""
    from verifier.core import REGISTRY
    from verifier.runner import load_properties
    load_properties()
    cls = get_game(grid.game)
    props: list[Property] = REGISTRY.for_game(grid.game)
    if grid.properties:
        props = [p for p in props if p.name in grid.properties]
    plain = {k: v for k, v in dataclasses.asdict(budget).items() if k != "shard"}
    tasks = []
    for point in grid.points():
        game = cls(make_rules(cls.Rules, point.rules), players=point.players)
        for prop in props:
            if prop.applies is not None and not prop.applies([game]):
                continue
            n = split if prop.splits else 1
            tasks += [Task(grid.game, point.rules, point.players, prop.name, plain, (i, n)) for i in range(n)]
    return tasks


def merge_shards(results: Sequence[dict]) -> dict:
    """One result from the shards of a property at a point: the worst verdict, the work added up."""
    results = sorted(results, key=lambda r: r["shard"][0])
    if len(results) == 1:
        out = dict(results[0])
        out.pop("shard", None)
        return out
    worst = min(results, key=lambda r: (_RANK[r["verdict"]], r["shard"][0]))
    out = {k: v for k, v in worst.items() if k != "shard"}
    out["seconds"] = round(sum(r["seconds"] for r in results), 4)
    out["examples"] = sum(r["examples"] or 0 for r in results) or None
    out["detail"] = f"{len(results)} shards: " + " | ".join(r["detail"] for r in results)
    return out


# ------------------------------------------------------------------- run

class Cache:
    """Finished task results on disk, one small JSON file per task."""

    def __init__(self, folder: str | None):
        self.folder = folder
        if folder:
            try:
                os.makedirs(folder, exist_ok=True)
            except OSError as exc:
                raise CardspecError(f"--cache {folder}: cannot create the folder ({exc.strerror})") from None

    def get(self, task: Task) -> dict | None:
        if not self.folder:
            return None
        path = os.path.join(self.folder, task.key() + ".json")
        try:
            with open(path, encoding="utf-8") as fh:
                return json.load(fh)
        except (OSError, ValueError):
            return None  # missing, or a file cut short: the task is run again

    def put(self, task: Task, result: dict) -> None:
        if self.folder:
            write_atomic(os.path.join(self.folder, task.key() + ".json"), json.dumps(result, ensure_ascii=False))


def run_sweep(grid: Grid, budget: Budget = Budget(), *, workers: int | None = None, scheduler: str | None = None,
              cache_dir: str | None = None, split: int = 1,
              progress: Callable[[int, int], None] | None = None) -> dict:
    """Run every task of the grid (cached ones are read back) and return the sweep document."""
    tasks = tasks_for(grid, budget, split)
    cache = Cache(cache_dir)
    done: dict[int, dict] = {}
    todo = []
    for i, t in enumerate(tasks):
        hit = cache.get(t)
        if hit is not None:
            done[i] = hit
        else:
            todo.append(i)
    resumed = len(done)
    if progress:
        progress(len(done), len(tasks))
    for i, result in _execute(tasks, todo, workers, scheduler):
        cache.put(tasks[i], result)
        done[i] = result
        if progress:
            progress(len(done), len(tasks))
    grouped: dict[tuple, list[dict]] = {}
    for i, t in enumerate(tasks):
        grouped.setdefault((json.dumps(t.rules, sort_keys=True), t.players, t.property), []).append(done[i])
    results = [merge_shards(rs) for rs in grouped.values()]
    return {"game": grid.game, "vary": {k: list(v) for k, v in grid.vary.items()},
            "players": list(grid.players), "budget": {k: v for k, v in dataclasses.asdict(budget).items()
                                                      if k != "shard"},
            "split": split, "tasks": len(tasks), "resumed": resumed,
            "skipped": [{"point": {"rules": p.rules, "players": p.players}, "reason": why}
                        for p, why in grid.invalid()],
            "results": results, "summary": summarize(results, list(grid.vary))}


def _execute(tasks: list[Task], todo: list[int], workers: int | None,
             scheduler: str | None) -> Iterable[tuple[int, dict]]:
    """Run ``tasks[i]`` for each ``i`` in ``todo``; yield ``(i, result)`` as each finishes."""
    if not todo:
        return
    if scheduler:
        try:
            from dask.distributed import Client, as_completed
        except ImportError:
            raise CardspecError("--scheduler needs Dask: pip install 'cardspec[dask]'") from None
        try:
            client = Client(scheduler, timeout="10s")
        except (OSError, TimeoutError, ValueError) as exc:
            raise CardspecError(f"--scheduler {quote(scheduler)}: cannot connect ({type(exc).__name__})") from None
        try:
            futures = {client.submit(run_task, tasks[i], pure=False): i for i in todo}
            for fut in as_completed(futures):
                yield futures[fut], fut.result()
        finally:
            client.close()
        return
    n = workers or os.cpu_count() or 1
    if n == 1:
        for i in todo:
            yield i, run_task(tasks[i])
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed as done_first
    with ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = {pool.submit(run_task, tasks[i]): i for i in todo}
        for fut in done_first(futures):
            yield futures[fut], fut.result()


# --------------------------------------------------------------- summary

_PER_COUNT = re.compile(r"^(.*)_(\d+)p$")


def family(name: str) -> str:
    """``terminates_5p`` and its siblings form the family ``terminates_Np``."""
    m = _PER_COUNT.match(name)
    return f"{m.group(1)}_Np" if m else name


def _show(value: Any) -> str:
    """An option's value as a variant file writes it (``true``, ``flip``, ``3``)."""
    return json.dumps(value) if isinstance(value, bool) or value is None else str(value)


def _ranges(counts: Sequence[int]) -> str:
    counts = sorted(counts)
    parts, start = [], counts[0]
    for a, b in zip(counts, counts[1:] + [None]):
        if b != a + 1:
            parts.append(str(start) if start == a else f"{start}-{a}")
            start = b
    return ", ".join(parts)


def summarize(results: Sequence[dict], fields: Sequence[str]) -> dict[str, str]:
    """For each property (families of per-count properties together), which options decide it.

    "holds everywhere", or "holds exactly when A = x and players 2-5 (or ...)",
    with the points left unknown named apart.
    """
    by_family: dict[str, list[dict]] = {}
    for r in results:
        by_family.setdefault(family(r["property"]), []).append(r)
    out = {}
    for fam, rs in sorted(by_family.items()):
        verdicts = {r["verdict"] for r in rs}
        unknown = [r for r in rs if r["verdict"] == UNKNOWN]
        tail = f"; unknown at {len(unknown)} of {len(rs)} points" if unknown else ""
        if verdicts == {"holds"}:
            out[fam] = f"holds at all {len(rs)} points"
            continue
        if verdicts <= {REFUTED, UNKNOWN} and REFUTED in verdicts:
            out[fam] = f"refuted at every point where it was settled{tail}"
            continue
        if verdicts == {UNKNOWN}:
            out[fam] = f"unknown at all {len(rs)} points"
            continue
        relevant = [f for f in fields if _matters(rs, f)]
        combos: dict[tuple, list[int]] = {}
        for r in rs:
            if r["verdict"] == "holds":
                key = tuple((f, r["point"]["rules"].get(f)) for f in relevant)
                combos.setdefault(key, set()).add(r["point"]["players"])
        all_counts = sorted({r["point"]["players"] for r in rs})
        values = {f: {json.dumps(r["point"]["rules"].get(f)) for r in rs} for f in relevant}
        merged = _merge({tuple(sorted(k)): tuple(sorted(v)) for k, v in combos.items()}, values)
        clauses = []
        for key, counts in sorted(merged.items(), key=lambda kv: str(kv[0])):
            parts = [f"{f} = {_show(v)}" for f, v in key]
            if list(counts) != all_counts:
                parts.append(f"players {_ranges(counts)}" if len(counts) > 1 else f"{counts[0]} players")
            clauses.append(" and ".join(parts) or "always")
        out[fam] = "holds exactly when " + " or ".join(
            f"({c})" if " and " in c and len(clauses) > 1 else c for c in clauses) + tail
    return out


def _merge(combos: dict[tuple, tuple], values: dict[str, set]) -> dict[tuple, tuple]:
    """Drop a field from the conditions wherever every value of it holds at the same player counts."""
    changed = True
    while changed:
        changed = False
        for f in values:
            groups: dict[tuple, list] = {}
            for key, counts in combos.items():
                if any(k == f for k, _ in key):
                    rest = tuple((k, v) for k, v in key if k != f)
                    groups.setdefault((rest, counts), []).append(json.dumps(dict(key)[f]))
            for (rest, counts), seen in groups.items():
                if set(seen) == values[f]:
                    combos = {k: c for k, c in combos.items()
                              if not (c == counts and tuple((a, b) for a, b in k if a != f) == rest)}
                    combos[rest] = counts
                    changed = True
                    break
            if changed:
                break
    return combos


def _matters(rs: Sequence[dict], name: str) -> bool:
    """Whether changing ``name`` alone ever changes the verdict."""
    seen: dict[tuple, set] = {}
    for r in rs:
        rules = r["point"]["rules"]
        rest = (tuple(sorted((k, json.dumps(v)) for k, v in rules.items() if k != name)), r["point"]["players"],
                r["property"])
        seen.setdefault(rest, set()).add(r["verdict"])
    return any(len(v) > 1 for v in seen.values())


# ----------------------------------------------------------------- output

def to_csv(doc: dict) -> str:
    """One row per point and property."""
    buf = io.StringIO()
    fields = list(doc["vary"])
    w = csv.writer(buf)
    w.writerow(fields + ["players", "property", "verdict", "expected", "method", "seconds", "detail"])
    for r in doc["results"]:
        w.writerow([json.dumps(r["point"]["rules"].get(f)) if not isinstance(r["point"]["rules"].get(f), str)
                    else r["point"]["rules"].get(f) for f in fields]
                   + [r["point"]["players"], r["property"], r["verdict"], r["expected"], r["method"],
                      r["seconds"], r["detail"]])
    return buf.getvalue()
