"""Leader primitives: recruiting (RB-REC-06/07, RS-LDR-06) and capturing (RB-LDR, RS-CAP)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board
from ..tables import tables

if TYPE_CHECKING:
    from swrebellion.engine.game import Game


def _replaced_by(game) -> dict[str, list[str]]:
    """Leader -> the leaders that replace him (Luke Skywalker (Jedi) replaces Luke, RS-LDR-06)."""
    cache = game.rules.cache
    if "base.replaced_by" not in cache:
        out: dict[str, list[str]] = {}
        for lid, info in tables(game).leaders.items():
            if info.replaces:
                out.setdefault(info.replaces, []).append(lid)
        cache["base.replaced_by"] = out
    return cache["base.replaced_by"]


def recruitable(game: Game, leader_id: str) -> bool:
    """RB-REC-06/07, FAQ-89: only a leader still in the supply, not on the board, in a pool or destroyed ('gone');
    a leader whose other form is in play counts as in play (RS-LDR-06)."""
    leaders = game.state["data"]["leaders"]
    if leaders.get(leader_id, {}).get("at") != "supply":
        return False
    twins = list(_replaced_by(game).get(leader_id, ()))
    replaces = tables(game).leaders[leader_id].replaces
    if replaces:
        twins.append(replaces)
    return all(leaders[t]["at"] == "supply" for t in twins if t in leaders)


def capture_leader(game: Game, lid: str, cause: str) -> None:
    """RS-CAP-02: the ring moves, so whoever wore it is rescued; the leader stays where he is."""
    for other, info in sorted(game.state["data"]["leaders"].items()):
        if info["ring"] == "captured" and other != lid:
            board.rescue(game, other, "the captured ring moved to another leader")
    worn = board.leader(game, lid)["ring"]
    if worn not in (None, "captured"):  # RS-CAP-03: his ring is replaced (an expansion's ring may answer this)
        game.log("ring-replaced", ring=worn, leader=lid, by="captured")
    board.leader(game, lid)["ring"] = "captured"
    board.leader(game, lid).pop("detained", None)  # a captured leader is no longer detained (Detained, FAQ)
    game.log("captured", leader=lid, at=board.leader(game, lid)["at"], cause=cause)
