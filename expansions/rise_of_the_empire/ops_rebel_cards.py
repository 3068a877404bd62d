"""Effect ops of the Rise of the Empire Rebel mission cards (card-effects-missions-objectives.md §5).

They run in a mission's effect and read its context: ``faction`` and ``player`` (who carries the mission out),
``card``, ``system`` (where it takes place) and ``leaders`` (those on the mission). Everything else those cards do
is made of base ops.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from swrebellion.expansions.base import api
from swrebellion.expansions.base.api.ops import OpTable, Strict, op, uses
from swrebellion.expansions.base.api.words import label

from . import cinematic

OPS: OpTable = {}


# -- tactic cards ------------------------------------------------------------------------------------------------------


class RecoverTactics(Strict):
    """The side's advanced tactic discard piles (RE-CIN-07) go back into their own decks, for both theaters
    unless ``theater`` is given; the decks are never shuffled (RE-CIN-02) and the piles are public."""

    model_config = uses(reads=("faction", "card"), writes=(), group="advanced tactics")

    theater: Literal["space", "ground"] | None = None


@op(OPS, "recover_tactics", RecoverTactics)
def recover_tactics(game, frame, params: RecoverTactics, ctx) -> None:
    """Primitive: Rise of the Empire's advanced tactic discard piles belong to its cinematic combat (RE-CIN-07), not to
    the card zones of move_cards.

    Put one's discarded advanced tactic cards back into their decks."""
    faction = ctx["faction"]
    for theater in ("space", "ground") if params.theater is None else (params.theater,):
        pile = cinematic.discards(game, faction, theater)
        if pile:
            back = sorted(pile)
            cinematic.deck(game, faction, theater).extend(back)
            pile.clear()
            game.log("tactics-recovered", faction=faction, theater=theater, cards=back, card=ctx.get("card"))


class ArrangeTactics(Strict):
    """The side looks at the top ``look`` cards of its own tactic deck of ``theater`` and puts each back on the top
    or on the bottom, in the order it chooses (Prepare for Battle): the first put on top is the new top card, and
    each card put on the bottom goes under those put there before it. The cards are shown to the side only."""

    model_config = uses(reads=("faction", "player", "card"), writes=(), group="advanced tactics")

    theater: Literal["space", "ground"]
    look: int = Field(default=4, ge=1)


@op(OPS, "arrange_tactics", ArrangeTactics)
def arrange_tactics(game, frame, params: ArrangeTactics, ctx) -> None:
    """Primitive: Rise of the Empire's advanced tactic decks belong to its cinematic combat (RE-CIN-02), not to the card
    zones of move_cards.

    Look at the top of one's tactic deck and put the cards back on the top and/or the bottom in any order."""
    faction = ctx["faction"]
    cards = cinematic.deck(game, faction, params.theater)
    if "top" not in frame:
        frame.update(top=list(cards[: params.look]), placed={"top": [], "bottom": []})
        api.cards.reveal(game, frame["top"], faction, cause=ctx.get("card", "effect"))
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
