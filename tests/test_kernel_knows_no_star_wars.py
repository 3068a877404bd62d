"""The kernel knows no Star Wars (issue 11, item 7): no code in core/ names the game's sides, pieces, cards or board.

What the game means lives in the plugins (expansions/), which register their content kinds, checks and rules with
the kernel. This test reads every module of core/ as Python and looks at what the code itself says: identifiers,
attribute and argument names, imported names and string constants. Comments and docstrings are not code and are
not read, though they should not need such words either.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

CORE = Path(__file__).resolve().parent.parent / "core"

#: Words of the board game (singular; plurals are matched too). Generic game words (dice, deck, card, player,
#: round, turn, setup, token) are the kernel's own vocabulary and are allowed, and so are words with another
#: meaning in code ("star" of a glob, pluggy's "marker").
GAME_WORDS = {
    "faction", "rebel", "empire", "imperial", "unit", "leader", "system", "mission", "objective", "tactic", "probe",
    "region", "adjacency", "adjacent", "skill", "theater", "jedi", "vader", "sith", "death", "destroyer", "wars",
    "galaxy", "planet", "loyalty", "subjugated", "sabotage", "reputation", "fighter", "ship", "trooper",
}
WORD = re.compile(r"[A-Za-z]+")


def words(text: str) -> set[str]:
    """Lower-case words of ``text``: snake_case, kebab-case and CamelCase split apart, a trailing 's' dropped."""
    found = set()
    for chunk in WORD.findall(re.sub(r"([a-z])([A-Z])", r"\1 \2", text)):
        word = chunk.lower()
        found |= {word, word.removesuffix("s"), word.removesuffix("ies") + "y"}
    return found


def docstrings(tree: ast.AST) -> set[int]:
    """ids of the string constants that are docstrings (first statement of a module, class or function)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def code_names(tree: ast.AST):
    """(line, text) of every identifier and non-docstring string constant in the module."""
    skip = docstrings(tree)
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            yield line, node.value
        elif isinstance(node, ast.Name):
            yield line, node.id
        elif isinstance(node, ast.Attribute):
            yield line, node.attr
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            yield line, node.name
        elif isinstance(node, ast.arg):
            yield line, node.arg
        elif isinstance(node, ast.keyword) and node.arg:
            yield line, node.arg
        elif isinstance(node, ast.alias):
            yield line, node.name + " " + (node.asname or "")
        elif isinstance(node, (ast.ImportFrom,)) and node.module:
            yield line, node.module


def game_words_in(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [f"{path.relative_to(CORE.parent)}:{line}: {text!r}"
            for line, text in code_names(tree) if words(text) & GAME_WORDS]


def test_no_module_of_the_kernel_names_the_game():
    found = [hit for path in sorted(CORE.rglob("*.py")) for hit in game_words_in(path)]
    assert not found, "the kernel names the game:\n" + "\n".join(found)


def test_the_check_finds_what_it_looks_for(tmp_path):
    """The check itself: a game word in code is found, in a comment or docstring it is not."""
    sample = tmp_path / "sample.py"
    sample.write_text('"""Units and leaders, by example."""\n# the Empire\n'
                      'def f(faction):\n    """A rebel docstring."""\n    return {"x": "star-destroyer", "y": MissionCard}\n')
    hits = game_words_in_text(sample.read_text())
    assert hits == {"faction", "star-destroyer", "MissionCard"}


def game_words_in_text(source: str) -> set[str]:
    return {text for _, text in code_names(ast.parse(source)) if words(text) & GAME_WORDS}
