"""The distribution: every package is listed in pyproject.toml, and a real wheel installed in a fresh virtual
environment finds the built-in packs (about 15-25 s: it builds the wheel and installs its dependencies)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_every_package_folder_is_listed_in_pyproject():
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    folders = {folder: package for package, folder in config["package-dir"].items()}
    expected = set()
    for top in ("core", "expansions", "tools", "content", "schemas"):
        for init in (REPO / top).rglob("__init__.py"):
            relative = init.parent.relative_to(REPO / top)
            expected.add(".".join([folders[top], *relative.parts]))
    assert expected - set(config["packages"]) == set(), "add these to [tool.setuptools] packages in pyproject.toml"


def _copy_source(target: Path) -> None:
    """The files a build needs, without the working tree's caches, virtual environments or build leftovers."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info", ".*")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, target / name)
    for folder in ("core", "expansions", "tools", "content", "schemas"):
        shutil.copytree(REPO / folder, target / folder, ignore=ignore)


def test_a_wheel_in_a_fresh_venv_finds_the_built_in_packs(tmp_path):
    source, wheels, venv, work = (tmp_path / name for name in ("source", "wheels", "venv", "work"))
    for folder in (source, wheels, work):
        folder.mkdir()
    _copy_source(source)
    env = {k: v for k, v in os.environ.items() if k not in ("SWREBELLION_EXPANSIONS", "PYTHONPATH", "VIRTUAL_ENV")}

    def run(*command, cwd=work, status=0):
        result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
        assert result.returncode == status, f"{command}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
        return result.stdout + result.stderr

    # verbose, for the build's own warnings: a folder of shipped data not listed as a package is one setuptools
    # means to leave out of the wheel in time (pyproject.toml lists them)
    built = run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "--wheel-dir", str(wheels), str(source))
    assert "is absent from the `packages` configuration" not in built, built[built.find("is absent") - 300:][:600]
    [wheel] = wheels.glob("swrebellion-*.whl")
    # the venv without a pip of its own, installed into by this one (--python): putting pip into every new venv
    # took most of the test's setup, and the wheel installs the same
    run(sys.executable, "-m", "venv", "--without-pip", str(venv))
    bin_dir = venv / ("Scripts" if os.name == "nt" else "bin")
    # --no-compile: pip would compile every dependency's modules ahead (a third of the install); the test runs a
    # few of them, compiled when first imported as anywhere
    run(sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), "install", "--quiet", "--no-compile",
        str(wheel))
    rebellion = str(bin_dir / "rebellion")

    listing = json.loads(run(rebellion, "packs", "list", "-x", "rise-of-the-empire", "--format", "json"))
    packs = {row["id"]: row for row in listing["packs"]}
    assert set(packs) == {"base", "rise-of-the-empire"}
    for row in packs.values():
        assert Path(row["folder"]).is_relative_to(venv), "the packs must come from the installed wheel"
        assert sum(row["items"].values()) > 0
    report = json.loads(run(rebellion, "validate", "--format", "json"))
    assert report["ok"] and [p["id"] for p in report["packs"]] == ["base"]
    assert (venv / "lib").exists() and any(venv.rglob("schemas/units.schema.json"))
    # the compiled catalogs are in the wheel: a game told in Russian and Turkish (issue 13)
    assert any(venv.rglob("locale/ru/LC_MESSAGES/swrebellion.mo"))
    assert "Повстанцы" in run(rebellion, "play", "--seed", "1", "--lang", "ru")
    assert "İsyancılar" in run(rebellion, "play", "--seed", "1", "--lang", "tr")
    # issue 35 #3: an installed copy never rewrites its own schemas (they are pip's); it writes where -o says
    installed = next(venv.rglob("schemas/units.schema.json")).parent
    # the schemas themselves: Python may write the package's bytecode beside them (__pycache__, where bytecode is
    # written: most machines), which is no rewrite of a schema
    before = {p.name: p.stat().st_mtime_ns for p in installed.glob("*.json")}
    assert len(before) > 10
    refusal = run(rebellion, "schema", "export", status=2)
    assert "not a source checkout" in refusal and "-o" in refusal and "Traceback" not in refusal
    assert "up to date" in run(rebellion, "schema", "export", "--check")  # reading them is fine
    assert "wrote" in run(rebellion, "schema", "export", "-o", "out")
    assert (work / "out" / "units.schema.json").read_text() == (installed / "units.schema.json").read_text()
    assert {p.name: p.stat().st_mtime_ns for p in installed.glob("*.json")} == before
