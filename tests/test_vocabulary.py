"""Every decision and event the built-in expansions produce is declared, with what each field means
(docs/reference.md is generated from the declarations; issue 12). Seeded games of both expansions, with 2, 3 and 4
players, and every scenario file are played; a decision kind, event type or event field they produce that no
plugin (or the kernel) declares fails here."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import make_rules
from swrebellion.engine import Game, RandomAgent, scenario
from swrebellion.engine.vocabulary import vocabulary
from swrebellion.expansions.base.tables import tables
from swrebellion.games import rules_for

SCENARIOS = sorted((Path(__file__).parent / "scenarios").rglob("*.yaml"))


def _kinds(game) -> dict[str, object]:
    """What a field whose meaning names a side or a kind of thing may hold, by that meaning (issue 33: a description
    that says the wrong side or kind is caught where the code logs the field)."""
    t = tables(game)
    sides = {"rebel", "empire"}
    return {
        "the side concerned: `rebel` or `empire`": sides.__contains__,
        "the side barred": sides.__contains__,
        "the side rolling": sides.__contains__,
        "the winning side, or null": lambda v: v is None or v in sides,
        "a system id": t.systems.__contains__,
        "a system id, or `rebel-base` (the Rebel Base space)": lambda v: v in t.systems or v == "rebel-base",
        "a leader id": t.leaders.__contains__,
        "leader ids": lambda v: isinstance(v, list) and all(lid in t.leaders for lid in v),
        "a unit type id": t.units.__contains__,
        "unit type id -> number": lambda v: isinstance(v, dict) and all(
            u in t.units and isinstance(n, int) for u, n in v.items()),
        "unit type ids it could not act on": lambda v: isinstance(v, list) and all(u in t.units for u in v),
        "unit type ids it affects": lambda v: isinstance(v, list) and all(u in t.units for u in v),
        "`space` or `ground`": {"space", "ground"}.__contains__,
    }


def _sides_hit(game, event) -> set[str]:
    """The sides owning the units a ``damage`` event names."""
    return {tables(game).units[u].faction for u in event["dealt"]}


def _check(vocab, game, kinds: set[str]) -> None:
    valid = _kinds(game)
    for event in game.state["log"]:
        assert event["type"] in vocab.events, f"event type {event['type']!r} is not declared: {event}"
        _, fields, _ = vocab.events[event["type"]]
        extra = sorted(set(event) - {"type"} - set(fields))
        assert not extra, f"{event['type']!r} has undeclared fields {extra}: {event}"
        for name, value in event.items():
            test = valid.get(vocab.meaning(event["type"], name) or "") if name != "type" else None
            assert test is None or test(value), (
                f"{event['type']!r} field {name!r} ({vocab.meaning(event['type'], name)}) holds {value!r}: {event}")
        if event["type"] == "damage":  # issue 33: the side taking the damage, as the narration says
            assert _sides_hit(game, event) == {event["faction"]}, f"damage logged for the wrong side: {event}"
    unknown = sorted(kinds - set(vocab.decisions))
    assert not unknown, f"decision kinds not declared: {unknown}"


@pytest.mark.parametrize("expansions", [("base",), ("base", "rise-of-the-empire")])
def test_seeded_games_produce_only_declared_events_and_decisions(expansions):
    rules = rules_for(expansions)
    vocab = vocabulary(rules.active)
    for players in (2, 3, 4):
        for seed in range(6):
            options = {"players": players}
            if len(expansions) > 1 and seed % 2:
                options["setup"] = "rise-of-the-empire"
            game = Game.new(rules, seed, options)
            agents = {p: RandomAgent(seed * 5 + n) for n, p in enumerate(game.state["players"])}
            kinds = set()
            while not game.over and game.pending:
                kinds |= {d.kind for d in game.pending}
                kinds |= {d["kind"] for d in game.state["answered_alone"]}
                decision = game.pending[0]
                game.apply(agents[decision.player].choose(game, decision), player=decision.player)
            _check(vocab, game, kinds)


def test_scenarios_produce_only_declared_events_and_decisions():
    vocab = vocabulary(rules_for(("base", "rise-of-the-empire")).active)
    for path in SCENARIOS:
        spec = scenario.load_scenario(path)
        if spec.expansions == ["hideout"]:
            continue
        game = scenario.run(spec, make_rules)
        kinds = {s.choose.kind for s in spec.script if s.choose and s.choose.kind}
        kinds |= {s.offered.kind for s in spec.script if s.offered and s.offered.kind}
        _check(vocab, game, kinds | {d.kind for d in game.pending})


def test_every_declared_field_has_a_meaning_and_every_declaration_says_something():
    vocab = vocabulary(rules_for(("base", "rise-of-the-empire")).active)
    for name, (what, fields, _) in vocab.events.items():
        assert what, name
        missing = [f for f in fields if not vocab.meaning(name, f)]
        assert not missing, f"{name!r}: no meaning for {missing}"
    for kind, (what, ids) in vocab.decisions.items():
        assert what and ids, kind


def test_a_kind_declared_twice_names_both_plugins():
    class Twice:
        enabled = ["one", "two"]

        def implementers(self, hook):
            return self.enabled

        def call_one(self, plugin, hook):
            return [{"decisions": {"same": ("x", "y")}}]

    with pytest.raises(ValueError, match="'same' is declared by both 'one' and 'two'"):
        vocabulary(Twice())
