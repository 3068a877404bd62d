"""Event reactions: what a plugin's rules do when an event of a given type is logged (triggers of abilities,
markers, limits), registered once per set of expansions rather than asked at every event.

Plugins fill the registry through the ``register_reactions`` hook, called plugin by plugin in dependency order:
:meth:`ReactionRegistry.react` registers ``fn(game, event)`` for one event type. :meth:`Game.log
<swrebellion.engine.Game.log>` looks the new event's type up once and calls that type's reactions in the order
they were registered (so dependency order), before the ``on_event`` hook, which stays the hook of listeners to
every event. Most events have no reaction: they cost one dict lookup.
"""

from __future__ import annotations

from typing import Any, Callable

#: ``fn(game, event)``: reacts to ``event``, the dict just appended to the log, by changing the game through its
#: methods (push a frame to act later). The game is typed ``Any`` here for the reason given at
#: :data:`swrebellion.engine.steps.Handler`: a game's rules own this registry. A reaction annotates its own
#: parameter ``game: Game``.
Reaction = Callable[[Any, dict[str, Any]], None]


class ReactionRegistry:
    def __init__(self) -> None:
        self._reactions: dict[str, list[tuple[Reaction, str]]] = {}  # event type -> (reaction, plugin), in order
        self.current_plugin = "?"

    def react(self, event_type: str, fn: Reaction) -> None:
        """Call ``fn(game, event)`` each time an event of type ``event_type`` is logged, after the reactions
        registered before it (the plugins this one requires, and its own earlier calls)."""
        if type(event_type) is not str or not callable(fn):
            raise TypeError(f"{self.current_plugin!r}: react(event_type, fn) takes an event type (a str) and a "
                            f"function fn(game, event), not {event_type!r} and {fn!r}")
        self._reactions.setdefault(event_type, []).append((fn, self.current_plugin))

    def reacting(self, event_type: str) -> list[str]:
        """The plugins reacting to ``event_type``, in the order their reactions run (a plugin once per reaction)."""
        return [plugin for _, plugin in self._reactions.get(event_type, ())]

    def table(self) -> dict[str, tuple[Reaction, ...]]:
        """Event type -> its reactions in order, for the log's single lookup per event."""
        return {kind: tuple(fn for fn, _ in pairs) for kind, pairs in self._reactions.items()}
