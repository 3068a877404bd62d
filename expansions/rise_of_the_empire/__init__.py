"""*Rise of the Empire* as a plugin: cinematic combat, new units, leaders and cards (content/rise-of-the-empire).

Every hook the expansion implements is in this file; each delegates to the module that holds the rules:
``setup`` (RE-SET, RE-MSS, RE-CRD), ``skills`` (RE-DIE, RE-SKL), ``leaders`` (RE-LDR), ``markers`` (RE-MRK,
RE-IMM), ``units`` (RE-UNT, RE-DEP, RS-ROE-02), ``cinematic`` and ``ops`` (RE-CIN and the advanced tactic cards),
``scenario`` (its scenario keys), ``describe`` (its events in a game's account) and ``agents`` (how the heuristic
scores its decision kinds). It changes the base game only through steps it overrides, the values it adjusts
(``register_values``) and the events it reacts to (``register_reactions``).
"""

from swrebellion.hookspecs import hookimpl
from swrebellion.plugins import Expansion

from .state import RoeSection

EXPANSION = Expansion(
    id="rise-of-the-empire",
    name="Rise of the Empire",
    version="1.0.0",
    requires=("base",),
    packs=(("swrebellion.content", "rise-of-the-empire"),),
    description="The 2017 expansion: cinematic combat, Shield Bunker, Interdictor, leader limits, green dice.",
    state=RoeSection,
)

_MODIFIERS: dict = {}


def _modifiers() -> dict:
    """Value name -> the function adjusting it (``game.modify`` points of the base rules)."""
    if not _MODIFIERS:
        from . import cinematic, ops_subversion, ops_turns, setup, skills, units

        _MODIFIERS.update({
            "objective-deck": setup.objective_deck,  # RE-SET-03
            "starting-unit-systems": setup.starting_unit_systems,  # RE-SET-09
            "requirement-icons": skills.requirement_icons,  # RE-SKL-03
            "mission-dice": skills.mission_dice,  # RE-SKL-02, RE-DIE-03
            "opposition-steps": ops_subversion.opposition_steps,  # RS-ROE-04: Subversion
            "ring-bearers": ops_subversion.ring_bearers,  # Post Bounty: no Yoda or Falcon ring over the Bounty
            "unit-health": units.unit_health,  # RE-UNT-02
            "destroyable": units.destroyable,  # RE-UNT-02
            "plans-targets": units.plans_targets,  # RE-UNT-02
            "deploy-targets": units.deploy_targets,  # RE-UNT-03/04
            "deploy-order": units.deploy_order,  # RE-DEP-01
            "can-retreat": units.can_retreat,  # RE-UNT-06
            "combat-dice": units.combat_dice,  # RE-UNT-07
            "structures-lost": units.structures_lost,  # RS-ROE-02
            "combat-odds": units.combat_odds,  # issue 34: cinematic repairs, Shield Bunker, Interdictor
            "tactic-draws": cinematic.no_tactic_draws,  # RE-CIN-09
            "tactic-draw": cinematic.draws_become_returns,  # RS-ROE-08
            "destroy-at-once": cinematic.not_at_once,  # RS-ROE-06
            "turn-start-acts": ops_turns.turn_start_acts,  # Secret Facility, Under the Radar
            "end-of-command-steps": ops_turns.end_of_command,  # Sweep the Area
        })
    return _MODIFIERS


@hookimpl
def register_steps(registry):
    from . import cinematic, leaders, markers, setup

    registry.wrap("base.setup.tactics", setup.tactics_step)
    registry.wrap("base.setup.loyalty", setup.loyalty_step)
    registry.wrap("base.setup.empire-units", setup.empire_units_step)
    for name, wrapper in cinematic.WRAPS.items():
        registry.wrap(name, wrapper)
    from . import ops_turns

    for module in (cinematic, leaders, markers, ops_turns):
        for name, handler in module.STEPS.items():
            registry.register(name, handler)
    from . import ops_moments  # the last cards' moments (issue 7): start of each Refresh for target markers

    registry.at("refresh.start", ops_moments.REFRESH_MARKERS)  # the target markers' start-of-Refresh steps
    for name, handler in ops_moments.STEPS.items():
        registry.register(name, handler)


@hookimpl
def register_content_kinds(registry):
    from . import kinds

    kinds.register(registry)


@hookimpl
def register_effect_ops(registry):
    from swrebellion.expansions.base.api.ops import register as register_ops

    from . import (
        markers,
        ops,
        ops_cards,
        ops_empire_cards,
        ops_moments,
        ops_subversion,
        ops_turns,
    )

    register_ops(registry, ops.OPS, markers.OPS, ops_empire_cards.OPS, ops_cards.OPS,
                 ops_moments.OPS, ops_subversion.OPS, ops_turns.OPS)


@hookimpl(wrapper=True)
def card_face(catalog, kind, card):
    face = yield  # the base game's face of any card
    if kind != "advanced-tactics" or face is None:
        return face
    from . import faces

    return faces.advanced_tactic(catalog, card, face)


@hookimpl
def hand_lines(game, view):
    from . import hand

    return hand.hand_lines(game, view)


@hookimpl
def decision_aside(game, decision):
    from . import hand

    return hand.aside(game, decision)


@hookimpl
def setup_game(game):
    from . import setup

    setup.start(game)


@hookimpl
def build_scenario(game, spec):
    from . import scenario

    return scenario.build(game, spec)


@hookimpl
def register_values(registry):
    for name, modifier in _modifiers().items():
        registry.modify(name, modifier)


@hookimpl
def register_reactions(registry):
    from . import cinematic, leaders, markers, ops_moments, ops_subversion, units

    by_kind: dict[str, list] = {}  # event type -> the reactions to it, in the order given here

    def react(kinds, reaction):
        for kind in kinds:
            by_kind.setdefault(kind, []).append(reaction)

    react(leaders.TRIGGERS, leaders.on_event)
    react(("drew-objectives", "system-destroyed", *markers.UNIT_EVENTS), markers.on_event)
    react(("deployed",), units.on_deployed)
    react(("retreat",), cinematic.on_retreat)
    for kind, reaction in ops_moments.REACTIONS.items():  # the last cards' moments (issue 7): the base relocating
        react((kind,), reaction)
    react(ops_subversion.EVENTS, ops_subversion.on_event)  # the Bounty ring of Post Bounty
    for kind, reactions in by_kind.items():
        registry.react(kind, _once_set_up(*reactions))


def _once_set_up(*reactions):
    """The reactions, in order, run only once the expansion's state exists (not while a scenario is being built):
    one call and one test for an event several react to (a unit deployed: target markers and the Shield Bunker's
    arrivals; a retreat; a ring replaced)."""
    def guarded(game, event):
        if "roe" in game.state["data"]:
            for reaction in reactions:
                reaction(game, event)

    return guarded


@hookimpl(tryfirst=True)  # it rewords one base event (leader-eliminated) as well as its own
def describe_event(game, event, viewer):
    from . import describe

    return describe.describe(game, event, viewer)


@hookimpl
def effect_words():
    from . import step_words

    return step_words.STEPS


@hookimpl
def declare_vocabulary():
    from . import vocabulary

    return {"events": vocabulary.EVENTS, "decisions": vocabulary.DECISIONS, "fields": vocabulary.FIELDS,
            "options": vocabulary.OPTIONS}


@hookimpl
def board_annotations(game, view):
    from . import board_marks

    return board_marks.annotations(game, view)


@hookimpl
def agent_scorers(agent, kit):
    if agent != "heuristic":
        return None
    from . import agents

    return agents.scorers(kit)


@hookimpl
def determinize(game, player, rng):
    from . import sampling

    sampling.determinize(game, player, rng)


@hookimpl
def cards_played(game, event):
    from . import plays

    return plays.cards_played(game, event)
