"""Leader primitives: recruiting (RB-REC-06/07, RS-LDR-06) and capturing (RB-LDR, RS-CAP)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board
from ..tables import tables

if TYPE_CHECKING:
    from swrebellion.engine.game import Game


def _twins(game) -> dict[str, tuple[str, ...]]:
    """Leader -> his other forms, those replacing him and the one he replaces (Luke Skywalker (Jedi) and Luke,
    RS-LDR-06); only leaders having one are listed. Read once per rules: :func:`recruitable` asks it of every
    leader on every action card drawn to recruit."""
    try:
        return game.rules.cache[_TWINS]  # type: ignore[no-any-return]
    except KeyError:
        found: dict[str, list[str]] = {}
        for lid, info in tables(game).leaders.items():
            if info.replaces:
                found.setdefault(info.replaces, []).append(lid)
                found.setdefault(lid, []).append(info.replaces)
        return game.rules.cache.setdefault(_TWINS, {lid: tuple(twins) for lid, twins in found.items()})


_TWINS = "base.leader-twins"


def recruitable(game: Game, leader_id: str) -> bool:
    """RB-REC-06/07, FAQ-89: only a leader still in the supply, not on the board, in a pool or destroyed ('gone');
    a leader whose other form is in play counts as in play (RS-LDR-06)."""
    leaders = game.state["data"]["leaders"]
    info = leaders.get(leader_id)
    if info is None or info["at"] != "supply":
        return False
    return all(twin not in leaders or leaders[twin]["at"] == "supply" for twin in _twins(game).get(leader_id, ()))


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
