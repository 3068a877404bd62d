"""What each value of the base content's enumerated fields means in play, declared with the kinds
(``KindRegistry.reads``): ``rebellion validate`` refuses a value no enabled plugin's rules read (SW801: it would
validate and never play), docs/cards.md lists the timings from here, and tests/test_enum_consumers.py checks that
the content schemas accept exactly the values declared (a value added to a model without a rule reading it fails
there). Another plugin adds the values its own rules read (Rise of the Empire: Immediate objectives)."""

from __future__ import annotations

SIDE = {"empire": "the Galactic Empire", "rebel": "the Rebel Alliance"}
THEATER = {"space": "space: fought in the space battle, moved by ships' capacity (RB-CMB, RB-MOV)",
           "ground": "ground: fought in the ground battle, carried by ships (RB-CMB, RB-MOV)"}
SKILL = {skill: f"the {skill} icon: missions require it and roll a die for it (RB-MIS-28, RB-MIS-13)"
         for skill in ("diplomacy", "intelligence", "special-ops", "logistics")}
STAGE = {1: "stage I: the top of the objective deck (RB-OBJ-12)", 2: "stage II: under stage I (RB-OBJ-12)",
         3: "stage III: the bottom of the objective deck (RB-OBJ-12)"}

#: When an action card is played (RS-ACT-04..07), by timing word.
ACTION_TIMINGS = {
    "assignment": "played in the Assignment Phase instead of assigning a mission, with a leader it pictures from "
                  "the pool, whom the card places (RS-ASG-08, RS-ACT-04/08); a card picturing no leader is played "
                  "only at the moment its first `trigger` step names (False Orders)",
    "start-of-combat": "played once a combat has begun, after Add Leader, with a pictured leader in the system, or "
                       "where its first `trigger` step says (RS-ACT-05)",
    "immediate": "resolved as soon as it is gained, the Rebel first (RS-ACT-06)",
    "special": "played at the moment its first `trigger` step names, by the side asked there (RS-ACT-07); a few "
               "are offered by the rule they change instead (It Is Your Destiny by a rescue)",
}
#: When an objective is played (RB-OBJ-03..07), by timing word.
OBJECTIVE_TIMINGS = {
    "combat": "played during a combat once its conditions hold, at most one per combat (RB-OBJ-04/07, RB-CMB-11)",
    "start-of-refresh": "played just before Refresh step 1, at most one per Refresh Phase (RB-OBJ-06/07, RB-REF-02)",
    "refresh": "played at the end of the Refresh Phase, after its last step; it shares the phase's one objective with "
               "start-of-refresh (RB-OBJ-07)",
    "any-time": "played at the end of any phase (Assignment, Command or Refresh), at most one at each phase's end",
}

#: (kind, field path as in references) -> value -> what it means in play.
READS: dict[tuple[str, str], dict] = {
    ("units", "faction"): SIDE,
    ("units", "theater"): THEATER,
    ("units", "kind"): {
        "capital-ship": "a capital ship: carries units by its capacity; unit filters name it (RB-MOV-05)",
        "fighter": "a fighter: carried by capital ships (RB-MOV-05)",
        "station": "a station: never moves; fights in space (the Death Star, Shield Generator ...)",
        "ground-unit": "a ground unit that moves: carried by ships; unit filters name it",
        "structure": "a structure: a ground unit that never moves (Shield Generator, Ion Cannon)",
    },
    ("resources", "theater"): {"space": "builds space units (RB-BLD-02)", "ground": "builds ground units (RB-BLD-02)"},
    ("dice", "faces/*"): {
        "hit": "a hit: damage to a unit of the die's colour or lower (RB-CMB-05)",
        "direct-hit": "a direct hit: damage to any unit (RB-CMB-05)",
        "special": "a special: what a tactic card or ability makes of it (RB-TAC)",
        "blank": "nothing",
    },
    ("markers", "faction"): SIDE,
    ("time-tracks", "spaces/*/icons/*"): {"recruit": "recruiting in this Refresh Phase (RB-REF-08, RB-REC)",
                                          "build": "building in this Refresh Phase (RB-REF-09, RB-BLD)"},
    ("leaders", "faction"): SIDE,
    ("leaders", "skills/~"): SKILL,
    ("leaders", "role"): {"admiral": "controlled by the side's Admiral in team play (RB-TEAM-02)",
                          "general": "controlled by the side's General in team play (RB-TEAM-02)"},
    ("systems", "type"): {"populous": "populous: loyalty, subjugation, resources and probe cards (RB-SYS)",
                          "remote": "remote: no loyalty, never subjugated (RB-LOY-07, RB-SUB-11)"},
    ("systems", "fixed_loyalty"): {side: f"always loyal to {name} (Coruscant)" for side, name in SIDE.items()},
    ("missions", "faction"): SIDE,
    ("missions", "deck"): {"starting": "in hand from setup, back to hand after use (RB-MIS-26)",
                           "regular": "the side's mission deck (RB-MIS)",
                           "project": "the Imperial project deck (RB-PRJ)"},
    ("missions", "requires/~"): SKILL,
    ("missions", "mode"): {"attempt": "may be opposed; dice decide it (RB-MIS-05..10)",
                           "resolve": "happens without opposition or dice (RB-MIS-11)"},
    ("objectives", "stage"): STAGE,
    ("objectives", "timing"): OBJECTIVE_TIMINGS,
    ("actions", "faction"): SIDE,
    ("actions", "timing"): ACTION_TIMINGS,
    ("tactics", "faction"): {"empire": "only the Empire draws it, from its own deck of the theater (issue 31)",
                             "rebel": "only the Rebels draw it, from their own deck of the theater (issue 31)"},
    ("tactics", "theater"): {"space": "drawn for the space battle (RB-TAC-02)",
                             "ground": "drawn for the ground battle (RB-TAC-02)"},
    ("probes", "setup_loyalty"): {side: f"counts for {name} when starting loyalty is drawn (RB-SET-08)"
                                  for side, name in SIDE.items()},
    # A fixed placement's ``where``: Rise of the Empire places the Empire's (RE-SET-08); no rule reads the Rebel's.
    ("setups", "empire/fixed/*/where"): {},
    ("setups", "rebel/fixed/*/where"): {},
    ("setups", "objective_deck/*/stage"): STAGE,
}


def register(registry) -> None:
    """Declare every field above as read by the base game's rules (after its kinds are registered)."""
    for (kind, field), meanings in READS.items():
        registry.reads(kind, field, meanings)
