"""Mission primitives (RB-ASG, RB-MIS): skill requirements, assigning a card, returning it unrevealed, counting
successes. The Assignment Phase and a mission's stages are steps (``phases/missions.py``)."""

from __future__ import annotations

from itertools import combinations

from swrebellion.engine import peek
from swrebellion.i18n import N_

from .. import board
from ..cards import hand
from ..names import label
from ..tables import tables

#: Mission successes by die face (RB-MIS-11, RULINGS C-01).
SUCCESSES = {"hit": 1, "direct-hit": 1, "special": 2}


PORTRAIT_BONUS = 2  # RB-MIS-12


def requirement_icons(game, leader: str) -> dict[str, int]:
    """The skill icons a leader counts toward a card's requirement (RS-MIS-02): his printed icons, through
    ``game.modify("requirement-icons", ...)`` so that an expansion may count more (Rise of the Empire's small
    icons, RE-SKL-03)."""
    return game.modify("requirement-icons", tables(game).leaders[leader].skills, leader=leader)


def meets(game, card: str, leaders: list[str]) -> bool:
    """RS-MIS-02: the leaders' icons of each of the card's skill types reach the number the card requires."""
    t = tables(game)
    icons = [requirement_icons(game, l) for l in leaders]
    return all(sum(i.get(skill, 0) for i in icons) >= need for skill, need in t.missions[card].requires.items())


def completable(game, card: str, leaders: list[str], pool: list[str]) -> bool:
    """Whether ``leaders`` meet the requirement, alone or with one more leader from ``pool`` (at most two, RS-ASG-02)."""
    if meets(game, card, leaders):
        return True
    return len(leaders) == 1 and any(meets(game, card, leaders + [o]) for o in pool if o not in leaders)


def assignable(game, card: str, pool: list[str]) -> bool:
    """Whether one or two of the pool's leaders together meet the card (the cards offered for assignment)."""
    t = tables(game)
    needs = t.missions[card].requires.items()
    skills = [requirement_icons(game, l) for l in pool]
    if any(all(s.get(k, 0) >= n for k, n in needs) for s in skills):
        return True
    return any(all(a.get(k, 0) + b.get(k, 0) >= n for k, n in needs) for a, b in combinations(skills, 2))


def second_leader_options(game, faction: str, card: str, first: str) -> list[dict]:
    """A second leader may join when the pair meets the card (RS-ASG-03: even if the first alone does)."""
    pool = [l for l in board.pool(game, faction) if l != first]
    options = [{"id": "none", "label": N_("No second leader")}] if meets(game, card, [first]) else []
    return options + [{"id": l, "label": label(game, l)} for l in pool if meets(game, card, [first, l])]


def assign(game, faction: str, card: str, leaders: list[str]) -> None:
    """Lay the card face down with its leaders (RS-ASG-02, RS-ASG-07: card hidden, leaders public)."""
    data = game.state["data"]
    for lid in leaders:
        board.leader(game, lid)["at"] = "mission"
    data["assigned"][faction].append({"card": board.team_secret(game, card, faction), "leaders": list(leaders)})
    game.log("assigned", faction=faction, leaders=list(leaders), card=board.team_secret(game, card, faction))


def return_to_hand(game, faction: str, entry: dict, why: str) -> None:
    """The card goes back to hand unrevealed; its leaders still on it go back to the pool (RB-MIS-23, C-11)."""
    card = peek(entry["card"])
    hand(game, faction, "missions").append(card)
    for lid in entry["leaders"]:
        info = board.leader(game, lid)
        if info["at"] == "mission":
            info["at"] = "pool"
    game.log("mission-returned", faction=faction, leaders=list(entry["leaders"]), reason=why,
             card=board.team_secret(game, card, faction))


def successes(game, frame, faction: str) -> int:
    """RB-MIS-11 per die; RB-MIS-12 portrait bonus on attempts (RS-MIS-06), for the card's own side, and extra
    successes a card gave its leaders this round (Contingency Plan's Lando)."""
    total = sum(SUCCESSES.get(face, 0) for faces in frame["rolls"].get(faction, {}).values() for face in faces)
    if faction == frame["faction"]:
        total += sum(e["amount"] for e in leader_effects(game, "extra-successes", frame["leaders"]))
        portrait = tables(game).missions[frame["card"]].portrait
        leaders = tables(game).leaders
        if portrait and any(l == portrait or leaders[l].replaces == portrait for l in frame["leaders"]):
            total += PORTRAIT_BONUS
    return total


def leader_effects(game, kind: str, leaders: list[str]) -> list[dict]:
    """The effects of ``kind`` on any of ``leaders`` this round."""
    data = game.state["data"]
    return [e for e in data["limits"].get("leader-effects", [])
            if e["kind"] == kind and e["round"] == data["round"] and e["leader"] in leaders]


def mission_frame(game) -> dict | None:
    """The innermost mission being resolved (``missions.mission_step``)."""
    return next((f for f in reversed(game.state["stack"]) if f["step"] == "base.mission"), None)
