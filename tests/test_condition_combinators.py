"""Conditions compose with ``all_of``, ``any_of`` and ``not`` (issue 27 §4) instead of a flag field for each
combination: "no Imperial unit here" (RB-MIS-04's kind of placement rule, Rapid Mobilization, Lure of the Dark
Side ...) is ``not: {has_units: {side: empire}}``, and the old ``without_units`` / ``without`` fields are gone
from the loader, which `rebellion packs upgrade` rewrites.

The filters are checked on real game states (a seeded base game played some way by random agents), against the
board's own answers (``board.has_units``, the loyalty rules RS-SYS-01/02), over every system.
"""

from __future__ import annotations

import pytest
import yaml

from packkit import cli, write_pack
from swrebellion.engine import Game, RandomAgent
from swrebellion.expansions.base import board
from swrebellion.expansions.base.api.ops import Condition, SystemFilter, holds, systems_where
from swrebellion.games import rules_for


@pytest.fixture(scope="module")
def games():
    """Base games a few rounds in (units spread over the board), one per seed."""
    rules = rules_for(("base",))
    found = []
    for seed in (1, 2):
        game = Game.new(rules, seed, {"players": 2})
        agents = {p: RandomAgent(seed + n) for n, p in enumerate(game.state["players"])}
        for _ in range(150):
            for decision in game.pending:
                game.apply(agents[decision.player].choose(game, decision), decision.player)
        found.append(game)
    return found


def where(data: dict) -> SystemFilter:
    return SystemFilter.model_validate(data)


def test_not_has_units_is_every_system_without_such_a_unit(games):
    for game in games:
        ctx = {"faction": "rebel"}
        every = sorted(game.state["data"]["systems"])
        no_empire = systems_where(game, where({"not": {"has_units": {"side": "opponent"}}}), ctx)
        assert no_empire == [s for s in every if not board.has_units(game, s, "empire")]
        assert 0 < len(no_empire) < len(every)


def test_all_of_any_of_and_not_follow_the_logic_they_name(games):
    """De Morgan on the board: not (A or B) is (not A) and (not B); all_of is the filters together."""
    a, b = {"has_units": {"side": "empire"}}, {"rebel": True}
    for game in games:
        ctx = {"faction": "empire"}
        every = set(game.state["data"]["systems"])
        one = set(systems_where(game, where(a), ctx))
        other = set(systems_where(game, where(b), ctx))
        assert set(systems_where(game, where({"any_of": [a, b]}), ctx)) == one | other
        assert set(systems_where(game, where({"all_of": [a, b]}), ctx)) == one & other
        assert set(systems_where(game, where({"not": {"any_of": [a, b]}}), ctx)) == every - (one | other)
        assert set(systems_where(game, where({"all_of": [{"not": a}, {"not": b}]}), ctx)) == every - (one | other)
        imperial = {s for s in every if board.is_imperial(game, s)}  # RS-SYS-01
        assert set(systems_where(game, where({"imperial": True, "not": a}), ctx)) == imperial - one


def test_game_conditions_compose_too(games):
    game = games[0]
    hidden = not board.base_revealed(game)
    ctx = {"faction": "rebel"}
    assert holds(game, Condition.model_validate({"base_hidden": hidden}), ctx)
    assert not holds(game, Condition.model_validate({"not": {"base_hidden": hidden}}), ctx)
    assert holds(game, Condition.model_validate({"any_of": [{"base_hidden": not hidden}, {"base_hidden": hidden}]}), ctx)
    assert not holds(game, Condition.model_validate({"all_of": [{"base_hidden": not hidden}, {}]}), ctx)


CARD = {"id": "fan-hideout", "name": {"en": "Hideout"}, "set": "fan", "summary": {"en": "Sabotage a system."},
        "faction": "rebel", "deck": "regular", "requires": {"intelligence": 1}, "mode": "attempt"}


def test_an_old_filter_field_fails_validation_and_the_upgrade_writes_it_with_not(tmp_path, monkeypatch):
    """Issue 27 §4: ``without_units`` is no field any more; validate points at the step
    and names `rebellion packs upgrade`, which writes ``not: {has_units: ...}`` in its place."""
    card = dict(CARD, target=[{"op": "choose", "what": "system", "where": {"without_units": "empire"}}],
                effect=[{"op": "sabotage", "change": "place"}])
    folder = write_pack(tmp_path / "fan", requires=["base>=1.0,<2"], content={"missions.yaml": {
        "kind": "missions", "items": [card]}})
    monkeypatch.chdir(tmp_path)
    result = cli("validate", "fan")
    assert result.exit_code == 1
    assert "fan/missions.yaml:" in result.output and "SW210 effect op 'choose' in an old form" in result.output
    assert "rebellion packs upgrade" in result.output
    assert cli("packs", "upgrade", "fan").exit_code == 0
    written = yaml.safe_load((folder / "missions.yaml").read_text())["items"][0]["target"][0]
    assert written["where"] == {"not": {"has_units": {"side": "empire"}}}
    assert cli("validate", "fan").exit_code == 0
