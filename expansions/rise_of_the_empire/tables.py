"""What the Rise of the Empire rules read from the content, indexed once per set of enabled packs (shared by every
copy of a game through ``Rules.cache``, like the base game's tables)."""

from __future__ import annotations

from dataclasses import dataclass

from swrebellion.expansions.base import api

#: The setup whose objective deck, leader limit and fixed placements the expansion's rules use (RE-SET-03, RE-LDR-01).
SETUP = "rise-of-the-empire"
THEATERS = ("space", "ground")
#: Ops whose use makes an ability a "cancel" for the order of resolution (RE-CIN-20, RS-ROE-10; Escape Plan, JC-X).
CANCEL_OPS = frozenset({"cancel_tactic"})


@dataclass(frozen=True)
class Ability:
    steps: tuple
    cancel: bool


@dataclass(frozen=True)
class AdvancedCard:
    """An advanced tactic card (RE-CIN): its theater, the units its top ability needs (RE-CIN-04), both abilities."""

    id: str
    faction: str
    theater: str
    units: tuple[str, ...]
    top: Ability
    bottom: Ability

    def ability(self, half: str) -> Ability:
        return self.top if half == "top" else self.bottom


@dataclass(frozen=True)
class Tables:
    cards: dict[str, AdvancedCard]
    decks: dict[tuple[str, str], tuple[str, ...]]  # (faction, theater) -> card ids, in id order
    marker_faction: dict[str, str]
    marker_supply: dict[str, int]
    leader_limit: int
    small_icons: dict[str, dict[str, int]]  # leader -> his small icons (secondary skills, RE-SKL-01), read-only
    immediate: frozenset[str]  # the Immediate objectives (``timing: immediate``, RE-IMM-01)
    set_missions: dict[bool, frozenset[str]]  # the expansion's set (True) or the base set -> the missions it keeps


def kept_in_set(card, expansion_set: bool) -> bool:
    """RE-MSS-03/04, RS-ROE-11: the expansion set keeps Vader-icon and leader-icon (portrait) cards; the base set
    keeps every card without the Vader icon."""
    if expansion_set:
        return card.vader_icon or bool(card.portrait)
    return not card.vader_icon


def _ability(model) -> Ability:
    steps = tuple(step.model_dump() for step in model.effect)
    return Ability(steps, any(step["op"] in CANCEL_OPS for step in steps))


def build(game) -> Tables:
    content = game.rules.content
    cards = {
        c.id: AdvancedCard(c.id, c.faction, c.theater, tuple(c.units), _ability(c.top), _ability(c.bottom))
        for c in content.items("advanced-tactics").values()
    }
    decks: dict[tuple[str, str], list[str]] = {}
    for card in sorted(cards.values(), key=lambda c: c.id):
        decks.setdefault((card.faction, card.theater), []).append(card.id)
    markers = content.items("markers")
    missions = content.items("missions").values()
    setup = api.content.setup(game, SETUP)
    return Tables(
        cards=cards,
        decks={key: tuple(ids) for key, ids in decks.items()},
        marker_faction={m.id: m.faction for m in markers.values()},
        marker_supply={m.id: m.supply for m in markers.values()},
        leader_limit=(setup.leader_pool_limit if setup and setup.leader_pool_limit else 8),
        small_icons={lid: api.content.leader(game, lid).secondary_skills or {} for lid in content.items("leaders")},
        immediate=frozenset(c.id for c in content.items("objectives").values() if c.timing == "immediate"),
        set_missions={chosen: frozenset(m.id for m in missions if kept_in_set(m, chosen)) for chosen in (True, False)},
    )


def tables(game) -> Tables:
    cache = game.rules.cache
    if "rise-of-the-empire" not in cache:
        cache["rise-of-the-empire"] = build(game)
    return cache["rise-of-the-empire"]


def deck_name(faction: str, theater: str) -> str:
    """The name of a player's own advanced tactic deck (RE-CIN-01); its discard pile has the same name."""
    return f"advanced-tactics-{faction}-{theater}"
