"""Generated reference pages: ``docs/effects.md`` (every effect op, from the registry), ``docs/cards.md`` (every
card, its ops and the scenarios that exercise it), the generated blocks of ``docs/hooks.md`` (extension points
and rule moments, from the plugins' declarations), ``docs/reference.md`` (decisions and events) and ``docs/state.md``
(the state's layout, from the sections the plugins declare: ``state_doc.py``). Generated so they cannot drift from
the code and data:

    python -m swrebellion.tools.docs_gen            # write both (with every built-in expansion enabled)
    python -m swrebellion.tools.docs_gen --check    # exit 1 if a committed page is out of date
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any, Iterator

from swrebellion.models.effects import STEP_PLACEHOLDER
from swrebellion.safefile import write_atomic

from .state_doc import sections_of, state_markdown


def effect_steps(item: Any) -> Iterator[dict]:
    """Every effect step of a card, including nested ones (``then``/``options`` lists of steps) and abilities."""
    lists = [getattr(item, "target", []), getattr(item, "effect", [])]
    for ability in ("top", "bottom"):
        if hasattr(item, ability):
            lists.append(getattr(item, ability).effect)
    stack = [step.model_dump() if hasattr(step, "model_dump") else step for steps in lists for step in steps]
    while stack:
        step = stack.pop(0)
        yield step
        for value in step.values():
            for candidate in value if isinstance(value, list) else [value]:
                if isinstance(candidate, dict) and "op" in candidate:
                    stack.append(candidate)
                elif isinstance(candidate, list):
                    stack += [c for c in candidate if isinstance(c, dict) and "op" in c]


def op_summary(doc: str) -> str:
    """What an op does, in one sentence: the first paragraph of its docstring that is not its ``Primitive:`` reason,
    up to its first full stop."""
    import inspect

    paragraphs = [" ".join(p.split()) for p in inspect.cleandoc(doc).split("\n\n")]
    text = next((p for p in paragraphs if not p.startswith("Primitive:")), paragraphs[0])
    first = re.split(r"(?<=[.)])\s+(?=[A-Z])", text, maxsplit=1)[0]
    return first.rstrip(".")


def summarise_step(step: dict, ops) -> str:
    """One step in words: the op's own one-line description, then its parameters (nested steps left out)."""
    spec = ops[step["op"]] if step["op"] in ops else None
    what = op_summary(spec.doc) if spec and spec.doc else step["op"]
    params = {k: v for k, v in step.items() if k != "op" and not _holds_steps(v)}
    shown = ", ".join(f"{k}={json.dumps(v, sort_keys=True)}" for k, v in params.items())
    return f"{what}" + (f" ({shown})" if shown else "")


def _is_steps(value) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) and "op" in v for v in value)


def _holds_steps(value) -> bool:
    """Steps, or a list of branches that hold steps (a choice's options)."""
    return _is_steps(value) or (isinstance(value, list) and bool(value) and all(
        isinstance(v, dict) and any(_is_steps(x) for x in v.values()) for v in value))


def _heading(key: str, branch: dict | None) -> str:
    """A group of nested steps as the docs name it: ``then``, or ``options [id label]`` for a choice's option."""
    if branch is None:
        return key
    head = " ".join(str(_english(branch[k])) for k in ("id", "label") if k in branch) or key
    return f"{key} [{head}]"


def describe_steps(steps: list[dict], ops, depth: int = 0, summarise=summarise_step, heading=_heading) -> list[str]:
    """Steps in words, one line each, nested steps (branches, delayed steps) indented under the step holding them,
    each group named by its parameter (``then:``, ``otherwise:``, an option's id and label). ``summarise`` words one
    step and ``heading`` one group (`rebellion show` words them for readers, the docs for authors)."""
    lines = []
    pad = "  " * depth
    for step in steps:
        lines.append(f"{pad}{summarise(step, ops)}")
        for key, value in step.items():
            if _is_steps(value):
                lines.append(f"{pad}  {heading(key, None)}:")
                lines += describe_steps(value, ops, depth + 2, summarise, heading)
            elif _holds_steps(value):
                for branch in value:
                    lines.append(f"{pad}  {heading(key, branch)}:")
                    for inner in branch.values():
                        if _is_steps(inner):
                            lines += describe_steps(inner, ops, depth + 2, summarise, heading)
    return lines


def card_summary(item: Any, ops, summarise=summarise_step, heading=_heading,
                 groups: dict[str, str] | None = None) -> list[str]:
    """The card's effect in words, generated from its effect data (never printed card text), nested steps
    included and indented (``summarise`` and ``heading`` as :func:`describe_steps`; ``groups`` the words heading
    each part, ``where``, ``effect``, ``on failure``, ``top``, ``bottom``)."""
    lines = []
    parts = [("where", getattr(item, "target", [])), ("effect", getattr(item, "effect", [])),
             ("on failure", getattr(item, "failure", []))]
    parts += [(ability, getattr(item, ability).effect) for ability in ("top", "bottom") if hasattr(item, ability)]
    for part, steps in parts:
        label = (groups or {}).get(part, part)
        described = describe_steps([s.model_dump() if hasattr(s, "model_dump") else s for s in steps], ops,
                                   summarise=summarise, heading=heading)
        lines += [f"{label}: {line}" if not line.startswith(" ") else f"{' ' * (len(label) + 2)}{line}"
                  for line in described]
    return lines


def card_kinds(catalog) -> list[str]:
    """The card kinds of the enabled plugins whose cards carry effect data (every one but probes)."""
    return [kind.name for kind in catalog.kinds.tagged("card") if "effect" in kind.item.model_fields]


#: The verb groups of docs/effects.md, in order, with what each is for (an op's model names its group, ``uses``).
GROUPS = {
    "choose": "Where the card acts and what it does: a system, a leader, an option, the Rebel base. The choice is "
              "remembered in the context for the steps after it.",
    "conditions": "Steps that go on, stop or branch by a condition on the game (the condition model is under "
                  "[Conditions](#conditions)).",
    "cards": "Cards moved between hands, decks, discard piles and the table; hands and the base's whereabouts "
             "shown to the other side.",
    "leaders": "Leaders placed, moved, recruited, captured, rescued, eliminated or given a ring.",
    "units": "Units placed from the supply, moved by a card, destroyed, and build queues sped up or deployed from.",
    "board": "Loyalty, sabotage, reputation and the systems themselves.",
    "timing": "Steps kept for a later moment of the rules.",
    "missions": "When a card may be played (``trigger``), the mission being resolved, and the combat a card starts.",
    "combat": "Tactic cards and dice in a combat or a mission roll.",
    "target markers": "Rise of the Empire's target markers, hidden probe cards and objective trades.",
    "advanced tactics": "Rise of the Empire's cinematic combat: what advanced tactic cards do (RE-CIN).",
}
MAX_EXAMPLES = 3


def fan_examples(folder: Path | None) -> dict[str, list[tuple[str, dict]]]:
    """Effect steps of the fan packs under ``folder`` (tests/fan_ideas): examples of verbs no built-in card uses
    in every form."""
    import yaml

    found: dict[str, list[tuple[str, dict]]] = {}
    for path in sorted(folder.glob("*/*.yaml")) if folder is not None else ():
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for item in data.get("items", []) if isinstance(data, dict) else []:
            for step in effect_steps(_Card(item)):
                found.setdefault(step["op"], []).append((f"{path.parent.name}/{item['id']}", step))
    return found


class _Card:
    """A card read as plain data, for :func:`effect_steps`."""

    def __init__(self, item: dict) -> None:
        self.target, self.effect = item.get("target", []), item.get("effect", [])


def _examples(ops, catalog, fans: dict) -> dict[str, list[tuple[str, dict]]]:
    """Up to :data:`MAX_EXAMPLES` steps per op, each using a different set of parameters: built-in cards first."""
    out: dict[str, list[tuple[str, dict]]] = {}
    found = [(f"{kind}/{ident}", step) for kind in card_kinds(catalog)
             for ident, item in sorted(catalog.items(kind).items()) for step in effect_steps(item)]
    found += [example for steps in fans.values() for example in steps]
    for where, step in found:
        shown = out.setdefault(step["op"], [])
        keys = {k for k, v in step.items() if not _holds_steps(v)}
        if len(shown) < MAX_EXAMPLES and all({k for k, v in s.items() if not _holds_steps(v)} != keys
                                             for _, s in shown):
            shown.append((where, step))
    return out


def _group(spec) -> str:
    extra = spec.params.model_config.get("json_schema_extra") or {}
    return extra.get("group", "other") if isinstance(extra, dict) else "other"


def _anchor(title: str) -> str:
    return re.sub(r"[^a-z0-9 _-]", "", title.lower()).replace(" ", "-")


def effects_markdown(ops, catalog, fans: Path | None = None) -> str:
    from swrebellion.expansions.base.api.ops import CONTEXT

    examples = _examples(ops, catalog, fan_examples(fans))
    groups: dict[str, list] = {}
    for spec in ops:
        groups.setdefault(_group(spec), []).append(spec)
    order = [g for g in GROUPS if g in groups] + sorted(g for g in groups if g not in GROUPS)
    missions = catalog.kinds["missions"].item.model_fields
    out = [
        "# Effect ops",
        "",
        "Generated by `python -m swrebellion.tools.docs_gen` from the effect-op registry (every built-in expansion",
        "enabled); do not edit by hand. A card's effect is a list of steps, `{op: NAME, ...parameters}`, run in",
        "order; a few verbs with parameters (which, where, how many, who chooses) make most cards, and the ops only",
        "one card needs are rules primitives, each saying why (**Primitive:**).",
        "",
        f"* **Where a mission happens**: its `target` steps. {missions['target'].description}",
        "* **Sides** are relative: `self` is the side playing the card, `opponent` the other one; `rebel` and "
        "`empire` name one side whoever plays it. So one card (and one op) serves both factions.",
        "* **The context**: the steps of one card share a context, a set of keys the rules fill in and the steps "
        "read and write (a `choose` writes the system it chose under `system`, or the key its `as` names; a later "
        "step names that key). Each op below says which keys it reads and writes.",
        "* **One language**: only the ops below are read. A step in the form of an earlier version fails validation "
        "(SW210, at the step); `rebellion packs upgrade PACK` rewrites the pack's old steps, with the same effect.",
        "",
        "| context key | holds |",
        "|---|---|",
        *[f"| `{key}` | {_cell(meaning)} |" for key, meaning in CONTEXT.items()],
        "",
        f"{len(ops)} ops, by group:",
        "",
        *[f"* [{group}](#group-{_anchor(group)}): " + ", ".join(f"[`{spec.name}`](#{spec.name})" for spec in groups[group])
          for group in order],
        "* [Conditions](#conditions): the condition model and the types of the parameters",
    ]
    for group in order:
        out += ["", f"## Group: {group}", "", GROUPS.get(group, "Ops of this group.")]
        for spec in groups[group]:
            out += _op_section(spec, examples.get(spec.name, []))
    out += _types_section(ops)
    return "\n".join(out) + "\n"


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "/")


def _op_section(spec, examples: list[tuple[str, dict]]) -> list[str]:
    import inspect

    schema = spec.params.model_json_schema()
    extra = spec.params.model_config.get("json_schema_extra") or {}
    extra = extra if isinstance(extra, dict) else {}
    doc = inspect.cleandoc(spec.doc or "(no description)")
    primitive = doc.startswith("Primitive:")
    if primitive:
        doc = "**Primitive:**" + doc.removeprefix("Primitive:")
    out = ["", f"### {spec.name}", "", f"*Plugin:* `{spec.plugin}`", "", doc]
    details = inspect.cleandoc(spec.params.__doc__ or "")
    if details and details != inspect.cleandoc(spec.params.__mro__[1].__doc__ or ""):
        out += ["", details]
    if extra.get("reads") or extra.get("writes"):
        def keys(names) -> str:
            return ", ".join(f"`{k}`" if " " not in k else k for k in names) or "nothing"

        out += ["", f"*Context:* reads {keys(extra.get('reads', ()))}; writes {keys(extra.get('writes', ()))}."]
    props = schema.get("properties", {})
    values = extra.get("values", {})
    out.append("")
    if props:
        out += ["| parameter | type | required | default | meaning |", "|---|---|---|---|---|"]
        for name, prop in props.items():
            kind = "one of the values below" if name in values else _type(prop)
            out.append(
                f"| `{name}` | {kind} | {'yes' if name in schema.get('required', []) else 'no'} | "
                f"{json.dumps(prop['default']) if 'default' in prop else ''} | {_cell(prop.get('description') or '')} |"
            )
    else:
        out.append("No parameters.")
    for name, meanings in values.items():
        out += ["", f"`{name}`:", "", "| value | meaning |", "|---|---|",
                *[f"| `{value}` | {_cell(meaning)} |" for value, meaning in meanings.items()]]
    for where, step in examples:
        out += ["", f"Example (from `{where}`):", "", "```yaml", _yaml(step), "```"]
    return out


def _english(value):
    """A step with its labels in English only (``{en, ru, tr}`` -> the English text), for a short example."""
    if isinstance(value, dict):
        if set(value) >= {"en"} and set(value) <= {"en", "ru", "tr"} and all(isinstance(v, str) for v in value.values()):
            return value["en"]
        return {k: _english(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_english(v) for v in value]
    return value


def _yaml(step: dict) -> str:
    """An example step as a fan writes it: YAML, ``op`` first, short mappings on one line."""
    import yaml

    step = _english(step)
    ordered = {"op": step["op"], **{k: v for k, v in step.items() if k != "op"}}
    return "- " + yaml.safe_dump(ordered, sort_keys=False, allow_unicode=True, default_flow_style=None,
                                 width=110).rstrip().replace("\n", "\n  ")


def _types_section(ops) -> list[str]:
    """Every model the ops' parameters use (the condition model first), each field with its type and meaning."""
    defs: dict[str, dict] = {}
    for spec in ops:
        for name, definition in spec.params.model_json_schema().get("$defs", {}).items():
            defs.setdefault(name, definition)
    first = [n for n in ("Condition", "SystemFilter", "UnitFilter") if n in defs]
    out = ["", "## Conditions", "",
           "One condition model serves every place a condition appears: `if`'s `when`, `require`'s `condition`, a "
           "choice option's `when`, an action card's `trigger`, and the `where:` system filters. Every field given "
           "must hold; an empty condition always holds. The other types the parameters use follow."]
    for name in first + sorted(n for n in defs if n not in first):
        definition = defs[name]
        out += ["", f"### {name}", "", _cell(definition.get("description", "")), ""]
        props = definition.get("properties", {})
        if not props:
            continue
        out += ["| field | type | default | meaning |", "|---|---|---|---|"]
        for field, prop in props.items():
            out.append(f"| `{field}` | {_type(prop)} | {json.dumps(prop['default']) if 'default' in prop else ''} | "
                       f"{_cell(prop.get('description') or '')} |")
    return out


def _type(prop: dict) -> str:
    if "$ref" in prop:
        name = prop["$ref"].rsplit("/", 1)[-1]
        return f"[{name}](#{name.lower()})"
    if "anyOf" in prop:
        return " or ".join(_type(p) for p in prop["anyOf"])
    if "enum" in prop:  # sorted, as in the schemas: typing caches Literal unions, so their order varies by process
        return " / ".join(json.dumps(v) for v in sorted(prop["enum"], key=json.dumps))
    if prop.get("type") == "array":
        if STEP_PLACEHOLDER in prop.get("items", {}):
            return "effect steps"
        return f"list of {_type(prop.get('items', {}))}"
    return prop.get("type", "any")


def scenario_index(tests: Path) -> dict[str, list[str]]:
    """Card id -> scenario files that exercise it: the id is the file's name (``<card-id>.yaml`` or
    ``<card-id>--<case>.yaml``), appears in the scenario's ``name:``, or is an option a ``choose`` step picks (the
    card played or revealed there). A card merely sitting in a hand does not count."""
    import re

    found: dict[str, set[str]] = {}
    for path in sorted(tests.rglob("*.yaml")):
        text = path.read_text(encoding="utf-8")
        title = re.search(r"^name:\s*(.*)$", text, re.M)
        named = set(re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+", title.group(1) if title else ""))
        named.add(path.stem.split("--")[0])
        for option in re.findall(r"choose:.*option:\s*\"?([a-z0-9:#-]+)", text):
            named.add(option.split(":")[-1].split("#")[0])
        for token in named:
            found.setdefault(token, set()).add(str(path.relative_to(tests.parent)))
    return {token: sorted(paths) for token, paths in found.items()}


def cards_markdown(ops, catalog, tests: Path) -> str:
    index = scenario_index(tests)
    out = [
        "# Cards",
        "",
        "Generated by `python -m swrebellion.tools.docs_gen`; do not edit by hand. Every card of the built-in packs,",
        "the effect ops its data uses, and the scenarios that exercise it (scenarios naming the card id).",
    ]
    totals = []
    for kind in card_kinds(catalog):
        items = catalog.items(kind)
        with_data = sum(1 for item in items.values() if any(True for _ in effect_steps(item)))
        tested = sum(1 for ident in items if index.get(ident))
        copies = sum(getattr(item, "copies", 1) for item in items.values())
        totals.append(f"| {kind} | {len(items)} | {copies} | {with_data} | {tested} |")
        out += ["", f"## {kind}", "", "| card | pack | ops | scenarios |", "|---|---|---|---|"]
        for ident, item in sorted(items.items()):
            used = sorted({step["op"] for step in effect_steps(item)})
            entry = catalog.entry(kind, ident)
            scenarios = index.get(ident, [])
            shown = ", ".join(f"`{Path(s).name}`" for s in scenarios[:3]) + (
                f" +{len(scenarios) - 3}" if len(scenarios) > 3 else "")
            out.append(f"| `{ident}` {item.name.en} | {entry.pack} | {', '.join(used) or '**none**'} | "
                       f"{shown or '**none**'} |")
    head = ["", "| kind | cards | with copies | with effect data | with a scenario |", "|---|---|---|---|---|", *totals]
    return "\n".join(out[:4] + head + timings_markdown(ops, catalog) + out[4:]) + "\n"


def timings_markdown(ops, catalog) -> list[str]:
    """When cards are played: each card kind's timing words, as the plugins whose rules read them declare them
    (``KindRegistry.reads``: validate refuses any other, SW801), and the moments a ``trigger`` step may name with
    the sides asked at each (the op's declared values)."""
    out = ["", "## When cards are played", "",
           "A card's `timing` says when it is played; `rebellion validate` refuses a timing no enabled plugin's rules "
           "read (SW801). A Special action card (and an Assignment card picturing no leader) is played at the moment "
           "its first `trigger` step names, by a side the rules ask there: a card of another side is refused (SW803)."]
    for kind in card_kinds(catalog):
        table = catalog.kinds.readings(kind).get("timing")
        if table:
            out += ["", f"`timing` of {kind}:", "", "| timing | read by | what it means |", "|---|---|---|",
                    *[f"| `{value}` | {reading.plugin} | {_cell(reading.meaning)} |" for value, reading in table.items()]]
    trigger = next((spec for spec in ops if spec.name == "trigger"), None)
    extra = trigger.params.model_config.get("json_schema_extra") if trigger is not None else None
    moments = extra.get("values", {}).get("moment", {}) if isinstance(extra, dict) else {}
    if moments:
        out += ["", "The moments a `trigger` step names (`moment:`), who is asked there and which sides may be. A dotted "
                "name is a rule moment (docs/hooks.md lists them), a card window by its declaration; a hyphenated one "
                "is a window the rules open inside one of their steps, some right after a rule moment (as said).", "",
                "| moment | when; who is asked; the sides asked |", "|---|---|",
                *[f"| `{name}` | {_cell(meaning)} |" for name, meaning in moments.items()]]
    return out


GENERATED = re.compile(r"(<!-- generated: (\w+) -->\n).*?(<!-- end generated -->)", re.S)


def values_markdown(values) -> str:
    """The extension points as a table, from the plugins' ``register_values`` declarations."""
    rows = ["| name | declared by | what it is | context | adjusted by |", "|---|---|---|---|---|"]
    for point in sorted(values.points.values(), key=lambda p: p.name):
        context = "; ".join(f"`{k}`: {v}" for k, v in point.context.items()) or "-"
        rows.append(f"| `{point.name}` | {point.owner} | {_cell(point.doc)} | {_cell(context)} | "
                    f"{', '.join(point.answered_by) or '-'} |")
    return "\n".join(rows) + "\n"


def moments_markdown(steps) -> str:
    """The rule moments as a table, from the plugins' ``declare_moment`` calls and the steps added to them."""
    rows = ["| moment | declared by | when, and what the state holds | frame locals | steps added |",
            "|---|---|---|---|---|"]
    for m in sorted(steps.moments.values(), key=lambda m: m.name):
        state = "; ".join(f"`{k}`: {v}" for k, v in m.state.items()) or "-"
        added = ", ".join(f"`{step}` ({plugin}{'' if when is None else ', when its guard allows'})"
                          for (step, plugin), when in zip(m.steps, m.guards)) or "-"
        rows.append(f"| `{m.name}` | {m.owner} | {_cell(m.doc)} | {_cell(state)} | {added} |")
    return "\n".join(rows) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def reference_markdown(vocab) -> str:
    """docs/reference.md: every decision kind, event type and game option of the enabled expansions, from their
    declarations (the ``declare_vocabulary`` hook and the kernel's own events)."""
    lines = ["# Reference: decisions, events and game options", "",
             "Generated by `python -m swrebellion.tools.docs_gen` from the expansions' declarations "
             "(`declare_vocabulary`, docs/hooks.md); do not edit by hand. Scenario scripts name decisions by "
             "`kind` and answer them with option ids; `log` expectations match events by `type` and fields "
             "(docs/scenarios.md).", "", "## Decision kinds", "",
             "| kind | declared by | who is asked, about what | option ids |", "|---|---|---|---|"]
    for kind, (what, ids) in sorted(vocab.decisions.items()):
        lines.append(f"| `{kind}` | {vocab.owners[f'decision:{kind}']} | {what} | {ids} |")
    lines += ["", "## Event types", "",
              "Every event is `{type, ...fields}`; a field that is a secret is shown only to the players it names "
              "(`game.view`).", "", "| type | declared by | what happened | fields |", "|---|---|---|---|"]
    for name, (what, fields, _) in sorted(vocab.events.items()):
        shown = "; ".join(f"`{f}`: {vocab.meaning(name, f)}" for f in fields) or "none"
        lines.append(f"| `{name}` | {vocab.owners[f'event:{name}']} | {what} | {shown} |")
    lines += ["", "## Game options", "",
              "What a new game may be asked for besides its players and setup: `rebellion play --option NAME=VALUE` "
              "(any command that starts games), `Game.new(rules, seed, {NAME: VALUE})`, "
              "a scenario's `state`.", "", "| option | declared by | what it changes | values | default |",
              "|---|---|---|---|---|"]
    for name, (what, values, default) in sorted(vocab.options.items()):
        lines.append(f"| `{name}` | {vocab.owners[f'option:{name}']} | {what} | "
                     f"{', '.join(f'`{v}`' for v in values)} | `{default}` |")
    return "\n".join(lines) + "\n"


def hooks_markdown(rules, text: str) -> str:
    """docs/hooks.md with its generated blocks (extension points, moments) filled from ``rules``."""
    blocks = {"values": values_markdown(rules.values), "moments": moments_markdown(rules.steps)}
    return GENERATED.sub(lambda m: m.group(1) + blocks[m.group(2)] + m.group(3), text)


def main() -> None:
    from swrebellion.loader import load
    from swrebellion.plugins import activate

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that the committed pages are current")
    parser.add_argument("--docs", type=Path, default=Path("docs"))
    parser.add_argument("--tests", type=Path, default=Path("tests"))
    args = parser.parse_args()
    from swrebellion.engine import Rules

    active = activate(env="base,rise-of-the-empire")
    catalog = load(active, all_enabled=True).catalog
    from swrebellion.engine.vocabulary import vocabulary

    pages = {
        "reference.md": reference_markdown(vocabulary(active)),
        "effects.md": effects_markdown(active.ops, catalog, args.tests / "fan_ideas"),
        "cards.md": cards_markdown(active.ops, catalog, args.tests),
        "hooks.md": hooks_markdown(Rules(active), (args.docs / "hooks.md").read_text(encoding="utf-8")),
        "state.md": state_markdown(sections_of(active)),
    }
    stale = [name for name, text in pages.items()
             if not (args.docs / name).exists() or (args.docs / name).read_text(encoding="utf-8") != text]
    if args.check:
        if stale:
            print(f"out of date: {', '.join(stale)}; run python -m swrebellion.tools.docs_gen", file=sys.stderr)
            sys.exit(1)
        return
    for name, text in pages.items():
        write_atomic(args.docs / name, text)
    print(f"wrote {', '.join(pages)} in {args.docs}")


if __name__ == "__main__":
    main()
