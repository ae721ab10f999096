"""Sphinx directives that tie the rulebook to the executable rules.

``.. cardspec-properties:: GAME``
    runs the verifier on GAME when the docs are built and prints each
    property's method, verdict, expected verdict, time and evidence;
``.. cardspec-clauses:: GAME``
    the table clause -> predicate -> properties that check it, or the
    reason none can;
``.. cardspec-rules:: GAME``
    the rules fields, their defaults, allowed values and descriptions;
``.. cardspec-games::``
    the list of games with metadata.

Tables are written as reStructuredText and parsed in place, so the links
(``:ref:`` to clause labels, ``:func:`` to predicates) are checked by
``-n``: a clause whose label is missing from its page fails the build.
"""

from __future__ import annotations

import ast
import inspect
import os
import re
import textwrap

from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.util.docutils import SphinxDirective

from spec.i18n import N_, Msg, said, tr, translated
from verifier.core import VERDICT_SAID, VERDICTS


def _cell(text: str) -> str:
    return " ".join(str(text).split()) or " "


def _list_table(header: list[str], rows: list[list[str]], widths: str = "auto") -> list[str]:
    out = [".. list-table::", "   :header-rows: 1", f"   :widths: {widths}", ""]
    for row in [header] + rows:
        out.append(f"   * - {_cell(row[0])}")
        out += [f"     - {_cell(c)}" for c in row[1:]]
    return out + [""]


#: Builders that never show the properties tables (catalogues for translators, doctests).
_NO_VERIFY = ("gettext", "doctest")


def _skipped_by_developer(game_id: str) -> bool:
    """``CARDSPEC_DOCS_GAMES=a,b`` (a developer's quick build) computes only those games' verifier results."""
    only = os.environ.get("CARDSPEC_DOCS_GAMES")
    return bool(only) and game_id not in only.split(",")


def _verify(env, game_id: str):
    """A game's verifier results, from the result cache that ``cardspec verify`` fills.

    Every game the build shows is read (what the cache lacks is computed, on
    every core) before the pages are: see :func:`_verify_all`.
    """
    store = env.app.__dict__.setdefault("_cardspec_results", {})
    if game_id not in store:
        store.update(_results(env.app, [game_id]))
    return store[game_id]


def _results(app, ids: list[str]) -> dict:
    from verifier.cache import ResultCache
    from verifier.core import Budget
    from verifier.runner import verify_many
    cfg = app.config
    workers = os.environ.get("CARDSPEC_WORKERS", "")   # as for cardspec verify: every core unless set
    results = verify_many([(g, None, None) for g in ids], cache=ResultCache.default(),
                          workers=int(workers) if workers.isdigit() and int(workers) > 0 else None,
                          budget=Budget(seed=cfg.cardspec_seed, examples=cfg.cardspec_examples))
    return dict(zip(ids, results))


def _verify_all(app) -> None:
    """Before any page is read: the results of every game the build shows, in one batch.

    Pages read in parallel (``sphinx -j``) are read by forked processes, which
    inherit them, so no page computes them again.
    """
    from spec.games import all_games
    if app.builder.name in _NO_VERIFY:
        return
    ids = [g for g in all_games() if not _skipped_by_developer(g)]
    if ids:
        app.__dict__.setdefault("_cardspec_results", {}).update(_results(app, ids))


def _field_docs(rules_type) -> dict[str, str]:
    """Attribute docstrings of a dataclass (the string right after each field)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(rules_type)))
    body = tree.body[0].body
    docs = {}
    for node, nxt in zip(body, body[1:]):
        if isinstance(node, ast.AnnAssign) and isinstance(nxt, ast.Expr) and isinstance(nxt.value, ast.Constant):
            docs[node.target.id] = inspect.cleandoc(nxt.value.value)
    return docs


class _Base(SphinxDirective):
    required_arguments = 1

    def emit(self, lines: list[str]):
        from docutils import nodes
        node = nodes.container()
        self.state.nested_parse(StringList(lines, source="cardspec"), self.content_offset, node)
        # generated from code (timings, predicate names): kept out of the translation catalogues
        for text in node.findall(nodes.TextElement):
            text["translatable"] = False
        return node.children


class PropertiesDirective(_Base):
    option_spec = {"only": directives.unchanged}

    def run(self):
        game_id = self.arguments[0]
        if self.env.app.builder.name in _NO_VERIFY:
            return []  # the tables are generated, never translated or doctested: skip the verifier run
        if _skipped_by_developer(game_id):
            # a developer's quick build of a few pages: say so on the page rather than show nothing
            said_ = tr(_lang_of(self.env), "Verifier results for {game} are not computed in this build: "
                       "CARDSPEC_DOCS_GAMES is set.").format(game=game_id)
            return self.emit([f"*({said_})*"])
        results = _verify(self.env, game_id)
        if "only" in self.options:
            wanted = set(self.options["only"].split())
            results = [r for r in results if r.property.name in wanted]
        lang = "ru" if _lang_of(self.env) == "ru" else "en"
        words = translated(_PROPERTY_WORDS, lang)
        cfg = self.env.config
        rows = []
        for r in results:
            verdict = f"**{tr(lang, VERDICT_SAID[r.verdict])}**" if r.as_expected else \
                f"**{tr(lang, VERDICT_SAID[r.verdict])}** ({words['expected']} " \
                f"{tr(lang, VERDICT_SAID.get(r.expected, ''))})"
            how = words["methods"].get(r.method, r.method)
            if r.method == "hypothesis" and r.examples and r.examples != cfg.cardspec_examples:
                how += f" ({r.examples})"  # the budget is stated once above the table; only departures show
            title = r.property.shown_title(lang, game_id, notation=_settings_as_code)
            rows.append([f"``{r.property.name}``: {title}", how, verdict,
                         f"{r.seconds:.2f}\u00a0s", said(r.detail, lang)])
        lines = [words["budget"].format(n=cfg.cardspec_examples, seed=cfg.cardspec_seed), ""]
        if self.env.app.builder.name == "rinoh":
            # on paper, one entry a property: rinohtype lays a table that spans many pages out again at
            # every page break (a game's table of a hundred rows took hours)
            for prop, how, verdict, seconds, detail in rows:
                lines += [f"* {_cell(prop)}", "", f"  {verdict} · {how} · {seconds}", "", f"  {_cell(detail)}", ""]
        else:
            table = _list_table(words["header"], rows, "30 12 10 8 40")
            table.insert(3, "   :class: cardspec-properties")
            lines += table
        for r in results:
            if r.counterexample is not None:
                lines += [".. raw:: html", "",
                          f"   <details class=\"cardspec-counterexample\"><summary>{words['cx']}: "
                          f"<code>{r.property.name}</code></summary>", "",
                          ".. code-block:: text", ""]
                lines += ["   " + ln for ln in r.counterexample.text.splitlines()]
                if r.counterexample.record is not None:
                    lines += ["", "   " + words["replay"] + ":"]
                    lines += ["   " + ln for ln in _pretty_record(r.counterexample.record.to_json())]
                lines += ["", ".. raw:: html", "", "   </details>", ""]
        return self.emit(lines)


#: an option's setting in a claim's scope (``transfer = false``, ``lead ≠ pair``, ``prize_cards ≥ 2``)
_SETTING = re.compile(r"(?<![\w`])[a-z][a-z0-9_]*\s*(?:=|≠|≥|≤|>=|<=)\s*[\w.\-]+")


def _settings_as_code(scope: str) -> str:
    """A scope with its option settings set as code, as the rules-options table writes them."""
    return _SETTING.sub(lambda m: f"``{m.group(0)}``", scope)


_PROPERTY_WORDS = {
    "header": [N_("property"), N_("method"), N_("verdict"), N_("time"), N_("evidence")], "expected": N_("expected"),
    "methods": {"hypothesis": N_("sampled"), "exhaustive": N_("exhaustive"), "z3": N_("z3 proof"),
                "search": N_("search")},
    "budget": N_("How each verdict was reached: *sampled* properties play {n} random games each (seed {seed}, "
                 "one seed per game) unless the row says otherwise; *exhaustive* ones visit every state of "
                 "the small configurations named in the evidence; a *z3 proof* covers every value; a "
                 "*search* hunts for a witness and can only refute or stay unknown."),
    "cx": N_("counterexample"), "replay": N_("replayable record (``cardspec play --replay FILE``)"),
}


def _pretty_record(text: str, width: int = 100) -> list[str]:
    """A record as indented JSON, its move list wrapped rather than one move a line."""
    import json
    import textwrap
    data = json.loads(text)
    moves = data.pop("moves", None)
    body = json.dumps(data, ensure_ascii=False, indent=2).splitlines()
    if moves is None:
        return body
    listed = ", ".join(json.dumps(m, ensure_ascii=False) for m in moves)
    wrapped = textwrap.wrap(listed, width - 4, break_long_words=False, break_on_hyphens=False) or [""]
    body = body[:-1]            # drop the closing brace: the moves come last
    if len(body) > 1:
        body[-1] += ","
    return body + ['  "moves": ['] + ["    " + w for w in wrapped] + ["  ]", "}"]


class ClausesDirective(_Base):
    """Clause -> predicate -> the properties that check it, or why none can
    (the same data as ``cardspec clauses GAME --json``)."""

    def run(self):
        from verifier.runner import clause_coverage
        lang = _lang_of(self.env)
        words = translated(_CLAUSE_WORDS, lang)
        rows = []
        for c in clause_coverage(self.arguments[0]):
            checked = ", ".join(f"``{name}``" for name in c["properties"])
            if not checked:
                checked = words["unchecked"].format(reason=tr(lang, c["reason"])) if c["reason"] else "—"
            pred = f":py:obj:`~{c['predicate']}`" if c["predicate"] else "—"
            rows.append([f":ref:`{c['label']} <{c['label']}>`", tr(lang, c["summary"]), pred, checked])
        return self.emit(_list_table(words["header"], rows, "20 40 20 20"))


_CLAUSE_WORDS = {"header": [N_("clause"), N_("rule"), N_("predicate"), N_("verified by")],
                 "unchecked": N_("not checked: {reason}")}


class RulesDirective(_Base):
    def run(self):
        from spec.games import get_game
        from spec.rules import field_docs
        rules_type = get_game(self.arguments[0]).Rules
        lang = _lang_of(self.env)
        docs = _field_docs(rules_type)
        rows = [[f"``{name}``", f"``{default!r}``" if not isinstance(default, dict) else
                 "``" + ", ".join(f"{k} {v}" for k, v in default.items()) + "``", allowed,
                 tr(lang, docs.get(name, ""))] for name, allowed, default in field_docs(rules_type, lang)]
        header = [tr(lang, w) for w in (N_("field"), N_("default"), N_("allowed"), N_("meaning"))]
        return self.emit(_list_table(header, rows, "15 15 20 50"))


class GamesDirective(_Base):
    required_arguments = 0

    def run(self):
        from spec.games import all_games
        lang = _lang_of(self.env)
        words = translated(_GAMES_WORDS, lang)
        rows = []
        for gid, cls in all_games().items():
            i = cls.info
            source = words["source"].format(file=i.source.file, title=tr(lang, i.source.title), lines=i.source.lines)
            rows.append([f":doc:`games/{gid}`", i.name_en if lang == "ru" else i.name_ru, f"``{gid}``",
                         f"{i.min_players}–{i.max_players}", i.deck.replace("x", "×"), tr(lang, i.family), source])
        header = list(words["header"])
        if lang == "ru":
            header[1] = tr(lang, "in English")   # the page titles are Russian: the other column is the English
        return self.emit(_list_table(header, rows))


_GAMES_WORDS = {"header": [N_("game"), N_("in Russian"), N_("id"), N_("players"), N_("deck"),
                           N_("family"), N_("source")],
                "source": N_("{file}, «{title}», lines {lines}")}


class ApiDirective(SphinxDirective):
    """API reference pulled in automatically, so adding a game or a shared module edits no page.

    ``.. cardspec-api:: games`` documents every game's rules and properties
    modules; ``.. cardspec-api:: shared`` every ``spec`` module that the
    reference page does not list by hand.
    """

    required_arguments = 1
    CORE = {"cards", "rules", "engine", "clauses", "variants", "errors", "tricks"}

    def run(self):
        import importlib.util
        import pkgutil
        from docutils import nodes
        from sphinx.util.nodes import nested_parse_with_titles
        import spec
        from spec.games import all_games
        lines = []
        if self.arguments[0] == "shared":
            for mod in pkgutil.iter_modules(spec.__path__):
                if mod.ispkg or mod.name.startswith("_") or mod.name in self.CORE:
                    continue
                lines += [f".. automodule:: spec.{mod.name}", ""]
        else:
            for gid, cls in all_games().items():
                title = f"{cls.info.name_en} ({cls.info.name_ru})"
                lines += [title, "-" * len(title) * 2, "", f".. automodule:: {cls.__module__}", ""]
                if importlib.util.find_spec(f"verifier.games.{gid}") is not None:
                    lines += [f".. automodule:: verifier.games.{gid}", ""]
        node = nodes.section()
        node.document = self.state.document
        nested_parse_with_titles(self.state, StringList(lines, source="cardspec-api"), node)
        return node.children


#: The kinds of finding an errata entry names in its ``*Kind:*`` part, with their Russian names.
ERRATA_KINDS = {"conflict": N_("conflict"), "open question": N_("open question"),
                "broken invariant": N_("broken invariant"), "overstated claim": N_("overstated claim"),
                "silent decision": N_("silent decision")}


class ErrataDirective(SphinxDirective):
    """Includes every ``errata/*.rst`` file (one per game), so games never edit a shared page.

    A summary table comes first: every finding, its game, and the reading
    cardspec takes by default. Every finding must have the four parts
    *Source*, *Evidence*, *Default* and the source's *other reading*; one that
    lacks a part is a build warning (an error under ``-W``).
    """

    required_arguments = 0

    def _game_cell(self, game: str, lang: str) -> str:
        from spec.games import all_games
        cls = all_games().get(game)
        if cls is None:
            return game
        return f":doc:`{cls.info.name_ru if lang == 'ru' else cls.info.name_en} <games/{game}>`"

    def _evidence_cell(self, game: str, text: str, lang: str) -> str:
        """The first property of the game that the Evidence part names, with its verdict in this build."""
        import re
        from verifier.core import REGISTRY
        from verifier.runner import load_properties
        load_properties()
        part = re.search(r"\*Evidence[.:]?\*(.*?)(?:\n\*|\Z)", text, re.S)
        names = {p.name: p for p in REGISTRY.for_game(game)} if part else {}
        found = next((n for n in re.findall(r"``([a-z0-9_]+)``", part.group(1)) if n in names), None) if part else None
        if found is None:
            return "—"
        if self.env.app.builder.name in _NO_VERIFY or _skipped_by_developer(game):
            return f"``{found}``"
        verdict = next((r.verdict for r in _verify(self.env, game) if r.property.name == found), None)
        return f"``{found}`` ({tr(lang, verdict) if verdict else '—'})"

    PARTS = (("Source", r"\*Source[.:]?\*"), ("Evidence", r"\*Evidence[.:]?\*"), ("Default", r"\*Default[.:]?\*"),
             ("other reading", r"\*(Source's )?[Oo]ther readings?[.:]?\*"))

    def run(self):
        import glob
        import os
        import re
        from docutils import nodes
        from docutils.statemachine import string2lines
        from sphinx.util import logging
        from sphinx.util.nodes import nested_parse_with_titles
        log = logging.getLogger(__name__)
        lang = "ru" if _lang_of(self.env) == "ru" else "en"
        folder = os.path.join(self.env.srcdir, "errata")
        lines, rows = [], []
        for path in sorted(glob.glob(os.path.join(folder, "*.rst"))):
            self.env.note_dependency(path)
            game = os.path.splitext(os.path.basename(path))[0]
            body = string2lines(open(path, encoding="utf-8").read())
            starts = [i for i in range(len(body) - 1)
                      if body[i].strip() and re.fullmatch(r"-{3,}", body[i + 1].strip())
                      and len(body[i + 1].strip()) >= len(body[i].strip())]
            for k, i in enumerate(starts):
                label = f"errata-{game}-{k + 1}"
                text = "\n".join(body[i:starts[k + 1] if k + 1 < len(starts) else len(body)])
                missing = [name for name, pat in self.PARTS if not re.search(pat, text)]
                if missing:
                    report = log.warning if self.env.config.cardspec_strict_errata else log.info
                    report(f"errata/{game}.rst: finding {body[i].strip()!r} has no "
                           f"{', '.join(missing)} part", location=(path, i + 1))
                default = re.search(r"\*Default[.:]?\*\s*(.+?)(?:\.\s|\n\n|$)", text, re.S)
                kind = re.search(r"\*Kind[.:]?\*\s*([a-z ]+)", text)
                kind = kind.group(1).strip() if kind else ""
                if not kind and self.env.config.cardspec_errata_kind_required:
                    log.warning(f"errata/{game}.rst: finding {body[i].strip()!r} has no Kind part",
                                location=(path, i + 1))
                if kind and kind not in ERRATA_KINDS:
                    log.warning(f"errata/{game}.rst: finding {body[i].strip()!r}: kind {kind!r} is not one of "
                                f"{', '.join(ERRATA_KINDS)}", location=(path, i + 1))
                title = body[i].strip()
                rows.append([self._game_cell(game, lang), f":ref:`{title.split(': ', 1)[-1]} <{label}>`",
                             tr(lang, ERRATA_KINDS[kind]) if kind in ERRATA_KINDS else "—", self._evidence_cell(game, text, lang),
                             " ".join(default.group(1).split()) if default else "—"])
                body[i] = f".. _{label}:\n\n{body[i]}"
            lines += "\n".join(body).split("\n") + [""]
        header = [tr(lang, w) for w in (N_("game"), N_("finding"), N_("kind"), N_("evidence (verdict)"),
                                         N_("default"))]
        summary = _list_table(header, rows, "12 30 12 18 28")
        node = nodes.section()
        node.document = self.state.document
        nested_parse_with_titles(self.state, StringList(summary + lines, source="errata"), node)
        return node.children


def _lang_of(env) -> str:
    return env.config.language or "en"


def _call(path: str, *args):
    """Call ``module.function`` named by a directive argument."""
    import importlib
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)(*args)


class OddsTableDirective(_Base):
    """``.. cardspec-table:: module.function``: a table computed when the book is built.

    The function takes the language (``en``, ``ru``) and returns ``(header, rows)``;
    the cells are numbers and the header is already in the page's language.
    """

    option_spec = {"widths": directives.unchanged}

    def run(self):
        header, rows = _call(self.arguments[0], _lang_of(self.env))
        return self.emit(_list_table(list(header), [list(r) for r in rows], self.options.get("widths", "auto")))


class PlotDirective(SphinxDirective):
    """``.. cardspec-plot:: module.function``: a matplotlib figure drawn when the book is built.

    The function takes the language and returns a figure; it is saved (SVG for HTML, PNG
    otherwise) beside the build's doctrees, never in the source tree, and shown as an image.
    """

    required_arguments = 1
    option_spec = {"alt": directives.unchanged}

    def run(self):
        from docutils import nodes
        fig = _call(self.arguments[0], _lang_of(self.env))
        uri = _save_figure(self, fig, self.arguments[0].replace(".", "_"))
        return [nodes.image(uri=uri, alt=self.options.get("alt", self.arguments[0]))]


# ------------------------------------------------------------------ atlas

_ATLAS_WORDS = {"rules": N_("rules"), "players": N_("players"), "defaults": N_("(defaults)"),
                "everywhere": N_("Everywhere in the space"), "decides": N_("What decides each property"),
                "grid": N_("Grid"), "space": N_("Declared space"), "skipped": N_("Skipped"), "budget": N_("Budget"),
                "matrix": N_("Verdict at each point"), "heat": N_("Verdicts at every point"),
                "heat_alt": N_("A heat map of the verdicts: one row per point, one column per property"),
                "points": N_("{points} points ({rules} rules, players {counts})"),
                "budget_text": N_("seed {seed}, {examples} games per sampled property, z3 timeout {ms} ms"),
                "commit": N_("Computed at commit"), "regenerate": N_("Regenerate with"),
                "scope": N_("claimed under {scope}"), "off": N_("Verdicts not as expected"),
                "none_off": N_("none: every verdict inside a claim's scope is the one it claims"),
                "holds": N_("holds"), "almost_surely": N_("holds with probability 1"), "refuted": N_("refuted"),
                "unknown": N_("unknown"),
                "not_applicable": N_("says nothing here"), "property": N_("property"),
                "intro": N_("The verifier at every point of the declared variant space of {name} ({page}): each "
                            "rules option one value at a time away from the defaults, the pairs of options that "
                            "one rule reads, and the full product of the options where it is small. Away from "
                            "the defaults a property claims its verdict only inside its scope; outside it, what "
                            "the verifier finds is a finding about that house rule."),
                "skipped_text": N_("{n} points whose rules or player count cannot be dealt (``cardspec sweep {game}`` "
                                   "says why):")}
_MARK = {"holds": ":atlas-holds:`✓`", "almost_surely": ":atlas-almost_surely:`✓¹`", "refuted": ":atlas-refuted:`✗`",
         "unknown": ":atlas-unknown:`?`"}
_VERDICT_COLOURS = {"holds": "#2e7d32", "almost_surely": "#81c784", "refuted": "#c62828", "unknown": "#f9a825"}


def _atlas_cells(doc: dict) -> dict[tuple, dict[str, str]]:
    """(rules as JSON, players) -> property family -> verdict."""
    import json
    from verifier.sweep import family
    cells: dict[tuple, dict[str, str]] = {}
    for r in doc["results"]:
        key = (json.dumps(r["point"]["rules"], sort_keys=True), r["point"]["players"])
        cells.setdefault(key, {})[family(r["property"])] = r["verdict"]
    return cells


def _point_rules(point: dict) -> str:
    from verifier.sweep import show_value
    return ", ".join(f"{k}={show_value(v)}" for k, v in point["rules"].items()) + f"; {point['players']}p"


def _heat_map(cells: dict, fams: list[str], words: dict):
    """One row per point, one column per property family, coloured by verdict."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch
    order = [*VERDICTS, ""]
    grid = [[order.index(row.get(f, "")) for f in fams] for _, row in sorted(cells.items())]
    colours = [_VERDICT_COLOURS[v] for v in VERDICTS] + ["#eeeeee"]
    height = min(14.0, 1.5 + 0.06 * len(grid))
    fig, ax = plt.subplots(figsize=(max(5.0, 0.28 * len(fams) + 2), height))
    ax.imshow(grid, aspect="auto", interpolation="nearest", cmap=ListedColormap(colours), vmin=0,
              vmax=len(order) - 1)
    ax.set_xticks(range(len(fams)), fams, rotation=90, fontsize=7)
    ax.set_yticks([])
    ax.set_ylabel(words["points"].split("(")[0].replace("{points}", str(len(grid))).strip())
    ax.set_title(words["heat"])
    ax.legend(handles=[Patch(color=c, label=words[v]) for v, c in zip(
        (*VERDICTS, "not_applicable"), colours)], loc="upper center",
        bbox_to_anchor=(0.5, -0.02 - 0.5 / height), ncol=3, fontsize=7, frameon=False)
    return fig


class AtlasDirective(_Base):
    """``.. cardspec-atlas:: GAME``: the committed sweep ``docs/atlas/GAME.json``: its space, the commit it
    was computed at, what decides each property, a heat map and the verdict at every point."""

    def run(self):
        import json
        import os
        from docutils import nodes
        from verifier.sweep import show_value, summarize
        game_id = self.arguments[0]
        path = os.path.join(self.env.srcdir, "atlas", f"{game_id}.json")
        self.env.note_dependency(path)
        try:
            with open(path, encoding="utf-8") as fh:
                doc = json.load(fh)
        except (OSError, ValueError) as exc:
            raise self.error(f"cardspec-atlas {game_id}: no sweep result at atlas/{game_id}.json "
                             f"({type(exc).__name__}); make it with cardspec sweep {game_id} --out "
                             f"docs/atlas/{game_id}.json") from None
        lang = _lang_of(self.env)
        words = translated(_ATLAS_WORDS, lang)
        cells = _atlas_cells(doc)
        fams = sorted({f for row in cells.values() for f in row})
        constant = [f for f in fams if len({row.get(f) for row in cells.values()}) == 1]
        varying = [f for f in fams if f not in constant]
        b = doc["budget"]
        rules_points = len({k[0] for k in cells})
        counts = ", ".join(map(str, sorted({k[1] for k in cells})))
        values = "; ".join(f"``{k}`` ∈ {{{', '.join(f'``{show_value(x)}``' for x in v)}}}"
                           for k, v in doc["vary"].items())
        from spec.games import get_game
        info = get_game(game_id).info
        lines = [words["intro"].format(name=info.name_ru if lang == "ru" else info.name_en,
                                       page=f":doc:`/games/{game_id}`"), ""] if doc.get("declared") else []
        lines += [f"**{words['space'] if doc.get('declared') else words['grid']}:** "
                 + words["points"].format(points=len(cells), rules=rules_points, counts=counts) + ". " + values + ".",
                 "", f"**{words['budget']}:** " + words["budget_text"].format(seed=b["seed"], examples=b["examples"],
                                                                             ms=b["z3_timeout_ms"]) + ".", ""]
        if doc.get("commit"):
            lines += [f"**{words['commit']}:** ``{doc['commit']}``. {words['regenerate']}: "
                      f"``cardspec sweep {game_id} --out docs/atlas/{game_id}.json``.", ""]
        off = [r for r in doc["results"] if r.get("expected") is not None and r["verdict"] != r["expected"]]
        lines += [f"**{words['off']}:** " + (words["none_off"] if not off else "; ".join(
            f"``{r['property']}`` (``{_point_rules(r['point'])}``): {tr(lang, VERDICT_SAID[r['verdict']])}" for r in off)), ""]
        from verifier.core import REGISTRY
        from verifier.runner import load_properties
        load_properties()
        live = {p.name: p.scope_for(game_id) for p in REGISTRY.for_game(game_id)}
        scopes = {}
        for r in doc["results"]:
            if r.get("scope"):
                # the claim's scope as the code says it now (a Msg is said in the page's language), else as stored
                now = live.get(r["property"])
                scopes.setdefault(r["property"], said(now.text, lang) if now is not None and isinstance(now.text, Msg)
                                  and str(now.text) == r["scope"] else tr(lang, r["scope"]))
        lines += [f"**{words['decides']}**", ""]
        summary = summarize(doc["results"], list(doc["vary"]), lang, literal=True)  # recomputed: the wording can improve
        for name, text in summary.items():
            scope = next((v for k, v in scopes.items() if k == name or k.startswith(name.removesuffix("Np"))), None)
            lines.append(f"- ``{name}``: {text}" + (f" ({words['scope'].format(scope=scope)})" if scope else ""))
        lines.append("")
        if constant:
            lines += [f"**{words['everywhere']}:** " + ", ".join(
                f"``{f}`` {_MARK[next(row[f] for row in cells.values() if f in row)]}" for f in constant), ""]
        out = self.emit(lines)
        if varying:
            fig = _heat_map(cells, varying, words)
            uri = _save_figure(self, fig, f"atlas_{game_id}")
            out.append(nodes.image(uri=uri, alt=words["heat_alt"]))
            rows = []
            for (rules, n), row in sorted(cells.items()):
                shown = ", ".join(f"``{k}={show_value(v)}``" for k, v in json.loads(rules).items()) or words["defaults"]
                rows.append([shown, str(n)] + [_MARK.get(row.get(f, ""), "·") for f in varying])
            out += self.emit([f"**{words['matrix']}**", ""]
                             + _list_table([words["rules"], words["players"]] + [f"``{f}``" for f in varying], rows))
        if doc.get("skipped"):
            out += self.emit([f"**{words['skipped']}:** " + words["skipped_text"].format(
                n=len(doc["skipped"]), game=game_id) + " " + "; ".join(
                f"``{_point_rules(s['point'])}``" for s in doc["skipped"]) + ".", ""])
        return out


def _atlas_role(css: str):
    def role(name, rawtext, text, lineno, inliner, options=None, content=None):
        from docutils import nodes
        return [nodes.inline(rawtext, text, classes=[css])], []
    return role


# ------------------------------------------------------------------ catalogue

_CATALOGUE_WORDS = {
    "title": N_("in the source"), "name": N_("in English"), "kind": N_("kind"), "players": N_("players"),
    "deck": N_("deck"), "cardspec": N_("in cardspec"), "line": N_("line"), "family": N_("family"),
    "entries": N_("entries"), "specified": N_("specified in cardspec"), "total": N_("total"),
    "related": N_("related:"), "preset": N_("preset"), "filter": N_("Filter the catalogue"),
    "placeholder": N_("filter: a title, name, family, deck ..."), "shown": N_("rows shown:"),
}
# Values of the players and deck cells that are words (the data file writes them short, in English).
_CATALOGUE_EXACT = {("players", "any"): N_("any number"), ("deck", "full"): N_("full pack"),
                    ("deck", "2 full"): N_("2 full packs"), ("deck", "4 per player"): N_("4 cards per player")}
# ... and the ones the data file writes as they are shown in English
_CATALOGUE_WORDS_AS_IS = (N_("any"), N_("2 packs"), N_("52 each"), N_("or"), N_("up to"), N_("or more"))
_CATALOGUE_JS = """<style>
table.cardspec-catalogue { font-size: 0.85em; }
table.cardspec-catalogue td, table.cardspec-catalogue th { padding: 0.2em 0.4em; }
</style>
<script>
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll("table.cardspec-catalogue").forEach(function (table) {
    var body = table.tBodies[0], rows = Array.from(body.rows);
    var box = document.createElement("input"), note = document.createElement("span");
    box.type = "search"; box.className = "cardspec-catalogue-filter";
    box.style.width = "min(100%, 28em)"; box.style.padding = "0.3em"; box.style.marginBottom = "0.5em";
    box.placeholder = table.dataset.placeholder || ""; box.setAttribute("aria-label", table.dataset.label || "");
    var wrap = table.closest(".table-wrapper") || table;
    wrap.parentNode.insertBefore(box, wrap); wrap.parentNode.insertBefore(note, wrap);
    function update() {
      var q = box.value.trim().toLowerCase(), n = 0;
      rows.forEach(function (r) { var hit = !q || r.textContent.toLowerCase().indexOf(q) >= 0;
                                  r.style.display = hit ? "" : "none"; if (hit) n++; });
      note.textContent = " " + (table.dataset.shown || "") + " " + n + " / " + rows.length;
    }
    box.addEventListener("input", update); update();
    Array.from(table.tHead.rows[0].cells).forEach(function (th, col) {
      th.style.cursor = "pointer"; th.title = "sort";
      th.addEventListener("click", function () {
        var dir = th.dataset.dir === "asc" ? -1 : 1; th.dataset.dir = dir > 0 ? "asc" : "desc";
        rows.sort(function (a, b) {
          var x = a.cells[col].textContent.trim(), y = b.cells[col].textContent.trim();
          var nx = parseFloat(x), ny = parseFloat(y);
          if (!isNaN(nx) && !isNaN(ny) && nx !== ny) return dir * (nx - ny);
          return dir * x.localeCompare(y, document.documentElement.lang || undefined);
        });
        rows.forEach(function (r) { body.appendChild(r); });
      });
    });
  });
});
</script>"""


def _catalogue_cell(field: str, text: str, lang: str) -> str:
    """A players or deck value of the data file, in the page's language."""
    import re
    text = tr(lang, _CATALOGUE_EXACT.get((field, text), text))
    text = re.sub(r"(\d)x(\d)", "\\1×\\2", text)
    text = re.sub(r"(\d)-(\d)", "\\1–\\2", text)
    if lang != "en":
        text = text.replace(" or ", f" {tr(lang, 'or')} ").replace("up to ", f"{tr(lang, 'up to')} ")
        text = text.replace("+", f" {tr(lang, 'or more')}")
    return text


class CatalogueDirective(SphinxDirective):
    """``.. cardspec-catalogue:: catalogue.toml``: the source's catalogue, from a data file.

    ``:part: counts`` gives the number of entries per kind and family (and how
    many cardspec specifies); ``:part: table`` (the default) one row per entry,
    which a small script lets the reader filter and sort. The words come from
    the data file and from the tables above, in the page's language, so the
    generated cells stay out of the translation catalogues.
    """

    required_arguments = 1
    option_spec = {"part": lambda arg: directives.choice(arg, ("counts", "table"))}

    def run(self):
        import os
        import tomllib
        from docutils import nodes
        from spec.games import all_games
        lang = "ru" if _lang_of(self.env).startswith("ru") else "en"
        words, pick = translated(_CATALOGUE_WORDS, lang), (0 if lang == "en" else 1)
        path = os.path.join(self.env.srcdir, self.arguments[0])
        self.env.note_dependency(path)
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
        games = all_games()
        families, kinds = data["families"], data["kinds"]

        def game_link(gid: str) -> str:
            info = games[gid].info
            name = info.name_en if lang == "en" else info.name_ru
            if os.path.exists(os.path.join(self.env.srcdir, "games", f"{gid}.rst")):
                return f":doc:`{name} </games/{gid}>`"
            return f"{name} (``{gid}``)"

        entries = data["entries"]
        if self.options.get("part", "table") == "counts":
            rows = []
            groups = [("patience", None)] + [("game", f) for f in families]
            for kind, fam in groups:
                chosen = [e for e in entries if e["kind"] == kind and (fam is None or e.get("family") == fam)]
                if not chosen:
                    continue
                label = kinds[kind][pick] if fam is None else f"{kinds[kind][pick]}: {families[fam][pick]}"
                done = sum(1 for e in chosen if e.get("game"))
                rows.append([label, str(len(chosen)), str(done) if done else "—"])
            rows.append([f"**{words['total']}**", f"**{len(entries)}**",
                         f"**{sum(1 for e in entries if e.get('game'))}**"])
            lines = _list_table([words["family"], words["entries"], words["specified"]], rows, "60 20 20")
        else:
            lines = [".. list-table::", "   :header-rows: 1", "   :widths: 5 21 24 8 12 8 10 12",
                     "   :class: cardspec-catalogue", ""]
            header = [words["line"], words["title"], words["name"], words["kind"], words["family"],
                      words["players"], words["deck"], words["cardspec"]]
            rows = []
            for e in entries:
                kind = kinds[e["kind"]][pick]
                family = families[e["family"]][2 + pick] if e.get("family") else " "
                link = " "
                if e.get("game"):
                    link = game_link(e["game"])
                    if e.get("preset"):
                        link += f", {words['preset']} ``{e['preset']}``"
                elif e.get("see"):
                    link = f"{words['related']} {game_link(e['see'])}"
                rows.append([str(e["line"]), e["ru"], e["en"], kind, family,
                             _catalogue_cell("players", e["players"], lang) if e.get("players") else " ",
                             _catalogue_cell("deck", e["deck"], lang) if e.get("deck") else " ", link])
            if lang != "en":   # the English gloss of each title is for the English reader
                lines[2] = "   :widths: 5 33 8 16 8 12 18"
                header, rows = header[:2] + header[3:], [r[:2] + r[3:] for r in rows]
            for row in [header] + rows:
                lines.append(f"   * - {_cell(row[0])}")
                lines += [f"     - {_cell(c)}" for c in row[1:]]
            lines.append("")
        node = nodes.container()
        self.state.nested_parse(StringList(lines, source="catalogue"), self.content_offset, node)
        for text in node.findall(nodes.TextElement):
            text["translatable"] = False  # already in the page's language
        out = node.children
        if self.options.get("part", "table") == "table":
            import json
            script = _CATALOGUE_JS
            for key, word in (("placeholder", "placeholder"), ("label", "filter"), ("shown", "shown")):
                script = script.replace(f"table.dataset.{key}", json.dumps(words[word], ensure_ascii=False))
            out = out + [nodes.raw("", script, format="html")]
        return out


def setup(app):
    app.add_directive("cardspec-errata", ErrataDirective)
    app.add_directive("cardspec-api", ApiDirective)
    app.add_config_value("cardspec_examples", 60, "env")
    app.add_config_value("cardspec_seed", 20261129, "env")
    app.add_directive("cardspec-properties", PropertiesDirective)
    app.add_directive("cardspec-clauses", ClausesDirective)
    app.add_directive("cardspec-rules", RulesDirective)
    app.add_directive("cardspec-games", GamesDirective)
    app.add_directive("cardspec-table", OddsTableDirective)
    app.add_directive("cardspec-plot", PlotDirective)
    app.add_directive("cardspec-atlas", AtlasDirective)
    app.add_directive("cardspec-catalogue", CatalogueDirective)
    app.add_config_value("cardspec_strict_errata", True, "env")
    app.add_config_value("cardspec_errata_kind_required", False, "env")
    app.connect("builder-inited", _verify_all)
    _setup_glance(app)
    _setup_sources(app)
    _setup_other_edition(app)
    _setup_viewcode_filter(app)
    _setup_pdf(app)
    for verdict in VERDICTS:
        app.add_role(f"atlas-{verdict}", _atlas_role(f"atlas-{verdict}"))
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}


# ------------------------------------------------------------ at a glance

_GLANCE_WORDS = {
    "title": N_("At a glance"), "players": N_("Players"), "deck": N_("Deck"), "family": N_("Family"),
    "length": N_("Length"), "verifier": N_("Verifier"), "moves": N_("moves"),
    "median": N_("median of {n} random games, seed {seed}"), "pl": N_("{n} players"),
    "len_item": N_("{n} players: {m} moves"), "unfinished": N_("{u} of {n} unfinished at {cap} moves"),
    "props": N_("{n} properties: {holds} hold, {refuted} refuted, {unknown} unknown"),
    "almost": N_("{k} hold with probability 1"),
    "expected": N_("every verdict as expected"), "unexpected": N_("{k} not as expected"),
    "refuted_list": N_("refuted: {names}"), "not_run": N_("not computed in this build"),
    "atlas": N_("House rules"), "atlas_link": N_("{points} variants checked in its atlas"),
    "sample": N_("Sample game"),
    "sample_intro": N_("The first moves of a random game ({pl}, seed {seed}), played by the engine when this "
                       "book was built:"),
    "lengths_title": N_("Game length by player count"), "lengths_x": N_("players"),
    "lengths_y": N_("moves per game"), "seats_title": N_("Outcomes by seat"), "seat": N_("seat"),
    "figures": N_("Random play"),
    "figures_intro": N_("{n} random games per player count (seed {seed}; fewer for long games), one seed per game."),
}

_GLANCE_SEED = 20261130


def _glance_census(env, game_id: str) -> dict:
    """Random-play censuses per player count, computed once per build process."""
    from spec.games import get_game
    from verifier.census import player_counts, sized_census
    cache = env.app.__dict__.setdefault("_cardspec_census", {})
    if game_id not in cache:
        cls = get_game(game_id)
        cache[game_id] = {n: sized_census(cls(players=n), seed=_GLANCE_SEED) for n in player_counts(cls)}
    return cache[game_id]


def _save_figure(directive, fig, name: str) -> str:
    """Save a figure beside the doctrees (SVG for HTML, PNG elsewhere); return its URI from the page."""
    import os
    import matplotlib.pyplot as plt
    fmt = "svg" if directive.env.app.builder.format == "html" else "png"
    folder = os.path.join(directive.env.app.doctreedir, "cardspec-plots")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"{name}-{_lang_of(directive.env)}.{fmt}")
    fig.savefig(path, dpi=110, bbox_inches="tight", **({"metadata": {"Date": None}} if fmt == "svg" else {}))
    plt.close(fig)
    doc_dir = os.path.dirname(directive.env.doc2path(directive.env.docname))
    return os.path.relpath(path, doc_dir).replace(os.sep, "/")


def _lengths_figure(census: dict, words: dict):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    counts = sorted(census)
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.boxplot([census[n].lengths for n in counts], tick_labels=[str(n) for n in counts], showfliers=True)
    ax.set_xlabel(words["lengths_x"])
    ax.set_ylabel(words["lengths_y"])
    ax.set_title(words["lengths_title"])
    ax.grid(axis="y", alpha=0.3)
    return fig


def _seats_figure(census: dict, words: dict, lang: str):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from verifier.census import MEASURE
    counts = sorted(census)
    fig, ax = plt.subplots(figsize=(6, 3))
    width = 0.8 / len(counts)
    for k, n in enumerate(counts):
        c = census[n]
        values = c.per_seat()
        if c.kind != "score":
            values = [v / max(1, len(c.lengths)) for v in values]   # a share of the games, comparable across counts
        ax.bar([p + (k - (len(counts) - 1) / 2) * width for p in range(n)], values, width,
               label=words["pl"].format(n=n))
    kinds = {census[n].kind for n in counts}
    measure = tr(lang, MEASURE[kinds.pop()]) if len(kinds) == 1 else ""
    share = " (" + tr(lang, "share") + ")" if census[counts[0]].kind != "score" else ""
    ax.set_ylabel(measure + share)
    ax.set_xlabel(words["seat"])
    ax.set_xticks(range(max(counts)))
    ax.set_xticklabels([f"P{p}" for p in range(max(counts))])
    ax.set_title(words["seats_title"])
    ax.axhline(0, color="black", linewidth=0.5)
    if len(counts) > 1:
        ax.legend(fontsize="small")
    ax.grid(axis="y", alpha=0.3)
    return fig


def _sample_lines(game_id: str, players: int, seed: int, moves: int = 14, lang: str = "en") -> list[str]:
    from spec.games import get_game
    from spec.seatview import deal_line, move_line
    from verifier.api import walk
    game = get_game(game_id)(players=players)
    trace, _ = walk(game, seed, cap=moves)
    state = game.deal(seed)
    lines = [deal_line(game, state, lang)]
    for i, move in enumerate(trace.moves, 1):
        mover = game.to_move(state)
        state = game.apply(state, move)
        lines.append(move_line(game, i, mover, move, state, lang))
    return lines


class GlanceDirective(_Base):
    """``.. cardspec-glance:: GAME``: the "at a glance" box, the random-play figures and a sample game,
    all computed when the book is built (the game pages get it automatically, before their first section)."""

    def run(self):
        import json
        import os
        import textwrap
        from docutils import nodes
        from spec.games import get_game
        game_id = self.arguments[0]
        if self.env.app.builder.name in _NO_VERIFY:
            return []
        lang = _lang_of(self.env)
        words = translated(_GLANCE_WORDS, lang)
        cls = get_game(game_id)
        info = cls.info
        census = _glance_census(self.env, game_id)
        allowed = cls().player_range()
        players = f"{allowed[0]}" if len(allowed) == 1 else f"{allowed[0]}–{allowed[-1]}"
        family = tr(lang, info.family)
        first = census[min(census)]
        lengths = "; ".join(words["len_item"].format(n=n, m=f"{census[n].median_length():g}")
                            for n in sorted(census))
        lengths += f" ({words['median'].format(n=len(first.lengths), seed=_GLANCE_SEED)})"
        unfinished = [words["unfinished"].format(u=c.unfinished, n=len(c.lengths), cap=c.cap) + f" ({n})"
                      for n, c in sorted(census.items()) if c.unfinished]
        if unfinished:
            lengths += "; " + "; ".join(unfinished)
        if _skipped_by_developer(game_id):
            verdicts = words["not_run"]
        else:
            results = _verify(self.env, game_id)
            tally = {v: sum(r.verdict == v for r in results) for v in VERDICTS}
            verdicts = words["props"].format(n=len(results), **tally)
            if tally["almost_surely"]:
                verdicts += "; " + words["almost"].format(k=tally["almost_surely"])
            off = sum(not r.as_expected for r in results)
            verdicts += "; " + (words["unexpected"].format(k=off) if off else words["expected"])
            refuted = [f"``{r.property.name}``" for r in results if r.verdict == "refuted"]
            if refuted:
                verdicts += "; " + words["refuted_list"].format(names=", ".join(refuted))
        box = [f".. admonition:: {words['title']}", "   :class: cardspec-glance", "",
               f"   :{words['players']}: {players}", f"   :{words['deck']}: {info.deck}",
               f"   :{words['family']}: {family}", f"   :{words['length']}: {lengths}",
               f"   :{words['verifier']}: {verdicts}"]
        atlas = os.path.join(self.env.srcdir, "atlas", f"{game_id}.json")
        if os.path.exists(atlas):
            self.env.note_dependency(atlas)
            with open(atlas, encoding="utf-8") as fh:
                points = len(_atlas_cells(json.load(fh)))
            box.append(f"   :{words['atlas']}: :doc:`{words['atlas_link'].format(points=points)} </atlas/{game_id}>`")
        out = self.emit(box + [""])
        n0 = min(census)
        sample = _sample_lines(game_id, n0, 1, lang=lang)
        lines = [f".. rubric:: {words['figures']}", "",
                 words["figures_intro"].format(n=len(first.lengths), seed=_GLANCE_SEED), "",
                 f".. rubric:: {words['sample']}", "",
                 words["sample_intro"].format(pl=words["pl"].format(n=n0), seed=1), "",
                 ".. code-block:: text", ""]
        for ln in sample:
            lines += ["   " + w for w in textwrap.wrap(ln, 110, subsequent_indent="        ")] or ["   "]
        rest = self.emit(lines)
        figs = []
        for name, fig in ((f"{game_id}-lengths", _lengths_figure(census, words)),
                          (f"{game_id}-seats", _seats_figure(census, words, "ru" if lang == "ru" else "en"))):
            uri = _save_figure(self, fig, name)
            figs.append(nodes.image(uri=uri, alt=name, classes=["cardspec-figure"]))
        # rubric "Random play", its intro, the two figures, then the sample game
        return out + rest[:2] + figs + rest[2:]


def _inject_glance(app, docname, source):
    """Every game page gets its "at a glance" box before its first section (no page edits it in)."""
    import re
    if not docname.startswith("games/") or "cardspec-glance" in source[0]:
        return
    game_id = docname.split("/", 1)[1]
    lines = source[0].split("\n")
    for i in range(1, len(lines) - 1):
        if lines[i].strip() and re.fullmatch(r"-{3,}", lines[i + 1].strip()) and i > 2:
            lines[i:i] = [f".. cardspec-glance:: {game_id}", ""]
            break
    source[0] = "\n".join(lines)


def _setup_glance(app):
    app.add_directive("cardspec-glance", GlanceDirective)
    app.connect("source-read", _inject_glance)


# ------------------------------------------------------------------ sources

#: What each source text is, in our words (the texts themselves are not reproduced).
SOURCE_FILES = {
    "000_c16f26f3ff8231c5.txt": N_(
        "A collection in Russian, 980 lines. It opens with the full rules of Sixty-One and Sixty-Six "
        "(text A), then runs a catalogue of about 220 titled entries, games and patiences from Baccarat "
        "to Écarté, each cut off after its first few lines (see :doc:`catalogue`), and closes with a "
        "second text of Sixty-Six (text B)."),
    "001_55360323bc916247.txt": N_(
        "Russian rules texts, 197 lines, most of them untitled: banking, war-like, trick-taking and party"
        " games, and the six games of the Durak family."),
    "003_7a0ed7952c70980c.txt": N_(
        "Russian rules texts, 198 lines: games for stakes, shedding and trick-taking games, Kemps, "
        "Kerosinka, Trix and Truf."),
}
_SOURCE_WORDS = {"header": [N_("game"), N_("title in the source"), N_("lines")],
                 "games": N_("Games it holds")}


def source_anchor(file: str) -> str:
    return "source-" + file.split("_", 1)[0]


class SourcesDirective(_Base):
    """``.. cardspec-sources::``: each source text, what it is, and the games it holds with line ranges
    (from every game's ``INFO.source``, so a new game appears by itself)."""

    required_arguments = 0

    def run(self):
        from docutils import nodes
        from spec.games import all_games
        lang = "ru" if _lang_of(self.env) == "ru" else "en"
        words = translated(_SOURCE_WORDS, lang)
        by_file: dict[str, list] = {}
        for gid, cls in all_games().items():
            for part in cls.info.source.file.split(";"):
                by_file.setdefault(part.strip(), []).append((gid, cls))
        out = []
        for file in sorted(set(SOURCE_FILES) | set(by_file)):
            section = nodes.section(ids=[source_anchor(file)], names=[source_anchor(file)])
            section += nodes.title(text=file)
            lines = [tr(lang, SOURCE_FILES[file]) if file in SOURCE_FILES else "", "", f".. rubric:: {words['games']}", ""]
            rows = []
            for gid, cls in by_file.get(file, []):
                # an untitled fragment is named by what it holds: "(untitled) ..." sets its note in italics
                title = re.sub(r"^\(([^)]*)\)", r"*\1*", tr(lang, cls.info.source.title))
                name = cls.info.name_ru if lang == "ru" else cls.info.name_en
                rows.append([f":doc:`{name} <games/{gid}>`", title, cls.info.source.lines])
            lines += _list_table(words["header"], rows, "30 50 20")
            container = nodes.container()
            self.state.nested_parse(StringList(lines, source="sources"), self.content_offset, container)
            for text in container.findall(nodes.TextElement):
                text["translatable"] = False
            section += container.children
            out.append(section)
        return out


def _link_source_citations(app, doctree, docname):
    """Every ``NNN_hash.txt`` cited as a literal anywhere in the book links to its entry on the Sources page."""
    import re
    from docutils import nodes
    pattern = re.compile(r"\d{3}_[0-9a-f]{16}\.txt")
    if docname == "sources":
        return
    for lit in list(doctree.findall(nodes.literal)):
        if not pattern.fullmatch(lit.astext()) or isinstance(lit.parent, nodes.reference):
            continue
        try:
            uri = app.builder.get_relative_uri(docname, "sources") + "#" + source_anchor(lit.astext())
        except Exception:   # builders without pages (gettext) have nothing to link
            return
        ref = nodes.reference("", "", internal=True, refuri=uri)
        lit.replace_self(ref)
        ref += lit


def _setup_sources(app):
    app.add_directive("cardspec-sources", SourcesDirective)
    app.connect("doctree-resolved", _link_source_citations)


# ------------------------------------------------------------ the other edition

_OTHER = {"en": ("ru", "Русская версия", "../html-ru/"), "ru": ("en", "English edition", "../html/")}


def _other_edition(app, pagename, templatename, context, doctree):
    """Each page links to the same page of the other language's edition."""
    lang = "ru" if (app.config.language or "en") == "ru" else "en"
    other, label, default_root = _OTHER[lang]
    root = (app.config.cardspec_other_edition or default_root).replace("{other}", other)
    up = "../" * pagename.count("/")
    context["cardspec_other_url"] = f"{up}{root}{pagename}.html"
    context["cardspec_other_lang"] = other
    context["cardspec_other_label"] = label


def _setup_other_edition(app):
    app.add_config_value("cardspec_other_edition", "", "html")
    app.connect("html-page-context", _other_edition)


def _only_our_sources(app):
    """viewcode lists ``builtins`` in its module index (an object re-exported from a C module), with no
    page behind the link: keep the highlighted sources to cardspec's own packages."""
    modules = getattr(app.env, "_viewcode_modules", {})
    for name in [m for m in modules if m.split(".")[0] not in ("spec", "verifier")]:
        del modules[name]
    return []


def _setup_viewcode_filter(app):
    app.connect("html-collect-pages", _only_our_sources, priority=100)


def _rinoh_russian():
    """rinohtype's own words (contents, chapter, note ...) in Russian, which it does not ship: a language is
    made known to rinohtype by constructing it (it keeps a weak reference, so the module keeps this one)."""
    try:
        from rinoh.language import Language
    except ImportError:
        return None
    if "ru" in Language.languages and Language.languages["ru"]() is not None:
        return Language.languages["ru"]()
    ru = Language("ru", "Русский", paragraph="Абзац", section="Раздел", chapter="Глава", figure="Рисунок",
                  table="Таблица", listing="Листинг", equation="Формула", contents="Содержание",
                  list_of_figures="Список рисунков", list_of_tables="Список таблиц", index="Указатель",
                  attention="Внимание!", caution="Осторожно!", danger="Опасно!", error="Ошибка", hint="Подсказка",
                  important="Важно", note="Примечание", tip="Совет", warning="Предупреждение", seealso="См. также")
    ru.no_break_after = "в во на с со к ко о об от у и а но".split()
    return ru


_RINOH_RU = _rinoh_russian()
_PDF_WORDS = {"title": N_("cardspec rulebook"), "author": N_("cardspec contributors")}


def _pdf_without_api(app):
    """The PDF edition (rinohtype) leaves out the API reference: rinohtype stalls on its long signature
    lines, and the reference is for developers reading the HTML edition anyway. Its title page is in the
    edition's language."""
    if app.builder.name == "rinoh":
        words = translated(_PDF_WORDS, _lang_of(app))
        app.config.rinoh_documents = [{**d, "title": words["title"], "author": words["author"]}
                                      for d in app.config.rinoh_documents]
        app.config.exclude_patterns.append("reference.rst")
        app.config.nitpicky = False   # links into the left-out reference print as plain names
        app.config.suppress_warnings = list(app.config.suppress_warnings) + ["toc.excluded", "toc.not_readable"]


def _setup_pdf(app):
    app.connect("builder-inited", _pdf_without_api)
