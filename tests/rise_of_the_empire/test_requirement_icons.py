"""RE-SKL-03, FAQ-116: a leader's small icons count like his large ones toward a mission's requirement. Rise of the
Empire sums them once per rules for a leader and his ring (``skills.requirement_icons``): the sums must follow the
ring (RS-ACT-13: a ring removed ends its effect, He Means Well's K-2SO ring) and never change the printed icons."""

from swrebellion.engine import Game
from swrebellion.expansions.base.rules.missions import icons_of
from swrebellion.expansions.base.tables import tables
from swrebellion.games import rules_for


def test_requirement_icons_follow_the_ring_and_leave_the_printed_icons_alone():
    game = Game.new(rules_for(("base", "rise-of-the-empire")), 1, {"setup": "rise-of-the-empire"})
    lid = "mon-mothma"
    printed = dict(tables(game).leaders[lid].skills)
    small = game.rules.content.items("leaders")[lid].secondary_skills or {}
    plain = icons_of(game, [lid])[lid]
    assert plain == {s: printed.get(s, 0) + small.get(s, 0) for s in {*printed, *small}}
    leader = game.state["data"]["leaders"][lid]
    leader["ring"] = "k-2so-ring"  # what He Means Well does (tests/scenarios/.../he-means-well.yaml)
    ringed = icons_of(game, [lid])[lid]
    assert ringed["special-ops"] == plain.get("special-ops", 0) + 1
    assert ringed["intelligence"] == plain.get("intelligence", 0) + 1
    leader["ring"] = None
    assert icons_of(game, [lid])[lid] == plain
    assert icons_of(game.copy(), [lid])[lid] == plain  # a copy shares the rules, and so the sums
    assert tables(game).leaders[lid].skills == printed
