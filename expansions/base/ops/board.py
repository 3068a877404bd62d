"""Effect ops that change the board: loyalty, sabotage, units gained, queued, moved; leaders placed, captured and
rescued; a system destroyed; the Rebel base relocated. Each acts on the context's "system" (or the key it names)
and uses the ``board`` helpers, which keep subjugation, base reveals and victory checks in step.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from swrebellion.engine import peek, secret
from swrebellion.engine.ops import OpTable, Strict, answer, op, pick, uses
from swrebellion.i18n import N_

from .. import board
from ..cards import deck, draw, hand
from ..names import card_prompt, label, text
from ..tables import BASE_SPACE, OPPONENT, tables, track_length
from swrebellion.refs import ContextKey

from .conditions import SIDE, Side, SystemFilter, counted_systems, side_of, systems_where

OPS: OpTable = {}


# -- loyalty, sabotage, reputation --------------------------------------------------------------------------------


class Loyalty(Strict):
    """A side gains or loses loyalty in the context's system (``system``), or in every system meeting ``where``.
    ``gain``: ``amount`` loyalty for ``side`` (RB-LOY-02..05: 1 neutralises the opponent's marker, 2 flips it; a
    system that cannot hold loyalty does not change, RB-LOY-07). ``lose``: ``side``'s loyalty marker is taken away
    and the system turns neutral (RS-LOY-05)."""

    model_config = uses(reads=("faction", "<system>"), group="board")

    change: Literal["gain", "lose"] = Field(description="gain or lose loyalty.")
    side: Side = Field(default="self", description=f"Whose loyalty ({SIDE}).")
    amount: int = Field(default=1, ge=1, le=2, description="gain: how much (2 flips an opponent's marker).")
    system: ContextKey = Field(default="system", description="Context key of the system.")
    where: SystemFilter | None = Field(
        default=None, description="Instead of the context's system: every system meeting this (Imperial Propaganda).")


@op(OPS, "loyalty", Loyalty)
def loyalty(game, frame, params: Loyalty, ctx) -> None:
    """Gain or lose loyalty (Rule by Fear, Build Alliance, Imperial Propaganda)."""
    side = side_of(ctx, params.side)
    where = systems_where(game, params.where, ctx) if params.where is not None else [ctx[params.system]]
    for system_id in where:
        if params.change == "gain":
            board.gain_loyalty(game, side, system_id, params.amount)
        else:
            board.lose_loyalty(game, side, system_id)


class Sabotage(Strict):
    """Put a sabotage marker in the context's system (``system``), or take it away (``remove``; RB-SAB-05: only
    Imperial missions do, unless the card says so). A marker goes only into a populous system, one per system
    (RB-SAB-01, RB-SAB-03). ``everywhere``: every marker on the board goes (Research and Development's option);
    ``optional``: the card's side may leave it (the ``lift-sabotage`` decision: Seize Control)."""

    model_config = uses(reads=("faction", "player", "card", "<system>"), group="board")

    change: Literal["place", "remove"] = Field(description="place or remove a marker.")
    everywhere: bool = Field(default=False, description="remove: every sabotage marker on the board.")
    optional: bool = Field(default=False, description="remove: the card's side may choose to leave it.")
    system: ContextKey = Field(default="system", description="Context key of the system.")


@op(OPS, "sabotage", Sabotage)
def sabotage(game, frame, params: Sabotage, ctx) -> None:
    """Place or remove sabotage markers (RB-SAB-01..05: Sabotage, Construct Factory, Seize Control)."""
    if params.change == "place":
        where = ctx[params.system]
        s = board.system(game, where)
        if not s["sabotage"] and board.is_populous(game, where):
            s["sabotage"] = True
            game.log("sabotage", system=where, placed=True)
        return
    if params.everywhere:
        where = sorted(game.state["data"]["systems"])
    else:
        where = [ctx[params.system]] if ctx.get(params.system) in game.state["data"]["systems"] else []
    where = [system for system in where if board.system(game, system)["sabotage"]]
    if where and params.optional:
        player = ctx.get("player") or board.decider(game, ctx["faction"], "general")
        chosen = pick(game, frame, player, "lift-sabotage",
                      [{"id": "lift", "label": text(game, N_("Remove the sabotage marker from {system}"), system=where[0])
                        if len(where) == 1 else N_("Remove every sabotage marker")},
                       {"id": "keep", "label": N_("Leave it")}],
                      card_prompt(game, ctx, N_("{card}: remove the sabotage marker?"), N_("Remove the sabotage marker?")))
        if chosen is None or chosen["id"] == "keep":
            return
    for system in where:
        board.system(game, system)["sabotage"] = False
        # the card is named when a player chose to lift the marker (the side's own choice, not the card's rule)
        game.log("sabotage", system=system, placed=False, **({"card": ctx.get("card")} if params.optional else {}))


class Reputation(Strict):
    """The Rebel's reputation moves by ``amount`` (the Rebel's track whoever plays the card: positive gains,
    negative loses), one space at a time, winning the moment it meets the time marker (RB-REP-03..05, RB-WIN-01);
    a loss stops at the end of the track. ``per``: ``amount`` for each system meeting it (Inspire Sympathy: each
    destroyed system); none, no change."""

    model_config = uses(reads=("card",), group="board")

    amount: int = Field(description="Spaces: positive for a gain, negative for a loss; never 0.")
    per: SystemFilter | None = Field(default=None, description="Multiply by the number of systems meeting this.")

    @field_validator("amount")
    @classmethod
    def _not_zero(cls, value: int) -> int:
        if value == 0:
            raise ValueError("a reputation change of 0 does nothing")
        return value


@op(OPS, "reputation", Reputation)
def reputation(game, frame, params: Reputation, ctx) -> None:
    """The Rebel gains or loses reputation (Carbon Freezing, Noble Sacrifice, Inspire Sympathy)."""
    amount = params.amount
    if params.per is not None:
        amount *= sum(1 for _ in counted_systems(game, params.per, ctx))
    if amount < 0:
        amount = -min(-amount, track_length(game) - game.state["data"]["reputation"])
    if amount:
        board.change_reputation(game, amount, cause=ctx.get("card", "effect"))


# -- a destroyed system ------------------------------------------------------------------------------------------------


class DestroySystem(Strict):
    """Destroy the system (RB-DST-01..05, RS-DS-07): Rebel ground units there are destroyed, leaders unharmed, and
    the Empire chooses which of its units beyond its ships' capacity are destroyed (RB-DST-02, RS-DST-02). An
    already destroyed system stays as it is (RS-DS-05)."""

    model_config = uses(reads=("card", "system"), writes=(), group="board")


@op(OPS, "destroy_system", DestroySystem)
def destroy_system(game, frame, params: DestroySystem, ctx) -> None:
    """Primitive: a destroyed system changes the board for good (RB-DST): its marker, its lost units and resources, the
    Empire's win if it held the base.

    Destroy the system: marker, Rebel ground units lost, Imperial cargo beyond capacity chosen and lost (RB-DST, RS-
    DS-06).
    Superlaser Online's first part; destroying the base's system wins for the Empire (RS-DS-06, C-05)."""
    where = ctx["system"]
    chosen = answer(frame)
    if chosen is not None:
        board.destroy_units(game, where, chosen["id"], 1, cause="no transport in a destroyed system")
    elif not board.system(game, where)["destroyed"]:
        board.destroy_system(game, where, cause=ctx.get("card", ""))
    if game.over:
        return
    if board.cargo_surplus(game, where, "empire"):
        t = tables(game)
        cargo = sorted(u for u in board.faction_units(game, where, "empire") if t.units[u].needs_transport)
        game.ask(board.decider(game, "empire", "admiral"), "destroy-unit",
                 [{"id": u, "label": label(game, u)} for u in cargo],
                 text(game, N_("Too little transport in the destroyed {system}: destroy a unit"), system=where))
        return


# -- the Rebel base ----------------------------------------------------------------------------------------------------------


class RelocateBase(Strict):
    """Set up a new Rebel base (RB-RLC-01..09): draw ``draw`` probe cards (``draw_two_leaders`` when two leaders
    are on the mission), pick one whose system has no Imperial loyalty, no Imperial unit and is not destroyed, or
    keep the old base; unchosen cards go to the bottom of the probe deck, shuffled."""

    model_config = uses(reads=("card", "leaders"), writes=(), group="board")

    draw: int = Field(default=4, ge=1)
    draw_two_leaders: int | None = Field(default=None, ge=1)


def _can_hold_base(game, system_id: str) -> bool:
    """RB-RLC-05, RB-DST-07."""
    s = board.system(game, system_id)
    return not s["destroyed"] and s["loyalty"] != "empire" and not board.has_units(game, system_id, "empire")


@op(OPS, "relocate_base", RelocateBase)
def relocate_base(game, frame, params: RelocateBase, ctx) -> None:
    """Primitive: moving the hidden Rebel base (RB-RLC) reveals the old place and hides the new one: a rule of its own.

    Move the hidden Rebel base to a probe card drawn now, revealing the old location (RB-RLC-01..09).
    Rapid Mobilization's second option."""
    t = tables(game)
    general = board.decider(game, "rebel", "general")  # the base location is the General's (RB-TEAM-06)
    if "drawn" not in frame:
        count = params.draw_two_leaders if params.draw_two_leaders and len(ctx.get("leaders", [])) == 2 else params.draw
        frame["drawn"] = draw(game, "probes", count)
        game.log("drew-probes", faction="rebel", count=len(frame["drawn"]),
                 cards=board.team_secret(game, list(frame["drawn"]), "rebel"))
        valid = [c for c in frame["drawn"] if _can_hold_base(game, t.probes[c])]
        if valid:
            options = [{"id": "stay", "label": N_("Keep the present base")}]
            options += [{"id": c, "label": text(game, N_("New base in {system}"), system=t.probes[c])} for c in valid]
            game.ask(general, "relocate-base", options,
                     text(game, N_("{card}: choose a new base, or keep it"), card=ctx["card"]) if ctx.get("card")
                     else N_("Choose a new base, or keep the present one"))
            return
        game.log("relocation-impossible", reason="no drawn system can hold the base")  # RB-RLC-06
    chosen = answer(frame)
    rest = list(frame["drawn"])
    if chosen is not None and chosen["id"] != "stay":
        rest.remove(chosen["id"])
        _move_base(game, chosen["id"])
    bottom = board.team_secret(game, rest, "rebel")
    game.shuffle(bottom, "relocation-cards")
    deck(game, "probes").extend(peek(bottom))


def _move_base(game, card: str) -> None:
    """RB-RLC-02/03/09: the old base's location is made known (units and leaders on the Rebel Base space go into
    it), its probe card goes to the Empire, and the new card lies face down; the space is left empty."""
    data = game.state["data"]
    t = tables(game)
    old = board.base_system(game)
    units, leaders = {}, []
    if not board.base_revealed(game):
        game.log("base-revealed", system=old, how="relocation")  # made known, not taken: no victory check (C-05)
        units, leaders = dict(board.units_at(game, BASE_SPACE)), board.leaders_at(game, BASE_SPACE)
        for unit, n in sorted(units.items()):
            board.remove_units(game, BASE_SPACE, unit, n)
            board.add_units(game, old, unit, n)
        for lid in leaders:
            board.leader(game, lid)["at"] = old
    if old in t.probe_of:
        hand(game, "empire", "probes").append(t.probe_of[old])
    new = t.probes[card]
    data["base"] = board.team_secret(game, new, "rebel")
    data["base_card"] = board.team_secret(game, card, "rebel")
    data["base_revealed"] = None
    game.log("base-relocated", old=old, new=board.team_secret(game, new, "rebel"), units=units, leaders=leaders)


# -- probe cards planted ----------------------------------------------------------------------------------------


class PlantProbes(Strict):
    """Take ``count`` probe cards at random from the Empire's hand; the Rebel puts each on the top or the bottom of
    the probe deck, in the order he likes (a card put on top later lies above one put there earlier). The Empire
    saw the cards taken and learns how many went on top and how many to the bottom, not which (FAQ)."""

    model_config = uses(reads=("card", "player"), writes=(), group="cards")

    count: int = Field(default=4, ge=1)


@op(OPS, "plant_probes", PlantProbes)
def plant_probes(game, frame, params: PlantProbes, ctx) -> None:
    """Primitive: the Empire learns how many probe cards went on top and how many to the bottom, not which (FAQ):
    a hidden order no card move shows.

    Put probe cards taken from the Empire back on the probe deck (Plant False
    Lead)."""
    if "taken" not in frame:
        held = hand(game, "empire", "probes")
        taken = [held.pop(game.random_below(len(held))) for _ in range(min(params.count, len(held)))]
        frame.update(taken=taken, top=0, bottom=0)
        both = board.team(game, "rebel") + board.team(game, OPPONENT["rebel"])
        game.log("probes-taken", faction="rebel", count=len(taken), cards=secret(list(taken), *both),
                 card=ctx.get("card"))
    chosen = answer(frame)
    if chosen is not None:
        where, _, card = chosen["id"].partition(":")
        frame["taken"].remove(card)
        frame[where] += 1
        cards = deck(game, "probes")
        if where == "top":
            cards.insert(0, card)
        else:
            cards.append(card)
    if frame["taken"]:
        options = [{"id": f"{where}:{c}", "label": text(game, N_("Put {system} on the top") if where == "top" else
                                                           N_("Put {system} on the bottom"), system=tables(game).probes[c])}
                   for c in sorted(frame["taken"]) for where in ("top", "bottom")]
        game.ask(ctx["player"], "plant-probe", options, N_("Put which probe card where? (the next on top lies above)"))
        return
    game.log("probes-planted", faction="rebel", top=frame["top"], bottom=frame["bottom"], card=ctx.get("card"))
