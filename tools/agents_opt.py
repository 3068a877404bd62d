"""``--agents``: which agent plays each side, with its knobs, for ``play``, ``simulate`` and ``balance``.

    --agents rebel=heuristic,empire=search
    --agents rebel=heuristic:aggression=0.8,empire=search:iterations=20:seconds=1
    --agents heuristic,random                  (REBEL,EMPIRE, in that order)

A side not named plays ``random``. Agents are looked up by name in the ``swrebellion.agents`` entry-point group
(``swrebellion.agents``); knob values are read as numbers when they look like numbers.
"""

from __future__ import annotations

import click

SIDES = ("rebel", "empire")
HELP = ("Agent for each side: SIDE=NAME[:KNOB=VALUE...], comma-separated (e.g. rebel=heuristic,empire=search"
        ":iterations=20); or NAME,NAME for rebel,empire. Installed: random, heuristic, search (and any plugin's).")


def parse(text: str, param_hint: str = "--agents") -> dict[str, tuple[str, dict]]:
    """``{side: (agent name, knobs)}`` for both sides; a bad spelling is a usage error naming what is wrong."""
    from swrebellion import agents

    chosen: dict[str, tuple[str, dict]] = {}
    items = [item.strip() for item in text.split(",") if item.strip()]
    positional = [item for item in items if "=" not in item.split(":", 1)[0]]
    if positional and len(positional) != len(items):
        raise click.BadParameter("give every side as SIDE=NAME, or both as NAME,NAME", param_hint=param_hint)
    if positional and len(positional) != 2:
        raise click.BadParameter(f"give two agents, REBEL,EMPIRE (got {len(positional)})", param_hint=param_hint)
    for n, item in enumerate(items):
        if positional:
            side, spec = SIDES[n], item
        else:
            side, _, spec = item.partition("=")
            side = side.strip()
            if side not in SIDES:
                raise click.BadParameter(f"unknown side {side!r}: use rebel or empire", param_hint=param_hint)
            if side in chosen:
                raise click.BadParameter(f"{side} is given twice", param_hint=param_hint)
        name, *knob_items = [part.strip() for part in spec.split(":")]
        knobs = {}
        for knob in knob_items:
            key, eq, value = knob.partition("=")
            if not eq or not key:
                raise click.BadParameter(f"knob {knob!r} of {name!r} is not KEY=VALUE", param_hint=param_hint)
            knobs[key.strip()] = _value(value.strip())
        try:
            accepted = agents.knobs(name)
        except agents.AgentError as exc:
            raise click.BadParameter(str(exc), param_hint=param_hint) from None
        for key in knobs:
            if key not in accepted:
                raise click.BadParameter(f"agent {name!r} has no knob {key!r} (its knobs: "
                                         f"{', '.join(accepted) or 'none'})", param_hint=param_hint)
        chosen[side] = (name, knobs)
    for side in SIDES:
        chosen.setdefault(side, ("random", {}))
    return chosen


def describe(chosen: dict[str, tuple[str, dict]]) -> dict[str, str]:
    """``{side: "name:knob=value..."}``, the way results record who played."""
    return {side: ":".join([name, *(f"{k}={v}" for k, v in sorted(knobs.items()))])
            for side, (name, knobs) in chosen.items()}


def side_of(player: str) -> str:
    """The side of a player id (``rebel``, ``empire-admiral`` ...)."""
    return player.split("-", 1)[0]


def make(chosen: dict[str, tuple[str, dict]], side: str, seed: int):
    """Build the agent chosen for ``side``; a knob value the agent refuses is a usage error."""
    from swrebellion import agents

    name, knobs = chosen[side]
    try:
        return agents.make(name, side, seed, knobs)
    except agents.AgentError as exc:
        raise click.BadParameter(str(exc), param_hint="--agents") from None


def _value(text: str):
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text
