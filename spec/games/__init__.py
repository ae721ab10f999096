"""The game registry: every module in this package (but the ``_`` helpers) defines ``GAME``.

Game modules are found automatically, so adding a game never edits a
shared list.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from spec.engine import Game
from spec.errors import UnknownGame


@cache
def all_games() -> dict[str, type[Game]]:
    """Every game, by id, in module-name order. A module whose name starts with ``_`` is a helper;
    every other module defines ``GAME`` (a missing one is an AttributeError here, not a silent gap)."""
    games = {}
    for name in sorted(m.name for m in pkgutil.iter_modules(__path__)):
        if not name.startswith("_"):
            game = importlib.import_module(f"{__name__}.{name}").GAME
            games[game.info.id] = game
    return games


def get_game(game_id: str) -> type[Game]:
    games = all_games()
    if game_id not in games:
        raise UnknownGame(f"unknown game '{game_id}'; known games: {', '.join(sorted(games))}")
    return games[game_id]
