"""`rebellion play`: a complete game between agents (or a person), told as it happens."""

from __future__ import annotations

import json
import os
import signal
import sys
from contextlib import contextmanager
from functools import partial

import click

from swrebellion.i18n import gettext as _

from .agents_opt import HELP as AGENTS_HELP
from .options import (check_output, game_options, lang_option, load_game_or_exit, refuse_same_files,
                      saved_humans)

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
@click.option("--human", type=click.Choice(["rebel", "empire"]),
              help="Play this side yourself at the terminal (a saved game remembers it: --load gives it back).")
@click.option("--save", "save_path", type=click.Path(dir_okay=False),
              help="Write a save file at the end, or when you quit (Ctrl-C, Ctrl-D, SIGTERM, SIGHUP). It holds "
                   "every secret of the game unless --referee is given (docs/saves.md). With --load and no --save "
                   "(nor --referee) the game is saved back to the file it was loaded from.")
@click.option("--referee", "referee_path", type=click.Path(dir_okay=False),
              help="Write the full save here instead, for a referee to keep; --save then gets only the human "
                   "side's view, which reveals nothing of the other side and cannot be continued.")
@click.option("--load", "load_path", type=click.Path(exists=True, dir_okay=False),
              help="Continue a saved game (its seed, expansions and setup come from the save); without --save, "
                   "its progress is saved back to that file, atomically.")
@click.option("--log", "log_format", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: a readable account; json: one public event per line on standard output (with --human, "
                   "the account and the questions go to standard error).")
@click.option("--html", "html_path", type=click.Path(dir_okay=False),
              help="Write an HTML replay of the game at the end (see `rebellion replay`).")
@click.option("--views", "views", default="public", show_default=True, metavar="VIEWS",
              help="Views the --html replay embeds: public, rebel, empire or all, comma-separated. A side's view "
                   "holds that side's secrets: anyone with the file can read them.")
@lang_option
def play(new_game, agents, human, save_path, referee_path, load_path, log_format, html_path, views):
    """Play a complete game and tell it: rounds, missions, combats, reveals, and the winner and why.

    \b
    Examples:
      rebellion play --seed 7
      rebellion play --human rebel --save my-game.json
      rebellion play --human empire --lang ru        # in Russian (or SWREBELLION_LANG=ru)
      rebellion play --human rebel --save mine.json --referee private/full.json
      rebellion play --expansion rise-of-the-empire --log json
      rebellion play --agents rebel=heuristic,empire=search
      rebellion play --pack my-pack --setup my-setup           a fan pack's setup
      rebellion play -x rise-of-the-empire --option mission_sets=choose

    \b
    A save holds the seed and every choice, so whoever can read it can replay the game and learn every hidden
    card and the Rebel base: keep it from the players, or give them the --referee form (docs/saves.md).
    """
    from swrebellion.engine.narration import account
    from swrebellion.engine.secrets import redact

    from . import agents_opt
    from .replay_cmd import replay_views, write_replay

    chosen = agents_opt.parse(agents)
    if human and (sys.stdin is None or sys.stdin.closed):
        raise click.UsageError("--human asks you at the terminal, but standard input is closed; run it at a "
                               "terminal (or give the answers on standard input)")
    check_output("--save", save_path)
    check_output("--referee", referee_path)
    check_output("--html", html_path)
    if save_path and referee_path and os.path.abspath(save_path) == os.path.abspath(referee_path):
        raise click.BadParameter("the referee's save and the player's view need two files", param_hint="--referee")
    # --load X --save X continues a game in its file (written atomically, from a whole state); anything else that
    # writes onto an input or onto another output would destroy it
    refuse_same_files({"--load": None}, {"--save": save_path, "--referee": referee_path, "--html": html_path})
    refuse_same_files({"--load": load_path, "--save": save_path, "--referee": referee_path}, {"--html": html_path})
    if load_path:
        new_game.refuse_with_load()
        game = load_game_or_exit(load_path)
        human = human or _side_of(saved_humans(load_path))
        if not save_path and not referee_path:  # Ctrl-D must not lose what was played since the load (issue 35 #4)
            save_path = load_path  # (the closing message says where it went)
            try:
                check_output("--load", save_path)
            except click.BadParameter as exc:
                raise click.BadParameter(f"{exc.message}; the game is saved back to the file it was loaded from "
                                         "unless --save names another", param_hint="--load") from None
    else:
        game = new_game.make(secret_seed=human is not None)
    embedded = replay_views(game, views) if html_path else ()
    seed = game.state["seed"]
    # With --log json the JSON events own standard output: everything for the person goes to standard error.
    to_stderr = log_format == "json"
    to_person = partial(click.echo, err=to_stderr)
    if log_format == "text":
        to_person(_setup_line(game, with_seed=human is None))
    humans = [p for p in game.state["players"] if human and p.split("-")[0] == human]
    person = _person(game, humans, to_stderr) if humans else None
    seats = {p: person if p in humans else agents_opt.make(chosen, agents_opt.side_of(p), seed * 31 + n)
             for n, p in enumerate(game.state["players"])}
    viewer = humans[0] if humans else None
    shown = 0
    stopped_by = None
    try:
        with _Signals().installed() as signals:
            while not game.over and game.pending:
                for decision in game.pending:
                    choice = seats[decision.player].choose(game, decision)
                    with signals.deciding():
                        game.apply(choice, player=decision.player)
                if person is None:
                    shown = _show(game, viewer, shown, log_format, account, redact)
                elif log_format == "json":
                    shown = _show(game, None, shown, log_format, account, redact)
    except (KeyboardInterrupt, EOFError, click.Abort):
        to_person("\n" + _("Game stopped."))
    except Stopped as exc:
        stopped_by = exc.signum
        to_person("\n" + _("Game stopped by {signal}.").format(signal=signal.Signals(exc.signum).name))
    finally:
        if person is not None:  # the account the person has not seen yet, once
            person.news(game)
        _show(game, viewer, shown, log_format, account, redact, skip_text=person is not None)
        _write_saves(game, viewer, save_path, referee_path, humans, to_person)
        if html_path:
            write_replay(game, html_path, embedded)
    if stopped_by is not None:
        raise SystemExit(128 + stopped_by)
    result = game.state["result"]
    if result and log_format == "json" and person is not None:  # the text account ends with it already
        to_person("\n" + winner_line(game, result))


def _setup_line(game, with_seed: bool) -> str:
    """The first line of the account: which setup is in use (and the packs beyond the built-in ones), and the seed
    unless a person plays (the seed determines every shuffle and die: it would tell them the other side's cards)."""
    from swrebellion.expansions.base.api.words import name

    setup = game.state["options"].get("setup", "base")
    fans = [p.id for p in game.rules.content.packs if not str(p.source).startswith("built-in")]
    packs = _("; packs {packs}").format(packs=", ".join(fans)) if fans else ""
    if not with_seed:
        return _("Setup: {setup} ({id}){packs}.").format(setup=name(game, setup), id=setup, packs=packs)
    return _("Setup: {setup} ({id}){packs}; seed {seed}.").format(setup=name(game, setup), id=setup, packs=packs,
                                                                   seed=game.state["seed"])


class _Signals:
    """While the game runs, SIGTERM and SIGHUP raise :class:`Stopped` and SIGINT raises KeyboardInterrupt, so the
    game is saved as for Ctrl-D; but only between decisions. ``Game.apply`` has no rollback, so a signal that
    arrived inside it would leave a state that no replay of the choices reaches, and the save written from it would
    not load ("state hash differs", issue 32 #10): such a signal waits until :meth:`deciding` ends."""

    def __init__(self) -> None:
        self.applying = False
        self.waiting: int | None = None

    def _raise(self, signum: int) -> None:
        if signum == signal.SIGINT:
            raise KeyboardInterrupt
        raise Stopped(signum)

    def handle(self, signum, frame) -> None:
        if self.applying:
            self.waiting = signum
        else:  # at a prompt or between decisions: stop now
            self._raise(signum)

    @contextmanager
    def deciding(self):
        """The block changes the game: a signal takes effect once it is over."""
        self.applying = True
        try:
            yield
        finally:
            self.applying = False
        if self.waiting is not None:
            signum, self.waiting = self.waiting, None
            self._raise(signum)

    @contextmanager
    def installed(self):
        numbers = (*STOP_SIGNALS, signal.SIGINT)
        previous = {number: signal.signal(number, self.handle) for number in numbers}
        try:
            yield self
        finally:
            for number, handler in previous.items():
                signal.signal(number, handler)


def _person(game, humans: list[str], to_stderr: bool):
    """The human seats' agent: one person for a side (both seats of a team), who sees the account once; the
    commands, headings and labels come from the enabled plugins (``swrebellion.presentation``)."""
    from swrebellion import presentation
    from swrebellion.engine.human import HumanAgent

    def ask(prompt: str) -> str:
        return click.prompt(prompt, prompt_suffix=": ", err=to_stderr, default="", show_default=False)

    return HumanAgent(humans, ask, partial(click.echo, err=to_stderr), commands=presentation.commands(game),
                      render=presentation.render, heading=presentation.heading, aside=presentation.aside)


def _side_of(players: list[str]) -> str | None:
    return players[0].split("-")[0] if players else None


def winner_line(game, result: dict) -> str:
    """Who won and why, in the reader's language (the account's last line; the game server's too)."""
    from swrebellion.expansions.base import api

    words = api.words.Words(game)
    reason = words.phrase(result["reason"])
    if result.get("winner") == "rebel":
        return _("The Rebels win: {reason}.").format(reason=reason)
    if result.get("winner") == "empire":
        return _("The Empire wins: {reason}.").format(reason=reason)
    return _("Nobody wins: {reason}.").format(reason=reason)


def _write_saves(game, viewer, save_path, referee_path, humans, say) -> None:
    from swrebellion.engine.save import save_game, save_view

    def full(g, p):
        save_game(g, p, humans=humans)

    if referee_path:
        _write(full, game, referee_path, _("Referee's save written to {path} (keep it from the players; continue "
                                           "with `rebellion play --load {path}`).").format(path=referee_path), say)
    if save_path and referee_path:
        _write(lambda g, p: save_view(g, viewer, p), game, save_path,
               _view_written(viewer).format(path=save_path), say)
    elif save_path:
        _write(full, game, save_path, _("Saved to {path} (continue it with `rebellion play --load {path}`; it "
                                        "reveals every secret of the game to whoever reads it).").format(path=save_path),
               say)


def _view_written(viewer: str | None) -> str:
    """The message for a player's view written beside the referee's save, naming the side in words."""
    if viewer is None:
        return _("The spectator's view written to {path} (no hidden information; not loadable).")
    if viewer.startswith("empire"):
        return _("The Imperial view written to {path} (no hidden information; not loadable).")
    return _("The Rebel view written to {path} (no hidden information; not loadable).")


def _write(writer, game, path, message, say) -> None:
    try:
        writer(game, path)
    except OSError as exc:
        click.echo(f"error: cannot write {path}: {exc.strerror or exc}", err=True)
        raise SystemExit(1) from None
    say(message)


def _show(game, viewer, shown, log_format, account, redact, skip_text: bool = False) -> int:
    """Print the events from ``shown`` on: JSON lines (public events) on standard output, or the account as
    ``viewer`` may read it (unless a person at the terminal reads it already: ``skip_text``)."""
    events = game.state["log"]
    if log_format == "json":
        for event in redact(events[shown:], None):
            click.echo(json.dumps(event, sort_keys=True))
    elif not skip_text:
        for line in account(game, viewer, shown):
            click.echo(line)
    return len(events)
