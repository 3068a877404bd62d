"""`rebellion serve`: the browser game server (docs/serve.md). Needs the ``serve`` extra."""

from __future__ import annotations

import gc
import ipaddress
import logging
import sys
import threading
from pathlib import Path

import click

from .options import configured_packs, pack_option

MISSING = "`rebellion serve` needs the serve extra: pip install 'swrebellion[serve]' ({error})"
#: The cyclic garbage collector's thresholds in the server (Python's are 700, 10, 10). A server with many open games
#: holds a large heap of long-lived objects (their states and logs), and with Python's thresholds the collector went
#: through all of it some 80 times in benchmarks/serve_load.py's 10,000 moves over 50 games, every game stopped
#: meanwhile (up to a second each on the loaded 2-core machine). What a request leaves behind is freed by reference
#: counting as it goes; collecting after 50,000 new containers rather than 700 left no full collection in that run,
#: with 8% less CPU a move and 29% more moves a second.
GC_THRESHOLDS = (50_000, 20, 20)
#: How often (seconds) the interpreter lets another thread of the server run: the event loop, the threads that work
#: out panels and the database's threads take turns, and with Python's 5 ms a move's request could wait several
#: turns of 5 ms behind a thread working out a panel. At 0.2 ms, benchmarks/serve_load.py's p95 fell from 175-191 to
#: 94 ms with one SQLite process and from 115-139 to 60 ms with two, for 5-20% more CPU a move (docs/serve.md, "How
#: fast").
SWITCH_INTERVAL = 0.0002


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. Only this machine can connect by default; 0.0.0.0 opens the server to "
                   "the network (put it behind a TLS proxy: docs/serve.md).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--db", "db_url", metavar="URL", default=None,
              help="Where games are kept: a SQLAlchemy URL, e.g. sqlite:///games.sqlite3 or postgresql://user@host/db "
                   "(default: games.sqlite3 in the user's data folder).")
@click.option("--create-limit", type=click.IntRange(1, 100000), default=20, show_default=True,
              help="How many games one address may create a minute.")
@pack_option
def serve(host, port, db_url, create_limit, packs):
    """Serve games in the browser: create a game, send each player their secret link, play.

    \b
    Examples:
      rebellion serve
      rebellion serve --pack my-pack
      rebellion serve --db postgresql://rebellion@db/rebellion --host 0.0.0.0 --port 8000
    """
    try:
        import uvicorn

        from .serve.app import create_app
        from .serve.guard import MAX_MESSAGE, RateLimit
        from .serve.rooms import Hall
        from .serve.store import Store, StoreError, connect, default_url
    except ImportError as exc:
        raise click.ClickException(MISSING.format(error=exc)) from None
    if not _loopback(host):
        click.echo(f"warning: listening on {host}: anyone who can reach this machine can create games; put the "
                   "server behind a TLS proxy (docs/serve.md)", err=True)
    offered = _offered([*configured_packs(), *packs])
    try:
        store = Store(connect(db_url or default_url()))
    except StoreError as exc:
        raise click.ClickException(str(exc)) from None
    gc.set_threshold(*GC_THRESHOLDS)
    sys.setswitchinterval(SWITCH_INTERVAL)
    threading.Thread(target=warm_up_odds, name="odds-warm-up", daemon=True).start()
    click.echo(f"Serving on http://{host}:{port}/ (Ctrl-C stops it; games are kept in the database)", err=True)
    # websockets-sansio: uvicorn's "websockets" implementation is deprecated (it warned at every start); no
    # per-message compression: the messages are a few bytes ({"moves": N}) and deflating each cost more than sending it
    uvicorn.run(create_app(Hall(store, offered), RateLimit(create_limit, 60)), host=host, port=port,
                ws="websockets-sansio", ws_max_size=MAX_MESSAGE, ws_per_message_deflate=False, log_level="warning",
                proxy_headers=True)


def warm_up_odds() -> None:
    """The exact odds' compiled loops loaded while the server starts taking games (in a thread of its own), so that
    the first page beside a move into combat, or the first bot weighing an attack, does not wait for them: some 0.5 s
    once a process, and the first time ever after installing some 20 s, when they are compiled and kept on disk
    (docs/odds.md, "How fast"). Without the odds extra (numpy, numba) there is nothing to load: pages show no odds.
    A failure here is logged, never the server's end: the odds are then worked out when first asked, as without."""
    try:
        from swrebellion.engine import scenario
        from swrebellion.expansions.base.api.combat import OddsUnavailable, odds_warm_up
        from swrebellion.games import rules_for

        game = scenario.start(scenario.Scenario.model_validate({"name": "warm-up", "state": {}}), rules_for(("base",)))
        odds_warm_up(game)
    except OddsUnavailable:
        pass
    except Exception:  # noqa: BLE001 - whatever it is, the server serves on
        logging.getLogger("swrebellion.serve").exception("the exact odds could not be made ready ahead")


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _offered(folders: list[Path]) -> dict[str, Path]:
    """Pack id -> folder for the fan packs the server offers, each checked as `rebellion play` checks content."""
    from swrebellion.games import ContentError, rules_for
    from swrebellion.plugins import discover

    installed = discover().installed
    offered: dict[str, Path] = {}
    for folder in folders:
        problem = None
        for expansions in (("base",), ("base", *sorted(set(installed) - {"base"}))):
            try:
                rules = rules_for(expansions, [folder])
            except ContentError as exc:
                problem = exc
                continue
            for pack in rules.content.packs:
                if not str(pack.source).startswith("built-in"):
                    offered[pack.id] = Path(pack.folder).resolve()
            problem = None
            break
        if problem is not None:
            raise click.ClickException(f"the pack in {folder} cannot be offered: {problem}")
    return offered
