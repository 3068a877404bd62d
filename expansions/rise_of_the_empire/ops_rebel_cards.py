"""Effect ops of the Rise of the Empire Rebel mission cards (card-effects-missions-objectives.md §5).

They run in a mission's effect and read its context: ``faction`` and ``player`` (who carries the mission out),
``card``, ``system`` (where it takes place) and ``leaders`` (those on the mission). Everything else those cards do
is made of base ops.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from swrebellion.engine import peek
from swrebellion.expansions.base import api
from swrebellion.expansions.base.api import (
    OpTable,
    Strict,
    deck,
    hand,
    label,
    op,
    pick,
)

from . import cinematic

OPS: OpTable = {}


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
    chosen = pick(game, frame, ctx["player"], "take-card", options, "Take which card from your mission discard pile?")
    if chosen is None:
        return
    pile.remove(chosen["id"])
    hand(game, faction, "missions").append(chosen["id"])
    frame["taken"] = taken + 1
    game.log("card-taken", faction=faction, deck=f"discard:missions-{faction}", card=chosen["id"])  # public pile
    take_from_discard(game, frame, params, ctx)  # the next card, if any


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
        chosen = pick(game, frame, ctx["player"], "keep-mission", options, "Keep which mission card?")
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
