"""The result cache shared by ``cardspec verify``, ``cardspec sweep`` and the rulebook build.

One small JSON file per property result, named by a key that hashes
everything the result depends on: the code (every source file of ``spec``
and ``verifier``), the game, its rules, the player counts, the property, the
budget, and the versions of Python, z3 and hypothesis. An entry keeps the
structured outcome (verdict, method, counts, seed, the numbers behind the
detail, the counterexample's record and cards), so a reader can render it in
either language.

An entry is checked when it is read: one that is not JSON, has another
shape, another format or another key is recomputed (and replaced), never
trusted. Entries are written atomically.

The folder is the user's cache folder (``platformdirs``), or
``$CARDSPEC_CACHE_DIR`` when set.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import sys
from collections.abc import Sequence
from functools import cache

from spec.errors import CardspecError
from spec.files import write_atomic
from spec.engine import Game
from verifier.core import Budget, Property, Result

__all__ = ["ResultCache", "code_fingerprint", "default_folder", "result_key"]

#: Bumped when the entry's shape changes: older entries are then recomputed.
FORMAT = 2
#: An entry larger than this is not read (no result is near it; a bigger file is not ours).
MAX_ENTRY = 8_000_000
_ENTRY_DIR = re.compile(r"[0-9a-f]{2}")
_ENTRY = re.compile(r"[0-9a-f]{40}\.json")
#: a temporary file of :func:`spec.files.write_atomic` for an entry (one left by a killed write is removed
#: by the next write of its entry, or by ``cache clear``)
_TEMP = re.compile(r"\.[0-9a-f]{40}\.json\.cardspec-[0-9]+-[^/]*\.tmp")


def default_folder() -> str:
    """``$CARDSPEC_CACHE_DIR``, else the user's cache folder for cardspec."""
    env = os.environ.get("CARDSPEC_CACHE_DIR")
    if env:
        return env
    import platformdirs
    return os.path.join(platformdirs.user_cache_dir("cardspec", appauthor=False), "results")


@cache
@cache
def code_fingerprint(game: str | None = None) -> str:
    """A hash of the rules and verifier source a game's results depend on: every file of
    ``spec`` and ``verifier`` but the other games' own modules (``spec/games/G.py``,
    ``spec/games/_G_*.py``, ``verifier/games/G.py``). A change of that code invalidates the
    game's cached results, and an edit to one game keeps every other game's. ``None``: all files.
    """
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    h = hashlib.sha256()
    for pkg in ("spec", "verifier"):
        for root, dirs, files in sorted(os.walk(os.path.join(here, pkg))):
            dirs.sort()
            for name in sorted(files):
                if not name.endswith(".py"):
                    continue
                rel = os.path.relpath(os.path.join(root, name), here)
                if game is not None and _other_game(rel, game):
                    continue
                with open(os.path.join(root, name), "rb") as fh:
                    h.update(rel.encode() + b"\0" + fh.read())
    return h.hexdigest()[:16]


def _other_game(rel: str, game: str) -> bool:
    """Whether ``rel`` is a module of a game other than ``game``."""
    folder, name = os.path.split(rel)
    if folder not in (os.path.join("spec", "games"), os.path.join("verifier", "games")) or name == "__init__.py":
        return False
    stem = name[:-3]
    return stem != game and not stem.startswith(f"_{game}_")


@cache
def versions() -> dict[str, str]:
    import hypothesis
    import z3
    return {"python": sys.version.split()[0], "z3": z3.get_version_string(), "hypothesis": hypothesis.__version__}


def result_key(game: str, rules: str, players: tuple[int, ...], prop: str, budget: Budget) -> str:
    """The key of one property's result: a hash of all it depends on (``rules`` as sorted JSON)."""
    doc = json.dumps([FORMAT, code_fingerprint(game), versions(), game, rules, list(players), prop,
                      dataclasses.asdict(budget)], sort_keys=True, default=str)
    return hashlib.sha256(doc.encode()).hexdigest()[:40]


class ResultCache:
    """Property results on disk, one file per key (``None`` folder: a cache that keeps nothing)."""

    def __init__(self, folder: str | None):
        self.folder = folder
        self.hits = self.misses = self.rejected = 0

    @classmethod
    def default(cls) -> "ResultCache":
        return cls(default_folder())

    def _path(self, key: str) -> str:
        return os.path.join(self.folder, key[:2], key + ".json")

    def get(self, key: str, game: str, prop: Property, games: Sequence[Game] = ()) -> Result | None:
        """The cached result, or ``None`` when it is missing or cannot be trusted; its expected verdict is
        the one the property claims for ``games`` (outside its scope, none)."""
        if not self.folder:
            return None
        path = self._path(key)
        try:
            if not os.path.isfile(path):  # never open a FIFO or a device someone left here
                self.misses += 1
                return None
            if os.path.getsize(path) > MAX_ENTRY:
                raise ValueError("too large")
            with open(path, encoding="utf-8") as fh:
                data = json.load(fh)
            if not isinstance(data, dict) or set(data) != {"format", "key", "game", "property", "outcome"}:
                raise ValueError("not an entry")
            if (data["format"], data["key"], data["game"], data["property"]) != (FORMAT, key, game, prop.name):
                raise ValueError("another entry")
            result = Result.from_outcome_json(game, prop, data["outcome"], games)
        except (OSError, ValueError, RecursionError):
            self.rejected += 1  # cut short, corrupt, of another shape or version: computed again
            return None
        self.hits += 1
        return result

    def put(self, key: str, result: Result) -> None:
        if not self.folder:
            return
        entry = {"format": FORMAT, "key": key, "game": result.game, "property": result.property.name,
                 "outcome": result.outcome_json()}
        path = self._path(key)
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            # a whole file or none under the entry's name, by the one write layer (no flush to disk:
            # an entry lost in a crash is only computed again, since every read is checked)
            write_atomic(path, json.dumps(entry, ensure_ascii=False), sync=False)
        except (OSError, CardspecError):
            pass  # a cache that cannot be written only costs time: the result is still reported

    def count(self) -> int:
        """How many entries the folder holds."""
        if not self.folder or not os.path.isdir(self.folder):
            return 0
        return sum(1 for sub in os.listdir(self.folder) if _ENTRY_DIR.fullmatch(sub)
                   and os.path.isdir(os.path.join(self.folder, sub))
                   for name in os.listdir(os.path.join(self.folder, sub)) if _ENTRY.fullmatch(name))

    def clear(self) -> int:
        """Remove every entry (only files named as entries are, so a wrong folder loses nothing else)."""
        if not self.folder or not os.path.isdir(self.folder):
            return 0
        n = 0
        for sub in os.listdir(self.folder):
            where = os.path.join(self.folder, sub)
            if not (_ENTRY_DIR.fullmatch(sub) and os.path.isdir(where) and not os.path.islink(where)):
                continue
            for name in os.listdir(where):
                if _ENTRY.fullmatch(name) or _TEMP.fullmatch(name):
                    try:
                        os.unlink(os.path.join(where, name))
                        n += name.endswith(".json")
                    except OSError as exc:
                        raise CardspecError(f"{where}: cannot remove cache entries ({exc.strerror})") from None
            try:
                os.rmdir(where)
            except OSError:
                pass  # something else lives there: leave it
        return n
