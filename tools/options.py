"""Options shared by every command that plays or validates."""

from __future__ import annotations

import errno
import functools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

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
        help="Disable an expansion for this run (repeatable). Both win over ./rebellion.toml and "
             "SWREBELLION_EXPANSIONS (with a warning when they change what it says).",
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
    """The Rules of the enabled expansions and their packs, the packs ./rebellion.toml lists and the ``packs``
    folders, for commands that play. Content errors exit 1 (run `rebellion validate` for all of them); a plugin
    that fails while its rules are registered exits 2, named; warnings (a plugin adjusting a value nobody declares,
    ...) go to stderr."""
    from swrebellion.engine import PluginError
    from swrebellion.games import ContentError, rules_from_active

    try:
        rules = rules_from_active(active, [*configured_packs(), *packs])
    except ContentError as exc:  # an old step's errors read as one SW210 that says to run `rebellion packs upgrade`
        from .upgrade.steps import with_old_steps_explained

        click.echo(f"error: {ContentError(with_old_steps_explained(exc.diagnostics, active.ops, active.kinds))}",
                   err=True)
        raise SystemExit(1) from None
    except PluginError as exc:
        raise click.UsageError(str(exc)) from None
    for warning in rules.warnings:
        click.echo(f"warning: {warning}", err=True)
    return rules


def pack_option(func):
    """Add ``--pack PATH`` (repeatable): fan pack folders to load beside the enabled expansions' packs and the
    packs listed in ./rebellion.toml; the command receives them as ``packs``."""
    return click.option(
        "--pack", "packs", multiple=True, metavar="PATH",
        type=click.Path(exists=True, file_okay=False, path_type=Path),
        help="A fan pack folder to load too (repeatable); ./rebellion.toml's packs (`rebellion packs add`) are "
             "always loaded.")(func)


def configured_packs() -> list[Path]:
    """The fan packs ./rebellion.toml lists (``rebellion packs add``); a broken file is a usage error (exit 2)."""
    from swrebellion.plugins import ExpansionError, config_packs

    try:
        return config_packs()
    except ExpansionError as exc:
        raise click.UsageError(str(exc)) from None


def setup_or_default(rules, setup_id: str | None) -> str | None:
    """The setup a new game of ``rules`` uses: ``setup_id`` (``--setup``) when given, else the default setup of the
    enabled expansions' and fan packs' (the most dependent pack's: Rise of the Empire's when it is enabled). The one
    rule for every command that starts games (play, board, simulate, balance, serve; issue 35 #5)."""
    from swrebellion.games import default_setup

    return setup_id or default_setup(rules)


SETUP_HELP = ("Setup id (`rebellion setups list`); default: the enabled expansions' default setup (Rise of the "
              "Empire's when it is enabled, else the base game's).")


#: The options of a new game, and the flags that give them (a --load takes them all from the save).
GAME_FLAGS = {"seed": "--seed", "enable": "--expansion", "disable": "--no-expansion", "players": "--players",
              "setup_id": "--setup", "packs": "--pack", "options": "--option", "mission_sets": "--mission-sets"}


def declared_options(active) -> dict[str, tuple[str, tuple[str, ...], str]]:
    """The game options the enabled plugins declare (their vocabulary): name -> (what it changes, values, default)."""
    from swrebellion.engine.vocabulary import vocabulary

    return vocabulary(active).options


def checked_options(active, given: dict[str, str]) -> dict[str, str]:
    """``given`` (``--option NAME=VALUE``), each checked against the options the enabled plugins declare: an option
    no enabled plugin declares, or a value it does not take, is a usage error that says what would do."""
    declared = declared_options(active)
    for name, value in given.items():
        if name not in declared:
            raise click.UsageError(f"no enabled expansion has the game option {name!r}{_declared_elsewhere(name)}"
                                   f"; the enabled ones have: {_listed(declared) or 'none'}")
        values = declared[name][1]
        if value not in values:
            raise click.UsageError(f"the game option {name} takes {', '.join(values)}, not {value!r}")
    return dict(given)


def _declared_elsewhere(name: str) -> str:
    """Where an option not enabled comes from: an installed expansion that is not enabled (named by its own
    manifest, so this code names no plugin), or nowhere."""
    from swrebellion.engine.vocabulary import vocabulary
    from swrebellion.plugins import activate, discover

    found = discover()
    try:
        every = activate(env=",".join(sorted(found.installed)), discovery=found)
    except Exception:  # installed plugins that cannot be enabled together say nothing about options
        return ""
    owner = vocabulary(every).owners.get(f"option:{name}")
    if owner is None or owner not in found.installed:
        return ""
    return (f" ({name} is an option of {found.installed[owner].expansion.name}, which is not enabled: add "
            f"--expansion {owner})")


def _listed(declared: dict[str, tuple[str, tuple[str, ...], str]]) -> str:
    return "; ".join(f"{name}={'|'.join(values)}" for name, (_, values, _) in sorted(declared.items()))


def _option_pair(ctx: click.Context, param: click.Parameter, value: tuple[str, ...]) -> dict[str, str]:
    pairs = {}
    for item in value:
        name, sep, chosen = item.partition("=")
        if not sep or not name or not chosen:
            raise click.BadParameter(f"{item!r}: write NAME=VALUE")
        pairs[name.strip()] = chosen.strip()
    return pairs


@dataclass
class NewGame:
    """What the game options of a command ask for; :meth:`make` builds the game, :attr:`given` names the flags the
    person typed (a ``--load`` takes all of them from the save, so any is an error there)."""

    seed: int | None
    players: int
    setup_id: str | None
    packs: tuple[Path, ...]
    options: dict[str, str]
    active: Callable[[], Any]
    given: list[str] = field(default_factory=list)

    def refuse_with_load(self) -> None:
        if self.given:
            raise click.UsageError(f"--load takes the seed, expansions, packs and setup from the save; drop "
                                   f"{', '.join(self.given)}")

    def make(self, *, secret_seed: bool = False):
        """A new game: content errors exit 1, a bad setup or player count exits 2. Without a seed, a fresh random
        one from :mod:`secrets`, printed on stderr unless ``secret_seed`` (a person plays a side: with the seed,
        ``Game.new`` would tell them the other side's hand and the hidden base, issue 32 #4); without a setup, the
        default setup of the packs (the most dependent pack's: Rise of the Empire's when it is enabled);
        ``rebellion setups list`` shows them."""
        from swrebellion.engine import Game

        active = self.active()
        chosen = checked_options(active, self.options)
        rules = rules_or_exit(active, self.packs)
        if not rules.active.implementers("setup_game"):
            enabled = ", ".join(rules.active.enabled) or "none"
            raise click.UsageError(
                f"no enabled expansion sets up a game (enabled: {enabled}); enable one, e.g. `rebellion expansions "
                "enable base` (./rebellion.toml or SWREBELLION_EXPANSIONS disables it now)")
        seed = self.seed
        if seed is None:
            import secrets

            seed = secrets.randbelow(2**32)
            if not secret_seed:
                click.echo(f"Seed {seed} (play this game again with --seed {seed}).", err=True)
        options: dict[str, Any] = {"players": self.players}
        setup = setup_or_default(rules, self.setup_id)
        if setup is not None:
            options["setup"] = setup
        options.update(chosen)
        try:
            return Game.new(rules, seed, options)
        except ValueError as exc:
            raise click.UsageError(str(exc)) from None


def _seed(ctx: click.Context, param: click.Parameter, value: int | None) -> int | None:
    """Refuse at the start a seed the save could not hold (issue 32 #13), rather than play a game that
    ``--load`` then refuses."""
    from swrebellion.engine.rng import SEEDS

    if value is not None and value not in SEEDS:
        raise click.BadParameter(f"{value} is outside what a save holds (a signed 64-bit integer, "
                                 f"{SEEDS.start} to {SEEDS.stop - 1}); pick a seed in that range")
    return value


def game_options(func):
    """The options that make a new game (``--seed``, ``--expansion``/``--no-expansion``, ``--players``,
    ``--setup``, ``--pack``, ``--option``), given to the command as one ``new_game`` (:class:`NewGame`).
    ``--mission-sets`` is the deprecated spelling of ``--option mission_sets=...``, kept for one minor version."""

    @click.option("--seed", type=int, default=None, callback=_seed,
                  help="Seed of the game's dice and shuffles (default: a fresh random seed, printed on stderr so the "
                       "game can be played again; kept secret when you play a side, since it tells every hidden card: "
                       "the save keeps it).")
    @expansion_options
    @click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True,
                  help="2, or 3-4 for team play.")
    @click.option("--setup", "setup_id", default=None, metavar="ID", help=SETUP_HELP)
    @pack_option
    @click.option("--option", "options", multiple=True, metavar="NAME=VALUE", callback=_option_pair,
                  help="A game option an enabled expansion declares (repeatable); a wrong one is refused with the list "
                       "of the options the enabled expansions declare.")
    @click.option("--mission-sets", default=None, hidden=True,
                  help="Deprecated: --option mission_sets=VALUE.")
    @functools.wraps(func)
    def wrapper(*args, seed, active, players, setup_id, packs, options, mission_sets, **kwargs):
        ctx = click.get_current_context()
        given = [flag for name, flag in GAME_FLAGS.items()
                 if ctx.get_parameter_source(name) not in (None, click.core.ParameterSource.DEFAULT)]
        if mission_sets is not None:
            click.echo(f"--mission-sets is deprecated: write --option mission_sets={mission_sets}", err=True)
            options = {"mission_sets": mission_sets, **options}
        request = NewGame(seed, players, setup_id, tuple(packs), options, active, sorted(set(given)))
        return func(*args, new_game=request, **kwargs)

    return wrapper


def load_game_or_exit(path):
    """A saved game replayed and checked (its fan packs loaded again from where the save says they were); a save
    that cannot be loaded exits 1 with the reason."""
    from swrebellion.engine.save import SaveError, load_game
    from swrebellion.games import rules_for

    from swrebellion.text import printable

    try:
        return load_game(path, rules_for)
    except SaveError as exc:  # it may quote a stranger's save: shown, never obeyed by the terminal
        click.echo(f"error: {printable(path)}: {printable(exc)}", err=True)
        raise SystemExit(1) from None


def saved_humans(path) -> list[str]:
    """The seats a person played in a saved game (``humans`` in the save), so that ``--load`` gives them back."""
    from swrebellion.engine.save import SaveError, read_save

    from swrebellion.text import printable

    try:
        return list(read_save(path).get("humans", []))
    except SaveError as exc:
        click.echo(f"error: {printable(path)}: {printable(exc)}", err=True)
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


def refuse_same_files(inputs: dict[str, Any], outputs: dict[str, Any]) -> None:
    """A usage error (exit 2, before any work) when an output path is an input or another output: ``--html`` on the
    ``--save`` file, or ``board --load g.json -o g.json``, would overwrite the save (issue 32 #11). ``inputs`` and
    ``outputs`` map an option's name to its path (``None``: not given; ``-``: standard output)."""
    import os

    def same(a: Any, b: Any) -> bool:
        return os.path.realpath(a) == os.path.realpath(b)

    named = [(option, path) for option, path in outputs.items() if path is not None and str(path) != "-"]
    for n, (option, path) in enumerate(named):
        for other, source in [*inputs.items(), *named[:n]]:
            if source is not None and same(path, source):
                raise click.BadParameter(f"{path} is also given as {other}: writing it would destroy that file; "
                                         "give another path", param_hint=option)


def check_output(option: str, path: Any) -> None:
    """Refuse an output path that could not be written now, before the work (not after an hour of play or a
    thousand simulated games): its folder must exist and take a new file, and nothing but a regular file may stand
    there (``-o /dev/full``, ``-o ''``, a folder). ``None`` (not given) and ``-`` (standard output) pass."""
    if path is None or str(path) == "-":
        return
    if str(path) == "":
        raise click.BadParameter("an empty path: name a file", param_hint=option)
    from swrebellion.safefile import check_writable

    try:
        check_writable(path)
    except OSError as exc:
        reason = str(exc) if exc.strerror is None else f"{exc.strerror} (in the folder {Path(path).parent})"
        raise click.BadParameter(f"cannot write {path}: {reason}", param_hint=option) from None


def write_output(path: Any, data: str | bytes) -> None:
    """Write a command's result to ``path`` whole or not at all (``-``: standard output, which must be open); a
    failure is one line naming the file and why, exit 1."""
    import sys

    from swrebellion.safefile import write_atomic

    try:
        if str(path) == "-":
            if sys.stdout is None:  # the shell closed it (`>&-`): say so rather than write nothing
                raise OSError(errno.EBADF, "standard output is closed")
            click.echo(data, nl=False)
        else:
            write_atomic(Path(path), data)
    except OSError as exc:
        where = "standard output" if str(path) == "-" else str(path)
        click.echo(f"error: cannot write {where}: {exc.strerror or exc}", err=True)
        raise SystemExit(1) from None
