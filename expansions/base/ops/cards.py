"""Effect ops about cards and rings: probe cards, projects and objectives drawn or rearranged, a mission card taken
from a deck and assigned, an attachment ring put on a leader. Drawn cards are logged as secrets of the drawing team
(hands are team secrets, RULINGS C-08)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from swrebellion.engine import secret
from swrebellion.i18n import N_

from .. import board
from ..cards import deck, draw, hand
from ..names import Marker, label, text
from ..rules import missions, plans
from ..rules.actions import pictured
from ..rules.objectives import sync_stages
from ..tables import OPPONENT, tables
from .conditions import Faction, OpTable, Strict, Where, answer, matches, op, pick

OPS: OpTable = {}


class DrawProbes(Strict):
    """The Empire draws probe cards: ``count``, or one per full ``per_base_units`` Rebel units at the Rebel base if
    that is more (Gather Intel; the base's system once revealed, RB-BAS-15, FAQ-65). The probe deck is never
    refilled (RS-PRB-05). With ``hand_over`` the Rebel draws them instead and hands the Empire every card whose
    system meets that condition; the others are shuffled back into the probe deck (Intercept Transmissions)."""

    count: int = Field(default=1, ge=0)
    per_base_units: int | None = Field(default=None, ge=1)
    hand_over: Where | None = None


@op(OPS, "draw_probes", DrawProbes)
def draw_probes(game, frame, params: DrawProbes, ctx) -> None:
    """Draw probe cards into the Empire's hand, counted by Rebel units at the base when asked (Gather Intel)."""
    count = params.count
    if params.per_base_units:
        at_base = sum(board.faction_units(game, board.rebel_base_location(game), "rebel").values())
        count = max(count, at_base // params.per_base_units)
    drawn = draw(game, "probes", count)
    if params.hand_over is not None:
        _hand_over_probes(game, drawn, params.hand_over, ctx)
        game.pop()
        return
    hand(game, "empire", "probes").extend(drawn)
    game.log("drew-probes", faction="empire", count=len(drawn), cards=board.team_secret(game, drawn, "empire"))
    game.pop()


def _hand_over_probes(game, drawn: list[str], where: Where, ctx) -> None:
    """The Rebel alone sees what he drew; both sides see the cards handed over; the deck is shuffled after."""
    t = tables(game)
    game.log("drew-probes", faction="rebel", count=len(drawn), cards=board.team_secret(game, list(drawn), "rebel"))
    given = [c for c in drawn if matches(game, t.probes[c], where, ctx)]
    hand(game, "empire", "probes").extend(given)
    both = board.team(game, "rebel") + board.team(game, OPPONENT["rebel"])
    game.log("probes-handed", faction="rebel", count=len(given), cards=secret(given, *both), card=ctx.get("card"))
    deck(game, "probes").extend(c for c in drawn if c not in given)
    game.shuffle(game.state["data"]["decks"]["probes"], "probes")


class DrawProjects(Strict):
    """The Empire draws ``count`` project cards into its mission hand (RB-PRJ-01, RB-PRJ-06); with ``keep`` it
    keeps that many and puts the others on the bottom of the project deck (Research and Development)."""

    count: int = Field(default=1, ge=1)
    keep: int | None = Field(default=None, ge=1)


@op(OPS, "draw_projects", DrawProjects)
def draw_projects(game, frame, params: DrawProjects, ctx) -> None:
    """Draw project cards into the Imperial hand (RB-PRJ-01); the project discard refills the deck (RB-SUP-05).
    Research and Development (RB-PRJ-01); the project discard refills the deck (RB-SUP-05)."""
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
            game.ask(board.decider(game, "empire", "general"), "keep-project", options, N_("Keep which project?"))
            return
        frame["kept"] += frame["drawn"]
        frame["drawn"] = []
    hand(game, "empire", "missions").extend(frame["kept"])
    deck(game, "projects").extend(frame["drawn"])
    game.pop()


class DrawObjectives(Strict):
    """The Rebel draws objective cards (Rebel Planning); the General holds them (RB-OBJ-14). With ``keep`` he keeps
    that many and puts the others on the bottom of the objective deck (Covert Operation); their backs stay public
    (RS-OBJ-02)."""

    count: int = Field(default=1, ge=1)
    keep: int | None = Field(default=None, ge=1)


def take_objectives(game, count: int) -> list[str]:
    """Draw from the top of the objective deck, keeping the public list of card backs in step (RS-OBJ-02)."""
    data = game.state["data"]
    drawn = draw(game, "objectives", count)
    data["objective_stages"] = data["objective_stages"][len(drawn):]
    return drawn


@op(OPS, "draw_objectives", DrawObjectives)
def draw_objectives(game, frame, params: DrawObjectives, ctx) -> None:
    """Draw objective cards into the Rebel's hand, possibly keeping only some (Rebel Planning; Covert Operation).
    Rebel Planning; Covert Operation (draw 2, keep 1)."""
    general = board.decider(game, "rebel", "general")
    if "drawn" not in frame:
        frame["drawn"] = take_objectives(game, params.count)
        frame["kept"] = []
        game.log("drew-objectives", faction="rebel", count=len(frame["drawn"]),
                 cards=board.team_secret(game, list(frame["drawn"]), "rebel"))
    chosen = answer(frame)
    if chosen is not None:
        frame["kept"].append(frame["drawn"].pop(int(chosen["id"].partition(":")[2])))
    keep = params.count if params.keep is None else params.keep
    while len(frame["kept"]) < keep and frame["drawn"]:
        if len(frame["drawn"]) + len(frame["kept"]) > keep:
            options = [{"id": f"keep:{n}", "label": text(game, N_("Keep {card}"), card=c)} for n, c in enumerate(frame["drawn"])]
            game.ask(general, "keep-objective", options, N_("Keep which objective? The others go to the bottom."))
            return
        frame["kept"] += frame["drawn"]
        frame["drawn"] = []
    hand(game, "rebel", "objectives").extend(frame["kept"])
    if frame["drawn"]:

        deck(game, "objectives").extend(frame["drawn"])
        sync_stages(game)  # the backs are public and move with their cards (RS-OBJ-02)
        game.log("objectives-to-bottom", faction="rebel", count=len(frame["drawn"]))
    game.pop()


class ArrangeObjectives(Strict):
    """The card's side (the Rebel for a Rebel card) looks at the top ``look`` objective cards and keeps one on top,
    the others going to the bottom (Infiltration; RB-OBJ-13), or (``rest: top``) puts them all back on top in the
    order it chooses (Stolen Plans). Card backs (stages) are public and move with their cards (RS-OBJ-02)."""

    look: int = Field(default=2, ge=2)
    rest: Literal["bottom", "top"] = "bottom"


@op(OPS, "arrange_objectives", ArrangeObjectives)
def arrange_objectives(game, frame, params: ArrangeObjectives, ctx) -> None:
    """Look at the top objective cards and put them back in an order the card's side chooses (Infiltration; Stolen
    Plans)."""
    data = game.state["data"]
    faction = ctx.get("faction", "rebel")
    cards = deck(game, "objectives")
    if "top" not in frame:
        frame["top"] = list(cards[: params.look])
        frame["order"] = []  # indexes into "top", from the top down
        game.log("looked-at-objectives", faction=faction, cards=board.team_secret(game, list(frame["top"]), faction))
    top = frame["top"]
    chosen = answer(frame)
    if chosen is not None:
        frame["order"].append(int(chosen["id"].partition(":")[2]))
    wanted = len(top) - 1 if params.rest == "top" else 1
    left = [n for n in range(len(top)) if n not in frame["order"]]
    if len(frame["order"]) < wanted and len(left) > 1:
        if params.rest == "top":
            options = [{"id": f"top:{n}", "label": text(game, N_("Put {card} next from the top"), card=top[n])}
                       for n in left]
            prompt = text(game, N_("Which objective goes at position {n} from the top?"), n=len(frame["order"]) + 1)
        else:
            options = [{"id": f"top:{n}", "label": text(game, N_("Keep {card} on top"), card=top[n])} for n in left]
            prompt = N_("Which objective stays on top? The others go to the bottom.")
        game.ask(board.decider(game, faction, "general"), "arrange-objectives", options, prompt)
        return
    game.pop()
    if len(top) < 2:
        return
    order = frame["order"] + [n for n in range(len(top)) if n not in frame["order"]]
    stays = len(top) if params.rest == "top" else 1
    for pile in (cards, data["objective_stages"]):
        moved = [pile[n] for n in order]
        pile[: len(top)] = moved[:stays]
        pile.extend(moved[stays:])
    game.log("arranged-objectives", faction=faction, to_bottom=len(top) - stays)


class AssignFromDeck(Strict):
    """Search the side's mission deck (``deck: projects``: the project deck, RB-PRJ) for a card and assign the card's
    leader (the actor) to it, face down; a second leader from the pool may join him because this happens in the
    Assignment Phase (RS-MIS-07). The deck is shuffled after (Our Most Desperate Hour, Proceeding as Planned; the
    chosen card is not shown, RS-ACT-11)."""

    deck: Literal["missions", "projects"] = "missions"


def _deck_name(params: AssignFromDeck, faction: str) -> str:
    return "projects" if params.deck == "projects" else f"missions-{faction}"


def _deck_choices(game, params: AssignFromDeck, ctx) -> list[str]:
    """Cards of the deck the actor could carry out, alone or with one leader from the pool."""

    faction, actor = ctx["faction"], ctx["actor"]
    pool = board.pool(game, faction)
    return sorted({c for c in deck(game, _deck_name(params, faction))
                   if plans.playable(game, c) and missions.completable(game, c, [actor], pool)})


@op(OPS, "assign_from_deck", AssignFromDeck, lambda game, params, ctx: bool(_deck_choices(game, params, ctx)))
def assign_from_deck(game, frame, params: AssignFromDeck, ctx) -> None:
    """Search a deck for a card and put it face down as an assigned mission, or into hand (Our Most Desperate Hour,
    Proceeding as Planned).
    Our Most Desperate Hour, Proceeding as Planned."""

    faction, actor = ctx["faction"], ctx["actor"]
    name = _deck_name(params, faction)
    chosen = answer(frame)
    if "card" not in frame:
        if chosen is None:
            cards = _deck_choices(game, params, ctx)
            if not cards:
                game.pop()
                return
            game.ask(ctx["player"], "choose-mission", [{"id": c, "label": label(game, c)} for c in cards],
                     text(game, N_("Choose the mission to assign {leader} to"), leader=actor))
            return
        frame["card"] = chosen["id"]
        deck(game, name).remove(frame["card"])
        game.shuffle(game.state["data"]["decks"][name], name)
        chosen = None
    if chosen is None:
        options = missions.second_leader_options(game, faction, frame["card"], actor)
        if len(options) > 1:
            game.ask(ctx["player"], "second-leader", options, N_("Add a second leader?"))
            return
        chosen = game.answer_alone(ctx["player"], "second-leader", options[0]) if options else {"id": "none"}
    second = [] if chosen["id"] == "none" else [chosen["id"]]
    missions.assign(game, faction, frame["card"], [actor] + second)
    game.pop()


class AttachRing(Strict):
    """Put an attachment ring on one of the side's free leaders in play who wears none (RS-ACT-13: one ring per
    leader; a ring replaced or removed ends its effect). With ``among: mission`` the ring goes to one of the
    mission's leaders in its system instead, replacing any ring he wears (Seek Yoda: 'this leader'); with ``among:
    target`` to the leader the mission is against, replacing his ring (RS-CAP-03: Carbon Freezing, Lure of the Dark
    Side); with ``among: pictured`` only to a leader pictured on the card, or one counting as him (RS-LDR-06), who
    wears none (The Millennium Falcon: Han or Chewbacca); with ``among: answered`` to one of the leaders of the
    mission a Special card answers (``mission`` in the context, either side's), free in its system, who wears none
    (Post Bounty)."""

    ring: str
    among: Literal["any", "mission", "target", "pictured", "answered"] = "any"


def _ring_bearers(game, params: AttachRing, ctx) -> list[str]:
    t = tables(game)
    leaders = game.state["data"]["leaders"]
    if params.among == "target":
        return [ctx["leader"]]
    if params.among == "mission":
        return [l for l in ctx.get("leaders", [])
                if leaders[l]["at"] == ctx.get("system") and not board.is_captured(game, l)]
    if params.among == "answered":
        return [l for l in (ctx.get("mission") or {}).get("leaders", []) if leaders[l]["at"] == ctx.get("system")
                and not board.is_captured(game, l) and leaders[l]["ring"] is None]
    allowed = None
    if params.among == "pictured":

        allowed = pictured(game, ctx["card"])
    return [l for l, info in sorted(leaders.items())
            if t.leaders[l].faction == ctx["faction"] and info["at"] not in ("supply", "gone") and info["ring"] is None
            and (allowed is None or l in allowed)]


@op(OPS, "attach_ring", AttachRing)
def attach_ring(game, frame, params: AttachRing, ctx) -> None:
    """Put an attachment ring on a leader: Human-Cyborg Relations (C-3PO), Resourceful Astromech (R2-D2), Seek Yoda
    (Master Yoda); Carbon Freezing, Lure of the Dark Side."""
    leaders = game.modify("ring-bearers", _ring_bearers(game, params, ctx), faction=ctx["faction"],
                          ring=params.ring, card=ctx.get("card"))
    if not leaders:
        game.pop()
        return
    chosen = pick(game, frame, ctx["player"], "attach-ring", [{"id": l, "label": label(game, l)} for l in leaders],
                  text(game, N_("Which leader takes the {ring}?"), ring=Marker(params.ring)))
    if chosen is None:
        return
    info = board.leader(game, chosen["id"])
    if info["ring"] is not None:
        game.log("ring-replaced", ring=info["ring"], leader=chosen["id"], by=params.ring)
    info["ring"] = params.ring
    game.log("ring-attached", ring=params.ring, leader=chosen["id"], card=ctx.get("card"))
    game.pop()


class ShowHand(Strict):
    """The side shows its whole hand of ``kind`` cards to the opponent, then keeps it hidden again (RB-OBJ-10:
    all of them; Interrogation)."""

    faction: Faction
    kind: Literal["missions", "actions", "objectives", "probes"]


@op(OPS, "show_hand", ShowHand)
def show_hand(game, frame, params: ShowHand, ctx) -> None:
    """Show a hand to the other side: the cards become visible to both teams (RB-OBJ-10).
    The cards are logged for both teams: the opponent has seen them (RB-OBJ-10)."""
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
    """The Rebel names systems, one of which may hold the base, without revealing it (Interrogation Droid, RB-BAS-01).
    Interrogation Droid; the base is not revealed by it (RB-BAS-01)."""
    base = board.base_system(game)
    named = frame.setdefault("named", [base])
    chosen = answer(frame)
    if chosen is not None:
        named.append(chosen["id"])
    others = [s for s in sorted(game.state["data"]["systems"]) if s not in named]
    if len(named) < params.count and others:
        game.ask(board.decider(game, "rebel", "general"), "name-system",
                 [{"id": s, "label": label(game, s)} for s in others], N_("Name a system that does not hold your base"))
        return
    game.log("systems-named", faction="rebel", systems=sorted(named), card=ctx.get("card"))
    game.pop()
