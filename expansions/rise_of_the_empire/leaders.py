"""The leader limit (RE-LDR-01/02, FAQ-118, RULINGS D-10): whenever a side has more than 8 leaders in its leader
pool, it chooses which of them stay and the others leave the game.

The expansion counts the leaders "in reserve" (D-10, revised): those in the pool, not those on the board, on the
Rebel Base space or on mission cards, and never a captured leader (a captive is held in a system, never in a pool).
The check runs after every event that can grow a pool (:data:`TRIGGERS`): a recruit, Refresh step 1 bringing the
leaders back, a leader sent back by a card or at the end of a combat, a mission card going back to hand or ending
with its leaders, a rescue, a leader replaced by another, a leader changing sides (a ring attached or replaced:
Lure of the Dark Side), and the end of setup.
In team play the limit is per team and the excess leaves the pool of the teammate who holds more there (leaders
belong to the role printed on them). A side over its limit may first play an action card whose effect raises it
(``raise_leader_limit``: Ambitions of Power), which the limit check offers; the raise is kept per side in
``roe.leader_limit_bonus``.
"""

from __future__ import annotations

from swrebellion.engine.effects import run_effect
from swrebellion.expansions.base import api
from swrebellion.expansions.base.api.board import FACTIONS, decider
from swrebellion.expansions.base.api.cards import hand
from swrebellion.expansions.base.api.words import text
from swrebellion.i18n import N_

from .flow import after_current
from .tables import tables

STEP = "roe.leader-limit"
TRIGGERS = ("recruited", "leaders-retrieved", "leaders-to-pool", "leaders-moved", "leader-returned",
            "mission-returned", "mission-cancelled", "mission-ended", "rescued", "leader-replaced", "ring-attached",
            "ring-replaced", "setup-complete")


def _who_removes(game, faction: str, leaders: list[str]) -> tuple[str, list[str]]:
    """RE-LDR-02: in team play the teammate holding more leaders gives one up (the Admiral on a tie)."""
    admiral = decider(game, faction, "admiral")
    if admiral == decider(game, faction, "general"):
        return admiral, leaders
    held = {role: [l for l in leaders if api.content.leader(game, l).role == role] for role in ("admiral", "general")}
    role = "general" if len(held["general"]) > len(held["admiral"]) else "admiral"
    return decider(game, faction, role), held[role] or leaders


def limit(game, faction: str) -> int:
    """RE-LDR-01, raised for the side by ``raise_leader_limit`` (Ambitions of Power)."""
    return tables(game).leader_limit + game.state["data"]["roe"].get("leader_limit_bonus", {}).get(faction, 0)


def _raising_cards(game, faction: str) -> list[str]:
    """Action cards in the side's hand whose effect starts by raising the leader limit."""
    return sorted({c for c in hand(game, faction, "actions")
                   if (effect := api.content.action(game, c).effect) and effect[0].op == "raise_leader_limit"})


def _play_raising_card(game, faction: str, card: str) -> None:
    api.cards.take_from_hand(game, faction, "actions", card)
    game.log("action-played", faction=faction, card=card, leader=None)
    steps = [{"op": s.op, **s.params} for s in api.content.action(game, card).effect]
    # a card picturing no leader that can play it: the General decides (as the base game's ``actions._player``)
    run_effect(game, steps, {"faction": faction, "player": decider(game, faction, "general"), "card": card})


def limit_step(game, frame) -> None:
    if "choice" in frame:
        chosen = frame.pop("choice")["id"]
        if chosen.startswith("action:"):
            card = chosen.partition(":")[2]
            _play_raising_card(game, api.content.action(game, card).faction, card)
            return
        api.leaders.remove(game, chosen)
        game.log("leader-removed", faction=api.leaders.faction(game, chosen), leader=chosen, cause="leader limit")
    for faction in FACTIONS:
        leaders = api.leaders.pool(game, faction, spent=True)
        most = limit(game, faction)
        if len(leaders) <= most:
            continue
        player, own = _who_removes(game, faction, leaders)
        options = [{"id": f"action:{c}", "label": text(game, N_("Play {card}"), card=c)}
                   for c in _raising_cards(game, faction)]
        game.ask(player, "leader-limit",
                 options + [{"id": l, "label": text(game, N_("Remove {leader} from the game"), leader=l)} for l in own],
                 text(game, N_("More than {limit} leaders: choose one to leave the game ({n} to go)"), limit=most,
                      n=len(leaders) - most))
        return
    game.pop()


def check_later(game) -> None:
    after_current(game, STEP)


def over_limit(game) -> bool:
    """Whether a side has more leaders in its pool than its limit."""
    return any(len(api.leaders.pool(game, faction, spent=True)) > limit(game, faction) for faction in FACTIONS)


def on_event(game, event) -> None:
    if api.board.phase(game) != "setup" and over_limit(game):
        check_later(game)


STEPS = {STEP: limit_step}
