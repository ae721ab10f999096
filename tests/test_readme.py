"""Every example in the README runs as written (and the set-up commands are what CI runs)."""

from __future__ import annotations

import os
import re
import shlex

import pytest
from click.testing import CliRunner

from verifier.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
README = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()


def examples() -> list[str]:
    """The ``cardspec ...`` lines of the README's "Using it" block, comments dropped, continuations joined."""
    block = README.split("## Using it", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    block = block.replace("\\\n", " ")
    lines = [re.sub(r"\s+#.*$", "", ln).strip() for ln in block.splitlines()]
    return [ln for ln in lines if ln.startswith("cardspec ")]


def test_the_readme_has_examples():
    assert len(examples()) >= 10


@pytest.mark.parametrize("line", examples())
def test_readme_example_runs(line, tmp_path, monkeypatch):
    if line.startswith("cardspec docs"):
        pytest.skip("the rulebook build is run by CI itself (sphinx -W -n)")
    monkeypatch.chdir(tmp_path)
    os.symlink(os.path.join(ROOT, "docs"), tmp_path / "docs")
    if "--replay game.json" in line:
        CliRunner().invoke(main, ["play", "sixty_one", "--players", "4", "--seed", "3", "--save", "game.json"])
    result = CliRunner().invoke(main, shlex.split(line)[1:])
    assert result.exit_code == 0, (line, result.output[-2000:], repr(result.exception))


def test_ci_runs_the_readme_test_command():
    ci = open(os.path.join(ROOT, ".ci", "run"), encoding="utf-8").read()
    assert "awk '/^# 2\\./" in ci and re.search(r"^# 2\. .*tests", README, re.M)
