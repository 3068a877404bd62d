"""Setup with the expansion (RE-SET-01..11, RE-MSS-01..07, RE-CRD-01, RE-USE-01/02, RULINGS D-06).

* The objective deck is built from the ``rise-of-the-empire`` setup's stages whatever starting units are chosen
  (RE-SET-03, FAQ-134): the base step does the building, the ``"objective-deck"`` value says which stages.
* The base tactic decks go back to the box and each player gets his own advanced space and ground decks, never
  shuffled (RE-SET-04, RE-CIN-01/02): the step ``base.setup.tactics`` is overridden.
* Mission sets are chosen at the end of setup step 7, i.e. just before step 8 (loyalty) runs (RE-SET-05/06/11,
  RE-MSS-01..07): ``game.state["options"]["mission_sets"]`` is ``"first-game"`` (the default: Vader-icon and
  leader-icon missions only) or ``"choose"`` (each player secretly picks a card of his deck; both are revealed
  together). Starting missions and projects are other decks and are always kept.
* The alternative starting units (RE-SET-07..10) are the setup ``rise-of-the-empire`` (``options["setup"]``): its
  ``fixed`` placement (``chosen-remote-system``: the Death Star Under Construction with 4 TIE Fighters and a
  Stormtrooper in a remote system the Empire picks, whose probe card leaves the game) is made before the base step
  places the army, which may then also go to that system (``"starting-unit-systems"``). The Death Star on queue
  space 3 is the setup's ``build_queue``, which the base step reads.
* The replaced base cards (RE-CRD-01, FAQ-136) are the pack's ``replaces``: the catalog never holds the base ones.
"""

from __future__ import annotations

from swrebellion.expansions.base import api
from swrebellion.expansions.base.api.board import FACTIONS, decider
from swrebellion.expansions.base.api.content import game_setup as the_setup
from swrebellion.expansions.base.api.words import label, text
from swrebellion.i18n import N_

from .state import empty_state
from .tables import SETUP, THEATERS, deck_name, tables
from .vocabulary import OPTIONS

MISSION_SET_MODES = OPTIONS["mission_sets"][1]
DSUC = "death-star-under-construction"


def start(game) -> None:
    """The ``setup_game`` hook, after the base game's: options and the expansion's state."""
    options = game.state["options"]
    options.setdefault("mission_sets", "first-game")
    if options["mission_sets"] not in MISSION_SET_MODES:
        raise ValueError(f"unknown mission_sets option {options['mission_sets']!r}; use one of {MISSION_SET_MODES}")
    game.state["data"]["roe"] = empty_state()


# -- objective deck (RE-SET-03) and the starting systems (RE-SET-09) ---------------------------------------------


def objective_deck(game, value, context):
    """RE-SET-03, FAQ-134, RULINGS D-06: stage I 5 random cards, stages II and III Death Star Plans + 4 random."""
    setup = api.content.setup(game, SETUP)
    return setup.objective_deck if setup else None


def starting_unit_systems(game, value, context):
    """RE-SET-09: the Imperial army may also go to the system of the Death Star Under Construction."""
    extra = []
    for s, here in api.board.units_by_location(game).items():  # the DSUC: placed before the army (RE-SET-08)
        if here.get(DSUC) and s not in value:
            extra.append(s)
    return sorted(value + extra) if extra else None


# -- advanced tactic decks (RE-SET-04, RE-CIN-01/02) ---------------------------------------------------------------


def tactics_step(game, frame, inner) -> None:
    """Overrides ``base.setup.tactics``: the base tactic decks stay empty (their cards are in the box) and each
    player has his own space and ground decks, in card order, never shuffled; the owner's team may look at them."""
    for theater in THEATERS:
        api.cards.new_deck(game, f"tactics-{theater}", [])
    for (faction, theater), ids in sorted(tables(game).decks.items()):
        api.cards.new_deck(game, deck_name(faction, theater), list(ids), seen_by=faction)
    game.pop()


# -- mission sets (RE-SET-05/06/11, RE-MSS-01..07) -----------------------------------------------------------------


def _use_set(game, faction: str, expansion_set: bool, card: str | None) -> None:
    """The deck keeps the chosen set's cards (RE-MSS-03/04, ``tables.kept_in_set``, read once per rules), in order."""
    deck = api.cards.deck(game, f"missions-{faction}")
    keep = tables(game).set_missions[expansion_set]
    kept = [c for c in deck if c in keep]
    boxed = len(deck) - len(kept)
    api.cards.set_deck(game, f"missions-{faction}", kept)
    game.log("mission-set", faction=faction, set="rise-of-the-empire" if expansion_set else "base", card=card,
             boxed=boxed)


def mission_sets(game, frame) -> bool:
    """Apply the mission set choice; False while the players are choosing."""
    mode = game.state["options"].get("mission_sets", "first-game")
    if mode == "first-game":  # RE-SET-05, FAQ-137
        for faction in FACTIONS:
            _use_set(game, faction, True, None)
        return True
    if "sets" not in frame:  # RE-MSS-02, RE-MSS-07: each General picks a card in secret
        asks = []
        for faction in FACTIONS:
            ids = sorted(set(api.cards.deck(game, f"missions-{faction}")))
            options = [{"id": c, "label": text(game, N_("{card} (Vader icon)"), card=c) if _vader(game, c) else
                        label(game, c)} for c in ids]
            asks.append((decider(game, faction, "general"), "mission-set", options,
                         N_("Choose a card of your mission deck: a Vader-icon card selects the Rise of the Empire set")))
        game.ask_simultaneous(asks, key="sets")
        return False
    for faction in FACTIONS:  # RE-MSS-03..05, FAQ-133
        card = frame["sets"][decider(game, faction, "general")]["id"]
        _use_set(game, faction, _vader(game, card), card)
    return True


def _vader(game, card: str) -> bool:
    return api.content.mission(game, card).vader_icon


def loyalty_step(game, frame, inner) -> None:
    """Overrides ``base.setup.loyalty``: the mission sets are settled at the end of step 7, then step 8 runs."""
    if not frame.get("mission_sets_done"):
        if not mission_sets(game, frame):
            return
        frame["mission_sets_done"] = True
    inner(game, frame)


# -- the alternative starting units (RE-SET-07..10) -----------------------------------------------------------------


def empire_units_step(game, frame, inner) -> None:
    """Overrides ``base.setup.empire-units``: the setup's fixed placements first (RE-SET-08), then the base step."""
    fixed = the_setup(game).empire.fixed
    done = frame.setdefault("fixed_done", 0)
    if done < len(fixed):
        placement = fixed[done]
        if "fixed_choice" not in frame:
            remote = [s for s in sorted(api.board.systems(game)) if api.board.is_remote(game, s)]
            game.ask(decider(game, "empire", "admiral"), "fixed-placement",
                     [{"id": s, "label": label(game, s)} for s in remote],
                     text(game, N_("Choose the remote system of the {unit}"), unit="death-star-under-construction"),
                     key="fixed_choice")
            return
        where = frame.pop("fixed_choice")["id"]
        for unit, count in sorted(placement.units.items()):
            api.board.add_units(game, where, unit, count)
        probe = api.content.probe_card(game, where)
        if probe in api.cards.deck(game, "probes"):
            api.cards.remove_from_deck(game, "probes", probe)  # the system's probe card goes back to the box
        game.log("fixed-placement", faction="empire", system=where, units=dict(sorted(placement.units.items())),
                 probe_removed=probe)
        frame["fixed_done"] = done + 1
        return
    inner(game, frame)
