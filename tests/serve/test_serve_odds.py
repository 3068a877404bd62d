"""A move that starts a combat shows the exact odds of that combat beside it, from the moving seat's view only
(issue 34; docs/serve.md). Twin games share the seed and every choice but where the Rebel hid its base (RB-SET-12,
a secret): the Empire is driven by the heuristic agent, the Rebel by a fixed rule of the options' order, until
the Empire stops moving into a system the Rebels hold. Over the real HTTP
interface, that option carries the odds the API gives for the system as the Empire sees it, and the Empire's page
is byte for byte the same in both twins."""

from __future__ import annotations

import html
import re
import shlex

import pytest
from servekit import move, read_panel, settle, twin_games

from swrebellion.engine import scenario
from swrebellion.expansions.base.agents.heuristic import HeuristicAgent
from swrebellion.expansions.base.api.combat import odds, system_damage, system_forces
from swrebellion.games import rules_for
from swrebellion.tools.serve.presentation import combat_odds, odds_command, percent

SEED = 4_100_200_300_400_500
#: Moves played at most before the Empire stops in a system the Rebels hold (with this seed, after 67).
STEPS = 200


def test_a_combat_starting_move_shows_its_odds_and_hides_nothing(tmp_path, monkeypatch):
    with twin_games(tmp_path, monkeypatch, SEED) as (client, twins, rooms):
        agents = {"empire": HeuristicAgent(side="empire", seed=3)}
        twisted = False
        for step in range(STEPS):
            settle(rooms)
            games = [room.game for room in rooms]
            assert not games[0].over, "the game ended before the Empire attacked"
            pending = games[0].pending[0]
            seat = pending.player
            panels = [client.get(links[seat] + "panel").text for links in twins]
            if seat == "empire" and 'class="odds"' in panels[0]:
                break
            opened = [read_panel(text) for text in panels]
            assert opened[1].options, f"the twins went apart after {step} moves"
            if seat == "empire":
                choice = agents[seat].choose(games[0], pending)
            else:  # the same in both twins (the heuristic Rebel would play by where its base is)
                choice = opened[0].options[(step * 7 + 3) % len(opened[0].options)]
            other = choice
            if not twisted and all(o.startswith("probe-") for o in opened[0].options):
                other = next(o for o in opened[1].options if o != choice)
                twisted = True
            for links, open_, option in zip(twins, opened, (choice, other)):
                assert move(client, links[seat], open_.decision, option).status_code == 200
        else:
            raise AssertionError(f"no attack by the Empire in {STEPS} moves")
        assert twisted
        assert games[0].view("empire") == games[1].view("empire"), "the secret came out before the attack"
        assert panels[0] == panels[1]
        shown = html.unescape(re.search(r'<small class="odds">([^<]*)</small>', panels[0]).group(1))
        target = next(e["system"] for e in reversed(games[0].view("empire")["log"]) if e["type"] == "activate")
        attacker, defender = system_forces(games[0], target, "empire")
        answer = odds(games[0], attacker, defender, damage=system_damage(games[0], target, "empire"))
        for name, t in answer.theaters.items():
            if name != "combat":
                assert f"you win {percent(t.wiped['rebel'] - t.both_wiped)}" in shown, (shown, name)


IMPERIAL = {"star-destroyer": 2, "tie-fighter": 6, "assault-carrier": 2, "stormtrooper": 2}


@pytest.mark.parametrize("rebels, policy", [
    ({"x-wing": 3, "y-wing": 2, "corellian-corvette": 1, "rebel-trooper": 2}, "best"),  # 6 ships, 10 Imperial
    ({"x-wing": 4, "y-wing": 3, "corellian-corvette": 2, "mon-calamari-cruiser": 1, "rebel-trooper": 2},
     "heuristic"),
    ({"x-wing": 4, "y-wing": 3, "corellian-corvette": 2, "mon-calamari-cruiser": 2, "rebel-trooper": 2}, "alone"),
    ({"x-wing": 4, "y-wing": 3, "corellian-corvette": 2, "mon-calamari-cruiser": 2}, None),
])
def test_the_page_shows_the_odds_it_can_work_out_at_once_and_sends_the_rest_to_the_command(rebels, policy):
    """Beside "done" (stop moving: the combat starts) the page shows the exact odds whenever the solver answers
    quickly (``odds(quick=True)``: about a tenth of a second, docs/odds.md), not only up to 4 units a side in a
    theater as it once did: here 6 Rebel ships against 10 Imperial ones (11,340 pairs of sides in space). Past that,
    the odds of both sides assigning damage as the bots do, said so, which are answered for far larger forces: 10
    Rebel ships (157,500 pairs of sides for the best play, 16,380 the bots' play comes to); past those too (11
    Rebel ships: 23,660 pairs the bots' play comes to), the odds of the ground battle alone, said so; and with no
    ground battle beside them, the `rebellion odds` command that asks about these forces, and that command answers
    them (it once pointed to ``--load SAVE``, a save a seat cannot have before the game is over). The Empire moves
    everything from Bespin into Hoth (RB-MOV-03), with a carrier left at Endor so that it may still move more."""
    start = scenario.Scenario.model_validate({"name": "odds beside a move", "seed": 1, "state": {
        "phase": "command", "current": "empire", "leaders": {"darth-vader": "pool"},
        "units": {"hoth": rebels, "bespin": IMPERIAL, "endor": {"assault-carrier": 1}},
        "decks": {"tactics-space": [], "tactics-ground": []}}})
    game = scenario.start(start, rules_for(("base",)))
    for option in ("activate:hoth", "bespin", "everything"):
        game.apply(option, player="empire")
    decision = game.pending[0]
    assert decision.kind == "move-from" and "done" in {o.id for o in decision.options}
    shown = combat_odds(game, decision)["done"]
    if policy is None:
        assert "too many units to work them out here" in shown, shown
        _assert_the_command_answers(game, shown)
        return
    assert ("as the bots do" in shown) == (policy == "heuristic"), shown
    assert ("of one battle" in shown and "Space battle" not in shown) == (policy == "alone"), shown
    attacker, defender = system_forces(game, "hoth", "empire")
    assert sum(defender.values()) - defender.get("rebel-trooper", 0) > 4
    answer = odds(game, attacker, defender, "ground" if policy == "alone" else "both",
                  damage=system_damage(game, "hoth", "empire"), policy="best" if policy == "alone" else policy)
    for name, t in answer.theaters.items():
        if name != "combat":
            assert f"you win {percent(t.wiped['rebel'] - t.both_wiped)}" in shown, (shown, name)


def _assert_the_command_answers(game, shown: str) -> None:
    """The command ``shown`` gives, run as a person would (its words split as a shell splits them), answers with
    the odds :func:`odds` gives for the system's forces as the moving seat sees them: the game's expansions, even
    where the person's own settings enable Rise of the Empire (whose repairs change every figure)."""
    from click.testing import CliRunner

    from swrebellion.expansions.base.api.combat import odds_text
    from swrebellion.tools.cli import main

    command = html.unescape(re.fullmatch(r".*: <code>(rebellion odds [^<]*)</code>", shown).group(1))
    result = CliRunner().invoke(main, shlex.split(command)[1:],
                                env={"SWREBELLION_EXPANSIONS": "base,rise-of-the-empire"})
    assert result.exit_code == 0, (command, result.output)
    attacker, defender = system_forces(game, "hoth", "empire")
    assert odds_text(odds(game, attacker, defender)) in result.output


def test_the_command_a_page_gives_names_the_units_their_damage_the_expansions_and_the_fan_packs():
    """RB-CMB-07: damage stays on units through a combat's rounds, so the command gives it (``COUNT UNIT:DAMAGE``,
    as ``rebellion odds --attacker`` reads it); the game's expansions are enabled with ``-x`` and its fan packs
    named with ``--pack``; the base game's own packs are not; and a base game leaves Rise of the Empire off with
    ``--no-expansion``, whatever the reader's settings enable."""
    from pathlib import Path

    fan_pack = Path(__file__).parents[2] / "examples" / "packs" / "probe-swarm"
    game = scenario.start(scenario.Scenario.model_validate({"name": "command", "state": {}}),
                          rules_for(("base", "rise-of-the-empire"), [fan_pack]))
    command = odds_command(game, {"star-destroyer": 2, "tie-fighter": 3}, {"x-wing": 4, "rebel-trooper": 1},
                           {"star-destroyer": [2], "x-wing": [1, 1]})
    assert command == ('rebellion odds --attacker "1 star-destroyer, 1 star-destroyer:2, 3 tie-fighter" '
                       '--defender "2 x-wing, 2 x-wing:1, 1 rebel-trooper" -x rise-of-the-empire --pack probe-swarm')
    assert odds_command(scenario.start(scenario.Scenario.model_validate({"name": "command", "state": {}}),
                                       rules_for(("base",))), {"x-wing": 1}, {"tie-fighter": 1}, {}) == \
        'rebellion odds --attacker "1 x-wing" --defender "1 tie-fighter" --no-expansion rise-of-the-empire'


@pytest.mark.parametrize("chance, shown", [(0.0, "0%"), (1e-15, "0%"), (0.004, "<1%"), (0.5, "50%"), (0.996, ">99%"),
                                           (1.0 - 1e-15, "100%"), (1.0, "100%")])
def test_the_page_never_shows_an_uncertain_chance_as_0_or_100_percent(chance, shown):
    """A space battle the Empire wins 99.6% of the time read "you win 100%" beside the move: a player takes that for
    certain. Whole percents still, but "<1%" and ">99%" for what may or may not happen (under 10^-9 is none)."""
    assert percent(chance) == shown


def test_with_rise_of_the_empire_the_page_shows_the_best_plays_odds_of_a_small_combat():
    """With Rise of the Empire a special repairs one's own units (RE-CIN-15): the best play with repairs is solved
    over arrays of its own (docs/odds.md), quickly enough for a page: beside "done" the page shows the odds of both
    sides playing their best, not the bots' (as it did while the best play with repairs was solved stage by stage,
    too slowly for a page: the issue's example took 6.9 s)."""
    start = scenario.Scenario.model_validate({"name": "odds beside a move", "seed": 1, "state": {
        "phase": "command", "current": "empire", "leaders": {"darth-vader": "pool"},
        "units": {"hoth": {"x-wing": 3, "corellian-corvette": 1, "rebel-trooper": 2},  # the example
                  "bespin": {"star-destroyer": 1, "tie-fighter": 3, "stormtrooper": 2},
                  "endor": {"assault-carrier": 1}}}})
    game = scenario.start(start, rules_for(("base", "rise-of-the-empire")))
    for option in ("activate:hoth", "bespin", "everything"):
        game.apply(option, player="empire")
    shown = combat_odds(game, game.pending[0])["done"]
    assert "Exact combat odds" in shown and "as the bots do" not in shown, shown
    attacker, defender = system_forces(game, "hoth", "empire")
    answer = odds(game, attacker, defender)
    for name, t in answer.theaters.items():
        if name != "combat":
            assert f"you win {percent(t.wiped['rebel'] - t.both_wiped)}" in shown, (shown, name)
