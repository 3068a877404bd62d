"""Every named moment of the base game, in one declaration: the moments of the rules where other expansions add
steps (``registry.at(moment, step)``), the windows where Special action cards may be played, and the moments a
``later`` effect may wait for. Each :class:`Moment` says when it is reached and what the state holds, whether the
rules reach it as a step (``rule``), whether cards may be played there and which side is asked (``cards``), and
whether a ``later`` effect may wait for it (``later``, the words the account uses).

The base rules reach a rule moment with ``game.moment(name, **locals)``; the steps added to it run then, in
dependency order, each in a frame holding ``moment`` and these locals. docs/hooks.md's list is generated from the
rule moments. Moments are reached by the step that *calls* the part of the rules they surround (the round, the
combat, the combat round), so a plugin wrapping that part's step cannot skip them. A card window is opened by
``rules.actions.window`` for the sides its ``cards`` names; its name is the one cards write in their ``trigger``. A
rule moment becomes a card window by its declaration alone: the base game's one step at rule moments
(``flow.later_step``, added at each of :data:`STEPPED`) opens its window, then runs the ``later`` effects waiting
for it. The hyphenated windows are opened by hand inside the rules' steps, at points no rule moment marks (before
the dice, a capture, after a mission's failure steps) or right after one, once its steps and ``later`` effects have
run (``mission-revealed`` after ``mission.revealed``, ``mission-success`` after ``mission.succeeded``,
``battle-won`` after ``battle.won``, ``retreat`` after ``combat.retreat``: their ``when`` says so).

Why two names there rather than one (issue 31 asked for one vocabulary of moments): those four windows would be
the rule moments' own only if the window came after the moment's ``later`` effects and other plugins' steps, where
a declared window is opened first; and the hyphenated names are in the built-in cards, the fans' packs, the agents
and the narration. Renaming them is a separate change, with the old names kept as deprecated aliases.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from swrebellion.i18n import N_

SYSTEM = {"system": "the system"}
COMBAT = {"system": "the combat's system; `data['combat']` holds the combat (`api.combat.state`)"}
MISSION = {"faction": "the side carrying it out", "card": "the mission card", "leaders": "its leaders",
           "system": "where it takes place (`None` for a card that acts nowhere)"}

#: Who is asked to play cards at a card window.
Asked = Literal["acting", "other", "both"]
ASKED: dict[str, str] = {
    "acting": "the side the moment is about (revealing, rolling, winning, whose mission succeeded, whose turn or "
              "activation it is)",
    "other": "the other side (the one answering a mission revealed or a retreat)",
    "both": "both sides, one after the other: the current player first (the Rebel when no one is); at a capture, "
            "the side whose leader is about to be captured",
}


@dataclass(frozen=True)
class Moment:
    """A named moment. ``when``: when it is reached and what the state holds; ``state``: a rule moment's frame
    locals; ``rule``: reached as a step (plugins add steps there); ``cards``: Special cards may be played here and
    who is asked (:data:`ASKED`), with ``prompt`` the question a player reads; ``later``: a ``later`` effect may
    wait for it, in these words; ``sided``: it belongs to one side (its ``faction`` local), so a ``later`` effect
    may wait for that side's only; ``sides``: at a card window, the sides the rules may ask there (a card of
    another side naming it would never be offered: ``rebellion validate`` refuses it, SW803)."""

    when: str
    state: dict[str, str] = field(default_factory=dict)
    rule: bool = True
    cards: Asked | None = None
    prompt: str | None = None
    later: str | None = None
    sided: bool = False
    sides: tuple[str, ...] = ("rebel", "empire")


def _window(when: str, cards: Asked, prompt: str, sides: tuple[str, ...] = ("rebel", "empire")) -> Moment:
    """A card window that is no rule moment (the rules open it inside a step)."""
    return Moment(when, rule=False, cards=cards, prompt=prompt, sides=sides)


#: Every moment of the base game, by name: the rule moments (dotted names) and the card windows (hyphenated, the
#: names cards write in their ``trigger``).
MOMENTS: dict[str, Moment] = {
    "assignment.start": Moment("the Assignment Phase begins: `data['phase']` is 'assignment', the round counter has "
                               "moved on (RB-RND-01)", later=N_("start of the Assignment Phase"), cards="both",
                               prompt=N_("Play an action card at the start of the Assignment Phase?")),
    "mission.assigned": Moment("in the Assignment Phase, a seat laid a mission card face down with its leaders "
                               "(RS-ASG-02), before it is asked for the next one; the card is hidden from the other "
                               "side (never log it in the open). Missions a card's effect assigns reach no moment: "
                               "react to the `assigned` event for every assignment",
                               {"faction": "the side that assigned it", "role": "the team role (None in a 2-player "
                                "game)", "card": "the mission card", "leaders": "its leaders"}),
    "assignment.end": Moment("both sides have assigned and the Assignment-end cards are played",
                             later=N_("end of the Assignment Phase")),
    "command.start": Moment("the Command Phase begins, before the first turn: `data['current']` is 'rebel' "
                            "(RB-RND-03)", later=N_("start of the Command Phase"), cards="both",
                            prompt=N_("Play an action card at the start of the Command Phase?")),
    "command.turn-start": Moment("a Command Phase turn begins, before its player is asked for the action "
                                 "(`data['current']`, `data['seat_role']` say whose turn it is)",
                                 {"faction": "whose turn", "role": "the team role (None in a 2-player game)"},
                                 later=N_("start of a Command Phase turn"), sided=True, cards="acting",
                                 prompt=N_("Play an action card at the start of your turn?")),
    "command.turn-end": Moment("the action of a Command Phase turn is over (or the player passed)",
                               {"faction": "whose turn it was", "role": "the team role"},
                               later=N_("end of a Command Phase turn"), sided=True, cards="acting",
                               prompt=N_("Play an action card at the end of your turn?")),
    "command.end": Moment("every player has passed; before the end-of-Command effects and unrevealed missions go "
                          "back to hand (RB-CMD-05)", later=N_("end of the Command Phase"), cards="both",
                          prompt=N_("Play an action card at the end of the Command Phase?")),
    "refresh.start": Moment("the Refresh Phase begins, before the start-of-Refresh objective (RB-REF-01)",
                            later=N_("start of the Refresh Phase"), cards="both",
                            prompt=N_("Play an action card at the start of the Refresh Phase?")),
    "refresh.objective": Moment("before the start-of-Refresh objective, played before step 1 (RB-REF-02)",
                               cards="both", prompt=N_("Play an action card before the start-of-Refresh objective?")),
    "refresh.retrieve-leaders": Moment("before Refresh step 1, leaders go back to the pools (RB-REF-03)",
                                      cards="both", prompt=N_("Play an action card before the leaders are retrieved?")),
    "refresh.draw-missions": Moment("before Refresh step 2, mission cards are drawn (RB-REF-04)",
                                   cards="both", prompt=N_("Play an action card before the mission cards are drawn?")),
    "refresh.probes": Moment("before Refresh step 3, the Empire draws probe cards (RB-REF-08)",
                            cards="both", prompt=N_("Play an action card before the probe droids are launched?")),
    "refresh.draw-objective": Moment("before Refresh step 4, the Rebel draws an objective (RB-REF-09)",
                                    cards="both", prompt=N_("Play an action card before the objective card is drawn?")),
    "refresh.advance-time": Moment("before Refresh step 5, the time marker advances (RB-REF-10)",
                                  cards="both", prompt=N_("Play an action card before the time marker advances?")),
    "refresh.recruit": Moment("in Refresh step 5, before recruiting, on a time space showing its icon "
                              "(RB-REF-10, RB-REC)",
                             cards="both", prompt=N_("Play an action card before the recruiting step?")),
    "refresh.build": Moment("in Refresh step 5, before building, on a time space showing its icon (RB-REF-10, RB-BLD)",
                           cards="both", prompt=N_("Play an action card before the building step?")),
    "refresh.deploy": Moment("before Refresh step 6, units are deployed (RB-REF-12, RB-BLD-05)",
                            cards="both", prompt=N_("Play an action card before units are deployed?")),
    "refresh.end": Moment("the Refresh Phase is over; the next round follows", later=N_("end of the Refresh Phase"),
                          cards="both", prompt=N_("Play an action card at the end of the Refresh Phase?")),
    "mission.revealed": Moment("a mission card is face up, its target steps chose where it takes place and its "
                               "leaders are there; before the opponent opposes (RB-MIS-01..05)", MISSION,
                               later=N_("next reveal of a mission"), sided=True),
    "mission.succeeded": Moment("a mission succeeded and its effect is over; before the cards answering a success "
                                "(RB-MIS-21)", MISSION, later=N_("next success of a mission"), sided=True),
    "mission.failed": Moment("a mission attempt failed; before the card's own failure steps (RB-MIS-10)", MISSION,
                             later=N_("next failure of a mission"), sided=True),
    "activation.before-move": Moment("a system is activated and the leader is in it; no unit has moved yet "
                                     "(RB-MOV-01)",
                                     {**SYSTEM, "faction": "the side activating", "leader": "its leader"},
                                     cards="acting",
                                     prompt=N_("Play an action card before units move into the activated system?")),
    "activation.after-move": Moment("every unit of the activation has moved; before the base reveal and the combat "
                                    "(RB-BAS-11, RB-MOV-02)", {**SYSTEM, "faction": "the side activating",
                                                               "origins": "the systems units came from"},
                                    later=N_("end of an activation's movement"), sided=True, cards="acting",
                                    prompt=N_("Play an action card now that your units have moved in?")),
    "combat.start": Moment("a combat has begun: leaders added, Start of Combat cards played, tactic cards drawn; "
                           "before its first round (RS-CMB-04..08)", COMBAT, later=N_("start of a combat"),
                           cards="both",
                           prompt=N_("Play an action card now that the combat has begun, before its first round?")),
    "combat.round-start": Moment("a combat round begins, before its space battle (`data['combat']['round']`)",
                                 COMBAT, cards="both",
                                 prompt=N_("Play an action card at the start of the combat round?")),
    "battle.start": Moment("a space or ground battle step begins, before its attacks (RS-CMB-11/12)",
                           {**COMBAT, "theater": "'space' or 'ground'"}, cards="both",
                           prompt=N_("Play an action card before the battle's attacks?")),
    "battle.end": Moment("a battle step's attacks are over and its set-aside units destroyed (RS-ATK-08)",
                         {**COMBAT, "theater": "'space' or 'ground'"}, cards="both",
                         prompt=N_("Play an action card now that the battle's attacks are over?")),
    "battle.won": Moment("a side won a battle of this combat (RS-BTL-01..03); before the combat objectives",
                         {**COMBAT, "theater": "'space' or 'ground'", "winner": "the side that won"}),
    "combat.retreat": Moment("a side's units and leader retreated (RB-RET); before the other side's cards "
                             "answering it", {**COMBAT, "faction": "the side that retreated", "to": "where to"}),
    "combat.round-end": Moment("a combat round's retreats and end-of-round checks are over (RS-CMB-13..18)", COMBAT,
                                cards="both", prompt=N_("Play an action card at the end of the combat round?")),
    "combat.end": Moment("the combat's last round and its objectives are over; before the tactic cards are shuffled "
                         "back and `data['combat']` is cleared (RS-END-02/03)", COMBAT, later=N_("end of a combat"),
                         cards="both", prompt=N_("Play an action card at the end of the combat?")),
    "combat.over": Moment("a combat is over and cleared: the `combat-end` event is logged, the tactic cards are "
                          "back in their decks and `data['combat']` is `None` (RS-END-02/03); what a plugin says of "
                          "the combat's consequences comes after \"The combat in X is over\"",
                          {"system": "the combat's system", "battles": "theater -> the side that won its battle"}),
    "mission-reveal": _window("just before a mission is revealed (Blindside)", "acting",
                              N_("Play an action card before the mission is revealed?")),
    "mission-revealed": _window("once the other side's mission is revealed and has its target, before opposition: "
                                "the side may answer it (``stop_mission`` with ``how: cancel``); right after the "
                                "rule moment ``mission.revealed``", "other",
                                N_("Play an action card now that the other side's mission is revealed?")),
    "mission-attempt": _window("when a mission is attempted, after opposition and before dice (Undercover, Wookiee "
                               "Guardian)", "both",
                               N_("Play an action card now that the mission is attempted, before the dice?")),
    "before-roll": _window("before a side rolls in a mission, a combat attack or Death Star Plans (One in a Million)",
                           "acting", N_("Play an action card before the dice are rolled?")),
    "mission-success": _window("once a mission has succeeded and its effect is over (Son of Skywalker); right after "
                               "the rule moment ``mission.succeeded``", "acting",
                               N_("Play an action card now that the mission has succeeded?")),
    "mission-failed": _window("once a mission attempt has failed and its failure steps are over (Post Bounty)",
                              "both", N_("Play an action card now that the mission has failed?")),
    "capture": _window("when a leader would be captured (Noble Sacrifice): only Rebel leaders are captured "
                       "(RB-MIS-29), and the Empire capturing him is asked too (its cards answering a capture)", "both",
                       N_("Play an action card before the leader is captured?")),
    "battle-won": _window("after the side wins a space or ground battle, before combat objectives (``combat``); "
                          "right after the rule moment ``battle.won``",
                          "acting", N_("Play an action card now that the battle is won?")),
    "retreat": _window("just after the other side's units retreat from a combat (Track Them); right after the rule "
                       "moment ``combat.retreat``", "other",
                       N_("Play an action card now that the other side's units have retreated?")),
    "assignment-end": _window("at the end of the Assignment Phase, once both sides have assigned "
                              "(``missions.assignment_step``)", "both",
                              N_("Play an action card at the end of the Assignment Phase?")),
}

#: The rule moments: name -> (when it is reached and what the state holds, {frame local: meaning}).
RULE_MOMENTS: dict[str, tuple[str, dict[str, str]]] = {
    name: (m.when, m.state) for name, m in MOMENTS.items() if m.rule}
#: The card windows Special cards answer (``trigger`` op): name -> when.
CARD_WINDOWS: dict[str, str] = {name: m.when for name, m in MOMENTS.items() if m.cards}
#: Who is asked at each card window: name -> :data:`ASKED`'s words.
ASKED_AT: dict[str, str] = {name: ASKED[m.cards] for name, m in MOMENTS.items() if m.cards}
#: The sides the rules may ask at each card window: name -> sides.
SIDES_AT: dict[str, tuple[str, ...]] = {name: m.sides for name, m in MOMENTS.items() if m.cards}
#: The rule moments where the base game's own step runs (``flow.later_step``): there it opens the moment's card
#: window, if it is one, and runs the ``later`` effects waiting for it, if any may.
STEPPED: tuple[str, ...] = tuple(name for name, m in MOMENTS.items() if m.rule and (m.cards or m.later))
#: The moments a ``later`` effect may wait for: name -> the account's words for them.
LATER_MOMENTS: dict[str, str] = {name: m.later for name, m in MOMENTS.items() if m.later}
#: The moments a ``later`` effect may wait for one side's turn, mission or activation of (``later``'s ``side``).
SIDED_MOMENTS: tuple[str, ...] = tuple(name for name, m in MOMENTS.items() if m.later and m.sided)


def register(registry) -> None:
    for name, (doc, state) in RULE_MOMENTS.items():
        registry.declare_moment(name, doc, state)
