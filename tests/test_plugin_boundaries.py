"""The CLI and the kernel reach plugins like any other plugin service, and the base game knows no other expansion
(issue 27 §1, "The rules apart from what presents them").

* tools/ and core/ import no private module of a plugin: only a plugin's package (its entry point) and the modules
  docs/plugins.md lists as public (the base game's ``api``). Pictures, terminal screens, narration and agents are
  reached through hooks (``swrebellion.presentation``) and entry points (``swrebellion.agents``).
* The CLI, the server and the kernel test for no expansion by its id: a game option, a setup or a create form's
  choice comes from what the plugin declares.
* The base plugin names no other expansion anywhere in its files (code, strings or comments): not its id
  (``rise-of-the-empire``), not its module (``rise_of_the_empire``), no list of other expansions' things
  (``EXPANSION_SCORERS``), and no decision kind only another plugin declares (Rise of the Empire's scorers come
  from Rise of the Empire through the ``agent_scorers`` hook).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from plugin_site import PUBLIC
from test_layers import graph

from swrebellion.expansions.base import vocabulary as base_vocabulary
from swrebellion.games import rules_for

ROOT = Path(__file__).parents[1]
BASE = ROOT / "expansions" / "base"
EXPANSIONS = "swrebellion.expansions."


def _allowed(module: str) -> bool:
    """A plugin's package itself (what its entry point names) or a module the docs call public (the base game's
    ``api`` package with its namespaces, ``api.combat`` ...)."""
    return module in PUBLIC or module.count(".") == 2 or module.startswith(EXPANSIONS + "base.api.")


def test_the_cli_and_the_kernel_import_no_private_module_of_a_plugin():
    private = {name: sorted(t for t in targets if t.startswith(EXPANSIONS) and not _allowed(t))
               for name, targets in graph().items() if not name.startswith(EXPANSIONS.rstrip("."))}
    assert {name: found for name, found in private.items() if found} == {}
    assert any(t == EXPANSIONS + "base.api" for t in graph()["swrebellion.tools.play_cmd"])  # the test sees imports


def _other_expansions() -> set[str]:
    """Every other expansion's id and module name, as the tree and the installed plugins know them."""
    names = set()
    for folder in (ROOT / "expansions").iterdir():
        if (folder / "__init__.py").exists() and folder.name != "base":
            names |= {folder.name, folder.name.replace("_", "-")}
    rules = rules_for(("base", "rise-of-the-empire"))
    names |= {plugin for plugin in rules.active.enabled if plugin != "base"}
    return names


def test_the_cli_the_server_and_the_kernel_test_for_no_expansion_by_id():
    """Issue 27 §1: what an expansion brings reaches the CLI and the server through what it declares (its game
    options, its setups, its name), never through code that tests for its id: no string in tools/ or core/ is an
    expansion's id on its own (``"rise-of-the-empire" not in active.enabled``, ``ident == "rise-of-the-empire"``,
    ``("base", "rise-of-the-empire")``). Examples in help texts and docstrings name ids inside sentences, and may."""
    others = _other_expansions()
    found = []
    for folder in (ROOT / "tools", ROOT / "core"):
        for path in sorted(folder.rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and node.value in others:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert found == []


def _other_decision_kinds() -> set[str]:
    """Decision kinds only other plugins declare, less the ids the base game's own content gives a thing (the
    Shield Generator is a base unit and a Rise of the Empire question)."""
    rules = rules_for(("base", "rise-of-the-empire"))
    declared = set()
    for answer in rules.call("declare_vocabulary"):
        declared |= set((answer or {}).get("decisions", {}))
    content = rules_for(("base",)).content
    own = {ident for kind in content.counts() for ident in content.items(kind)}
    return declared - set(base_vocabulary.DECISIONS) - own


def test_the_base_game_names_no_other_expansion():
    others = _other_expansions()
    assert {"rise-of-the-empire", "rise_of_the_empire"} <= others
    named = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(others))) + r")(?![\w-])|\b\w*EXPANSION_\w+")
    kinds = _other_decision_kinds()
    assert "leader-limit" in kinds  # Rise of the Empire's, scored by its own agents module now
    found = []
    for path in sorted(BASE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        found += [f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}"
                  for m in named.finditer(text)]
        found += [f"{path.relative_to(ROOT)}:{node.lineno}: decision kind {node.value!r}"
                  for node in ast.walk(ast.parse(text))
                  if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in kinds]
    assert found == []
