"""Variant sweeps: the verifier over a whole space of house rules at once.

A *grid* is a product of rules options and player counts. Every point of the
product is one variant; the sweep checks every property that applies to it
and reports a matrix of verdicts, plus a summary of which options decide
each property ("holds exactly when turnover_order = flip and players 2-5").

The work of every point is planned as ``cardspec verify`` plans it
(:mod:`verifier.plan`): the invariants of a point share one random walk and
one search of its small configurations, a big search can be split into
shards (``split``), and the tasks run on a local process pool or on a Dask
cluster; both give the same results for the same seed, because a task's
result depends only on the task. Every result goes into the result cache
(:mod:`verifier.cache`) as soon as it is known, so an interrupted sweep
resumes where it stopped.

>>> grid = Grid.parse("sixty_one", vary=["turnover_order=flip,reverse"], players="4-5")
>>> [(p.rules, p.players) for p in grid.points()][:2]
[({'turnover_order': 'flip'}, 4), ({'turnover_order': 'flip'}, 5)]
"""

from __future__ import annotations

import csv
import dataclasses
import io
import itertools
import json
import re
import tomllib
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from spec.errors import CardspecError, UnknownGame, VariantError, quote
from spec.games import get_game
from spec.rules import make_rules
from spec.i18n import N_
from verifier.core import ALMOST_SURELY, HOLDS, REFUTED, UNKNOWN, VERDICTS, Budget, number_ranges

__all__ = ["Grid", "Point", "run_sweep", "summarize", "to_csv"]


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
    #: the points, when the grid lists them rather than taking the product of ``vary`` and
    #: ``players`` (a game's declared space, :mod:`verifier.space`): each the sorted (field, value)
    #: overrides and the player counts to check them at
    listed: tuple[tuple[tuple[tuple[str, Any], ...], tuple[int, ...]], ...] = ()

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
            textual = _textual(gcls.Rules, name.strip())
            table[name.strip()] = tuple(v.strip() if textual else _scalar(v.strip()) for v in values.split(","))
        return cls._checked(game, table, _players(players, gcls), tuple(properties), "--vary")

    @classmethod
    def load(cls, path: str) -> "Grid":
        """A grid file (TOML): ``game``, ``players`` (``"2-12"`` or a list),
        optional ``properties``, and a ``[vary]`` table of field = [values]."""
        from spec.files import check_text, read_user_file
        text = check_text(read_user_file(path, what="grid file", limit=1_000_000), path, toml=True)
        try:
            data = tomllib.loads(text)
        except (tomllib.TOMLDecodeError, RecursionError) as exc:
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

    def size(self) -> int:
        """How many points the grid has at most, counted without listing them."""
        import math
        if self.listed:
            return sum(len(counts) or 1 for _, counts in self.listed)
        gcls = get_game(self.game)
        counts = len(self.players) or gcls.info.max_players - gcls.info.min_players + 1
        return math.prod(len(v) for v in self.vary.values()) * counts

    def points(self) -> list[Point]:
        """Every valid point; the invalid ones are kept in ``invalid()`` with the reason."""
        return [p for p, why in self._all() if why is None]

    def invalid(self) -> list[tuple[Point, str]]:
        return [(p, why) for p, why in self._all() if why is not None]

    def _all(self) -> list[tuple[Point, str | None]]:
        gcls = get_game(self.game)
        names = list(self.vary)
        out = []
        chosen = ([(dict(p), counts) for p, counts in self.listed] if self.listed
                  else [(dict(zip(names, values)), self.players)
                        for values in itertools.product(*(self.vary[n] for n in names))])
        for overrides, wanted in chosen:
            try:
                rules = make_rules(gcls.Rules, overrides)
            except VariantError as exc:
                for n in wanted or (None,):
                    out.append((Point(overrides, n or 0), f"rules: {exc}"))
                continue
            allowed = _allowed(gcls, rules)
            counts = wanted or tuple(allowed)
            for n in counts:
                why = None if n in allowed else f"{n} players are not allowed with these rules ({_counts(allowed)})"
                if why is None:
                    why = _cannot_deal(gcls(rules, players=n))
                out.append((Point(overrides, n), why))
        return out


def _counts(allowed: range) -> str:
    """The allowed player counts as a person reads them: "2-6", "4", or "no player count at all"."""
    if not allowed:
        return "no player count at all"
    return str(allowed.start) if len(allowed) == 1 else f"{allowed.start}-{allowed.stop - 1}"


def _allowed(gcls, rules) -> range:
    """The player counts ``rules`` allow (a game object needs a count they allow to be made)."""
    for n in range(gcls.info.min_players, gcls.info.max_players + 1):
        try:
            return gcls(rules, players=n).player_range()
        except VariantError:
            continue
    return range(0)


def _cannot_deal(game) -> str | None:
    """Why these rules cannot be played at this count, if the deal fails."""
    from spec.variants import Variant, check_playable
    try:
        check_playable(Variant(type(game), game.rules, "sweep point", players=game.players))
    except CardspecError as exc:
        return str(exc)
    return None


def _textual(rules_type, name: str) -> bool:
    """Whether field ``name`` takes text (``deck=36`` is then the text "36", not a number)."""
    hint = typing.get_type_hints(rules_type).get(name)
    if typing.get_origin(hint) is Literal:
        return all(isinstance(a, str) for a in typing.get_args(hint))
    return hint is str


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


# ------------------------------------------------------------------- run

def run_sweep(grid: Grid, budget: Budget = Budget(), *, workers: int | None = None, scheduler: str | None = None,
              cache_dir: str | None = None, split: int = 1,
              progress: Callable[[int, int], None] | None = None) -> dict:
    """Check every property at every point of the grid and return the sweep document.

    The work is shared and spread by :mod:`verifier.plan` (one walk and one
    search per point for all its invariants; a local pool or Dask), and each
    result is kept in the result cache ``cache_dir`` as soon as it is known, so
    an interrupted sweep resumes where it stopped.
    """
    from verifier.cache import ResultCache
    from verifier.plan import Job, run_jobs
    cls = get_game(grid.game)
    points = grid.points()
    jobs = [Job.of([cls(make_rules(cls.Rules, p.rules), players=p.players)], budget,
                   grid.properties or None) for p in points]
    cache = ResultCache(cache_dir) if cache_dir else None
    commit = source_commit(grid.game)  # read before the work: a commit made meanwhile is not what ran

    def counted(done: int, total: int, label: str) -> None:
        if progress:
            progress(done, total)
    results = run_jobs(jobs, workers=workers, scheduler=scheduler, cache=cache, split=split, progress=counted)
    rows = []
    for point, found in zip(points, results):
        for r in found:
            row = r.to_json()
            row["point"] = {"rules": point.rules, "players": point.players}
            rows.append(row)
    return {"game": grid.game, "commit": commit, "declared": bool(grid.listed),
            "vary": {k: list(v) for k, v in grid.vary.items()},
            "players": list(grid.players), "budget": dataclasses.asdict(budget),
            "split": split, "tasks": len(rows), "resumed": sum(r.cached for found in results for r in found),
            "skipped": [{"point": {"rules": p.rules, "players": p.players}, "reason": why}
                        for p, why in grid.invalid()],
            "results": rows, "summary": summarize(rows, list(grid.vary))}


def source_commit(game: str | None = None) -> str | None:
    """The commit the rules and verifier code come from (``+dirty`` if the files ``game``'s results
    depend on differ from it: the shared code and its own modules); ``None`` outside a git checkout.
    A committed sweep result names it."""
    import os
    import subprocess
    from verifier.cache import _other_game
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        head = subprocess.run(["git", "-C", root, "rev-parse", "HEAD"], capture_output=True, text=True, timeout=10)
        dirty = subprocess.run(["git", "-C", root, "status", "--porcelain", "--", "spec", "verifier"],
                               capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    if head.returncode != 0:
        return None
    changed = [line[3:].strip() for line in dirty.stdout.splitlines() if line[3:].strip().endswith(".py")]
    if game is not None:
        changed = [path for path in changed if not _other_game(path, game)]
    return head.stdout.strip() + ("+dirty" if changed else "")


# --------------------------------------------------------------- summary

_PER_COUNT = re.compile(r"^(.*)_(\d+)p$")


def family(name: str) -> str:
    """``terminates_5p`` and its siblings form the family ``terminates_Np``."""
    m = _PER_COUNT.match(name)
    return f"{m.group(1)}_Np" if m else name


def show_value(value: Any) -> str:
    """An option's value as a variant file writes it (``true``, ``flip``, ``3``)."""
    if isinstance(value, dict):   # a table such as Sixty-One's values: {10 = -12}
        return "{" + ", ".join(f"{k} = {show_value(v)}" for k, v in value.items()) + "}"
    return json.dumps(value) if isinstance(value, bool) or value is None else str(value)


def _canon(value: Any) -> str:
    """A value as one hashable text (a table is a dict), equal for equal values."""
    return json.dumps(value, sort_keys=True)


def _with_defaults(results: Sequence[dict], fields: Sequence[str]) -> list[dict]:
    """The results with each point's omitted options written out at their defaults (a point leaves out
    what it does not change), so that a summary reads ``king_tricks = 10``, not ``king_tricks = null``; a
    table such as Sixty-One's values, or a fraction, as a variant file writes it."""
    game = next((r.get("game") for r in results if r.get("game")), None)
    try:
        base = get_game(game).Rules() if game else None
    except (CardspecError, TypeError):
        base = None
    dumps = {f.name: f.metadata.get("dump") for f in dataclasses.fields(base)} if base is not None else {}
    defaults = {}
    for f in fields:
        value = getattr(base, f, None)
        value = dumps[f](value) if dumps.get(f) else value   # a table or a fraction as a variant file writes it
        if isinstance(value, (bool, int, str, dict)):
            defaults[f] = value
    if not defaults:
        return list(results)
    return [{**r, "point": {**r["point"], "rules": {**defaults, **r["point"]["rules"]}}} for r in results]


def summarize(results: Sequence[dict], fields: Sequence[str], lang: str = "en", *,
              literal: bool = False) -> dict[str, str]:
    """For each property (families of per-count properties together), which options decide it;
    with ``literal``, each ``option = value`` as reST literal text (for the atlas pages).

    "holds at all 12 points", or "holds exactly when A = x and players 2-5 (or ...)",
    with the points left unknown named apart; in ``lang``.
    """
    raw: dict[str, list[dict]] = {}
    for r in results:
        raw.setdefault(family(r["property"]), []).append(r)
    by_family: dict[str, list[dict]] = {}
    for r in _with_defaults(results, fields):
        by_family.setdefault(family(r["property"]), []).append(r)
    out = {}
    for fam, rs in sorted(by_family.items()):
        out[fam] = _uniform(rs, lang)
        if out[fam] is None:
            exactly = _exactly(rs, fields, lang, literal)
            all_but = _all_but(raw[fam], lang, literal)
            out[fam] = exactly if len(exactly) <= len(all_but) else all_but
    return out


def _unknown_tail(rs: Sequence[dict], lang: str) -> str:
    from spec.i18n import tr
    unknown = sum(r["verdict"] == UNKNOWN for r in rs)
    return tr(lang, "; unknown at {k} of {n} points").format(k=unknown, n=len(rs)) if unknown else ""


def _uniform(rs: Sequence[dict], lang: str) -> str | None:
    """The summary of a family that no option decides (the same verdict wherever it was settled), or ``None``."""
    from spec.i18n import tr
    verdicts = {r["verdict"] for r in rs}
    if verdicts == {"holds"}:
        return tr(lang, "holds at all {n} points").format(n=len(rs))
    if verdicts == {ALMOST_SURELY}:
        return tr(lang, "holds with probability 1 at all {n} points").format(n=len(rs))
    if verdicts <= {REFUTED, UNKNOWN} and REFUTED in verdicts:
        return tr(lang, "refuted at every point where it was settled") + _unknown_tail(rs, lang)
    if verdicts == {UNKNOWN}:
        return tr(lang, "unknown at all {n} points").format(n=len(rs))
    return None


def _exactly(rs: Sequence[dict], fields: Sequence[str], lang: str, literal: bool) -> str:
    """"holds exactly when ...": the combinations of the deciding options under which it holds (or holds
    with probability 1, for a family that never holds outright)."""
    from spec.i18n import tr
    relevant = [f for f in fields if _matters(rs, f)]
    main = _main_verdict(rs)
    combos: dict[tuple, set[int]] = {}
    for r in rs:
        if r["verdict"] == main:
            key = tuple((f, _canon(r["point"]["rules"].get(f))) for f in relevant)
            combos.setdefault(key, set()).add(r["point"]["players"])
    all_counts = sorted({r["point"]["players"] for r in rs})
    values = {f: {_canon(r["point"]["rules"].get(f)) for r in rs} for f in relevant}
    merged = _merge({tuple(sorted(k)): tuple(sorted(v)) for k, v in combos.items()}, values)
    clauses = []
    for key, counts in sorted(merged.items(), key=lambda kv: str(kv[0])):
        parts = [f"{f} = {show_value(json.loads(v))}" for f, v in key]
        if literal:
            parts = [f"``{p}``" for p in parts]
        if list(counts) != all_counts:
            parts.append(tr(lang, "players {counts}").format(counts=number_ranges(counts)) if len(counts) > 1
                         else tr(lang, "{n} players").format(n=counts[0]))
        clauses.append(tr(lang, " and ").join(parts) or tr(lang, "always"))
    both = tr(lang, " and ")
    joined = tr(lang, " or ").join(f"({c})" if both in c and len(clauses) > 1 else c for c in clauses)
    said = (N_("holds exactly when {conditions}") if main == HOLDS else
            N_("holds with probability 1 exactly when {conditions}"))
    return tr(lang, said).format(conditions=joined) + _unknown_tail(rs, lang)


def _main_verdict(rs: Sequence[dict]) -> str:
    """The verdict a family's summary is told by: holds, or holds with probability 1 where it never holds."""
    verdicts = {r["verdict"] for r in rs}
    return ALMOST_SURELY if HOLDS not in verdicts and ALMOST_SURELY in verdicts else HOLDS


def _all_but(rs: Sequence[dict], lang: str, literal: bool) -> str:
    """The same summary told by its exceptions, for a space of points that each change a few options
    (a declared space): "holds at 182 of 287 points, all but: refuted at deck = 32 (players 4-7); ...",
    each exception named by the options its point changes."""
    from spec.i18n import tr
    exceptions: dict[str, dict[tuple, set[int]]] = {}
    main = _main_verdict(rs)
    for r in rs:
        if r["verdict"] != main:
            key = tuple(sorted((f, _canon(v)) for f, v in r["point"]["rules"].items()))
            exceptions.setdefault(r["verdict"], {}).setdefault(key, set()).add(r["point"]["players"])
    parts = []
    for verdict in VERDICTS:
        where = []
        for key, counts in sorted(exceptions.get(verdict, {}).items(), key=lambda kv: (len(kv[0]), str(kv[0]))):
            options = [f"{f} = {show_value(json.loads(v))}" for f, v in key]
            named = tr(lang, " and ").join(f"``{o}``" if literal else o for o in options) or tr(lang, "the defaults")
            counted = (tr(lang, "players {counts}").format(counts=number_ranges(counts)) if len(counts) > 1
                       else tr(lang, "{n} players").format(n=next(iter(counts))))
            where.append(f"{named} ({counted})")
        if where:
            said = tr(lang, _AT[verdict])
            parts.append(said.format(where="; ".join(where)))
    held = sum(r["verdict"] == main for r in rs)
    said = (N_("holds at {k} of {n} points, all but: {exceptions}") if main == HOLDS else
            N_("holds with probability 1 at {k} of {n} points, all but: {exceptions}"))
    return tr(lang, said).format(k=held, n=len(rs), exceptions="; ".join(parts))


#: an exception to a family's summary, by its verdict
_AT = {HOLDS: N_("holds at {where}"), ALMOST_SURELY: N_("holds with probability 1 at {where}"),
       REFUTED: N_("refuted at {where}"), UNKNOWN: N_("unknown at {where}")}


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
                    groups.setdefault((rest, counts), []).append(dict(key)[f])
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
        rest = (tuple(sorted((k, _canon(v)) for k, v in rules.items() if k != name)), r["point"]["players"],
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
