"""How base-game events read in a game's account (``describe_event`` hook). Events arrive already redacted for
the viewer, so a hidden field shows as a count or not at all."""

from __future__ import annotations

from swrebellion.engine.secrets import KEY


def _name(value) -> str:
    return str(value).replace("-", " ").title() if isinstance(value, str) else str(value)


def _cards(value) -> str:
    if isinstance(value, dict) and KEY in value:
        return f"{value.get('count', 'some')} card(s)"
    return ", ".join(_name(v) for v in value) if value else "nothing"


def _units(units: dict) -> str:
    return ", ".join(f"{n} {_name(u)}" for u, n in sorted(units.items()))


LINES = {
    "round": lambda e: f"\n== Round {e['round']} (time {e['time']}, reputation {e['reputation']}) ==",
    "setup-loyalty": lambda e: (
        f"Setup: Rebel loyalty in {', '.join(map(_name, e['rebel']))}; subjugated "
        f"{', '.join(map(_name, e['subjugated']))}; Imperial loyalty in {', '.join(map(_name, e['imperial']))}"
    ),
    "starting-units": lambda e: f"{_name(e['faction'])} starting units: "
    + "; ".join(f"{_name(where)}: {_units(units)}" for where, units in e["units"].items()),
    "setup-complete": lambda e: "Setup complete.",
    "base-chosen": lambda e: "The Rebels choose the hidden location of their base.",
    "drew-missions": lambda e: f"{_name(e['faction'])} draws {e['count']} mission card(s): {_cards(e['cards'])}",
    "drew-actions": lambda e: f"{_name(e['faction'])} draws {e['count']} action card(s): {_cards(e['cards'])}",
    "drew-objectives": lambda e: f"{_name(e['faction'])} draws {e['count']} objective(s): {_cards(e['cards'])}",
    "pass": lambda e: f"{_name(e['faction'])} passes.",
    "time": lambda e: f"The time marker advances to {e['time']}.",
    "base-revealed": lambda e: f"The Rebel base is revealed in {_name(e['system'])} ({e['how']})!",
    "loyalty": lambda e: f"{_name(e['system'])} is now {e['loyalty'] or 'neutral'}.",
    "subjugation": lambda e: f"{_name(e['system'])} is {'subjugated' if e['subjugated'] else 'no longer subjugated'}.",
    "destroyed": lambda e: f"{e['count']} {_name(e['unit'])} destroyed in {_name(e['at'])} ({e['cause']}).",
    "rescued": lambda e: f"{_name(e['leader'])} is rescued and goes to {_name(e['to'])}.",
    "reputation": lambda e: f"Rebel reputation marker now on {e['reputation']} ({e['cause']}).",
    "system-destroyed": lambda e: f"{_name(e['system'])} is destroyed ({e['cause']})!",
    "game-over": lambda e: f"Game over: {_name(e['winner'])} wins ({e['reason']}).",
}

QUIET = {"shuffle", "setup-probes"}


def describe(event: dict) -> str | None:
    kind = event["type"]
    if kind in QUIET:
        return ""
    line = LINES.get(kind)
    return line(event) if line else None
