"""How base-game events read in a game's account (``describe_event`` hook). Events arrive already redacted for
the viewer, so a hidden field shows as a count or not at all."""

from __future__ import annotations

from functools import partial

from swrebellion.engine.secrets import KEY

from .names import readable


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
    "assigned": lambda e, _name: f"{_name(e['faction'])} assigns {', '.join(map(_name, e['leaders']))} to a face-down mission.",
    "mission-revealed": lambda e, _name: f"{_name(e['faction'])} reveals {_name(e['card'])} ({e.get('mode', '')}) "
    f"with {', '.join(map(_name, e['leaders']))}.",
    "mission-system": lambda e, _name: f"  {_name(e['card'])} takes place in {_name(e['system'])}.",
    "opposed": lambda e, _name: f"  {_name(e['faction'])} sends {_name(e['leader'])} to oppose.",
    "mission-result": lambda e, _name: f"  {_name(e['card'])} {'succeeds' if e['success'] else 'fails'}"
    + (" (unopposed)" if e.get("unopposed") else "") + ".",
    "mission-returned": lambda e, _name: f"{_name(e['faction'])}'s unrevealed mission goes back to hand.",
    "action-played": lambda e, _name: f"{_name(e['faction'])} plays the action card {_name(e['card'])}.",
    "activate": lambda e, _name: f"{_name(e['faction'])} activates {_name(e['system'])} with {_name(e['leader'])}.",
    "moved": lambda e, _name: f"  {_name(e['faction'])} moves {_units(e['units'], _name)} from {_name(e.get('source') or e.get('from'))} "
    f"to {_name(e['to'])}.",
    "combat": lambda e, _name: f"Combat in {_name(e['system'])}!",
    "combat-round": lambda e, _name: f"  Combat round {e['round']} in {_name(e['system'])}.",
    "leader-added": lambda e, _name: f"  {_name(e['faction'])} adds {_name(e['leader'])} to the combat.",
    "tactics-drawn": lambda e, _name: f"  {_name(e['faction'])} draws {e['count']} {e['theater']} tactic card(s).",
    "tactic-played": lambda e, _name: f"  {_name(e['faction'])} plays {_name(e['card'])}.",
    "damage": lambda e, _name: f"  {_name(e['faction'])} takes {e['theater']} damage: "
    + "; ".join(f"{_name(u)} {'+'.join(map(str, hits))}" for u, hits in sorted(e["dealt"].items())) + ".",
    "blocked": lambda e, _name: f"  {_name(e['faction'])} blocks {e['amount']} damage with {_name(e['card'])}.",
    "tactic-discarded": lambda e, _name: f"  {_name(e['faction'])} discards {_name(e['card'])}.",
    "combat-effect": lambda e, _name: f"  {_name(e['faction'])} is affected: {e['kind'].replace('-', ' ')} "
    f"(until the end of the {e['until']}).",
    "battle-won": lambda e, _name: f"  {_name(e['winner'])} wins the {e['theater']} battle in {_name(e['system'])}.",
    "combat-end": lambda e, _name: f"  The combat in {_name(e['system'])} is over.",
    "death-star-plans": lambda e, _name: "  Death Star Plans: " + ("the Death Star is destroyed!" if e["hit"] else "no direct hit."),
    "captured": lambda e, _name: f"{_name(e['leader'])} is captured in {_name(e['at'])}.",
    "sabotage": lambda e, _name: f"Sabotage in {_name(e['system'])}." if e["placed"] else "",
    "recruited": lambda e, _name: f"{_name(e['faction'])} recruits {_name(e['leader'])}.",
    "built": lambda e, _name: f"{_name(e['faction'])} builds a {_name(e['unit'])} (queue space {e['space']}).",
    "deployed": lambda e, _name: f"{_name(e['faction'])} deploys a {_name(e['unit'])} to {_name(e['to'])}.",
    "leaders-retrieved": lambda e, _name: "Leaders return to their pools.",
    "drew-probes": lambda e, _name: f"{_name(e['faction'])} draws {e['count']} probe card(s): {_cards(e.get('cards', []), _name)}",
    "objective-scored": lambda e, _name: f"The Rebels complete {_name(e['card'])}"
    + (f" (+{e['reputation']} reputation)." if e.get("reputation") else "."),
    "base-relocated": lambda e, _name: f"The Rebels move their base away from {_name(e['old'])}.",
    "gained-units": lambda e, _name: f"{_name(e['faction'])} gains {e['count']} {_name(e['unit'])} in {_name(e['at'])}.",
    "discarded-mission": lambda e, _name: f"{_name(e['faction'])} discards a mission card ({e['cause']}).",
    "not-deployed": lambda e, _name: f"{_name(e['faction'])}'s {_name(e['unit'])} waits on build-queue space 1.",
    "kept-action": lambda e, _name: f"{_name(e['faction'])} keeps an action card.",
    "drew-projects": lambda e, _name: f"{_name(e['faction'])} draws {e['count']} project card(s).",
    "move": lambda e, _name: f"  {_name(e['faction'])} moves {_units(e['units'], _name) or 'no units'} from "
    f"{_name(e['from'])} to {_name(e['to'])}.",
    "retreat": lambda e, _name: f"  {_name(e['faction'])} retreats {_units(e['units'], _name)} to {_name(e['to'])}.",
    "setup-complete": lambda e, _name: "Setup complete.",
    "base-chosen": lambda e, _name: "The Rebels choose the hidden location of their base.",
    "drew-missions": lambda e, _name: f"{_name(e['faction'])} draws {e['count']} mission card(s): {_cards(e['cards'], _name)}",
    "drew-actions": lambda e, _name: f"{_name(e['faction'])} draws {e['count']} action card(s): {_cards(e['cards'], _name)}",
    "drew-objectives": lambda e, _name: f"{_name(e['faction'])} draws {e['count']} objective(s): {_cards(e['cards'], _name)}",
    "pass": lambda e, _name: f"{_name(e['faction'])} passes.",
    "time": lambda e, _name: f"The time marker advances to {e['time']}.",
    "base-revealed": lambda e, _name: f"The Rebel base is revealed in {_name(e['system'])} ({e['how']})!",
    "loyalty": lambda e, _name: f"{_name(e['system'])} is now "
    + {"rebel": "loyal to the Rebellion.", "empire": "loyal to the Empire.", None: "neutral."}[e["loyalty"]],
    "subjugation": lambda e, _name: f"{_name(e['system'])} is {'subjugated' if e['subjugated'] else 'no longer subjugated'}.",
    "destroyed": lambda e, _name: f"{e['count']} {_name(e['unit'])} destroyed in {_name(e['at'])} ({e['cause']}).",
    "rescued": lambda e, _name: f"{_name(e['leader'])} is rescued and goes to {_name(e['to'])}.",
    "reputation": lambda e, _name: f"Rebel reputation marker now on {e['reputation']} ({e['cause']}).",
    "system-destroyed": lambda e, _name: f"{_name(e['system'])} is destroyed ({e['cause']})!",
    "game-over": lambda e, _name: f"Game over: {_name(e['winner'])} wins ({e['reason']}).",
    # Imperial mission and project cards (ops_empire)
    "detained": lambda e, _name: f"{_name(e['leader'])} is detained in {_name(e['at'])} until after the next Refresh.",
    "leader-detained": lambda e, _name: f"{_name(e['leader'])} stays detained in {_name(e['at'])}.",
    "leaders-moved": lambda e, _name: f"{', '.join(map(_name, e['leaders']))} "
    + (f"taken from {_name(e['source'])} to " if e.get("source") else "go to ")
    + (f"{_name(e['to'])}." if e["to"] != "pool" else "the leader pool."),
    "queue-moved": lambda e, _name: f"{_name(e['faction'])} moves a {_name(e['unit'])} from build-queue space "
    f"{e['source']} to {e['to']}.",
    "probes-handed": lambda e, _name: f"The Rebels hand over {e['count']} probe card(s): {_cards(e['cards'], _name)}",
    "base-answer": lambda e, _name: f"The Rebels answer that their base is {'' if e['here'] else 'not '}in "
    + (f"the region of {_name(e['system'])}." if e.get("region") else f"{_name(e['system'])}."),
    "objective-buried": lambda e, _name: "A Rebel objective"
    + (f" ({_name(e['card'])})" if isinstance(e["card"], str) else "") + " goes to the bottom of the objective deck.",
    # Rebel mission cards and Return of the Jedi (ops_rebel)
    "leader-effect": lambda e, _name: f"  Until the end of the round {_name(e['leader'])} "
    + ("cannot be opposed by a leader sent from the other pool." if e["kind"] == "no-opposition"
       else f"gains {e['amount']} extra successes when attempting a mission."),
    "probes-taken": lambda e, _name: f"The Rebels take {e['count']} probe card(s) from the Imperial hand: "
    f"{_cards(e['cards'], _name)}",
    "probes-planted": lambda e, _name: f"  They go back into the probe deck: {e['top']} on top, "
    f"{e['bottom']} at the bottom.",
    "leader-replaced": lambda e, _name: f"  {_name(e['leader'])} becomes {_name(e['by'])}.",
    "leader-eliminated": lambda e, _name: f"{_name(e['leader'])} is eliminated"
    + (f" in {_name(e['at'])}." if e.get("at") else "."),
    "objectives-to-bottom": lambda e, _name: f"  {e['count']} objective(s) go to the bottom of the objective deck.",
}

QUIET = {"shuffle", "mission-ended", "reveal-choices", "setup-probes", "roll", "effect-chosen", "target", "loyalty-unchanged", "queue-advanced"}


def word(lines: dict, event: dict, namer) -> str | None:
    """The line ``lines`` gives an event, or ``None`` (no wording, or the event was logged with other fields than
    the wording expects: the kernel's plain wording then tells it, and an account never fails)."""
    line = lines.get(event["type"])
    if line is None:
        return None
    try:
        return line(event, namer)
    except (KeyError, TypeError, AttributeError):
        return None


def describe(game, event: dict) -> str | None:
    if event["type"] in QUIET:
        return ""
    return word(LINES, event, partial(readable, game))
