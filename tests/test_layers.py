"""The code imports one way (DESIGN.md, "Layers and the public surface"; issue 11): no import cycles anywhere,
counting imports inside functions; the kernel imports no plugin and no tool; the base game's layers import only
downward; other plugins use the base game only through its public ``api`` module and its content models."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).parents[1]
PACKAGES = {"core": "swrebellion", "expansions": "swrebellion.expansions", "tools": "swrebellion.tools"}
BASE = "swrebellion.expansions.base"

#: The base game's layers, bottom first (a module may import its own layer or lower ones).
BASE_LAYERS = [
    ("content models, kinds and checks", ["models", "kinds", "checks"]),
    ("tables, names, declarations", ["tables", "names", "values", "moments", "shapes", "vocabulary"]),
    ("state access", ["board", "cards"]),
    ("rule primitives", ["rules", "knowledge"]),
    ("effect ops", ["ops"]),
    ("phase steps, narration, pictures, terminal, scenarios, agents",
     ["phases", "describe", "picture", "terminal", "scenario", "plays", "sampling", "heuristic"]),
    ("public API", ["api"]),
]


def modules() -> dict[str, Path]:
    found = {}
    for folder, package in PACKAGES.items():
        for path in (ROOT / folder).rglob("*.py"):
            parts = [p for p in path.relative_to(ROOT / folder).with_suffix("").parts if p != "__init__"]
            found[".".join([package, *parts])] = path
    return found


def runtime_nodes(tree: ast.AST):
    """Every node that runs when the module is imported or called: the body of ``if TYPE_CHECKING:`` is left out,
    since those imports exist for readers and the type checker only and never execute."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and isinstance(child.test, ast.Name) and child.test.id == "TYPE_CHECKING":
                stack.extend(child.orelse)
                continue
            stack.append(child)


def imports(name: str, path: Path, known: set[str]) -> set[str]:
    """Every module of ours that ``name`` imports, at any depth of its code (function-level imports included)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
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


#: Package ``__init__`` modules are wiring (a plugin's hook implementations import its modules when called); like
#: the before-stop check, their outgoing imports are left out, so they cannot make a cycle with their own modules.
GRAPH = {name: set() if path.name == "__init__.py" else imports(name, path, set(modules()))
         for name, path in modules().items()}


def test_no_module_is_in_an_import_cycle():
    def reaches(start: str, goal: str) -> bool:
        seen, stack = set(), [start]
        while stack:
            node = stack.pop()
            if node == goal:
                return True
            if node not in seen:
                seen.add(node)
                stack.extend(GRAPH[node])
        return False

    cyclic = sorted(m for m, targets in GRAPH.items() if any(reaches(t, m) for t in targets))
    assert not cyclic, f"modules in import cycles: {cyclic}"


def test_the_kernel_imports_no_plugin_and_no_tool():
    for name, targets in GRAPH.items():
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
    assert [m for m in GRAPH if m.startswith(BASE + ".") and layer(m) is None] == []


def test_the_base_game_imports_only_downward():
    for name, targets in GRAPH.items():
        if not name.startswith(BASE + "."):
            continue
        for target in targets:
            if target.startswith(BASE + ".") and layer(target) > layer(name):
                raise AssertionError(f"{name} ({BASE_LAYERS[layer(name)][0]}) imports {target} "
                                     f"({BASE_LAYERS[layer(target)][0]}), a layer above it")


#: What other plugins may import of the base game: its API, and its content models (to build on its kinds).
PUBLIC = (f"{BASE}.api", f"{BASE}.models")


def test_other_plugins_use_the_base_game_only_through_its_api():
    for name, targets in GRAPH.items():
        if not name.startswith("swrebellion.expansions.") or name == BASE or name.startswith(BASE + "."):
            continue
        private = sorted(t for t in targets if (t == BASE or t.startswith(BASE + "."))
                         and not any(t == p or t.startswith(p + ".") for p in PUBLIC))
        assert not private, f"{name} imports the base game's private modules {private}; use {BASE}.api"
