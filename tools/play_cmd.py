"""`rebellion play`: a complete game between agents (or a person), told as it happens."""

from __future__ import annotations

import json

import click

from .agents_opt import HELP as AGENTS_HELP
from .options import game_options, load_game_or_exit, new_game_or_exit


@click.command("play")
@game_options
@click.option("--agents", default="random,random", show_default=True, metavar="SIDE=AGENT,...", help=AGENTS_HELP)
@click.option("--human", type=click.Choice(["rebel", "empire"]), help="Play this side yourself at the terminal.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False, writable=True),
              help="Write a save file at the end (or when you quit).")
@click.option("--load", "load_path", type=click.Path(exists=True, dir_okay=False),
              help="Continue a saved game (its seed, expansions and setup come from the save).")
@click.option("--log", "log_format", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: a readable account; json: one event per line (public events only).")
@click.option("--html", "html_path", type=click.Path(dir_okay=False, writable=True),
              help="Write an HTML replay of the game at the end (see `rebellion replay`).")
@click.option("--views", "views", default="public", show_default=True, metavar="VIEWS",
              help="Views the --html replay embeds: public, rebel, empire or all, comma-separated. A side's view "
                   "holds that side's secrets: anyone with the file can read them.")
def play(seed, active, players, setup_id, agents, human, save_path, load_path, log_format, html_path, views):
    """Play a complete game and tell it: rounds, missions, combats, reveals, and the winner and why.

    \b
    Examples:
      rebellion play --seed 7
      rebellion play --human rebel --save my-game.json
      rebellion play --expansion rise-of-the-empire --log json
      rebellion play --agents rebel=heuristic,empire=search
    """
    from swrebellion.engine.human import HumanAgent
    from swrebellion.engine.narration import account
    from swrebellion.engine.save import save_game
    from swrebellion.engine.secrets import redact

    from .replay_cmd import replay_views, write_replay

    from . import agents_opt

    chosen = agents_opt.parse(agents)
    embedded = replay_views(views) if html_path else ()
    if load_path:
        game = load_game_or_exit(load_path)
        seed = game.state["seed"]
    else:
        game = new_game_or_exit(active, seed, setup_id, players)
    seats = {}
    for n, player in enumerate(game.state["players"]):
        faction = "rebel" if player.startswith("rebel") else "empire"
        if human == faction:
            seats[player] = HumanAgent(player, lambda text: click.prompt(text, prompt_suffix=": "), click.echo)
        else:
            seats[player] = agents_opt.make(chosen, faction, seed * 31 + n)
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
        if html_path:
            write_replay(game, html_path, embedded)
    result = game.state["result"]
    if result and log_format == "text":
        click.echo(f"\n{result['winner'].capitalize()} wins: {result['reason']}.")


def _show(game, viewer, shown, log_format, account, redact) -> int:
    events = game.state["log"]
    if log_format == "json":
        for event in redact(events[shown:], viewer):
            click.echo(json.dumps(event, sort_keys=True))
    else:
        for line in account(game, viewer, shown):
            click.echo(line)
    return len(events)
