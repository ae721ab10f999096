"""The Play panel of every game page: the rules themselves, run in the page through Pyodide.

* Every game page gets ``.. cardspec-play:: GAME`` after its "at a glance" box: a button that
  opens the panel, and the panel's words in the page's language. Nothing else loads until the
  reader opens it.
* When the HTML book is built, the Pyodide runtime (the npm package ``pyodide``, pinned in
  ``docs/package.json``) is copied into ``_static/pyodide/`` and the ``spec`` package (pure
  standard library) is packed as a wheel into ``_static/play/``: the book is self-contained,
  with no CDN, and works offline when served from a local folder. ``docs/node_modules`` is
  installed with ``npm ci`` when it is missing and npm is there.
* ``_static/play.js`` loads Pyodide, unpacks the wheel and plays :class:`spec.web.WebTable`.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import zipfile

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from spec.i18n import DOMAIN, LANGUAGES, N_, catalogue_path, translated

log = logging.getLogger(__name__)

#: the runtime files the page needs (the rest of the npm package is docs, maps and types)
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
WHEEL = "cardspec_spec-0.1.0-py3-none-any.whl"

_WORDS = {"open": N_("Play a seat against the bot"), "loading": N_("Loading the rules into the page…"),
          "you": N_("You play P{seat}; the bot plays the other seats."), "turn": N_("Your move"),
          "wait": N_("The bot is thinking…"), "moves": N_("Your legal moves"), "play": N_("Play"),
          "type": N_("or type a move"), "new": N_("New game"), "refused": N_("Refused by"),
          "over": N_("Game over"), "returns": N_("Returns"), "log": N_("Moves so far"),
          "public": N_("public"), "failed": N_("The Play panel could not start"),
          "zones": N_("What you see"),
          "stalled": N_("{n} moves played and the game has not ended: these rules can go round for ever.")}


class PlayDirective(SphinxDirective):
    """``.. cardspec-play:: GAME``: the Play panel (HTML builds only)."""

    required_arguments = 1

    def run(self):
        if self.env.app.builder.format != "html":
            return []
        from spec.games import get_game
        game_id = self.arguments[0]
        get_game(game_id)  # an unknown id fails the build here
        lang = self.env.config.language or "en"
        words = translated(_WORDS, lang)
        root = "../" * self.env.docname.count("/") + "_static/"
        attrs = {"data-game": game_id, "data-root": root, "data-wheel": WHEEL, "data-lang": lang,
                 "data-words": json.dumps(words, ensure_ascii=False)}
        html = ('<div class="cardspec-play" ' + " ".join(f'{k}="{_escape(v)}"' for k, v in attrs.items()) + '>'
                f'<button type="button" class="cardspec-play-open">{_escape(words["open"])}</button>'
                '<div class="cardspec-play-body" hidden></div></div>')
        return [nodes.raw("", html, format="html")]


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


def _inject(app, docname, source):
    """Every game page gets its panel after the "at a glance" box (no page edits it in)."""
    if not docname.startswith("games/") or "cardspec-play" in source[0]:
        return
    game_id = docname.split("/", 1)[1]
    marker = f".. cardspec-glance:: {game_id}"
    if marker in source[0]:
        source[0] = source[0].replace(marker, f"{marker}\n\n.. cardspec-play:: {game_id}", 1)


def _pyodide_folder(srcdir: str) -> str | None:
    """``docs/node_modules/pyodide``, installed with ``npm ci`` if it is missing and npm is there."""
    folder = os.path.join(srcdir, "node_modules", "pyodide")
    if not os.path.exists(os.path.join(folder, "pyodide.mjs")) and shutil.which("npm"):
        with _installing(srcdir):   # two builds at once (the tests build both editions in parallel) install once
            if not os.path.exists(os.path.join(folder, "pyodide.mjs")):
                log.info("cardspec: installing Pyodide for the Play panel (npm ci in docs/)")
                subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=srcdir, capture_output=True, timeout=600)
    return folder if os.path.exists(os.path.join(folder, "pyodide.mjs")) else None


@contextlib.contextmanager
def _installing(srcdir: str):
    """A lock for ``npm ci`` in ``srcdir``, outside node_modules (which npm ci removes first)."""
    try:
        import fcntl
    except ImportError:   # not POSIX: no lock
        yield
        return
    key = hashlib.sha1(os.path.abspath(srcdir).encode()).hexdigest()[:12]
    with open(os.path.join(tempfile.gettempdir(), f"cardspec-npm-{key}.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def _compiled(po: os.PathLike, lang: str) -> bytes:
    """The catalogue at ``po`` as a gettext ``.mo`` file."""
    import io
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po
    with open(po, "rb") as fh:
        cat = read_po(fh, locale=lang)
    out = io.BytesIO()
    write_mo(out, cat)
    return out.getvalue()


def pack_spec_wheel(path: str) -> int:
    """The ``spec`` package as a pure-Python wheel at ``path``; its size in bytes."""
    import spec
    here = os.path.dirname(spec.__file__)
    dist = "cardspec_spec-0.1.0.dist-info"
    files = []
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as wheel:
        for root, dirs, names in sorted(os.walk(here)):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(names):
                if name.endswith(".py"):
                    full = os.path.join(root, name)
                    arc = os.path.join("spec", os.path.relpath(full, here)).replace(os.sep, "/")
                    wheel.write(full, arc)
                    files.append(arc)
        for lang in LANGUAGES:   # the catalogue compiled: the browser has no Babel to read the .po
            arc = f"spec/locale/{lang}/LC_MESSAGES/{DOMAIN}.mo"
            wheel.writestr(arc, _compiled(catalogue_path(lang), lang))
            files.append(arc)
        meta = {f"{dist}/METADATA": "Metadata-Version: 2.1\nName: cardspec-spec\nVersion: 0.1.0\n",
                f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: cardspec\nRoot-Is-Purelib: true\nTag: py3-none-any\n"}
        for arc, text in meta.items():
            wheel.writestr(arc, text)
        wheel.writestr(f"{dist}/RECORD", "".join(f"{f},,\n" for f in files + list(meta) + [f"{dist}/RECORD"]))
    return os.path.getsize(path)


def _copy_runtime(app, exception):
    if exception is not None or app.builder.format != "html":
        return
    static = os.path.join(app.outdir, "_static")
    folder = _pyodide_folder(app.srcdir)
    if folder is None:
        log.warning("cardspec: the Play panel needs Pyodide: run 'npm ci' in docs/ (node_modules/pyodide is missing)")
        return
    os.makedirs(os.path.join(static, "pyodide"), exist_ok=True)
    os.makedirs(os.path.join(static, "play"), exist_ok=True)
    size = 0
    for name in PYODIDE_FILES:
        shutil.copyfile(os.path.join(folder, name), os.path.join(static, "pyodide", name))
        size += os.path.getsize(os.path.join(static, "pyodide", name))
    size += pack_spec_wheel(os.path.join(static, "play", WHEEL))
    log.info(f"cardspec: the Play panel adds {size / 1e6:.1f} MB to the book (Pyodide and the rules)")


def setup(app):
    app.add_directive("cardspec-play", PlayDirective)
    app.connect("source-read", _inject, priority=600)  # after the glance box is put in
    app.connect("build-finished", _copy_runtime)
    app.add_js_file("play.js", type="module")
    return {"version": "0.1", "parallel_read_safe": True, "parallel_write_safe": True}
