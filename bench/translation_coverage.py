"""Translation coverage of the Russian rulebook, as JSON.

Builds the message catalogues (gettext builder, which skips the verifier runs) into a
temporary folder and counts, for every message of every page, whether
``docs/locale/ru/LC_MESSAGES`` has a translation that is neither empty nor fuzzy. The API
reference (``reference``) is reported apart and left out of the total, as the rulebook
issue asks. Prints messages and characters translated, overall and per page.

Run: ``.venv/bin/python bench/translation_coverage.py [--docs DOCS]``.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile

from babel.messages.pofile import read_po

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def coverage(docs: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "sphinx", "-q", "-b", "gettext", docs, tmp], check=True,
                       env={**os.environ, "CARDSPEC_DOCS_GAMES": "none"})
        pages = {}
        for folder, _, files in os.walk(tmp):
            for f in files:
                if not f.endswith(".pot"):
                    continue
                rel = os.path.relpath(os.path.join(folder, f), tmp)[:-4]
                with open(os.path.join(folder, f), "rb") as fh:
                    pot = read_po(fh)
                po_path = os.path.join(docs, "locale", "ru", "LC_MESSAGES", rel + ".po")
                done = {}
                if os.path.exists(po_path):
                    with open(po_path, "rb") as fh:
                        done = {m.id: m for m in read_po(fh) if m.id}
                ids = [m.id for m in pot if m.id]
                ok = [i for i in ids if i in done and done[i].string and "fuzzy" not in done[i].flags]
                missing = [i for i in ids if i not in set(ok)]
                pages[rel] = {"messages": len(ids), "translated": len(ok),
                              "chars": sum(map(len, ids)), "chars_translated": sum(map(len, ok)),
                              "first_missing": missing[:3]}
    book = {k: v for k, v in pages.items() if k != "reference"}
    total = {key: sum(p[key] for p in book.values()) for key in ("messages", "translated", "chars",
                                                                    "chars_translated")}
    total["percent_messages"] = round(100 * total["translated"] / max(1, total["messages"]), 1)
    total["percent_chars"] = round(100 * total["chars_translated"] / max(1, total["chars"]), 1)
    return {"total_without_api": total, "api_reference": pages.get("reference"),
            "untranslated_pages": sorted(k for k, p in book.items() if p["translated"] < p["messages"]),
            "pages": pages}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--docs", default=os.path.join(ROOT, "docs"))
    args = ap.parse_args()
    print(json.dumps(coverage(args.docs), ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()
