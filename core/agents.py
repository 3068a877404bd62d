"""Agents by name: the entry-point group ``swrebellion.agents``.

An agent answers a game's decisions (:class:`swrebellion.engine.agents.Agent`: ``choose(game, decision)`` returns
the id of an offered option). Agents are published like expansions, so a fan can add one without touching this
package::

    [project.entry-points."swrebellion.agents"]
    cautious = "my_package.bots:cautious"

The entry point names an **agent factory**, called as ``factory(side, seed, **knobs)``:

``side``   the team the agent plays for, as the rules name it in ``state["result"]["winner"]`` (``"rebel"``,
           ``"empire"``; ``"hider"`` in a game with no Star Wars in it)
``seed``   the agent's own random stream (an agent never draws from the game's generator)
``knobs``  keyword options the user gave, e.g. ``--agents rebel=heuristic:aggression=0.8``; a factory declares
           the knobs it accepts as keyword parameters with defaults, so an unknown knob is refused by name

The built-in agents are ``random`` (the kernel's), ``heuristic`` (the base game's) and ``search`` (the kernel's
information-set Monte Carlo tree search); ``rebellion play --help`` lists what is installed. A factory checks its
knobs' numbers with :func:`knob_number`, so that a value out of range (``nan`` among them) is refused by name.
"""

from __future__ import annotations

import difflib
import inspect
import math
from importlib import metadata
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    from .engine.agents import Agent

ENTRY_POINT_GROUP = "swrebellion.agents"


class AgentError(ValueError):
    """An agent that cannot be made: unknown name, unknown knob, bad knob value. Worded for the person who asked."""


def knob_number(name: str, value: Any, low: float, high: float = math.inf) -> float:
    """Knob ``name``'s ``value`` as a number from ``low`` to ``high``, or a ``ValueError`` saying the range (which
    :func:`make` reports as an :class:`AgentError`): ``nan`` and the infinities are refused too, since no
    comparison refuses them on its own (``nan < 0`` is false)."""
    number = float(value)
    if not (math.isfinite(number) and low <= number <= high):
        span = f"{low:,g} or more" if high == math.inf else f"between {low:,g} and {high:,g}"
        raise ValueError(f"{name} must be {span}, not {value}")
    return number


def names() -> list[str]:
    """The installed agents' names, sorted."""
    return sorted({ep.name for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)})


def factory(name: str) -> Callable[..., Agent]:
    """The factory published under ``name``; :class:`AgentError` if there is none or it fails to import."""
    found = [ep for ep in metadata.entry_points(group=ENTRY_POINT_GROUP) if ep.name == name]
    if not found:
        close = difflib.get_close_matches(name, names(), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise AgentError(f"unknown agent {name!r}{hint} Installed agents: {', '.join(names()) or 'none'}")
    try:
        made: Callable[..., Agent] = found[0].load()
        return made
    except Exception as exc:  # third-party code must not crash the command with a traceback
        raise AgentError(f"agent {name!r} failed to load: {type(exc).__name__}: {exc} ({found[0].value})") from None


def knobs(name: str) -> dict[str, Any]:
    """The knobs an agent accepts, with their defaults (its factory's keyword parameters after side and seed)."""
    params = list(inspect.signature(factory(name)).parameters.values())[2:]
    return {p.name: p.default for p in params if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)}


def make(name: str, side: str, seed: int, options: dict[str, Any] | None = None) -> Agent:
    """Build agent ``name`` for ``side`` with its own ``seed`` and knob ``options``."""
    make_one = factory(name)
    options = dict(options or {})
    accepted = knobs(name)
    for key in options:
        if key not in accepted:
            close = difflib.get_close_matches(key, list(accepted), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            listed = ", ".join(accepted) or "none"
            raise AgentError(f"agent {name!r} has no knob {key!r}{hint} (its knobs: {listed})")
    try:
        return make_one(side, seed, **options)
    except (TypeError, ValueError) as exc:
        raise AgentError(f"agent {name!r}: {exc}") from None
