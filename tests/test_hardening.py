"""Regression tests for the hardening causes: records, saves, decks, arguments, one-line errors."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys

import pytest
from click.testing import CliRunner

from spec.cards import make_deck
from spec.engine import Record, write_atomic
from spec.errors import CardspecError, NotationError, VariantError, one_line, quote
from spec.variants import parse_variant
from verifier.cli import main


def run(*args):
    r = CliRunner().invoke(main, list(args))
    return r.exit_code, r.stdout, r.stderr


@pytest.mark.parametrize("text, says", [
    ("[1, 2]", "not a game record: a JSON object"),
    ("null", "not a game record: a JSON object"),
    ('{"game": "sixty_one", "players": 2, "seed": 1, "moves": [], "rules": [1]}', "key 'rules' must be a table"),
    ('{"game": "sixty_one", "players": 2, "seed": 1, "moves": [1]}', "move 1 is int"),
    ('{"game": "sixty_one", "players": true, "seed": 1, "moves": []}', "key 'players' must be a int"),
    ('{"game": "sixty_one", "players": 2, "seed": 1, "moves": [], "format": 7}', "key 'format'"),
    ('{"game": "sixty_one", "players": 2, "seed": 1, "moves": [], "x\\ny": 1}', "unknown key 'x\\ny'"),
])
def test_records_that_are_not_what_they_claim(text, says):
    with pytest.raises(CardspecError) as exc:
        Record.from_json(text)
    assert says in str(exc.value) and "\n" not in str(exc.value)


def test_a_record_that_is_not_utf8_is_one_line(tmp_path):
    path = tmp_path / "r.json"
    path.write_bytes(b'{"game": "\xff"}')
    code, _, err = run("play", "--replay", str(path))
    assert code == 2 and "not UTF-8" in err and err.count("\n") == 1


def test_an_illegal_move_in_a_record_names_the_file_and_move(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"game": "sixty_one", "players": 2, "seed": 1, "moves": ["Q♠\nQ♠"]}))
    code, _, err = run("play", "--replay", str(path))
    assert code == 2 and err.startswith(f"cardspec: error: {path}: ") and err.count("\n") == 1


@pytest.mark.parametrize("deck, says", [("99999999x36", "at most 8 decks"), ("2000000x36", "at most 8 decks"),
                                        ("36+99999999j", "at most 8 jokers"), ("²4", "allowed sizes"),
                                        ("1" * 5000 + "x36", "at most 8 decks")])
def test_deck_limits(deck, says):
    with pytest.raises(NotationError, match=says):
        make_deck(deck)


def test_a_variant_that_passes_the_field_checks_must_deal():
    with pytest.raises(VariantError, match="cannot deal|hand_size|players"):
        parse_variant({"game": "sixty_one", "rules": {"deck": "24", "hand_size": 13}})


def test_usage_errors_are_one_line():
    for args in (["verify", "--examples", "x"], ["nonsense"], ["play"], ["simulate", "sixty_one", "-n", "0"]):
        code, _, err = run(*args)
        assert code == 2 and err.count("\n") == 1 and err.startswith("cardspec: error: "), (args, err)


def test_players_zero_is_refused_not_defaulted():
    for cmd in (["play", "sixty_one"], ["simulate", "sixty_one", "-n", "1"]):
        code, _, err = run(*cmd, "--players", "0")
        assert code == 2 and "0 players cannot play" in err


def test_user_text_cannot_split_the_error_line():
    assert quote("a\nb") == "'a\\nb'" and one_line("x\ny\r") == "x\\ny\\r"
    code, _, err = run("verify", "sixty\n_one")
    assert code == 2 and err.count("\n") == 1


def test_save_to_a_missing_folder_or_a_folder_fails_before_playing(tmp_path):
    for target in (tmp_path / "missing" / "g.json", tmp_path):
        code, out, err = run("play", "sixty_one", "--save", str(target))
        assert code == 2 and out == "" and err.count("\n") == 1
    assert not [p for p in os.listdir(tmp_path) if p.startswith(".cardspec-")]


def test_saves_are_durable_and_clean(tmp_path, monkeypatch):
    target = tmp_path / "real.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    write_atomic(link, "new\n")
    assert link.is_symlink() and target.read_text() == "new\n"  # written through the link
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~umask
    synced = []
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(fd))
    write_atomic(tmp_path / "b.json", "x")
    assert synced  # flushed to disk before the rename

    def boom(*a):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_atomic(tmp_path / "c.json", "x")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.json", "link.json", "real.json"]


def test_replays_are_byte_identical_under_another_hash_seed(tmp_path):
    """Saved records replay to the same log whatever PYTHONHASHSEED is."""
    from spec.games import all_games
    from verifier.api import walk
    logs = {}
    paths = []
    for gid, cls in sorted(all_games().items()):
        game = cls(players=cls().player_range().start)
        trace, _ = walk(game, 11, cap=200)
        path = tmp_path / f"{gid}.json"
        game.record(11, trace.moves).save(path)
        paths.append(str(path))
    for hashseed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hashseed}
        outs = []
        for p in paths:
            r = subprocess.run([sys.executable, "-m", "verifier.cli", "play", "--replay", p], env=env,
                               capture_output=True)
            assert r.returncode == 0, r.stderr
            outs.append(r.stdout)
        logs[hashseed] = outs
    assert logs["0"] == logs["12345"]
