"""The built-in packs hold what the rules and the box say (issue 3, "Done when"); every count here comes from
RULES.md, RISE_OF_THE_EMPIRE.md or the component lists they cite."""

from collections import Counter, deque

import pytest

from swrebellion.loader import load
from swrebellion.plugins import activate


@pytest.fixture(scope="module")
def base():
    result = load(activate(env="base"), all_enabled=True)
    assert not [d for d in result.diagnostics if d.severity == "error"]
    return result.catalog


@pytest.fixture(scope="module")
def both():
    result = load(activate(env="base,rise-of-the-empire"), all_enabled=True)
    assert not [d for d in result.diagnostics if d.severity == "error"]
    return result.catalog


def copies(items, **where):
    return sum(i.copies for i in items.values() if all(getattr(i, k) == v for k, v in where.items()))


def test_the_map_has_32_systems_in_8_regions_of_4_and_69_edges(base):
    """RB-MOV-05, game-data.md §3."""
    systems = base.items("systems")
    assert len(systems) == 32
    assert Counter(s.region for s in systems.values()) == {r: 4 for r in base.items("regions")}
    assert len(base.items("regions")) == 8
    assert len(base.items("adjacency")) == 69
    assert sum(s.type == "remote" for s in systems.values()) == 8
    assert systems["coruscant"].fixed_loyalty == "empire"


def test_the_map_is_connected(base):
    edges = {}
    for edge in base.items("adjacency").values():
        a, b = edge.between
        edges.setdefault(a, set()).add(b)
        edges.setdefault(b, set()).add(a)
    seen, todo = {"coruscant"}, deque(["coruscant"])
    while todo:
        for nxt in edges[todo.popleft()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    assert seen == set(base.items("systems"))


def test_the_box_holds_153_miniatures_of_18_unit_types(base):
    """RB-UNT-02, RB-UNT-03: 89 Imperial and 64 Rebel miniatures."""
    units = base.items("units")
    assert len(units) == 18
    assert Counter(u.faction for u in units.values()) == {"empire": 9, "rebel": 9}
    assert sum(u.supply for u in units.values() if u.faction == "empire") == 89
    assert sum(u.supply for u in units.values() if u.faction == "rebel") == 64
    assert units["death-star"].supply == 2 and units["death-star-under-construction"].supply == 1  # RB-DS-06


def test_25_base_leaders_with_8_starting(base):
    """RB-SET-02, RULINGS C-09, RS-LDR-07."""
    leaders = base.items("leaders")
    assert len(leaders) == 25
    assert sorted(l.id for l in leaders.values() if l.starting) == sorted([
        "emperor-palpatine", "darth-vader", "grand-moff-tarkin", "general-tagge",
        "mon-mothma", "jan-dodonna", "princess-leia", "general-rieekan"])


def test_31_probe_cards_one_per_system_but_coruscant(base):
    """RB-PRB-01."""
    probes = base.items("probes")
    assert len(probes) == 31
    assert {p.system for p in probes.values()} == set(base.items("systems")) - {"coruscant"}


def test_base_card_counts_by_type_and_faction(base):
    """RB-MIS-26, RB-SET-07, RS-DS-02 (10 project cards), game-data.md §5."""
    missions = base.items("missions")
    for faction in ("empire", "rebel"):
        assert copies(missions, faction=faction, deck="starting") == 4
        assert copies(missions, faction=faction) - copies(missions, faction=faction, deck="project") == 29
    assert copies(missions, deck="project") == 10
    objectives = base.items("objectives")
    assert len(objectives) == 15
    assert Counter(o.stage for o in objectives.values()) == {1: 5, 2: 5, 3: 5}
    actions = base.items("actions")
    assert Counter(a.faction for a in actions.values()) == {"empire": 16, "rebel": 18}
    tactics = base.items("tactics")
    assert copies(tactics, theater="space") == 15 and copies(tactics, theater="ground") == 15


def test_dice_and_time_track(base):
    """RULINGS C-01; RB-SET-03; RS-TIME-03/04."""
    dice = base.items("dice")
    for colour in ("red", "black"):
        assert Counter(dice[colour].faces) == {"hit": 2, "direct-hit": 1, "special": 1, "blank": 2}
    track = base.items("time-tracks")["time-track"]
    assert (track.length, track.time_start, track.reputation_start) == (16, 1, 14)
    icons = {s.space: set(s.icons) for s in track.spaces}
    assert [n for n in sorted(icons) if "recruit" in icons[n]] == [2, 3, 4, 5]
    assert [n for n in sorted(icons) if "build" in icons[n]] == [2, 4, 6, 8, 10, 12, 14]


def test_base_setup(base):
    """RB-SET-08..13: 37 Imperial and 14 Rebel starting units, 3/5 loyalty draws, 2 subjugated."""
    setup = base.items("setups")["base"]
    assert sum(setup.empire.units.values()) == 37 and sum(setup.rebel.units.values()) == 14
    assert (setup.loyalty.rebel_systems, setup.loyalty.imperial_systems, setup.loyalty.subjugated_first) == (3, 5, 2)
    assert (setup.empire.starting_action_cards, setup.empire.mission_draws) == (2, 2)


def test_rise_of_the_empire_counts(both):
    """RE-CMP-02: 44 missions (24 Imperial, 20 Rebel), 12 objectives, 32 advanced tactics, 16 actions, 8 leaders,
    36 miniatures (18 per side), 3 green dice, 5 target markers."""
    def from_roe(kind):
        return {i: e.item for i, e in both.entries(kind).items() if e.pack == "rise-of-the-empire"}

    missions = from_roe("missions")
    assert copies(missions, faction="empire") == 24 and copies(missions, faction="rebel") == 20
    assert len(from_roe("objectives")) == 12
    advanced = from_roe("advanced-tactics")
    assert Counter((a.faction, a.theater) for a in advanced.values()) == {
        (f, t): 8 for f in ("empire", "rebel") for t in ("space", "ground")}
    assert Counter(a.faction for a in from_roe("actions").values()) == {"empire": 8, "rebel": 8}
    assert len(from_roe("leaders")) == 8
    units = from_roe("units")
    assert len(units) == 8 and sum(u.supply for u in units.values()) == 36
    assert Counter(u.faction for u in units.values() for _ in range(u.supply)) == {"empire": 18, "rebel": 18}
    assert both.items("dice")["green"].faces.count("direct-hit") == 2 and len(both.items("dice")["green"].faces) == 6
    markers = from_roe("markers")
    assert sum(m.supply or 0 for m in markers.values() if m.id in
               ("secure-the-plans", "rebel-cell", "raid-outposts", "show-no-fear")) == 5


def test_rise_of_the_empire_replaces_four_base_cards_through_its_manifest(both):
    """RE-CRD-01."""
    for kind, ident in [("missions", "sabotage"), ("actions", "son-of-skywalker"), ("actions", "good-intel"),
                        ("missions", "construct-super-star-destroyer")]:
        entry = both.entry(kind, ident)
        assert entry.pack == "rise-of-the-empire" and entry.replaced.pack == "base"
    assert both.items("missions")["construct-super-star-destroyer"].copies == 2


def test_rise_of_the_empire_setup(both):
    """RE-SET-03, RE-SET-08..10."""
    setup = both.items("setups")["rise-of-the-empire"]
    assert setup.empire.build_queue[0].unit == "death-star" and setup.empire.build_queue[0].space == 3
    assert setup.empire.fixed[0].units == {"death-star-under-construction": 1, "tie-fighter": 4, "stormtrooper": 1}
    assert sum(setup.rebel.units.values()) == 13
    stages = {s.stage: s for s in setup.objective_deck}
    assert stages[1].random == 5 and stages[2].fixed == ["death-star-plans-2"] and stages[3].random == 4
    assert setup.leader_pool_limit == 8  # RE-LDR-01; the advanced tactic decks come with the expansion whatever the setup (RE-SET-04)


def test_every_reference_resolves_and_both_packs_validate():
    """The validator's reference checks pass on both packs (a broken reference is SW401, tested elsewhere)."""
    from swrebellion.validate import validate

    report = validate(activate(env="base,rise-of-the-empire"), [])
    assert [d for d in report.diagnostics if d.severity == "error"] == []


def test_unit_classes_follow_the_health_colour(base):
    """RB-UNT-04/05, RB-DS-01, RS-UNT-01/03: ships with red health are capital ships, with black health fighters;
    the Death Star and the DSUC are stations; structures are immobile ground units."""
    for unit in base.items("units").values():
        if unit.kind == "capital-ship":
            assert unit.theater == "space" and unit.health_colour == "red", unit.id
        if unit.kind == "fighter":
            assert unit.theater == "space" and unit.health_colour == "black", unit.id
        if unit.kind == "structure":
            assert unit.theater == "ground" and unit.immobile, unit.id
    assert {u.id for u in base.items("units").values() if u.kind == "station"} == {
        "death-star", "death-star-under-construction"}


def test_leaders_have_the_four_skills_and_two_tactic_values(base):
    """RB-MIS-28, RS-SKL-01, RS-LDR-01."""
    for leader in base.items("leaders").values():
        assert set(leader.skills) <= {"diplomacy", "intelligence", "special-ops", "logistics"}
        assert leader.tactics.space >= 0 and leader.tactics.ground >= 0


def test_tokens_other_than_rings_are_unlimited(base):
    """RB-SUP-03/04, RB-SAB-08: loyalty, damage and sabotage markers are unlimited; rings are limited."""
    markers = base.items("markers")
    for ident in ("sabotage", "damage"):
        assert markers[ident].supply is None
    assert all(m.supply == 1 for i, m in markers.items() if i.endswith("-ring"))
