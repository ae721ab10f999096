"""The shared runner: one walk and one search for many properties, a pool, and the result cache.

Its promise is that sharing changes nothing but the time: every property's
result is the one it gives when it runs alone, with 1 worker or 2, and a
cached result is the computed one.
"""

from __future__ import annotations

import json
import os
import sys

import pytest
from click.testing import CliRunner

from spec.games import get_game
from tests.helpers import SMALL
from verifier import api
from verifier.api import Root, Watch, explore, walk, walk_all, walked
from verifier.cache import ResultCache
from verifier.cli import main
from verifier.core import REGISTRY, Budget, Registry, run_property
from verifier.plan import Job, run_jobs
from verifier.runner import games_for, load_properties, verify_many
from verifier.sampling import sample

FIELDS = ("verdict", "method", "detail", "counterexample", "examples", "seed")


def same(result) -> dict:
    """What a result says, without its timing."""
    j = result.to_json()
    return {k: j[k] for k in ("property",) + FIELDS}


def alone(game_id, budget):
    load_properties()
    games = games_for(game_id)
    return [same(run_property(p, games, budget)) for p in REGISTRY.for_game(game_id)
            if p.applies is None or p.applies(games)]


@pytest.mark.parametrize("game_id", ["sixty_one", "kozel_old", "svinya"])
def test_shared_work_gives_every_property_its_own_result(game_id):
    """Walks, searches and presets shared, and a sampling unit (Old Kozel): each property as if alone."""
    shared = verify_many([(game_id, None, None)], budget=SMALL, workers=1)[0]
    assert [same(r) for r in shared] == alone(game_id, SMALL)


def test_a_pool_of_two_gives_what_one_process_gives():
    one = verify_many([("casino_war", None, None), ("sevens", None, None)], budget=SMALL, workers=1)
    two = verify_many([("casino_war", None, None), ("sevens", None, None)], budget=SMALL, workers=2)
    assert [[same(r) for r in rows] for rows in one] == [[same(r) for r in rows] for rows in two]


def _broken_walked(monkeypatch, name="total_stays_low"):
    """A walked property of Sixty-One, false on purpose: the announced total never passes 45 with four
    players. Sharing its walk with the generic properties must still give the refutation it gives alone."""
    registry = Registry()

    @walked("sixty_one", name, title="With four players the total never passes 45 (false on purpose)",
            registry=registry)
    def check(game, seed, budget, notes):
        def step(trace, state):
            if game.players == 4 and state.total > 45:
                raise trace.refute(f"the total is {state.total}", state)
        return Watch(step=step)
    prop = registry.get("sixty_one", name)
    monkeypatch.setitem(REGISTRY._props, ("sixty_one", name), prop)
    return prop


def test_a_property_that_fails_in_a_shared_walk_gets_its_own_counterexample(monkeypatch):
    prop = _broken_walked(monkeypatch)
    games = games_for("sixty_one")
    own = run_property(prop, games, SMALL)
    assert own.verdict == "refuted" and own.counterexample.record is not None
    shared = {r.property.name: r for r in verify_many([("sixty_one", None, None)], budget=SMALL, workers=1)[0]}
    assert same(shared[prop.name]) == same(own)
    # and the properties it shared the walk with are unaffected
    assert shared["cards_conserved"].verdict == "holds"


def test_an_invariant_that_fails_in_a_shared_search_gets_its_own_counterexample(monkeypatch):
    registry = Registry()

    @api.invariant("sixty_one", "total_stays_low", title="The total never passes 20 (false on purpose)",
                   registry=registry, presets=True)
    def low(game, state):
        return f"the total is {state.total}" if state.total > 20 else None
    prop = registry.get("sixty_one", "total_stays_low")
    monkeypatch.setitem(REGISTRY._props, ("sixty_one", "total_stays_low"), prop)
    own = run_property(prop, games_for("sixty_one"), SMALL)
    assert own.verdict == "refuted" and own.method == "exhaustive"
    shared = {r.property.name: r for r in verify_many([("sixty_one", None, None)], budget=SMALL)[0]}
    assert same(shared["total_stays_low"]) == same(own)
    assert shared["moves_match_clauses"].verdict == "holds"   # it shared the search, and is unaffected


def test_walk_all_gives_each_check_the_walk_it_would_get_alone():
    game = get_game("sixty_one")(players=4)
    seen = {k: [] for k in ("all", "short", "repeat")}

    def watch(key, **kw):
        return Watch(step=lambda trace, state: seen[key].append(state),
                     end=lambda trace, state: seen[key].append(("end", len(trace.moves))), **kw)
    walk_all(game, 5, {"all": watch("all"), "short": watch("short", cap=7),
                       "repeat": watch("repeat", stop_at_repeat=True)}, 5_000)
    trace, last = walk(game, 5)
    states = []
    walk(game, 5, lambda t, s: states.append(s))
    assert seen["all"] == states + [("end", len(trace.moves))]
    assert seen["short"] == states[:8] + [("end", 7)]
    assert seen["repeat"][:-1] == states  # a game of Sixty-One never repeats a position


def test_one_search_with_several_checks_finds_what_each_search_finds():
    game = get_game("sixty_one")(players=2)
    roots = [Root.deal(game, s) for s in range(3)]
    checks = {"pile": lambda s: "the pile holds three cards" if len(s.pile) == 3 else None,
              "never": lambda s: None,
              "total": lambda s: "the total passed 20" if s.total > 20 else None}
    both = explore(game, roots, checks=checks, longest=False)
    for name in ("pile", "total"):
        alone_ = explore(game, roots, check=checks[name], longest=False)
        assert both.failures[name] == alone_.failure
    plain = explore(game, roots, longest=False)
    assert "never" not in both.failures and (both.states, both.complete) == (plain.states, plain.complete)


def test_the_sample_does_not_depend_on_the_numbers_written_in_loaded_modules(tmp_path, monkeypatch):
    """hypothesis draws literals it finds in loaded project modules; the sample must not change with them."""
    games = games_for("sixty_one")

    def draws():
        seq = []
        sample(games, Budget(seed=7, examples=40), lambda g, s: seq.append((g.players, s)))
        return seq
    before = draws()
    (tmp_path / "numbers_module.py").write_text("NUMBERS = (123457, 99991, 4242424, 31337, 2**31 - 5)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    __import__("numbers_module")
    try:
        assert draws() == before
    finally:
        sys.modules.pop("numbers_module", None)


def test_a_z3_counterexample_does_not_depend_on_what_was_solved_before():
    load_properties()
    games = games_for("kozel_old")
    prop = REGISTRY.get("kozel_old", "every_half_can_be_won")
    first = run_property(prop, games, SMALL)
    run_property(REGISTRY.get("trix", "zero_sum_doubling"), games_for("trix"), SMALL)
    assert first.verdict == "refuted" and same(run_property(prop, games, SMALL)) == same(first)


# ------------------------------------------------------------------ cache

#: A quick budget for the cache's tests: what they check does not depend on its size.
QUICK = Budget(seed=1, examples=5, max_plays=500)


def _jobs():
    return [Job.of(games_for("casino_war"), QUICK)]


def test_cached_results_are_the_computed_ones(tmp_path):
    cache = ResultCache(str(tmp_path))
    computed = run_jobs(_jobs(), cache=cache)
    again = run_jobs(_jobs(), cache=ResultCache(str(tmp_path)))
    assert all(r.cached for rows in again for r in rows) and not any(r.cached for rows in computed for r in rows)
    assert [[same(r) for r in rows] for rows in again] == [[same(r) for r in rows] for rows in computed]



def test_a_result_read_from_the_cache_keeps_its_claims_scope(tmp_path):
    # Queen-and-Ace claims zero_sum only where no pot stays on the table: read back from the cache, the
    # verdict at pot_stays is still outside the claim (a refutation there is a finding, not "not as expected")
    from spec.games.queen_ace import QueenAce, Rules
    jobs = [Job.of([QueenAce(Rules(unclaimed_pot="stays"), players=3)], QUICK, only=["zero_sum"])]
    computed = run_jobs(jobs, cache=ResultCache(str(tmp_path)))
    again = run_jobs(jobs, cache=ResultCache(str(tmp_path)))
    (first,), (second,) = computed[0], again[0]
    assert second.cached and first.verdict == second.verdict
    assert first.expected is None and second.expected is None

SPOILERS = [
    lambda text: text[: len(text) // 2],                                        # cut short
    lambda text: "{}",                                                           # another shape
    lambda text: "[]",
    lambda text: '"holds"',
    lambda text: "\x00\xff not json",
    lambda text: text.replace('"format": 1', '"format": 0'),                  # another version
    lambda text: text.replace('"verdict": "holds"', '"verdict": "maybe"'),
    lambda text: text.replace('"verdict": "holds"', '"verdict": "refuted"'),  # a refutation with no evidence
    lambda text: text.replace('"seconds": ', '"seconds": -1'),
    lambda text: text.replace('"examples": ', '"examples": "many", "x": '),
]


def test_a_corrupt_cache_entry_is_computed_again_never_trusted(tmp_path):
    cache = ResultCache(str(tmp_path))
    computed = run_jobs(_jobs(), cache=cache)
    entries = sorted(str(p) for p in tmp_path.glob("*/*.json"))
    assert len(entries) == sum(map(len, computed)) > len(SPOILERS)
    for i, path in enumerate(entries):
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        spoilt = SPOILERS[i % len(SPOILERS)](text)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(spoilt)
    reader = ResultCache(str(tmp_path))
    again = run_jobs(_jobs(), cache=reader)
    assert reader.rejected > 0 and reader.rejected + reader.hits == len(entries)
    assert sum(not r.cached for rows in again for r in rows) == reader.rejected
    assert [[same(r) for r in rows] for rows in again] == [[same(r) for r in rows] for rows in computed]
    third = ResultCache(str(tmp_path))
    run_jobs(_jobs(), cache=third)
    assert (third.hits, third.rejected) == (len(entries), 0)  # each spoilt entry was written again, whole


def test_an_entry_of_another_property_is_not_read_for_this_one(tmp_path):
    cache = ResultCache(str(tmp_path))
    run_jobs(_jobs(), cache=cache)
    paths = sorted(tmp_path.glob("*/*.json"))
    a, b = paths[0], paths[1]
    b.write_text(a.read_text())           # b's file now holds a's entry (its key and property)
    reader = ResultCache(str(tmp_path))
    run_jobs(_jobs(), cache=reader)
    assert reader.rejected == 1


def test_the_rulebook_computes_nothing_the_cache_holds(tmp_path, monkeypatch):
    """``cardspec docs`` after ``cardspec verify``: every table comes from the cache."""
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "docs", "_ext"))
    try:
        import cardspec_sphinx
    finally:
        sys.path.pop(0)
    monkeypatch.setenv("CARDSPEC_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("CARDSPEC_DOCS_GAMES", "casino_war,sevens")
    out = CliRunner().invoke(main, ["verify", "casino_war", "sevens"])
    assert out.exit_code == 0, out.output

    def no_work(*args, **kwargs):
        raise AssertionError("the rulebook computed a result that the cache holds")
    monkeypatch.setattr("verifier.plan.execute", no_work)

    class App:
        config = type("Config", (), {"cardspec_seed": Budget.seed, "cardspec_examples": Budget.examples})()
        builder = type("Builder", (), {"name": "html"})()

    class Env:
        app = App()
        config = App.config
    cardspec_sphinx._verify_all(Env.app)    # before the pages are read: every game the build shows
    assert set(Env.app._cardspec_results) == {"casino_war", "sevens"}
    results = cardspec_sphinx._verify(Env(), "casino_war")
    assert results and all(r.cached for r in results)
    assert all(r.cached for r in cardspec_sphinx._verify(Env(), "sevens"))


# -------------------------------------------------------- command line

def run(*args, env=None):
    result = CliRunner().invoke(main, list(args), catch_exceptions=False, env=env)
    return result.exit_code, result.stdout, result.stderr


def test_verify_prints_one_line_per_game_and_a_total(tmp_path):
    env = {"CARDSPEC_CACHE_DIR": str(tmp_path)}
    code, out, _ = run("verify", "casino_war", "sevens", "--examples", "5", "--workers", "1", env=env)
    lines = [ln for ln in out.splitlines() if ln.startswith("│")]
    assert code == 0 and [ln.split("│")[1].strip() for ln in lines] == ["casino_war", "sevens", "total"]
    assert "cards_conserved" not in out and "computed" in out
    code, out, _ = run("verify", "casino_war", "sevens", "--examples", "5", "--details", env=env)
    assert code == 0 and "cards_conserved" in out and "cached" in out
    assert out.rstrip().endswith("read from the cache, 0 computed; " + out.rstrip().rsplit("computed; ", 1)[1])


def test_cache_info_and_clear(tmp_path):
    env = {"CARDSPEC_CACHE_DIR": str(tmp_path)}
    run("verify", "casino_war", "--examples", "5", "--workers", "1", env=env)
    code, out, _ = run("cache", "info", env=env)
    n = len(list(tmp_path.glob("*/*.json")))
    assert code == 0 and n > 0 and out.strip() == f"{tmp_path}: {n} results"
    (tmp_path / "keep.txt").write_text("not ours")
    code, out, _ = run("cache", "clear", env=env)
    assert code == 0 and out.strip() == f"{tmp_path}: {n} results removed"
    assert not list(tmp_path.glob("*/*.json")) and (tmp_path / "keep.txt").exists()


def test_no_cache_keeps_nothing(tmp_path):
    code, _, _ = run("verify", "casino_war", "--examples", "5", "--workers", "1", "--no-cache",
                     env={"CARDSPEC_CACHE_DIR": str(tmp_path)})
    assert code == 0 and not list(tmp_path.glob("*/*.json"))


def test_verify_json_keeps_its_fields(tmp_path):
    code, out, _ = run("verify", "casino_war", "--examples", "5", "--json", "--workers", "1",
                       env={"CARDSPEC_CACHE_DIR": str(tmp_path)})
    doc = json.loads(out)
    assert code == 0 and set(doc) == {"games", "variant", "seed", "examples", "ok", "results"}
    assert set(doc["results"][0]) == {"game", "property", "title", "clauses", "method", "verdict", "expected",
                                      "scope", "seconds", "detail", "counterexample", "examples", "seed"}


def test_unit_of_a_long_match_is_stated():
    from verifier.runner import load_properties
    load_properties()
    assert api.unit_of("kozel_old") and api.unit_of("queen_ace") is None
    cards = {r.property.name: r for r in verify_many([("kozel_old", None, None)], budget=SMALL,
                                                        only=["cards_conserved"])[0]}
    assert api.unit_of("kozel_old") in cards["cards_conserved"].detail


def test_a_games_cached_results_depend_on_its_own_modules_and_the_shared_code_only():
    from verifier.cache import _other_game
    assert _other_game("spec/games/durak.py", "bura") and _other_game("verifier/games/durak.py", "bura")
    assert not _other_game("spec/games/bura.py", "bura") and not _other_game("verifier/games/bura.py", "bura")
    assert not _other_game("spec/games/_sixty_six_solver.py", "sixty_six")
    assert _other_game("spec/games/_sixty_six_solver.py", "bura")
    for shared in ("spec/games/__init__.py", "spec/tricks.py", "verifier/generic.py", "verifier/core.py"):
        assert not _other_game(shared, "bura")
