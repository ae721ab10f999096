"""Every clause of every game is checked by a property, or says why it cannot be;
`cardspec clauses GAME --json` reports the same data."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from spec.games import all_games
from verifier.cli import main
from verifier.clauseruns import clause_runs
from verifier.runner import clause_coverage

GAMES = sorted(all_games())


@pytest.mark.parametrize("game_id", GAMES)
def test_no_clause_without_a_property_or_a_reason(game_id):
    bare = [c["label"] for c in clause_coverage(game_id) if not c["properties"] and not c["reason"]]
    assert not bare, f"{game_id}: clauses with neither a property nor a reason: {bare}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_move_kind_is_decided_by_a_clause(game_id):
    cls = all_games()[game_id]
    book = cls.clause_book()
    assert cls.move_kinds, f"{game_id} declares no move kinds"
    for kind in cls.move_kinds:
        assert book.chain_for(kind), f"{game_id}: no clause offers {kind.__name__} moves"


def test_clauses_command_json():
    out = CliRunner().invoke(main, ["clauses", "sixty_one", "--json"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.output)
    keys = ("label", "summary", "predicate", "runs", "not_in_play", "properties", "reason")
    assert rows and all(tuple(r) == keys for r in rows)
    runs = clause_runs("sixty_one", seeds=10)
    assert rows == [{**{k: c[k] for k in keys if k != "runs"}, "runs": runs.get(c["label"])}
                    for c in clause_coverage("sixty_one")]
    assert any(r["runs"] for r in rows)


def test_clauses_command_rejects_an_unknown_game_in_one_line():
    out = CliRunner().invoke(main, ["clauses", "nope"])
    assert out.exit_code == 2 and len(out.output.strip().splitlines()) == 1
