"""Ships the rulebook's Sphinx sources inside the package, so ``cardspec docs`` builds anywhere.

Everything else is declared in pyproject.toml; this only adds ``docs/`` (without build
output) to the wheel as ``verifier/rulebook``.
"""

import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithRulebook(build_py):
    def run(self):
        super().run()
        target = os.path.join(self.build_lib, "verifier", "rulebook")
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree("docs", target, ignore=shutil.ignore_patterns("_build", "*.mo", "__pycache__", "dev"))


setup(cmdclass={"build_py": BuildWithRulebook})
