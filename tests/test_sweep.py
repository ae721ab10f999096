"""Variant sweeps: grids, the summary of deciding options, resuming, and the Dask backend."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from spec.errors import CardspecError
from verifier.cli import main
from verifier.core import Budget
from verifier.sweep import Grid, run_sweep, summarize

BUDGET = Budget(seed=3, examples=6, z3_timeout_ms=10_000, max_plays=2_000)
PROPS = ("one_loser", "terminates_4p", "terminates_5p")


def stable(doc):
    """A sweep document without timings (which differ run to run)."""
    return sorted((json.dumps(r["point"], sort_keys=True), r["property"], r["verdict"], r["detail"],
                   json.dumps(r["counterexample"], sort_keys=True)) for r in doc["results"])


def grid():
    return Grid.parse("sixty_one", vary=["turnover_order=flip,reverse"], players="4-5", properties=PROPS)


@pytest.mark.parametrize("kwargs, says", [
    ({"vary": ["turnover_order"]}, "field=v1,v2"),
    ({"vary": ["colour=red"]}, "rules field 'colour' is unknown"),
    ({"players": "1-3"}, "1 players; allowed: 2 to 12"),
    ({"players": "two"}, "write a count"),
    ({"properties": ["nope"]}, "not a property of sixty_one"),
])
def test_bad_grids_say_what_is_allowed(kwargs, says):
    with pytest.raises(CardspecError, match=says):
        Grid.parse("sixty_one", **kwargs)


def test_invalid_combinations_are_skipped_with_the_reason():
    g = Grid.parse("sixty_one", vary=["hand_size=3,6", "losing_total=61,5000"], players="7")
    assert [p.rules for p in g.points()] == [{"hand_size": 3, "losing_total": 61}]
    reasons = {json.dumps(p.rules): why for p, why in g.invalid()}
    assert "7 players are not allowed" in reasons['{"hand_size": 6, "losing_total": 61}']
    assert "rules: key 'losing_total'" in reasons['{"hand_size": 3, "losing_total": 5000}']


def test_a_point_no_player_count_can_play_says_so_not_an_empty_range():
    # twenty cards each in a 36-card pack leave nothing for even two players
    g = Grid.parse("svinya", vary=["deck=36", "hand_size=20"], players="2")
    assert [why for _, why in g.invalid()] == ["2 players are not allowed with these rules (no player count at all)"]
    # a deck is text: deck=36 is the 36-card pack, not the number 36
    assert Grid.parse("svinya", vary=["deck=36"]).vary == {"deck": ("36",)}
    six = Grid.parse("sixty_one", vary=["hand_size=6"], players="7")
    assert [why for _, why in six.invalid()] == ["7 players are not allowed with these rules (2-6)"]


def test_summary_names_the_deciding_options():
    def r(order, n, verdict, keep="x"):
        return {"property": f"terminates_{n}p", "verdict": verdict,
                "point": {"rules": {"turnover_order": order, "keep": keep}, "players": n}}
    results = [r("flip", n, "holds" if n <= 5 else "refuted") for n in range(2, 9)]
    results += [r("reverse", n, "holds" if n <= 4 else "refuted") for n in range(2, 9)]
    out = summarize(results, ["turnover_order", "keep"])
    assert out["terminates_Np"] == ("holds exactly when (turnover_order = flip and players 2-5) or "
                                    "(turnover_order = reverse and players 2-4)")
    assert summarize([r("flip", 2, "holds")], ["turnover_order"])["terminates_Np"] == "holds at all 1 points"


def test_summary_of_a_table_valued_option():
    # Sixty-One's values is swept as tables; a table is a dict, which must still key the summary
    def r(values, n, verdict):
        return {"property": "ends", "verdict": verdict, "point": {"rules": {"values": values}, "players": n}}
    results = [r({"10": -12}, 2, "holds"), r({"10": -12}, 3, "holds"), r({"10": 10}, 2, "refuted"),
               r({"10": 10}, 3, "refuted")]
    assert summarize(results, ["values"])["ends"] == "holds exactly when values = {10 = -12}"
    assert summarize(results, ["values"], literal=True)["ends"] == "holds exactly when ``values = {10 = -12}``"


def test_a_sweep_resumes_after_an_interrupt(tmp_path):
    whole = run_sweep(grid(), BUDGET, workers=1, cache_dir=None)
    calls = []

    def stop_after_three(done, total):
        calls.append(done)
        if done >= 3:
            raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        run_sweep(grid(), BUDGET, workers=1, cache_dir=str(tmp_path), progress=stop_after_three)
    again = run_sweep(grid(), BUDGET, workers=1, cache_dir=str(tmp_path))
    assert again["resumed"] == 3 and again["tasks"] == whole["tasks"]
    assert stable(again) == stable(whole)
    assert run_sweep(grid(), BUDGET, workers=1, cache_dir=str(tmp_path))["resumed"] == whole["tasks"]


def test_splitting_an_exhaustive_search_keeps_the_verdicts():
    g = Grid.parse("sixty_one", players="3", properties=("moves_match_clauses",))
    one = run_sweep(g, BUDGET, workers=1, split=1)
    if not one["results"]:
        pytest.skip("sixty_one lists no candidate moves yet")
    three = run_sweep(g, BUDGET, workers=1, split=3)
    assert three["tasks"] == one["tasks"]
    assert [r["verdict"] for r in three["results"]] == [r["verdict"] for r in one["results"]]
    assert "in 3 shards" in three["results"][0]["detail"]


def test_local_pool_and_dask_cluster_give_the_same_results():
    distributed = pytest.importorskip("dask.distributed")
    local = run_sweep(grid(), BUDGET, workers=2)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None,
                                  processes=True) as cluster:
        remote = run_sweep(grid(), BUDGET, scheduler=cluster.scheduler_address)
    assert stable(remote) == stable(local)


def test_sweep_command_json_and_csv(tmp_path):
    out = CliRunner().invoke(main, ["sweep", "sixty_one", "--vary", "turnover_order=flip", "--vary",
                                    "turnover_timing=at_draw,keep_last", "--players",
                                    "5", "--only", "terminates_5p", "--json", "--workers", "1", "--examples", "5",
                                    "--cache", str(tmp_path / "c"), "--csv", str(tmp_path / "s.csv")])
    assert out.exit_code == 0, out.output
    doc = json.loads(out.stdout)
    assert {r["point"]["rules"]["turnover_timing"]: r["verdict"] for r in doc["results"]}["keep_last"] == "holds"
    assert set(doc["results"][0]) >= {"game", "property", "title", "clauses", "method", "verdict", "expected",
                                      "seconds", "detail", "counterexample", "examples", "seed", "point"}
    assert "terminates_Np" in doc["summary"]
    assert (tmp_path / "s.csv").read_text().splitlines()[0].startswith("turnover_order,turnover_timing,players,property")


def test_sweep_command_bad_input_is_one_line():
    out = CliRunner().invoke(main, ["sweep", "sixty_one", "--vary", "nope=1"])
    assert out.exit_code == 2 and out.stderr.count("\n") == 1


def test_sweep_exits_1_when_a_claim_fails_inside_its_scope():
    from spec.games.queen_ace import CLAUSES
    with CLAUSES.replaced("queen-ace-unclaimed", lambda stakes, out, rule="returned": ()):
        out = CliRunner().invoke(main, ["sweep", "queen_ace", "--vary", "max_stake=4,5", "--players", "3",
                                        "--only", "ends_settled", "--workers", "1", "--no-cache", "--examples", "20"])
    assert out.exit_code == 1, out.output
    assert "2 results not as expected" in out.output and "queen_ace.ends_settled at max_stake=4, 3p" in out.output


def test_declared_space_sweeps_every_option_away_from_the_defaults():
    from verifier.space import declared_space
    space = declared_space("queen_ace")
    rules = [dict(p.rules) for p in space.points()]
    assert {} in rules and {"last_player": "takes_pot"} in rules and {"unclaimed_pot": "stays"} in rules
    # integers: the bounds and the values either side of the default, each alone
    assert {"max_stake": 100} in rules and {"max_stake": 4} in rules and {"min_stake": 2} in rules
    assert {p.players for p in space.points()} == set(space.players)


def test_a_summary_names_an_omitted_option_by_its_default():
    def r(tricks, verdict):
        rules = {} if tricks is None else {"king_tricks": tricks}
        return {"game": "koroli", "property": "p", "verdict": verdict, "point": {"rules": rules, "players": 4}}
    out = summarize([r(None, "holds"), r(11, "holds"), r(1, "refuted")], ["king_tricks"])
    assert out["p"] == "holds exactly when king_tricks = 10 or king_tricks = 11", out


def test_a_summary_of_a_declared_space_is_told_by_its_exceptions_when_that_is_shorter():
    # a declared space changes one option at a time: naming the few points that fail is shorter than
    # listing every combination under which it holds
    def r(rules, n, verdict):
        return {"property": f"ends_{n}p", "verdict": verdict, "point": {"rules": rules, "players": n}}
    fields = [f"option_{i}" for i in range(5)]
    results = [r({}, n, "holds" if n < 6 else "refuted") for n in range(2, 7)]
    results += [r({f: 1}, n, "holds" if n < 5 - i else "refuted") for i, f in enumerate(fields) for n in range(2, 7)]
    results += [r({"option_0": 1, "option_1": 1}, 2, "unknown")]
    out = summarize(results, fields)["ends_Np"]
    assert out == ("holds at 10 of 31 points, all but: refuted at the defaults (6 players); option_0 = 1 (players "
                   "5-6); option_1 = 1 (players 4-6); option_2 = 1 (players 3-6); option_3 = 1 (players 2-6); "
                   "option_4 = 1 (players 2-6); unknown at option_0 = 1 and option_1 = 1 (2 players)"), out
    assert summarize(results, fields, literal=True)["ends_Np"].startswith(
        "holds at 10 of 31 points, all but: refuted at the defaults (6 players); ``option_0 = 1`` (players 5-6)")
