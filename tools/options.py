"""Options shared by every command that plays or validates."""

from __future__ import annotations

import functools

import click


def expansion_options(func):
    """Add ``--expansion NAME`` and ``--no-expansion NAME`` (both repeatable) and pass an ``active`` factory."""

    @click.option(
        "--expansion",
        "-x",
        "enable",
        multiple=True,
        metavar="NAME",
        help="Enable an expansion for this run (repeatable). See `rebellion expansions list`.",
    )
    @click.option(
        "--no-expansion",
        "disable",
        multiple=True,
        metavar="NAME",
        help="Disable an expansion for this run (repeatable). SWREBELLION_EXPANSIONS overrides both.",
    )
    @functools.wraps(func)
    def wrapper(*args, enable, disable, **kwargs):
        return func(*args, active=lambda: activate_or_exit(enable, disable), **kwargs)

    return wrapper


def activate_or_exit(enable, disable):
    """Resolve the expansion selection; a bad selection is a usage error (exit 2) with the reason."""
    from swrebellion.plugins import ExpansionError, activate

    try:
        active = activate(enable, disable)
    except ExpansionError as exc:
        raise click.UsageError(str(exc)) from None
    for warning in active.warnings:
        click.echo(f"warning: {warning}", err=True)
    return active


def rules_or_exit(active, packs=()):
    """The Rules of the enabled expansions and their packs (plus ``packs`` folders), for commands that play. Content
    errors exit 1 (run `rebellion validate` for all of them); a plugin that fails while its rules are registered
    exits 2, named; warnings (a plugin adjusting a value nobody declares, ...) go to stderr."""
    from swrebellion.engine import PluginError
    from swrebellion.games import ContentError, rules_from_active

    try:
        rules = rules_from_active(active, tuple(str(p) for p in packs))
    except ContentError as exc:
        click.echo(f"error: {exc}", err=True)
        raise SystemExit(1) from None
    except PluginError as exc:
        raise click.UsageError(str(exc)) from None
    for warning in rules.warnings:
        click.echo(f"warning: {warning}", err=True)
    return rules


def game_options(func):
    """The options that make a new game: ``--seed``, ``--expansion``/``--no-expansion``, ``--players``, ``--setup``."""
    func = click.option("--setup", "setup_id", default="base", show_default=True, help="Setup id from the packs.")(func)
    func = click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True,
                        help="2, or 3-4 for team play.")(func)
    func = expansion_options(func)
    return click.option("--seed", type=int, default=None,
                        help="Seed of the game's dice and shuffles (default: a fresh random seed, printed on "
                             "stderr so the game can be played again).")(func)


def new_game_or_exit(active, seed: int | None, setup_id: str, players: int):
    """A new game with the selected expansions: content errors exit 1, a bad setup or player count exits 2. Without
    a seed, a fresh random one, printed on stderr."""
    from swrebellion.engine import Game

    if seed is None:
        import secrets

        seed = secrets.randbelow(2**32)
        click.echo(f"Seed {seed} (play this game again with --seed {seed}).", err=True)
    rules = rules_or_exit(active())
    try:
        return Game.new(rules, seed, {"setup": setup_id, "players": players})
    except ValueError as exc:
        raise click.UsageError(str(exc)) from None


def load_game_or_exit(path):
    """A saved game replayed and checked; a save that cannot be loaded exits 1 with the reason."""
    from swrebellion.engine.save import SaveError, load_game
    from swrebellion.games import rules_for

    try:
        return load_game(path, rules_for)
    except SaveError as exc:
        click.echo(f"error: {path}: {exc}", err=True)
        raise SystemExit(1) from None


def saved_humans(path) -> list[str]:
    """The seats a person played in a saved game (``humans`` in the save), so that ``--load`` gives them back."""
    from swrebellion.engine.save import SaveError, read_save

    try:
        return list(read_save(path).get("humans", []))
    except SaveError as exc:
        click.echo(f"error: {path}: {exc}", err=True)
        raise SystemExit(1) from None


def lang_option(func):
    """Add ``--lang en|ru|tr``: the language of names, the account and prompts (default: ``$SWREBELLION_LANG``,
    else English), current while the command runs; an unknown code is a usage error."""

    @click.option("--lang", "lang", metavar="LANG", default=None,
                  help="Language of names, the account and prompts: en, ru or tr (default: $SWREBELLION_LANG, "
                       "else en).")
    @functools.wraps(func)
    def wrapper(*args, lang, **kwargs):
        from swrebellion import i18n

        with i18n.using(language_or_exit(lang)):  # for this command only (a test may run several in one process)
            return func(*args, **kwargs)

    return wrapper


def language_or_exit(lang: str | None) -> str:
    """The language of ``--lang``, else of ``$SWREBELLION_LANG``, else English; an unknown code is a usage error."""
    from swrebellion import i18n

    try:
        return i18n.from_environment(lang)
    except i18n.LanguageError as exc:
        raise click.UsageError(str(exc)) from None
