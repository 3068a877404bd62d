"""The web application (Starlette): the create page, a seat's play page and its live updates (a WebSocket), the
board picture, moves, and a finished game's replay and save.

URLs: a seat's (or the spectator's, or the creator's) page is ``/g/GAME/TOKEN/``; everything that page loads is
relative to it (``panel``, ``board.svg``, ``move``, ``ws``, ``replay``, ``save``), so the part of a page that
changes holds neither the game's id nor the link's secret."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from pathlib import Path

import jinja2
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from swrebellion import i18n
from swrebellion.i18n import N_
from swrebellion.i18n import gettext as _

from . import presentation
from .guard import COOKIE, MAX_MESSAGE, Guard, RateLimit, csrf_ok, csrf_value, same_origin
from .rooms import Hall, Refused, Room, Spec, answered_alone
from .store import Link, StoreError

log = logging.getLogger("swrebellion.serve")
HERE = Path(__file__).parent
#: The seats' names, in the order the create page lists them (worded in the reader's language when shown).
SEAT_WORDS = {"rebel": N_("Rebel"), "empire": N_("Empire"), "rebel-admiral": N_("Rebel admiral"),
              "rebel-general": N_("Rebel general"), "empire-admiral": N_("Imperial admiral"),
              "empire-general": N_("Imperial general")}
#: How many lines of the account a page shows (the newest).
ACCOUNT_LINES = 300


def create_app(hall: Hall, create_limit: RateLimit | None = None, poll: float = 0.25) -> Guard:
    """The ASGI app serving ``hall``'s games; ``create_limit``: how often one address may create a game
    (default 20 a minute); ``poll``: how often watched games are checked for moves other processes made."""
    # auto_reload off: the templates do not change while the server runs (it looked at their files at every page)
    templates = jinja2.Environment(loader=jinja2.FileSystemLoader(HERE / "templates"), autoescape=True,
                                   undefined=jinja2.StrictUndefined, auto_reload=False,
                                   extensions=["jinja2.ext.i18n"])
    # the pages' words go through the same catalogs as the game's (core/locale; tools/catalogs.py extracts them
    # from the templates too); new-style: _("... %(name)s", name=...), escaped like any other value
    templates.install_gettext_callables(i18n.gettext, i18n.ngettext, newstyle=True,  # type: ignore[attr-defined]
                                        pgettext=i18n.pgettext, npgettext=i18n.npgettext)
    limit = create_limit or RateLimit(20, 60)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        poller = asyncio.get_running_loop().create_task(hall.poll(poll))
        yield
        poller.cancel()

    def page(request: Request, template: str, status: int = 200, default_lang: str = "en", make=dict,
             **context) -> HTMLResponse:
        """A page in the reader's language; ``make()`` gives the context that must be worded in it."""
        value, fresh = csrf_value(request.cookies)
        lang = _lang(request, default_lang)
        with i18n.using(lang):
            html = templates.get_template(template).render(csrf=value, lang=lang, languages=i18n.LANGUAGES,
                                                           **context, **make())
        response = HTMLResponse(html, status_code=status)
        if fresh:
            response.set_cookie(COOKIE, value, httponly=True, samesite="strict", path="/")
        if request.query_params.get("lang") in i18n.LANGUAGES:
            response.set_cookie("lang", request.query_params["lang"], samesite="strict", path="/")
        return response

    def refused(request: Request, exc: Refused) -> Response:
        if _wants_json(request):
            return JSONResponse({"error": exc.message}, status_code=exc.status)
        return page(request, "error.html", status=exc.status, message=exc.message,
                    in_game=request.url.path.startswith("/g/"))

    def unavailable(request: Request, exc: StoreError) -> Response:
        return refused(request, Refused(503, _("The game store is not available now (%(reason)s). Nothing was "
                                               "changed: try again in a moment.") % {"reason": exc}))

    def answered(handler):
        """``handler`` with its refusals and database failures turned into pages (or JSON) that say them."""
        async def run(request: Request) -> Response:
            try:
                with i18n.using(_lang(request)):  # a refusal is worded in the reader's language
                    return await handler(request)
            except Refused as exc:
                return refused(request, exc)
            except StoreError as exc:
                return unavailable(request, exc)
        return run

    async def index(request: Request) -> Response:
        return page(request, "index.html", make=lambda: {
            **_choices(hall), "seat_words": [(seat, _(words)) for seat, words in SEAT_WORDS.items()]})

    async def create(request: Request) -> Response:
        form = await request.form()
        if not csrf_ok(request.cookies, form.get("csrf")) or not same_origin(request.headers, request.url.netloc):
            return refused(request, Refused(403, _("This form has expired (or came from another site): reload "
                                                   "the page and send it again.")))
        if not limit.allow(request.client.host if request.client else "?"):
            return refused(request, Refused(429, _("Too many games created from here in the last minute: wait "
                                                   "a little and try again.")))
        game_id, made = await hall.create(_spec(form, hall, _lang(request)))
        base = str(request.base_url).rstrip("/")
        seats = [(player, f"{base}/g/{game_id}/{token}/") for (role, player), token in made.items() if role == "player"]
        return page(request, "created.html", spectator=f"{base}/g/{game_id}/{made[('spectator', '')]}/",
                    creator=f"{base}/g/{game_id}/{made[('creator', '')]}/",
                    make=lambda: {"seats": [(player, _seat_words(player), url) for player, url in seats]})

    async def seat(request: Request, heard: int | None = None) -> tuple[Room, Link]:
        return await hall.seat(request.path_params["game"], request.path_params["token"], heard)

    async def finished(request: Request, refusal: str) -> tuple[Room, Link]:
        room, link = await seat(request)
        if not room.game.over:
            raise Refused(409, refusal)
        return room, link

    async def play(request: Request) -> Response:
        room, link = await seat(request)
        lang = _lang(request, room.lang)
        room.drawn_for.add((_viewer(link), lang))  # the page shows the board (``_board``)
        shown = await _panel(room, link, lang)
        return page(request, "play.html", default_lang=room.lang, make=lambda: {"who": _who(link), **shown})

    async def panel(request: Request) -> Response:
        room, link = await seat(request, _heard(request))
        lang = _lang(request, room.lang)
        if request.query_params.get("board") == "shown":  # asked by a page that shows the board (play.js)
            room.drawn_for.add((_viewer(link), lang))
        shown = await _panel(room, link, lang)
        return page(request, "panel.html", default_lang=room.lang, make=lambda: shown)

    async def board(request: Request) -> Response:
        try:
            room, link = await seat(request, _heard(request))
        except Refused as exc:
            return Response(exc.message, status_code=exc.status, media_type="text/plain")
        except StoreError as exc:
            return Response(str(exc), status_code=503, media_type="text/plain")
        wanted, key = request.query_params.get("d"), (_viewer(link), _lang(request, room.lang))
        room.drawn_for.add(key)  # the viewer's pages name their board by its picture from now on (``_board``)
        shown = room.boards.get(key)
        if shown is not None and shown[0] == wanted:
            digest, svg = wanted, shown[2]
        else:  # drawn in a worker thread, as the panel is worked out: the server keeps telling moves meanwhile
            game = room.game
            svg = await asyncio.to_thread(_in_language, key[1], presentation.board_svg, game, key[0])
            digest = _digest(svg)
            if shown is None:
                room.boards[key] = (digest, len(game.state["choices"]), svg)
        # the address names the picture (``_board``): what it names never changes, so the browser may keep it; a
        # picture that is not the one asked for (the game has moved on since) is never kept under its address
        kept = "private, max-age=31536000, immutable" if digest == wanted else "no-store"
        # drawn as an <img>: an SVG shown so runs no script whatever it holds; its own styles are inline
        return Response(svg, media_type="image/svg+xml", headers={
            "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'", "cache-control": kept})

    async def move(request: Request) -> Response:
        if not same_origin(request.headers, request.url.netloc):
            raise Refused(403, _("A move must come from the game's own page."))
        if request.headers.get("content-type", "").startswith("application/json"):
            try:
                body = json.loads(await request.body())
            except (ValueError, UnicodeDecodeError):
                raise Refused(400, "The move is not readable JSON: send {\"decision\": ID, \"option\": ID}.") from None
            given = request.headers.get("x-csrf-token")
        else:
            body = dict(await request.form())
            given = body.get("csrf")
        if not csrf_ok(request.cookies, given):
            raise Refused(403, _("This page has expired: reload it and choose again."))
        if not (isinstance(body, dict) and isinstance(body.get("decision"), str)
                and isinstance(body.get("option"), str)):
            raise Refused(400, "A move names the decision and the option: {\"decision\": ID, \"option\": ID}.")
        room, link = await seat(request, heard=0)  # judged on the room as it is; looked up only if refused
        if link.role != "player" or link.agent:
            raise Refused(403, _("This link watches the game; it cannot move."))
        held = await hall.move(room, link.player, body["decision"], body["option"])
        # how long a card window's answer was held (rooms.WINDOW_SECONDS), in the standard header for time a server
        # spent: the mover knows when its window opened anyway, and a measure of the server leaves it out
        timing = {"server-timing": f"hold;dur={1000 * held:.1f}"} if held else {}
        if _wants_json(request):
            return JSONResponse({"moves": room.moves}, headers=timing)
        return Response(status_code=303, headers={"location": "./", **timing})

    async def replay(request: Request) -> Response:
        room, link = await finished(request, _("The replay opens when the game is over."))
        views = ("public", "rebel", "empire") if link.role == "creator" else (
            ("public",) if link.role == "spectator" else ("public", link.player.split("-")[0]))
        html = await asyncio.to_thread(presentation.replay, room.game, views)
        # the replay is one self-contained file with its script inline: allowed by its hash, nothing else
        return HTMLResponse(html, headers={"content-security-policy": _replay_csp(html)})

    async def save(request: Request) -> Response:
        room, link = await finished(request, _("The save can be downloaded when the game is over."))
        if link.role == "creator":  # the referee's save: every secret, for whoever created the game
            document, name = hall.full_save(room), f"rebellion-{room.id}.json"
        else:
            from swrebellion.engine.save import VIEW_FORMAT

            viewer = _viewer(link)
            document = {"format": VIEW_FORMAT, "player": viewer, "state_hash": room.game.state_hash(),
                        "view": room.game.view(viewer)}
            name = f"rebellion-{room.id}-{viewer or 'spectator'}.json"
        return Response(json.dumps(document, indent=1) + "\n", media_type="application/json",
                        headers={"content-disposition": f'attachment; filename="{name}"'})

    async def socket(websocket: WebSocket) -> None:
        if not same_origin(websocket.headers, websocket.url.netloc):
            await websocket.close(code=1008)
            return
        try:
            room, _link = await hall.seat(websocket.path_params["game"], websocket.path_params["token"])
        except (Refused, StoreError):
            await websocket.close(code=1008)
            return
        await websocket.accept()
        queue: asyncio.Queue = asyncio.Queue()
        room.watchers.add(queue)
        listener = asyncio.get_running_loop().create_task(_drain(websocket))
        try:
            await websocket.send_json({"moves": room.moves, "over": room.game.over})
            while True:
                waiter = asyncio.ensure_future(queue.get())
                done, _pending = await asyncio.wait({waiter, listener}, return_when=asyncio.FIRST_COMPLETED)
                if listener in done:
                    waiter.cancel()
                    return
                waiter.result()
                while not queue.empty():  # several moves at once: one message
                    queue.get_nowait()
                await websocket.send_json({"moves": room.moves, "over": room.game.over})
        except (WebSocketDisconnect, RuntimeError):
            return
        finally:
            room.watchers.discard(queue)
            listener.cancel()

    routes = [
        Route("/", answered(index)),
        Route("/games", answered(create), methods=["POST"]),
        Route("/g/{game}/{token}/", answered(play)),
        Route("/g/{game}/{token}/panel", answered(panel)),
        Route("/g/{game}/{token}/board.svg", board),
        Route("/g/{game}/{token}/move", answered(move), methods=["POST"]),
        Route("/g/{game}/{token}/replay", answered(replay)),
        Route("/g/{game}/{token}/save", answered(save)),
        WebSocketRoute("/g/{game}/{token}/ws", socket),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    return Guard(Starlette(routes=routes, lifespan=lifespan))


async def _drain(websocket: WebSocket) -> None:
    """Read (and drop) what the browser sends, so that a closed socket is noticed; a message beyond
    :data:`MAX_MESSAGE` closes it."""
    while True:
        message = await websocket.receive()
        if message["type"] == "websocket.disconnect":
            return
        if len(message.get("text") or message.get("bytes") or "") > MAX_MESSAGE:
            await websocket.close(code=1009)
            return


def _heard(request: Request) -> int | None:
    """The version of the game a page has heard of (``?v=N``: the socket's news, or its move's answer), if it says."""
    value = request.query_params.get("v", "")
    return int(value) if value.isdigit() and len(value) < 10 else None


def _wants_json(request: Request) -> bool:
    return "application/json" in request.headers.get("accept", "")


def _lang(request: Request, default: str = "en") -> str:
    """The reader's language: chosen in the page (``?lang=``, then remembered in a cookie), else the first of
    ours the browser asks for (Accept-Language), else ``default`` (a game's: its creator's language)."""
    for wanted in (request.query_params.get("lang"), request.cookies.get("lang"),
                   _accepted(request.headers.get("accept-language", ""))):
        if wanted in i18n.LANGUAGES:
            return wanted
    return default if default in i18n.LANGUAGES else "en"


def _accepted(header: str) -> str | None:
    """The language of ours an Accept-Language header prefers most ("ru-RU,ru;q=0.9,en;q=0.8" -> "ru")."""
    ranked = []
    for n, item in enumerate(header[:500].split(",")):
        tag, _sep, params = item.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        primary = tag.strip().split("-")[0].lower()
        if primary in i18n.LANGUAGES and quality > 0:
            ranked.append((-quality, n, primary))
    return min(ranked)[2] if ranked else None


def _viewer(link: Link) -> str | None:
    return link.player if link.role == "player" else None


def _seat_words(player: str) -> str:
    return _(SEAT_WORDS[player]) if player in SEAT_WORDS else player


def _who(link: Link) -> str:
    if link.role == "player":
        return _seat_words(link.player)
    return _("Spectator") if link.role == "spectator" else _("Creator (spectator's view)")


async def _panel(room: Room, link: Link, lang: str) -> dict:
    """What the changing part of a page shows, all of it from the seat's own view; worked out once per version of
    the game, seat and language (every page of a seat, and every reload, shows the same), in a worker thread: the
    words and screens of a panel take about half a millisecond, the odds beside a move into combat up to tens, and
    meanwhile the server keeps judging and telling moves (worked out in the event loop, a move waited behind every
    page asked before it: docs/serve.md, How fast). Requests asking at once share the one working out."""
    game = room.game  # never changed in place: a move puts a new game in the room
    # (a panel worked out before the viewer's board was first shown names it by the version alone: ``_board``)
    key = (len(game.state["choices"]), link.role, link.player, link.agent, lang,
           (_viewer(link), lang) in room.drawn_for)
    if key not in room.panels:
        if any(k[0] != key[0] for k in room.panels):
            room.panels.clear()
        room.panels[key] = asyncio.ensure_future(
            asyncio.to_thread(_in_language, lang, _worked_out, room, game, link))
    working = room.panels[key]
    try:
        return await asyncio.shield(working)
    except Exception:
        if room.panels.get(key) is working:
            del room.panels[key]  # not kept: the next request tries again
        raise


def _in_language(lang: str, work, *args):
    with i18n.using(lang):
        return work(*args)


def _account(room: Room, game, viewer: str | None) -> list[str]:
    """The account of ``game`` as ``viewer`` reads it, the new events worded onto what was worded before."""
    key = (viewer, i18n.language())
    told, lines = room.accounts.get(key, (0, []))
    events = len(game.state["log"])
    if events > told:
        lines = lines + presentation.account(game, viewer, told)
        room.accounts[key] = (events, lines)
    return lines


def _newest_first(lines: list[str]) -> dict:
    """The account as a page lists it: the newest line first, where the eye (and the keyboard) lands, as in a
    game's log, numbered by its place in the whole account (``told``: how many lines there are)."""
    return {"account": lines[:-ACCOUNT_LINES - 1:-1], "told": len(lines)}


def _worked_out(room: Room, game, link: Link) -> dict:
    with game.views_shared():  # the room's game is never changed in place: its screens read one view
        return _panel_parts(room, game, link)


def _panel_parts(room: Room, game, link: Link) -> dict:
    viewer = _viewer(link)
    decision = alone = None
    if link.role == "player" and not link.agent:
        decision = next((d for d in game.pending if d.player == link.player), None)
        if decision is not None and answered_alone(game, decision):  # the server answers it: the seat waits
            decision, alone = None, decision
    return {
        "moves": len(game.state["choices"]),
        "over": game.over,
        "result": presentation.result(game),
        "decision": decision,
        "heading": presentation.heading(game, decision) if decision else "",
        "prompt": presentation.prompt(game, decision) if decision else "",
        "groups": presentation.groups(game, decision) if decision else [],
        "not_offered": presentation.not_offered(game, decision) if decision else [],
        "odds": presentation.combat_odds(game, decision) if decision else {},
        "waiting": presentation.heading(game, alone) if alone else (
            "" if decision or game.over else presentation.waiting(game, viewer)),
        "screens": presentation.screens(game, viewer),
        "board": _board(room, game, viewer),
        **_newest_first(_account(room, game, viewer)),
        "board_words": (_("The board as the %(seat)s sees it") % {"seat": _seat_words(viewer)} if viewer
                        else _("The board, as everybody sees it")),
        "creator": link.role == "creator",
    }


def _board(room: Room, game, viewer: str | None) -> str:
    """The query of the board picture's address (``board.svg?...``) for ``viewer`` at this version of the game: the
    version at which this picture was first shown here (the server must have reached it) and a digest of it. A
    move that leaves the viewer's board as it was (about half of them) leaves its address too, so the page keeps
    the picture it shows: drawing a new one is most of the work a move costs the reader's browser. Until a page
    of this viewer has shown the board (:attr:`.Room.drawn_for`: a bot's or a script's client never does) it is
    not drawn for the address, which is then the version alone: drawing it costs the server about as much as the
    rest of the panel. A page says so with every panel it asks for, so a server started again (which remembers
    no picture) names the board by its picture from the first panel on: a page never meets the version alone
    between two addresses of one picture."""
    key, moves = (viewer, i18n.language()), len(game.state["choices"])
    if key not in room.drawn_for:
        return f"v={moves}"
    svg = presentation.board_svg(game, viewer)
    digest = _digest(svg)
    shown = room.boards.get(key)
    if shown is None or shown[0] != digest:
        shown = room.boards[key] = (digest, moves, svg)
    return f"v={shown[1]}&d={digest}"


def _digest(svg: str) -> str:
    return hashlib.sha256(svg.encode()).hexdigest()[:20]


def _choices(hall: Hall) -> dict:
    """What the create page offers: installed expansions, the packs the server offers, setups and game options
    (those of every installed expansion: the server names none), agents."""
    from swrebellion import agents, plugins

    installed = plugins.discover().installed
    expansions = sorted((ident, found.expansion.name) for ident, found in installed.items() if ident != "base")
    rules = hall.rules(("base", *(ident for ident, _name in expansions)))
    names = {ident: found.expansion.name for ident, found in installed.items()}
    options = [(name, names.get(owner, owner), _(what), values, default)
               for name, (owner, what, values, default) in sorted(_game_options(rules).items())]
    return {"expansions": expansions, "packs": sorted(hall.packs), "agents": agents.names(),
            "setups": presentation.setups(rules), "options": options}


def _game_options(rules) -> dict[str, tuple[str, str, tuple[str, ...], str]]:
    """The game options the plugins of ``rules`` declare (``declare_vocabulary``'s ``options``, what the CLI's
    ``--option`` offers): name -> (the declaring plugin, what it changes, its values, the default)."""
    from swrebellion.engine.vocabulary import vocabulary

    found = vocabulary(rules.active)
    return {name: (found.owners[f"option:{name}"], what, values, default)
            for name, (what, values, default) in found.options.items()}


def _spec(form, hall: Hall, lang: str) -> Spec:
    from swrebellion import agents, plugins

    installed = plugins.discover().installed
    expansions = ["base"]
    for name in form.getlist("expansion"):
        if name not in installed:
            raise Refused(400, f"This server has no expansion {str(name)[:60]!r}.")
        if name not in expansions:
            expansions.append(name)
    packs = []
    for name in form.getlist("pack"):
        if name not in hall.packs:
            raise Refused(400, f"This server offers no pack {str(name)[:60]!r}.")
        packs.append(name)
    players = form.get("players", "2")
    if players not in ("2", "4"):
        raise Refused(400, "A game has 2 players, or 4 in team play.")
    known = set(agents.names())
    seats = {}
    for seat in ("rebel", "empire", "rebel-admiral", "rebel-general", "empire-admiral", "empire-general"):
        spec = str(form.get(f"seat-{seat}", ""))
        if spec and spec.split(":")[0] not in known:
            raise Refused(400, f"There is no agent {spec[:60]!r}: choose one of {', '.join(sorted(known))}.")
        if spec:
            from .. import agents_opt

            try:
                agents_opt.parse(f"{seat.split('-')[0]}={spec}")
            except Exception as exc:  # click's BadParameter, worded for the person
                raise Refused(400, f"The agent for {seat}: {getattr(exc, 'message', exc)}") from None
        seats[seat] = spec
    setup = str(form.get("setup", "")) or None
    return Spec(tuple(expansions), tuple(packs), setup, int(players), seats, lang, _options(form, hall, expansions))


def _options(form, hall: Hall, expansions: list[str]) -> dict[str, str]:
    """The game options the form chose, for the expansions the game enables: the page offers the options of every
    installed expansion, so one of an expansion left unticked is not applied (the game does not read it)."""
    chosen = {}
    for name, (_owner, _what, values, _default) in _game_options(hall.rules(tuple(expansions))).items():
        value = form.get(f"option-{name}")
        if value is None:
            continue
        if value not in values:
            raise Refused(400, f"The game option {name} takes {', '.join(values)}, not {str(value)[:60]!r}.")
        chosen[name] = str(value)
    return chosen


def _replay_csp(html: str) -> str:
    import base64
    import re

    hashes = " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()}'"
                      for body in re.findall(r"<script>(.*?)</script>", html, flags=re.S))
    return (f"default-src 'none'; script-src {hashes}; style-src 'unsafe-inline'; img-src data:; "
            "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")


__all__ = ["create_app"]
