"""Effect ops on cards: cards moved between hands, decks, discard piles and the table (``move_cards``), hands and
the base's whereabouts shown (``reveal``), and a card kept in hand once played (``keep_card``).

Card zones are named by strings: ``hand:SIDE:KIND`` (a side's hand of missions, actions, objectives or probes),
``deck:probes`` / ``deck:projects`` / ``deck:objectives`` (the shared decks), ``deck:SIDE:missions`` and
``deck:SIDE:actions`` (a side's mission deck and action deck), ``discard:projects`` / ``discard:objectives`` /
``discard:SIDE:missions`` (the public discard piles, RS-ACT-15), ``starting-actions:SIDE`` (the side's starting
action cards neither dealt nor played, RB-SET-11), and as a destination ``discard`` (each card to its own discard
pile) and ``mission`` (laid face down as an assigned mission). SIDE is relative (``self``, ``opponent``) or absolute
(``rebel``, ``empire``). Hands are secrets of their team and decks secrets of nobody (RULINGS C-08); what a side
sees of the cards moved is logged as its secret. The objective deck's card backs are public and move with their
cards (RS-OBJ-02).

Each kind of move keeps the decision kind and the event it has always had (``keep-objective``,
``take-card``, ``drew-probes``, ``card-taken`` ...): the tables below say which (:data:`DRAWN`, :data:`KEEP`,
:data:`TAKE`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Literal

from pydantic import Field, model_validator

from swrebellion.engine import peek, secret
from swrebellion.engine.ops import OpTable, Strict, answer, op, pick, uses
from swrebellion.i18n import N_

from .. import board
from ..cards import deck, discard, draw, hand
from ..names import card_prompt, label, text
from ..rules import combat, missions, plans
from ..rules.objectives import keep_card_in_hand, sync_stages
from ..tables import OPPONENT, tables
from swrebellion.refs import ContextKey

from .conditions import CardRef, Side, SystemFilter, matches, side_of

OPS: OpTable = {}

SIDES = ("self", "opponent", "rebel", "empire")
HAND_KINDS = ("missions", "actions", "objectives", "probes")
#: The hands no side holds: the Rebel has no probe cards, the Empire no objectives (RB-OBJ-09, RB-PRB).
NO_HAND = ("hand:rebel:probes", "hand:empire:objectives")
#: The hands a card may name: ``self``/``opponent`` stand for either side, so only the card's side tells.
HANDS = tuple(h for h in (f"hand:{s}:{k}" for s in SIDES for k in HAND_KINDS) if h not in NO_HAND)
#: Every zone a card may come from.
SOURCES = (
    *HANDS,
    "deck:probes", "deck:projects", "deck:objectives", *(f"deck:{s}:missions" for s in SIDES),
    *(f"deck:{s}:actions" for s in SIDES), "discard:projects", "discard:objectives",
    *(f"discard:{s}:missions" for s in SIDES),
    *(f"starting-actions:{s}" for s in SIDES),
)
#: The zones in words (``from`` and ``to``; SIDE is ``self``, ``opponent``, ``rebel`` or ``empire``).
ZONES = {
    "hand:SIDE:KIND": "a side's hand of KIND: missions, actions, objectives (the Rebel's only) or probes (the "
                      "Empire's only), a secret of its team",
    "deck:probes": "the probe deck (never refilled: RS-PRB-05)",
    "deck:projects": "the Imperial project deck",
    "deck:objectives": "the objective deck (its card backs are public, RS-OBJ-02; never refilled)",
    "deck:SIDE:missions": "a side's mission deck",
    "deck:SIDE:actions": "a side's action deck (RB-REC-02): a card drawn from it recruits nobody; its pictured leader "
                         "comes into play only if recruited",
    "discard:projects": "the project discard pile (public)",
    "discard:objectives": "the objective discard pile (public, RULINGS D-08)",
    "discard:SIDE:missions": "a side's mission discard pile (public, RS-ACT-15)",
    "starting-actions:SIDE": "the side's starting action cards neither dealt nor played, drawn at random (RB-SET-11)",
}
#: The zones only a destination can be.
TO_ZONES = {
    "discard": "each card to its own discard pile (an action card leaves the game, as when played)",
    "mission": "laid face down as an assigned mission, with ``leaders``",
}
Source = Literal[SOURCES]  # type: ignore[valid-type]
Destination = Literal[(*HANDS, "deck:probes", "deck:projects", "deck:objectives",  # type: ignore[valid-type]
                       *(f"deck:{s}:missions" for s in SIDES), *(f"deck:{s}:actions" for s in SIDES),
                       "discard", "mission")]


@dataclass(frozen=True)
class Zone:
    """A zone named in card data, for the card playing now: ``kind`` (hand, deck, discard, starting-actions,
    mission), ``cards`` (missions, actions, objectives, probes, projects), the side owning it (``None`` for the
    shared decks) and the name of its deck or pile in the state."""

    kind: str
    cards: str
    side: str | None
    name: str

    def pile(self, game) -> list:
        if self.kind == "hand":
            return hand(game, self.side, self.cards)
        if self.kind == "deck":
            return deck(game, self.name)
        return game.state["data"]["discards"].setdefault(self.name, [])


def zone(spec: str, ctx) -> Zone:
    """The zone ``spec`` names for the card playing now, made once per spec and side: a zone is frozen and depends
    on nothing else, and a card moving cards reads two each time it is considered (:func:`_can_move`) or run."""
    key = (spec, ctx.get("faction"))
    found = _ZONES.get(key)
    if found is None:
        found = _ZONES[key] = _zone(spec, ctx)
    return found


#: (zone spec, the side playing the card) -> the zone: bounded, the specs being the values ``MoveCards`` allows
_ZONES: dict[tuple[str, str | None], Zone] = {}


def _zone(spec: str, ctx) -> Zone:
    parts = spec.split(":")
    if parts[0] in ("mission", "discard") and len(parts) == 1:
        return Zone(parts[0], "", None, parts[0])
    if parts[0] == "hand":
        return Zone("hand", parts[2], side_of(ctx, parts[1]), parts[2])
    if parts[0] == "starting-actions":
        side = side_of(ctx, parts[1])
        return Zone("starting-actions", "actions", side, f"starting-actions-{side}")
    if len(parts) == 3:  # deck:SIDE:missions, deck:SIDE:actions, discard:SIDE:missions
        side = side_of(ctx, parts[1])
        return Zone(parts[0], parts[2], side, f"{parts[2]}-{side}")
    return Zone(parts[0], parts[1], "rebel" if parts[1] == "objectives" else "empire", parts[1])


def absolute(spec: str, ctx) -> str:
    """A zone named with absolute sides (``hand:opponent:actions`` played by the Empire: ``hand:rebel:actions``),
    as events record it."""
    parts = spec.split(":")
    return ":".join(side_of(ctx, p) if p in ("self", "opponent") else p for p in parts)


class MoveCards(Strict):
    """Move cards from one zone to another (docs/effects.md lists the zones under move_cards).

    * From a deck, blind: the top ``count`` cards (``per_base_units``: at least one per full N Rebel units at the
      Rebel base, RB-BAS-15, FAQ-65). A deck that runs out is refilled from its discard pile, except the probe and
      objective decks (RB-SUP-05, RS-PRB-05, RS-OBJ-01). From ``starting-actions``: drawn at random. From a side's
      action deck (``deck:SIDE:actions``, RB-REC-02) the cards come without their leaders: nobody is recruited
      unless a ``recruit`` step says so (``{op: move_cards, from: 'deck:self:actions', to: 'hand:self:actions',
      count: 2}``; tests/fan_packs/round-two).
    * From a deck, with ``look``: the ``chooser`` looks at the top ``look`` cards; ``keep`` of them (his choice, one at
      a time), or with ``keep_where`` the probe cards whose system meets it, go to ``to``; the ``rest`` go to the
      bottom of the deck, back on top in the order he chooses, or shuffled back in. ``to`` the deck itself puts the
      kept cards on top (Infiltration); ``keep: 0`` with ``rest: top`` puts them all back in his order (Stolen Plans).
    * From a deck with ``cards``: the chooser searches the deck for one of those cards, then it is shuffled
      (RS-ACT-11: Son of Skywalker).
    * From a hand or a discard pile: ``count`` cards the chooser picks one at a time (``at_random``: taken at random
      and shown to both sides), never the card being played; ``show``: both sides see the whole hand first; with
      ``starting: exclude`` (or ``only``) starting missions are left out (or the only ones offered).
    * ``to: mission``: the card chosen (from a deck, searched; or from a hand) is laid face down as an assigned
      mission with ``leaders``: the card's pictured leader (``actor``), a second leader from the pool joining him if
      the player wishes (this is the Assignment Phase, RS-MIS-07: Our Most Desperate Hour), or the mission's leaders
      (``mission``: Contingency Plan). Only cards they could carry out are offered.

    Paying a cost from one's own hand into a discard pile (The Long War) is asked even when one card is left to
    give. A card that needs ``count`` cards to choose from is offered only when there are that many (its
    feasibility test, for a card's first step, a trigger card or an objective)."""

    model_config = uses(reads=("faction", "player", "card", "actor", "leaders"), group="cards",
                        values={"from": ZONES, "to": {**{z: m for z, m in ZONES.items() if z.startswith(("hand:", "deck:"))},
                                                      **TO_ZONES}})

    from_: Source = Field(alias="from", description="Where the cards come from.")
    to: Destination = Field(description="Where they go.")
    count: int = Field(default=1, ge=1, description="How many cards move (from a hand or pile: chosen).")
    per_base_units: int | None = Field(
        default=None, ge=1, description="From a deck: at least one card per full this many Rebel units at the base.")
    look: int | None = Field(default=None, ge=1, description="From a deck: look at this many cards from the top.")
    keep: int | None = Field(default=None, ge=0, description="With look: how many of them go to `to` (default count).")
    keep_where: SystemFilter | None = Field(
        default=None, description="With look, from the probe deck: the cards whose system meets this go to `to`.")
    rest: Literal["bottom", "top", "shuffle"] = Field(
        default="bottom", description="With look: where the cards not kept go (top: in the chooser's order).")
    position: Literal["top", "bottom"] = Field(default="top", description="To a deck: its top or its bottom.")
    chooser: Literal["self", "opponent"] = Field(default="self", description="Who looks and chooses.")
    at_random: bool = Field(default=False, description="From a hand: taken at random, shown to both sides.")
    cards: list[CardRef] | None = Field(default=None, description="Only these cards (searched for in a deck).")
    starting: Literal["include", "exclude", "only"] = Field(
        default="include", description="Starting missions: offered too, left out, or the only ones offered.")
    show: bool = Field(default=False, description="From a hand: both sides see the whole hand first.")
    leaders: Literal["actor", "mission"] = Field(
        default="actor", description="to: mission: who is assigned (the card's leader, or the mission's).")

    @model_validator(mode="after")
    def _shape(self):
        deck_source = self.from_.startswith(("deck:", "starting-actions:"))
        if (self.look is not None or self.per_base_units is not None) and not self.from_.startswith("deck:"):
            raise ValueError("'look' and 'per_base_units' are for a deck")
        if self.keep_where is not None and (self.from_ != "deck:probes" or self.look is None):
            raise ValueError("'keep_where' chooses probe cards looked at: from deck:probes, with look")
        if (self.keep is not None) and self.look is None:
            raise ValueError("'keep' goes with 'look'")
        if (self.at_random or self.show) and not self.from_.startswith("hand:"):
            raise ValueError("'at_random' and 'show' are for a hand")
        if self.to == "mission" and not (self.from_.startswith("hand:") or (deck_source and self.look is None)):
            raise ValueError("to: mission takes the card from a hand, or searches a deck")
        if self.to == "mission" and not (self.from_.endswith(":missions") or self.from_ == "deck:projects"):
            raise ValueError("to: mission lays a mission card face down: take it from missions or projects "
                             "(hand:self:missions, deck:self:missions, deck:projects)")
        return self


#: Cards drawn or looked at from a deck into a hand: the event telling the side what it drew (``card``: with the
#: card that drew them), for every kind of card a deck or the starting action cards hold (``ZONES``).
DRAWN = {"probes": ("drew-probes", False), "projects": ("drew-projects", False),
         "objectives": ("drew-objectives", False), "actions": ("drew-actions", True),
         "missions": ("drew-missions", False)}
#: Cards looked at to keep some: (source cards, destination kind) -> (decision kind, option ids by index, ask even
#: when one card is left).
KEEP = {("projects", "hand"): ("keep-project", False, True), ("objectives", "hand"): ("keep-objective", True, True),
        ("objectives", "deck"): ("arrange-objectives", True, True), ("missions", "hand"): ("keep-mission", False, False)}
#: The prompt of each decision that keeps cards looked at.
KEEP_PROMPTS = {"arrange-objectives": N_("Which objective stays on top? The others go to the bottom."),
                "keep-objective": N_("Keep which objective? The others go to the bottom."),
                "keep-project": N_("Keep which project?"), "keep-mission": N_("Keep which mission card?")}
#: Cards picked from a hand or pile: (source kind, source cards, destination kind) -> decision kind.
TAKE = {("hand", "objectives", "deck"): "bury-objective", ("hand", "missions", "discard"): "discard-mission",
        ("hand", "objectives", "discard"): "discard-objective", ("discard", "objectives", "deck"): "objective-from-discard",
        ("discard", "missions", "hand"): "take-card", ("deck", "missions", "hand"): "take-card"}


def _player(game, ctx, params: MoveCards, src: Zone, dst: Zone) -> str:
    """Who chooses: a side's General decides about the objective and project decks he looks at and the objectives
    in his hand (he holds them, RB-TEAM-06); otherwise the card's player, or the opponent's Admiral."""
    side = side_of(ctx, params.chooser)
    if src.cards in ("objectives", "projects") and not (src.kind == "hand" and src.side != side) \
            and not (src.kind == "discard"):
        return board.decider(game, side, "general")
    if params.chooser == "opponent":
        return board.decider(game, side, "admiral")
    return ctx.get("player") or board.decider(game, side, "general")


def _candidates(game, params: MoveCards, src: Zone, ctx) -> list[str]:
    """The cards that may be chosen from a hand, a pile or a searched deck."""
    cards = list(src.pile(game))
    if src.kind == "hand" and ctx.get("card") in cards:  # still in hand while the card is only being offered
        cards.remove(ctx["card"])
    if params.cards is not None:
        cards = [c for c in cards if c in params.cards]
    if params.starting != "include" and src.cards == "missions":
        starting = tables(game).missions
        cards = [c for c in cards if (starting[c].deck == "starting") == (params.starting == "only")]
    return cards


def _can_move(game, params: MoveCards, ctx) -> bool:
    src, dst = zone(params.from_, ctx), zone(params.to, ctx)
    if dst.kind == "mission":
        return next(_mission_fits(game, params, src, ctx), None) is not None
    if src.kind == "deck" and params.cards is None:
        return True  # a draw draws what there is
    return len(_candidates(game, params, src, ctx)) >= params.count


@op(OPS, "move_cards", MoveCards, _can_move)
def move_cards(game, frame, params: MoveCards, ctx) -> None:
    """Move cards between hands, decks, discard piles and the table (Gather Intel, Research and Development, Covert
    Operation, Infiltration, Retrieve the Plans, Stolen Intel, Son of Skywalker, Our Most Desperate Hour)."""
    src, dst = zone(params.from_, ctx), zone(params.to, ctx)
    if dst.kind == "mission":
        _to_mission(game, frame, params, src, ctx)
    elif params.look is not None:
        _look(game, frame, params, src, dst, ctx)
    elif src.kind in ("deck", "starting-actions") and params.cards is None:
        _draw(game, params, src, dst, ctx)
    else:
        _take(game, frame, params, src, dst, ctx)


def discard_pile(game, card: str) -> str:
    """The pile a discarded card goes to: an objective to the objective discard pile (RULINGS D-08), a project to
    the project discard pile, a mission to its side's, an action card out of the game like a played one (RS-ACT-02:
    kept apart as ``actions-SIDE``), a probe card to ``probes``."""
    t = tables(game)
    if card in t.objectives:
        return "objectives"
    if card in t.missions:
        return "projects" if t.missions[card].deck == "project" else f"missions-{t.missions[card].faction}"
    if card in t.actions:
        return f"actions-{t.actions[card].faction}"
    return "probes"


def _put(game, dst: Zone, cards: list[str], params: MoveCards) -> None:
    """Cards arriving in ``dst``: a hand, a deck (top or bottom, its public backs in step), or their own discard
    piles."""
    if dst.kind == "discard":
        for card in cards:
            discard(game, discard_pile(game, card), card)
        return
    pile = dst.pile(game)
    if dst.kind == "deck" and params.position == "top":
        pile[0:0] = cards
    else:
        pile.extend(cards)
    if dst.kind == "deck" and dst.cards == "objectives":
        sync_stages(game)  # the backs are public and move with their cards (RS-OBJ-02)


def _draw(game, params: MoveCards, src: Zone, dst: Zone, ctx) -> None:
    """The top cards of a deck, unseen until drawn (RB-PRB, RB-PRJ-01, RB-OBJ-01), or starting action cards at random
    (RB-SET-11)."""
    count = params.count
    if params.per_base_units:
        at_base = sum(board.faction_units(game, board.rebel_base_location(game), "rebel").values())
        count = max(count, at_base // params.per_base_units)
    if src.kind == "starting-actions":
        actions = tables(game).actions
        held = hand(game, src.side, "actions")
        played = {e["card"] for e in game.state["log"] if e["type"] == "action-played"} | {ctx.get("card")}
        box = secret(sorted(c for c, a in actions.items()
                            if a.faction == src.side and a.starting and c not in held and c not in played))
        game.shuffle(box, src.name)
        drawn = game.draw(box, count)
    else:
        drawn = draw(game, src.name, count)
        if src.cards == "objectives":
            sync_stages(game)
    _put(game, dst, drawn, params)
    _log_drawn(game, src, dst.side or side_of(ctx, "self"), drawn, ctx)


def _log_drawn(game, src: Zone, side: str, drawn: list[str], ctx) -> None:
    event, with_card = DRAWN[src.cards]
    extra = {"card": ctx.get("card")} if with_card else {}
    game.log(event, faction=side, count=len(drawn), cards=board.team_secret(game, list(drawn), side), **extra)


def _look(game, frame, params: MoveCards, src: Zone, dst: Zone, ctx) -> None:
    """Look at the top cards of a deck, keep some, put the rest back."""
    side = side_of(ctx, params.chooser)
    if "seen" not in frame:
        seen = draw(game, src.name, params.look)
        frame.update(seen=board.team_secret(game, seen, side), kept=[])
        if src.cards == "objectives":
            sync_stages(game)
        if src.cards == "missions":
            game.log("looked-at-missions", faction=side, count=len(seen), card=ctx.get("card"))
        elif src.cards == "objectives" and dst.kind == "deck":
            game.log("looked-at-objectives", faction=side, cards=board.team_secret(game, list(seen), side))
        else:
            _log_drawn(game, src, side, seen, ctx)
    seen, kept = peek(frame["seen"]), frame["kept"]
    if params.keep_where is not None:
        t = tables(game)
        kept += [c for c in seen if matches(game, t.probes[c], params.keep_where, ctx)]
        seen[:] = [c for c in seen if c not in kept]
        frame["kept_all"] = True
    keep = params.count if params.keep is None else params.keep
    kind, by_index, ask_alone = KEEP.get((src.cards, dst.kind), ("keep-card", False, False))
    chosen = None if frame.get("ordering") else answer(frame)
    if chosen is not None:
        card = seen.pop(int(chosen["id"].partition(":")[2])) if by_index else chosen["id"]
        if not by_index:
            seen.remove(card)
        kept.append(card)
        _note_kept(game, src, dst, side, card, ctx)
    while not frame.get("kept_all") and len(kept) < keep and seen:
        if ask_alone and len(seen) + len(kept) <= keep:  # nothing to choose: all of them
            for card in list(seen):
                kept.append(card)
                _note_kept(game, src, dst, side, card, ctx)
            seen.clear()
            break
        if by_index:
            options = [{"id": f"{'top' if dst.kind == 'deck' else 'keep'}:{n}",
                        "label": text(game, N_("Keep {card} on top") if dst.kind == "deck" else N_("Keep {card}"), card=c)}
                       for n, c in enumerate(seen)]
        else:
            options = [{"id": c, "label": label(game, c)} for c in sorted(set(seen))]
        prompt = KEEP_PROMPTS.get(kind, N_("Keep which card?"))
        player = _player(game, ctx, params, src, dst)
        if ask_alone or len(options) > 1:
            game.ask(player, kind, options, prompt)
            return
        chosen = game.answer_alone(player, kind, options[0], prompt)
        card = chosen["id"] if not by_index else seen[int(chosen["id"].partition(":")[2])]
        seen.remove(card)
        kept.append(card)
        _note_kept(game, src, dst, side, card, ctx)
    if params.rest == "top" and len(seen) > 1 and not _ordered(game, frame, params, src, seen, ctx):
        return
    _finish_look(game, frame, params, src, dst, side, ctx)


def _note_kept(game, src: Zone, dst: Zone, side: str, card: str, ctx) -> None:
    if src.cards == "missions" and dst.kind == "hand":
        game.log("card-taken", faction=side, deck=src.name, card=board.team_secret(game, card, side))


def _ordered(game, frame, params: MoveCards, src: Zone, seen: list[str], ctx) -> bool:
    """``rest: top``: the chooser puts the cards back one at a time, from the top down (the ``arrange-objectives``
    decision for objectives). True once they are in order."""
    order = frame.setdefault("order", [])
    frame["ordering"] = True
    chosen = answer(frame)
    if chosen is not None:
        order.append(int(chosen["id"].partition(":")[2]))
    left = [n for n in range(len(seen)) if n not in order]
    if len(left) > 1:
        kind = "arrange-objectives" if src.cards == "objectives" else "arrange-cards"
        options = [{"id": f"top:{n}", "label": text(game, N_("Put {card} next from the top"), card=seen[n])}
                   for n in left]
        prompt = N_("Which objective goes at position {n} from the top?") if src.cards == "objectives" else \
            N_("Which card goes at position {n} from the top?")
        game.ask(_player(game, ctx, params, src, src), kind, options, text(game, prompt, n=len(order) + 1))
        return False
    seen[:] = [seen[n] for n in order + left]
    return True


def _finish_look(game, frame, params: MoveCards, src: Zone, dst: Zone, side: str, ctx) -> None:
    """The kept cards go where the card says (with what it tells), then the rest go back; cards kept on the deck
    they came from go back on top, above the rest."""
    seen, kept = peek(frame["seen"]), frame["kept"]
    looked, rest = len(seen) + len(kept), list(seen)
    same_deck = dst.kind == "deck" and dst.name == src.name
    if not same_deck:
        _put(game, dst, kept, params)
        if params.keep_where is not None and dst.side != side:  # handed over: both sides see what was given
            both = board.team(game, side) + board.team(game, OPPONENT[side])
            game.log("probes-handed", faction=side, count=len(kept), cards=secret(list(kept), *both),
                     card=ctx.get("card"))
    pile = src.pile(game)
    if params.rest == "top":
        pile[0:0] = rest
    else:
        pile.extend(rest)
        if params.rest == "shuffle":
            game.shuffle(game.state["data"]["decks"][src.name], src.name)
    if same_deck:
        pile[0:0] = kept
    if src.cards == "objectives":
        sync_stages(game)  # the backs are public and move with their cards (RS-OBJ-02)
        if same_deck and looked >= 2:
            game.log("arranged-objectives", faction=side, to_bottom=len(rest) if params.rest == "bottom" else 0)
        elif not same_deck and rest and params.rest == "bottom":
            game.log("objectives-to-bottom", faction=side, count=len(rest))
    elif src.cards == "probes" and rest and params.rest != "shuffle":
        # probe cards looked at and put back (missions and projects put back say nothing, as they always have)
        game.log("cards-returned", faction=side, deck=src.name, count=len(rest), to=params.rest,
                 card=ctx.get("card"))


def _take(game, frame, params: MoveCards, src: Zone, dst: Zone, ctx) -> None:
    """Cards picked one at a time (or at random) from a hand, a discard pile, or a deck searched for them."""
    side = side_of(ctx, params.chooser)
    if params.show and not frame.get("shown"):
        frame["shown"] = True
        cards = src.pile(game)
        both = board.team(game, src.side) + board.team(game, OPPONENT[src.side])
        game.log("hand-shown", faction=src.side, kind=src.cards, cards=secret(sorted(cards), *both),
                 card=ctx.get("card"))
    kind = TAKE.get((src.kind, src.cards, dst.kind), "choose-card")
    chosen = answer(frame)
    while True:
        if chosen is None:
            if frame.get("taken", 0) >= params.count:
                return
            candidates = _candidates(game, params, src, ctx)
            if not candidates:
                return
            if params.at_random:
                chosen = {"id": candidates[game.random_below(len(candidates))]}
            else:
                where = "" if dst.kind != "deck" else params.position
                bury = N_("Put {card} on the top of the deck") if where == "top" else \
                    N_("Put {card} on the bottom of the deck")
                options = [{"id": c, "label": text(game, bury, card=c) if kind == "bury-objective" else label(game, c)}
                           for c in sorted(set(candidates))]
                prompt = _take_prompt(game, kind, params, ctx)
                player = _player(game, ctx, params, src, dst)
                own_cost = src.kind == "hand" and src.side == side and dst.kind == "discard"
                if own_cost or len(options) > 1:  # a cost from one's own hand is always asked (The Long War)
                    game.ask(player, kind, options, prompt)
                    return
                chosen = game.answer_alone(player, kind, options[0], prompt)
        card = chosen["id"]
        chosen = None
        src.pile(game).remove(card)
        _put(game, dst, [card], params)
        frame["taken"] = frame.get("taken", 0) + 1
        _note_taken(game, params, src, dst, side, card, ctx)
        if src.kind == "deck":  # a deck searched is shuffled after (RS-ACT-11)
            game.shuffle(game.state["data"]["decks"][src.name], src.name)
            game.log("card-taken", faction=side, deck=src.name, card=board.team_secret(game, card, side))


#: The prompts of cards picked from a hand or pile, by decision kind: (with the card's name, without).
TAKE_PROMPTS = {
    "discard-mission": (N_("{card}: discard which mission?"), N_("Discard which mission?")),
    "discard-objective": (N_("{card}: discard which objective?"), N_("Discard which objective?")),
    "objective-from-discard": (N_("{card}: which discarded objective goes on top of the deck?"),
                               N_("Which discarded objective goes on top of the deck?")),
}


def _take_prompt(game, kind: str, params: MoveCards, ctx) -> str:
    if kind == "bury-objective":
        return N_("Which Rebel objective goes to the top of the objective deck?") if params.position == "top" else \
            N_("Which Rebel objective goes to the bottom of the objective deck?")
    if kind == "take-card":
        return N_("Take which card from your mission discard pile?") if params.from_.startswith("discard") \
            else N_("Take which card from your mission deck?")
    return card_prompt(game, ctx, *TAKE_PROMPTS.get(kind, (N_("{card}: choose a card"), N_("Choose a card"))))


def _note_taken(game, params: MoveCards, src: Zone, dst: Zone, side: str, card: str, ctx) -> None:
    """The event of a card picked from a hand or pile (a searched deck's comes after its shuffle)."""
    if src.kind == "hand" and dst.kind == "deck" and src.cards == "objectives":
        both = board.team(game, src.side) + board.team(game, OPPONENT[src.side])
        game.log("objective-buried", card=secret(card, *both), by=ctx.get("card"), to=params.position)
    elif src.kind == "hand" and dst.kind == "discard" and src.cards == "missions":
        game.log("mission-discarded", faction=src.side, card=card, cause=ctx.get("card"))
    elif src.kind == "hand" and dst.kind == "discard" and src.cards == "objectives":
        game.log("objective-discarded", faction=src.side, card=card, cause=ctx.get("card"))
    elif src.kind == "discard" and src.cards == "objectives" and dst.kind == "deck":
        game.log("objective-returned", faction=side, card=card, to=f"objective deck {params.position}",
                 cause=ctx.get("card"))
    elif src.kind == "discard" and dst.kind == "hand":
        game.log("card-taken", faction=side, deck=f"discard:{src.name}", card=card)  # a public pile
    elif src.kind != "deck":
        public = src.kind != "hand" or params.at_random or dst.kind == "discard"  # discard piles are public (RS-ACT-15)
        seen = board.team(game, side) + board.team(game, OPPONENT[side]) if public \
            else board.team(game, side) + (board.team(game, src.side) if src.side != side else [])
        game.log("cards-moved", faction=side, source=absolute(params.from_, ctx), to=absolute(params.to, ctx),
                 cards=secret([card], *seen), card=ctx.get("card"))


# -- a card laid face down as a mission ------------------------------------------------------------------------------


def _mission_choices(game, params: MoveCards, src: Zone, ctx) -> list[str]:
    """Cards the leaders could carry out (as for assignments, ``missions``)."""
    return sorted(set(_mission_fits(game, params, src, ctx)))


def _mission_fits(game, params: MoveCards, src: Zone, ctx) -> Iterator[str]:
    """The cards the leaders could carry out, one at a time: the feasibility test (:func:`_can_move`, asked at every
    assignment choice while Our Most Desperate Hour is in hand) stops at the first, not trying the whole deck."""
    faction = ctx["faction"]
    if params.leaders == "actor":  # the leaders' icons counted once for every card tried (missions.icons_of)
        pool = board.pool(game, faction)
        icons = missions.icons_of(game, [ctx["actor"], *pool])
        return (c for c in _candidates(game, params, src, ctx)
                if plans.playable(game, c) and missions.completable(game, c, [ctx["actor"]], pool, icons))
    icons = missions.icons_of(game, ctx["leaders"])
    return (c for c in _candidates(game, params, src, ctx)
            if plans.playable(game, c) and missions.meets(game, c, ctx["leaders"], icons))


def _to_mission(game, frame, params: MoveCards, src: Zone, ctx) -> None:
    faction = ctx["faction"]
    if params.leaders == "mission":  # the mission's leaders, back in the pool, go onto the card (Contingency Plan)
        leaders = [lid for lid in ctx["leaders"]
                   if board.leader(game, lid)["at"] == "pool" and not board.is_spent(game, lid)]
        chosen = answer(frame)  # the answer: the missions offered are not tried again
        if chosen is None:
            cards = _mission_choices(game, params, src, {**ctx, "leaders": leaders}) if leaders else []
            if not cards:
                return
            chosen = pick(game, frame, ctx["player"], "choose-mission",
                          [{"id": c, "label": label(game, c)} for c in cards],
                          text(game, N_("Assign {leaders} to which starting mission?") if params.starting == "only"
                               else N_("Assign {leaders} to which mission?"), leaders=list(leaders)))
            if chosen is None:
                return
        src.pile(game).remove(chosen["id"])
        missions.assign(game, faction, chosen["id"], leaders)
        return
    actor = ctx["actor"]
    chosen = answer(frame)
    if "card" not in frame:
        if chosen is None:
            cards = _mission_choices(game, params, src, ctx)
            if not cards:
                return
            game.ask(ctx["player"], "choose-mission", [{"id": c, "label": label(game, c)} for c in cards],
                     text(game, N_("Choose the mission to assign {leader} to"), leader=actor))
            return
        frame["card"] = chosen["id"]
        src.pile(game).remove(frame["card"])
        if src.kind == "deck":
            game.shuffle(game.state["data"]["decks"][src.name], src.name)  # the card stays unseen (RS-ACT-11)
        chosen = None
    if chosen is None:
        options = missions.second_leader_options(game, faction, frame["card"], actor)
        if len(options) > 1:
            game.ask(ctx["player"], "second-leader", options, N_("Add a second leader?"))
            return
        chosen = game.answer_alone(ctx["player"], "second-leader", options[0]) if options else {"id": "none"}
    second = [] if chosen["id"] == "none" else [chosen["id"]]
    missions.assign(game, faction, frame["card"], [actor] + second)


# -- shown, told -----------------------------------------------------------------------------------------------------


class Reveal(Strict):
    """Show something to the other side.

    * ``what: hand``: ``side`` shows its whole hand of ``kind`` to the opponent, then keeps it hidden again
      (RB-OBJ-10: all of them; Interrogation). ``kind: tactics``: the side's combat hand is turned face up for the
      rest of this combat, its draws too (Good Intel, base printing).
    * ``what: base``: the Rebel answers about his hidden base, truthfully, and both sides hear it: whether it is in
      the system held by the context key ``system`` (``scope: system``: Long-Range Probe) or in that system's
      region (``scope: region``: Local Rumors); the base is not revealed (RB-BAS-16, RS-BLF-04). ``scope: named``:
      he names ``count`` systems, one of which holds the base (he picks the others), shown in name order so the
      Empire cannot tell which (Interrogation Droid). ``force``: the base itself is revealed if it is in the system
      (RB-BAS-12: Single Reactor Ignition)."""

    model_config = uses(reads=("faction", "card", "<system>"), group="cards")

    what: Literal["hand", "base"] = Field(description="A hand, or the base's whereabouts.")
    side: Side = Field(default="opponent", description="hand: whose hand.")
    kind: Literal["missions", "actions", "objectives", "probes", "tactics"] = Field(
        default="objectives", description="hand: which hand.")
    scope: Literal["system", "region", "named"] = Field(default="system", description="base: what the Rebel tells.")
    system: ContextKey = Field(default="system", description="base: the context key of the system asked about.")
    count: int = Field(default=3, ge=2, description="base, named: how many systems he names.")
    force: bool = Field(default=False, description="base: reveal the base if it is in the system.")


@op(OPS, "reveal", Reveal)
def reveal(game, frame, params: Reveal, ctx) -> None:
    """Show a hand to the other side, or make the Rebel tell about his base (Interrogation, Long-Range Probe, Local
    Rumors, Interrogation Droid)."""
    if params.what == "hand":
        side = side_of(ctx, params.side)
        if params.kind == "tactics":
            hands = combat.state(game)["hands"]
            hands[side] = list(peek(hands[side]))
            game.log("tactics-shown", faction=side, cards=list(hands[side]), card=ctx.get("card"))
            return
        cards = list(hand(game, side, params.kind))
        seen = board.team(game, side) + board.team(game, OPPONENT[side])
        game.log("hand-shown", faction=side, kind=params.kind, cards=secret(cards, *seen))
        return
    where, base = ctx.get(params.system), board.base_system(game)
    if params.force:
        data = game.state["data"]
        if not data["base_revealed"] and data.get("base") is not None and base == where:
            board.reveal_base(game, "forced")
        return
    if params.scope == "named":
        _name_systems(game, frame, params, ctx)
    elif params.scope == "region":
        region = tables(game).systems[where].region
        here = base is not None and tables(game).systems[base].region == region
        game.log("base-answer", system=where, region=region, here=here, card=ctx.get("card"))
    else:
        game.log("base-answer", system=where, here=base == where, card=ctx.get("card"))


def _name_systems(game, frame, params: Reveal, ctx) -> None:
    """The Rebel (his General, who keeps the base's secret, RB-TEAM-06) names systems, the base's among them."""
    named = frame.setdefault("named", [board.base_system(game)])
    chosen = answer(frame)
    if chosen is not None:
        named.append(chosen["id"])
    others = [s for s in sorted(game.state["data"]["systems"]) if s not in named]
    if len(named) < params.count and others:
        game.ask(board.decider(game, "rebel", "general"), "name-system",
                 [{"id": s, "label": label(game, s)} for s in others], N_("Name a system that does not hold your base"))
        return
    game.log("systems-named", faction="rebel", systems=sorted(named), card=ctx.get("card"))


class KeepCard(Strict):
    """The card being played goes back to its owner's hand instead of its discard pile: a mission when it ends
    (``failure_only``: only if its attempt fails, a step of its target, read before the roll), an objective after
    it is scored (Heart of the Empire), an action card at once."""

    model_config = uses(reads=("card", "faction", "leaders"), writes=("to_hand",), group="cards")

    failure_only: bool = Field(default=False, description="A mission: only when its attempt fails.")


@op(OPS, "keep_card", KeepCard)
def keep_card(game, frame, params: KeepCard, ctx) -> None:
    """Send the card back to hand instead of its discard pile (Break Their Will, Critical Rescue, Heart of the
    Empire)."""
    keep_card_in_hand(game, ctx, "failure" if params.failure_only else "always")
