"""Sphinx configuration for the cardspec rulebook (built with -W -n)."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, os.path.join(HERE, "_ext"))

project = "cardspec"
author = "cardspec contributors"
copyright = "2026, cardspec contributors"
release = "0.1.0"
version = "0.1"

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "sphinx.ext.viewcode",
    "cardspec_sphinx",
    "cardspec_play",
]

exclude_patterns = ["_build", "dev", "errata/*", "locale", "_pdf", "node_modules"]
templates_path = ["_templates"]
# furo: a maintained theme with an "on this page" contents, previous/next links and a dark mode.
html_theme = "furo"
html_title = "cardspec rulebook"
html_favicon = "_static/favicon.svg"
html_theme_options = {"navigation_with_keys": True}
html_static_path = ["_static"]
html_css_files = ["cardspec.css"]
html_sidebars = {"**": ["sidebar/brand.html", "sidebar/search.html", "sidebar/language.html",
                        "sidebar/scroll-start.html", "sidebar/navigation.html", "sidebar/scroll-end.html"]}

nitpicky = True
autodoc_typehints = "none"
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True}
# Types from the standard library and typing that the signatures mention.
nitpick_ignore_regex = [(r"py:.*", r"(typing|collections\.abc|dataclasses)\..*"),
                        (r"py:class", r"(S|M|F|Verdict|Method|z3\..*|random\.Random)")]

locale_dirs = ["locale/"]
gettext_compact = False
language = os.environ.get("CARDSPEC_DOCS_LANGUAGE", "en")
# Where the other edition's root is, seen from this edition's root: ``cardspec docs`` builds the
# English edition into ``html`` and the Russian into ``html-ru`` side by side (Read the Docs: ../../ru/latest/).
cardspec_other_edition = os.environ.get("CARDSPEC_OTHER_EDITION", "")
if os.environ.get("READTHEDOCS") and not cardspec_other_edition:
    # Read the Docs gives each edition /LANG/VERSION/; {other} is the other edition's language
    cardspec_other_edition = "../../{other}/" + os.environ.get("READTHEDOCS_VERSION", "latest") + "/"

# The verifier results embedded in the pages use this budget (the CI budget).
cardspec_examples = int(os.environ.get("CARDSPEC_DOCS_EXAMPLES", "60"))
cardspec_seed = 20261129
# Every errata entry has Source, Evidence, Default and Other reading (a missing part fails -W).
cardspec_strict_errata = True
# ... and names its kind (conflict, open question, broken invariant, overstated claim).
cardspec_errata_kind_required = True

# Docstring examples are run by pytest --doctest-modules; the doctest builder
# runs only the explicit ``.. doctest::`` blocks of the rulebook pages.
doctest_test_doctest_blocks = ""

# The PDF edition (``cardspec docs --format pdf``): rinohtype, no TeX; DejaVu typefaces for Cyrillic and ♠♥♦♣.
rinoh_documents = [{"doc": "index", "target": "cardspec", "title": "cardspec rulebook",
                    "template": "_pdf/cardspec.rtt"}]
