"""Rings: cards that stay on a leader and act later (RS-ACT-13). The starting action cards' rings act in missions
(C-3PO, R2-D2) and after a success (the Millennium Falcon); Seek Yoda's ring rerolls a Rebel die once per round,
in a mission, a combat attack or a Death Star Plans roll. A ring is the value of ``leaders[lid]["ring"]``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from swrebellion.engine.effects import run_effect
from swrebellion.i18n import N_

from .. import board
from ..names import die, text
from ..tables import tables
from .dice import roll_as_is

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

C3PO, R2D2 = "c-3po", "r2-d2"  # the rings Human-Cyborg Relations and Resourceful Astromech attach
FALCON = "millennium-falcon"  # the ring The Millennium Falcon attaches
YODA = "master-yoda"  # the ring Seek Yoda attaches


def player_of(game: Game, faction: str, leader: str | None) -> str:
    """Who decides for a card played with ``leader`` (RS-ACT-14): the player controlling him; with none, the
    General."""
    return board.leader_player(game, faction, leader)


def _bearer(game, ring: str, where: str) -> str | None:
    """The Rebel leader in ``where`` wearing ``ring`` (a leader wears one ring at most: the bearer is neither
    captured nor lured, RS-CAP-09). Asked at every mission: the Rebel's printed leaders are looked through here,
    in id order, rather than listed by :func:`board.leaders_at` first."""
    leaders = game.state["data"]["leaders"]
    for lid in tables(game).leaders_of["rebel"]:
        info = leaders[lid]
        if info["at"] == where and info["ring"] == ring:  # the place first: most wear no ring (None is slow to compare)
            return lid
    return None


def _ring_used(game, lid: str, ring: str, effect: str) -> None:
    """The ring is discarded when used (RS-ACT-13)."""
    board.leader(game, lid)["ring"] = None
    game.log("ring-used", ring=ring, leader=lid, effect=effect)


def r2d2(game, frame) -> bool:
    """Resourceful Astromech: once the Empire has rolled in a mission in the ringed leader's system, the Rebel may
    discard the ring to turn one Imperial die to a blank, after seeing both rolls. True when it asks."""
    where = frame["ctx"]["system"]
    choice = frame.pop("choice", None) if frame.get("r2d2") == "asked" else None
    if choice is not None:
        frame["r2d2"] = "done"
        if choice["id"] != "keep":
            colour, face = choice["data"]
            faces = frame["rolls"]["empire"][colour]
            faces[faces.index(face)] = "blank"
            _ring_used(game, _bearer(game, R2D2, where), R2D2, f"an Imperial {face} became a blank")
        return False
    if "r2d2" in frame:
        return False
    frame["r2d2"] = "done"
    bearer = _bearer(game, R2D2, where)
    if bearer is None:  # the usual case: the Imperial dice are not read
        return False
    rolled = frame["rolls"].get("empire", {})
    faces = sorted({(colour, face) for colour, fs in rolled.items() for face in fs if face != "blank"})
    if not faces:
        return False
    frame["r2d2"] = "asked"
    options = [{"id": "keep", "label": N_("Keep the R2-D2 ring")}]
    options += [{"id": f"blank:{c}:{f}", "label": text(game, N_("Turn a {die} to a blank"), die=die(game, c, f)),
                 "data": [c, f]} for c, f in faces]
    game.ask(player_of(game, "rebel", bearer), "use-r2-d2", options, N_("Use R2-D2 on an Imperial die?"))
    return True


def c3po(game, frame) -> bool:
    """Human-Cyborg Relations: a Rebel diplomacy attempt that failed in the ringed leader's system may count as a
    success instead, discarding the ring. True when it asks."""
    where = frame["ctx"]["system"]
    if frame.get("c3po") == "asked":
        frame["c3po"] = "done"
        if frame.pop("choice")["id"] == "use":
            frame["success"] = True
            _ring_used(game, _bearer(game, C3PO, where), C3PO, "the failed mission succeeds")
            game.log("mission-result", card=frame["card"], faction=frame["faction"], success=True, ring=C3PO)
        return False
    if "c3po" in frame or frame["success"] or frame["faction"] != "rebel":
        return False
    frame["c3po"] = "done"
    bearer = _bearer(game, C3PO, where)
    if bearer is None or "diplomacy" not in tables(game).missions[frame["card"]].requires:
        return False
    frame["c3po"] = "asked"
    game.ask(player_of(game, "rebel", bearer), "use-c-3po",
             [{"id": "keep", "label": N_("Keep the C-3PO ring")}, {"id": "use", "label": N_("Count the mission a success")}],
             N_("Use C-3PO to turn this failure into a success?"))
    return True


def falcon(game, frame) -> bool:
    """The Millennium Falcon: when a Rebel mission succeeds in the ringed leader's system, the Rebel may discard
    the ring to free one captured leader held there (RS-ACT-13). True when it asks."""
    where = frame["ctx"].get("system")
    if frame.get("falcon") == "asked":
        frame["falcon"] = "done"
        chosen = frame.pop("choice")
        if chosen["id"] != "keep":
            lid = chosen["id"].partition(":")[2]
            _ring_used(game, _bearer(game, FALCON, where), FALCON, f"{lid} is freed")
            board.rescue(game, lid, FALCON)
        return False
    if "falcon" in frame or frame["faction"] != "rebel" or where is None:
        return False
    frame["falcon"] = "done"
    bearer = _bearer(game, FALCON, where)
    if bearer is None:  # the usual case: the captives there are not listed
        return False
    held = board.leaders_at(game, where, "rebel", captured=True)
    if not held:
        return False
    frame["falcon"] = "asked"
    options = [{"id": "keep", "label": N_("Keep the Millennium Falcon ring")}]
    options += [{"id": f"free:{l}", "label": text(game, N_("Free {leader}"), leader=l)} for l in held]
    game.ask(player_of(game, "rebel", bearer), "use-millennium-falcon", options, N_("Use the Millennium Falcon?"))
    return True


def yoda_bearer(game, where: str) -> str | None:
    """The free Rebel leader in ``where`` wearing the Master Yoda ring, if its reroll is still unused this round."""
    data = game.state["data"]
    if data["limits"].get(YODA) == data["round"]:
        return None
    return _bearer(game, YODA, where)


def _yoda_used(game, lid: str, where: str) -> None:
    data = game.state["data"]
    data["limits"][YODA] = data["round"]
    game.log("ring-used", ring=YODA, leader=lid, at=where, effect="reroll 1 die")


def yoda_reroll(game, frame, rolls: dict, where: str) -> bool:
    """Seek Yoda's ring, once per round, where a mission is resolved or a Death Star Plans roll made with its bearer
    in the system: after seeing the roll the Rebel may reroll one of his own dice (``rolls``: colour -> faces,
    changed in place). True while the question is open; ``frame["yoda"]`` keeps the stage."""
    if frame.get("yoda") == "asked":
        frame["yoda"] = "done"
        choice = frame.pop("choice")
        if choice["id"] != "keep":
            colour, face = choice["data"]
            _yoda_used(game, yoda_bearer(game, where), where)
            faces = rolls[colour]
            faces[faces.index(face)] = roll_as_is(game, {colour: 1}, "rebel", "master-yoda reroll")[colour][0]
        return False
    if "yoda" in frame:
        return False
    frame["yoda"] = "done"
    bearer = yoda_bearer(game, where)
    if bearer is None:  # the usual case: the dice are not read
        return False
    faces = sorted({(colour, face) for colour, fs in rolls.items() for face in fs})
    if not faces:
        return False
    frame["yoda"] = "asked"
    options = [{"id": "keep", "label": N_("Do not use the Master Yoda ring")}]
    options += [{"id": f"reroll:{c}:{f}", "label": text(game, N_("Reroll a {die}"), die=die(game, c, f)), "data": [c, f]}
                for c, f in faces]
    game.ask(board.decider(game, "rebel", tables(game).leaders[bearer].role), "use-master-yoda", options,
             N_("Use the Master Yoda ring to reroll one of your dice?"))
    return True


def yoda_combat_options(game, faction: str, where: str) -> list[dict]:
    """The Rebel's combat action while attacking where the ring's bearer is (once per round)."""
    if faction != "rebel" or yoda_bearer(game, where) is None:
        return []
    return [{"id": YODA, "label": N_("Use the Master Yoda ring: reroll 1 of your dice")}]


def use_yoda_in_combat(game, faction: str, theater: str, where: str) -> None:
    """Reroll one die of this attack with the ``reroll_dice`` op (RS-ATK-04), as a tactic card would."""
    bearer = yoda_bearer(game, where)
    _yoda_used(game, bearer, where)
    player = board.decider(game, faction, tables(game).leaders[bearer].role)
    run_effect(game, [{"op": "reroll_dice", "count": 1}],
               {"faction": faction, "player": player, "card": YODA, "theater": theater, "system": where})
