"""Save files: the seed, what the game was made of, and the choices made. Loading replays them.

A save holds no state snapshot to trust: loading sets the game up again from the seed, the expansions and the
packs, replays every choice through the normal ``apply`` (so a hand-edited save can never reach an illegal
state) and compares the final state hash with the one saved.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

from ..safefile import write_atomic
from .game import Game, IllegalChoice, Rules

SAVE_FORMAT = "swrebellion-save/1"


class SaveError(Exception):
    """A save that cannot be loaded, with what is wrong and what to do."""


def fingerprint(rules: Rules) -> dict:
    """What a save must match: enabled expansions with versions, and packs with versions and content hashes (for
    content that lists its ``packs`` with ``id``, ``version`` and ``digest``, as a Catalog does)."""
    expansions = [{"id": e, "version": rules.active.expansion(e).version} for e in rules.active.enabled]
    packs = [{"id": p.id, "version": p.version, "hash": p.digest} for p in getattr(rules.content, "packs", ())]
    return {"expansions": expansions, "packs": packs}


def save_data(game: Game) -> dict:
    return {
        "format": SAVE_FORMAT,
        "seed": game.state["seed"],
        "options": game.state["options"],
        **fingerprint(game.rules),
        "choices": game.state["choices"],
        "state_hash": game.state_hash(),
    }


def save_game(game: Game, path: Path) -> None:
    """Write the save atomically, readable by its owner only (it holds every secret: see docs/saves.md)."""
    write_atomic(Path(path), json.dumps(save_data(game), indent=1) + "\n", private=True)


def _check_shape(data: Any) -> None:
    if not isinstance(data, dict):
        raise SaveError("not a swrebellion save (the top level is not a JSON object)")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"unsupported save format {data.get('format')!r}; this version reads {SAVE_FORMAT!r}")
    expected = {
        "seed": int,
        "options": dict,
        "expansions": list,
        "packs": list,
        "choices": list,
        "state_hash": str,
    }
    for key, kind in expected.items():
        if not isinstance(data.get(key), kind):
            raise SaveError(f"the save's {key!r} is missing or not a {kind.__name__}: the file is damaged")
    for n, choice in enumerate(data["choices"]):
        if not (isinstance(choice, list) and len(choice) == 2 and all(isinstance(c, str) for c in choice)):
            raise SaveError(f"choice #{n + 1} is not [player, option]: the file is damaged")
    for entry in data["expansions"] + data["packs"]:
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
            raise SaveError("the save's expansions or packs list is damaged")


def read_save(path: Path) -> dict:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SaveError(f"{path}: no such file") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveError(f"{path}: not a readable save ({exc})") from None
    _check_shape(data)
    return data


def load_game(path: Path, make_rules: Callable[[list[str]], Rules]) -> Game:
    """Rebuild a saved game. ``make_rules(expansion_ids)`` builds the rules with exactly those expansions."""
    data = read_save(path)
    wanted = [e["id"] for e in data["expansions"]]
    try:
        rules = make_rules(wanted)
    except Exception as exc:
        raise SaveError(
            f"this save needs the expansions {', '.join(wanted)}: {exc}. Install or enable them and load again."
        ) from None
    current = fingerprint(rules)
    _compare("expansion", data["expansions"], current["expansions"], "install the version the save was made with")
    _compare("pack", data["packs"], current["packs"], "load it with the pack version the save was made with")
    game = Game.new(rules, data["seed"], data["options"])
    for n, (player, option) in enumerate(data["choices"]):
        try:
            game.apply(option, player=player)
        except IllegalChoice as exc:
            raise SaveError(f"choice #{n + 1} ({player}: {option!r}) cannot be replayed: {exc}") from None
    if game.state_hash() != data["state_hash"]:
        raise SaveError("replaying the choices gives a different game than the one saved (state hash differs)")
    return game


def _compare(what: str, saved: list[dict], current: list[dict], fix: str) -> None:
    have = {e["id"]: e for e in current}
    for entry in saved:
        mine = have.get(entry["id"])
        if mine is None:
            raise SaveError(f"this save needs the {what} {entry['id']!r}, which is not loaded; enable it and retry")
        for key in ("version", "hash"):
            if key in entry and entry[key] != mine.get(key):
                raise SaveError(
                    f"the {what} {entry['id']!r} has changed since the save was made "
                    f"({key} {entry[key]} then, {mine.get(key)} now): {fix}"
                )
    extra = sorted(set(have) - {e["id"] for e in saved})
    if extra:
        raise SaveError(f"the save was made without the {what}(s) {', '.join(extra)}; disable them to load it")
