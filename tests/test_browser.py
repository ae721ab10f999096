"""The rulebook in a real browser: both editions built, served on 127.0.0.1, driven by headless Chromium.

Checks, in English and Russian: every page loads with no JavaScript error (nor a failed
resource); the search returns results; every internal link and anchor resolves (the
links between the two editions included). The English build leaves the verifier tables out
(``CARDSPEC_DOCS_GAMES=none``), unless ``.ci/run`` has built the English edition with every game's
tables before the tests (``CARDSPEC_TEST_ENGLISH_EDITION``): then the test reads that one; the Russian
one is the Russian edition test's, with three games' tables, built once for both (``tests/conftest.py``).

Run alone with ``pytest -m browser``; skipped with a reason when Chromium is missing
(``.ci/run`` installs Debian's ``chromium``).
"""

from __future__ import annotations

import functools
import html.parser
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time
import urllib.parse
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest

from tests.conftest import EDITION_GAMES

pytestmark = [pytest.mark.browser, pytest.mark.timeout(2400)]  # the fixture builds both editions
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
#: a word every edition's search must find, by language
SEARCHES = {"html": ["trump", "Durak"], "html-ru": ["козырь", "дурак"]}
#: the editions this file reads, built from the start of the test run (tests/conftest.py): none without
#: Chromium, as the tests are skipped then
RULEBOOK_EDITIONS = (("en", "none"), ("ru", ",".join(EDITION_GAMES))) if CHROMIUM else ()


@pytest.fixture(scope="module")
def site(rulebook):
    if CHROMIUM is None:
        pytest.skip("no chromium on PATH (Debian: apt-get install chromium)")
    # the two editions side by side, as the site serves them; the Russian one is the build the Russian
    # edition's test reads (with three games' verifier tables), made once per test run
    out = tempfile.mkdtemp(prefix="cardspec-browser-")
    os.symlink(rulebook(*RULEBOOK_EDITIONS[0]), os.path.join(out, "html"))
    os.symlink(rulebook(*RULEBOOK_EDITIONS[1]), os.path.join(out, "html-ru"))
    handler = functools.partial(_QuietHandler, directory=out)
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield out, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    shutil.rmtree(out, ignore_errors=True)


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def _lift_memory_limit() -> None:
    """Chromium reserves a large address space: lift the test run's soft memory limit for it."""
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (resource.getrlimit(resource.RLIMIT_AS)[1],) * 2)


class Browser:
    """Headless Chromium over the DevTools protocol: navigate, collect errors, evaluate."""

    def __init__(self):
        import websocket
        self.profile = tempfile.mkdtemp(prefix="cardspec-chromium-")
        self.proc = subprocess.Popen([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                      "--remote-debugging-port=0", f"--user-data-dir={self.profile}", "about:blank"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                     preexec_fn=_lift_memory_limit)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        for _ in range(200):
            if os.path.exists(port_file) and open(port_file).read().count("\n") >= 1:
                break
            time.sleep(0.05)
        port = open(port_file).read().split()[0]
        import urllib.request
        for _ in range(100):
            try:
                targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json"))
                break
            except OSError:
                time.sleep(0.05)
        page = next(t for t in targets if t["type"] == "page")
        self.ws = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=30, suppress_origin=True)
        self.next_id = 0
        self.events: list[dict] = []
        for method in ("Page.enable", "Runtime.enable", "Log.enable"):
            self.call(method)

    def call(self, method: str, **params) -> dict:
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            self.events.append(msg)

    def visit(self, url: str) -> list[str]:
        """Load ``url``; return its JavaScript errors and failed loads."""
        self.events.clear()
        self.call("Page.navigate", url=url)
        deadline = time.time() + 30
        while not any(e.get("method") == "Page.loadEventFired" for e in self.events):
            if time.time() > deadline:
                return [f"{url}: did not finish loading in 30 s"]
            self.events.append(json.loads(self.ws.recv()))
        self.evaluate("1")       # let queued messages arrive
        errors = []
        for e in self.events:
            if e.get("method") == "Runtime.exceptionThrown":
                d = e["params"]["exceptionDetails"]
                errors.append(d.get("exception", {}).get("description") or d.get("text"))
            elif e.get("method") == "Log.entryAdded" and e["params"]["entry"]["level"] == "error" \
                    and not e["params"]["entry"].get("url", "").endswith("/favicon.ico"):
                errors.append(f"{e['params']['entry']['text']} ({e['params']['entry'].get('url', '')})")
            elif e.get("method") == "Runtime.consoleAPICalled" and e["params"]["type"] == "error":
                errors.append(" ".join(str(a.get("value")) for a in e["params"]["args"]))
        return errors

    def evaluate(self, expression: str):
        return self.call("Runtime.evaluate", expression=expression, returnByValue=True)["result"].get("value")

    def close(self):
        self.ws.close()
        self.proc.terminate()
        self.proc.wait(10)
        shutil.rmtree(self.profile, ignore_errors=True)


@pytest.fixture(scope="module")
def browser(site):
    b = Browser()
    yield b
    b.close()


def _pages(out: str, edition: str) -> list[str]:
    base = os.path.join(out, edition)
    return sorted(os.path.relpath(os.path.join(d, f), base).replace(os.sep, "/")
                  for d, _, files in os.walk(base) for f in files if f.endswith(".html"))


@pytest.mark.parametrize("edition", ["html", "html-ru"])
def test_every_page_loads_without_a_javascript_error(site, browser, edition):
    out, url = site
    pages = _pages(out, edition)
    assert len(pages) > 30
    failures = {}
    for page in pages:
        errors = browser.visit(f"{url}/{edition}/{page}")
        if errors:
            failures[page] = errors
    assert not failures, failures


@pytest.mark.parametrize("edition", ["html", "html-ru"])
def test_search_finds_results(site, browser, edition):
    out, url = site
    for word in SEARCHES[edition]:
        assert not browser.visit(f"{url}/{edition}/search.html?q={urllib.parse.quote(word)}")
        count = 0
        for _ in range(100):        # the index loads and the results render asynchronously
            count = browser.evaluate("document.querySelectorAll('#search-results li, ul.search li').length")
            if count:
                break
            time.sleep(0.1)
        assert count > 0, f"{edition}: searching for {word!r} found nothing"


class _Links(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids: set[str] = set()
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("name"):
            self.ids.add(a["name"])
        for key in ("href", "src"):
            if a.get(key) and not (tag == "link" and key == "href" and a.get("rel") == "preconnect"):
                self.hrefs.append(a[key])


def test_every_internal_link_and_anchor_resolves(site):
    out, _ = site
    parsed: dict[str, _Links] = {}

    def parse(path):
        if path not in parsed:
            p = _Links()
            p.feed(open(path, encoding="utf-8").read())
            parsed[path] = p
        return parsed[path]

    broken, checked = [], 0
    for edition in ("html", "html-ru"):
        for page in _pages(out, edition):
            path = os.path.join(out, edition, page)
            for href in parse(path).hrefs:
                target = urllib.parse.urlsplit(href)
                if target.scheme or target.netloc or href.startswith(("mailto:", "javascript:", "data:")):
                    continue
                file = os.path.normpath(os.path.join(os.path.dirname(path), urllib.parse.unquote(target.path))) \
                    if target.path else path
                checked += 1
                if not os.path.exists(file):
                    broken.append(f"{edition}/{page}: {href} (no such file)")
                elif target.fragment and file.endswith(".html") and \
                        urllib.parse.unquote(target.fragment) not in parse(file).ids:
                    broken.append(f"{edition}/{page}: {href} (no such anchor)")
    assert checked > 1000
    assert not broken, broken[:40]


def test_each_page_links_to_the_other_language(site):
    out, _ = site
    for edition, other in (("html", "html-ru"), ("html-ru", "html")):
        for page in ("index.html", "games/durak.html", "errata.html"):
            p = _Links()
            p.feed(open(os.path.join(out, edition, page), encoding="utf-8").read())
            depth = page.count("/")
            assert "../" * depth + f"../{other}/{page}" in p.hrefs, (edition, page)


def _wait(browser, expression: str, seconds: float = 90):
    """Evaluate ``expression`` until it is truthy (Pyodide and the bot work asynchronously)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = browser.evaluate(expression)
        if value:
            return value
        time.sleep(0.2)
    return None


@pytest.mark.parametrize("edition", ["html", "html-ru"])
def test_the_play_panel_plays_a_move_and_explains_a_refused_one(site, browser, edition):
    """The rules run in the page (Pyodide, self-hosted): open Sixty-One's panel, play a legal move,
    type an illegal one, and read the clause that refuses it, linked to the clause on the page."""
    out, url = site
    assert os.path.exists(os.path.join(out, edition, "_static", "pyodide", "pyodide.asm.wasm"))
    assert not browser.visit(f"{url}/{edition}/games/sixty_one.html")
    assert browser.evaluate("!!document.querySelector('.cardspec-play-open')")
    assert browser.evaluate("typeof loadPyodide") == "undefined"   # nothing loads before the panel opens
    browser.evaluate("document.querySelector('.cardspec-play-open').click()")
    moves = _wait(browser, "document.querySelectorAll('.cardspec-play-move').length")
    assert moves, browser.evaluate("document.querySelector('.cardspec-play-body').innerText")
    log = "(document.querySelector('.cardspec-play-log') || {innerText: ''}).innerText.split('\\n').length"
    before = browser.evaluate(log)
    browser.evaluate("document.querySelector('.cardspec-play-move').click()")
    assert _wait(browser, f"{log} > {before}", 30)
    # a card the player does not hold: every card of the deck not shown in the hand row
    from spec.i18n import said, zone_name
    own = said(zone_name("hand 0"), "ru" if edition.endswith("ru") else "en")   # the zone as the edition names it
    bad = browser.evaluate("""(() => {
        const hand = [...document.querySelectorAll('.cardspec-play-zones tr')]
            .find(r => r.querySelector('th').innerText.startsWith(%s)).querySelector('td').innerText;
        for (const r of ['6','7','8','9','10','J','Q','K','A']) for (const s of ['♠','♥','♦','♣'])
            if (!hand.split(' ').includes(r + s)) return r + s;
    })()""" % json.dumps(own))
    browser.evaluate(f"document.querySelector('.cardspec-play-input').value = {json.dumps(bad)}")
    browser.evaluate("document.querySelector('.cardspec-play-go').click()")
    message = _wait(browser, "(document.querySelector('.cardspec-play-message') || {}).innerText", 30)
    assert message and "sixty-one-play" in message, message
    link = browser.evaluate("document.querySelector('.cardspec-play-message a').getAttribute('href')")
    assert link == "#sixty-one-play" and browser.evaluate("!!document.getElementById('sixty-one-play')")


def test_the_play_panel_plays_every_game(site, browser):
    """Every game page's Play panel starts the game in the page and plays a move: the human seat's
    first legal move is clicked and shows in the log, or, where the seat's moves are all forced
    (Pyanitsa, Mouth-pass), the game has been played on to its end or its stall."""
    out, url = site
    games = sorted(f[:-5] for f in os.listdir(os.path.join(out, "html", "games")) if f.endswith(".html"))
    assert len(games) == 22
    log = "(document.querySelector('.cardspec-play-log') || {innerText: ''}).innerText"
    failures = {}
    for game in games:
        errors = browser.visit(f"{url}/html/games/{game}.html")
        if errors or not browser.evaluate("!!document.querySelector('.cardspec-play-open')"):
            failures[game] = errors or "no Play panel"
            continue
        browser.evaluate("document.querySelector('.cardspec-play-open').click()")
        ready = _wait(browser, "document.querySelectorAll('.cardspec-play-move').length"
                               " || !!document.querySelector('.cardspec-play-over')", 90)
        if not ready:
            failures[game] = "no move and no end: " + str(browser.evaluate(
                "document.querySelector('.cardspec-play-body').innerText"))[:300]
            continue
        if browser.evaluate("!!document.querySelector('.cardspec-play-over')"):
            if not browser.evaluate(log):
                failures[game] = "over without a move in the log"
            continue
        move = browser.evaluate("document.querySelector('.cardspec-play-move').innerText")
        before = browser.evaluate(log)
        browser.evaluate("document.querySelector('.cardspec-play-move').click()")
        played = _wait(browser, f"{log} !== {json.dumps(before)} && {log}.includes({json.dumps(move)})", 30)
        if not played:
            failures[game] = f"clicked {move!r}, the log did not show it: " + str(browser.evaluate(log))[-300:]
    assert not failures, failures
