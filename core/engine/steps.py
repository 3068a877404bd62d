"""The step registry: named handlers that move the game along, and the named rule moments plugins add steps to.

The flow of a game is data: a stack of frames ``{"step": NAME, ...locals}`` in the state. The kernel runs the
handler of the top frame until a decision is pending, the stack is empty or the game is over. Handlers push, pop
or replace frames and ask for decisions; because every frame is plain data, a game can be copied or saved in the
middle of a combat inside a mission inside a round.

Plugins fill the registry through the ``register_steps`` hook, called plugin by plugin in dependency order:

* :meth:`StepRegistry.register` adds a step;
* :meth:`StepRegistry.wrap` wraps an existing step: the wrapper receives the handler it wraps when it registers,
  so any number of plugins can wrap the same step and each calls the one below it (composition, no lookup at run
  time);
* :meth:`StepRegistry.declare_moment` names a moment of the rules (``"combat.start"``) that the declaring plugin's
  rules code reaches with ``game.moment(name, ...)``; :meth:`StepRegistry.at` adds a step to a moment, to run
  there in dependency order (with ``when``, only in the games where it has something to do there).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

#: ``handler(game, frame)``: reads and changes the game (a :class:`swrebellion.engine.Game`), pushes, pops or
#: replaces frames, or asks a decision. The game is typed ``Any`` here, not ``Game``: a game's rules own a step
#: registry, so this module sits below the game's in the import layers and cannot name it (tests/test_layers.py).
#: A handler annotates its own parameter ``game: Game``, and the type checker reads that.
Handler = Callable[[Any, dict[str, Any]], None]
#: ``when(game, moment)``: whether a step added to a moment has anything to do there in this game (``at``'s
#: ``when``); read each time the moment is reached, so it must be cheap (derive what it reads once per rules).
Guard = Callable[[Any, str], bool]


class Wrapper(Protocol):
    """``wrapper(game, frame, inner)``: a step handler that may call ``inner(game, frame)``, the handler it wraps
    (passed by keyword: the parameter is named ``inner``). ``game`` is a :class:`swrebellion.engine.Game` (typed
    ``Any`` for the reason given at :data:`Handler`)."""

    def __call__(self, game: Any, frame: dict[str, Any], inner: Handler) -> None: ...


class StepError(ValueError):
    """A clash or an unknown name in the step registry; ``plugin`` is the plugin at fault, when known."""

    def __init__(self, message: str, plugin: str | None = None) -> None:
        super().__init__(message)
        self.plugin = plugin


@dataclass
class Moment:
    """A named moment of the rules: what it is, what the state holds then, and the steps plugins added to it."""

    name: str
    doc: str
    state: dict[str, str]
    owner: str
    steps: list[tuple[str, str]] = field(default_factory=list)  # (step name, plugin that added it)
    guards: list[Guard | None] = field(default_factory=list)  # each step's ``when``, or None: always run


class StepRegistry:
    def __init__(self) -> None:
        self._handlers: dict[str, Handler] = {}
        self._owners: dict[str, str] = {}
        self._wrappers: dict[str, list[str]] = {}
        self._previous: dict[str, Handler] = {}
        self.moments: dict[str, Moment] = {}
        self._attached: list[tuple[str, str, str, Guard | None]] = []  # (moment, step, plugin, when): finish()
        self._moment_steps: dict[str, tuple[str, ...]] = {}
        #: the moments with a guarded step: each step's guard, in the order of ``_moment_steps`` (None: always)
        self._moment_guards: dict[str, tuple[Guard | None, ...]] = {}
        self.current_plugin = "?"

    # -- steps ------------------------------------------------------------------------------------------------

    def register(self, name: str, handler: Handler) -> None:
        """Add a new step; registering a name that exists is an error (wrap it instead)."""
        if name in self._handlers:
            raise StepError(
                f"step {name!r} is registered by both {self._owners[name]!r} and {self.current_plugin!r}; "
                "use registry.wrap() to change another plugin's step"
            )
        self._handlers[name] = handler
        self._owners[name] = self.current_plugin

    def wrap(self, name: str, wrapper: Wrapper) -> None:
        """Wrap an existing step: from now on the step runs ``wrapper(game, frame, inner)``, where ``inner`` is the
        handler as it was when this wrapper registered (the original, or the wrapper of a plugin registered
        earlier). Wrappers compose: each plugin wraps what the plugins before it left."""
        inner = self[name]
        self._handlers[name] = functools.partial(wrapper, inner=inner)
        self._wrappers.setdefault(name, []).append(self.current_plugin)

    def override(self, name: str, handler: Handler) -> None:
        """Deprecated (use :meth:`wrap`): replace an existing step outright."""
        if name not in self._handlers:
            raise StepError(f"{self.current_plugin!r} overrides step {name!r}, which no enabled plugin registers")
        import warnings

        warnings.warn(f"{self.current_plugin}: StepRegistry.override({name!r}) is deprecated; use wrap(), whose "
                      "wrapper receives the handler it wraps", DeprecationWarning, stacklevel=2)
        self._previous[name] = self._handlers[name]
        self._handlers[name] = handler
        self._owners[name] = self.current_plugin

    def previous(self, name: str) -> Handler:
        """Deprecated: the handler :meth:`override` replaced (only one plugin may override a step this way)."""
        return self._previous[name]

    def owner(self, name: str) -> str:
        return self._owners[name]

    def wrapped_by(self, name: str) -> list[str]:
        """The plugins wrapping a step, innermost first."""
        return list(self._wrappers.get(name, ()))

    def __getitem__(self, name: str) -> Handler:
        try:
            return self._handlers[name]
        except KeyError:
            raise self.unknown(name) from None

    @staticmethod
    def unknown(name: str) -> StepError:
        """The error for a step no enabled plugin registers."""
        return StepError(f"no enabled plugin provides the step {name!r}")

    def __contains__(self, name: str) -> bool:
        return name in self._handlers

    def names(self) -> list[str]:
        return sorted(self._handlers)

    # -- moments ----------------------------------------------------------------------------------------------

    def declare_moment(self, name: str, doc: str, state: dict[str, str] | None = None) -> None:
        """Declare a moment the declaring plugin's rules reach (``game.moment(name, **locals)``). ``state`` says
        what the state holds then: key -> meaning (the frame locals the moment's steps receive, and the parts of
        ``game.state`` worth reading)."""
        if name in self.moments:
            raise StepError(f"moment {name!r} is declared by both {self.moments[name].owner!r} and "
                            f"{self.current_plugin!r}")
        self.moments[name] = Moment(name, doc, dict(state or {}), self.current_plugin)

    def at(self, moment: str, step: str, when: Guard | None = None) -> None:
        """Run the step ``step`` (registered by any enabled plugin) at ``moment``, after the steps plugins added
        before (dependency order). Its frame holds ``moment`` and the moment's locals. ``when(game, moment)``: run
        it only when this returns true as the moment is reached; a step that has nothing to do there in a game
        (no card of its content answers the moment) then leaves no frame in its state, so the state, its hash and
        its saves are those of a game without the step."""
        self._attached.append((moment, step, self.current_plugin, when))

    def finish(self) -> None:
        """Check what was attached once every plugin has registered (a moment may be declared by a plugin
        registered later than one using it only if neither requires the other; the names must exist)."""
        for moment, step, plugin, when in self._attached:
            if moment not in self.moments:
                raise StepError(f"{plugin!r} adds the step {step!r} to the moment {moment!r}, which no enabled "
                                f"plugin declares (declared: {', '.join(sorted(self.moments)) or 'none'})", plugin)
            if step not in self._handlers:
                raise StepError(f"{plugin!r} adds the step {step!r} to the moment {moment!r}, but no enabled "
                                "plugin registers that step", plugin)
            self.moments[moment].steps.append((step, plugin))
            self.moments[moment].guards.append(when)
        self._moment_steps = {name: tuple(s for s, _ in m.steps) for name, m in self.moments.items()}
        self._moment_guards = {name: tuple(m.guards) for name, m in self.moments.items()
                               if any(g is not None for g in m.guards)}

    def moment_steps(self, name: str) -> tuple[str, ...]:
        """The steps to run at a moment, in order; an undeclared moment is an error in the rules code."""
        try:
            return self._moment_steps[name]
        except KeyError:
            raise StepError(f"the rules reached the moment {name!r}, which no enabled plugin declares") from None


def describe_moments(registry: StepRegistry) -> list[dict[str, Any]]:
    """The moments as data for documentation: name, owner, doc, state keys, and the steps attached."""
    return [
        {"name": m.name, "owner": m.owner, "doc": m.doc, "state": dict(m.state), "steps": list(m.steps)}
        for m in sorted(registry.moments.values(), key=lambda m: m.name)
    ]
