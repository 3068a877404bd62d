"""Effect ops of the Rise of the Empire Rebel mission cards (card-effects-missions-objectives.md §5).

They run in a mission's effect and read its context: ``faction`` and ``player`` (who carries the mission out),
``card``, ``system`` (where it takes place) and ``leaders`` (those on the mission). Everything else those cards do
is made of base ops.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from swrebellion.engine import peek
from swrebellion.engine.effects import insert
from swrebellion.expansions.base import api
from swrebellion.expansions.base.api import (
    OPPONENT,
    Faction,
    OpTable,
    Strict,
    card_prompt,
    deck,
    hand,
    label,
    op,
    pick,
    recruitable,
    successes,
)
from swrebellion.i18n import N_

from . import cinematic

OPS: OpTable = {}


# -- leaders -----------------------------------------------------------------------------------------------------------


class RecruitOneOf(Strict):
    """The side picks one of ``leaders`` still recruitable (in the supply, his other form not in play: RB-REC-06/07,
    RS-LDR-06) and recruits him into the leader pool or the context's system; none left: nothing happens."""

    leaders: list[str] = Field(min_length=1, description="The leaders offered, in the card's order.")
    to: Literal["pool", "system"] = "system"


def _recruitable(game, params: RecruitOneOf) -> list[str]:

    return [l for l in params.leaders if recruitable(game, l)]


@op(OPS, "recruit_one_of", RecruitOneOf)
def recruit_one_of(game, frame, params: RecruitOneOf, ctx) -> None:
    """Recruit a leader of the player's choice among those named into the pool or the system."""
    offered = _recruitable(game, params)
    if not offered:
        game.log("effect-failed", card=ctx.get("card"), reason="none of these leaders can be recruited")
        game.pop()
        return
    chosen = pick(game, frame, ctx["player"], "recruit-leader", [{"id": l, "label": label(game, l)} for l in offered],
                  card_prompt(game, ctx, N_("{card}: recruit which leader?"), N_("Recruit which leader?")))
    if chosen is None:
        return
    at = ctx["system"] if params.to == "system" else "pool"
    api.leader(game, chosen["id"])["at"] = at
    game.log("recruited", faction=ctx["faction"], leader=chosen["id"], at=at, card=ctx.get("card"))
    game.pop()


class LeadersToPool(Strict):
    """The leaders who carried out the mission go back from its system to their side's leader pool (where they
    may oppose missions again, RB-MIS-06); one captured or moved away meanwhile stays where he is."""


@op(OPS, "leaders_to_pool", LeadersToPool)
def leaders_to_pool(game, frame, params: LeadersToPool, ctx) -> None:
    """Send the mission's leaders back to the leader pool."""
    where = ctx.get("system")
    back = [l for l in ctx.get("leaders", [])
            if api.leader(game, l)["at"] == where and not api.is_captured(game, l)]
    for lid in back:
        api.leader(game, lid)["at"] = "pool"
    if back:
        game.log("leaders-to-pool", faction=ctx["faction"], leaders=back, card=ctx.get("card"))
    game.pop()


# -- tactic cards ------------------------------------------------------------------------------------------------------


class RecoverTactics(Strict):
    """The side's advanced tactic discard piles (RE-CIN-07) go back into their own decks, for both theaters
    unless ``theater`` is given; the decks are never shuffled (RE-CIN-02) and the piles are public."""

    theater: Literal["space", "ground"] | None = None


@op(OPS, "recover_tactics", RecoverTactics)
def recover_tactics(game, frame, params: RecoverTactics, ctx) -> None:
    """Put one's discarded advanced tactic cards back into their decks."""
    faction = ctx["faction"]
    for theater in ("space", "ground") if params.theater is None else (params.theater,):
        pile = cinematic.discards(game, faction, theater)
        if pile:
            back = sorted(pile)
            cinematic.deck(game, faction, theater).extend(back)
            pile.clear()
            game.log("tactics-recovered", faction=faction, theater=theater, cards=back, card=ctx.get("card"))
    game.pop()


class ArrangeTactics(Strict):
    """The side looks at the top ``look`` cards of its own tactic deck of ``theater`` and puts each back on the top
    or on the bottom, in the order it chooses (Prepare for Battle): the first put on top is the new top card, and
    each card put on the bottom goes under those put there before it. The cards are shown to the side only."""

    theater: Literal["space", "ground"]
    look: int = Field(default=4, ge=1)


@op(OPS, "arrange_tactics", ArrangeTactics)
def arrange_tactics(game, frame, params: ArrangeTactics, ctx) -> None:
    """Look at the top of one's tactic deck and put the cards back on the top and/or the bottom in any order."""
    faction = ctx["faction"]
    cards = cinematic.deck(game, faction, params.theater)
    if "top" not in frame:
        frame.update(top=list(cards[: params.look]), placed={"top": [], "bottom": []})
        api.reveal_cards(game, frame["top"], faction, cause=ctx.get("card", "effect"))
    chosen = frame.pop("choice", None)
    if chosen is not None:
        where, _, n = chosen["id"].partition(":")
        frame["placed"][where].append(int(n))
    left = [n for n in range(len(frame["top"])) if n not in frame["placed"]["top"] + frame["placed"]["bottom"]]
    if left:
        top = frame["top"]
        options = [{"id": f"top:{n}", "label": f"Put {label(game, top[n])} next on top"} for n in left]
        options += [{"id": f"bottom:{n}", "label": f"Put {label(game, top[n])} on the bottom"} for n in left]
        game.ask(ctx["player"], "arrange-tactics", options, f"Where does each of the top {len(top)} cards go?")
        return
    top, placed = frame["top"], frame["placed"]
    del cards[: len(top)]
    cards[:0] = [top[n] for n in placed["top"]]
    cards.extend(top[n] for n in placed["bottom"])
    game.log("tactics-arranged", faction=faction, theater=params.theater, to_top=len(placed["top"]),
             to_bottom=len(placed["bottom"]), card=ctx.get("card"))
    game.pop()


# -- mission cards -----------------------------------------------------------------------------------------------------


class TakeFromDiscard(Strict):
    """The side takes ``count`` cards of its choice from its own mission discard pile (public, RS-ACT-15) back into
    its hand, one at a time; the card being resolved is not there yet (it is discarded after its effect)."""

    count: int = Field(default=1, ge=1)


@op(OPS, "take_from_discard", TakeFromDiscard)
def take_from_discard(game, frame, params: TakeFromDiscard, ctx) -> None:
    """Take cards of the player's choice from his mission discard pile into hand."""
    faction = ctx["faction"]
    pile = game.state["data"]["discards"].setdefault(f"missions-{faction}", [])
    taken = frame.setdefault("taken", 0)
    if taken >= params.count or not pile:
        game.pop()
        return
    options = [{"id": c, "label": label(game, c)} for c in sorted(set(pile))]
    chosen = pick(game, frame, ctx["player"], "take-card", options,
                  N_("Take which card from your mission discard pile?"))
    if chosen is None:
        return
    pile.remove(chosen["id"])
    hand(game, faction, "missions").append(chosen["id"])
    frame["taken"] = taken + 1
    game.log("card-taken", faction=faction, deck=f"discard:missions-{faction}", card=chosen["id"])  # public pile


class KeepFromDeck(Strict):
    """The side looks at the top ``look`` cards of its mission deck, keeps ``keep`` of them in hand, one pick at a
    time, and shuffles the rest back into the deck. The cards seen and kept stay secret to its team."""

    look: int = Field(ge=1)
    keep: int = Field(default=1, ge=1)


@op(OPS, "keep_from_deck", KeepFromDeck)
def keep_from_deck(game, frame, params: KeepFromDeck, ctx) -> None:
    """Look at the top cards of one's mission deck, keep some in hand and shuffle the rest back."""
    faction = ctx["faction"]
    name = f"missions-{faction}"
    if "seen" not in frame:
        cards = deck(game, name)
        count = min(params.look, len(cards))
        frame["seen"] = api.team_secret(game, [cards.pop(0) for _ in range(count)], faction)
        frame["kept"] = 0
        game.log("looked-at-missions", faction=faction, count=count, card=ctx.get("card"))
    seen = peek(frame["seen"])
    if frame["kept"] < params.keep and seen:
        options = [{"id": c, "label": label(game, c)} for c in sorted(set(seen))]
        chosen = pick(game, frame, ctx["player"], "keep-mission", options, N_("Keep which mission card?"))
        if chosen is None:
            return
        seen.remove(chosen["id"])
        hand(game, faction, "missions").append(chosen["id"])
        frame["kept"] += 1
        game.log("card-taken", faction=faction, deck=name, card=api.team_secret(game, chosen["id"], faction))
        if frame["kept"] < params.keep and seen:
            return keep_from_deck(game, frame, params, ctx)
    deck(game, name).extend(seen)
    game.shuffle(game.state["data"]["decks"][name], name)
    game.pop()


# -- destruction sized by the mission's roll ---------------------------------------------------------------------------


class DestroyByMargin(Strict):
    """Destroy ``faction``'s units in the system, as many as the mission's margin allows: the attempting side's
    successes minus the opponent's (0 for a side that rolled nothing; the card rolls even unopposed, RULINGS D-02).
    ``budget``: the margin caps the number of units (``count``) or their printed health in all (``health``); ``cap``:
    never more units than that. Without ``units`` the player picks them one at a time (base ``destroy_units``,
    health-less units never); with ``units`` those types are destroyed at once, as many as allowed, in the order
    listed (identical miniatures: nothing to choose)."""

    faction: Faction
    budget: Literal["count", "health"] = "count"
    cap: int | None = Field(default=None, ge=1, description="At most this many units, whatever the margin.")
    theater: Literal["space", "ground"] | None = None
    units: list[str] | None = Field(default=None, description="Only these unit types (budget: count).")


def margin(game) -> int:
    """The mission's margin: successes of the side carrying it out minus the opponent's (0 with no dice rolled)."""

    frame = next((f for f in reversed(game.state["stack"]) if f.get("step") == "base.mission"), None)
    if frame is None or "rolls" not in frame:
        return 0
    faction = frame["faction"]
    return successes(game, frame, faction) - successes(game, frame, OPPONENT[faction])


@op(OPS, "destroy_by_margin", DestroyByMargin)
def destroy_by_margin(game, frame, params: DestroyByMargin, ctx) -> None:
    """Destroy units in the system up to the mission's success margin (in units or in health)."""
    room = margin(game)
    game.log("mission-margin", card=ctx.get("card"), margin=room)
    game.pop()
    if room <= 0:
        return
    count = params.cap if params.budget == "health" else min(room, params.cap or room)
    if params.units is None:
        step = {"op": "destroy_units", "faction": params.faction, "count": count}
        if params.budget == "health":
            step["health"] = room
        if params.theater is not None:
            step["theater"] = params.theater
        insert(game, [step])
        return
    where = ctx["system"]
    for unit in params.units:
        here = api.faction_units(game, where, params.faction, params.theater).get(unit, 0)
        n = min(here, count)
        if n:
            api.destroy_units(game, where, unit, n, cause=ctx.get("card", ""))
            count -= n
