"""`rebellion odds`: the exact odds of a combat (issue 34; docs/odds.md), for forces typed in or for a system of a
saved game as one side sees it."""

from __future__ import annotations

import json

import click

from .options import expansion_options, lang_option, load_game_or_exit, pack_option, rules_or_exit


@click.command("odds")
@click.option("--attacker", metavar="UNITS", help='The side that rolls first: "3 x-wing, 1 corellian-corvette" '
              '(UNIT:N for units with N damage already: "1 mon-calamari-cruiser:2").')
@click.option("--defender", metavar="UNITS", help='The other side: "1 star-destroyer, 2 stormtrooper".')
@click.option("--system", metavar="SYSTEM", help="With --load: the forces in this system of the saved game.")
@click.option("--load", "load_path", type=click.Path(exists=True, dir_okay=False),
              help="A saved game to take the forces of --system from (its expansions come from the save).")
@click.option("--as", "side", type=click.Choice(["public", "rebel", "empire"]), default="public", show_default=True,
              help="With --load: whose view the forces are read in (only what that side may see).")
@click.option("--theater", type=click.Choice(["space", "ground", "both"]), default="both", show_default=True,
              help="One theater alone, or both and the whole combat. Nothing in space changes the ground battle, so "
                   "it can be asked alone where the whole combat is too large to work out.")
@click.option("--rounds", type=click.IntRange(min=1), default=None,
              help="Stop after this many combat rounds, at most 200 (default: until the combat ends).")
@click.option("--policy", type=click.Choice(["best", "heuristic"]), default="best", show_default=True,
              help="How both sides assign damage: as well as possible, or as the heuristic agent does (which is "
                   "answered for larger forces: in the base game up to the largest of a real game, with Rise of "
                   "the Empire's repairs up to some 8 a side on the ground).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text for a person, json for a program (the same in every language).")
@expansion_options
@pack_option
@lang_option
def odds(attacker, defender, system, load_path, side, theater, rounds, policy, fmt, active, packs):
    """The exact odds of a combat: for each theater and the whole combat, the chance that each side is wiped out,
    that both are, the survivors, and the expected damage after each round. Both sides assign damage as well as
    possible (or, with --policy heuristic, as the heuristic agent does). Cards, leaders and retreats are left out:
    every answer says so.

    \b
    Examples:
      rebellion odds --attacker "3 x-wing, 1 corellian-corvette, 2 rebel-trooper" \\
                     --defender "1 star-destroyer, 3 tie-fighter, 2 stormtrooper"
      rebellion odds --attacker "2 x-wing" --defender "2 tie-striker" -x rise-of-the-empire
      rebellion odds --system sullust --load game.json --as rebel --rounds 1
    """
    from swrebellion.expansions.base.api.combat import OddsError, OddsUnavailable, system_damage, system_forces
    from swrebellion.expansions.base.api.combat import odds as compute

    if load_path:
        if attacker or defender:
            raise click.UsageError("give either --attacker and --defender, or --system with --load, not both")
        if not system:
            raise click.UsageError("--load needs --system: the system whose forces to take")
        if packs:
            raise click.UsageError("--load takes the packs from the save; drop --pack")
        game = load_game_or_exit(load_path)
        viewer = None if side == "public" else side
        try:
            attacker_units, defender_units = system_forces(game, system, viewer)
            damage = system_damage(game, system, viewer)
        except OddsError as exc:
            raise click.UsageError(str(exc)) from None
    else:
        if system:
            raise click.UsageError("--system needs --load: the saved game the system is read from")
        if not attacker or not defender:
            raise click.UsageError('give --attacker and --defender, e.g. --attacker "2 x-wing" --defender '
                                   '"1 star-destroyer" (or --system with --load)')
        from swrebellion.engine import scenario

        rules = rules_or_exit(active(), packs)
        game = scenario.start(scenario.Scenario.model_validate({"name": "odds", "state": {}}), rules)
        attacker_units, damage = parse_units(game, attacker, "--attacker")
        defender_units, more = parse_units(game, defender, "--defender")
        damage.update(more)
    try:
        answer = compute(game, attacker_units, defender_units, theater, rounds=rounds, policy=policy, damage=damage,
                         patience=PATIENCE)
    except OddsUnavailable as exc:  # not the user's input: the optional extra is missing
        raise click.ClickException(str(exc)) from None
    except OddsError as exc:
        raise click.UsageError(str(exc)) from None
    from swrebellion.expansions.base.api.combat import odds_json, odds_text

    click.echo(json.dumps(odds_json(answer), indent=2) if fmt == "json" else odds_text(answer))


#: Seconds a query runs before the command says it is working: the first query after installing also compiles the
#: solver (about 12 s, once: docs/odds.md, How fast), and the largest battles it answers take some seconds.
PATIENCE = 2.0


def parse_units(game, text: str, option: str) -> tuple[dict[str, int], dict[str, list[int]]]:
    """``"3 x-wing, 1 star-destroyer:2"`` -> the counts ``{"x-wing": 3, "star-destroyer": 1}`` and the damage on
    them ``{"star-destroyer": [2]}`` (``COUNT UNIT:DAMAGE``: that many miniatures with that damage each; a count may
    be left out, 1). A bad part is a usage error naming the option, the part and, for an unknown unit, the nearest
    ids."""
    from swrebellion.expansions.base.api.content import units as unit_types

    units = unit_types(game)
    out: dict[str, int] = {}
    damage: dict[str, list[int]] = {}
    for number, part in enumerate(text.split(","), 1):
        words = part.split()
        if not words:
            raise click.UsageError(f"{option}: part {number} is empty (units are separated by commas)")
        count, unit = (words[0], words[1:]) if words[0].lstrip("-").isdigit() else ("1", words)
        if len(unit) != 1:
            raise click.UsageError(f"{option}: part {number} ({part.strip()!r}) should be a count and a unit id, "
                                   f"like '3 x-wing' (or '1 star-destroyer:2' for one with 2 damage)")
        name, colon, marks = unit[0].partition(":")
        if colon and not marks.isdigit():
            raise click.UsageError(f"{option}: part {number} ({part.strip()!r}): the damage after ':' must be a "
                                   f"whole number, like 'star-destroyer:2'")
        if int(count) < 1:
            raise click.UsageError(f"{option}: the count of {name} must be 1 or more, not {count}")
        if name not in units:
            from swrebellion.diagnostics import did_you_mean

            hint = did_you_mean(name, sorted(units)) or "`rebellion show UNIT` tells a unit's id"
            raise click.UsageError(f"{option}: unknown unit {name!r}; {hint}")
        health = units[name].health
        if colon and int(marks) and (health is None or int(marks) >= health):
            what = "it takes no damage" if health is None else f"damage is below its health, {health}"
            raise click.UsageError(f"{option}: part {number} ({part.strip()!r}): {name} cannot carry {marks} "
                                   f"damage ({what})")
        out[name] = out.get(name, 0) + int(count)
        if colon and int(marks):
            damage.setdefault(name, []).extend([int(marks)] * int(count))
    return out, damage
