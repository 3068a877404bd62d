"""The games this server process has open: each a :class:`Room` holding the game, the people watching it and
its bots, kept in step with the database (which other server processes may write to as well).

The engine is the only judge of a move: :meth:`Hall.move` offers the choice to ``Game.apply`` on a copy, writes it
in one transaction if and only if nobody moved first, and only then puts the copy in place; anything refused
changes nothing. Bots think in a worker thread on a copy of the game, so the server keeps answering."""

from __future__ import annotations

import asyncio
import functools
import hashlib
import logging
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from swrebellion.engine import Decision, Game, IllegalChoice
from swrebellion.engine.save import SaveError, restore, save_data
from swrebellion.i18n import gettext as _

from ..options import setup_or_default
from . import tokens
from .store import Conflict, Link, Store, StoreError

log = logging.getLogger("swrebellion.serve")

#: Rooms kept in memory; a game beyond them is replayed from the database when next opened.
OPEN_ROOMS = 500
#: Threads for the database's calls, apart from the ones where pages are worked out, pictures drawn and bots think:
#: a move's write waited behind those (the worker threads shared by all of them are few), most of a move's latency
#: under load.
DB_THREADS = 4
#: How long a card window stays open at least, in seconds, in a game a person plays. A card window is a question the
#: rules ask a side whatever it holds, and which the other side's view does not show (``visible_to``, issue 33).
#: With nothing to play it offers one option, "pass", and a person's seat is not stopped by it: the server answers
#: it, as the terminal does. So that the other side cannot tell from the time a window took whether there was
#: anything to play, every answer to a card window (the server's, a person's, a bot's) is made no sooner than this
#: after the window opened; a person who thinks longer is seen to think, as at a table.
WINDOW_SECONDS = 1.0


class Refused(Exception):
    """A request the server turns down, with the HTTP status and words for the person."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Room:
    id: str
    game: Game
    lang: str
    links: list[tuple[Link, str]]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    watchers: set[asyncio.Queue] = field(default_factory=set)
    agents: dict[str, Any] = field(default_factory=dict)
    bot: asyncio.Task | None = None
    #: What pages show, worked out once per version of the game: (moves, role, player, agent, language) -> the
    #: panel's words (as they are being worked out, a future); and per (viewer, language) the account so far,
    #: (events told, lines), which only grows.
    panels: dict[tuple, asyncio.Future] = field(default_factory=dict)
    accounts: dict[tuple, tuple[int, list[str]]] = field(default_factory=dict)
    #: The board picture each (viewer, language) was last shown: (its digest, the version of the game it was first
    #: shown at, the SVG), so that a page whose board did not change asks for the same address (``app._board``).
    boards: dict[tuple, tuple[str, int, str]] = field(default_factory=dict)
    #: The (viewer, language) pairs whose board some page shows: their panels name it by its picture (``app._board``).
    drawn_for: set[tuple] = field(default_factory=set)
    #: When each open decision was first seen open here (``time.monotonic()``), and the server's answers being made
    #: to card windows a person's seat has nothing to play at (decision id -> the task making it).
    opened: dict[str, float] = field(default_factory=dict)
    alone: dict[str, asyncio.Task] = field(default_factory=dict)

    @property
    def moves(self) -> int:
        return len(self.game.state["choices"])

    def bots(self) -> dict[str, str]:
        """Seat -> agent spec, for the seats an agent plays."""
        return {link.player: link.agent for link, _digest in self.links if link.role == "player" and link.agent}

    def played_by_people(self) -> bool:
        """Whether a person plays a seat (then card windows are held open: :data:`WINDOW_SECONDS`)."""
        return any(link.role == "player" and not link.agent for link, _digest in self.links)


def card_window(game: Game, decision_id: str) -> bool:
    """Whether the open decision ``decision_id`` is a card window (see :data:`WINDOW_SECONDS`)."""
    return any(raw["id"] == decision_id and raw.get("visible_to") is not None for raw in game.state["pending"])


def answered_alone(game: Game, decision: Decision) -> bool:
    """Whether the server answers ``decision`` for a person's seat: a card window with nothing to play (one option),
    as the terminal does and scenarios do; the page shows the seat waiting meanwhile."""
    return len(decision.options) == 1 and card_window(game, decision.id)


@dataclass(frozen=True)
class Spec:
    """What the create page asks for."""

    expansions: tuple[str, ...]
    packs: tuple[str, ...]          # ids of the packs the server offers
    setup: str | None
    players: int
    seats: dict[str, str]           # "rebel"/"empire" (or a team seat) -> "" for a person, else an agent spec
    lang: str
    options: dict[str, str] = field(default_factory=dict)  # game option -> value (``--option NAME=VALUE``)


class Hall:
    """Every room of this process, the store behind them and the packs the server offers."""

    def __init__(self, store: Store, packs: dict[str, Path] | None = None, window: float = WINDOW_SECONDS) -> None:
        self.store = store
        self.window = window  # how long a card window stays open at least (WINDOW_SECONDS)
        self._db = ThreadPoolExecutor(DB_THREADS, thread_name_prefix="rebellion-db")
        self.packs = dict(packs or {})  # pack id -> folder
        self.rooms: OrderedDict[str, Room] = OrderedDict()
        self._loading: dict[str, asyncio.Future[Room]] = {}  # game id -> its room being loaded
        self._rules: dict[tuple, Any] = {}

    async def db(self, work, *args):
        """``work(*args)``, a call into the store, run in the database's own threads (:data:`DB_THREADS`)."""
        return await asyncio.get_running_loop().run_in_executor(self._db, functools.partial(work, *args))

    # -- rules --------------------------------------------------------------------------------------------------

    def rules(self, expansions, folders=()):
        """The rules for these expansions and pack folders, built once per process."""
        from swrebellion.games import rules_for

        key = (tuple(expansions), tuple(str(f) for f in folders))
        if key not in self._rules:
            self._rules[key] = rules_for(key[0], key[1])
        return self._rules[key]

    # -- creating and opening ------------------------------------------------------------------------------------

    async def create(self, spec: Spec) -> tuple[str, dict[tuple[str, str], str]]:
        """A new game; returns its id and the tokens of its links, keyed (role, player). The seed is drawn from
        :mod:`secrets` and never leaves the server before the game is over (issue 32 §4)."""
        import secrets

        from swrebellion.games import ContentError

        folders = [self.packs[p] for p in spec.packs]
        try:
            rules = await asyncio.to_thread(self.rules, spec.expansions, folders)
        except (ContentError, ValueError) as exc:
            raise Refused(400, f"these expansions and packs cannot be played together: {exc}") from None
        options: dict[str, Any] = {"players": spec.players, **spec.options}
        setup = setup_or_default(rules, spec.setup)
        if setup:
            options["setup"] = setup
        try:
            game = Game.new(rules, secrets.randbelow(2**63), options)
        except ValueError as exc:
            raise Refused(400, f"this game cannot be set up: {exc}") from None
        made: dict[tuple[str, str], str] = {}
        links: list[tuple[Link, str]] = []
        for player in game.state["players"]:
            agent = spec.seats.get(player, spec.seats.get(player.split("-")[0], ""))
            link = Link("player", player, agent)
            token = tokens.new_token()
            if not agent:
                made[("player", player)] = token
            links.append((link, tokens.digest(token)))
        for role in ("spectator", "creator"):
            token = tokens.new_token()
            made[(role, "")] = token
            links.append((Link(role, "", ""), tokens.digest(token)))
        game_id = tokens.new_game_id()
        await self.db(self.store.create, game_id, save_data(game), spec.lang, links)
        room = Room(game_id, game, spec.lang, links)
        self._keep(room)
        self.wake(room)
        return game_id, made

    async def open(self, game_id: str, heard: int | None = None) -> Room:
        """The room of ``game_id``, loaded (replayed and checked) if this process does not hold it; :class:`Refused`
        (404) if there is no such game. ``heard``: the version the asker has heard of (a page is told each move's
        version over its socket and asks for that): a room already there is not looked up in the database, which
        every request did before (a query per request, the largest part of a move's latency under load); with
        None, or a version this room has not reached (another process moved), it is brought up to the database's."""
        room = self.rooms.get(game_id)
        if room is not None:
            self.rooms.move_to_end(game_id)
            if heard is None or room.moves < heard:
                async with room.lock:
                    await self.sync(room)
            return room
        # One load per game, however many requests ask at once (every page of a game reconnects together after a
        # restart): two loads would make two rooms, and the pages watching the one replaced would hear of no move.
        loading = self._loading.get(game_id)
        if loading is None:
            loading = self._loading[game_id] = asyncio.ensure_future(self._load(game_id))
            loading.add_done_callback(lambda _done: self._loading.pop(game_id, None))
        return await asyncio.shield(loading)

    async def _load(self, game_id: str) -> Room:
        saved = await self.db(self.store.save, game_id)
        if saved is None:
            raise Refused(404, _("There is no such game, or this link is not one of its links."))
        lang = saved.pop("lang")
        try:
            game = await asyncio.to_thread(self._restore, saved)
        except SaveError as exc:
            raise Refused(500, _("This game cannot be loaded: %(reason)s") % {"reason": exc}) from None
        links = await self.db(self.store.links, game_id)
        room = Room(game_id, game, lang, links)
        self._keep(room)
        self.wake(room)
        return room

    def _restore(self, saved: dict[str, Any]) -> Game:
        def make_rules(expansions, folders):
            return self.rules(expansions, folders)

        return restore(saved, make_rules)

    def _keep(self, room: Room) -> None:
        self.rooms[room.id] = room
        while len(self.rooms) > OPEN_ROOMS:
            oldest = next((r for r in self.rooms.values() if not r.watchers and r.bot is None and not r.alone), None)
            if oldest is None:
                break
            del self.rooms[oldest.id]

    async def seat(self, game_id: str, token: str, heard: int | None = None) -> tuple[Room, Link]:
        """The room (as :meth:`open` gives it) and the link ``token`` opens; the same :class:`Refused` for an unknown
        game and a wrong token, so that a link's owner learns nothing from a guess."""
        if not (tokens.well_formed(game_id, 16) and tokens.well_formed(token, 43)):
            raise Refused(404, _("There is no such game, or this link is not one of its links."))
        room = await self.open(game_id, heard)
        found = None
        for link, digest in room.links:  # every digest compared, in constant time each
            if tokens.matches(token, digest):
                found = link
        if found is None:
            raise Refused(404, _("There is no such game, or this link is not one of its links."))
        return room, found

    # -- keeping in step ------------------------------------------------------------------------------------------

    async def sync(self, room: Room) -> bool:
        """Apply the choices other processes wrote since this room last looked; True if there were any. The caller
        holds ``room.lock``: nothing else changes the room meanwhile."""
        versions = await self.db(self.store.versions, [room.id])
        if versions.get(room.id, 0) <= room.moves:
            return False
        saved = await self.db(self.store.save, room.id, room.moves)
        if saved is None:
            return False
        game = room.game.copy()
        for player, option in saved["choices"]:
            game.apply(option, player=player)
        if game.state_hash() != saved["state_hash"]:
            raise Refused(500, _("This game's record in the database does not replay to the state it says; "
                                 "restore the database from a backup."))
        room.game = game
        self.notify(room)
        self.wake(room)
        return True

    async def poll(self, interval: float = 0.25) -> None:
        """Forever: bring watched rooms up to date with moves other server processes made."""
        while True:
            await asyncio.sleep(interval)
            watched = [room for room in self.rooms.values() if room.watchers]
            if not watched:
                continue
            try:
                versions = await self.db(self.store.versions, [r.id for r in watched])
                for room in watched:
                    if versions.get(room.id, 0) > room.moves:
                        async with room.lock:
                            await self.sync(room)
            except Exception as exc:  # a database that went away: say so, and try again at the next tick
                log.warning("could not look for moves made elsewhere: %s", exc)

    def notify(self, room: Room) -> None:
        for queue in list(room.watchers):
            queue.put_nowait(room.moves)

    # -- moving ---------------------------------------------------------------------------------------------------

    async def move(self, room: Room, player: str, decision_id: str, option_id: str) -> float:
        """Answer ``player``'s open decision ``decision_id`` with ``option_id``, or :class:`Refused` with nothing
        changed: no such decision open for this seat (a stale page), an option not offered, somebody moved first. The
        answer to a card window waits until the window has been open long enough (:data:`WINDOW_SECONDS`); returns
        how long it waited, in seconds."""
        held = await self._hold(room, decision_id)
        async with room.lock:
            for last in (False, True):
                try:
                    trial = self._judge(room, player, decision_id, option_id)
                    await self.db(self.store.record, room.id, room.moves, player, option_id, trial.state_hash(),
                                  trial.over)
                    break
                except (Refused, Conflict) as exc:
                    # the room may be behind the database (another process moved; it is not looked up before
                    # every move): judged again on the game as it is, once
                    if last or not await self.sync(room):
                        if isinstance(exc, Conflict):
                            raise Refused(409, _("Somebody moved first; the page now shows the game as it is.")) \
                                from None
                        raise
            room.game = trial
        self.notify(room)
        self.wake(room)
        return held

    def _judge(self, room: Room, player: str, decision_id: str, option_id: str) -> Game:
        """The room's game after ``player`` answers ``decision_id`` with ``option_id`` (a copy: the room's is left as
        it is), or :class:`Refused` if the engine does not offer that."""
        if room.game.over:
            raise Refused(409, _("The game is over."))
        decision = next((d for d in room.game.pending if d.player == player), None)
        if decision is None:
            raise Refused(409, _("It is not your turn: the page was out of date and now shows the game as it is."))
        if decision.id != decision_id:
            raise Refused(409, _("That question has been answered already; the page now shows the open one."))
        if option_id not in decision.option_ids:
            raise Refused(400, _("That is not one of the options offered: choose one of the buttons shown."))
        trial = room.game.copy()
        try:
            trial.apply(option_id, player=player)
        except IllegalChoice as exc:
            raise Refused(400, str(exc)) from None
        return trial

    async def _hold(self, room: Room, decision_id: str) -> float:
        """Wait until the card window ``decision_id`` has been open :attr:`window` seconds (at once for any other
        question, and in a game no person plays: nobody to keep it from); returns the seconds waited."""
        opened = room.opened.get(decision_id)
        if opened is None or not room.played_by_people() or not card_window(room.game, decision_id):
            return 0.0
        wait = max(0.0, opened + self.window - time.monotonic())
        await asyncio.sleep(wait)
        return wait

    async def _alone(self, room: Room, decision: Decision) -> None:
        """Answer, for a person's seat, a card window with nothing to play (its one option), once it has been open
        long enough; a database busy or away for a moment is tried again a second later."""
        try:
            while True:
                try:
                    await self.move(room, decision.player, decision.id, decision.options[0].id)
                    return
                except Refused:  # answered already (by another process): nothing to do
                    return
                except StoreError as exc:
                    log.warning("the card window %s of game %s could not be answered, tried again: %s",
                                decision.id, room.id, exc)
                    await asyncio.sleep(1)
        except Exception:
            log.exception("the card window %s of game %s was not answered", decision.id, room.id)
        finally:
            room.alone.pop(decision.id, None)

    # -- bots -----------------------------------------------------------------------------------------------------

    def wake(self, room: Room) -> None:
        """What the room's new state asks of the server: note when its questions opened, answer the card windows a
        person's seat has nothing to play at (:func:`answered_alone`), and start the room's bot if an agent's seat
        is to decide and none is thinking already."""
        now = time.monotonic()
        room.opened = {d.id: room.opened.get(d.id, now) for d in room.game.pending}
        bots = room.bots()
        for decision in room.game.pending:
            if decision.player not in bots and decision.id not in room.alone and answered_alone(room.game, decision):
                room.alone[decision.id] = asyncio.get_running_loop().create_task(self._alone(room, decision))
        if room.bot is not None or room.game.over or not any(d.player in bots for d in room.game.pending):
            return
        room.bot = asyncio.get_running_loop().create_task(self._think(room, bots))

    async def _think(self, room: Room, bots: dict[str, str]) -> None:
        try:
            while not room.game.over:
                decision = next((d for d in room.game.pending if d.player in bots), None)
                if decision is None:
                    return
                game = room.game.copy()
                agent = self._agent(room, decision.player, bots[decision.player])
                choice = await asyncio.to_thread(agent.choose, game, decision)
                try:
                    await self.move(room, decision.player, decision.id, choice)
                except Refused as exc:
                    if exc.status != 409:  # an agent's illegal answer: a bug in the agent, not to retry for ever
                        log.error("the %s agent of game %s answered %r: %s", bots[decision.player], room.id,
                                  choice, exc.message)
                        return
                except StoreError as exc:  # a database busy or away for a moment: the bot waits and tries again
                    log.warning("the bot of game %s could not write its move, and tries again: %s", room.id, exc)
                    await asyncio.sleep(1)
        except Exception:
            log.exception("the bot of game %s stopped", room.id)
        finally:
            room.bot = None

    def _agent(self, room: Room, player: str, spec: str):
        if player not in room.agents:
            from .. import agents_opt

            side = player.split("-")[0]
            seed = int.from_bytes(hashlib.sha256(f"{room.id}/{player}".encode()).digest()[:4], "big")
            room.agents[player] = agents_opt.make(agents_opt.parse(f"{side}={spec}"), side, seed)
        return room.agents[player]

    # -- records of a finished game -------------------------------------------------------------------------------

    def full_save(self, room: Room) -> dict[str, Any]:
        """The referee's save: every secret of the game (for the creator, once it is over)."""
        return save_data(room.game, humans=[link.player for link, _d in room.links
                                            if link.role == "player" and not link.agent])
