"""`rebellion replay`: a saved game as one self-contained HTML page, the board at every step beside the account."""

from __future__ import annotations

from pathlib import Path

import click

from .options import check_output, lang_option, load_game_or_exit, refuse_same_files, write_output

VIEWS_HELP = ("Views to embed: public, rebel, empire or all, comma-separated. Careful: a side's view holds that "
              "side's secrets (the base, the cards in hand), and anybody with the file can read them, whichever "
              "view the page shows.")


@click.command("replay")
@click.argument("save", type=click.Path(exists=True, dir_okay=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True, path_type=Path), required=True,
              help="The HTML file to write.")
@click.option("--views", default="public", show_default=True, metavar="VIEWS", help=VIEWS_HELP)
@lang_option
def replay(save, output, views):
    """Write a saved game as one HTML page: the board at every step beside the account, with previous/next
    buttons, a slider, the keyboard (arrows, Home/End, Page Up/Down, Space to play) and a choice of view.

    One step is one decision answered (step 0: setup, up to the first decision). The page needs no network:
    no external scripts, styles or fonts. By default only the public view is embedded, so the file can be
    shared without giving away either side's secrets. The page (its buttons, the board's labels, the account) is
    in the language of --lang (or $SWREBELLION_LANG).

    \b
    Examples:
      rebellion play --seed 7 --save game.json && rebellion replay game.json -o game.html
      rebellion replay game.json -o game.html --views all        # all three views (holds both sides' secrets)
      rebellion replay game.json -o rebel.html --views public,rebel
      rebellion replay game.json -o game-tr.html --lang tr           # in Turkish
    """
    check_output("--output", output)
    refuse_same_files({"SAVE": save}, {"--output": output})
    game = load_game_or_exit(save)
    write_replay(game, output, replay_views(game, views))


def replay_views(game, text: str) -> tuple[str, ...]:
    """The ``--views`` value checked against ``game``'s views (a bad one is a usage error, exit 2)."""
    from swrebellion.presentation import PresentationError, parse_views

    try:
        return parse_views(game, text)
    except PresentationError as exc:
        raise click.BadParameter(str(exc), param_hint="--views") from None


def write_replay(game, path, views) -> None:
    from swrebellion.presentation import replay_html

    page = replay_html(game, views)
    write_output(path, page)
    shown = ", ".join(views)
    click.echo(f"Wrote {path}: {len(game.state['choices']) + 1} steps, views {shown}, {len(page.encode()) // 1024} KiB.",
               err=True)
