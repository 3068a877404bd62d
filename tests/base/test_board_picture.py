"""The board picture (`rebellion board`, issue 13 part 4): valid SVG, the same bytes for the same input, only what
the viewer may see (twin games differing in the hidden base), and the things on the board visible in it."""

import xml.etree.ElementTree as ET

import pytest

from swrebellion.engine import Game, RandomAgent, peek
from swrebellion.engine.scenario import Scenario, start
from swrebellion.expansions.base.presentation.picture import board_svg
from swrebellion.expansions.base.presentation.picture.layout import map_positions
from swrebellion.expansions.base.presentation.picture.replay import game_at
from swrebellion.expansions.base.presentation.picture.scene import leader_label, unit_label
from swrebellion.games import rules_for

SVG = "{http://www.w3.org/2000/svg}"


def played(expansions, seed, steps):
    game = Game.new(rules_for(expansions), seed)
    agents = {p: RandomAgent(seed * 7 + n) for n, p in enumerate(game.state["players"])}
    while not game.over and len(game.state["choices"]) < steps:
        for decision in game.pending:
            game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    return game


def group(svg: str, slot: str) -> ET.Element:
    root = ET.fromstring(svg)
    found = root.find(f".//{SVG}g[@id='{slot}']")
    assert found is not None, f"no slot {slot!r} in the picture"
    return found


def texts(element: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in element.iter(f"{SVG}text")]


def scenario_game(state, expansions=("base",)):
    return start(Scenario.model_validate({"name": "picture", "expansions": list(expansions), "state": state}),
                 rules_for(expansions))


@pytest.mark.parametrize("expansions", [("base",), ("base", "rise-of-the-empire")])
@pytest.mark.parametrize("viewer", [None, "rebel", "empire"])
def test_the_picture_is_well_formed_svg(expansions, viewer):
    game = played(expansions, 3, 250)
    root = ET.fromstring(board_svg(game, viewer))
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == "0 0 1920 1080"
    slots = [g.get("id") for g in root.iter(f"{SVG}g") if g.get("id")]
    assert len([s for s in slots if s.startswith("sys-")]) == 32


def test_the_same_game_gives_the_same_bytes():
    one = played(("base", "rise-of-the-empire"), 4, 300)
    two = game_at(one, len(one.state["choices"]))  # built again from the seed and the choices
    for viewer in (None, "rebel", "empire"):
        assert board_svg(one, viewer) == board_svg(two, viewer)
        assert board_svg(one, viewer) == board_svg(one, viewer)


def twins(seed: int):
    """Two games with the same seed and choices except the Rebel base's hidden system (RB-SET-12), played in
    lockstep while each offers the other's choice."""
    rules = rules_for(("base",))
    games = [Game.new(rules, seed), Game.new(rules, seed)]
    agent = RandomAgent(seed)
    steps = 0
    while steps < 400 and not games[0].over:
        decisions = games[0].pending
        decision = decisions[0]
        if decision.kind == "choose-base":
            picks = [decision.options[0].id, decision.options[1].id]
        else:
            pick = agent.choose(games[0], decision)
            picks = [pick, pick]
        other = next((d for d in games[1].pending if d.player == decision.player), None)
        if other is None or picks[1] not in {o.id for o in other.options}:
            break
        for game, pick in zip(games, picks):
            game.apply(pick, player=decision.player)
        steps += 1
        if games[0].view("empire")["data"] != games[1].view("empire")["data"]:
            break  # the Empire has learnt something that tells the two apart: stop before it
        yield games


def test_the_empire_and_the_public_picture_do_not_show_the_hidden_base():
    """Principle 5 / RB-SET-12: the base's system is the Rebel's secret. While the Empire's view of two games is
    the same, his picture (and the public one) is the same bytes, though the bases differ; the Rebel's differs."""
    compared = 0
    for one, two in twins(11):
        bases = [peek(g.state["data"]["base"]) for g in (one, two)]
        if bases[0] is None or bases[0] == bases[1]:
            continue
        assert board_svg(one, "empire") == board_svg(two, "empire")
        assert board_svg(one, None) == board_svg(two, None)
        compared += 1
        # drawn now: the twins are the same two games played on, so the last state seen may be past this point
        name = one.rules.content.items("systems")[bases[0]].name.en
        last = (board_svg(one, "rebel"), board_svg(two, "rebel"), board_svg(one, "empire"), name)
    assert compared > 20, "the twins diverged too early to test anything"
    rebel_one, rebel_two, empire_one, base = last
    assert rebel_one != rebel_two
    assert f"Hidden in {base}" in texts(group(rebel_one, "base"))
    assert f"Hidden in {base}" not in empire_one


def test_every_unit_on_the_board_shows_with_its_count():
    game = played(("base", "rise-of-the-empire"), 5, 320)
    svg = board_svg(game, None)
    labels = {}
    for result in game.rules.call("board_annotations", game=game, view=game.view(None)):
        labels.update((result or {}).get("unit_labels", {}))
    units = game.rules.content.items("units")
    checked = 0
    for location, here in game.state["data"]["units"].items():
        slot = "base" if location == "rebel-base" else f"sys-{location}"
        shown = texts(group(svg, slot))
        for unit, count in here.items():
            assert f"{unit_label(unit, units[unit].name.en, labels)} {count}" in shown, (location, unit, count)
            checked += 1
    assert checked > 10


def test_loyalty_subjugation_sabotage_and_a_destroyed_system_are_drawn():
    """RB-LOY, RB-SUB (a subjugation marker with Imperial ground units and no Imperial loyalty, RULINGS C-10),
    sabotage markers, RB-DST destroyed systems."""
    game = scenario_game({
        "systems": {"naboo": {"loyalty": "rebel"}, "mandalore": {"loyalty": "empire", "sabotage": True},
                    "alderaan": {"destroyed": True}},
        "units": {"kashyyyk": {"stormtrooper": 2}, "corellia": {"star-destroyer": 3, "x-wing": 2}},
    })
    svg = board_svg(game, None)
    naboo = group(svg, "sys-naboo")
    assert "R" in texts(naboo)
    assert any(p.get("fill") == "#d8453a" for p in naboo.iter(f"{SVG}polygon"))
    mandalore = group(svg, "sys-mandalore")
    assert "E" in texts(mandalore)
    assert any(p.get("fill") == "#ff8c1a" for p in mandalore.iter(f"{SVG}polygon")), "no sabotage marker"
    assert "S" in texts(group(svg, "sys-kashyyyk")), "no subjugation marker"
    assert "destroyed" in texts(group(svg, "sys-alderaan"))
    assert "destroyed" not in texts(group(svg, "sys-naboo"))
    corellia = texts(group(svg, "sys-corellia"))
    assert "SD 3" in corellia and "X-wing 2" in corellia


def test_queues_track_and_leaders_are_drawn():
    game = scenario_game({
        "time": 4, "reputation": 11,
        "queue": {"empire": {"2": {"star-destroyer": 1}}, "rebel": {"1": {"y-wing": 2}}},
        "leaders": {"darth-vader": "mustafar", "princess-leia": "pool", "han-solo": {"at": "mustafar",
                                                                                      "ring": "captured"}},
        "units": {"mustafar": {"stormtrooper": 1}},
    })
    svg = board_svg(game, None)
    assert {"SD 1", "Y-wing 2"} <= set(texts(group(svg, "queues")))
    assert {"TIME", "REP"} <= set(texts(group(svg, "track")))
    mustafar = texts(group(svg, "sys-mustafar"))
    assert "Vader" in mustafar and "Han Solo (captured)" in mustafar
    assert "Leia" in texts(group(svg, "leaders"))


def test_rise_of_the_empire_target_markers_come_through_the_hook():
    """RE-MRK-01: target markers on the board; drawn from the expansion's ``board_annotations``."""
    game = scenario_game({"units": {"dathomir": {"x-wing": 1}}}, ("base", "rise-of-the-empire"))
    game.state["data"]["roe"]["markers"].append(
        {"marker": "secure-the-plans", "system": "dathomir", "card": "secure-the-plans", "faction": "empire",
         "on_removal": []})
    assert "\u25ce Secure the Plans" in texts(group(board_svg(game, None), "sys-dathomir"))
    assert "Secure the Plans" not in board_svg(scenario_game({}, ("base",)), None)


def test_labels_for_units_and_leaders_nobody_labelled():
    assert unit_label("hutt-gunship", "Hutt Gunship", {}) == "HG"
    assert unit_label("droid", "Droideka", {}) == "Droid"
    assert unit_label("star-destroyer", "Star Destroyer", {"star-destroyer": "SD"}) == "SD"
    assert leader_label("Darth Vader") == "Vader"
    assert leader_label("Luke Skywalker (Jedi)") == "Luke Skywalker"
    assert leader_label("General") == "General"


def test_fan_systems_without_a_position_get_a_free_place_in_their_region():
    class Item:
        def __init__(self, region, position=None):
            self.region = region
            self.position = position

    class Content:
        def __init__(self, systems):
            self.systems = systems

        def items(self, kind):
            return self.systems

    base = rules_for(("base",)).content
    systems = dict(base.items("systems"))
    systems["hutta-moon"] = Item("region-2")
    systems["far-away-1"] = Item("region-9")
    systems["far-away-2"] = Item("region-9")
    places = map_positions(Content(systems))
    original = map_positions(base)
    assert all(places[s] == original[s] for s in original)  # placed systems stay where the content says
    region2 = [original[s] for s, item in base.items("systems").items() if item.region == "region-2"]
    cx = sum(x for x, _ in region2) / 4
    cy = sum(y for _, y in region2) / 4
    x, y = places["hutta-moon"]
    assert abs(x - cx) < 60 and abs(y - cy) < 60, "not near its region"
    others = [p for s, p in places.items() if s != "hutta-moon"]
    assert min(((x - a) ** 2 + (y - b) ** 2) ** 0.5 for a, b in others) >= 20, "on top of another system"
    lowest = max(y for _, y in original.values())
    assert places["far-away-1"][1] > lowest and places["far-away-2"][1] > lowest  # a block below the map
    assert places["far-away-1"] != places["far-away-2"]


# -- each side's secrets (issue 35 #21) ------------------------------------------------------------------------------
# Each side's picture shows what that side knows and never what it does not: its own hand card by card, the
# Empire's probe knowledge (which systems its probe cards and what it has seen rule out as the Rebel base, RB-PRB,
# RB-BAS-08), the Rebel base for the Rebel. Twin games differing only in one side's secret give the other side's
# picture (and the public one) the same bytes.

RULED_OUT = "Your probe droids rule this system out: the Rebel base is not here"


def hands_game(empire_probes, rebel_missions, base="dantooine"):
    state = {"phase": "command", "base": base,
             "hands": {"empire": {"probes": empire_probes, "missions": ["interrogation"]},
                       "rebel": {"missions": rebel_missions}}}
    return start(Scenario.model_validate({"name": "secrets", "expansions": ["base"], "state": state}),
                 rules_for(("base",)))


def panel(svg: str) -> str:
    return " ".join(texts(group(svg, "cards")))


def test_each_side_sees_its_own_hand_by_name_and_only_the_size_of_the_others():
    one = hands_game(["probe-kessel", "probe-hoth"], ["sabotage", "infiltration"])
    empire, rebel, public = board_svg(one, "empire"), board_svg(one, "rebel"), board_svg(one, None)
    assert "Probe cards (2): Kessel, Hoth" in panel(empire)
    assert "Missions (1): Interrogation" in panel(empire)
    assert "Missions: 2" in panel(empire) and "Sabotage" not in panel(empire)
    assert "Missions (2): Sabotage, Infiltration" in panel(rebel)
    assert "Probe cards: 2" in panel(rebel) and "Kessel" not in panel(rebel)
    assert "Missions: 2" in panel(public) and "Probe cards: 2" in panel(public)


def test_the_empire_sees_which_systems_its_probe_cards_rule_out():
    """RB-PRB-01: a probe card in the Empire's hand names a system that does not hold the base; the Empire's
    picture marks it and counts what is left. Nobody else's picture shows any of it."""
    one = hands_game(["probe-kessel", "probe-hoth"], [])
    empire = board_svg(one, "empire")
    for system in ("kessel", "hoth"):
        assert RULED_OUT in all_text(group(empire, f"sys-{system}"))
    assert RULED_OUT not in all_text(group(empire, "sys-dantooine"))
    assert "Probe droids" in texts(group(empire, "cards"))
    assert "Dantooine" in panel(empire)  # among the systems that may still hold the base
    for viewer in ("rebel", None):
        assert RULED_OUT not in board_svg(one, viewer)


def all_text(element: ET.Element) -> str:
    """Every text of an element, its tooltips (``<title>``) too."""
    return " ".join(element.itertext())


def test_twins_differing_in_one_sides_secret_give_the_other_side_the_same_bytes():
    """Principle 5: the Empire's probe cards are its secret, the Rebel's missions and base are his."""
    probes = (hands_game(["probe-kessel", "probe-hoth"], ["sabotage"]), hands_game(["probe-ilum", "probe-endor"], ["sabotage"]))
    missions = (hands_game(["probe-kessel"], ["sabotage", "infiltration"]), hands_game(["probe-kessel"], ["hidden-fleet", "sabotage"]))
    bases = (hands_game(["probe-kessel"], ["sabotage"], "dantooine"), hands_game(["probe-kessel"], ["sabotage"], "yavin"))
    for one, two in (probes,):  # the Empire's secret
        assert board_svg(one, "rebel") == board_svg(two, "rebel")
        assert board_svg(one, None) == board_svg(two, None)
        assert board_svg(one, "empire") != board_svg(two, "empire")
    for one, two in (missions, bases):  # the Rebel's secrets
        assert board_svg(one, "empire") == board_svg(two, "empire")
        assert board_svg(one, None) == board_svg(two, None)
        assert board_svg(one, "rebel") != board_svg(two, "rebel")
    assert "Hidden in Yavin" in texts(group(board_svg(bases[1], "rebel"), "base"))
