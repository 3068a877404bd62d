"""How many effect ops the built-in cards are written with, and how many of them only one card uses (issue 10, §3).

    python benchmarks/op_census.py [--json] [--list]

With every installed expansion enabled, counts the registered effect ops, the cards (items of any content kind whose data holds effect
steps, nested ones included: a marker's ``on_removal``, a choice's options), and for each op the cards using it.
Prints the ops used by exactly one card (each should be a rules primitive, its docstring starting ``Primitive:``
and saying why, which ``--list`` prints) and the ops no card uses (rules code or fan packs may still use them).
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict


def steps_in(node, names: set[str]):
    """Every effect step (a mapping whose ``op`` is a known op name) inside ``node``, at any depth."""
    if isinstance(node, dict):
        if isinstance(node.get("op"), str) and node["op"] in names:
            yield node
        for value in node.values():
            yield from steps_in(value, names)
    elif isinstance(node, list):
        for value in node:
            yield from steps_in(value, names)


def _reason(doc: str | None) -> str:
    """An op's ``Primitive:`` paragraph, on one line: why no general verb does what it does."""
    first = (doc or "").strip().split("\n\n")[0]
    return " ".join(first.removeprefix("Primitive:").split())


def census() -> dict:
    from swrebellion.loader import load
    from swrebellion.plugins import activate, discover

    found = discover()
    active = activate(env=",".join(sorted(found.installed)), discovery=found)
    ops = {spec.name: spec for spec in active.ops}
    catalog = load(active, all_enabled=True).catalog
    users: dict[str, set[str]] = defaultdict(set)
    cards = set()
    for kind in catalog._entries:
        for ident, item in catalog.items(kind).items():
            data = item.model_dump(by_alias=True) if hasattr(item, "model_dump") else item
            found = list(steps_in(data, set(ops)))
            if found:
                cards.add(f"{kind}/{ident}")
            for step in found:
                users[step["op"]].add(f"{kind}/{ident}")
    single = {name: sorted(users[name])[0] for name in sorted(ops) if len(users[name]) == 1}
    primitive = {name for name in single if (ops[name].doc or "").lstrip().startswith("Primitive:")}
    return {
        "ops": len(ops),
        "cards": len(cards),
        "used_by_one_card": single,
        "reasons": {name: _reason(ops[name].doc) for name in sorted(primitive)},
        "single_without_primitive_line": sorted(set(single) - primitive),
        "unused": sorted(name for name in ops if not users[name]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the whole census as JSON")
    parser.add_argument("--list", action="store_true", help="list the single-card and unused ops")
    args = parser.parse_args()
    result = census()
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{result['ops']} ops serve {result['cards']} cards; {len(result['used_by_one_card'])} used by exactly one "
          f"card ({len(result['single_without_primitive_line'])} without a 'Primitive:' line); "
          f"{len(result['unused'])} used by no card")
    if args.list:
        for name, card in result["used_by_one_card"].items():
            mark = "" if name not in result["single_without_primitive_line"] else "  (no Primitive: line)"
            print(f"  one card: {name:28} {card}{mark}")
            if name in result["reasons"]:
                print(f"            why: {result['reasons'][name]}")
        for name in result["unused"]:
            print(f"  no card:  {name}")


if __name__ == "__main__":
    main()
