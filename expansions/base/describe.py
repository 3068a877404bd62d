"""How base-game events read in a game's account (``describe_event`` hook). Events arrive already redacted for
the viewer, so a hidden field shows as a count or not at all."""

from __future__ import annotations

from swrebellion.engine.secrets import KEY

from .tables import tables


class Namer:
    """Content names for ids ("at-st" -> "AT-ST"), falling back to the id made readable."""

    def __init__(self, names: dict[str, str]) -> None:
        self.names = names

    def __call__(self, value) -> str:
        if isinstance(value, str):
            return self.names.get(value) or value.replace("-", " ").capitalize()
        return str(value)


def _cards(value, _name) -> str:
    if isinstance(value, dict) and KEY in value:
        return f"{value.get('count', 'some')} card(s)"
    return ", ".join(_name(v) for v in value) if value else "nothing"


def _units(units: dict, _name) -> str:
    return ", ".join(f"{n} {_name(u)}" for u, n in sorted(units.items()))


LINES = {
    "round": lambda e, _name: f"\n== Round {e['round']} (time {e['time']}, reputation {e['reputation']}) ==",
    "setup-loyalty": lambda e, _name: (
        f"Setup: Rebel loyalty in {', '.join(map(_name, e['rebel']))}; subjugated "
        f"{', '.join(map(_name, e['subjugated']))}; Imperial loyalty in {', '.join(map(_name, e['imperial']))}"
    ),
    "starting-units": lambda e, _name: f"{_name(e['faction'])} starting units: "
    + "; ".join(f"{_name(where)}: {_units(units, _name)}" for where, units in e["units"].items()),
    "setup-complete": lambda e, _name: "Setup complete.",
    "base-chosen": lambda e, _name: "The Rebels choose the hidden location of their base.",
    "drew-missions": lambda e, _name: f"{_name(e['faction'])} draws {e['count']} mission card(s): {_cards(e['cards'], _name)}",
    "drew-actions": lambda e, _name: f"{_name(e['faction'])} draws {e['count']} action card(s): {_cards(e['cards'], _name)}",
    "drew-objectives": lambda e, _name: f"{_name(e['faction'])} draws {e['count']} objective(s): {_cards(e['cards'], _name)}",
    "pass": lambda e, _name: f"{_name(e['faction'])} passes.",
    "time": lambda e, _name: f"The time marker advances to {e['time']}.",
    "base-revealed": lambda e, _name: f"The Rebel base is revealed in {_name(e['system'])} ({e['how']})!",
    "loyalty": lambda e, _name: f"{_name(e['system'])} is now {e['loyalty'] or 'neutral'}.",
    "subjugation": lambda e, _name: f"{_name(e['system'])} is {'subjugated' if e['subjugated'] else 'no longer subjugated'}.",
    "destroyed": lambda e, _name: f"{e['count']} {_name(e['unit'])} destroyed in {_name(e['at'])} ({e['cause']}).",
    "rescued": lambda e, _name: f"{_name(e['leader'])} is rescued and goes to {_name(e['to'])}.",
    "reputation": lambda e, _name: f"Rebel reputation marker now on {e['reputation']} ({e['cause']}).",
    "system-destroyed": lambda e, _name: f"{_name(e['system'])} is destroyed ({e['cause']})!",
    "game-over": lambda e, _name: f"Game over: {_name(e['winner'])} wins ({e['reason']}).",
}

QUIET = {"shuffle", "setup-probes"}


def describe(game, event: dict) -> str | None:
    kind = event["type"]
    if kind in QUIET:
        return ""
    line = LINES.get(kind)
    return line(event, Namer(tables(game).names)) if line else None
