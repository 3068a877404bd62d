"""Save files: the seed, what the game was made of, and the choices made. Loading replays them. A public module
(docs/saves.md, "Saves in Python"): the names in ``__all__``.

A save holds no state snapshot to trust: loading sets the game up again from the seed, the expansions and the
packs, replays every choice through the normal ``apply`` (so a hand-edited save can never reach an illegal
state) and compares the final state hash with the one saved.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Callable, Literal, Sequence, Union

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, StringConstraints, ValidationError

from ..safefile import write_atomic
from .game import Game, IllegalChoice, Rules
from .rng import SEEDS

__all__ = ["SAVE_FORMAT", "SaveError", "SaveFile", "load_game", "read_save", "restore", "save_data", "save_game",
           "save_view"]

SAVE_FORMAT = "swrebellion-save/1"
#: What `rebellion play --save` writes when a referee keeps the real save (--referee): one side's view, no secrets.
VIEW_FORMAT = "swrebellion-view/1"


class SaveError(Exception):
    """A save that cannot be loaded, with what is wrong and what to do."""


def fingerprint(rules: Rules) -> dict[str, Any]:
    """What a save must match: enabled expansions with versions, and packs with versions and content hashes (for
    content that lists its ``packs`` with ``id``, ``version`` and ``digest``, as a Catalog does); a pack that is not
    an expansion's built-in pack also records the folder it was loaded from, so that loading finds it again."""
    expansions = [{"id": e, "version": rules.active.expansion(e).version} for e in rules.active.enabled]
    packs = []
    for pack in getattr(rules.content, "packs", ()):
        entry = {"id": pack.id, "version": pack.version, "hash": pack.digest}
        if not str(pack.source).startswith("built-in"):
            entry["path"] = str(Path(pack.folder).resolve())
        packs.append(entry)
    return {"expansions": expansions, "packs": packs}


def save_data(game: Game, humans: Sequence[str] = ()) -> dict[str, Any]:
    """The save of ``game``; ``humans``: the seats a person plays (``--load`` gives them back), left out when
    there are none."""
    data = {
        "format": SAVE_FORMAT,
        "seed": game.state["seed"],
        "options": game.state["options"],
        **fingerprint(game.rules),
        "choices": list(game.state["choices"]),
        "state_hash": game.state_hash(),
    }
    if humans:
        data["humans"] = list(humans)
    return data


def save_game(game: Game, path: Path, humans: Sequence[str] = ()) -> None:
    """Write the save atomically, readable by its owner only: with the seed and every choice, it holds every
    secret of the game (docs/saves.md). ``humans``: the seats played by a person."""
    write_atomic(Path(path), json.dumps(save_data(game, humans), indent=1) + "\n", private=True)


def save_view(game: Game, player: str | None, path: Path) -> None:
    """Write what ``player`` may see of the game (``None``: a spectator) and the state hash: a record of the game
    that reveals nothing hidden from that player, for when the real save goes to a referee (docs/saves.md)."""
    document = {"format": VIEW_FORMAT, "player": player, "state_hash": game.state_hash(), "view": game.view(player)}
    write_atomic(Path(path), json.dumps(document, indent=1) + "\n")


#: A save holds the seed, a few options and the choices: a long game is well under 1 MiB.
MAX_SAVE_BYTES = 4 * 1024 * 1024
_MAX_DEPTH = 8
_MAX_NODES = 1_000_000
_Name = Annotated[str, StringConstraints(min_length=1, max_length=200)]
_Scalar = Union[StrictStr, StrictInt, StrictBool, None]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SavedEntry(_Strict):
    """An expansion (``id``, ``version``) or a pack (``id``, ``version``, ``hash``, and ``path``: the folder a fan
    pack was loaded from) the save was made with."""

    id: _Name
    version: _Name | None = None
    hash: Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")] | None = None
    path: Annotated[str, StringConstraints(min_length=1, max_length=4096)] | None = None


class SavedOptions(BaseModel):
    """How the game was created. ``setup`` and ``players`` are the options of `rebellion play`; a plugin's own
    options (``mission_sets`` ...) may be any other scalar; the rules refuse values they do not know."""

    model_config = ConfigDict(extra="allow", strict=True)
    __pydantic_extra__: dict[str, _Scalar]

    setup: Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=64)] | None = None
    players: Annotated[int, Field(ge=2, le=4)] | None = None


class SaveFile(_Strict):
    """The whole save, checked before anything is replayed (docs/saves.md)."""

    format: Literal["swrebellion-save/1"]
    seed: Annotated[int, Field(ge=SEEDS.start, lt=SEEDS.stop)]
    options: SavedOptions
    expansions: list[SavedEntry]
    packs: list[SavedEntry]
    choices: list[tuple[_Name, _Name]]
    state_hash: Annotated[str, StringConstraints(pattern=r"^[0-9a-f]{64}$")]
    humans: list[_Name] = Field(default_factory=list, max_length=4)


def read_save(path: Path) -> dict[str, Any]:
    """The save at ``path``, validated whole; raises :class:`SaveError` saying what is wrong and where (line,
    column, JSON pointer). Only a regular file of at most :data:`MAX_SAVE_BYTES` is read: a FIFO or a device is
    refused at once."""
    from ..json_source import JsonReadError, json_marks, read_json
    from ..safefile import FileTooLarge, NotRegularFile, read_regular

    try:
        raw = read_regular(path, MAX_SAVE_BYTES)
    except FileNotFoundError:
        raise SaveError("no such file") from None
    except FileTooLarge:
        raise SaveError(f"larger than a save can be ({MAX_SAVE_BYTES // 1048576} MiB): not a save") from None
    except NotRegularFile as exc:
        raise SaveError(f"{exc.kind}, not a save file") from None
    except OSError as exc:
        raise SaveError(f"cannot read it: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
        data = read_json(text, max_depth=_MAX_DEPTH, max_nodes=_MAX_NODES)
    except UnicodeDecodeError as exc:
        raise SaveError(f"not a readable save (not UTF-8 at byte {exc.start})") from None
    except JsonReadError as exc:
        d = exc.diagnostics[0]
        raise SaveError(f"not a readable save: line {d.line}, column {d.column}: {d.message}") from None
    if not isinstance(data, dict):
        raise SaveError("not a swrebellion save (the top level is not a JSON object)")
    if data.get("format") == VIEW_FORMAT:
        raise SaveError(f"this is {data.get('player') or 'a spectator'}'s view of a game, written with --referee: "
                        "it holds no secrets, so it cannot be continued; load the referee's file instead")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"unsupported save format {_short(data.get('format'))}; this version reads {SAVE_FORMAT!r}")
    try:
        SaveFile.model_validate_json(text)
    except ValidationError as exc:
        marks = json_marks(text)
        problems = []
        for error in exc.errors(include_url=False)[:5]:
            pointer = "".join(f"/{part}" for part in error["loc"])
            while pointer not in marks:
                pointer = pointer.rpartition("/")[0]
            line, column = marks[pointer]
            problems.append(f"line {line}, column {column}, {pointer or '/'}: {error['msg']}")
        raise SaveError("the file is damaged or edited: " + "; ".join(problems)) from None
    return data


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def load_game(path: Path, make_rules: Callable[..., Rules]) -> Game:
    """Rebuild a saved game. ``make_rules(expansion_ids, pack_folders)`` builds the rules with exactly those
    expansions and fan packs (``swrebellion.games.rules_for``); the fan packs are loaded again from the folders the
    save recorded, and one that is gone or changed is named, with where it was."""
    return restore(read_save(path), make_rules)


def restore(data: dict[str, Any], make_rules: Callable[..., Rules]) -> Game:
    """Rebuild a game from what a save holds (``data``, the JSON object :func:`save_data` makes), as
    :func:`load_game` does for a file: validated whole, replayed choice by choice and checked against its state
    hash; :class:`SaveError` says what is wrong. The game server keeps its games in a database in this form."""
    try:
        SaveFile.model_validate_json(json.dumps(data))  # as from a file: strict JSON types, lists for pairs
    except ValidationError as exc:
        problems = [f"{'/'.join(str(p) for p in e['loc']) or '/'}: {e['msg']}" for e in exc.errors(include_url=False)[:5]]
        raise SaveError("the saved game is damaged: " + "; ".join(problems)) from None
    wanted = [e["id"] for e in data["expansions"]]
    folders = [entry["path"] for entry in data["packs"] if entry.get("path")]
    for entry in data["packs"]:
        where = entry.get("path")
        # a save written by rebellion records each fan pack's absolute folder and digest: a hand-made entry
        # without them could load whatever folder it names, relative to wherever the save is loaded from
        if where and (entry.get("hash") is None or not Path(where).is_absolute()):
            missing = "its digest (hash)" if entry.get("hash") is None else "an absolute folder"
            raise SaveError(f"this save names the pack {entry['id']!r} in {where} without {missing}, which every "
                            "save written by rebellion records: that pack cannot be checked, so it is not loaded")
        if where and not (Path(where) / "pack.yaml").is_file():
            raise SaveError(f"this save was made with the pack {entry['id']!r} {entry.get('version') or ''} from "
                            f"{where}, which is not there any more: put the pack back there and load again")
    try:
        rules = make_rules(wanted, folders)
    except Exception as exc:
        packs = f" and the packs in {', '.join(folders)}" if folders else ""
        raise SaveError(
            f"this save needs the expansions {', '.join(wanted)}{packs}: {exc}. Install or enable them and load again."
        ) from None
    current = fingerprint(rules)
    _compare("expansion", data["expansions"], current["expansions"], "install the version the save was made with")
    _compare("pack", data["packs"], current["packs"], "load it with the pack version the save was made with")

    try:
        game = Game.new(rules, data["seed"], data["options"])
    except ValueError as exc:  # the rules refuse an option (an unknown setup, 99 players ...)
        raise SaveError(f"the save's options cannot set up a game: {exc}") from None
    for n, (player, option) in enumerate(data["choices"]):
        try:
            game.apply(option, player=player)
        except IllegalChoice as exc:
            raise SaveError(f"choice #{n + 1} ({player}: {option!r}) cannot be replayed: {exc}") from None
    if game.state_hash() != data["state_hash"]:
        unknown = sorted(set(data["options"]) - _options_read(rules, data["seed"]))
        if unknown:  # the likeliest edit, and one the hash alone would not explain
            raise SaveError(f"the save's options hold {', '.join(map(repr, unknown))}, which no enabled expansion "
                            "reads, and replaying gives a different game than the one saved: remove them, or enable "
                            "the expansion the game was made with")
        raise SaveError("replaying the choices gives a different game than the one saved (state hash differs)")
    strangers = sorted(set(data.get("humans", [])) - set(game.state["players"]))
    if strangers:
        raise SaveError(f"the save says a person plays {', '.join(strangers)}, a seat this game does not have")
    return game


def _options_read(rules: Rules, seed: int) -> set[str]:
    """The options the enabled expansions read: each records its own, with its default, as a game is set up."""
    try:
        return set(Game.new(rules, seed, {}).state["options"])
    except ValueError:  # no default setup to make a game with: every option is as good as unknown
        return set()


def _compare(what: str, saved: list[dict[str, Any]], current: list[dict[str, Any]], fix: str) -> None:
    have = {e["id"]: e for e in current}
    for entry in saved:
        mine = have.get(entry["id"])
        if mine is None:
            raise SaveError(f"this save needs the {what} {entry['id']!r}, which is not loaded; enable it and retry")
        for key in ("version", "hash"):
            if entry.get(key) is not None and entry[key] != mine.get(key):
                where = f" (in {entry['path']})" if entry.get("path") else ""
                raise SaveError(
                    f"the {what} {entry['id']!r}{where} has changed since the save was made "
                    f"({key} {entry[key]} then, {mine.get(key)} now): {fix}"
                )
    extra = sorted(set(have) - {e["id"] for e in saved})
    if extra:
        raise SaveError(f"the save was made without the {what}(s) {', '.join(extra)}; disable them to load it")
