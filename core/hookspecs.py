"""Every hook a plugin may implement. docs/hooks.md documents each one (tests/test_hooks_documented.py checks).

Order: plugins are registered in *dependency order* (an expansion after everything it requires, ties broken by id),
never in entry-point discovery order. pluggy calls implementations last-registered-first, so for a hook that
collects results a dependent expansion's result comes before the expansion it builds on; for a ``firstresult``
hook the most dependent expansion that answers wins. Plugins may use ``tryfirst``/``trylast`` as usual.
"""

from __future__ import annotations

import pluggy

PROJECT = "swrebellion"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def register_content_kinds(registry):
    """Register the kinds of content file this plugin defines (``kind: NAME`` in a pack's files).

    Fires once when the enabled expansions are activated (``swrebellion.plugins.activate``), for every enabled
    plugin, one plugin at a time in dependency order. ``registry`` is a :class:`swrebellion.kinds.KindRegistry`;
    call ``registry.register(name, item_model, title, references=[(path, kind), ...], checks=[check, ...])``.
    The loader, the validator and the schema exporter know exactly the kinds the enabled plugins register; a kind
    registered by two plugins, or a reference to a kind no enabled plugin registers, is an error naming the
    plugins. Returns nothing.
    """


@hookspec
def register_effect_ops(registry):
    """Register the effect ops this plugin provides.

    Fires once when a plugin manager is built, for every enabled plugin, in registration order.
    ``registry`` is a :class:`swrebellion.effects.OpRegistry`; call ``registry.register(name, params, handler)``.
    The validator and the schema exporter use the same registry, so an op registered here is accepted in content
    files exactly while its plugin is enabled. Returns nothing.
    """


@hookspec
def validate_catalog(catalog):
    """Add semantic checks of the loaded content.

    Fires after the built-in checks (references, and the checks registered with each content kind) on the merged
    :class:`swrebellion.catalog.Catalog` of the enabled packs. Return an iterable of
    :class:`swrebellion.diagnostics.Diagnostic` (or ``None``); all results are collected and reported together.
    """


@hookspec
def register_steps(registry):
    """Register the step handlers of this plugin's rules.

    Fires once per :class:`swrebellion.engine.Rules` (that is, once per set of enabled expansions, not per game),
    in dependency order. ``registry`` is a :class:`swrebellion.engine.steps.StepRegistry`: ``register(name,
    handler)`` adds a step, ``override(name, handler)`` replaces another plugin's step (the old handler stays
    reachable through ``registry.previous(name)``). A handler is ``handler(game, frame)``. Returns nothing.
    """


@hookspec
def setup_game(game):
    """Build a new game's starting state and push its first frames.

    Fires once per new game, in dependency order (base before the expansions that build on it), before the flow
    runs. Read ``game.state["options"]`` and ``game.rules.content``; set ``game.state["players"]``,
    ``game.state["dice"]`` and ``game.state["data"]``; ``game.push(step)`` the first step. Returns nothing.
    """


@hookspec
def modify_value(game, name, value, context):
    """Adjust a value the rules compute, named by the rules (e.g. ``"combat-dice"``).

    Fires whenever rules code calls ``game.modify(name, value, **context)``, in dependency order; each
    implementation sees the value the one before it returned. Return the new value, or ``None`` to leave it.
    """


@hookspec
def on_event(game, event):
    """React to an event just appended to the log (triggers: objectives, abilities, statistics).

    Fires after every ``game.log(...)``, in dependency order. ``event`` is the logged dict; change the game
    through its methods (push a frame to act later). Returns nothing.
    """


@hookspec
def build_scenario(game, spec):
    """Set up a scenario's starting situation from its ``state:`` mapping (docs/scenarios.md).

    Fires once per scenario, in dependency order, after ``setup_game`` has been skipped: the game starts empty.
    Each implementation sets up what it understands and returns the set of top-level keys of ``spec`` it
    consumed; a key no plugin consumes is an error in the scenario file.
    """


@hookspec(firstresult=True)
def describe_event(game, event):
    """Turn a logged event into one line of the game's account for people (``rebellion play``).

    Fires for each event shown to a player or spectator, with the event as that viewer may see it (secret
    fields already redacted). First result wins, most dependent expansion first; return ``None`` to let others
    (or the kernel's generic fallback) describe it.
    """
