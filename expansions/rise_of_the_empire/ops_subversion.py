"""Rise of the Empire cards that answer a mission's outcome (issue 7): the Bounty ring of Post Bounty.

Post Bounty (card-effects-actions-tactics.md §3) is data: a ``trigger`` at the base rules' ``mission-failed``
moment, then ``attach_ring`` (``among: answered``) with the ``bounty-ring`` marker. What the ring does is here
(:func:`on_event`): capturing its wearer replaces it with the captured ring (RS-CAP-03, the base rules log
``ring-replaced`` with ``by: captured``), and that costs the Rebel 1 reputation.

Aggressive Negotiations needs no op: its ``failure`` steps (``MissionCard.failure``) are run by the base rules'
``failure`` mission stage.
"""

from __future__ import annotations

from swrebellion.expansions.base import board
from swrebellion.expansions.base.ops_conditions import OpTable
from swrebellion.expansions.base.ops_empire import _track_end

OPS: OpTable = {}

BOUNTY = "bounty-ring"
BOUNTY_LOSS = 1  # reputation the Rebel loses when the ringed leader is captured
EVENTS = ("ring-replaced",)


def on_event(game, event) -> None:
    """The Bounty ring's wearer is captured: the Rebel loses 1 reputation (a loss stops at the end of the time
    track, RB-REP-05). Any other ring replacing it just ends it (RS-ACT-13)."""
    if event.get("ring") != BOUNTY or event.get("by") != "captured":
        return
    loss = min(BOUNTY_LOSS, _track_end(game) - game.state["data"]["reputation"])
    game.log("bounty-collected", leader=event["leader"], loss=loss)
    if loss:
        board.change_reputation(game, -loss, cause="post-bounty")


def register(registry) -> None:
    for name, (params, handler, _) in OPS.items():
        registry.register(name, params, handler)
