"""The atlas: every game's committed sweep of its declared variant space, checked against the code.

Each ``docs/atlas/GAME.json`` is the sweep ``cardspec sweep GAME --out docs/atlas/GAME.json``
made at the commit it names. These tests hold it to the current code: it covers the space the
game declares now, every verdict in it is as expected, and a sample of its points computes
the same verdicts again. When the rules or the verifier change a verdict, the failure names
the command that refreshes the page.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from spec.games import all_games
from verifier.core import Budget
from verifier.space import declared_space
from verifier.sweep import Grid, run_sweep

ATLAS = Path(__file__).resolve().parent.parent / "docs" / "atlas"
RU = Path(__file__).resolve().parent.parent / "docs" / "locale" / "ru" / "LC_MESSAGES" / "atlas"

def _declared(path: Path) -> bool:
    return json.loads(path.read_text(encoding="utf-8")).get("declared", False)


#: the games whose atlas is a sweep of their declared space (an older page may show a grid of its own)
GAMES = sorted(p.stem for p in ATLAS.glob("*.json") if _declared(p))


def committed(game: str) -> dict:
    path = ATLAS / f"{game}.json"
    assert path.exists(), f"no atlas for {game}: run cardspec sweep {game} --out docs/atlas/{game}.json"
    return json.loads(path.read_text(encoding="utf-8"))


def refresh(game: str) -> str:
    return f"refresh it with: cardspec sweep {game} --out docs/atlas/{game}.json"


def point_key(point: dict) -> tuple:
    return json.dumps(point["rules"], sort_keys=True), point["players"]


def test_the_atlas_grows_towards_every_game():
    assert len(GAMES) >= 3 and set(GAMES) <= set(all_games())


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_an_atlas_page_in_both_editions(game):
    page = (ATLAS / f"{game}.rst").read_text(encoding="utf-8")
    assert f".. cardspec-atlas:: {game}" in page
    assert f'msgid "{page.splitlines()[0]}"' in (RU / f"{game}.po").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_the_atlas_covers_the_declared_space_with_every_verdict_as_expected(game):
    doc = committed(game)
    assert doc["declared"] and doc["commit"], f"docs/atlas/{game}.json is not a declared-space sweep; {refresh(game)}"
    swept = {point_key(r["point"]) for r in doc["results"]}
    declared = {point_key({"rules": p.rules, "players": p.players}) for p in declared_space(game).points()}
    assert declared == swept, (f"docs/atlas/{game}.json covers {len(swept)} points, the declared space has "
                               f"{len(declared)} (missing e.g. {sorted(declared - swept)[:2]}); {refresh(game)}")
    off = [(r["property"], r["point"], r["verdict"], r["expected"]) for r in doc["results"]
           if r["expected"] is not None and r["verdict"] != r["expected"]]
    assert not off, f"{len(off)} verdicts not as expected in docs/atlas/{game}.json, e.g. {off[:3]}"


@pytest.mark.parametrize("game", GAMES)
def test_a_sample_of_the_atlas_computes_the_same_verdicts_on_this_code(game):
    doc = committed(game)
    points = sorted({point_key(r["point"]) for r in doc["results"]})
    rules, players = random.Random(game).choice(points[1:] or points)  # a point away from the defaults
    grid = Grid(game, {}, (players,), listed=((tuple(sorted(json.loads(rules).items())), (players,)),))
    b = doc["budget"]
    again = run_sweep(grid, Budget(**b), workers=1, cache_dir=None)
    now = {r["property"]: r["verdict"] for r in again["results"]}
    then = {r["property"]: r["verdict"] for r in doc["results"] if point_key(r["point"]) == (rules, players)}
    assert now == then, (f"docs/atlas/{game}.json (computed at {doc['commit']}) differs from this code at "
                         f"{rules}, {players} players: {sorted(set(now.items()) ^ set(then.items()))}; {refresh(game)}")


@pytest.mark.parametrize("game", GAMES)
def test_the_atlas_states_each_claim_as_the_code_states_it_now(game):
    """A claim whose title or scope changed since the sweep leaves the atlas stating the old claim (and its
    expected verdicts derived from it), in words the catalogues no longer translate: sweep again."""
    import importlib

    import verifier.generic  # noqa: F401  (registers the generic properties)
    from verifier.core import REGISTRY
    importlib.import_module(f"verifier.games.{game}")
    stale = set()
    for r in committed(game)["results"]:
        prop = REGISTRY.get(game, r["property"])
        scope = prop.scope_for(game)
        now = (prop.shown_title("en", game), str(scope.text) if scope else None)
        if (r["title"], r["scope"]) != now:
            stale.add((r["property"], r["scope"], now[1]))
    assert not stale, f"docs/atlas/{game}.json states {len(stale)} claims otherwise than the code, e.g. " \
                      f"{sorted(stale, key=str)[:2]}; {refresh(game)}"
