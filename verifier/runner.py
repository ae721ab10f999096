"""Running every property of a game (or of a variant) and collecting results."""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Iterable, Sequence
from functools import cache

from spec.engine import Game
from spec.games import get_game
from spec.variants import Variant
from verifier.core import REGISTRY, Budget, Result, run_property


@cache
def load_properties() -> None:
    """Import the generic properties and every ``verifier.games`` module."""
    import verifier.games as pkg
    importlib.import_module("verifier.generic")
    for mod in pkgutil.iter_modules(pkg.__path__):
        if not mod.name.startswith("_"):  # _name: work in progress, or a private helper module
            importlib.import_module(f"{pkg.__name__}.{mod.name}")


def games_for(game_id: str, variant: Variant | None = None, players: int | None = None) -> list[Game]:
    """One game object per player count to check."""
    if variant is not None:
        if players is not None:
            return [variant.game(variant.rules, players=players)]
        return variant.games()
    cls = get_game(game_id)
    if players is not None:
        return [cls(players=players)]
    return [cls(players=n) for n in cls().player_range()]


def verify(game_id: str, *, variant: Variant | None = None, players: int | None = None,
           budget: Budget = Budget(), only: Iterable[str] | None = None, workers: int | None = 1,
           scheduler: str | None = None, cache=None) -> list[Result]:
    """Check the properties of a game (every one that applies, or ``only`` these).

    The work is shared and spread as :mod:`verifier.plan` says: by default in
    this process (``workers=1``) and without a cache, so a test that breaks a
    rule sees it broken; the command line uses every core and the result cache.
    """
    return verify_many([(game_id, variant, players)], budget=budget, only=only, workers=workers,
                       scheduler=scheduler, cache=cache)[0]


def verify_many(requests: Sequence[tuple[str, Variant | None, int | None]], *, budget: Budget = Budget(),
                only: Iterable[str] | None = None, workers: int | None = 1, scheduler: str | None = None,
                cache=None, progress=None) -> list[list[Result]]:
    """:func:`verify` for several games at once (one pool for all): ``(game, variant, players)`` each."""
    from verifier.plan import Job, run_jobs
    load_properties()
    only = tuple(only) if only is not None else None
    jobs = [Job.of(games_for(gid, variant, players), budget, only) for gid, variant, players in requests]
    return run_jobs(jobs, workers=workers, scheduler=scheduler, cache=cache, progress=progress)


def run_on(games: Sequence[Game], name: str, budget: Budget = Budget()) -> Result:
    """Check one named property against given (possibly mutated) game objects."""
    load_properties()
    return run_property(REGISTRY.get(games[0].info.id, name), games, budget)


def clause_coverage(game_id: str) -> list[dict]:
    """Each clause of a game with its predicate, the properties that check it, and the reason where none does.

    A clause that offers or decides a move kind is checked by
    ``moves_match_clauses`` (the legal moves against the clauses one move at a
    time).
    """
    from verifier.generic import has_clause_moves
    load_properties()
    cls = get_game(game_id)
    book = cls.clause_book()
    if book is None:
        return []
    props = REGISTRY.for_game(game_id)
    moves_checked = has_clause_moves(cls())
    out = []
    for clause in book:
        names = [p.name for p in props if clause.label in p.clauses]
        if clause.decides and moves_checked:
            names.append("moves_match_clauses")
        out.append({"label": clause.label, "summary": clause.summary, "predicate": clause.function,
                    "decides": list(clause.decides), "properties": names,
                    "reason": clause.unchecked or None, "not_in_play": clause.not_in_play or None})
    return out
