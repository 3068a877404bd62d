"""``docs/state.md``: the layout of ``game.state``, generated from what each plugin declares it owns.

Scenario authors name parts of the state by JSON pointer (``expect: state: {/data/time: 2}``, docs/scenarios.md)
and met them, until now, in error messages. Each plugin declares its section of ``state["data"]`` as a ``TypedDict``
(``Expansion.state``) whose fields carry a docstring each; this module walks those declarations (nested shapes
too: a system's state, a leader's, a combat's) and writes one row per key: its pointer, its type, what it holds.
"""

from __future__ import annotations

import ast
import inspect
import sys
import textwrap
import types
from typing import (
    Any,
    ForwardRef,
    Iterator,
    NotRequired,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

#: The kernel's own keys of ``game.state`` (``Game.blank``; core/engine/game.py says more of each).
KERNEL = {
    "format": "The state's format version.",
    "seed": "The seed the game was set up with.",
    "rng": "The random generator's state: every die and shuffle to come follows from it.",
    "players": "The players (or team roles) by id, in seat order.",
    "options": "How the game was created: the setup, the number of players, a plugin's own options.",
    "dice": "Each die colour's faces, from the content.",
    "data": "The rules plugins' sections, below.",
    "stack": "The flow: the steps under way, each a frame ``{\"step\": name, ...}``.",
    "pending": "The open decisions (one, or several asked at once in secret).",
    "log": "Every event, in order (``docs/reference.md`` lists their types and fields).",
    "choices": "Every answer given, ``[player, option id]``, in order: what a save replays.",
    "asked": "Player -> how many questions they were asked (a decision's id counts them).",
    "forced_dice": "Faces the next dice rolled will show (scenarios).",
    "answered_alone": "The decisions the rules answered alone since the last answer (a single legal option).",
    "result": "``null`` while the game runs, then ``{\"winner\", \"reason\"}``.",
}

#: The types named in the tables.
GLOSSARY = [
    ("Faction", "``\"rebel\"`` or ``\"empire\"``."),
    ("Theater", "``\"space\"`` or ``\"ground\"``."),
    ("Secret", "A hidden value: ``{\"$secret\": [players who may see it], \"value\": ...}``. A scenario's pointer "
               "looks through it; a player's view shows only ``$secret`` (and ``count`` for a list)."),
    ("Units", "Location -> unit type -> count."),
    ("Queue", "Build-queue space (``\"1\"``, ``\"2\"``, ``\"3\"``) -> unit type -> count."),
]


def field_docs(shape: type) -> dict[str, str]:
    """The docstring written under each field of a ``TypedDict`` (the string right after its annotation)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(shape)))
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    docs = {}
    for field, after in zip(body, body[1:]):
        if (isinstance(field, ast.AnnAssign) and isinstance(field.target, ast.Name) and isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant) and isinstance(after.value.value, str)):
            docs[field.target.id] = " ".join(after.value.value.split())
    return docs


def _written(shape: type) -> dict[str, str]:
    """Each field's type as its author wrote it (``dict[Faction, list[str]]``, ``Units``): the names the glossary
    explains, rather than what they stand for."""
    written = {}
    for name, hint in shape.__annotations__.items():
        text = hint.__forward_arg__ if isinstance(hint, ForwardRef) else str(hint)
        written[name] = text
    return written


def _shapes_in(hint: Any) -> Iterator[tuple[str, type]]:
    """The ``TypedDict``\\ s inside a type and the pointer steps that reach each: ``{key}`` for a mapping's values,
    ``{n}`` for a list's items."""
    if is_typeddict(hint):
        yield "", hint
        return
    origin = get_origin(hint)
    args = get_args(hint)
    if origin in (Union, types.UnionType):
        for arg in args:
            yield from _shapes_in(arg)
    elif origin is dict and len(args) == 2:
        key = "{side}" if args[0] is not str else "{key}"
        for steps, shape in _shapes_in(args[1]):
            yield f"/{key}{steps}", shape
    elif origin is list and args:
        for steps, shape in _shapes_in(args[0]):
            yield f"/{{n}}{steps}", shape


def rows(pointer: str, shape: type, seen: tuple[type, ...] = ()) -> Iterator[tuple[str, str, str, bool]]:
    """``(pointer, type, meaning, optional)`` for each field of ``shape`` under ``pointer``, and for the fields of
    the shapes nested in it. ``optional``: a ``NotRequired`` key, absent until the rules first set it."""
    hints = get_type_hints(shape, include_extras=True)
    written = _written(shape)
    docs = field_docs(shape)
    for name, hint in hints.items():
        optional = get_origin(hint) is NotRequired  # (string annotations hide it from __optional_keys__)
        if optional:
            hint = get_args(hint)[0]
        text = written[name]
        here = f"{pointer}/{name}"
        yield here, text.removeprefix("NotRequired[")[:-1] if optional else text, docs.get(name, ""), optional
        for steps, inner in _shapes_in(hint):
            if inner not in seen:
                yield from rows(here + _named(steps, name), inner, (*seen, shape))


def _named(steps: str, field: str) -> str:
    """``{key}`` named for what it stands for: ``/leaders/{key}`` reads ``/leaders/{leader}``."""
    singular = field[:-1] if field.endswith("s") else field
    return steps.replace("{key}", "{" + singular + "}", 1)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def state_markdown(sections: list[tuple[str, type | None]]) -> str:
    """The page: the kernel's keys, then each plugin's section of ``/data`` (``sections``: plugin id and its
    declared ``TypedDict``, in dependency order), then the glossary."""
    out = [
        "# The game's state",
        "",
        "Generated by `python -m swrebellion.tools.docs_gen` from the sections the plugins declare "
        "(`Expansion.state`, docs/plugins.md); do not edit by hand. Scenario checks and error messages name a part "
        "of the state by JSON pointer (RFC 6901): `/data/discards/missions-empire` is the key `discards` of "
        "`data`, then its key `missions-empire` (docs/scenarios.md). In a pointer below, `{leader}`, `{system}`, "
        "`{deck}` ... stand for an id, `{side}` for `rebel` or `empire`, `{n}` for a list index from 0.",
        "",
        "Each plugin owns its section of `/data` and writes only its own; another plugin reads or changes it "
        "through the owner's API (tests/test_state_ownership.py holds every plugin we ship to this).",
        "",
        "## The kernel's keys",
        "",
        "| pointer | what it holds |",
        "|---|---|",
    ]
    out += [f"| `/{key}` | {_cell(text)} |" for key, text in KERNEL.items()]
    for plugin, shape in sections:
        out += ["", f"## {plugin}", ""]
        if shape is None:
            out.append("Keeps nothing in the state.")
            continue
        out += [_cell(" ".join((shape.__doc__ or "").split())), "",
                "| pointer | type | what it holds |", "|---|---|---|"]
        for pointer, written, meaning, optional in rows("/data", shape):
            note = " (only once set)" if optional else ""
            out.append(f"| `{pointer}` | `{_cell(written)}` | {_cell(meaning)}{note} |")
        parts = parts_of(shape)
        if parts:
            out += ["", "Its own parts of another plugin's state, given by the owner's API:", "",
                    "| pointer | type | what it holds |", "|---|---|---|"]
            for where, part in parts.items():
                for pointer, written, meaning, optional in rows(where, part):
                    note = " (only once set)" if optional else ""
                    out.append(f"| `{pointer}` | `{_cell(written)}` | {_cell(meaning)}{note} |")
    out += ["", "## Types", "", "| name | what it is |", "|---|---|"]
    out += [f"| `{name}` | {_cell(text)} |" for name, text in GLOSSARY]
    return "\n".join(out) + "\n"


def sections_of(active: Any) -> list[tuple[str, type | None]]:
    """The enabled plugins' declared sections, in dependency order."""
    return [(name, active.expansion(name).state) for name in active.enabled]


def parts_of(shape: type) -> dict[str, type]:
    """What a plugin keeps inside another plugin's state, as the owner's API gives it (the base game hands a plugin
    its own part of the combat): the ``PARTS`` of the module declaring its section, pointer -> ``TypedDict``."""
    parts: dict[str, type] = getattr(sys.modules[shape.__module__], "PARTS", {})
    return parts

