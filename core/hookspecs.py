"""Every hook a plugin may implement. docs/hooks.md documents each one (tests/test_hooks_documented.py checks).

Every hook is called through pluggy, so its contract holds: an implementation may take any subset of the spec's
arguments, a misspelled hook name is refused when the expansion is discovered or activated (the plugin is named),
and ``tryfirst``/``trylast`` are honoured.

Order: hooks run in *dependency order*, an expansion after everything it requires (ties broken by id), never in
entry-point discovery order. (pluggy calls implementations last-registered-first, so the plugin manager registers
the expansions most-dependent-first.) Two kinds of hooks:

* **Registration hooks** (``register_content_kinds``, ``register_effect_ops``, ``register_steps``,
  ``register_values``, ``register_reactions``) and
  ``validate_catalog`` are called once per plugin, in dependency order, so that each registration is owned by its
  plugin (a clash names both) and a failing check names its plugin; ``tryfirst``/``trylast`` do not apply.
* **Game hooks** (``setup_game``, ``on_event``, ``build_scenario``, ``describe_event``) are one pluggy call each:
  dependency order unless an implementation says ``tryfirst``/``trylast``; for ``describe_event``, a
  ``firstresult`` hook, the first answer in that order wins.
* **Presentation hooks** (``describe_event``, ``board_annotations``, ``card_face``, ``board_svg``, ``replay_html``,
  ``state_lines``, ``hand_lines``, ``terminal_commands``, ``decision_heading``, ``decision_aside``,
  ``render_text``, ``effect_words``) say how a game looks to people;
  the tools reach them through :mod:`swrebellion.presentation`. **Agent hooks** (``determinize``,
  ``agent_scorers``) give agents a plugin's knowledge. Both are game hooks in how they are called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

import pluggy

if TYPE_CHECKING:  # types for readers and the type checker only: plugins import this module, it must stay light
    from .cardface import CardFace
    from .catalog import Catalog
    from .diagnostics import Diagnostic
    from .effects import OpRegistry
    from .engine.game import Decision, Game
    from .engine.human import Aside, Command
    from .engine.reactions import ReactionRegistry
    from .engine.rng import Stream
    from .engine.steps import StepRegistry
    from .engine.values import ValueRegistry
    from .kinds import KindRegistry

PROJECT = "swrebellion"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def register_content_kinds(registry: KindRegistry) -> None:
    """Register the kinds of content file this plugin defines (``kind: NAME`` in a pack's files).

    Fires once when the enabled expansions are activated (``swrebellion.plugins.activate``), for every enabled
    plugin, one plugin at a time in dependency order. ``registry`` is a :class:`swrebellion.kinds.KindRegistry`;
    call ``registry.register(name, item_model, title, references=[(path, kind), ...], checks=[check, ...])``.
    The loader, the validator and the schema exporter know exactly the kinds the enabled plugins register; a kind
    registered by two plugins, or a reference to a kind no enabled plugin registers, is an error naming the
    plugins. Returns nothing.
    """


@hookspec
def register_effect_ops(registry: OpRegistry) -> None:
    """Register the effect ops this plugin provides.

    Fires once when a plugin manager is built, for every enabled plugin, in registration order.
    ``registry`` is a :class:`swrebellion.effects.OpRegistry`; call ``registry.register(name, params, handler)``.
    The validator and the schema exporter use the same registry, so an op registered here is accepted in content
    files exactly while its plugin is enabled. Returns nothing.
    """


@hookspec
def validate_catalog(catalog: Catalog) -> Iterable[Diagnostic] | None:
    """Add semantic checks of the loaded content.

    Fires after the built-in checks (references, and the checks registered with each content kind) on the merged
    :class:`swrebellion.catalog.Catalog` of the enabled packs. Return an iterable of
    :class:`swrebellion.diagnostics.Diagnostic` (or ``None``); all results are collected and reported together.
    """


@hookspec
def register_steps(registry: StepRegistry) -> None:
    """Register the step handlers of this plugin's rules.

    Fires once per :class:`swrebellion.engine.Rules` (that is, once per set of enabled expansions, not per game),
    plugin by plugin in dependency order. ``registry`` is a :class:`swrebellion.engine.steps.StepRegistry`:
    ``register(name, handler)`` adds a step (``handler(game, frame)``); ``wrap(name, wrapper)`` wraps an existing
    step with ``wrapper(game, frame, inner)``, where ``inner`` is the handler it wraps (wrappers of several plugins
    compose); ``declare_moment(name, doc, state)`` names a moment this plugin's rules reach with
    ``game.moment(name, ...)``; ``at(moment, step)`` runs a step at a moment. Returns nothing.
    """


@hookspec
def setup_game(game: Game) -> None:
    """Build a new game's starting state and push its first frames.

    Fires once per new game, in dependency order (base before the expansions that build on it), before the flow
    runs. Read ``game.state["options"]`` and ``game.rules.content``; set ``game.state["players"]``,
    ``game.state["dice"]`` and ``game.state["data"]``; ``game.push(step)`` the first step. Returns nothing.
    """


@hookspec
def register_values(registry: ValueRegistry) -> None:
    """Declare the values this plugin's rules let others adjust, and adjust values other plugins declare.

    Fires once per :class:`swrebellion.engine.Rules`, for each plugin in dependency order. ``registry`` is a
    :class:`swrebellion.engine.values.ValueRegistry`: ``declare(name, doc, context)`` offers a value (the rules
    then call ``game.modify(name, value, **context)``); ``modify(name, fn)`` answers one with
    ``fn(game, value, context)``, returning the new value or ``None`` to leave it. Modifiers run in dependency
    order, each seeing the value the one before returned. ``game.modify`` of an undeclared name is an error;
    answering an undeclared name is a warning at activation. Returns nothing.
    """


@hookspec
def register_reactions(registry: ReactionRegistry) -> None:
    """Register what this plugin's rules do when an event of a given type is logged (triggers).

    Fires once per :class:`swrebellion.engine.Rules`, for each plugin in dependency order. ``registry`` is a
    :class:`swrebellion.engine.reactions.ReactionRegistry`: ``react(event_type, fn)`` calls ``fn(game, event)``
    each time ``game.log`` appends an event of that type, right after it is appended, the reactions of all plugins
    in registration (dependency) order, before the ``on_event`` hook. Change the game through its methods (push a
    frame to act later). An event type nobody reacts to costs the log one dict lookup, where ``on_event`` is a hook
    call for every event. Returns nothing.
    """


@hookspec(warn_on_impl=DeprecationWarning("modify_value is deprecated: use register_values (docs/hooks.md)"))
def modify_value(game: Game, name: str, value: Any, context: dict[str, Any]) -> Any:
    """Deprecated since 0.2 (use ``register_values``): adjust a value the rules compute.

    Still called, plugin by plugin in dependency order, after the ``register_values`` modifiers, each time rules
    code calls ``game.modify(name, value, **context)`` for a declared ``name``; each implementation sees the value
    the one before returned. Return the new value, or ``None`` to leave it.
    """


@hookspec
def on_event(game: Game, event: dict[str, Any]) -> None:
    """Listen to every event just appended to the log (statistics, recorders, triggers on many kinds of event).

    Fires after every ``game.log(...)``, in dependency order, after the reactions registered for the event's type
    (``register_reactions``, the cheaper way to react to some types of event). ``event`` is the logged dict; change
    the game through its methods (push a frame to act later). Returns nothing.
    """


@hookspec
def build_scenario(game: Game, spec: dict[str, Any]) -> Iterable[str] | None:
    """Set up a scenario's starting situation from its ``state:`` mapping (docs/scenarios.md).

    Fires once per scenario, in dependency order, after ``setup_game`` has been skipped: the game starts empty.
    Each implementation sets up what it understands and returns the set of top-level keys of ``spec`` it
    consumed; a key no plugin consumes is an error in the scenario file.
    """


@hookspec
def declare_vocabulary() -> Any:
    """Declare, as data, the event types the plugin logs and the decision kinds it asks (docs/reference.md).

    Called when the reference is generated or checked, once per plugin in dependency order. Returns a mapping with
    any of ``events`` (type -> ``(what happened, field names, {field: meaning}})``), ``decisions`` (kind -> ``(who
    is asked and about what, the form of its option ids)``) and ``fields`` (field name -> meaning, the glossary for
    fields an event does not explain itself) and ``options`` (game option name -> ``(what it changes, its values,
    the default)``: the options ``Game.new`` reads into ``state["options"]``, which the CLI's ``--option NAME=VALUE``
    offers). An event, decision kind or option may be declared by one plugin only.
    """


@hookspec(firstresult=True)
def describe_event(game: Game, event: dict[str, Any], viewer: str | None) -> str | None:
    """Turn a logged event into one line of the game's account for people (``rebellion play``).

    Fires for each event shown to a player or spectator, with the event as that viewer may see it (secret
    fields already redacted). ``viewer`` is the player the account is for (``None``: a spectator), so a wording
    may address the viewer ("You hide your base in ...") when it reads only what ``redact(..., viewer)`` shows.
    Return the line in the current language (``swrebellion.i18n``), or ``""`` for an event not worth a line.
    First result wins, most dependent expansion first; return ``None`` to let others (or the kernel's generic
    fallback) describe it.
    """


@hookspec
def board_annotations(game: Game, view: dict[str, Any]) -> dict[str, Any] | None:
    """Add marks to the board picture (``rebellion board``, ``rebellion replay``): tokens on systems and short
    labels for this plugin's units.

    Fires once per picture, in dependency order, every result collected. ``view`` is ``game.view(player)`` for the
    picture's viewer (``view["player"]`` is ``None`` for the public picture). Read only ``view`` and
    ``game.rules.content``, never ``game.state``: the picture must show exactly what the viewer may see. Return
    ``None`` or a dict with any of ``"systems": {system id: [token, ...]}``, a token being ``{"label": short text,
    "title": what it is (a tooltip), "faction": "rebel" | "empire" | None}``, and ``"unit_labels": {unit id:
    short label for a unit chip}``. Later plugins' labels win over earlier ones for the same unit.
    """


@hookspec
def determinize(game: Game, player: str, rng: Stream) -> None:
    """Replace, in place, what ``player`` cannot see by a random assignment consistent with what they have seen.

    Search agents (``swrebellion.engine.search``) call this on a copy of the game to sample a world the player
    might be in: the hidden base among the systems not yet ruled out, the opponents' hands and the deck orders
    redealt from the cards the player has not seen. Fires through
    :func:`swrebellion.engine.determinize.determinize`, in dependency order, every implementation running (each
    handles its own plugin's secrets); the kernel then reseeds the game's dice and, when others are choosing at the
    same time, asks that decision again on the sampled world (their options and answers are secret).
    ``rng`` is a :class:`swrebellion.engine.rng.Stream`.

    The result must not depend on the real hidden values, only on ``game.view(player)``: gather the candidates
    from the hidden places, sort them canonically, then shuffle or draw with ``rng``. Returns nothing.
    """


@hookspec
def cards_played(game: Game, event: dict[str, Any]) -> list[list[str]] | None:
    """Say which cards an event shows being played, for statistics (``rebellion simulate``, ``rebellion balance``).

    Fires for each event of a finished game when a simulation counts card plays, in dependency order; every
    implementation runs and the answers are added up. Return a list of ``[side, card id]`` pairs (``side`` as in
    ``state["result"]["winner"]``), or ``None``/``[]`` for an event that plays no card of this plugin's.
    """


@hookspec
def effect_words() -> Mapping[str, Callable[..., str]] | None:
    """Words for this plugin's effect ops, so that `rebellion show` reads a card's effect data like the card.

    Called once per plugin, in dependency order, every answer merged. Returns op name -> ``wording(phrases,
    step)``: the step (its parameters as a dict, nested steps included) as one sentence in the current language,
    built with ``phrases`` (``swrebellion.expansions.base.api.words.Phrases``: names, sides, units, system filters
    and conditions in words). An op no plugin words is shown by its name and flagged by the tests.
    """


@hookspec(firstresult=True)
def card_face(catalog: Catalog, kind: str, card: Any) -> CardFace | None:
    """Describe how a card looks when printed (``rebellion cards render``, ``rebellion print``).

    Fires once per card printed, in the language being printed (``swrebellion.i18n.language()``), with the merged
    catalog, the card's kind and its item. Return a :class:`swrebellion.cardface.CardFace`: the words already in
    that language (falling back to English, with ``translated=False``), colours, badges, the text in the pack's own
    words (never a publisher's card text), and its picture read with ``swrebellion.imagefile.read_image``. First
    result wins, most dependent expansion first; return ``None`` for a kind the plugin does not print.
    """


@hookspec(firstresult=True)
def board_svg(game: Game, player: str | None) -> str | None:
    """Draw the board as ``player`` sees it (``None``: the public view) as an SVG document (``rebellion board``).

    Called through :func:`swrebellion.presentation.board_svg`. Draw from ``game.view(player)`` and
    ``game.rules.content`` only, never from ``game.state``. First result wins; the base game draws the board, and
    other plugins add to its picture through ``board_annotations`` and ``state_lines`` rather than draw their own.
    """


@hookspec(firstresult=True)
def replay_html(game: Game, views: Sequence[str]) -> str | None:
    """Write ``game`` (all its choices so far) as one self-contained HTML page (``rebellion replay``).

    Called through :func:`swrebellion.presentation.replay_html`; ``views`` are the views to embed (``"public"``
    or a side's name, checked already), each drawn from that viewer's ``game.view(player)``. First result wins.
    """


@hookspec
def state_lines(game: Game, view: dict[str, Any], where: str) -> Sequence[str] | None:
    """Show this plugin's own state (a morale track, a count of space cannons) to one viewer, as lines of text.

    Called once per screen or picture, in dependency order, every answer collected: ``where`` is ``"status"``
    (the terminal's ``status`` screen), ``"map"`` (the foot of the terminal's ``map``) or ``"picture"`` (a panel
    of the board picture, and so every step of the HTML replay). Read only ``view`` (``game.view(player)``;
    ``view["player"]`` is ``None`` for the public) and ``game.rules.content``. Return lines in the current
    language (``swrebellion.i18n``), or ``None``/``[]``. An implementation may leave ``where`` out of its
    parameters to show the same lines everywhere.
    """


@hookspec
def hand_lines(game: Game, view: dict[str, Any]) -> Sequence[str] | None:
    """Show the viewer the cards of this plugin his side holds, under the terminal's ``hand`` screen (Rise of the
    Empire's advanced tactic decks during a combat), as lines of text.

    Called once per ``hand`` screen, through :func:`swrebellion.presentation.hand_lines`, in dependency order, every
    answer collected. Read only ``view`` (``game.view(player)``) and what is public; return lines in the current
    language (``swrebellion.i18n``), or ``None``/``[]``.
    """


@hookspec
def terminal_commands() -> Sequence[Command] | None:
    """Add commands a person may type at every prompt of ``rebellion play --human`` (``map``, ``status`` ...).

    Called when a person sits down, in dependency order, every answer collected. Return
    :class:`swrebellion.engine.human.Command` records (a command's ``run(game, player, argument)`` returns the
    lines to print, reading only ``game.view(player)``), or ``None``.
    """


@hookspec(firstresult=True)
def decision_heading(game: Game, decision: Decision) -> str | None:
    """The heading shown above a decision for the person asked ("Rebel · Round 2 · Command Phase").

    Called through :func:`swrebellion.presentation.heading`; public facts only. First result wins; ``None`` lets
    the next plugin answer (the player's id when none does).
    """


@hookspec
def decision_aside(game: Game, decision: Decision) -> Aside | None:
    """What this plugin adds to a decision for the person asked at the terminal: notes under the question (what is
    left to place), shortcuts after the options that answer this decision and the next ones like it ("put all
    the rest here"; each answer still goes through ``Game.apply``, the rules judge it), and words for some options
    in place of their labels (what each does, or why it cannot do anything now).

    Called through :func:`swrebellion.presentation.aside` before a decision is shown; every answer collected, in
    dependency order. Return a :class:`swrebellion.engine.human.Aside` (in the current language, public facts or
    the asked player's own), or ``None``.
    """


@hookspec(firstresult=True)
def render_text(game: Game, text: str) -> str | None:
    """An option label or prompt the rules stored in English, in the current language (``swrebellion.i18n``).

    Called through :func:`swrebellion.presentation.render` for every label and prompt a person reads. First result
    wins; ``None`` lets the next plugin answer (the English text when none does).
    """


@hookspec
def agent_scorers(agent: str, kit: Any) -> Mapping[str, Callable[..., Mapping[str, float]]] | None:
    """Teach an agent this plugin's decision kinds: ``{decision kind: scorer}``.

    Called once per :class:`swrebellion.engine.Rules` by the agent named ``agent`` (the base game's ``heuristic``
    asks), in dependency order, every answer merged (a later plugin's scorer wins for the same kind). ``kit`` is
    what that agent hands its scorers' authors: for ``heuristic``, the scoring helpers it documents
    (docs/hooks.md). A scorer is called as ``scorer(agent, seen, decision)`` and returns ``{option id: score}``,
    the best option highest. Return ``None`` for an agent this plugin does not teach.
    """
