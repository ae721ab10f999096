"""Mutation score of one module, with mutmut, as JSON.

Copies ``spec``, ``verifier``, ``tests``, ``docs`` and ``pyproject.toml`` into a temporary folder (so
the working tree never holds mutmut's ``mutants/`` copy), configures mutmut there for the
chosen module and its tests, runs it, and prints the score. Mutants listed in
``bench/equivalent_mutants.toml`` (each with the reason it cannot be killed: it behaves
exactly as the original) are left out of the denominator. A mutant no selected test
reaches counts as surviving: an untested line is not a killed one; a mutant that makes the
tests run past mutmut's time limit counts as killed. mutmut runs each mutant in a fork of a
process that has run the tests already; a survivor's tests are run once more in a new interpreter,
and a failure there counts it as killed (a table the game fills as it runs starts empty there).

Run: ``.venv/bin/python bench/mutation.py spec/tricks.py [--tests tests/test_tricks.py ...]``;
``--diffs`` shows each surviving mutant's code, ``--mutants NAME ...`` reruns only some.
Default tests: for ``spec/games/GAME.py``, the game's own test files (``tests/test_GAME.py`` and
``tests/test_GAME_*.py``, not another game's) and the suites that test every game alike
(:data:`GENERIC_SUITES`), run with ``-k GAME`` so that only their cases of this game run; for a kit,
the kit's own test file plus the test file of every game that imports it.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
EQUIVALENT = os.path.join(HERE, "equivalent_mutants.toml")
#: mutmut's verdicts that count as detected: a test failed, or the tests never finished (a mutant
#: that makes a loop run for ever is caught by any test run with a time limit, as CI has); the last
#: is this script's own, for a survivor whose tests fail when run afresh (:func:`fresh_verdict`)
FRESH_KILLED = "killed in a fresh process"
DETECTED = {"killed", "timeout", FRESH_KILLED}


#: the test files whose cases cover every game alike, parametrized by game id (a game's own tests need not
#: repeat them, so a game's score counts their cases of that game)
GENERIC_SUITES = ("tests/test_game_suite.py", "tests/test_records.py", "tests/test_generic_mutations.py")


def game_test_files(name: str) -> list[str]:
    """``tests/test_NAME.py`` and ``tests/test_NAME_*.py``, less the files of another game whose id starts with
    ``NAME_`` (``test_pyanitsa_poddavki.py`` is not Pyanitsa's)."""
    games = [f[:-3] for f in os.listdir(os.path.join(ROOT, "spec", "games")) if f.endswith(".py")]
    others = [g for g in games if g != name and g.startswith(name + "_")]
    files = sorted(f for f in os.listdir(os.path.join(ROOT, "tests"))
                   if f == f"test_{name}.py" or (f.startswith(f"test_{name}_") and f.endswith(".py")))
    return [f"tests/{f}" for f in files
            if not any(f == f"test_{o}.py" or f.startswith(f"test_{o}_") for o in others)]


def default_tests(module: str) -> list[str]:
    name = os.path.splitext(os.path.basename(module))[0]
    own = f"tests/test_{name}.py"
    tests = [own] if os.path.exists(os.path.join(ROOT, own)) else []
    if module.startswith("spec/games/_"):      # a game's helper (spec/games/_durak_solver.py): its own test file
        return [f"tests/test_{name[1:]}.py"] if os.path.exists(os.path.join(ROOT, f"tests/test_{name[1:]}.py")) else []
    if module.startswith("spec/games/"):
        return game_test_files(name) + list(GENERIC_SUITES)
    dotted = module[:-3].replace("/", ".")
    for f in sorted(os.listdir(os.path.join(ROOT, "spec", "games"))):
        if f.startswith("_") or not f.endswith(".py"):
            continue
        text = open(os.path.join(ROOT, "spec", "games", f), encoding="utf-8").read()
        if re.search(rf"^\s*(from {re.escape(dotted)} import|import {re.escape(dotted)})", text, re.M):
            test = f"tests/test_{f}"
            if os.path.exists(os.path.join(ROOT, test)):
                tests.append(test)
    return tests


def equivalent_for(module: str, files: list[str]) -> dict[str, str]:
    found = {}
    for path in files:
        if not os.path.exists(path):
            continue
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
        found.update({m["name"]: m for m in data.get("mutant", []) if m.get("module") == module})
    return found


#: single decorators that the rewrite turns into an assignment after the def, besides the clause
#: registrations (``@CLAUSES...``): caches and properties (mutmut skips them too, and a cached
#: table or a property can hold a rule: Kvart-bezique's scoring is a cached function)
WRAPPERS = ("cache", "functools.cache", "property", "cached_property", "functools.cached_property")


def _rewritable(text: str) -> bool:
    return text.startswith("CLAUSES.") or text in WRAPPERS


def undecorate_clauses(source: str) -> str:
    """The module with each ``@CLAUSES.rule(...)``, ``@cache`` or ``@property`` applied after its
    function instead.

    mutmut leaves every decorated function alone (it cannot wrap one safely in general), and
    the rule clauses are the functions that matter most. ``f = CLAUSES.rule(...)(f)`` right
    after ``def f`` is what the decorator does, in the same order, so the module behaves as
    before, and mutmut now mutates the clause. The same holds for a top-level ``@cache`` and
    for ``@property`` or ``@cached_property`` in a top-level class body (the assignment runs
    while the class is built, so ``__set_name__`` still applies). Only the scratch copy is
    rewritten.
    """
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    found = [node for node in tree.body if isinstance(node, ast.FunctionDef)]
    for cls in tree.body:
        if isinstance(cls, ast.ClassDef):
            found += [node for node in cls.body if isinstance(node, ast.FunctionDef)]
    # from the bottom up, so that earlier line numbers stay right
    for node in sorted(found, key=lambda n: n.lineno, reverse=True):
        if len(node.decorator_list) != 1:
            continue
        deco = node.decorator_list[0]
        text = ast.get_source_segment(source, deco)
        if not _rewritable(text):
            continue
        indent = " " * node.col_offset
        lines.insert(node.end_lineno, f"{indent}{node.name} = {text}({node.name})\n")
        # the decorator's lines go (with their '@'), the def keeps its line
        del lines[deco.lineno - 1:deco.end_lineno]
    return "".join(lines)


FRESH_CACHES = """

import importlib as _importlib

import pytest as _pytest


@_pytest.fixture(autouse=True)
def _mutation_fresh_caches():
    for _value in list(vars(_importlib.import_module("{module}")).values()):
        if callable(getattr(_value, "cache_clear", None)):
            _value.cache_clear()
    yield
"""


def fresh_verdict(tmp: str, name: str, tests: list[str], keyword: str | None, limit: float = 1800) -> str | None:
    """Run a surviving mutant's tests again in a new interpreter, the mutant active from import on.

    mutmut forks each mutant's run from a process that has already run the tests, so a module-level
    table filled as the game runs (Durak's one attack object per card set) holds entries made by the
    original code, and a mutant of the code that fills it is never reached. A real run starts empty:
    if the tests fail there, the mutant is detected."""
    env = dict(os.environ, MUTANT_UNDER_TEST=name)
    args = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", "-o",
            "addopts=-q --import-mode=importlib", *(["-k", keyword] if keyword else []), *tests]
    try:
        done = subprocess.run(args, cwd=os.path.join(tmp, "mutants"), env=env, capture_output=True, timeout=limit)
    except subprocess.TimeoutExpired:
        return "timeout"
    # 1: a test failed; 2: the tests could not be collected (the module fails to import under the
    # mutant); the same tests pass on the original code, so either is the mutant's doing
    return FRESH_KILLED if done.returncode in (1, 2) else None


def added_lines(diff: str) -> str:
    return "\n".join(line[1:].strip() for line in diff.splitlines()
                     if line.startswith("+") and not line.startswith("+++"))


def run(module: str, tests: list[str], max_children: int, equivalent_files: list[str],
        diffs: bool = False, only: list[str] | None = None, timeout_multiplier: float = 5.0,
        keyword: str | None = None) -> dict:
    tmp = tempfile.mkdtemp(prefix="cardspec-mutation-")
    try:
        for part in ("spec", "verifier", "tests", "docs"):     # docs: tests read the rulebook pages and variants
            shutil.copytree(os.path.join(ROOT, part), os.path.join(tmp, part),
                            ignore=shutil.ignore_patterns("__pycache__", "_wip_*", "wip_*", "_build"))
        target = os.path.join(tmp, module)
        with open(target, encoding="utf-8") as fh:
            source = fh.read()
        with open(target, "w", encoding="utf-8") as fh:
            fh.write(undecorate_clauses(source))
        # mutmut forks each mutant's test run from a process that has already run the tests, so a
        # module-level cache (functools.cache) would answer from the original code: empty the
        # module's caches before every test, in the scratch copy only
        with open(os.path.join(tmp, "tests", "conftest.py"), "a", encoding="utf-8") as fh:
            fh.write(FRESH_CACHES.format(module=module[:-3].replace("/", ".").removesuffix(".__init__")))
        with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as fh:
            config = fh.read()
        config = re.sub(r"\n\[tool\.mutmut\]\n(?:[^\[\n][^\n]*\n|\n)*", "\n", config)  # replaced below
        config += "\n" + "\n".join([
            "[tool.mutmut]", 'source_paths = ["spec"]', f"only_mutate = {json.dumps([module])}",
            f"pytest_add_cli_args_test_selection = {json.dumps(tests)}",
            "pytest_add_cli_args = " + json.dumps(["-p", "no:cacheprovider", "-o", "addopts=-q --import-mode=importlib"]
                                                  + (["-k", keyword] if keyword else [])),
            'also_copy = ["verifier", "docs"]', f"timeout_multiplier = {timeout_multiplier}", ""])
        with open(os.path.join(tmp, "pyproject.toml"), "w", encoding="utf-8") as fh:
            fh.write(config)
        mutmut = os.path.join(os.path.dirname(sys.executable), "mutmut")
        start = time.perf_counter()
        done = subprocess.run([mutmut, "run", "--max-children", str(max_children), *(only or [])], cwd=tmp,
                              capture_output=True, text=True)
        seconds = time.perf_counter() - start
        if done.returncode != 0:
            raise SystemExit(f"mutmut failed:\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
        results = subprocess.run([mutmut, "results", "--all", "true"], cwd=tmp, capture_output=True,
                                 text=True).stdout
        status = {}
        for line in results.splitlines():
            name, _, what = line.strip().rpartition(": ")
            if name and (not only or any(fnmatch.fnmatch(name, pattern) for pattern in only)):
                status[name] = what
        for name in [n for n, s in status.items() if s not in DETECTED]:
            status[name] = fresh_verdict(tmp, name, tests, keyword) or status[name]
        listed = equivalent_for(module, equivalent_files)
        # An entry holds only while its mutant still makes the change it names: mutmut numbers
        # mutants per function, so an edit elsewhere in the function can shift the numbers.
        equivalent, stale, killed_listed = {}, [], []
        for name, entry in listed.items():
            if only and not any(fnmatch.fnmatch(name, pattern) for pattern in only):
                continue  # not run this time: neither counted nor stale
            diff = subprocess.run([mutmut, "show", name], cwd=tmp, capture_output=True,
                                  text=True).stdout if name in status else ""
            if name in status and entry.get("change", "").strip() in added_lines(diff):
                if status[name] in DETECTED:
                    killed_listed.append(name)  # a test tells it apart after all: it counts as killed
                else:
                    equivalent[name] = entry["reason"]
            else:
                stale.append(name)
        shown = {}
        if diffs:  # the code of every mutant that is neither killed nor listed as equivalent
            for name in sorted(n for n, s in status.items() if s not in DETECTED and n not in equivalent):
                shown[name] = subprocess.run([mutmut, "show", name], cwd=tmp, capture_output=True,
                                             text=True).stdout.strip()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    counted = {n: s for n, s in status.items() if n not in equivalent}
    killed = sum(s in DETECTED for s in counted.values())
    alive = sorted(n for n, s in counted.items() if s not in DETECTED)
    return {"module": module, "tests": tests, "mutants": len(status),
            "equivalent": len(equivalent), "stale_equivalent": sorted(stale),
            "listed_but_killed": sorted(killed_listed),
            "killed": killed, "not_killed": len(alive),
            "by_status": {s: sum(v == s for v in status.values()) for s in sorted(set(status.values()))},
            "score_percent": round(100 * killed / max(1, len(counted)), 1), "seconds": round(seconds, 1),
            "surviving": {n: shown.get(n, counted[n]) for n in alive}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("module", help="a file under spec/, e.g. spec/tricks.py or spec/games/sevens.py")
    ap.add_argument("--tests", nargs="*", help="test files (default: see the module docstring)")
    ap.add_argument("--max-children", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--equivalent", action="append", metavar="TOML",
                    help=f"equivalent-mutant file (repeatable; default {os.path.relpath(EQUIVALENT, ROOT)})")
    ap.add_argument("--mutants", nargs="+", metavar="NAME",
                    help="run only these mutants (names or globs, e.g. from an earlier run's 'surviving'); "
                         "the score then covers only them, so finish with a full run")
    ap.add_argument("--timeout-multiplier", type=float, default=5.0,
                    help="a mutant's tests may use this many times (x2) their clean CPU time before it counts "
                         "as a timeout (mutmut's default, 15, lets a mutant that loops for ever cost minutes)")
    ap.add_argument("--diffs", action="store_true",
                    help="show each surviving mutant's diff instead of its status")
    args = ap.parse_args()
    if not os.path.exists(os.path.join(ROOT, args.module)) or not args.module.startswith("spec/"):
        raise SystemExit(f"{args.module}: no such module under spec/")
    tests = args.tests or default_tests(args.module)
    if not tests:
        raise SystemExit(f"{args.module}: no test file found; give --tests")
    # the generic suites' cases of this game only (its own files all match: their names hold its id)
    keyword = os.path.splitext(os.path.basename(args.module))[0] \
        if not args.tests and args.module.startswith("spec/games/") and "/_" not in args.module else None
    print(json.dumps(run(args.module, tests, args.max_children, args.equivalent or [EQUIVALENT], args.diffs,
                         args.mutants, args.timeout_multiplier, keyword), ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()
