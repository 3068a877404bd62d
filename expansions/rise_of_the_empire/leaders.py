"""The leader limit (RE-LDR-01/02, FAQ-118): whenever a side would have more than 8 leaders in play, it chooses
which stay and the others leave the game.

"In his pool" is read as every leader the side has in play and free: in the pool, on the board or on a mission
card (they all come back to the pool at Refresh step 1); captured leaders are the Empire's prisoners and are
counted again once rescued. RULINGS D-10: the check runs after every event that can raise the count
(:data:`TRIGGERS`): a recruit, a rescue, a leader changing sides (a ring attached or replaced: Lure of the Dark
Side), a leader replaced or placed from the supply, and the end of setup.
In team play the limit is per team and the excess leaves the pool of the teammate who holds more (leaders belong
to the role printed on them); a leader sitting on a face-down mission card is only removed when nobody else can be.
A side over its limit may first play an action card whose effect raises it (``raise_leader_limit``: Ambitions of
Power), which the limit check offers; the raise is kept per side in ``roe.leader_limit_bonus``.
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
TRIGGERS = ("recruited", "rescued", "ring-attached", "ring-replaced", "leader-replaced", "leader-placed",
            "setup-complete")
OUT_OF_PLAY = ("supply", "gone")


def leaders_in_play(game, faction: str) -> list[str]:
    leaders = api.leaders.states(game)
    return [lid for lid in sorted(leaders) if _in_play(game, lid, leaders[lid]) and _faction(game, lid) == faction]


def _in_play(game, lid: str, info: dict) -> bool:
    """Neither in the supply nor out of the game, and not captured: what counts toward the leader limit."""
    return info["at"] not in OUT_OF_PLAY and not api.leaders.is_captured(game, lid)


def _faction(game, lid: str) -> str:
    return api.leaders.faction(game, lid)  # a lured leader serves the Empire (RS-CAP-09)


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
        game.log("leader-removed", faction=_faction(game, chosen), leader=chosen, cause="leader limit")
    for faction in FACTIONS:
        leaders = leaders_in_play(game, faction)
        most = limit(game, faction)
        if len(leaders) <= most:
            continue
        player, own = _who_removes(game, faction, leaders)
        free = [l for l in own if api.leaders.state(game, l)["at"] != "mission"] or own
        options = [{"id": f"action:{c}", "label": text(game, N_("Play {card}"), card=c)}
                   for c in _raising_cards(game, faction)]
        game.ask(player, "leader-limit",
                 options + [{"id": l, "label": text(game, N_("Remove {leader} from the game"), leader=l)} for l in free],
                 text(game, N_("More than {limit} leaders: choose one to leave the game ({n} to go)"), limit=most,
                      n=len(leaders) - most))
        return
    game.pop()


def check_later(game) -> None:
    after_current(game, STEP)


def over_limit(game) -> bool:
    """Whether a side has more leaders in play (:func:`leaders_in_play`) than its limit. Asked after every event that
    can raise the count, so the leaders are counted side by side over those printed for each (read once per rules),
    out-of-play ones passed over first and :func:`_in_play` and :func:`_faction` written out for the many who wear
    no ring: they are neither captured nor lured (RS-CAP-09), so they serve the side printed on them."""
    leaders = api.leaders.states(game)
    t = tables(game)
    counts = dict.fromkeys(FACTIONS, 0)
    for faction, printed in t.printed_sides:
        n = 0
        for lid in printed:
            info = leaders[lid]
            if info["at"] in OUT_OF_PLAY:
                continue
            if info["ring"] is None:
                n += 1
            elif not api.leaders.is_captured(game, lid):
                counts[_faction(game, lid)] += 1
        counts[faction] += n
    for faction, n in counts.items():
        if n > limit(game, faction):
            return True
    return False


def on_event(game, event) -> None:
    if api.board.phase(game) != "setup" and over_limit(game):
        check_later(game)


STEPS = {STEP: limit_step}
