"""Rise of the Empire's section of the state: ``game.state["data"]["roe"]`` (declared as ``EXPANSION.state``).

The expansion writes only here; what it changes of the base game's state (a leader removed, a deck set up, a
combat's own part) goes through the base game's API (tests/test_state_ownership.py). docs/state.md lists these keys
beside the base game's, generated from the ``TypedDict``\\ s below.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class Marker(TypedDict):
    """``data["roe"]["markers"][n]``: a target marker on the board (RE-MRK-01..04)."""

    marker: str
    """The marker kind (``markers.yaml``)."""
    system: str
    """Where it is."""
    card: str
    """The card that placed it."""
    faction: str
    """The side that owns it."""
    on_removal: list[dict[str, Any]]
    """The effect steps its removal by the other side triggers (RE-MRK-02)."""


class Deployed(TypedDict):
    """``data["roe"]["deployed"]``: this round's deployments, for the Shield Bunker's limit (RE-UNT-04)."""

    round: int
    """The round counted."""
    to: dict[str, int]
    """System -> units deployed there that round."""


class HiddenProbe(TypedDict):
    """``data["roe"]["hidden_probes"][n]``: a probe card kept face down under an action card (Secret Facility)."""

    card: str
    """The action card keeping it."""
    faction: str
    """The side keeping it."""
    probe: dict[str, Any]
    """The probe card, seen by that side only."""
    use: str
    """When it may be used (the start of a turn, or the end of the Command Phase)."""
    to: str
    """Where the probe card goes once used: ``hand`` or ``deck-top``."""
    steps: list[dict[str, Any]]
    """The effect steps run in the probe card's system when it is used."""


class RoeData(TypedDict):
    """What Rise of the Empire keeps between decisions."""

    markers: list[Marker]
    """The target markers on the board (RE-MRK), in the order placed."""
    immediate: list[str]
    """The Immediate objectives in play (RE-IMM-03). E.g. ``/data/roe/immediate``."""
    bunker_arrivals: dict[str, list[int]]
    """System -> ``[round, Shield Bunkers deployed there that round]`` (RE-UNT-04)."""
    deployed: Deployed
    """This round's deployments per system (RE-UNT-04)."""
    removed_tactics: list[str]
    """Advanced tactic cards out of the game (Confrontation)."""
    hidden_probes: NotRequired[list[HiddenProbe]]
    """Probe cards kept face down under action cards (Secret Facility, Sweep the Area, Under the Radar)."""
    leader_limit_bonus: NotRequired[dict[str, int]]
    """Side -> how much its leader limit was raised (Ambitions of Power; RE-LDR-01)."""


class CinematicCombat(TypedDict):
    """``data["combat"]["cinematic"]``: the cinematic combat's own state (RE-CIN), gone with the combat."""

    effects: list[dict[str, Any]]
    """Advanced tactic effects on one side for one round of a battle."""
    played: dict[str, dict[str, Any]]
    """``{round}-{theater}`` -> side -> the card it played there: ``{"card", "cancelled", "resolved"}``."""
    round_end: list[dict[str, Any]]
    """Effects kept for the end of a round."""
    doomed: list[str]
    """Units destroyed at the end of the card step."""
    attack_last: dict[str, str]
    """Theater -> the side that attacks last there for the rest of the combat (a card changed the order)."""
    retreat_round: dict[str, int]
    """Side -> the round it retreated in."""


class CombatParts(TypedDict):
    """What the expansion keeps in the base game's combat (``api.combat.part``)."""

    cinematic: NotRequired[CinematicCombat]
    """The cinematic combat's state."""


class AttackParts(TypedDict):
    """What the expansion keeps in the attack in progress (``api.combat.attack_part``, ``api.combat.mark_attack``)."""

    prevented: NotRequired[list[str]]
    """The dice a card prevented, once the prevention was applied (RE-CIN-13/14)."""
    rerolled: NotRequired[bool]
    """The attacker's leaders rerolled dice in this attack."""


#: The expansion's parts of the base game's state, by where they live: given through the base API (the base game
#: hands a plugin its own part of the combat and of the attack) and listed in docs/state.md.
PARTS = {"/data/combat": CombatParts, "/data/combat/attack": AttackParts}


class RoeSection(TypedDict):
    """The keys of ``game.state["data"]`` Rise of the Empire owns: one, ``roe``."""

    roe: RoeData
    """Everything the expansion keeps between decisions (absent in a game without it)."""


def empty_state() -> RoeData:
    """The section as a game starts."""
    return {
        "markers": [],
        "immediate": [],
        "bunker_arrivals": {},
        "deployed": {"round": 0, "to": {}},
        "removed_tactics": [],
    }


def roe(game: Any) -> RoeData:
    """The expansion's section of ``game``'s state."""
    section: RoeData = game.state["data"]["roe"]
    return section


def has_section(game: Any) -> bool:
    """Whether the game holds the expansion's section (a scenario built before its setup ran may not)."""
    return "roe" in game.state["data"]
