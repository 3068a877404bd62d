"""`rebellion board`: a picture of the board (SVG) as one side, or the public, sees it."""

from __future__ import annotations

from pathlib import Path

import click

from .options import check_output, game_options, lang_option, load_game_or_exit, refuse_same_files, write_output


@click.command("board")
@click.option("--load", "load_path", type=click.Path(exists=True, dir_okay=False),
              help="Draw a saved game (its seed, expansions and setup come from the save).")
@click.option("--at", "step", type=click.IntRange(min=0), default=None,
              help="The step to draw: the board after this many decisions (0: setup, up to the first decision). "
                   "Default: the save's last step.")
@click.option("--as", "side", type=click.Choice(["public", "rebel", "empire"]), default="public", show_default=True,
              help="Whose view: only what that side may see is drawn (public: what both may see).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True, path_type=Path), required=True,
              help="The SVG file to write ('-' for standard output).")
@game_options
@lang_option
def board(load_path, step, side, output, new_game):
    """Draw the board as an SVG picture: the galaxy map by region with its routes, loyalty, subjugation,
    sabotage and destroyed systems, units by type with counts, leaders, the Rebel base space, the time and
    reputation track, the build queues, hands and decks, and what enabled expansions add (target markers).

    Without --load it draws the start of a new game (--seed, --expansion, --players, --setup, --pack). The same input
    always gives the same bytes. The picture scales to the window or page it is shown in; its words are in the
    language of --lang (or $SWREBELLION_LANG).

    \b
    Examples:
      rebellion board -o board.svg                                   # a new game, public view
      rebellion board --load game.json --as empire -o empire.svg     # the save's last step, as the Empire
      rebellion board --load game.json --at 120 --as rebel -o rebel.svg
      rebellion board --load game.json --lang ru -o board-ru.svg     # in Russian
    """
    from swrebellion.presentation import PresentationError, board_svg, game_at, viewer_for

    check_output("--output", output)
    refuse_same_files({"--load": load_path}, {"--output": output})
    if load_path:
        new_game.refuse_with_load()
        game = load_game_or_exit(load_path)
    else:
        game = new_game.make()
    try:
        if step is not None:
            game = game_at(game, step)
        player = viewer_for(game, side)
        svg = board_svg(game, player)
    except PresentationError as exc:
        raise click.UsageError(str(exc)) from None
    write_output(output, svg)
    if str(output) != "-":
        click.echo(f"Wrote {output} (step {len(game.state['choices'])}, {side} view).", err=True)
