"""`rebellion play`: a complete game between agents (or a person), told as it happens."""

from __future__ import annotations

import json

import click

from .options import expansion_options, rules_or_exit

AGENT_KINDS = ("random",)


@click.command("play")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the game's dice and shuffles.")
@expansion_options
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True, help="2, or 3-4 for team play.")
@click.option("--setup", "setup_id", default="base", show_default=True, help="Setup id from the packs.")
@click.option("--agents", default="random,random", show_default=True, metavar="REBEL,EMPIRE",
              help="Agent kind for each side (only 'random' ships with the kernel).")
@click.option("--human", type=click.Choice(["rebel", "empire"]), help="Play this side yourself at the terminal.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False, writable=True),
              help="Write a save file at the end (or when you quit).")
@click.option("--load", "load_path", type=click.Path(exists=True, dir_okay=False),
              help="Continue a saved game (its seed, expansions and setup come from the save).")
@click.option("--log", "log_format", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: a readable account; json: one event per line (public events only).")
def play(seed, active, players, setup_id, agents, human, save_path, load_path, log_format):
    """Play a complete game and tell it: rounds, missions, combats, reveals, and the winner and why.

    \b
    Examples:
      rebellion play --seed 7
      rebellion play --human rebel --save my-game.json
      rebellion play --expansion rise-of-the-empire --log json
    """
    from swrebellion.engine import Game, RandomAgent
    from swrebellion.engine.human import HumanAgent
    from swrebellion.engine.narration import account
    from swrebellion.engine.save import save_game
    from swrebellion.engine.secrets import redact

    kinds = [k.strip() for k in agents.split(",")]
    if len(kinds) != 2 or any(k not in AGENT_KINDS for k in kinds):
        raise click.BadParameter(f"give two of {', '.join(AGENT_KINDS)} separated by a comma", param_hint="--agents")
    if load_path:
        game = _load(load_path)
        seed = game.state["seed"]
    else:
        rules = rules_or_exit(active())
        try:
            game = Game.new(rules, seed, {"setup": setup_id, "players": players})
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None
    seats = {}
    for n, player in enumerate(game.state["players"]):
        faction = "rebel" if player.startswith("rebel") else "empire"
        if human == faction:
            seats[player] = HumanAgent(player, lambda text: click.prompt(text, prompt_suffix=": "), click.echo)
        else:
            seats[player] = RandomAgent(seed * 31 + n)
    viewer = next((p for p in game.state["players"] if p.startswith(human)), None) if human else None
    shown = 0
    try:
        while not game.over and game.pending:
            for decision in game.pending:
                game.apply(seats[decision.player].choose(game, decision), player=decision.player)
            if human is None:
                shown = _show(game, viewer, shown, log_format, account, redact)
    except (KeyboardInterrupt, click.Abort):
        click.echo("\nGame stopped.")
    finally:
        _show(game, viewer, shown, log_format, account, redact)
        if save_path:
            save_game(game, save_path)
            click.echo(f"Saved to {save_path} (continue it with `rebellion play --load {save_path}`).")
    result = game.state["result"]
    if result and log_format == "text":
        click.echo(f"\n{result['winner'].capitalize()} wins: {result['reason']}.")


def _load(path):
    from swrebellion.engine.save import SaveError, load_game
    from swrebellion.games import rules_for

    try:
        return load_game(path, rules_for)
    except SaveError as exc:
        click.echo(f"error: {path}: {exc}", err=True)
        raise SystemExit(1) from None


def _show(game, viewer, shown, log_format, account, redact) -> int:
    events = game.state["log"]
    if log_format == "json":
        for event in redact(events[shown:], viewer):
            click.echo(json.dumps(event, sort_keys=True))
    else:
        for line in account(game, viewer, shown):
            click.echo(line)
    return len(events)
