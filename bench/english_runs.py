"""English left in the built Russian edition: runs of five or more English words, page by page.

An English word is a word of two or more Latin letters. A run is five or more of them in a row: a
Cyrillic word ends a run; numbers, card symbols and punctuation do not. Left out of the count: the
page's navigation (only the main article is read), ``<code>``, ``<pre>``, ``<kbd>``, ``<script>`` and
``<style>``, math, identifiers (a word with a digit or an underscore, or a dotted name), proper names
(the games' English names, cardspec and the tools it names), the link to the other language, and the API
reference (``reference.html``).

Run on a built Russian edition (``sphinx-build -b html -D language=ru docs OUT``)::

    .venv/bin/python bench/english_runs.py OUT [--show N]

Prints one JSON document: the runs and English words per page, and the first runs of each page.
``tests/test_i18n.py`` builds the Russian edition and holds every page to no run.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from html.parser import HTMLParser

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

#: Elements whose text is not prose (code, keyboard input, scripts, math).
SKIP_TAGS = {"code", "pre", "kbd", "script", "style", "math", "svg"}
#: Classes whose text is not prose of the page: the link to the other edition, permalinks, rendered math.
SKIP_CLASSES = {"cardspec-language", "headerlink", "math", "highlight"}
#: Pages left out: the API reference (docstrings) and the search page.
SKIP_PAGES = {"reference.html", "search.html", "genindex.html", "py-modindex.html"}
#: Names that are not English prose wherever they stand.
TOOL_NAMES = {"cardspec", "python", "sphinx", "pyodide", "dask", "hypothesis", "pytest", "chromium", "github",
              "openspiel", "ludii", "pokerkit", "pagat", "gdl", "json", "toml", "csv", "html", "pdf", "epub"}

#: identifiers first (turnover_order, P0, spec.cards), so that their parts are not read as words
TOKEN = re.compile(r"\w*[\d_][\w.]*|\w+(?:\.\w+)+|[^\W\d_]+(?:[-'’][^\W\d_]+)*", re.UNICODE)
LATIN = re.compile(r"[A-Za-z]+(?:[-'’][A-Za-z]+)*")
CYRILLIC = re.compile(r"[\u0400-\u04FF]")


def proper_names() -> set[str]:
    """The games' English names as written (Sixty-Six, Queen-and-Ace, Card Lottery ...) and the tools'
    names: a name is left out as a whole, so "card" in prose still counts."""
    sys.path.insert(0, ROOT)
    from spec.games import all_games, get_game
    names = set(TOOL_NAMES)
    for g in all_games():
        cls = g if isinstance(g, type) else get_game(g)
        names.add(cls.info.name_en)
    return names


class _Main(HTMLParser):
    """The text of the page's main article, without the skipped elements."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.depth = 0          # inside the main article (its nesting depth)
        self.skip = 0           # inside skipped elements (their nesting depth)
        self.stack: list[tuple[str, bool, bool]] = []
        self.parts: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in ("br", "img", "hr", "meta", "link", "input", "wbr"):
            return
        a = dict(attrs)
        main = a.get("role") == "main" or a.get("id") == "furo-main-content"
        classes = set((a.get("class") or "").split())
        skipped = tag in SKIP_TAGS or bool(classes & SKIP_CLASSES)
        self.stack.append((tag, main, skipped))
        self.depth += main
        self.skip += skipped
        if tag in ("p", "li", "td", "th", "div", "h1", "h2", "h3", "h4", "dt", "dd", "caption", "figcaption"):
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if all(t != tag for t, _, _ in self.stack):
            return   # a stray end tag closes nothing
        while self.stack:
            t, main, skipped = self.stack.pop()
            self.depth -= main
            self.skip -= skipped
            if t == tag:
                break
        if tag in ("p", "li", "td", "th", "div"):
            self.parts.append("\n")

    def handle_data(self, data):
        if self.depth > 0 and self.skip == 0:
            self.parts.append(data)


def runs_of(text: str, names: set[str], length: int = 5) -> list[str]:
    """The runs of ``length`` or more English words in ``text``, each as its words."""
    out, run = [], []
    phrases = sorted((n for n in names if " " in n or "-" in n or n[:1].isupper()), key=len, reverse=True)
    words = {n.lower() for n in names if n not in phrases}
    for block in text.split("\n"):
        for phrase in phrases:
            block = block.replace(phrase, " ")
        for token in TOKEN.findall(block):
            if CYRILLIC.search(token):
                if len(run) >= length:
                    out.append(" ".join(run))
                run = []
            elif LATIN.fullmatch(token) and len(token) >= 2 and token.lower() not in words:
                run.append(token)
            # identifiers, single letters, proper names: neither English prose nor a break
        if len(run) >= length:
            out.append(" ".join(run))
        run = []
    return out


def count(site: str, show: int = 3) -> dict:
    names = proper_names()
    pages = {}
    for folder, _, files in os.walk(site):
        if "_static" in folder or "_sources" in folder or "_images" in folder:
            continue
        for f in sorted(files):
            rel = os.path.relpath(os.path.join(folder, f), site)
            if not f.endswith(".html") or rel in SKIP_PAGES:
                continue
            parser = _Main()
            with open(os.path.join(folder, f), encoding="utf-8") as fh:
                parser.feed(fh.read())
            text = "".join(parser.parts)
            found = runs_of(text, names)
            words = sum(len(r.split()) for r in runs_of(text, names, length=1))
            all_words = sum(1 for t in TOKEN.findall(text) if not any(c.isdigit() or c == "_" for c in t))
            pages[rel] = {"runs": len(found), "english_words": words, "words": all_words, "first_runs": found[:show]}
    total_words = sum(p["words"] for p in pages.values())
    english = sum(p["english_words"] for p in pages.values())
    return {"pages": len(pages), "pages_with_runs": sorted(k for k, p in pages.items() if p["runs"]),
            "runs": sum(p["runs"] for p in pages.values()),
            "english_share": round(english / max(1, total_words), 3), "by_page": pages}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("site", help="a built Russian edition (sphinx-build -b html -D language=ru docs SITE)")
    ap.add_argument("--show", type=int, default=3, help="runs shown per page")
    args = ap.parse_args()
    print(json.dumps(count(args.site, args.show), ensure_ascii=False, indent=1))


if __name__ == "__main__":
    main()
