"""Where games live: SQLAlchemy Core over SQLite (the default, a file in the user's data folder, WAL mode) or
PostgreSQL (several server processes sharing one database).

A game is stored as what a save holds (docs/saves.md): the seed, the options, the expansions and packs with their
versions and digests, and the choices, one row each. Every decision is written in one transaction that also moves
the game's ``moves`` counter on, and only if nobody moved first (another process, a bot, a second tab): the
counter is the game's version, and a move made against an old version is refused and changes nothing. Loading
replays the choices and checks the state hash (``swrebellion.engine.save.restore``). The schema is made and
changed by the alembic migrations beside this module."""

from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError, OperationalError

metadata = sa.MetaData()

games = sa.Table(
    "games", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("options", sa.Text, nullable=False),      # JSON: setup, players ...
    sa.Column("expansions", sa.Text, nullable=False),   # JSON: [{id, version}]
    sa.Column("packs", sa.Text, nullable=False),        # JSON: [{id, version, hash, path?}]
    sa.Column("lang", sa.String(8), nullable=False),
    sa.Column("moves", sa.Integer, nullable=False),     # how many choices: the game's version
    sa.Column("state_hash", sa.String(64), nullable=False),
    sa.Column("over", sa.Boolean, nullable=False),
)

#: A link into a game: a seat (``role`` "player", ``player`` its id), the spectator or the creator. ``agent`` names
#: the agent playing a seat ("" for a person); ``token`` is the SHA-256 of the link's secret.
links = sa.Table(
    "links", metadata,
    sa.Column("game", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("role", sa.String(16), primary_key=True),
    sa.Column("player", sa.String(64), primary_key=True),
    sa.Column("agent", sa.String(200), nullable=False),
    sa.Column("token", sa.String(64), nullable=False),
)

choices = sa.Table(
    "choices", metadata,
    sa.Column("game", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("player", sa.String(64), nullable=False),
    sa.Column("option", sa.String(200), nullable=False),
)


#: A move's two statements, made once: the version moved on if it is still the one the move was judged against,
#: and the choice. (Built for every move, their statement objects and cache keys cost a tenth of what the database
#: work of a move costs the server.)
MOVE_ON = (games.update().where(games.c.id == sa.bindparam("game_id"), games.c.moves == sa.bindparam("was"))
           .values(moves=sa.bindparam("now"), state_hash=sa.bindparam("hash"), over=sa.bindparam("ended")))
RECORD = choices.insert()


class StoreError(Exception):
    """The database cannot be reached or used (locked, gone, refusing): said in words, nothing half-written."""


class Conflict(Exception):
    """Somebody moved first: the game's version is not the one the move was made against."""


@dataclass(frozen=True)
class Link:
    role: str      # "player", "spectator" or "creator"
    player: str    # the seat's player id ("" for the spectator and the creator)
    agent: str     # "" for a person, else the agent's name and knobs ("heuristic", "search:iterations=20")


def default_url() -> str:
    """``sqlite:///`` a file in the user's data folder ($XDG_DATA_HOME/swrebellion/games.sqlite3)."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "swrebellion"
    base.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{base / 'games.sqlite3'}"


#: How long an SQLite write waits for another to finish, unless the URL says (``?timeout=``).
BUSY_SECONDS = 5.0


def connect(url: str) -> sa.Engine:
    """An engine for ``url`` with the schema migrated to the newest version. ``postgresql://`` URLs use psycopg 3;
    SQLite gets WAL mode (readers never wait for the writer) and a busy timeout: how long a write waits for
    another to finish before it gives up (a move is then refused, and nothing is changed), 5 s unless the URL says
    (``sqlite:///games.sqlite3?timeout=10``)."""
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    try:
        if url.startswith("sqlite"):
            # (connect_args would override the URL's own timeout)
            given = "timeout" in sa.engine.make_url(url).query
            engine = sa.create_engine(url, connect_args={} if given else {"timeout": BUSY_SECONDS})
            sa.event.listen(engine, "connect", _sqlite_pragmas)
        else:
            # no pool_pre_ping: a ping before every transaction was a round trip of each move's (7% of a
            # PostgreSQL server's latency); a connection the database dropped is met and replaced by Store._run
            engine = sa.create_engine(url, pool_size=10, max_overflow=20)
        migrate(engine)
    except (sa.exc.SQLAlchemyError, ImportError, ValueError) as exc:
        raise StoreError(f"cannot open the database {_safe(url)}: {_reason(exc)}") from None
    return engine


def _sqlite_pragmas(connection, _record) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def migrate(engine: sa.Engine) -> None:
    """Bring the schema to the newest alembic revision (``migrations/versions``)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).with_name("migrations")))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def _safe(url: str) -> str:
    """The URL without its password."""
    try:
        return sa.engine.make_url(url).render_as_string(hide_password=True)
    except Exception:
        return "(an unreadable URL)"


def _reason(exc: BaseException) -> str:
    original = getattr(exc, "orig", None) or exc
    return " ".join(str(original).split())[:300]


class Store:
    """The games in one database. Every method is one transaction; a database error becomes :class:`StoreError`."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine

    def _run(self, work):
        """``work(connection)`` in one transaction. A pooled connection the database dropped (it restarted) fails
        its first statement: SQLAlchemy then lets every older connection of the pool go, and the work is tried
        once more on a new one. Nothing of the failed try was written; if the drop came at its very commit and the
        commit had gone through, the second try finds the game moved on and is refused (:class:`Conflict`) as a
        stale move is."""
        for last in (False, True):
            try:
                with self.engine.begin() as connection:
                    return work(connection)
            except (Conflict, IntegrityError) as exc:
                raise Conflict() from exc
            except (OperationalError, sa.exc.DBAPIError) as exc:
                if exc.connection_invalidated and not last:
                    continue
                raise StoreError(f"the database refused: {_reason(exc)}") from None
        raise AssertionError("unreachable")

    def create(self, game_id: str, save: dict[str, Any], lang: str, new_links: list[tuple[Link, str]]) -> None:
        """A new game (``save``: what :func:`swrebellion.engine.save.save_data` gives, with no choices yet) and its
        links, with the digests of their tokens."""
        def work(connection):
            connection.execute(games.insert().values(
                id=game_id, created=time.time(), seed=save["seed"], options=json.dumps(save["options"]),
                expansions=json.dumps(save["expansions"]), packs=json.dumps(save["packs"]), lang=lang,
                moves=len(save["choices"]), state_hash=save["state_hash"], over=False))
            connection.execute(links.insert(), [
                {"game": game_id, "role": link.role, "player": link.player, "agent": link.agent, "token": token}
                for link, token in new_links])
        self._run(work)

    def record(self, game_id: str, moves: int, player: str, option: str, state_hash: str, over: bool) -> None:
        """Write choice number ``moves`` (0-based), if the game is still at version ``moves``: else
        :class:`Conflict` and nothing is written."""
        def work(connection):
            moved = connection.execute(MOVE_ON, {"game_id": game_id, "was": moves, "now": moves + 1,
                                                 "hash": state_hash, "ended": over})
            if moved.rowcount != 1:
                raise Conflict()
            connection.execute(RECORD, {"game": game_id, "n": moves, "player": player, "option": option})
        self._run(work)

    def save(self, game_id: str, since: int = 0) -> dict[str, Any] | None:
        """The game as a save holds it (None if there is no such game); ``since``: only the choices from that
        index on (the caller has the rest)."""
        def work(connection):
            row = connection.execute(sa.select(games).where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None
            made = connection.execute(
                sa.select(choices.c.player, choices.c.option)
                .where(choices.c.game == game_id, choices.c.n >= since).order_by(choices.c.n)).all()
            return {"format": "swrebellion-save/1", "seed": row["seed"], "options": json.loads(row["options"]),
                    "expansions": json.loads(row["expansions"]), "packs": json.loads(row["packs"]),
                    "choices": [[p, o] for p, o in made], "state_hash": row["state_hash"], "lang": row["lang"]}
        return self._run(work)

    def versions(self, game_ids: list[str]) -> dict[str, int]:
        """How many choices each of these games has (a game that is gone is left out)."""
        if not game_ids:
            return {}
        def work(connection):
            rows = connection.execute(sa.select(games.c.id, games.c.moves).where(games.c.id.in_(game_ids)))
            return {gid: moves for gid, moves in rows}
        return self._run(work)

    def links(self, game_id: str) -> list[tuple[Link, str]]:
        """The game's links with their token digests."""
        def work(connection):
            rows = connection.execute(sa.select(links).where(links.c.game == game_id)).mappings()
            return [(Link(r["role"], r["player"], r["agent"]), r["token"]) for r in rows]
        return self._run(work)
