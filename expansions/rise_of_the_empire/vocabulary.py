"""What Rise of the Empire adds to the game's vocabulary, declared as data: the event types it logs (with what each
field means) and the decision kinds it asks (who is asked, and the form of its option ids). Fields not explained
here mean what the base game's ``FIELDS`` say. ``docs/reference.md`` is generated from these tables."""

from __future__ import annotations

from swrebellion.i18n import N_

#: Field name -> meaning, for fields the base game's glossary lacks.
FIELDS: dict[str, str] = {
    "marker": "a target marker id (`markers.yaml`)",
    "half": "which half of an advanced tactic card was used: `top` or `bottom`",
}

#: Event type -> (what happened, its fields, {field: meaning} where the glossaries do not say it).
EVENTS: dict[str, tuple[str, tuple[str, ...], dict[str, str]]] = {
    # setup (RE-SET, RE-MSS)
    "fixed-placement": ("a setup's fixed units placed (RE-SET-08)", ("faction", "system", "units", "probe_removed"),
                        {"probe_removed": "the system's probe card, back to the box"}),
    "mission-set": ("a side's mission set chosen (RE-MSS)", ("faction", "set", "card", "boxed"),
                    {"set": "the mission set", "card": "the set's card, if any",
                     "boxed": "how many cards went back in the box"}),
    # leaders (RE-LDR)
    "leader-removed": ("a leader left the game over the leader limit (RE-LDR-01/02, RULINGS D-10)",
                       ("faction", "leader", "cause"), {}),
    "leader-limit-raised": ("a side's leader limit raised by a card", ("faction", "limit", "card"),
                            {"limit": "the new limit"}),
    "leader-reroll": ("a leader's reroll in cinematic combat (RE-CIN)", ("faction", "theater", "up_to"),
                      {"up_to": "how many dice may be rerolled"}),
    "doomed": ("a unit marked to be destroyed by a card", ("faction", "unit", "card"), {}),
    # markers and Immediate objectives (RE-MRK, RE-IMM)
    "target-marker-placed": ("a target marker placed (RE-MRK-01)", ("marker", "system", "card"), {}),
    "target-marker-removed": ("a target marker removed (RE-MRK-02/03)", ("marker", "system", "card", "by", "cause"),
                              {"by": "the side that removed it"}),
    "target-marker-refresh": ("a marker's Refresh effect runs", ("marker", "system", "card"), {}),
    "objective-revealed": ("an Immediate objective revealed as drawn (RE-IMM-01)", ("card", "timing"),
                           {"card": "the objective"}),
    "objective-traded": ("an objective traded for reputation", ("card", "by", "reputation"),
                         {"card": "the objective", "reputation": "the reputation scored"}),
    "reputation-roll": ("a roll for reputation", ("card", "faces", "face", "hit"),
                        {"faces": "the faces that count", "face": "the face rolled", "hit": "whether it counted"}),
    # missions and Subversion
    "opposition-revealed": ("a Subversion card's opposing leaders revealed (RS-ROE-04)",
                            ("faction", "card", "leaders", "system", "against"), {"against": "the mission opposed"}),
    "round-end-effect": ("a card's end-of-round effect", ("faction", "card"), {}),
    "bounty-collected": ("the Bounty ring's wearer was captured: the Rebel loses reputation (Post Bounty)",
                         ("leader", "loss"), {"loss": "reputation lost"}),
    # probes
    "probe-hidden": ("a probe card hidden under a card (Sweep the Area)", ("faction", "card", "probe"),
                     {"probe": "the probe card (a secret of the Empire)"}),
    "probe-used": ("a hidden probe card used", ("faction", "card", "to", "system"), {}),
    "probes-returned": ("probe cards put back into the deck", ("faction", "count", "where", "card"),
                        {"where": "`top` or `bottom`"}),
    # cinematic combat (RE-CIN)
    "advanced-tactics-revealed": ("both sides reveal their advanced tactic cards", ("theater", "cards"),
                                  {"cards": "side -> the card played"}),
    "advanced-tactic-used": ("half of an advanced tactic card resolved", ("faction", "card", "half", "additional"),
                             {"card": "the tactic card", "additional": "true for an additional card"}),
    "advanced-tactic-unused": ("an advanced tactic card had no effect", ("faction", "card"),
                               {"card": "the tactic card"}),
    "advanced-tactic-extra": ("an additional advanced tactic card played", ("faction", "card", "theater"),
                              {"card": "the tactic card"}),
    "advanced-tactic-shown": ("an advanced tactic card shown", ("faction", "theater", "card"),
                              {"card": "the tactic card"}),
    "attack-order": ("who attacks last in a battle", ("theater", "last", "card"), {"last": "the side last"}),
    "cancel-ignored": ("a cancel had no effect", ("faction", "card", "reason"), {}),
    "tactic-cancelled": ("an advanced tactic card cancelled", ("faction", "card", "by"), {"card": "the tactic card"}),
    "tactic-forbidden": ("a side may play no tactic card", ("faction", "theater"), {}),
    "tactic-removed": ("an advanced tactic card removed from the game", ("faction", "card"),
                       {"card": "the tactic card"}),
    "tactic-returned": ("an advanced tactic card back to its deck", ("faction", "theater", "card", "cause"),
                        {"card": "the tactic card"}),
    "tactics-recovered": ("discarded advanced tactic cards back into their deck (Prepare for Battle)",
                          ("faction", "theater", "cards", "card"), {}),
    "tactics-recycled": ("a deck's discards returned once its last card was played (RE-CIN-07)",
                         ("faction", "theater", "count"), {}),
    "tactics-arranged": ("the top of a tactic deck put back in a chosen order (Prepare for Battle)",
                         ("faction", "theater", "to_top", "to_bottom", "card"),
                         {"to_top": "how many went back on top", "to_bottom": "how many to the bottom"}),
    "prevented": ("dice results prevented", ("faction", "theater", "dice"), {"dice": "the dice prevented"}),
    "damage-removed": ("damage removed from a unit", ("unit", "amount", "cause"), {}),
    "protected": ("a unit protected from destruction (Shield Bunker, RE-UNT-02)", ("unit", "system", "by"),
                  {"by": "the unit type protecting it"}),
}

#: Decision kind -> (who is asked and about what, the form of its option ids).
DECISIONS: dict[str, tuple[str, str]] = {
    "mission-set": ("each General picks a mission set, in secret (RE-MSS-07)", "a mission set id"),
    "fixed-placement": ("where a setup's fixed units go (RE-SET-08)", "a system id"),
    "leader-limit": ("which leader of the side's pool leaves the game over the limit, or an action card raising it "
                     "(RE-LDR, D-10)", "a leader id, or `action:<card>`"),
    "place-target-marker": ("where a target marker goes (RE-MRK-01)", "a system id"),
    "remove-target-marker": ("whether to remove a target marker (RE-MRK-02)", "`remove` or `keep`; for a card's "
                             "removal, the marker's index"),
    "advanced-tactic": ("the advanced tactic card to play in a battle (RE-CIN)", "an advanced tactic card id"),
    "additional-tactic": ("an additional advanced tactic card", "an advanced tactic card id"),
    "tactic-ability": ("which half of an advanced tactic card to use", "`top`, `bottom`, or `none`"),
    "tactic-damage": ("a unit for an advanced tactic card's damage", "`<unit type>:<index>`"),
    "redirect-damage": ("move damage onto another unit", "`onto:<index>`, or `done`"),
    "shield-generator": ("use a shield generator", "the card's options"),
    "shed-damage": ("damage to remove from a unit", "the card's options"),
    "return-tactic": ("a tactic card to return to its deck", "an advanced tactic card id"),
    "arrange-tactics": ("where each of the top tactic cards goes (Prepare for Battle)",
                        "`top:<index>` or `bottom:<index>`"),
    "reveal-opposition": ("a Subversion card to reveal against a mission (RS-ROE-04)", "an index, or `none`"),
    "trade-objective": ("trade an objective for reputation", "an objective card id, or `keep`"),
    "hide-probe": ("a probe card to hide under a card", "a probe card id"),
    "use-hidden-probe": ("use a hidden probe card", "`use` or `keep`"),
    "probes-back": ("where returned probe cards go", "`top` or `bottom`"),
    "capture-leader": ("an opposing leader an advanced tactic card captures", "a leader id"),
    "tactic-destroy": ("a unit an advanced tactic card destroys", "a unit type id (or `<unit type>:<index>`)"),
}


#: Game options -> (what each changes, its values, the default); the CLI and the server offer them by these words.
#: ``mission_sets``: RE-MSS-01..07.
OPTIONS: dict[str, tuple[str, tuple[str, ...], str]] = {
    "mission_sets": (N_("the mission sets: first-game plays the Vader-icon and leader-icon missions only; "
                        "choose: each player secretly picks a set of his deck"), ("first-game", "choose"), "first-game"),
}
