"""Small functions: nothing in spec/ grades D or worse in radon's cyclomatic complexity
(above 20), and nothing in verifier/ grades E or worse (above 30)."""

from __future__ import annotations

from pathlib import Path

import pytest
from radon.complexity import cc_rank, cc_visit

ROOT = Path(__file__).parent.parent
LIMITS = {"spec": "C", "verifier": "D"}   # the worst grade allowed in each package


def blocks(package: str):
    for path in sorted((ROOT / package).rglob("*.py")):
        for block in cc_visit(path.read_text(encoding="utf-8")):
            yield path.relative_to(ROOT), block


@pytest.mark.parametrize("package", sorted(LIMITS))
def test_no_block_is_too_complex(package):
    worst = LIMITS[package]
    over = [f"{path}:{b.lineno} {b.fullname} {cc_rank(b.complexity)} ({b.complexity})"
            for path, b in blocks(package) if cc_rank(b.complexity) > worst]
    assert not over, f"split these into smaller functions (worst allowed in {package}/: {worst}): {over}"


def test_the_limit_can_fail():
    tangled = "def f(x):\n" + "".join(f"    if x == {i}:\n        return {i}\n" for i in range(25)) + "    return -1\n"
    (block,) = cc_visit(tangled)
    assert cc_rank(block.complexity) > LIMITS["spec"]
