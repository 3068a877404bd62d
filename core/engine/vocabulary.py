"""The game's vocabulary: every event type (with what each field means), every decision kind (who is asked, the
form of the option ids) and every game option (what it changes, its values, its default), gathered from the
kernel's own events and the plugins' ``declare_vocabulary`` hook.
``docs/reference.md`` is generated from it; tests check that seeded games produce nothing undeclared."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..expansion_records import Active

#: The events the kernel itself logs, with their fields' meanings.
KERNEL_EVENTS: dict[str, tuple[str, tuple[str, ...], dict[str, str]]] = {
    "roll": ("dice rolled; every random outcome is logged", ("who", "purpose", "dice"),
             {"who": "who rolled", "purpose": "what for", "dice": "die id -> the faces rolled, in order"}),
    "shuffle": ("a deck shuffled; the new order is a secret nobody sees (replays and audits only)",
                ("deck", "order"), {"deck": "the deck's name", "order": "the new order, top first (a secret)"}),
    "reveal-choices": ("the answers of a simultaneous decision, shown once everyone has answered",
                       ("kind", "choices"), {"kind": "the decision kind", "choices": "player -> option id"}),
    "game-over": ("the game ended; always the last event (nothing happens after it)", ("winner", "reason"),
                  {"winner": "the winning side or player, or null", "reason": "why, in words"}),
}


@dataclass
class Vocabulary:
    events: dict[str, tuple[str, tuple[str, ...], dict[str, str]]] = field(default_factory=dict)
    decisions: dict[str, tuple[str, str]] = field(default_factory=dict)
    fields: dict[str, str] = field(default_factory=dict)
    #: Game option name -> (what it changes, its values, the default): what ``Game.new`` takes besides the players
    #: and the setup (the CLI's ``--option NAME=VALUE``).
    options: dict[str, tuple[str, tuple[str, ...], str]] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)  # "event:TYPE" / "decision:KIND" / "option:NAME" -> plugin

    def meaning(self, event: str, name: str) -> str | None:
        """What field ``name`` of an event of type ``event`` means: the event's own word, or the glossary's."""
        _, _, own = self.events[event]
        return own.get(name) or self.fields.get(name)


def vocabulary(active: Active) -> Vocabulary:
    """The vocabulary of the enabled expansions (``active``: the activated plugins), kernel events first."""
    found = Vocabulary(events=dict(KERNEL_EVENTS), owners={f"event:{t}": "kernel" for t in KERNEL_EVENTS})
    for plugin in active.implementers("declare_vocabulary"):
        declared = next(iter(active.call_one(plugin, "declare_vocabulary")), None) or {}
        for kind, table, into in (("event", "events", found.events), ("decision", "decisions", found.decisions),
                                  ("option", "options", found.options)):
            for name, entry in declared.get(table, {}).items():
                key = f"{kind}:{name}"
                if key in found.owners:
                    raise ValueError(f"the {kind} {name!r} is declared by both {found.owners[key]!r} and {plugin!r}")
                found.owners[key] = plugin
                into[name] = entry
        for name, meaning in declared.get("fields", {}).items():
            found.fields.setdefault(name, meaning)
    return found
