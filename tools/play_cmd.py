"""`rebellion play`: a complete game between agents (or a person), told as it happens."""

from __future__ import annotations

import json
import os
import signal
from contextlib import contextmanager
from pathlib import Path

import click

from .agents_opt import HELP as AGENTS_HELP
from .options import game_options, load_game_or_exit

#: Signals that end a game the way Ctrl-D does: saved (with --save), then the process exits 128 + the signal.
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))


class Stopped(BaseException):
    """SIGTERM or SIGHUP arrived: stop the game and save it. A BaseException, so no ``except Exception`` in rules
    code can swallow it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@click.command("play")
@game_options
@click.option("--agents", default="random,random", show_default=True, metavar="SIDE=AGENT,...", help=AGENTS_HELP)
@click.option("--human", type=click.Choice(["rebel", "empire"]), help="Play this side yourself at the terminal.")
@click.option("--save", "save_path", type=click.Path(dir_okay=False),
              help="Write a save file at the end, or when you quit (Ctrl-C, Ctrl-D, SIGTERM, SIGHUP). It holds "
                   "every secret of the game unless --referee is given (docs/saves.md).")
@click.option("--referee", "referee_path", type=click.Path(dir_okay=False),
              help="Write the full save here instead, for a referee to keep; --save then gets only the human "
                   "side's view, which reveals nothing of the other side and cannot be continued.")
@click.option("--load", "load_path", type=click.Path(exists=True, dir_okay=False),
              help="Continue a saved game (its seed, expansions and setup come from the save).")
@click.option("--log", "log_format", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: a readable account; json: one event per line (public events only).")
@click.option("--html", "html_path", type=click.Path(dir_okay=False),
              help="Write an HTML replay of the game at the end (see `rebellion replay`).")
@click.option("--views", "views", default="public", show_default=True, metavar="VIEWS",
              help="Views the --html replay embeds: public, rebel, empire or all, comma-separated. A side's view "
                   "holds that side's secrets: anyone with the file can read them.")
def play(new_game, agents, human, save_path, referee_path, load_path, log_format, html_path, views):
    """Play a complete game and tell it: rounds, missions, combats, reveals, and the winner and why.

    \b
    Examples:
      rebellion play --seed 7
      rebellion play --human rebel --save my-game.json
      rebellion play --human rebel --save mine.json --referee private/full.json
      rebellion play --expansion rise-of-the-empire --log json
      rebellion play --agents rebel=heuristic,empire=search
      rebellion play --pack my-pack --setup my-setup           a fan pack's setup
      rebellion play -x rise-of-the-empire --mission-sets choose

    \b
    A save holds the seed and every choice, so whoever can read it can replay the game and learn every hidden
    card and the Rebel base: keep it from the players, or give them the --referee form (docs/saves.md).
    """
    from swrebellion.engine.human import HumanAgent
    from swrebellion.engine.narration import account
    from swrebellion.engine.secrets import redact

    from .replay_cmd import replay_views, write_replay

    from . import agents_opt

    chosen = agents_opt.parse(agents)
    embedded = replay_views(views) if html_path else ()
    _check_writable("--save", save_path)
    _check_writable("--referee", referee_path)
    _check_writable("--html", html_path)
    if save_path and referee_path and os.path.abspath(save_path) == os.path.abspath(referee_path):
        raise click.BadParameter("the referee's save and the player's view need two files", param_hint="--referee")
    if load_path:
        new_game.refuse_with_load()
        game = load_game_or_exit(load_path)
    else:
        game = new_game.make()
    seed = game.state["seed"]
    if log_format == "text":
        click.echo(_setup_line(game))
    seats = {}
    for n, player in enumerate(game.state["players"]):
        faction = "rebel" if player.startswith("rebel") else "empire"
        if human == faction:
            seats[player] = HumanAgent(player, lambda text: click.prompt(text, prompt_suffix=": "), click.echo)
        else:
            seats[player] = agents_opt.make(chosen, faction, seed * 31 + n)
    viewer = next((p for p in game.state["players"] if p.startswith(human)), None) if human else None
    shown = 0
    stopped_by = None
    try:
        with _stop_on_signals():
            while not game.over and game.pending:
                for decision in game.pending:
                    game.apply(seats[decision.player].choose(game, decision), player=decision.player)
                if human is None:
                    shown = _show(game, viewer, shown, log_format, account, redact)
    except (KeyboardInterrupt, click.Abort):
        click.echo("\nGame stopped.")
    except Stopped as exc:
        stopped_by = exc.signum
        click.echo(f"\nGame stopped by {signal.Signals(exc.signum).name}.")
    finally:
        _show(game, viewer, shown, log_format, account, redact)
        _write_saves(game, viewer, save_path, referee_path)
        if html_path:
            write_replay(game, html_path, embedded)
    if stopped_by is not None:
        raise SystemExit(128 + stopped_by)
    result = game.state["result"]
    if result and log_format == "text":
        click.echo(f"\n{result['winner'].capitalize()} wins: {result['reason']}.")


def _setup_line(game) -> str:
    """The first line of the account: which setup is in use (and the packs beyond the built-in ones)."""
    from swrebellion.expansions.base.api import label

    setup = game.state["options"].get("setup", "base")
    fans = [p.id for p in game.rules.content.packs if not str(p.source).startswith("built-in")]
    packs = f"; packs {', '.join(fans)}" if fans else ""
    return f"Setup: {label(game, setup)} ({setup}){packs}; seed {game.state['seed']}."


def _check_writable(option: str, path) -> None:
    """Refuse a save path that could not be written now, before the game (not after an hour of play)."""
    if not path:
        return
    from swrebellion.safefile import check_writable

    try:
        check_writable(path)
    except OSError as exc:
        reason = str(exc) if exc.strerror is None else f"{exc.strerror} (in the folder {Path(path).parent})"
        raise click.BadParameter(f"cannot write {path}: {reason}", param_hint=option) from None


@contextmanager
def _stop_on_signals():
    """While the game runs, SIGTERM and SIGHUP raise :class:`Stopped`, so the game is saved as for Ctrl-D."""
    def stop(signum, frame):
        raise Stopped(signum)

    previous = {number: signal.signal(number, stop) for number in STOP_SIGNALS}
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def _write_saves(game, viewer, save_path, referee_path) -> None:
    from swrebellion.engine.save import save_game, save_view

    if referee_path:
        _write(save_game, game, referee_path, f"Referee's save written to {referee_path} (keep it from the "
               f"players; continue with `rebellion play --load {referee_path}`).")
    if save_path and referee_path:
        _write(lambda g, p: save_view(g, viewer, p), game, save_path,
               f"{viewer or 'The spectator'}'s view written to {save_path} (no hidden information; not loadable).")
    elif save_path:
        _write(save_game, game, save_path, f"Saved to {save_path} (continue it with `rebellion play --load "
               f"{save_path}`; it reveals every secret of the game to whoever reads it).")


def _write(writer, game, path, message) -> None:
    try:
        writer(game, path)
    except OSError as exc:
        click.echo(f"error: cannot write {path}: {exc.strerror or exc}", err=True)
        raise SystemExit(1) from None
    click.echo(message)


def _show(game, viewer, shown, log_format, account, redact) -> int:
    events = game.state["log"]
    if log_format == "json":
        for event in redact(events[shown:], viewer):
            click.echo(json.dumps(event, sort_keys=True))
    else:
        for line in account(game, viewer, shown):
            click.echo(line)
    return len(events)
