"""A position set up by hand is built through one documented constructor per game, ``Game.position``
(issue #22): the verifier's small configurations and searches never assemble a game's state themselves,
so a position is never a test seam and always one the game itself vouches for."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from spec.engine import Game
from spec.games import all_games

ROOT = Path(__file__).parent.parent
GAMES = sorted(all_games())


def own_position(cls: type):
    """The ``position`` a game class defines itself (or inherits from a game class), not the engine's."""
    for klass in cls.__mro__:
        if klass is Game:
            return None
        if "position" in klass.__dict__:
            return klass.__dict__["position"]
    return None


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_one_documented_position_constructor(game_id):
    cls = all_games()[game_id]
    fn = own_position(cls)
    assert fn is not None, f"{game_id}: define position(...) on the game class (docs/dev/conventions.md)"
    assert fn.__doc__ and len(fn.__doc__.split()) >= 8, f"{game_id}: position(...) needs a docstring saying its arguments"


#: ``replace(x, ...)`` of these copies rules or a verdict, not a state
NOT_A_STATE = re.compile(r"rules|(^|\.)(out|outcome)$")
#: ``type(x)(...)`` of these builds a state of x's class (of anything else: a game, a card)
A_STATE = re.compile(r"(^|\.)(\w*state\w*|s|st)$")


def _copied(node: ast.Call):
    """What a call copies into a new state: ``x`` of ``replace(x, ...)`` (``dataclasses.replace``), or of
    ``type(x)(...)`` when ``x`` names a state; else ``None``."""
    f = node.func
    replaces = (isinstance(f, ast.Name) and f.id == "replace") or (
        isinstance(f, ast.Attribute) and f.attr == "replace" and isinstance(f.value, ast.Name)
        and f.value.id == "dataclasses")
    if replaces and node.args and not NOT_A_STATE.search(ast.unparse(node.args[0])):
        return node.args[0]
    if isinstance(f, ast.Call) and isinstance(f.func, ast.Name) and f.func.id == "type" and f.args \
            and A_STATE.search(ast.unparse(f.args[0])):
        return f.args[0]
    return None


def hand_built_states(source: str, state_names: set[str]) -> list[tuple[int, str]]:
    """``(line, text)`` of each place ``source`` builds a state itself: a call of one of the module's state
    classes, ``replace(x, ...)`` / ``dataclasses.replace(x, ...)`` of anything but rules or a verdict, or
    ``type(state)(...)``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
        if name in state_names or _copied(node) is not None:
            found.append((node.lineno, ast.unparse(node)[:60]))
    return found


def state_classes(game_id: str) -> set[str]:
    """The names of the state classes of a game's module (``State`` and any frozen record it calls a state)."""
    cls = all_games()[game_id]
    module = cls.module()
    return {name for name, value in vars(module).items()
            if isinstance(value, type) and name.endswith("State")}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_verifier_builds_positions_only_through_the_game(game_id):
    path = ROOT / "verifier" / "games" / f"{game_id}.py"
    built = hand_built_states(path.read_text(encoding="utf-8"), state_classes(game_id))
    assert not built, (f"{path.relative_to(ROOT)} builds states itself at {built[:3]}: use the game's "
                       "position(...) (docs/dev/conventions.md)")


def test_the_scan_finds_each_way_of_building_a_state_by_hand():
    source = ("a = State((), 0)\nb = type(s)(s.hands, 1)\nc = replace(s, turn=1)\nd = dataclasses.replace(s)\n"
              "e = game.position(hands)\nf = m.DealState(1)\ng = replace(game.rules, deck=36)\nh = type(game)(rules)\n"
              "i = dataclasses.replace(out, detail='x')\nj = text.replace('_', ' ')\nk = type(deck[0])(r, s)\n"
              "m = dataclasses.replace(make_rules(Rules, {}), deck=36)\nn = type(state)(1, 2)\n")
    assert [line for line, _ in hand_built_states(source, {"State", "DealState"})] == [1, 2, 3, 4, 6, 13]
