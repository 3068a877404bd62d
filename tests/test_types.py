"""The type checker in CI (issue 11 §6): ``mypy --strict`` passes on the kernel (core/), on the base game's public
API (``swrebellion.expansions.base.api``) and on the example third-party plugin (examples/space-cannon), with the
settings of pyproject.toml's ``[tool.mypy]``; and every export of the API is annotated in full, so that a plugin
author's own checker sees real types (issue 11 §5: "the state shapes it exposes typed").

mypy finds modules by folder name, and core/ is installed as ``swrebellion`` (pyproject's ``package-dir``; the
editable install's import hook is invisible to mypy), so the check runs over a tree of links laid out as installed.
Its cache lives in the test's temporary folder: every run checks from scratch.
"""

from __future__ import annotations

import inspect
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from swrebellion.expansions.base import api

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "space-cannon" / "swrebellion_space_cannon"
#: What is checked: the package without its expansions and tools (those are read silently, for their types), the
#: API module, the example plugin.
TARGETS = ["-p", "swrebellion", "--exclude", "^swrebellion/(expansions|tools)/",
           "-p", "swrebellion.expansions.base.api", "-p", "swrebellion_space_cannon"]


def link_tree(into: Path) -> Path:
    """The packages laid out as installed (``package-dir`` read from pyproject.toml), as links into the checkout."""
    package_dir = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-dir"]
    for package, folder in sorted(package_dir.items(), key=lambda item: item[0].count(".")):
        target = into.joinpath(*package.split("."))
        if "." in package:  # a subpackage: its folder, linked whole inside the parent package
            target.symlink_to(ROOT / folder, target_is_directory=True)
            continue
        target.mkdir(parents=True)  # the top package: its folder's entries, so that the subpackages can join them
        for entry in (ROOT / folder).iterdir():
            if entry.name != "__pycache__":
                (target / entry.name).symlink_to(entry, target_is_directory=entry.is_dir())
    (into / EXAMPLE.name).symlink_to(EXAMPLE, target_is_directory=True)
    return into


def mypy(tree: Path, cache: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", str(cache),
         "--no-error-summary", "--no-pretty", *args],
        cwd=tree, capture_output=True, text=True, timeout=600,
    )


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return link_tree(tmp_path_factory.mktemp("typed") / "src")


def test_mypy_strict_passes_on_core_the_api_and_the_example_plugin(tree: Path) -> None:
    result = mypy(tree, tree.parent / "cache", *TARGETS)
    assert result.returncode == 0, f"mypy --strict found problems:\n{result.stdout}{result.stderr}"


def test_the_check_sees_the_api_types(tree: Path) -> None:
    """The check is not vacuous: a plugin calling the API with wrong types, or reading a state shape's missing
    key, is refused (the base modules behind the API are followed, not replaced by ``Any``)."""
    probe = tree / "probe_plugin.py"
    probe.write_text(
        "from swrebellion.engine import Game\n"
        "from swrebellion.expansions.base import api\n"
        "\n"
        "def rule(game: Game) -> None:\n"
        "    api.board.units_at(game, 3)\n"
        "    api.board.system(game, 'corellia')['owner']\n",
        encoding="utf-8",
    )
    result = mypy(tree, tree.parent / "cache", str(probe))
    assert 'Argument 2 to "units_at" has incompatible type "int"; expected "str"' in result.stdout, result.stdout
    assert '"SystemState" has no key "owner"' in result.stdout, result.stdout
    assert result.returncode == 1


def _callables(name: str, value: object) -> list[tuple[str, Any]]:
    """The functions an export stands for: itself, or a class's own public methods and ``__init__``."""
    if inspect.isfunction(value):
        return [(name, value)]
    if inspect.isclass(value) and value.__module__.startswith("swrebellion."):
        return [(f"{name}.{attr}", member) for attr, member in vars(value).items()
                if inspect.isfunction(member) and (not attr.startswith("_") or attr == "__init__")]
    return []


def test_every_export_of_the_api_is_annotated_in_full() -> None:
    unannotated, seen = {}, set()
    exports = [(f"{ns}.{name}", getattr(getattr(api, ns), name)) for ns in api.__all__ if ns != "STEPS"
               for name in getattr(api, ns).__all__]
    for name, value in exports:
        for label, function in _callables(name, value):
            seen.add(label)
            signature = inspect.signature(function)
            missing = [p.name for p in signature.parameters.values()
                       if p.annotation is p.empty and p.name not in ("self", "cls")]
            if signature.return_annotation is signature.empty:
                missing.append("return")
            if missing:
                unannotated[label] = missing
    assert not unannotated, f"exports of swrebellion.expansions.base.api without annotations: {unannotated}"
    assert {"combat.fire", "ops.op", "words.Words.__init__", "words.Words.name"} <= seen  # functions, decorators, methods


def test_the_board_queries_return_the_state_shapes() -> None:
    """Issue 11 §5: what the API hands out of the state is typed with the shapes plugin authors read."""
    shapes = {api.board.system: "SystemState", api.leaders.state: "LeaderState",
              api.combat.state: "CombatState | None"}
    for function, shape in shapes.items():
        assert inspect.signature(function).return_annotation == shape, function.__name__
