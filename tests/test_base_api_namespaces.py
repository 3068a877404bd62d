"""The base game's public API in namespaces (issue 27 §3): ``api.content``, ``api.board``, ``api.leaders``,
``api.combat``, ``api.cards``, ``api.ops``, ``api.words`` and ``api.STEPS``, one name per thing. The flat names of
0.1 keep working for one minor version, each with a ``DeprecationWarning`` that names the new one; none of our
plugins (Rise of the Empire, the example, the scaffold's template) uses them any more; docs/plugins.md lists every
export."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

import pytest

from swrebellion.expansions.base import api

ROOT = Path(__file__).resolve().parents[1]
NAMESPACES = ["content", "board", "leaders", "combat", "cards", "ops", "words"]


def test_the_api_is_its_namespaces_and_the_step_names():
    assert api.__all__ == [*NAMESPACES, "STEPS"]
    exported = [f"{ns}.{name}" for ns in NAMESPACES for name in getattr(api, ns).__all__]
    assert len(exported) == len(set(exported))
    for dotted in exported:
        namespace, name = dotted.split(".")
        assert hasattr(getattr(api, namespace), name), dotted


@pytest.mark.parametrize("old", sorted(api.MOVED))
def test_every_old_flat_name_still_resolves_and_warns_with_the_new_one(old):
    namespace, new = api.MOVED[old].split(".")
    with pytest.warns(DeprecationWarning, match=rf"api\.{old} is deprecated .* use api\.{namespace}\.{new}\b"):
        value = getattr(api, old)
    assert value is getattr(getattr(api, namespace), new)


def test_an_old_name_imported_with_from_import_warns_too():
    with pytest.warns(DeprecationWarning, match=r"use api\.combat\.state"):
        exec("from swrebellion.expansions.base.api import combat_state", {})
    with pytest.raises(ImportError):
        exec("from swrebellion.expansions.base.api import no_such_name", {})


def test_the_old_names_cover_every_flat_name():
    """The 148 flat names of 0.1's ``__all__`` (STEPS and the deprecated ``tables`` aside) and the 31 owner functions
    of the base game's state that were flat for a few commits of 0.2 (issue 27 §2): each mapped, except the six old
    condition forms, which answer from beside ``rebellion packs upgrade`` (issue 27 §4); ``api.leaders``, one of the
    31, is now the namespace (its function is ``api.leaders.states``)."""
    assert len(api.MOVED) == 148 - 6 + 31 + 6 and "leaders" not in api.MOVED  # + the six names of the combat odds
    for old in sorted(api.UPGRADE_ONLY):
        with pytest.warns(DeprecationWarning, match=rf"api\.{old} is deprecated.*tools\.upgrade\.base_game"):
            getattr(api, old)
    assert callable(api.tables)  # warns when called: tests/test_base_api_content.py


def _plugin_files() -> list[Path]:
    """Every module of a plugin other than the base game: Rise of the Empire, the example, the scaffold's template."""
    expansions = [p for p in (ROOT / "expansions").rglob("*.py") if "base" not in p.relative_to(ROOT).parts]
    return sorted(expansions + list((ROOT / "examples").rglob("*.py")) + [ROOT / "tools" / "new_plugin.py"])


def test_no_plugin_of_ours_uses_an_old_flat_name():
    old = set(api.MOVED) | api.UPGRADE_ONLY | {"tables"}
    offenders = []
    for path in _plugin_files():
        source = path.read_text(encoding="utf-8")
        offenders += [f"{path.name}: api.{m}" for m in re.findall(r"(?<![\w.])api\.(\w+)", source) if m in old]
        if path.name == "new_plugin.py":  # the scaffold's templates are strings: their text is what counts
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom) and node.module == "swrebellion.expansions.base.api":
                offenders += [f"{path.name}:{node.lineno}: {a.name}" for a in node.names if a.name in old]
    assert not offenders, offenders


def test_every_export_is_documented_in_docs_plugins_md_and_in_code():
    text = (ROOT / "docs" / "plugins.md").read_text(encoding="utf-8")
    undocumented, no_docstring = [], []
    for namespace in NAMESPACES:
        module = getattr(api, namespace)
        assert module.__doc__
        for name in module.__all__:
            if f"`{namespace}.{name}`" not in text:
                undocumented.append(f"{namespace}.{name}")
            value = getattr(module, name)
            if (inspect.isfunction(value) or inspect.isclass(value)) and not inspect.getdoc(value):
                no_docstring.append(f"{namespace}.{name}")
    assert not undocumented, f"not in docs/plugins.md: {undocumented}"
    assert not no_docstring, f"no docstring: {no_docstring}"
