"""Test configuration: a fixed, seeded hypothesis profile so CI is deterministic."""

from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, database=None, deadline=None, max_examples=40,
                          print_blob=False, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci")


import resource  # noqa: E402

import pytest  # noqa: E402

#: The test run's memory limit (address space; soft, so that a child such as Chromium may lift it): a
#: rule that loops and grows fails with a MemoryError in seconds instead of exhausting the machine.
#: Each test also has a time limit (pytest-timeout, ``timeout`` in pyproject.toml).
MEMORY_LIMIT = 6 * 2**30
_soft, _hard = resource.getrlimit(resource.RLIMIT_AS)
if _soft == resource.RLIM_INFINITY or _soft > MEMORY_LIMIT:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, _hard))


@pytest.fixture(autouse=True, scope="session")
def _own_result_cache(tmp_path_factory):
    """The command line's result cache lives in a folder of the test run's own, never the user's, and
    the command line works in its own process (starting a pool for every small command costs seconds;
    tests/test_plan.py and tests/test_sweep.py check the pool itself)."""
    mp = pytest.MonkeyPatch()
    mp.setenv("CARDSPEC_CACHE_DIR", str(tmp_path_factory.mktemp("result-cache")))
    mp.setenv("CARDSPEC_WORKERS", "1")
    yield
    mp.undo()


#: the games whose verifier tables a built Russian edition carries: a beating game, a trick-taking game and
#: a game for stakes (one of each kind of generated evidence; tests/test_russian_edition.py)
EDITION_GAMES = ("durak", "sixty_six", "queen_ace")


@pytest.fixture(scope="session")
def rulebook(tmp_path_factory):
    """``rulebook(lang, games)``: the html rulebook in ``lang``, built with the verifier tables of ``games``
    (``CARDSPEC_DOCS_GAMES``; ``"none"``: no tables) and warnings as errors, once per test run for every
    test that reads that edition (the browser test and the Russian edition's): a build costs minutes."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    built: dict[tuple[str, str], Path] = {}
    docs = Path(__file__).resolve().parent.parent / "docs"

    def build(lang: str, games: str = "none") -> Path:
        if (lang, games) not in built:
            out = tmp_path_factory.mktemp(f"rulebook-{lang}")
            done = subprocess.run([sys.executable, "-m", "sphinx", "-E", "-W", "-n", "--keep-going", "-q", "-j", "auto",
                                   "-b", "html", "-D", f"language={lang}", str(docs), str(out)],
                                  env={**os.environ, "CARDSPEC_DOCS_GAMES": games}, capture_output=True, text=True)
            assert done.returncode == 0, done.stderr[-3000:]
            built[lang, games] = out
        return built[lang, games]
    return build
