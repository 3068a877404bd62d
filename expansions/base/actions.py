"""Action cards (RS-ACT-01..15): the starting cards of both factions except the Start of Combat ones (``combat``).

Each card is used once and then leaves the game (RS-ACT-02); using it is always optional (RS-ACT-03). By timing
word (RS-ACT-04..07):

* **Assignment** (Brilliant Administrator, Our Most Desperate Hour, Rebel Planning, Start the Evacuation,
  Temporary Alliance): played in the Assignment Phase instead of an assignment, with a pictured leader from the
  pool (RS-ASG-08, RS-ACT-08); the card's ``effect`` places him and does the rest.
* **Immediate** (Human-Cyborg Relations, Resourceful Astromech): resolved as soon as gained, Rebel first
  (RS-ACT-06); ``missions.assignment_step`` runs them before the first assignment, which is the same moment in
  play. Their rings then act in missions: :func:`r2d2` and :func:`c3po`.
* **Special** (It Is Your Destiny): at the moment its text says, here right after a rescue by mission in Vader's
  system (the ``rescue`` op asks, :func:`offer_destiny`).

Who decides: the player who controls a pictured leader (RS-ACT-14); a card with none, the General.
"""

from __future__ import annotations

from swrebellion.engine.effects import run_effect

from . import board
from .cards import hand
from .ops_conditions import label
from .ops_plans import feasible, plan, playable
from .tables import tables

C3PO, R2D2 = "c-3po", "r2-d2"  # the rings Human-Cyborg Relations and Resourceful Astromech attach
DESTINY = "it-is-your-destiny"


def _player(game, faction: str, leader: str | None) -> str:
    role = tables(game).leaders[leader].role if leader else "general"
    return board.decider(game, faction, role)


def _context(game, faction: str, card: str, actor: str | None) -> dict:
    ctx = {"faction": faction, "player": _player(game, faction, actor), "card": card}
    if actor:
        ctx.update(actor=actor, leaders=[actor])
    return ctx


def _play(game, faction: str, card: str, actor: str | None, into: str | None = None, **extra) -> None:
    """Turn the card face up, take it out of the game (RS-ACT-02) and run its effect."""
    hand(game, faction, "actions").remove(card)
    game.log("action-played", faction=faction, card=card, leader=actor)
    run_effect(game, plan(game, card).effect, {**_context(game, faction, card, actor), **extra}, into=into)


# -- Assignment --------------------------------------------------------------------------------------------------


def assignment_options(game, faction: str) -> list[dict]:
    """Assignment cards in hand with a pictured leader in the pool and something to act on (RS-ASG-08)."""
    t = tables(game)
    pool = set(board.pool(game, faction))
    options = []
    for card in sorted(set(hand(game, faction, "actions"))):
        info = t.actions[card]
        if info.timing != "assignment" or not playable(game, card):
            continue
        for actor in info.leaders:
            if actor in pool and feasible(game, card, _context(game, faction, card, actor)):
                options.append({"id": f"action:{card}:{actor}", "label": f"Play {label(game, card)} with {label(game, actor)}",
                                "data": {"card": card, "actor": actor}})
    return options


def play_assignment_card(game, faction: str, chosen: dict) -> None:
    """The assignment frame gets the effect's context back (``ctx``) to fight any combat it started."""
    _play(game, faction, chosen["card"], chosen["actor"], into="ctx")


# -- Immediate -----------------------------------------------------------------------------------------------------


def immediate_step(game, frame) -> None:
    """RS-ACT-06: every Immediate card in the faction's hand is resolved, one after another."""
    faction = frame["faction"]
    t = tables(game)
    cards = [c for c in hand(game, faction, "actions") if t.actions[c].timing == "immediate" and playable(game, c)]
    if not cards:
        game.pop()
        return
    pictured = [l for l in t.actions[cards[0]].leaders if board.leader(game, l)["at"] not in ("supply", "gone")]
    _play(game, faction, cards[0], pictured[0] if pictured else None)


# -- the rings in missions -------------------------------------------------------------------------------------------


def _bearer(game, ring: str, where: str) -> str | None:
    for lid in board.leaders_at(game, where, "rebel"):
        if board.leader(game, lid)["ring"] == ring:
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
    rolled = frame["rolls"].get("empire", {})
    faces = sorted({(colour, face) for colour, fs in rolled.items() for face in fs if face != "blank"})
    if bearer is None or not faces:
        return False
    frame["r2d2"] = "asked"
    options = [{"id": "keep", "label": "Keep the R2-D2 ring"}]
    options += [{"id": f"blank:{c}:{f}", "label": f"Turn a {c} {f} to a blank", "data": [c, f]} for c, f in faces]
    game.ask(_player(game, "rebel", bearer), "use-r2-d2", options, "Use R2-D2 on an Imperial die?")
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
    game.ask(_player(game, "rebel", bearer), "use-c-3po",
             [{"id": "keep", "label": "Keep the C-3PO ring"}, {"id": "use", "label": "Count the mission a success"}],
             "Use C-3PO to turn this failure into a success?")
    return True


# -- Special: It Is Your Destiny ----------------------------------------------------------------------------------------


def offer_destiny(game, where: str, mission_leaders: list[str]) -> bool:
    """Right after a rescue by a mission in a system where a pictured leader (Vader) is, the Empire may capture one
    of that mission's free Rebel leaders (after the Rebel chose who goes with the rescued leader). True when it
    asks."""
    if DESTINY not in hand(game, "empire", "actions") or not mission_leaders:
        return False
    present = [l for l in tables(game).actions[DESTINY].leaders if board.leader(game, l)["at"] == where]
    if not present:
        return False
    options = [{"id": "pass", "label": "Do not play It Is Your Destiny"}]
    options += [{"id": f"capture:{l}", "label": f"Capture {label(game, l)}"} for l in mission_leaders]
    game.ask(_player(game, "empire", present[0]), "play-destiny", options, "Play It Is Your Destiny?")
    return True


def play_destiny(game, choice: dict | None) -> bool:
    """Play the card on the chosen leader (its effect captures him where he is). True when it was played."""
    if choice is None or choice["id"] == "pass":
        return False
    _play(game, "empire", DESTINY, tables(game).actions[DESTINY].leaders[0], leader=choice["id"].partition(":")[2])
    return True


STEPS = {"base.immediate-actions": immediate_step}
