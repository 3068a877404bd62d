"""Each plugin owns a declared section of ``state["data"]`` and writes only its own (issue 27 §2).

A plugin declares the keys it owns as a ``TypedDict`` (``Expansion.state``, docs/state.md). This test reads the
code of every plugin we ship (the base game, Rise of the Empire, the example plugin) and fails when

* a plugin reaches into ``state["data"]`` (or a view's ``data``) for a key another plugin owns, or in a way that
  does not say which key (the whole ``data`` handed on, iterated, kept); the base game owns the top of ``data``
  and may hold it whole, but names no other plugin's key;
* a plugin changes what a function of the base game's API handed it (``api.leaders.state(game, l)["at"] = "gone"``,
  ``api.cards.hand(...).remove(card)``): what another plugin may change goes through the owner's functions
  (``api.leaders.remove``, ``api.cards.take_from_hand``).

It reads the code as the interpreter would (``ast``), so a key reached through a variable bound to
``game.state["data"]`` counts the same as one spelt out.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Iterator

import pytest

from swrebellion.expansions import base, rise_of_the_empire
from swrebellion.expansions.base.shapes import BaseData

ROOT = Path(__file__).resolve().parents[1]
#: plugin id -> its code
CODE = {
    "base": ROOT / "expansions" / "base",
    "rise-of-the-empire": ROOT / "expansions" / "rise_of_the_empire",
    "space-cannon": ROOT / "examples" / "space-cannon" / "swrebellion_space_cannon",
}
#: plugin id -> the section it declares (``Expansion.state``); the example plugin, not installed in the test
#: environment, keeps nothing between decisions and declares none (its record is read, not imported, below)
SECTIONS = {"base": base.EXPANSION.state, "rise-of-the-empire": rise_of_the_empire.EXPANSION.state, "space-cannon": None}
#: The plugin that owns the top of ``state["data"]`` (every key no other plugin declares).
ROOT_OWNER = "base"
API_MODULE = "swrebellion.expansions.base.api"
#: Methods that change a list or a dict in place.
MUTATORS = {"append", "extend", "insert", "pop", "popitem", "remove", "clear", "update", "setdefault", "sort",
            "reverse", "__setitem__", "__delitem__"}
#: API functions that hand the caller its own part of the base game's state (a plugin's part of the combat or of
#: the attack: ``api.combat.part``, ``api.combat.attack_part``), which it may change in place.
OWN_PARTS = {"part", "attack_part"}
#: The API's namespaces (``api.combat.state(...)``, or ``from ...api import combat`` then ``combat.state(...)``).
NAMESPACES = {"content", "board", "leaders", "combat", "cards", "ops", "words"}
#: Methods of a dict that read or write one key, named by their first argument.
KEYED = {"get", "setdefault", "pop"}


def owned(plugin: str) -> set[str]:
    """The keys of ``state["data"]`` a plugin declares (``Expansion.state``)."""
    shape = SECTIONS[plugin]
    return set(shape.__annotations__) if shape is not None else set()


def _key(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _scopes(tree: ast.Module) -> Iterator[ast.AST]:
    """The module and each function: a name bound in one is looked up in it alone."""
    yield tree
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            yield node


def _body(scope: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a scope, not those of the functions defined in it (their own scopes)."""
    todo = list(ast.iter_child_nodes(scope))
    while todo:
        node = todo.pop()
        yield node
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))


class Reader:
    """One module's accesses to ``state["data"]`` and to what the base API hands out."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.tree = ast.parse(path.read_text(encoding="utf-8"))
        self.api_aliases: set[str] = set()  # names the API package is imported as
        self.namespace_aliases: set[str] = set()  # names its namespaces are imported as
        self.api_names: set[str] = set()  # the API's functions imported by name
        for node in ast.walk(self.tree):
            if isinstance(node, ast.ImportFrom) and node.module == API_MODULE:
                self.namespace_aliases |= {a.asname or a.name for a in node.names if a.name in NAMESPACES}
                self.api_names |= {a.asname or a.name for a in node.names if a.name not in NAMESPACES}
            elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(API_MODULE + "."):
                self.api_names |= {a.asname or a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module == "swrebellion.expansions.base":
                self.api_aliases |= {a.asname or a.name for a in node.names if a.name == "api"}
            elif isinstance(node, ast.Import):
                self.api_aliases |= {a.asname for a in node.names if a.name == API_MODULE and a.asname}

    def where(self, node: ast.AST) -> str:
        return f"{self.path}:{getattr(node, 'lineno', '?')}"

    # -- state["data"] ------------------------------------------------------------------------------------------

    @staticmethod
    def _is_data(node: ast.AST, names: set[str]) -> bool:
        if isinstance(node, ast.Name):
            return node.id in names
        if isinstance(node, ast.Subscript) and _key(node.slice) == "data":
            holder = node.value
            return (isinstance(holder, ast.Attribute) and holder.attr == "state") or (
                isinstance(holder, ast.Name) and holder.id in ("state", "view"))
        return False

    def data_uses(self) -> Iterator[tuple[ast.AST, str | None]]:
        """Every use of ``state["data"]``: the key it reaches (``None``: the data as a whole)."""
        for scope in _scopes(self.tree):
            nodes = list(_body(scope))
            names: set[str] = set()
            for node in nodes:  # data = game.state["data"]
                if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                        and self._is_data(node.value, set())):
                    names.add(node.targets[0].id)
            placed: set[int] = set()  # the data nodes accounted for
            for node in nodes:
                if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                        and node.targets[0].id in names and self._is_data(node.value, set()):
                    placed.add(id(node.value))
                    placed.add(id(node.targets[0]))
                elif isinstance(node, ast.Subscript) and self._is_data(node.value, names):
                    placed.add(id(node.value))
                    yield node, _key(node.slice) or "?"
                elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in KEYED
                      and self._is_data(node.func.value, names) and node.args):
                    placed.add(id(node.func.value))
                    yield node, _key(node.args[0]) or "?"
                elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], (ast.In, ast.NotIn)) \
                        and self._is_data(node.comparators[0], names):
                    placed.add(id(node.comparators[0]))
                    yield node, _key(node.left) or "?"
            for node in nodes:
                if self._is_data(node, names) and id(node) not in placed and not (
                        isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)):
                    yield node, None

    # -- what the API hands out ------------------------------------------------------------------------------------

    def _namespace(self, node: ast.AST) -> bool:
        """Whether ``node`` names the API or one of its namespaces (``api``, ``api.combat``, ``combat``)."""
        if isinstance(node, ast.Name):
            return node.id in self.api_aliases or node.id in self.namespace_aliases
        return (isinstance(node, ast.Attribute) and node.attr in NAMESPACES and isinstance(node.value, ast.Name)
                and node.value.id in self.api_aliases)

    def _from_api(self, node: ast.AST, names: set[str]) -> bool:
        """Whether ``node`` is something an API function returned, or a part of it."""
        while isinstance(node, (ast.Subscript, ast.Attribute)) and not (
                isinstance(node, ast.Attribute) and self._namespace(node.value)):
            node = node.value
        if isinstance(node, ast.Name):
            return node.id in names
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Attribute) and self._namespace(func.value):
                return func.attr not in OWN_PARTS
            if isinstance(func, ast.Name):
                return func.id in self.api_names and func.id not in OWN_PARTS
            if isinstance(func, ast.Attribute):  # a method of something the API returned: .get(...), .setdefault(...)
                return self._from_api(func.value, names)
        return False

    def api_writes(self) -> Iterator[ast.AST]:
        """Every change made in place to something a function of the base API returned."""
        for scope in _scopes(self.tree):
            nodes = list(_body(scope))
            names: set[str] = set()
            while True:  # info = api.leaders.state(game, lid); attack = info["attack"]: to a fixed point
                found = {t.id for node in nodes if isinstance(node, ast.Assign) and self._from_api(node.value, names)
                         for t in node.targets if isinstance(t, ast.Name)}
                if found <= names:
                    break
                names |= found
            for node in nodes:
                targets: list[ast.AST] = []
                if isinstance(node, (ast.Assign, ast.Delete)):
                    targets = list(node.targets)
                elif isinstance(node, ast.AugAssign):
                    targets = [node.target]
                for target in targets:
                    if isinstance(target, ast.Subscript) and self._from_api(target.value, names):
                        yield target
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS
                        and self._from_api(node.func.value, names)):
                    yield node


def readers(plugin: str) -> list[Reader]:
    return [Reader(path) for path in sorted(CODE[plugin].rglob("*.py"))]


@pytest.mark.parametrize("plugin", sorted(CODE))
def test_a_plugin_reads_and_writes_only_its_own_keys_of_the_state(plugin):
    """Issue 27 §2: ``state["data"]`` is reached only for keys the plugin declares; the base game (which owns the top
    of it) never for another plugin's key."""
    own = owned(plugin)
    others = set().union(*(owned(p) for p in CODE if p != plugin))
    wrong = []
    for reader in readers(plugin):
        for node, key in reader.data_uses():
            if plugin == ROOT_OWNER:
                if key in others:
                    wrong.append(f"{reader.where(node)}: the key {key!r} belongs to another plugin")
            elif key is None:
                wrong.append(f"{reader.where(node)}: state['data'] as a whole (reach only your own keys: {sorted(own)})")
            elif key not in own:
                wrong.append(f"{reader.where(node)}: the key {key!r} is not this plugin's (its own: {sorted(own)}); "
                             "use the owner's API")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("plugin", sorted(p for p in CODE if p != ROOT_OWNER))
def test_a_plugin_changes_the_base_games_state_only_through_its_api(plugin):
    """Issue 27 §2: what a plugin may change of the base game's state it changes by calling the base API's functions,
    never by writing into what they hand out."""
    wrong = [f"{reader.where(node)}: changes what the base API handed out (call an owner function instead)"
             for reader in readers(plugin) for node in reader.api_writes()]
    assert not wrong, "\n".join(wrong)


def test_the_sections_are_declared_and_apart():
    """Every plugin's section is a ``TypedDict``; no key is claimed twice."""
    assert SECTIONS["base"] is BaseData and owned("rise-of-the-empire") == {"roe"}
    record = next(node for node in ast.walk(ast.parse((CODE["space-cannon"] / "__init__.py").read_text("utf-8")))
                  if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Expansion")
    assert "state" not in {k.arg for k in record.keywords}  # the example plugin declares no section
    claimed: dict[str, str] = {}
    for plugin in CODE:
        for key in owned(plugin):
            assert key not in claimed, f"{key!r} is claimed by {claimed[key]} and {plugin}"
            claimed[key] = plugin


@pytest.mark.parametrize("source, found", [
    ('def f(game):\n    return game.state["data"]["leaders"]\n', ["leaders"]),
    ('def f(game):\n    data = game.state["data"]\n    return data.get("round"), "roe" in data\n', ["round", "roe"]),
    ('def f(game):\n    data = game.state["data"]\n    return helper(data)\n', [None]),
    ('def f(view):\n    return view["data"]["roe"]\n', ["roe"]),
])
def test_the_reader_finds_every_way_of_reaching_a_key(tmp_path, source, found):
    """The checker itself: a key spelt out, reached through a variable, tested with ``in``, or the data handed on."""
    path = tmp_path / "mod.py"
    path.write_text(source, encoding="utf-8")
    assert sorted((key for _, key in Reader(path).data_uses()), key=str) == sorted(found, key=str)


@pytest.mark.parametrize("source, writes", [
    ('from swrebellion.expansions.base import api\ndef f(game, l):\n    api.leaders.state(game, l)["at"] = "gone"\n', 1),
    ('from swrebellion.expansions.base import api\ndef f(game, l):\n    info = api.leaders.state(game, l)\n'
     '    info["at"] = "gone"\n', 1),
    ('from swrebellion.expansions.base.api.cards import hand\ndef f(game):\n    hand(game, "rebel", "actions").remove("x")\n',
     1),
    ('from swrebellion.expansions.base.api.combat import state\ndef f(game):\n    del state(game)["damage"]["u"]\n', 1),
    ('from swrebellion.expansions.base.api import cards\ndef f(game):\n    cards.hand(game, "rebel", "actions").clear()\n',
     1),
    ('from swrebellion.expansions.base import api\ndef f(game):\n    api.combat.part(game, "mine", dict)["x"] = 1\n', 0),
    ('from swrebellion.expansions.base import api\ndef f(game):\n    combat = api.combat.state(game)\n'
     '    attack = combat["attack"]\n    attack["rerolled"] = True\n', 1),
    ('from swrebellion.expansions.base import api\ndef f(game, l):\n    return api.leaders.state(game, l)["at"]\n', 0),
])
def test_the_reader_finds_every_write_into_what_the_api_handed_out(tmp_path, source, writes):
    path = tmp_path / "mod.py"
    path.write_text(source, encoding="utf-8")
    assert len(list(Reader(path).api_writes())) == writes


# -- the layout's documentation (docs/state.md, generated by tools/state_doc.py) ------------------------------------


def _declared_pointers() -> list[str]:
    from swrebellion.tools.state_doc import parts_of, rows

    shapes = [("/data", shape) for shape in SECTIONS.values() if shape is not None]
    shapes += [part for shape in SECTIONS.values() if shape is not None for part in parts_of(shape).items()]
    return [pointer for where, shape in shapes for pointer, _, _, _ in rows(where, shape)]


def _covered(pointer: str, declared: list[str]) -> bool:
    """Whether a concrete pointer (``/data/leaders/han-solo/at``) matches a declared one (``/data/leaders/{leader}/at``),
    or lies inside a declared key whose type is not broken down further."""
    parts = pointer.split("/")
    for pattern in declared:
        wanted = pattern.split("/")
        if len(wanted) <= len(parts) and all(w == p or w.startswith("{") for w, p in zip(wanted, parts)):
            if len(wanted) == len(parts) or not any(d.startswith(pattern + "/") for d in declared):
                return True
    return False


def _keys_held(data: dict, combat_seen: set[str]) -> Iterator[str]:
    """The pointers of the keys a game holds that the sections declare one by one: the top of ``data``, ``roe``'s
    keys, a combat's and an attack's."""
    for key, value in data.items():
        yield f"/data/{key}"
    for key in data.get("roe", {}):
        yield f"/data/roe/{key}"
    combat = data.get("combat")
    if combat:
        combat_seen.add("combat")
        yield from (f"/data/combat/{key}" for key in combat)
        if combat.get("attack"):
            yield from (f"/data/combat/attack/{key}" for key in combat["attack"])


def test_every_key_a_game_holds_is_declared_and_documented(base_rules):
    """Issue 27 §2: the declared sections are the whole layout. Random games with and without Rise of the Empire
    (setups of both, two and four players) are checked at every decision: each key of ``data`` (and of ``roe``, a
    combat, an attack) is declared, and so listed in docs/state.md; the kernel's keys are those the page lists."""
    from swrebellion.engine import Game, RandomAgent
    from swrebellion.games import rules_for
    from swrebellion.tools.state_doc import KERNEL

    declared = _declared_pointers()
    page = (ROOT / "docs" / "state.md").read_text(encoding="utf-8")
    assert all(f"`{pointer}`" in page for pointer in declared)
    assert set(Game.blank(base_rules, 1).state) == set(KERNEL)
    undeclared, combats = set(), set()
    roe_rules = rules_for(["base", "rise-of-the-empire"])
    for rules, seed, options in ((base_rules, 3, {}), (roe_rules, 4, {"setup": "rise-of-the-empire"}),
                                 (roe_rules, 5, {"players": 4})):
        game = Game.new(rules, seed, options)
        agents = {p: RandomAgent(seed * 7 + n) for n, p in enumerate(game.state["players"])}
        while not game.over:
            undeclared |= {p for p in _keys_held(game.state["data"], combats) if not _covered(p, declared)}
            decision = game.pending[0]
            game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    assert combats and not undeclared, f"keys no plugin declares: {sorted(undeclared)}"


def test_the_pointer_examples_of_the_page_point_at_something(base_rules):
    """docs/state.md's examples (``E.g. /data/...``) resolve in a real game, as a scenario's ``expect`` reads them."""
    import re

    from swrebellion.engine import Game, RandomAgent
    from swrebellion.engine.scenario import resolve_pointer
    from swrebellion.games import rules_for

    page = (ROOT / "docs" / "state.md").read_text(encoding="utf-8")
    examples = re.findall(r"E\.g\. ``(/data/[^`]+)``", page)
    assert "/data/discards/missions-empire" in examples and len(examples) >= 5
    game = Game.new(rules_for(["base", "rise-of-the-empire"]), 2, {"setup": "rise-of-the-empire"})
    agent = RandomAgent(1)
    while game.state["data"]["phase"] == "setup":  # set up: the units on the board
        decision = game.pending[0]
        game.apply(agent.choose(game, decision), player=decision.player)
    for pointer in examples:
        resolve_pointer(game.state, pointer)  # raises KeyError for a pointer that names nothing


# -- the owner functions, from outside -------------------------------------------------------------------------------


def test_the_owner_functions_change_what_they_say_and_keep_secrets(base_rules):
    """Issue 27 §2: what another plugin may change of the base game's state, it changes through these; each does
    exactly its one change, and a deck made through the API stays hidden in the other side's view (RB-SUP: a deck's
    size is public, its cards are not)."""
    from swrebellion.engine import Game
    from swrebellion.expansions.base import api

    game = Game.new(base_rules, 1)
    leader = sorted(api.leaders.states(game))[0]
    api.leaders.place(game, leader, "pool")
    assert api.leaders.state(game, leader)["at"] == "pool"
    api.leaders.remove(game, leader)
    assert api.leaders.states(game)[leader]["at"] == "gone"

    api.cards.new_deck(game, "test-deck", ["b", "a"], seen_by="rebel")
    assert api.cards.deck(game, "test-deck") == ["b", "a"] and api.cards.discard_pile(game, "test-deck") == []
    assert game.view("empire")["data"]["decks"]["test-deck"] == {"$secret": ["rebel"], "count": 2}
    api.cards.put_on_deck(game, "test-deck", ["c"])
    api.cards.put_on_deck(game, "test-deck", ["d"], top=False)
    api.cards.remove_from_deck(game, "test-deck", "a")
    assert api.cards.deck(game, "test-deck") == ["c", "b", "d"]
    api.cards.set_deck(game, "test-deck", ["d"])
    assert api.cards.deck(game, "test-deck") == ["d"]

    api.cards.add_to_hand(game, "rebel", "actions", "x")
    assert api.cards.hand(game, "rebel", "actions")[-1] == "x"
    api.cards.take_from_hand(game, "rebel", "actions", "x")
    assert "x" not in api.cards.hand(game, "rebel", "actions")
    assert api.cards.hidden_hand(game, "empire", "rebel", "actions") is api.cards.hand(game, "rebel", "actions")
    assert api.cards.hidden_hand(game, "rebel", "rebel", "actions") is None  # his own hand: nothing hidden from him

    data = game.state["data"]
    assert (api.board.phase(game), api.board.round_number(game), api.board.reputation(game)) == (
        data["phase"], data["round"], data["reputation"])
    api.board.at_end_of_command(game, "some.step", card="c")
    assert data["end_of_command"][-1] == ["some.step", {"card": "c"}]
