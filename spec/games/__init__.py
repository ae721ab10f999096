"""The game registry: every module in this package that defines ``GAME``.

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
    games = {}
    for mod in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if mod.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{mod.name}")
        game = getattr(module, "GAME", None)
        if game is not None:
            games[game.info.id] = game
    return games


def get_game(game_id: str) -> type[Game]:
    games = all_games()
    if game_id not in games:
        raise UnknownGame(f"unknown game '{game_id}'; known games: {', '.join(sorted(games))}")
    return games[game_id]
