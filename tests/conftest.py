"""Test configuration: a fixed, seeded hypothesis profile so CI is deterministic."""

from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, database=None, deadline=None, max_examples=40,
                          print_blob=False, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci")


import os  # noqa: E402
import resource  # noqa: E402
import shutil  # noqa: E402
from pathlib import Path  # noqa: E402

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


#: an English edition already built with warnings as errors (``-W -n``) and every game's verifier tables:
#: ``.ci/run`` builds it before the tests and names it here, so that the tests read it instead of building
#: a second English edition (the browser test's pages hold more with the tables, never less)
PREBUILT_ENGLISH = "CARDSPEC_TEST_ENGLISH_EDITION"


def _shared_folder(tmp_path_factory) -> Path:
    """The folder every process of this test run sees: with pytest-xdist, the parent of the workers' own
    temporary folders (the plugin's documented pattern); in one process, the run's own temporary folder."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


class _Edition:
    """One html edition of the rulebook for the tests (``lang``; the verifier tables of ``games``, ``"none"``:
    none), built once per test run into the shared folder, with warnings as errors. Its file lock is held
    while it is built: whoever wants it waits for the build, and reads it or the build's failure."""

    def __init__(self, shared: Path, lang: str, games: str):
        self.lang, self.games = lang, games
        self.out = shared / f"rulebook-{lang}-{games.replace(',', '-')}"
        self.failed = self.out.with_name(self.out.name + ".failed")
        self.lock = str(self.out) + ".lock"
        self.results = shared / "rulebook-results"   # the build's own result cache, as the tests' are
        self.proc = None

    def settled(self) -> bool:
        return self.out.exists() or self.failed.exists()

    def build(self) -> None:
        """Build it (the caller holds the lock); a build cut short is never read as done."""
        import subprocess
        import sys
        docs = Path(__file__).resolve().parent.parent / "docs"
        partial = self.out.with_name(self.out.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)
        env = {**os.environ, "CARDSPEC_DOCS_GAMES": self.games, "CARDSPEC_CACHE_DIR": str(self.results),
               "CARDSPEC_WORKERS": "1"}
        self.proc = subprocess.Popen([sys.executable, "-m", "sphinx", "-E", "-W", "-n", "--keep-going", "-q", "-j",
                                      "auto", "-b", "html", "-D", f"language={self.lang}", str(docs), str(partial)],
                                     env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        _, err = self.proc.communicate()
        if self.proc.returncode == 0:
            partial.rename(self.out)
        elif self.proc.returncode > 0:   # not stopped by a signal: every process that asks fails with its message
            self.failed.write_text(err[-3000:], encoding="utf-8")

    def get(self) -> Path:
        from filelock import FileLock
        with FileLock(self.lock):
            if not self.settled():
                self.build()
        assert not self.failed.exists(), self.failed.read_text(encoding="utf-8")
        assert self.out.exists(), f"the build of {self.out.name} was stopped before it ended"
        return self.out


def _prebuilt(lang: str, games: str) -> Path | None:
    prebuilt = os.environ.get(PREBUILT_ENGLISH)
    if prebuilt and lang == "en" and games == "none":
        assert (Path(prebuilt) / "index.html").is_file(), f"{PREBUILT_ENGLISH}={prebuilt}: no built rulebook there"
        return Path(prebuilt)
    return None


@pytest.fixture(autouse=True, scope="session")
def _rulebooks_started_early(request, tmp_path_factory):
    """The editions the selected tests read (``RULEBOOK_EDITIONS`` of their modules) are built in the
    background from the start of the run, while the other tests run, instead of when the first test that
    reads one reaches it: a build takes minutes, mostly on one core. With pytest-xdist, the first worker
    to take an edition's lock builds it; the others go on with their tests."""
    import threading

    from filelock import FileLock, Timeout

    wanted = dict.fromkeys(e for item in request.session.items
                           for e in getattr(getattr(item, "module", None), "RULEBOOK_EDITIONS", ()))
    shared = _shared_folder(tmp_path_factory)
    editions = [_Edition(shared, lang, games) for lang, games in wanted if _prebuilt(lang, games) is None]

    def build_all():
        for edition in editions:
            lock = FileLock(edition.lock)
            try:
                lock.acquire(timeout=0)
            except Timeout:   # another worker builds it
                continue
            try:
                if not edition.settled():
                    edition.build()
            finally:
                lock.release()
    builder = threading.Thread(target=build_all, name="rulebook-editions", daemon=True)
    if editions:
        builder.start()
    yield
    try:
        while builder.is_alive():   # another worker may be waiting for a build this one makes
            if request.session.shouldstop or request.session.shouldfail:
                break
            builder.join(1)
    finally:
        for edition in editions:   # the run is cut short (or interrupted): nobody reads the builds
            if edition.proc is not None and edition.proc.poll() is None:
                edition.proc.terminate()


@pytest.fixture(scope="session")
def rulebook(tmp_path_factory):
    """``rulebook(lang, games)``: the html rulebook in ``lang``, built with the verifier tables of ``games``
    (``CARDSPEC_DOCS_GAMES``; ``"none"``: no tables) and warnings as errors, once per test run for every
    test that reads that edition (the browser test and the Russian edition's, which list it in their
    ``RULEBOOK_EDITIONS``, so that it is started early): a build costs minutes. With pytest-xdist, one
    worker builds it under a file lock and the others read its build (or its failure), never building it
    again."""
    shared = _shared_folder(tmp_path_factory)

    def build(lang: str, games: str = "none") -> Path:
        return _prebuilt(lang, games) or _Edition(shared, lang, games).get()
    return build
