"""The step registry: named handlers that move the game along.

The flow of a game is data: a stack of frames ``{"step": NAME, ...locals}`` in the state. The kernel runs the
handler of the top frame until a decision is pending, the stack is empty or the game is over. Handlers push, pop
or replace frames and ask for decisions; because every frame is plain data, a game can be copied or saved in the
middle of a combat inside a mission inside a round.

Plugins register steps through the ``register_steps`` hook. A dependent expansion may *override* a step it does
not own (Rise of the Empire's cinematic combat replaces the base combat round) and may still call the handler it
replaced through :meth:`StepRegistry.previous`.
"""

from __future__ import annotations

from typing import Callable

Handler = Callable[..., None]


class StepError(ValueError):
    pass


class StepRegistry:
    def __init__(self) -> None:
        self._handlers: dict[str, Handler] = {}
        self._owners: dict[str, str] = {}
        self._previous: dict[str, Handler] = {}
        self.current_plugin = "?"

    def register(self, name: str, handler: Handler) -> None:
        """Add a new step; registering a name that exists is an error (use :meth:`override`)."""
        if name in self._handlers:
            raise StepError(
                f"step {name!r} is registered by both {self._owners[name]!r} and {self.current_plugin!r}; "
                "use registry.override() to replace a step on purpose"
            )
        self._handlers[name] = handler
        self._owners[name] = self.current_plugin

    def override(self, name: str, handler: Handler) -> None:
        """Replace an existing step. The replaced handler stays reachable through :meth:`previous`."""
        if name not in self._handlers:
            raise StepError(f"{self.current_plugin!r} overrides step {name!r}, which no enabled plugin registers")
        self._previous[name] = self._handlers[name]
        self._handlers[name] = handler
        self._owners[name] = self.current_plugin

    def previous(self, name: str) -> Handler:
        return self._previous[name]

    def owner(self, name: str) -> str:
        return self._owners[name]

    def __getitem__(self, name: str) -> Handler:
        try:
            return self._handlers[name]
        except KeyError:
            raise StepError(f"no enabled plugin provides the step {name!r}") from None

    def __contains__(self, name: str) -> bool:
        return name in self._handlers

    def names(self) -> list[str]:
        return sorted(self._handlers)
