"""Which tagged clauses run in play: no clause of the rulebook is decorative.

Sampled games of every preset and of the extreme player counts are played
through ``Game.play`` (so every move is checked by the clauses that refuse
it), with the log line of each move, each seat's view and the outcome -- what
``cardspec play`` does. A profiler records every function called; a clause
runs when its predicate (or, for a note, the function it names) is among
them. A clause that cannot run in play says why with ``not_in_play=``.
"""

from __future__ import annotations

import importlib
import random
import sys
from collections.abc import Callable, Iterator

from spec.engine import Game
from spec.rules import make_rules

#: the most moves played in one sampled game (a game that may loop stops there)
MAX_MOVES = 3000


def _resolve(path: str) -> Callable | None:
    """The function at a dotted path (``spec.games.bura.card_points``), or ``None``."""
    parts = path.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for name in parts[cut:]:
                obj = getattr(obj, name)
        except AttributeError:
            return None
        return getattr(obj, "__func__", obj)
    return None


def configurations(cls: type[Game]) -> Iterator[Game]:
    """The default rules and every preset, each at the smallest and largest player count it allows."""
    presets = getattr(cls.module(), "PRESETS", {})
    for overrides in ({}, *presets.values()):
        rules = make_rules(cls.Rules, overrides)
        allowed = cls(rules, players=cls(rules).players).player_range()
        for n in dict.fromkeys((allowed.start, allowed.stop - 1)):
            yield cls(rules, players=n)


def play_sampled(game: Game, seeds: range) -> None:
    """Random games of ``game`` played as ``cardspec play`` plays them."""
    for seed in seeds:
        rng = random.Random(seed)
        state = game.deal(seed)
        for _ in range(MAX_MOVES):
            if game.is_over(state):
                break
            moves = game.legal_moves(state)
            state = game.play(state, moves[rng.randrange(len(moves))])
            game.describe_move(state)
        game.describe(state)
        for p in range(game.players):
            game.observe(state, p)
        if game.is_over(state):
            game.outcome(state).describe()


def _clear_caches(module) -> None:
    """Empty the ``functools`` caches of a game module's functions."""
    for value in vars(module).values():
        clear = getattr(value, "cache_clear", None)
        if callable(clear):
            clear()


def clause_runs(game_id: str, seeds: int = 20) -> dict[str, bool]:
    """Each clause label of a game with whether its function ran in sampled play (``seeds``
    games per configuration). A clause with no function of its own is left out."""
    from spec.games import get_game
    cls = get_game(game_id)
    book = cls.clause_book()
    functions = {}
    for clause in book:
        fn = book.function(clause.label) or (_resolve(clause.function) if clause.function else None)
        if fn is not None and hasattr(fn, "__code__"):
            functions[clause.label] = fn.__code__
    wanted = set(functions.values())
    seen: set = set()

    def profile(frame, event, arg):
        if event == "call" and frame.f_code in wanted:
            seen.add(frame.f_code)

    _clear_caches(cls.module())  # a result cached by earlier play would hide the clause that computes it
    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        for game in configurations(cls):
            play_sampled(game, range(seeds))
    finally:
        sys.setprofile(previous)
    return {label: code in seen for label, code in functions.items()}
