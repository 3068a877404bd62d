"""The code imports one way (DESIGN.md, "Layers and the public surface"; issue 11): no import cycles anywhere,
counting imports inside functions and imports under ``if TYPE_CHECKING:``; the kernel imports no plugin and no tool;
the base game's layers import only downward; other plugins use the base game only through its public ``api`` module
and its content models.

Imports for the type checker count like any other: a type a module needs comes from a module below it (a
protocol, an alias or a record moved down, as ``expansion_records.py`` and ``engine.effects.GameLike``), never from
one above it that a ``TYPE_CHECKING`` guard hides from the interpreter. ``python tests/test_layers.py`` lists the
cycles, each with the imports that close it."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).parents[1]
PACKAGES = {"core": "swrebellion", "expansions": "swrebellion.expansions", "tools": "swrebellion.tools"}
BASE = "swrebellion.expansions.base"

#: The base game's layers, bottom first (a module may import its own layer or lower ones).
BASE_LAYERS = [
    # The moments are declared data, below the checks that refuse a card its side is never asked at (SW803).
    ("content models, kinds, checks, field values, moments",
     ["models", "kinds", "checks", "field_values", "moments"]),
    ("tables, names, declarations", ["tables", "names", "values", "shapes", "vocabulary", "worth"]),
    ("state access", ["board", "cards", "asked"]),
    ("rule primitives", ["rules", "knowledge"]),
    ("effect ops", ["ops"]),
    ("phase steps, scenarios, combat odds", ["phases", "scenario", "plays", "odds", "odds_combat", "odds_cinematic",
                                             "odds_duel", "odds_finals", "odds_greedy", "odds_loops", "odds_repairs",
                                             "odds_tied", "odds_tied_repairs", "odds_ways"]),
    # Issue 27 §1: presentation and agents use the rules; the rules never import them.
    ("presentation: narration, pictures, terminal screens", ["presentation"]),
    ("agents", ["agents"]),
    ("public API, deprecated paths", ["api", "heuristic"]),
]


def modules() -> dict[str, Path]:
    found = {}
    for folder, package in PACKAGES.items():
        for path in (ROOT / folder).rglob("*.py"):
            parts = [p for p in path.relative_to(ROOT / folder).with_suffix("").parts if p != "__init__"]
            found[".".join([package, *parts])] = path
    return found


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """Every module of ours that ``name`` imports, at any depth of its code: function-level imports and imports under
    ``if TYPE_CHECKING:`` included."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parts + ([base] if base else []))
            # ``from package import module`` imports the module; ``from module import name`` the module
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names]
        out |= {t for t in targets if t in known and t != name}
    return out


@functools.cache
def graph() -> dict[str, set[str]]:
    """Module -> the modules of ours it imports. Package ``__init__`` modules count too: they are wiring (a plugin's
    hook implementations import its modules when called), and wiring imports downward like everything else. Made
    when a test first asks, not at import: parsing every module takes about 2 s, which every worker of the run
    paid while collecting, before any test started."""
    found = modules()
    return {name: imports(name, path, set(found)) for name, path in found.items()}


def cycles() -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm), each sorted: every module
    in an import cycle, grouped by cycle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph()[node]:
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph()):
        if node not in index:
            visit(node)
    return sorted(found)


def describe(cycle: list[str]) -> str:
    """A cycle's modules and the imports between them, one per line."""
    lines = [f"{len(cycle)} modules: {', '.join(cycle)}"]
    lines += [f"  {source} -> {target}" for source in cycle for target in sorted(graph()[source]) if target in cycle]
    return "\n".join(lines)


def test_no_module_is_in_an_import_cycle():
    found = cycles()
    assert not found, "modules in import cycles:\n" + "\n".join(describe(c) for c in found)


def test_the_kernel_imports_no_plugin_and_no_tool():
    for name, targets in graph().items():
        if name.startswith(("swrebellion.expansions", "swrebellion.tools")):
            continue
        wrong = sorted(t for t in targets if t.startswith(("swrebellion.expansions", "swrebellion.tools")))
        assert not wrong, f"{name} (kernel) imports {wrong}"


def layer(name: str) -> int | None:
    rest = name.removeprefix(BASE + ".")
    for index, (_, prefixes) in enumerate(BASE_LAYERS):
        if rest.split(".")[0] in prefixes:
            return index
    return None  # the package itself: the wiring, at the top


def test_every_base_module_has_a_layer():
    assert [m for m in graph() if m.startswith(BASE + ".") and layer(m) is None] == []


def test_the_base_game_imports_only_downward():
    for name, targets in graph().items():
        if not name.startswith(BASE + "."):
            continue
        for target in targets:
            if target.startswith(BASE + ".") and layer(target) > layer(name):
                raise AssertionError(f"{name} ({BASE_LAYERS[layer(name)][0]}) imports {target} "
                                     f"({BASE_LAYERS[layer(target)][0]}), a layer above it")


#: What other plugins may import of the base game: its API (which also hands out the content models to build on).
PUBLIC = (f"{BASE}.api",)


def test_other_plugins_use_the_base_game_only_through_its_api():
    for name, targets in graph().items():
        if not name.startswith("swrebellion.expansions.") or name == BASE or name.startswith(BASE + "."):
            continue
        private = sorted(t for t in targets if (t == BASE or t.startswith(BASE + "."))
                         and not any(t == p or t.startswith(p + ".") for p in PUBLIC))
        assert not private, f"{name} imports the base game's private modules {private}; use {BASE}.api"


if __name__ == "__main__":
    found = cycles()
    print("\n".join(describe(c) for c in found) or "no import cycles")
    print(f"{sum(map(len, found))} modules in {len(found)} cycles")
