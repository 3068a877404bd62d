"""The base game of *Star Wars: Rebellion* as a plugin: its rules and its content pack ``content/base``.

Every hook the base game implements is in this file; each delegates to the module that holds the rules:
``setup`` (RB-SET), ``rounds`` (RB-RND, RB-CMD), ``missions`` (RB-ASG, RB-MIS, RB-PRJ), ``movement`` (RB-MOV,
RB-BAS), ``combat`` (RB-CMB, RB-TAC, RB-RET, RB-DS, RB-DSP), ``refresh`` (RB-REF, RB-REC, RB-BLD), ``board``
(RB-SYS, RB-LOY, RB-SUB, RB-DST, RB-WIN), ``scenario`` (the scenario vocabulary). How the game is shown to
people is in ``presentation`` (narration, the board picture and replay, the terminal screens), its agents in
``agents`` (the heuristic, the sampling of secrets for search agents); the rules import neither.
"""

from swrebellion.hookspecs import hookimpl
from swrebellion.plugins import Expansion

from .shapes import BaseData

EXPANSION = Expansion(
    id="base",
    name="Star Wars: Rebellion (base game)",
    version="1.0.0",
    packs=(("swrebellion.content", "base"),),
    enabled_by_default=True,
    description="The rules and components of the 2016 base game.",
    state=BaseData,
)


@hookimpl
def register_steps(registry):
    from . import moments
    from .ops import flow
    from .phases import combat, missions, movement, refresh, rounds, setup
    from .rules import actions, objectives

    for module in (setup, missions, movement, combat, refresh, objectives, flow):
        for name, handler in module.STEPS.items():
            registry.register(name, handler)
    registry.register("base.round", rounds.round_step)
    registry.register("base.command", rounds.command_step)
    registry.register("base.command-end", rounds.command_end_step)
    moments.register(registry)
    # At each: the moment's card window, then the effects ``later`` steps keep for it. A moment no ``later`` step
    # may name is reached only where a card of the game answers it: the built-in cards answer none of them.
    for moment in moments.STEPPED:
        registry.at(moment, flow.LATER, when=None if moment in moments.LATER_MOMENTS else actions.answered_at)


@hookimpl
def register_values(registry):
    from . import values
    from .phases import missions
    from .rules import restrictions

    values.register(registry)
    registry.withhold("command-action", missions.withheld_from_teammate)
    for kind in restrictions.WITHHELD:  # a barred option, with the restriction that bars it
        registry.withhold(kind, restrictions.withhold)


@hookimpl
def validate_catalog(catalog):
    from . import checks, ops
    from .rules.actions import DESTINY

    return checks.check_special_cards(catalog, ops.NAMES, frozenset({DESTINY}))


@hookimpl
def register_content_kinds(registry):
    from . import kinds

    kinds.register(registry)


@hookimpl
def register_effect_ops(registry):
    from . import ops

    ops.register(registry)


@hookimpl
def setup_game(game):
    from .phases import setup

    setup.start(game)


@hookimpl
def build_scenario(game, spec):
    from . import scenario

    return scenario.build(game, spec)


@hookimpl
def describe_event(game, event, viewer):
    from .presentation import narration

    return narration.describe(game, event, viewer)


@hookimpl
def effect_words():
    from .presentation import effect_words

    return effect_words.STEPS


@hookimpl
def declare_vocabulary():
    from . import vocabulary

    return {"events": vocabulary.EVENTS, "decisions": vocabulary.DECISIONS, "fields": vocabulary.FIELDS}


@hookimpl
def card_face(catalog, kind, card):
    from .presentation import faces

    return faces.face(catalog, kind, card)


@hookimpl
def board_annotations(game, view):
    from .presentation.picture.labels import UNIT_LABELS

    return {"unit_labels": UNIT_LABELS}


@hookimpl
def state_lines(game, view):
    from .presentation import restrictions

    return restrictions.state_lines(game, view)


@hookimpl
def board_svg(game, player):
    from .presentation.picture import board_svg

    return board_svg(game, player)


@hookimpl
def replay_html(game, views):
    from .presentation.picture.replay import replay_html

    return replay_html(game, views)


@hookimpl
def terminal_commands():
    from .presentation import terminal

    return terminal.commands()


@hookimpl
def decision_heading(game, decision):
    from .presentation import terminal

    return terminal.heading(game, decision)


@hookimpl
def decision_aside(game, decision):
    from .presentation.terminal.aside import aside

    return aside(game, decision)


@hookimpl
def render_text(game, text):
    from .presentation import terminal

    return terminal.render(game, text)


@hookimpl
def determinize(game, player, rng):
    from .agents import sampling

    sampling.determinize(game, player, rng)


@hookimpl
def cards_played(game, event):
    from . import plays

    return plays.cards_played(game, event)
