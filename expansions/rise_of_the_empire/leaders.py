"""The leader limit (RE-LDR-01/02, FAQ-118): whenever a side would have more than 8 leaders in play, it chooses
which stay and the others leave the game.

"In his pool" is read as every leader the side has in play and free: in the pool, on the board or on a mission
card (they all come back to the pool at Refresh step 1); captured leaders are the Empire's prisoners and are
counted again once rescued. The check runs after each event that can add a leader (``recruited``, ``rescued``).
In team play the limit is per team and the excess leaves the pool of the teammate who holds more (leaders belong
to the role printed on them); a leader sitting on a face-down mission card is only removed when nobody else can be.
"""

from __future__ import annotations

from swrebellion.expansions.base import board
from swrebellion.expansions.base.board import decider
from swrebellion.expansions.base.ops_conditions import label
from swrebellion.expansions.base.tables import FACTIONS, tables as base_tables

from .tables import tables

STEP = "roe.leader-limit"
TRIGGERS = ("recruited", "rescued")
OUT_OF_PLAY = ("supply", "gone")


def leaders_in_play(game, faction: str) -> list[str]:
    return [
        lid for lid in sorted(game.state["data"]["leaders"])
        if board.leader(game, lid)["at"] not in OUT_OF_PLAY and not board.is_captured(game, lid)
        and _faction(game, lid) == faction
    ]


def _faction(game, lid: str) -> str:
    return board.leader_faction(game, lid)  # a lured leader serves the Empire (RS-CAP-09)


def _who_removes(game, faction: str, leaders: list[str]) -> tuple[str, list[str]]:
    """RE-LDR-02: in team play the teammate holding more leaders gives one up (the Admiral on a tie)."""
    roles = game.state["data"]["roles"][faction]
    if roles["admiral"] == roles["general"]:
        return roles["admiral"], leaders
    t = base_tables(game)
    held = {role: [l for l in leaders if t.leaders[l].role == role] for role in ("admiral", "general")}
    role = "general" if len(held["general"]) > len(held["admiral"]) else "admiral"
    return roles[role], held[role] or leaders


def limit_step(game, frame) -> None:
    limit = tables(game).leader_limit
    if "choice" in frame:
        lid = frame.pop("choice")["id"]
        board.leader(game, lid)["at"] = "gone"
        game.log("leader-removed", faction=_faction(game, lid), leader=lid, cause="leader limit")
    for faction in FACTIONS:
        leaders = leaders_in_play(game, faction)
        if len(leaders) <= limit:
            continue
        player, own = _who_removes(game, faction, leaders)
        free = [l for l in own if board.leader(game, l)["at"] != "mission"] or own
        game.ask(player, "leader-limit", [{"id": l, "label": f"Remove {label(game, l)} from the game"} for l in free],
                 f"More than {limit} leaders: choose one to leave the game ({len(leaders) - limit} to go)")
        return
    game.pop()


def check_later(game) -> None:
    from .flow import after_current

    after_current(game, STEP)


def over_limit(game) -> bool:
    limit = tables(game).leader_limit
    return any(len(leaders_in_play(game, f)) > limit for f in FACTIONS)


def on_event(game, event) -> None:
    if game.state["data"].get("phase") != "setup" and over_limit(game):
        check_later(game)


STEPS = {STEP: limit_step}
