"""Effect ops of the Rise of the Empire action cards that act at the edges of a phase or a turn
(card-effects-actions-tactics.md §3).

* False Orders, at the end of the Assignment Phase (the ``assignment-end`` moment of ``actions.special_window``):
  the base game's ``stop_mission`` with ``how: return``.
* Secret Facility, Sweep the Area, Under the Radar: a probe card kept face down under the card (``hide_probe``),
  used later at the start of one of the side's Command Phase turns (the base rules' ``turn-start-acts`` point:
  :func:`turn_start_acts`) or at the end of a Command Phase (``end-of-command-steps``: :func:`end_of_command`).
  The kept cards are in ``data["roe"]["hidden_probes"]``, each probe card seen only by its side; using one is the
  :data:`REVEAL` step, which runs the card's ``steps`` in the probe card's system and then fights any combat they
  ordered (``fight``).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from swrebellion.engine import peek
from swrebellion.engine.effects import run_effect
from swrebellion.expansions.base import api
from swrebellion.expansions.base.api.cards import draw, fight_after, hand
from swrebellion.expansions.base.api.ops import OpTable, Strict, answer, op, pick, uses
from swrebellion.expansions.base.api.words import label, text
from swrebellion.i18n import N_
from swrebellion.models.effects import Steps

OPS: OpTable = {}
REVEAL = "roe.use-hidden-probe"


def _player(game, ctx) -> str:
    return ctx.get("player") or api.board.decider(game, ctx["faction"], "general")


# -- a probe card kept under the card -----------------------------------------------------------------------------


class HideProbe(Strict):
    """Where the probe card comes from and when and how it is used later."""

    model_config = uses(reads=("faction", "player", "card"), writes=(), group="cards")

    source: Literal["hand", "deck"] = Field(
        default="hand", description="hand: one of the side's own probe cards (the Empire's); deck: the side looks "
        "at the top ``look`` cards of the probe deck, keeps one and puts the others back, all on top or all on the "
        "bottom (its choice).")
    look: int = Field(default=4, ge=1)
    use: Literal["turn-start", "command-end"] = Field(
        description="turn-start: at the start of one of the side's Command Phase turns; command-end: at the end of "
        "a Command Phase. Always optional; the card waits for a later one.")
    to: Literal["hand", "deck-top"] = Field(
        default="hand", description="Where the probe card goes when used: back to the Empire's hand (revealed) or "
        "face down on top of the probe deck.")
    steps: Steps = Field(
        default_factory=list, description="Run when the card is used, with ``system`` = the probe card's system.")


def hidden(game) -> list[dict]:
    return game.state["data"]["roe"].setdefault("hidden_probes", [])


def _keep(game, ctx, probe: str, params: dict) -> None:
    faction = ctx["faction"]
    hidden(game).append({"card": ctx["card"], "faction": faction, "probe": api.board.team_secret(game, probe, faction),
                         "use": params["use"], "to": params.get("to", "hand"), "steps": list(params.get("steps", []))})
    game.log("probe-hidden", faction=faction, card=ctx["card"], probe=api.board.team_secret(game, probe, faction))


@op(OPS, "hide_probe", HideProbe)
def hide_probe(game, frame, params: HideProbe, ctx) -> None:
    """Keep one probe card face down under the card, out of play, to be used later (Secret Facility, Sweep the
    Area: one of the Empire's own; Under the Radar: one of the top cards of the probe deck)."""
    player = ctx.get("player") or api.board.decider(game, ctx["faction"], "general")
    raw = frame["params"]
    if params.source == "hand":
        held = hand(game, ctx["faction"], "probes") if ctx["faction"] == "empire" else []
        if not held:
            return
        chosen = answer(frame)  # the answer: the probe cards offered are not named again
        if chosen is None:
            options = [{"id": c, "label": label(game, api.content.probe_system(game, c))} for c in sorted(set(held))]
            chosen = pick(game, frame, player, "hide-probe", options,
                          text(game, N_("{card}: which probe card goes under the card?"), card=ctx["card"]))
            if chosen is None:
                return
        held.remove(chosen["id"])
        _keep(game, ctx, chosen["id"], raw)
        return
    if "drawn" not in frame:
        frame["drawn"] = api.board.team_secret(game, draw(game, "probes", params.look), ctx["faction"])
        if not peek(frame["drawn"]):
            return
    drawn = peek(frame["drawn"])
    chosen = answer(frame)
    if chosen is not None and chosen["id"] in ("top", "bottom"):
        api.cards.put_on_deck(game, "probes", drawn, top=chosen["id"] == "top")
        game.log("probes-returned", faction=ctx["faction"], count=len(drawn), where=chosen["id"], card=ctx["card"])
        return
    if chosen is not None:
        drawn.remove(chosen["id"])
        _keep(game, ctx, chosen["id"], raw)
    elif "kept" not in frame:
        frame["kept"] = True
        options = [{"id": c, "label": text(game, N_("Keep {system}"), system=api.content.probe_system(game, c))}
                   for c in drawn]
        game.ask(player, "hide-probe", options, text(game, N_("{card}: which probe card do you keep?"), card=ctx["card"]))
        return
    if not drawn:
        return
    game.ask(player, "probes-back", [{"id": "top", "label": N_("All back on top")},
                                     {"id": "bottom", "label": N_("All to the bottom")}],
             text(game, N_("{card}: the other probe cards go back where?"), card=ctx["card"]))


def turn_start_acts(game, value: list, context: dict) -> list | None:
    """``turn-start-acts``: a kept probe card may be used at the start of the side's turn. Asked at every Command
    Phase turn, and most hold no kept card: the value is copied only when one is added (None leaves it)."""
    if "roe" not in game.state["data"]:
        return None
    out = None
    for entry in hidden(game):
        if entry["use"] == "turn-start" and entry["faction"] == context["faction"]:
            if out is None:
                out = list(value)
            out.append({"id": f"use:{entry['card']}", "label": text(game, N_("Use {card} (its probe card)"), card=entry["card"]),
                        "data": {"step": REVEAL, "args": {"card": entry["card"]}, "free": True}})
    return out


def end_of_command(game, value: list, context: dict) -> list:
    """``end-of-command-steps``: each probe card kept for that moment is offered for use."""
    extra = [[REVEAL, {"card": e["card"], "ask": True}] for e in (hidden(game) if "roe" in game.state["data"] else ())
             if e["use"] == "command-end"]
    return list(value) + extra if extra else value


def use_step(game, frame) -> None:
    """Use the probe card kept under ``card`` (asking first when ``ask``): it goes where the card says, then the
    card's steps run in its system, then any combat they ordered is fought (RS-MIS-05)."""
    if "ctx" in frame:
        ctx = frame.pop("ctx")
        game.pop()
        fight_after(game, ctx, ctx["faction"])
        return
    entry = next((e for e in hidden(game) if e["card"] == frame["card"]), None)
    if entry is None:
        game.pop()
        return
    faction = entry["faction"]
    player = api.board.decider(game, faction, "general")
    if frame.get("ask"):
        chosen = answer(frame)
        if chosen is None:
            game.ask(player, "use-hidden-probe", [{"id": "use", "label": text(game, N_("Use {card} now"), card=entry["card"])},
                                                  {"id": "keep", "label": N_("Keep it for later")}],
                     text(game, N_("{card}: use its probe card now?"), card=entry["card"]))
            return
        if chosen["id"] == "keep":
            game.pop()
            return
    hidden(game).remove(entry)
    probe = peek(entry["probe"])
    system = api.content.probe_system(game, probe)
    if entry["to"] == "deck-top":
        api.cards.put_on_deck(game, "probes", [probe])
        game.log("probe-used", faction=faction, card=entry["card"], to="deck-top")
    else:
        api.cards.add_to_hand(game, faction, "probes", probe)
        game.log("probe-used", faction=faction, card=entry["card"], to="hand", system=system)
    if not entry["steps"]:
        game.pop()
        return
    run_effect(game, entry["steps"], {"faction": faction, "player": player, "card": entry["card"], "system": system},
               into="ctx")


STEPS = {REVEAL: use_step}
