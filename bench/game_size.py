"""Lines per game, as issue #22 counts them, with the median, as JSON.

A game's lines are ``wc -l`` of ``spec/games/G.py``, ``verifier/games/G.py``,
``docs/games/G.rst`` and its own tests, ``tests/test_G.py`` and ``tests/test_G_*.py``
(a test file of another game whose id starts with G's is not G's: ``test_pyanitsa_poddavki.py``
belongs to Pyanitsa-poddavki, not to Pyanitsa).

Run: ``.venv/bin/python bench/game_size.py [--rev REV]``; with ``--rev`` the files are read
from that commit (``git show``), so a baseline and the working tree can be set side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def tracked(rev: str | None) -> list[str]:
    args = ["git", "ls-tree", "-r", "--name-only", rev] if rev else ["git", "ls-files"]
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()


def lines(path: str, rev: str | None) -> int:
    if rev:
        text = subprocess.run(["git", "show", f"{rev}:{path}"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout
    else:
        with open(os.path.join(ROOT, path), encoding="utf-8") as fh:
            text = fh.read()
    return text.count("\n")


def sizes(rev: str | None = None) -> dict[str, dict[str, int]]:
    files = set(tracked(rev))
    games = sorted(p[len("spec/games/"):-3] for p in files
                   if p.startswith("spec/games/") and p.endswith(".py") and not p.split("/")[-1].startswith("_"))
    out = {}
    for g in games:
        others = [o for o in games if o != g and o.startswith(g + "_")]
        tests = [p for p in files if p.startswith("tests/") and p.endswith(".py")
                 and (p == f"tests/test_{g}.py" or p.startswith(f"tests/test_{g}_"))
                 and not any(p == f"tests/test_{o}.py" or p.startswith(f"tests/test_{o}_") for o in others)]
        row = {"spec": lines(f"spec/games/{g}.py", rev)}
        for key, path in (("verifier", f"verifier/games/{g}.py"), ("docs", f"docs/games/{g}.rst")):
            row[key] = lines(path, rev) if path in files else 0
        row["tests"] = sum(lines(p, rev) for p in sorted(tests))
        row["total"] = sum(row.values())
        out[g] = row
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rev", help="read the files from this commit instead of the working tree")
    args = ap.parse_args()
    rows = sizes(args.rev)
    totals = [r["total"] for r in rows.values()]
    print(json.dumps({"rev": args.rev or "working tree", "median": statistics.median(totals),
                      "at_most_1100": sum(t <= 1100 for t in totals),
                      "spec_over_300": {g: r["spec"] for g, r in rows.items() if r["spec"] > 300},
                      "games": rows}, indent=1))


if __name__ == "__main__":
    main()
