"""Installing a plugin project (a folder with a pyproject.toml) as a plugin author's user would, for the tests.

``pip_install(project, tmp)`` runs the real pip on a copy of the project (so the source tree gets no ``build/``
folder), offline (``--no-index --no-build-isolation``: the test environment's setuptools builds it) and into a
site folder of its own (``--target``), never into the environment running the tests. ``Site`` then runs the
``rebellion`` command or Python in a subprocess that sees that folder on ``PYTHONPATH``: the plugin is found
through its entry point exactly as after ``pip install``, while this test process never sees it.

:data:`PUBLIC` lists the modules a plugin may import, and :func:`imported_modules` finds what a file imports.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path


#: The modules a plugin may import (docs/plugins.md, "The public API"; a test keeps the two lists equal).
PUBLIC = {
    "swrebellion.expansions.base.api",
    "swrebellion.hookspecs",
    "swrebellion.i18n",
    "swrebellion.plugins",
    "swrebellion.engine",
    "swrebellion.engine.effects",
    "swrebellion.engine.steps",
    "swrebellion.engine.values",
    "swrebellion.engine.reactions",
    "swrebellion.effects",
    "swrebellion.engine.scenario",
    "swrebellion.engine.save",
    "swrebellion.testing",
    "swrebellion.kinds",
    "swrebellion.models",
    "swrebellion.catalog",
    "swrebellion.diagnostics",
    "swrebellion.games",
    "swrebellion.presentation",
}


def imported_modules(path: Path, known: set[str] = PUBLIC) -> set[str]:
    """The ``swrebellion`` modules a file imports, at any depth of its code (``from package import module`` counts
    as the module when ``known`` names it)."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out |= {f"{node.module}.{a.name}" if f"{node.module}.{a.name}" in known else node.module
                    for a in node.names}
    return {name for name in out if name.split(".")[0] == "swrebellion"}


def pip_install(project: Path, tmp: Path) -> Path:
    """Install ``project`` with pip into ``tmp/site``; returns the site folder."""
    source, site = tmp / "source", tmp / "site"
    shutil.copytree(project, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    result = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", "--no-build-isolation",
         "--disable-pip-version-check", "--target", str(site), str(source)],
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, f"pip install {project} failed:\n{result.stdout}\n{result.stderr}"
    return site


@dataclass
class Site:
    """Subprocesses that see the plugins installed in ``folder``, run in ``cwd`` (no rebellion.toml there)."""

    folder: Path
    cwd: Path

    def env(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k != "SWREBELLION_EXPANSIONS"}
        return {**env, "PYTHONPATH": str(self.folder), **extra}

    def rebellion(self, *args: str, **extra: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "swrebellion.tools", *args], cwd=self.cwd, env=self.env(**extra),
                              capture_output=True, text=True, timeout=300)

    def python(self, code: str, **extra: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", code], cwd=self.cwd, env=self.env(**extra),
                              capture_output=True, text=True, timeout=300)
