"""Test helpers for expansion authors (docs/plugins.md, "Scenarios are your rules tests"; docs/saves.md).

A plugin's own tests want what swrebellion's suite does for the built-in expansions:

* seeded games pinned event by event, the *golden logs* (:func:`played`, :func:`check_golden`), so that a refactoring
  that changes what the game does is caught;
* the same seeds with the plugin on and off (:func:`rules_without` leaves an installed expansion out), compared
  (:func:`differences`): a rule that should change nothing in games where it never applies must leave them exactly
  as they were;
* a save written and loaded again (:func:`save`, :func:`load`, :func:`replay`): the game replayed from its seed and
  choices, checked against its state hash, as ``rebellion play --load`` does.

The games are played by the kernel's :class:`~swrebellion.engine.RandomAgent`, player ``n`` seeded
``seed * 7 + n``: the agents of swrebellion's own golden logs (``tests/test_golden_logs.py`` uses :func:`played`).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any, Iterable, Sequence

from .engine import Game, RandomAgent, Rules
from .engine.save import SaveError, load_game, restore, save_data, save_game
from .errors import ExpansionError
from .games import rules_for
from .plugins import discover

__all__ = ["SaveError", "check_golden", "differences", "load", "played", "replay", "rules_without", "save"]


def rules_without(leave_out: Iterable[str], expansions: Iterable[str], packs: Iterable[str | Path] = ()) -> Rules:
    """The rules of ``expansions`` less the expansions ``leave_out`` (as :func:`swrebellion.games.rules_for`), the
    same game your players have with and without your plugin. Each id left out must be installed (a misspelled one
    would compare a game with itself) and nothing kept may require it: :class:`ExpansionError` says which."""
    dropped, wanted = list(leave_out), list(expansions)
    installed = discover().installed
    for ident in dropped:
        if ident not in installed:
            raise ExpansionError(f"rules_without: {ident!r} is not an installed expansion "
                                 f"(installed: {', '.join(sorted(installed))})")
    kept = [e for e in wanted if e not in dropped]
    for ident in kept:
        needs = [r for r in installed[ident].expansion.requires if r in dropped] if ident in installed else []
        if needs:
            raise ExpansionError(f"rules_without: {ident!r} requires {', '.join(map(repr, needs))}, which is left out")
    return rules_for(kept, packs)


def _line(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def played(rules: Rules, seed: int, players: int = 2, options: dict[str, Any] | None = None,
           hash_every: int | None = None) -> list[str]:
    """A seeded game played to its end by random agents: each event as one line of canonical JSON, then a last line
    with the result and the number of choices. ``hash_every``: the whole state's hash is taken every so many
    decisions and listed on the last line too (it pins what the log does not show: the steps' frames, the open
    decision, which a save is checked against)."""
    game = Game.new(rules, seed, {"players": players, **(options or {})})
    agents = {p: RandomAgent(seed * 7 + n) for n, p in enumerate(game.state["players"])}
    hashes, decisions = [], 0
    while not game.over:  # play() written out, to hash the state on the way
        for decision in game.pending:
            if hash_every and decisions % hash_every == 0:
                hashes.append(game.state_hash()[:16])
            game.apply(agents[decision.player].choose(game, decision), decision.player)
            decisions += 1
    last: dict[str, Any] = {"result": game.state["result"], "choices": len(game.state["choices"])}
    if hash_every:
        last["state_hashes"] = hashes
    return [_line(e) for e in game.state["log"]] + [_line(last)]


def differences(on: Rules, off: Rules, seeds: Iterable[int], players: int = 2,
                options: dict[str, Any] | None = None) -> list[str]:
    """Where seeded games differ between two sets of rules (your plugin on, and off: :func:`rules_without`): one
    message per seed that differs, naming its first differing event; empty when every game is the same."""
    found = []
    for seed in seeds:
        a, b = played(on, seed, players, options), played(off, seed, players, options)
        if a != b:
            n = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            found.append(f"seed {seed}: event {n} differs: {a[n] if n < len(a) else '(none)'} against "
                         f"{b[n] if n < len(b) else '(none)'}")
    return found


def check_golden(path: Path, lines: Sequence[str], update: bool = False) -> None:
    """Compare ``lines`` (:func:`played`) with the golden log at ``path`` (gzipped JSON lines); ``update`` writes
    them there instead (the same lines give the same bytes, so an unchanged game leaves your repository clean).
    Raises ``AssertionError`` naming the first event that differs, or the missing file and how to make it."""
    path = Path(path)
    if update:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(gzip.compress("\n".join(lines).encode(), mtime=0))
        return
    if not path.exists():
        raise AssertionError(f"{path} is missing: write it with check_golden(..., update=True)")
    pinned = gzip.decompress(path.read_bytes()).decode().split("\n")
    for n, (want, got) in enumerate(zip(pinned, lines)):
        if got != want:
            raise AssertionError(f"{path.name}: event {n} differs from the pinned log\n pinned: {want}\n played: {got}")
    if len(lines) != len(pinned):
        raise AssertionError(f"{path.name}: the game has {len(lines)} lines, the pinned log {len(pinned)}")


def save(game: Game, path: Path) -> None:
    """Write ``game``'s save (the seed, what it was made of and every choice: docs/saves.md), atomically."""
    save_game(game, Path(path))


def load(path: Path) -> Game:
    """The game saved at ``path``, replayed from its seed and choices with the expansions and packs it records (the
    installed ones, :func:`swrebellion.games.rules_for`) and checked against its state hash; :class:`SaveError`
    says what is wrong."""
    return load_game(Path(path), rules_for)


def replay(game: Game) -> Game:
    """``game`` rebuilt from what its save would hold, without a file: a new game from its seed, every choice
    replayed and the state hash compared. A plugin whose state a replay would not rebuild (a value kept outside
    ``game.state``, an order that depends on a set) fails here with :class:`SaveError`."""
    return restore(save_data(game), lambda expansions, packs: game.rules)
