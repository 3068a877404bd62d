"""Invariants of a base game that must hold after every decision (issue 5, "Tests")."""

from __future__ import annotations

from swrebellion.engine import peek
from swrebellion.expansions.base import board
from swrebellion.expansions.base.tables import BASE_SPACE, tables

LEADER_PLACES = {"pool", "supply", "gone", "mission"}


def check(game) -> None:
    """After every decision of every seeded game: so read in few passes (most of a random game's time in the
    tests was spent here)."""
    data = game.state["data"]
    if data["phase"] == "setup":
        return
    t = tables(game)
    systems = data["systems"]
    in_play: dict[str, int] = {}  # RB-SUP-01: on the board and in the build queues, counted in one pass
    for location, units in data["units"].items():
        assert location in systems or location == BASE_SPACE, f"units in unknown place {location}"
        for unit, count in units.items():
            assert count > 0, f"{count} {unit} in {location}"
            in_play[unit] = in_play.get(unit, 0) + count
    for faction, spaces in data["queue"].items():
        for space, units in spaces.items():
            for unit, count in units.items():
                assert count > 0, f"non-positive count in {faction}'s queue {space}: {units}"
                assert t.units[unit].faction == faction, f"foreign unit in {faction}'s queue"
                in_play[unit] = in_play.get(unit, 0) + count
    for unit, count in in_play.items():
        assert count <= t.units[unit].supply, f"{count} {unit} in play, more than the {t.units[unit].supply} in the box"
    for lid, info in data["leaders"].items():
        assert info["at"] in LEADER_PLACES or info["at"] in systems or info["at"] == BASE_SPACE, (lid, info)
        if info["ring"] in ("captured", "carbonite"):
            assert info["at"] in systems, f"captured {lid} is not on the board"
    assigned = [lid for f in data["assigned"].values() for m in f for lid in m["leaders"]]
    assert len(assigned) == len(set(assigned)), "a leader sits on two mission cards"
    assert sorted(assigned) == sorted(l for l, i in data["leaders"].items() if i["at"] == "mission")
    for system_id, s in systems.items():
        info = t.systems[system_id]
        if not info.populous or s["destroyed"]:
            assert s["loyalty"] is None and not s["subjugated"], f"{system_id} cannot hold loyalty"
        if info.fixed_loyalty and not s["destroyed"]:  # a destroyed system has no loyalty (RB-DST-05)
            assert s["loyalty"] == info.fixed_loyalty
        expected = (
            s["loyalty"] != "empire"
            and board.is_populous(game, system_id)
            and board.has_units(game, system_id, "empire", "ground")
        )
        assert s["subjugated"] == expected, f"subjugation of {system_id} is {s['subjugated']}, units say {expected}"
    if data["base_revealed"]:
        assert not data["units"].get(BASE_SPACE), "units on the Rebel Base space after the reveal"
        assert data["base_revealed"] == peek(data["base"])
    assert data["time"] <= data["reputation"] or game.over


def check_finished(game) -> None:
    """A finished game (RB-WIN): it has a result with a winner and a reason, nothing is pending, and ``game-over``
    is the last event of the log, saying the same: nothing happens after the game is over (issue 12)."""
    result = game.state["result"]
    assert game.over and result is not None, "the game did not end"
    assert result["winner"] in ("rebel", "empire") and result["reason"], result
    assert not game.pending, "a decision is pending after the game ended"
    last = game.state["log"][-1]
    assert last == {"type": "game-over", **result}, f"events after game-over: the log ends with {last}"
    assert sum(e["type"] == "game-over" for e in game.state["log"]) == 1


def check_board_helpers(game) -> None:
    """The board's fast helpers (searches in C, tables made once per rules) give what their definitions say, in
    every place of the board: leaders_at (a side's leaders there, lured Rebels serving the Empire, RS-CAP-09;
    captured or free, RS-CAP-03), has_units, on_board and supply_left (RB-SUP-01), own_systems (RS-SYS-01/02)."""
    data = game.state["data"]
    t = tables(game)
    leaders = data["leaders"]
    at: dict[str, list[str]] = {place: [] for place in ("pool", BASE_SPACE, *data["systems"])}
    for lid in sorted(leaders):  # each place's leaders found in one pass over them, not one for each place
        at.setdefault(leaders[lid]["at"], []).append(lid)
    for place, here in at.items():
        assert board.leaders_at(game, place) == here
        for faction in ("rebel", "empire"):
            serving = [lid for lid in here if board.leader_faction(game, lid) == faction]
            assert board.leaders_at(game, place, faction) == serving, (place, faction)
            for captured in (True, False):
                wanted = [lid for lid in serving if (leaders[lid]["ring"] in ("captured", "carbonite")) == captured]
                assert board.leaders_at(game, place, faction, captured=captured) == wanted, (place, faction, captured)
            for theater in (None, "space", "ground"):
                holds = any(t.units[u].faction == faction and theater in (None, t.units[u].theater)
                            for u in data["units"].get(place, {}))
                assert board.has_units(game, place, faction, theater) == holds, (place, faction, theater)
    for unit, info in t.units.items():
        on = sum(here.get(unit, 0) for here in data["units"].values())
        queued = sum(space.get(unit, 0) for space in data["queue"][info.faction].values())
        assert board.on_board(game, unit) == on and board.supply_left(game, unit) == info.supply - on - queued, unit
    assert board.own_systems(game, "rebel") == [s for s in sorted(data["systems"]) if board.is_rebel(game, s)]
    assert board.own_systems(game, "empire") == [s for s in sorted(data["systems"]) if board.is_imperial(game, s)]


def apply_beside_a_copy(game, choice: str, player: str) -> None:
    """Answer the open decision in ``game`` and in a copy made just before: what a step kept for the answer
    (``expansions/base/asked.py``) lives on the game object, never in the state, so the copy, which has nothing kept
    and works it out again, must be asked the same next question and reach the same state."""
    copy = game.copy()
    copy.apply(choice, player=player)
    game.apply(choice, player=player)
    assert [(d.kind, d.option_ids) for d in copy.pending] == [(d.kind, d.option_ids) for d in game.pending]
    assert copy.state_hash() == game.state_hash()
