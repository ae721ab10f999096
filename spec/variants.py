"""Variant files: TOML naming a game and overriding some of its rules.

.. code-block:: toml

    game = "sixty_one"
    name = "Forty-one"
    description = "A shorter game for children."
    players = 4            # optional: the player count to check (default: all allowed)

    [rules]
    losing_total = 41
    turnover_order = "reverse"

Every problem is reported as one :class:`~spec.errors.VariantError` line
naming the file, the key and what is allowed.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from typing import Any

from spec.engine import Game
from spec.errors import CardspecError, UnknownGame, VariantError, one_line, quote
from spec.files import check_text, read_user_file
from spec.games import all_games, get_game
from spec.rules import make_rules

TOP_KEYS = ("game", "name", "description", "players", "rules")


@dataclass(frozen=True)
class Variant:
    """A parsed variant file."""

    game: type[Game]
    rules: Any
    name: str
    description: str = ""
    players: int | None = None
    path: str = ""

    def games(self) -> list[Game]:
        """One game object per player count this variant is checked at."""
        probe = self.game(self.rules, players=self.players or self.game.info.min_players)
        counts = [self.players] if self.players else list(probe.player_range())
        return [self.game(self.rules, players=n) for n in counts]


def parse_variant(data: dict[str, Any], *, source: str = "<variant>") -> Variant:
    try:
        for key in data:
            if key not in TOP_KEYS:
                raise VariantError(key, "unknown top-level key", ", ".join(TOP_KEYS))
        if "game" not in data:
            raise VariantError("game", "missing", "one of " + ", ".join(sorted(all_games())))
        if not isinstance(data["game"], str):
            raise VariantError("game", f"expected a string, got {type(data['game']).__name__}", "a game id")
        try:
            game = get_game(data["game"])
        except UnknownGame:
            raise VariantError("game", f"unknown game {quote(data['game'])}",
                               ", ".join(sorted(all_games()))) from None
        for key in ("name", "description"):
            if key in data and not isinstance(data[key], str):
                raise VariantError(key, "expected a string", "any text")
        overrides = data.get("rules", {})
        if not isinstance(overrides, dict):
            raise VariantError("rules", "expected a table [rules]", "a TOML table of rules fields")
        try:
            rules = make_rules(game.Rules, overrides)
        except VariantError as exc:
            raise VariantError(f"rules.{exc.key}", exc.problem, exc.allowed) from None
        players = data.get("players")
        if players is not None and (isinstance(players, bool) or not isinstance(players, int)):
            raise VariantError("players", f"expected an integer, got {type(players).__name__}",
                               "a player count the game allows")
        if players is not None:
            game(rules, players=players)  # raises VariantError for a bad count
        variant = Variant(game, rules, data.get("name", os.path.basename(source)),
                          data.get("description", ""), players, source)
        check_playable(variant)
        return variant
    except VariantError as exc:
        raise exc.in_file(source) from None


def check_playable(variant: Variant) -> None:
    """Rules that pass every field check must also deal a game at each player
    count they allow; otherwise the variant is refused here, in one line."""
    try:
        games = variant.games()
    except VariantError:
        raise
    for game in games:
        try:
            state = game.deal(0)
            game.legal_moves(state)
        except CardspecError:
            raise
        except Exception as exc:  # noqa: BLE001 - any failure to deal means the rules cannot be played
            raise VariantError("rules", f"these rules cannot deal a game for {game.players} players "
                               f"({type(exc).__name__})", "rules whose deck holds every hand and the cards "
                               "the deal needs") from None


#: A variant file larger than this is refused unread.
MAX_VARIANT_BYTES = 1_000_000


def load_variant(path: str | os.PathLike) -> Variant:
    """Read and check a variant file."""
    text = check_text(read_user_file(path, what="variant file", limit=MAX_VARIANT_BYTES), str(path), toml=True)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CardspecError(f"{path}: not valid TOML ({one_line(exc)})") from None
    except RecursionError:
        raise CardspecError(f"{path}: not valid TOML (nested too deeply)") from None
    return parse_variant(data, source=str(path))
