"""A move that starts a combat shows the exact odds of that combat beside it, from the moving seat's view only
(issue 34; docs/serve.md). Twin games share the seed and every choice but where the Rebel hid its base (RB-SET-12,
a secret): the Empire is driven by the heuristic agent, the Rebel by a fixed rule of the options' order, until
the Empire stops moving into a system the Rebels hold. Over the real HTTP
interface, that option carries the odds the API gives for the system as the Empire sees it, and the Empire's page
is byte for byte the same in both twins."""

from __future__ import annotations

import html
import re

from servekit import move, read_panel, settle, twin_games

from swrebellion.expansions.base.agents.heuristic import HeuristicAgent
from swrebellion.expansions.base.api.combat import odds, system_damage, system_forces

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
                assert f"you win {100 * (t.wiped['rebel'] - t.both_wiped):.0f}%" in shown, (shown, name)
