"""The command line: output, exit codes, and one-line errors for bad input."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from verifier.cli import main


def run(*args):
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_list():
    code, out, _ = run("list")
    assert code == 0 and "sixty_one" in out and "Шестьдесят одно" in out


def test_verify_json_document():
    code, out, _ = run("verify", "sixty_one", "--json", "--examples", "5", "--only", "deck_value",
                       "--only", "one_loser")
    doc = json.loads(out)
    assert code == 0 and doc["ok"] and doc["games"] == ["sixty_one"]
    r = doc["results"][0]
    assert set(r) >= {"game", "property", "title", "clauses", "method", "verdict", "expected", "seconds",
                      "counterexample", "examples"}
    assert {x["property"]: x["method"] for x in doc["results"]} == {"deck_value": "z3", "one_loser": "hypothesis"}


def test_verify_a_variant_outside_a_claims_scope_reports_a_finding_with_its_record(tmp_path):
    # zero_sum is claimed only where no pot can stay on the table (Queen-and-Ace's GENERIC_SCOPES): a house
    # rule that leaves an unclaimed pot there is not the claim's fault, so the verdict is a finding, exit 0
    path = tmp_path / "stays.toml"
    path.write_text('game = "queen_ace"\nplayers = 3\n[rules]\nunclaimed_pot = "stays"\n')
    code, out, _ = run("verify", "--variant", str(path), "--only", "zero_sum")
    assert code == 0 and "findings about these rules" in out and "refuted outside its scope" in out
    assert "sum to" in out and "replay:" in out


@pytest.mark.parametrize("text, key", [
    ('game = "sixty_one"\nwibble = 1\n', "wibble"),
    ('game = "nope"\n', "game"),
    ('game = "sixty_one"\n[rules]\nlosing_total = "x"\n', "rules.losing_total"),
    ('game = "sixty_one"\n[rules]\nhand_size = 99\n', "rules.hand_size"),
    ('game = "sixty_one"\n[rules]\nturnover_order = "up"\n', "rules.turnover_order"),
    ('game = "sixty_one"\nplayers = 13\n', "players"),
    ('game = "sixty_one"\n[rules\n', None),
])
def test_bad_variant_is_one_line_exit_2(tmp_path, text, key):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    code, out, err = run("verify", "--variant", str(path))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and str(path) in err and "Traceback" not in err
    if key:
        assert f"key '{key}'" in err and "allowed" in err


def test_unknown_game_exit_2():
    code, _, err = run("verify", "whist")
    assert code == 2 and "unknown game 'whist'" in err and err.count("\n") == 1


def test_play_save_and_replay(tmp_path):
    path = tmp_path / "g.json"
    code, out, _ = run("play", "sixty_one", "--players", "4", "--seed", "3", "--save", str(path))
    assert code == 0 and "result: lost: P" in out
    code, out2, _ = run("play", "--replay", str(path))
    assert code == 0 and out2.splitlines()[-1] == out.splitlines()[-2]


def test_replay_with_illegal_move_is_one_line(tmp_path):
    path = tmp_path / "g.json"
    path.write_text(json.dumps({"game": "sixty_one", "players": 2, "seed": 1, "moves": ["Q♠", "Q♠", "Q♠"]}))
    code, _, err = run("play", "--replay", str(path))
    assert code == 2 and "illegal move" in err and err.count("\n") == 1


def test_simulate():
    code, out, _ = run("simulate", "sixty_one", "-n", "20", "--players", "3")
    assert code == 0 and "moves per game" in out
    # Sixty-One has one loser a game: the table says losses per seat, and they add up to the games
    lost = [int(m) for m in re.findall(r"P\d: games lost\s*│\s*(\d+) of 20", out)]
    assert len(lost) == 3 and sum(lost) == 20


def test_simulate_stops_games_shown_endless():
    code, out, _ = run("simulate", "pyanitsa", "-n", "20")
    endless = int(re.search(r"endless \(a position came back, every move since forced\)\s*│\s*(\d+)", out).group(1))
    assert code == 0 and endless > 0 and "moves per finished game" in out
    assert re.search(r"unfinished \(hit the cap\)\s*│\s*0\b", out)


def test_simulate_scored_game_reports_mean_scores():
    code, out, _ = run("simulate", "kerosinka", "-n", "3")
    assert code == 0 and out.count("mean score") == 4 and "games lost" not in out


def test_unknown_property_exit_2():
    code, _, err = run("verify", "sixty_one", "--only", "nonsense")
    assert code == 2 and "no such property" in err and "deck_value" in err


@pytest.mark.parametrize("command", [("play", "sixty_one"), ("simulate", "sixty_one", "-n", "1"),
                                     ("verify", "sixty_one"), ("sweep", "sixty_one")])
def test_a_negative_seed_is_refused_it_would_deal_as_its_opposite(command):
    # random.Random seeds an integer by its absolute value: -5 and 5 would give the same first shuffle
    import random
    assert random.Random(-5).random() == random.Random(5).random()
    code, _, err = run(*command, "--seed", "-5")
    assert code == 2 and "-5 is not in the range 0<=x<=9223372036854775807" in err and err.count("\n") == 1
