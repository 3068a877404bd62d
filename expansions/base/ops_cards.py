"""Effect ops about cards and rings: probe cards, projects and objectives drawn or rearranged, a mission card taken
from a deck and assigned, an attachment ring put on a leader. Drawn cards are logged as secrets of the drawing team
(hands are team secrets, RULINGS C-08)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from swrebellion.engine import secret

from . import board
from .cards import deck, draw, hand
from .ops_conditions import Faction, OpTable, Strict, answer, label, op, pick
from . import ops_plans
from .tables import OPPONENT, tables

OPS: OpTable = {}


class DrawProbes(Strict):
    """The Empire draws probe cards: ``count``, or one per full ``per_base_units`` Rebel units at the Rebel base if
    that is more (Gather Intel; the base's system once revealed, RB-BAS-15, FAQ-65). The probe deck is never
    refilled (RS-PRB-05)."""

    count: int = Field(default=1, ge=0)
    per_base_units: int | None = Field(default=None, ge=1)


@op(OPS, "draw_probes", DrawProbes)
def draw_probes(game, frame, params: DrawProbes, ctx) -> None:
    """Gather Intel."""
    count = params.count
    if params.per_base_units:
        at_base = sum(board.faction_units(game, board.rebel_base_location(game), "rebel").values())
        count = max(count, at_base // params.per_base_units)
    drawn = draw(game, "probes", count)
    hand(game, "empire", "probes").extend(drawn)
    game.log("drew-probes", faction="empire", count=len(drawn), cards=board.team_secret(game, drawn, "empire"))
    game.pop()


class DrawProjects(Strict):
    """The Empire draws ``count`` project cards into its mission hand (RB-PRJ-01, RB-PRJ-06); with ``keep`` it
    keeps that many and puts the others on the bottom of the project deck (Research and Development)."""

    count: int = Field(default=1, ge=1)
    keep: int | None = Field(default=None, ge=1)


@op(OPS, "draw_projects", DrawProjects)
def draw_projects(game, frame, params: DrawProjects, ctx) -> None:
    """Research and Development (RB-PRJ-01); the project discard refills the deck (RB-SUP-05)."""
    if "drawn" not in frame:
        frame["drawn"] = draw(game, "projects", params.count)
        frame["kept"] = []
        game.log("drew-projects", faction="empire", count=len(frame["drawn"]),
                 cards=board.team_secret(game, list(frame["drawn"]), "empire"))
    chosen = answer(frame)
    if chosen is not None:
        frame["drawn"].remove(chosen["id"])
        frame["kept"].append(chosen["id"])
    keep = len(frame["drawn"]) + len(frame["kept"]) if params.keep is None else params.keep
    if len(frame["kept"]) < keep and frame["drawn"]:
        if len(frame["drawn"]) + len(frame["kept"]) > keep:
            options = [{"id": c, "label": label(game, c)} for c in sorted(set(frame["drawn"]))]
            game.ask(board.decider(game, "empire", "general"), "keep-project", options, "Keep which project?")
            return
        frame["kept"] += frame["drawn"]
        frame["drawn"] = []
    hand(game, "empire", "missions").extend(frame["kept"])
    deck(game, "projects").extend(frame["drawn"])
    game.pop()


class DrawObjectives(Strict):
    """The Rebel draws objective cards (Rebel Planning); the General holds them (RB-OBJ-14)."""

    count: int = Field(default=1, ge=1)


def take_objectives(game, count: int) -> list[str]:
    """Draw from the top of the objective deck, keeping the public list of card backs in step (RS-OBJ-02)."""
    data = game.state["data"]
    drawn = draw(game, "objectives", count)
    data["objective_stages"] = data["objective_stages"][len(drawn):]
    return drawn


@op(OPS, "draw_objectives", DrawObjectives)
def draw_objectives(game, frame, params: DrawObjectives, ctx) -> None:
    """Rebel Planning."""
    drawn = take_objectives(game, params.count)
    hand(game, "rebel", "objectives").extend(drawn)
    game.log("drew-objectives", faction="rebel", count=len(drawn), cards=board.team_secret(game, drawn, "rebel"))
    game.pop()


class ArrangeObjectives(Strict):
    """The Rebel looks at the top ``look`` objective cards, keeps one on top and puts the others on the bottom
    (Infiltration; RB-OBJ-13). Card backs (stages) are public and move with their cards (RS-OBJ-02)."""

    look: int = Field(default=2, ge=2)


@op(OPS, "arrange_objectives", ArrangeObjectives)
def arrange_objectives(game, frame, params: ArrangeObjectives, ctx) -> None:
    """Infiltration."""
    data = game.state["data"]
    cards = deck(game, "objectives")
    top = cards[: params.look]
    chosen = answer(frame)
    if chosen is None:
        game.log("looked-at-objectives", faction="rebel", cards=board.team_secret(game, list(top), "rebel"))
        if len(top) > 1:
            options = [{"id": f"top:{n}", "label": f"Keep {label(game, c)} on top"} for n, c in enumerate(top)]
            game.ask(board.decider(game, "rebel", "general"), "arrange-objectives", options,
                     "Which objective stays on top? The others go to the bottom.")
            return
        game.pop()
        return
    keep = int(chosen["id"].partition(":")[2])
    order = [keep] + [n for n in range(len(top)) if n != keep]
    for pile in (cards, data["objective_stages"]):
        moved = [pile[n] for n in order]
        pile[: len(top)] = moved[:1]
        pile.extend(moved[1:])
    game.log("arranged-objectives", faction="rebel", to_bottom=len(top) - 1)
    game.pop()


class AssignFromDeck(Strict):
    """Search the side's mission deck for a card and assign the card's leader (the actor) to it, face down; a
    second leader from the pool may join him because this happens in the Assignment Phase (RS-MIS-07). The deck is
    shuffled after (Our Most Desperate Hour; the chosen card is not shown, RS-ACT-11)."""


def _deck_choices(game, ctx) -> list[str]:
    """Cards of the deck the actor could carry out, alone or with one leader from the pool."""
    from . import missions

    faction, actor = ctx["faction"], ctx["actor"]
    pool = board.pool(game, faction)
    return sorted({c for c in deck(game, f"missions-{faction}")
                   if ops_plans.playable(game, c) and missions.completable(game, c, [actor], pool)})


@op(OPS, "assign_from_deck", AssignFromDeck, lambda game, params, ctx: bool(_deck_choices(game, ctx)))
def assign_from_deck(game, frame, params: AssignFromDeck, ctx) -> None:
    """Our Most Desperate Hour."""
    from . import missions

    faction, actor = ctx["faction"], ctx["actor"]
    name = f"missions-{faction}"
    chosen = answer(frame)
    if "card" not in frame:
        if chosen is None:
            cards = _deck_choices(game, ctx)
            if not cards:
                game.pop()
                return
            game.ask(ctx["player"], "choose-mission", [{"id": c, "label": label(game, c)} for c in cards],
                     f"Choose the mission to assign {label(game, actor)} to")
            return
        frame["card"] = chosen["id"]
        deck(game, name).remove(frame["card"])
        game.shuffle(game.state["data"]["decks"][name], name)
        chosen = None
    if chosen is None:
        options = missions.second_leader_options(game, faction, frame["card"], actor)
        if len(options) > 1:
            game.ask(ctx["player"], "second-leader", options, "Add a second leader?")
            return
        chosen = options[0] if options else {"id": "none"}
    second = [] if chosen["id"] == "none" else [chosen["id"]]
    missions.assign(game, faction, frame["card"], [actor] + second)
    game.pop()


class AttachRing(Strict):
    """Put an attachment ring on one of the side's free leaders in play who wears none (RS-ACT-13: one ring per
    leader; a ring replaced or removed ends its effect)."""

    ring: str


@op(OPS, "attach_ring", AttachRing)
def attach_ring(game, frame, params: AttachRing, ctx) -> None:
    """Human-Cyborg Relations (C-3PO), Resourceful Astromech (R2-D2)."""
    t = tables(game)
    leaders = [l for l, info in sorted(game.state["data"]["leaders"].items())
               if t.leaders[l].faction == ctx["faction"] and info["at"] not in ("supply", "gone") and info["ring"] is None]
    if not leaders:
        game.pop()
        return
    chosen = pick(game, frame, ctx["player"], "attach-ring", [{"id": l, "label": label(game, l)} for l in leaders],
                  f"Which leader wears the {params.ring} ring?")
    if chosen is None:
        return
    board.leader(game, chosen["id"])["ring"] = params.ring
    game.log("ring-attached", ring=params.ring, leader=chosen["id"], card=ctx.get("card"))
    game.pop()


class ShowHand(Strict):
    """The side shows its whole hand of ``kind`` cards to the opponent, then keeps it hidden again (RB-OBJ-10:
    all of them; Interrogation)."""

    faction: Faction
    kind: Literal["missions", "actions", "objectives", "probes"]


@op(OPS, "show_hand", ShowHand)
def show_hand(game, frame, params: ShowHand, ctx) -> None:
    """The cards are logged for both teams: the opponent has seen them (RB-OBJ-10)."""
    cards = list(hand(game, params.faction, params.kind))
    seen = board.team(game, params.faction) + board.team(game, OPPONENT[params.faction])
    game.log("hand-shown", faction=params.faction, kind=params.kind, cards=secret(cards, *seen))
    game.pop()


class NameSystems(Strict):
    """The Rebel names ``count`` systems, one of which is the base's: he picks the others, one at a time, among the
    systems that are not the base's; then the systems are made known in name order, so the Empire cannot tell which
    is the base (Interrogation Droid)."""

    count: int = Field(default=3, ge=2)


@op(OPS, "name_systems", NameSystems)
def name_systems(game, frame, params: NameSystems, ctx) -> None:
    """Interrogation Droid; the base is not revealed by it (RB-BAS-01)."""
    base = board.base_system(game)
    named = frame.setdefault("named", [base])
    chosen = answer(frame)
    if chosen is not None:
        named.append(chosen["id"])
    others = [s for s in sorted(game.state["data"]["systems"]) if s not in named]
    if len(named) < params.count and others:
        game.ask(board.decider(game, "rebel", "general"), "name-system",
                 [{"id": s, "label": label(game, s)} for s in others], "Name a system that does not hold your base")
        return
    game.log("systems-named", faction="rebel", systems=sorted(named), card=ctx.get("card"))
    game.pop()
