"""The built Russian edition speaks Russian: no page holds a run of five English words.

The count is ``bench/english_runs.py`` (what it leaves out, code, identifiers and proper names, is said
there). The build computes the verifier tables of three games, one of each kind of generated evidence: a
beating game (Durak), a trick-taking game (Sixty-Six) and a game for stakes (Queen-and-Ace); the other
games' pages carry a line saying that their tables were not computed in this build.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.conftest import EDITION_GAMES

ROOT = Path(__file__).resolve().parent.parent
GAMES = EDITION_GAMES   # beating, trick-taking, stakes
#: the edition this file reads, built from the start of the test run (tests/conftest.py)
RULEBOOK_EDITIONS = (("ru", ",".join(GAMES)),)
# the fixture waits for the build (another xdist worker may be making it), as the browser test's does
pytestmark = pytest.mark.timeout(2400)


def _counter():
    spec = importlib.util.spec_from_file_location("english_runs", ROOT / "bench" / "english_runs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def russian_site(rulebook) -> Path:
    return rulebook(*RULEBOOK_EDITIONS[0])   # the build the browser test reads too (tests/conftest.py)


def test_the_three_games_verifier_tables_are_built(russian_site):
    for game in GAMES:
        page = (russian_site / "games" / f"{game}.html").read_text(encoding="utf-8")
        assert "cardspec-properties" in page, f"{game}: no verifier table on its Russian page"
    skipped = (russian_site / "games" / "bura.html").read_text(encoding="utf-8")
    assert "cardspec-properties" not in skipped


def test_no_page_of_the_russian_edition_holds_an_english_run(russian_site):
    report = _counter().count(str(russian_site), show=5)
    assert report["pages"] >= 30
    offenders = {page: p["first_runs"] for page, p in report["by_page"].items() if p["runs"]}
    assert not offenders, f"{report['runs']} English runs on the Russian edition's pages: {offenders}"
