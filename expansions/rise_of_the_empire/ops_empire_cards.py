"""Effect ops of the Rise of the Empire Imperial missions and projects (card-effects-missions-objectives.md §4).

They run in a mission's target or effect steps and read its context: ``faction``, ``player``, ``card``,
``system`` and ``leaders`` (the leaders on the mission). Registered by the plugin (``__init__.register_effect_ops``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from swrebellion.engine import secret
from swrebellion.engine.effects import insert
from swrebellion.expansions.base import api
from swrebellion.expansions.base.api import (
    OPPONENT,
    OpTable,
    Strict,
    card_prompt,
    discard,
    hand,
    label,
    op,
    pick,
    tables,
    text,
)
from swrebellion.i18n import N_

OPS: OpTable = {}


class KeepCard(Strict):
    """The mission card goes back to its owner's hand when it ends instead of its discard pile: ``always`` (a
    clause of its effect) or only on ``failure`` (a step of its target, read before the roll)."""

    on: Literal["always", "failure"] = "always"


@op(OPS, "keep_card", KeepCard)
def keep_card(game, frame, params: KeepCard, ctx) -> None:
    """Send the mission card back to hand instead of discarding it when it ends (``missions._finish``)."""
    ctx["to_hand"] = params.on
    game.pop()


class MoveMissionLeaders(Strict):
    """Every free leader on the mission leaves its system: to his side's leader ``pool`` (free to be used again
    this round) or to the named system."""

    to: str = "pool"


@op(OPS, "move_mission_leaders", MoveMissionLeaders)
def move_mission_leaders(game, frame, params: MoveMissionLeaders, ctx) -> None:
    """Send the mission's leaders to the leader pool or to a named system."""
    moved = [lid for lid in ctx.get("leaders", []) if not api.is_captured(game, lid)
             and api.leader(game, lid)["at"] not in ("gone", "supply")]
    for lid in moved:
        api.leader(game, lid)["at"] = params.to
    if moved:
        game.log("leaders-moved", faction=ctx["faction"], leaders=moved, to=params.to, card=ctx.get("card"))
    game.pop()


class DiscardMission(Strict):
    """The card's player looks at the opponent's mission hand (both sides see what was there) and discards one
    card that is not a starting mission; nothing happens if there is none."""


@op(OPS, "discard_mission", DiscardMission)
def discard_mission(game, frame, params: DiscardMission, ctx) -> None:
    """Look at the opponent's mission hand and discard one of its non-starting missions."""
    other = OPPONENT[ctx["faction"]]
    cards = hand(game, other, "missions")
    missions = tables(game).missions
    both = api.team(game, other) + api.team(game, ctx["faction"])
    if "seen" not in frame:
        frame["seen"] = True
        game.log("hand-shown", faction=other, kind="missions", cards=secret(sorted(cards), *both), card=ctx.get("card"))
    candidates = sorted({c for c in cards if missions[c].deck != "starting"})
    if not candidates:
        game.pop()
        return
    chosen = pick(game, frame, ctx["player"], "discard-mission", [{"id": c, "label": label(game, c)} for c in candidates],
                  card_prompt(game, ctx, N_("{card}: discard which mission?"), N_("Discard which mission?")))
    if chosen is None:
        return
    cards.remove(chosen["id"])
    discard(game, "projects" if missions[chosen["id"]].deck == "project" else f"missions-{other}", chosen["id"])
    game.log("mission-discarded", faction=other, card=chosen["id"], by=ctx.get("card"))
    game.pop()


class PlaceOpponentLeader(Strict):
    """The card's player picks a leader in the opponent's leader pool and puts him in the context's system, where
    he stays until the Refresh Phase like a leader sent on a mission."""


@op(OPS, "place_opponent_leader", PlaceOpponentLeader)
def place_opponent_leader(game, frame, params: PlaceOpponentLeader, ctx) -> None:
    """Take a leader of the opponent's pool, the player's pick, into the system."""
    pool = api.pool(game, OPPONENT[ctx["faction"]])
    if not pool:
        game.pop()
        return
    chosen = pick(game, frame, ctx["player"], "place-leader", [{"id": l, "label": label(game, l)} for l in pool],
                  text(game, N_("{card}: which leader goes to {system}?"), card=ctx.get("card", ""), system=ctx["system"]))
    if chosen is None:
        return
    api.leader(game, chosen["id"])["at"] = ctx["system"]
    game.log("leader-placed", leader=chosen["id"], system=ctx["system"], card=ctx.get("card"))
    game.pop()


class RevealBaseHere(Strict):
    """If the hidden Rebel base is in the context's system, the Rebel must reveal it (RB-BAS-12: units and leaders
    on the Rebel Base space move into the system)."""


@op(OPS, "reveal_base_here", RevealBaseHere)
def reveal_base_here(game, frame, params: RevealBaseHere, ctx) -> None:
    """Reveal the Rebel base if it is hidden in this system."""
    data = game.state["data"]
    if not data["base_revealed"] and data.get("base") is not None and api.base_system(game) == ctx.get("system"):
        api.reveal_base(game, "forced")
    game.pop()


class ReputationRoll(Strict):
    """The opponent rolls ``dice`` red dice, ``extra`` more if ``leader`` is on the mission; if any die shows
    ``face``, the Rebel's reputation changes by ``amount`` (``change_reputation``)."""

    dice: int = Field(default=1, ge=1)
    leader: str | None = None
    extra: int = Field(default=0, ge=0)
    face: str = "special"
    amount: int = -1


@op(OPS, "reputation_roll", ReputationRoll)
def reputation_roll(game, frame, params: ReputationRoll, ctx) -> None:
    """Have the opponent roll dice that cost or give reputation on a given face."""
    count = params.dice + (params.extra if params.leader and params.leader in ctx.get("leaders", []) else 0)
    who = OPPONENT[ctx["faction"]]
    faces = api.roll_with_cards(game, frame, {"red": count}, who, f"card {ctx.get('card', '')}").get("red", [])
    hit = params.face in faces
    game.log("reputation-roll", card=ctx.get("card"), faces=faces, face=params.face, hit=hit)
    game.pop()
    if hit:
        insert(game, [{"op": "change_reputation", "amount": params.amount}])
