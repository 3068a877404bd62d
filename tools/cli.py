"""The ``rebellion`` command. Subcommands live in their own modules and are imported only when run, so that
``rebellion --help`` and ``rebellion --version`` stay fast (no pydantic, no jsonschema; benchmarks/startup.py)."""

from __future__ import annotations

import errno
import importlib

import click

from swrebellion import __version__
from swrebellion.errors import UnknownIdError

#: name -> (module, attribute, one-line help shown by `rebellion --help`)
COMMANDS = {
    "validate": ("swrebellion.tools.validate_cmd", "validate", "Check content packs: schema, references, map."),
    "packs": ("swrebellion.tools.packs_cmd", "packs",
              "List the packs that would be loaded; add or remove fan packs; upgrade a pack's old effect steps."),
    "schema": ("swrebellion.tools.schema_cmd", "schema", "Export or check the JSON Schemas of content files."),
    "new": ("swrebellion.tools.new_cmd", "new", "Scaffold a fan pack, or an expansion package, that works as made."),
    "expansions": ("swrebellion.tools.expansions_cmd", "expansions", "List, enable and disable expansions."),
    "cards": ("swrebellion.tools.cards_cmd", "cards", "Look up cards and what their effect data does."),
    "print": ("swrebellion.tools.print_cmd", "print_", "Print-ready PDF sheets of cards, in any of our languages."),
    "show": ("swrebellion.tools.show_cmd", "show", "Look up any item of the packs: a card, unit, leader, system, setup."),
    "setups": ("swrebellion.tools.setups_cmd", "setups", "List the setups of the packs and the default one."),
    "play": ("swrebellion.tools.play_cmd", "play", "Play a complete game (agents or you) and tell it."),
    "scenario": ("swrebellion.tools.scenario_cmd", "scenario", "Run rules scenarios (the rules test format)."),
    "board": ("swrebellion.tools.board_cmd", "board", "Draw the board (SVG) as a side or the public sees it."),
    "replay": ("swrebellion.tools.replay_cmd", "replay", "A saved game as one HTML page, step by step."),
    "simulate": ("swrebellion.tools.simulate_cmd", "simulate", "Play many seeded games between agents; win shares."),
    "serve": ("swrebellion.tools.serve_cmd", "serve", "Play in the browser: a game server for friends and bots."),
    "balance": ("swrebellion.tools.balance_cmd", "balance", "Is a fan pack too strong? Paired games with and without."),
    "odds": ("swrebellion.tools.odds_cmd", "odds", "Exact combat odds of two forces, or of a system in a saved game."),
}


#: Deprecated names that still work, hidden from the help: name -> (module, attribute)
DEPRECATED = {"pack": ("swrebellion.tools.pack_cmd", "pack")}  # `rebellion packs` since issue 35 #16


class LazyGroup(click.Group):
    """A group whose subcommands are imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS and name not in DEPRECATED:
            return None
        module, attr = COMMANDS[name][:2] if name in COMMANDS else DEPRECATED[name]
        return getattr(importlib.import_module(module), attr)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def invoke(self, ctx: click.Context):
        """Run the command; an unexpected error is one line naming the expansion whose code raised it (a
        third-party plugin's bug must not look like ours), never a traceback, unless SWREBELLION_DEBUG is set."""
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            _quiet_broken_pipe()
        except OSError as exc:
            if exc.filename is not None or exc.errno not in _OUTPUT_FULL:
                raise
            _output_failed(exc)
        except (click.ClickException, click.Abort, click.exceptions.Exit, SystemExit, KeyboardInterrupt):
            raise
        except UnknownIdError as exc:  # bad card data, not a bug in our code: no "please report it"
            click.echo(f"error: {exc}", err=True)
            raise SystemExit(1) from None
        except Exception as exc:  # noqa: BLE001 - the last line of defence of the command line
            import os

            if os.environ.get("SWREBELLION_DEBUG"):
                raise
            from swrebellion.plugins import blame, discover

            discovery = discover()
            culprit = blame(exc, discovery)
            where = f"expansion {culprit!r} failed" if culprit else "unexpected error"
            click.echo(f"error: {where}: {type(exc).__name__}: {exc}", err=True)
            # a third-party expansion's failure goes to its authors; one shipped with swrebellion comes to us
            theirs = culprit in discovery.installed and not discovery.installed[culprit].source.startswith("swrebellion ")
            click.echo("  (set SWREBELLION_DEBUG=1 to see the traceback; please report it"
                       + (f" to the authors of {culprit!r})" if theirs else ")"), err=True)
            raise SystemExit(1) from None


#: errors of a write to standard output that the user can fix (`rebellion play > /dev/full`, a full disk or quota)
_OUTPUT_FULL = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO}


def _output_failed(exc: OSError) -> None:
    """Standard output could not take what the command wrote: one line on stderr, exit 1."""
    click.echo(f"error: cannot write the output: {exc.strerror or exc}", err=True)
    _stop_writing(1)


def _quiet_broken_pipe() -> None:
    """The reader of our output went away (``rebellion play | head -1``): stop quietly, as any Unix tool does, with
    the shell's status for a process a broken pipe ends (128 + SIGPIPE)."""
    import signal

    _stop_writing(128 + signal.SIGPIPE)


def _stop_writing(status: int) -> None:
    """Exit with ``status``, standard output pointed at /dev/null first: Python's own flush at exit would otherwise
    fail on it a second time."""
    import os
    import sys

    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    os.close(devnull)
    raise SystemExit(status)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="rebellion")
def main() -> None:
    """Star Wars: Rebellion toolkit: play games, author and validate content packs, switch expansions.

    \b
    Common jobs:
      rebellion play --seed 7            watch two random agents play a whole game
      rebellion play --human rebel       play the Rebels yourself at the terminal
      rebellion validate                 check the built-in packs of the enabled expansions
      rebellion validate my-pack/        check a fan pack (exit 1 on content errors)
      rebellion expansions list          see which expansions are installed and enabled
      rebellion new pack my-pack         start a fan pack (docs/authoring.md)
      rebellion play --pack my-pack      play with a fan pack (every content command takes --pack)
      rebellion new plugin my-rules      start an expansion with rules of its own (docs/plugins.md)
      rebellion cards show sabotage      a card's facts and what its effect data does
      rebellion print -o cards.pdf       every card, ready to print and cut (docs/printing.md)
      rebellion board -o board.svg       a picture of the board (--load SAVE --as rebel ...)
      rebellion replay game.json -o game.html   a saved game, step by step, in a browser
      rebellion simulate -n 200          heuristic agents play 200 games: who wins, how, which cards
      rebellion balance --pack my-pack/  does a fan pack change who wins? (--report report.html)

    Run `rebellion COMMAND --help` for each command's options.
    """
