"""`rebellion serve` (issue 28) through its HTTP and WebSocket interface: creating a game gives a secret link per
seat, a seat sees only its own options, a move is judged by the engine alone and seen by the other seat at once,
games outlive the process, and bad input of every kind is refused with words and changes nothing.

Rules the server must keep: the engine is the only judge of a move (DESIGN §5: ``Game.pending`` offers, ``apply``
judges); a save replays to its state hash (docs/saves.md); RULINGS on hidden information (the Rebel base is the
Rebel's secret, RB-BAS-02) hold for everything a seat is sent."""

from __future__ import annotations

import html
import re
import sqlite3
import time

import pytest
from starlette.testclient import TestClient

from servekit import create, move, new_store, read_panel

from swrebellion.tools.serve import Hall, create_app
from swrebellion.tools.serve.guard import RateLimit


@pytest.fixture
def db(tmp_path):
    return f"sqlite:///{tmp_path / 'games.sqlite3'}"


@pytest.fixture
def client(db):
    with TestClient(create_app(Hall(new_store(db)), poll=0.05)) as c:
        yield c


def test_two_people_play_and_each_sees_the_other_move_live(client):
    links = create(client)
    assert set(links) == {"rebel", "empire", "spectator", "creator"}
    empire = read_panel(client.get(links["empire"] + "panel").text)
    rebel = read_panel(client.get(links["rebel"] + "panel").text)
    assert empire.decision and empire.options and not rebel.decision, "setup starts with the Empire's units"
    with client.websocket_connect(links["rebel"] + "ws") as socket:
        assert socket.receive_json() == {"moves": 0, "over": False}
        answered = move(client, links["empire"], empire.decision, empire.options[0])
        assert answered.status_code == 200, answered.text
        assert socket.receive_json() == {"moves": 1, "over": False}
    assert read_panel(client.get(links["spectator"] + "panel").text).moves == 1


def test_a_move_not_offered_is_refused_and_changes_nothing(client):
    """The engine judges: a stale decision id, a seat not asked, an option not offered, a spectator's move, a
    malformed body each get a clear error, and the game stays at the same version."""
    links = create(client)
    empire = read_panel(client.get(links["empire"] + "panel").text)
    cases = [
        (links["empire"], {"decision": "empire.999", "option": empire.options[0]}, 409, "answered already"),
        (links["rebel"], {"decision": empire.decision, "option": empire.options[0]}, 409, "not your turn"),
        (links["empire"], {"decision": empire.decision, "option": "hoth-but-not-offered"}, 400, "not one of the options"),
        (links["spectator"], {"decision": empire.decision, "option": empire.options[0]}, 403, "cannot move"),
        (links["empire"], {"decision": 7, "option": None}, 400, "names the decision"),
    ]
    for link, body, status, words in cases:
        answer = client.post(link + "move", json=body, headers={"X-CSRF-Token": client.cookies["csrf"],
                                                                "Accept": "application/json"})
        assert answer.status_code == status, (body, answer.text)
        assert words in answer.json()["error"]
    broken = client.post(links["empire"] + "move", content=b"{not json", headers={
        "X-CSRF-Token": client.cookies["csrf"], "Content-Type": "application/json", "Accept": "application/json"})
    assert broken.status_code == 400 and "not readable JSON" in broken.json()["error"]
    assert read_panel(client.get(links["empire"] + "panel").text) == empire


def test_the_create_page_offers_the_game_options_the_expansions_declare(client):
    """A game option an expansion declares (``--option`` at the terminal) is offered on the create page and reaches
    the game: Rise of the Empire's ``mission_sets=choose`` asks each side, at the end of setup step 7, for a card
    of its mission deck (RE-MSS-02); a value the option does not take is refused with the ones it does take."""
    page = client.get("/").text
    assert 'name="option-mission_sets"' in page and '<option value="choose">' in page
    assert '<option value="first-game" selected>' in page, "the declared default is preselected"
    links = create(client, expansions=("rise-of-the-empire",), options={"mission_sets": "choose"})
    asked = set()
    for _ in range(200):  # the setup's placements, answered with the first option, up to the mission sets
        panels = {seat: client.get(links[seat] + "panel").text for seat in ("empire", "rebel")}
        asked = {seat for seat, text in panels.items() if "Choose a card of your mission deck" in text}
        if asked:
            break
        seat, text = next((seat, text) for seat, text in panels.items() if read_panel(text).decision)
        shown = read_panel(text)
        assert move(client, links[seat], shown.decision, shown.options[0]).status_code == 200
    assert asked, "mission_sets=choose asks for a mission set at the end of setup step 7"
    form = {"csrf": client.cookies.get("csrf"), "players": "2", "expansion": ["rise-of-the-empire"],
            "option-mission_sets": "all-of-them"}
    refused = client.post("/games", data=form)
    assert refused.status_code == 400 and "takes first-game, choose, not 'all-of-them'" in html.unescape(refused.text)
    # an option of an expansion left unticked is not applied: the base game alone reads no such option
    assert set(create(client, options={"mission_sets": "choose"})) >= {"rebel", "empire"}


def test_links_are_secret_and_checked(client, db):
    """Unknown games and wrong tokens look alike (404, no hint which); the database keeps only token digests."""
    links = create(client)
    game, token = links["rebel"].split("/")[2:4]
    other = token[:-1] + ("B" if token.endswith("A") else "A")  # one character off (a random token may end in A)
    for path in (f"/g/{game}/{other}/", f"/g/AAAAAAAAAAAAAAAA/{token}/", f"/g/{game}/short/",
                 f"/g/{game}/{token}/../", "/g/x/y/panel"):
        answer = client.get(path)
        assert answer.status_code == 404, path
    raw = sqlite3.connect(db.removeprefix("sqlite:///")).execute("select token from links").fetchall()
    assert len(raw) == 4 and all(len(t) == 64 for (t,) in raw)
    dump = "\n".join(sqlite3.connect(db.removeprefix("sqlite:///")).iterdump())
    assert token not in dump and len(token) == 43  # 256 random bits, never stored


def test_csrf_origin_size_and_rate_limits(db):
    with TestClient(create_app(Hall(new_store(db)), create_limit=RateLimit(2, 60))) as client:
        links = create(client)
        empire = read_panel(client.get(links["empire"] + "panel").text)
        assert move(client, links["empire"], empire.decision, empire.options[0], csrf="x" * 43).status_code == 403
        no_field = client.post("/games", data={"players": "2"})
        assert no_field.status_code == 403 and "expired" in no_field.text
        foreign = client.post(links["empire"] + "move", json={"decision": empire.decision, "option": "x"},
                              headers={"Origin": "https://evil.example", "X-CSRF-Token": client.cookies["csrf"]})
        assert foreign.status_code == 403
        huge = client.post(links["empire"] + "move", content=b"x" * 20000, headers={"Content-Type": "text/plain"})
        assert huge.status_code == 413
        create(client)
        third = client.post("/games", data={"csrf": client.cookies["csrf"], "players": "2"})
        assert third.status_code == 429
        assert read_panel(client.get(links["empire"] + "panel").text) == empire
        page = client.get(links["empire"])
        csp = page.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert page.headers["referrer-policy"] == "no-referrer"
        assert "<script>" not in page.text and " on" not in page.text.replace(" one", "")


def test_a_game_outlives_the_server_and_a_damaged_record_is_named(db):
    with TestClient(create_app(Hall(new_store(db)))) as first:
        links = create(first)
        for _ in range(5):
            empire = read_panel(first.get(links["empire"] + "panel").text)
            assert move(first, links["empire"], empire.decision, empire.options[-1]).status_code == 200
    with TestClient(create_app(Hall(new_store(db)))) as second:  # a new process: replayed from the database
        again = read_panel(second.get(links["empire"] + "panel").text)
        assert again.moves == 5 and again.decision == empire.decision.replace(".5", ".6")
    path = db.removeprefix("sqlite:///")
    with sqlite3.connect(path) as raw:
        raw.execute("update choices set option = 'nowhere' where n = 4")
    with TestClient(create_app(Hall(new_store(db)))) as third:
        answer = third.get(links["empire"] + "panel")
        assert answer.status_code == 500 and "cannot be loaded" in answer.text and "nowhere" in answer.text


def test_an_sqlite_busy_timeout_is_5_s_unless_the_url_says(tmp_path):
    """How long a move waits for another process's write (docs/serve.md, The database): 5 s by default, what
    ``?timeout=`` says otherwise (the setting would otherwise be overridden by the default)."""
    from swrebellion.tools.serve import connect

    for name, busy in (("a.sqlite3", 5000), ("b.sqlite3?timeout=10", 10000)):
        with connect(f"sqlite:///{tmp_path / name}").connect() as connection:
            assert connection.exec_driver_sql("PRAGMA busy_timeout").scalar() == busy


def test_a_locked_database_is_said_and_loses_nothing(tmp_path):
    """A move the database cannot take (locked past the busy timeout the URL sets: 0.5 s here, 5 s unless it
    says) is refused with 503, and nothing is changed; the same move is taken once the database is free."""
    path = tmp_path / "games.sqlite3"
    with TestClient(create_app(Hall(new_store(f"sqlite:///{path}?timeout=0.5")))) as client:
        links = create(client)
        empire = read_panel(client.get(links["empire"] + "panel").text)
        locker = sqlite3.connect(path, timeout=0)
        locker.execute("begin exclusive")
        try:
            locked = move(client, links["empire"], empire.decision, empire.options[0])
        finally:
            locker.rollback()
            locker.close()
        assert locked.status_code == 503 and "Nothing was changed" in locked.json()["error"]
        assert read_panel(client.get(links["empire"] + "panel").text) == empire
        assert move(client, links["empire"], empire.decision, empire.options[0]).status_code == 200


def test_a_closed_socket_mid_move_loses_nothing(client):
    links = create(client)
    empire = read_panel(client.get(links["empire"] + "panel").text)
    with client.websocket_connect(links["empire"] + "ws") as socket:
        socket.receive_json()
        socket.close()
    assert move(client, links["empire"], empire.decision, empire.options[0]).status_code == 200
    assert read_panel(client.get(links["empire"] + "panel").text).moves == 1


def test_bots_play_a_whole_game_and_its_records_open_after(client):
    """Two agents (random, heuristic) play a whole game in the background; then the replay and the saves: the
    creator's is the referee's full save, which restores to the same game; a seat's holds no seed."""
    import time

    from swrebellion.engine.save import restore
    from swrebellion.games import rules_for

    links = create(client, rebel="random", empire="random")
    deadline = time.monotonic() + 60
    while not read_panel(client.get(links["spectator"] + "panel").text).over:
        assert time.monotonic() < deadline, "the bots did not finish a game in a minute"
        time.sleep(0.2)
    replay = client.get(links["spectator"] + "replay")
    assert replay.status_code == 200 and "'sha256-" in replay.headers["content-security-policy"]
    full = client.get(links["creator"] + "save").json()
    game = restore(full, lambda expansions, packs: rules_for(expansions, packs))
    assert game.over
    mine = client.get(links["spectator"] + "save")
    assert mine.status_code == 200 and str(full["seed"]) not in mine.text


def test_languages(client):
    """The game's words come in the reader's language, as at the terminal (`play --lang ru`)."""
    import html

    from swrebellion import i18n
    from swrebellion.engine import Game
    from swrebellion.expansions.base.presentation import terminal
    from swrebellion.expansions.base.presentation.terminal.screens import status_screen
    from swrebellion.games import rules_for

    links = create(client)
    for lang in ("ru", "tr"):
        page = html.unescape(client.get(links["empire"] + f"?lang={lang}").text)
        assert f'lang="{lang}"' in page and client.cookies.get("lang") == lang  # the next pages too
        game = Game.new(rules_for(("base",)), 1)
        with i18n.using(lang):
            first = status_screen(game, "empire")[0]
            prompt = terminal.render(game, game.pending[0].prompt)
        assert first.split(".")[0] in page and prompt in page


def test_team_play_gives_a_link_per_seat_and_an_agent_seat_none(client):
    """4 players (RB team play: admirals and generals): a person's seat gets a link, an agent's seat gets none."""
    links = create(client, players=4, empire_general="random")
    assert set(links) == {"rebel-admiral", "rebel-general", "empire-admiral", "spectator", "creator"}
    for seat in ("rebel-admiral", "rebel-general", "empire-admiral"):
        assert client.get(links[seat]).status_code == 200


def _page_words(page: str) -> list[str]:
    """What a person reads on a page: its text and the words of its attributes (titles, alternative texts, labels,
    the notice's words), without the scripts' and styles' sources, the links' addresses and the board picture."""
    import html
    import re

    page = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)
    said = re.findall(r'\s(?:title|alt|aria-label|data-(?:lost|unreachable|unshown|refused|unsent))="([^"]*)"', page)
    text = re.sub(r"<[^>]*>", "\n", page)
    return [html.unescape(w).strip() for w in [*said, *text.split("\n")] if w.strip()]


@pytest.mark.parametrize("lang", ["ru", "tr"])
def test_the_pages_own_words_are_in_the_readers_language(client, lang):
    """The create page, the links page, a seat's and the spectator's page and an error page, asked for in Russian or
    Turkish (by the browser's Accept-Language, or the page's own choice), hold none of the pages' English words: every
    label goes through the catalogs (core/locale), like the game's words."""
    from swrebellion import agents, plugins
    from swrebellion.tools.catalogs import LOCALE

    english = [line[len('msgid "'):-1] for line, where in _pot_entries(LOCALE / "swrebellion.pot")
               if "tools/serve/" in where]
    assert len(english) > 40, "the pages' messages are not in the catalog template"
    asked = {"Accept-Language": f"{lang}-{lang.upper()},{lang};q=0.9,en;q=0.8"}
    pages = [client.get("/", headers=asked).text]
    form = {"csrf": client.cookies["csrf"], "players": "2"}
    made = client.post("/games", data=form, headers=asked).text
    pages.append(made)
    from servekit import links_of

    links = links_of(made)
    pages += [client.get(links[who], headers=asked).text for who in ("rebel", "empire", "spectator")]
    pages.append(client.get(links["rebel"] + "replay", headers=asked).text)  # refused: not over yet
    pages.append(client.get(links["rebel"] + f"?lang={lang}").text)  # the page's own choice, no header
    # the game's and its expansions' names (proper names, as on the box), the agents' names (as typed at the
    # terminal) and the links' addresses are not words to translate
    titles = {"Rebellion", *(e.expansion.name for e in plugins.discover().installed.values())}
    names = {w for title in titles for w in re.findall(r"[A-Za-z]{3,}", title)}
    names |= set(agents.names())
    # a game option's values are typed as they are at the terminal (`--option mission_sets=choose`)
    from swrebellion.engine.vocabulary import vocabulary
    from swrebellion.games import rules_for

    declared = vocabulary(rules_for(tuple(plugins.discover().installed), ()).active).options
    names |= {w for _what, values, _default in declared.values() for v in values for w in re.findall(r"[A-Za-z]{3,}", v)}
    for page in pages:
        assert f'<html lang="{lang}">' in page
        words = _page_words(page)
        leftovers = [w for w in words if w not in titles
                     and any(re.search(rf"\b{re.escape(e)}\b", w) for e in english)]
        assert not leftovers, leftovers
        if lang == "ru":  # Cyrillic: a Latin word is English left over, but for names and codes
            bare = [re.sub(r"https?://\S+|\{status\}", "", line) for line in words]  # addresses, placeholders
            latin = {w for line in bare for w in re.findall(r"[A-Za-z]{3,}", line)}
            assert latin <= names, latin


def _pot_entries(path):
    """(msgid line, the '#:' location lines before it) of a .pot file."""
    where, out = "", []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#:"):
            where += line
        elif line.startswith('msgid "') and line != 'msgid ""':
            out.append((line, where))
            where = ""
    return out


def test_pages_reconnecting_at_once_after_a_restart_share_one_room(client, db):
    """Every page of a game reconnects at the same moment after the server restarts: the game is loaded once, into
    one room, so that every page hears of the next move (two loads made two rooms, and the pages watching the
    one replaced heard nothing)."""
    import asyncio
    import time

    links = create(client)
    game = links["rebel"].split("/")[2]
    tokens = [links[who].split("/")[3] for who in ("rebel", "empire", "spectator")]
    restarted = Hall(new_store(db))
    answer = restarted.store.links

    def slowly(game_id):  # a database slow to answer: every page is still loading when the first load ends
        time.sleep(0.3)
        return answer(game_id)

    restarted.store.links = slowly

    async def reconnect():
        return await asyncio.gather(*(restarted.seat(game, token) for token in tokens))

    rooms = {id(room) for room, _link in asyncio.run(reconnect())}
    assert len(rooms) == 1 and id(restarted.rooms[game]) in rooms


def test_a_bot_waits_out_a_locked_database_and_plays_on(tmp_path):
    """A bot whose move cannot be written (the database locked longer than its busy timeout, 0.5 s here) tries
    again once the database is back, instead of stopping for good: the game goes on by itself."""
    import time

    path = tmp_path / "games.sqlite3"
    with TestClient(create_app(Hall(new_store(f"sqlite:///{path}?timeout=0.5")))) as client:
        links = create(client, empire="random")  # the Empire places its starting units first (RB-SET-03)
        locker = sqlite3.connect(path, timeout=30)
        locker.execute("begin exclusive")
        try:
            time.sleep(2)  # past the busy timeout: the bot's write fails at least once
            held = read_panel(client.get(links["spectator"] + "panel").text).moves
        finally:
            locker.rollback()
            locker.close()
        deadline = time.monotonic() + 30
        while read_panel(client.get(links["spectator"] + "panel").text).moves <= held:
            assert time.monotonic() < deadline, "the bot stopped when the database was locked"
            time.sleep(0.2)


def test_a_board_keeps_its_address_while_it_looks_the_same_and_the_browser_may_keep_it(db):
    """The board picture's address names the picture a seat sees (the version it was first shown at, and a digest
    of it): a move that leaves a seat's board as it was leaves its address, so the page keeps the picture it shows
    and its browser draws it once, and the browser may keep it (it never changes); a move that changes what the
    seat sees changes the address. Before a seat's board is first asked for, its address is the version alone (a
    bot's client never asks: the server does not draw it for nothing), and is not kept. An address whose picture
    the game has moved on from is answered with the board as it is now, never kept. Each seat's is of its own
    view: the Rebel's board shows where its hidden base is, the Empire's never (RB-BAS-02)."""
    seats = ("rebel", "empire", "spectator")
    kept = "private, max-age=31536000, immutable"
    with TestClient(create_app(Hall(new_store(db), window=0.01), poll=0.05)) as client:
        links = create(client)

        def address(who: str) -> str:
            panel = client.get(links[who] + "panel").text
            return html.unescape(re.search(r'<img src="board\.svg\?([^"]+)"', panel).group(1))

        def picture(who: str, query: str):
            return client.get(links[who] + "board.svg?" + query)

        shown, drawn = {who: [] for who in seats}, {who: [] for who in seats}
        for step in range(60):
            if step:
                deadline = time.monotonic() + 30
                while not any(read_panel(client.get(links[who] + "panel").text).decision for who in seats[:2]):
                    assert time.monotonic() < deadline, "nobody is asked"  # (a card window the server answers)
                    time.sleep(0.02)
                who, asked = next((who, o) for who in seats[:2]
                                  if (o := read_panel(client.get(links[who] + "panel").text)).decision)
                assert move(client, links[who], asked.decision, asked.options[-1]).status_code == 200
            for seat in seats:
                query = address(seat)
                answer = picture(seat, query)
                if step == 0:
                    assert query == "v=0" and answer.headers["cache-control"] == "no-store"
                else:
                    assert answer.headers["cache-control"] == kept
                if step > 1:
                    assert (query == shown[seat][-1]) == (answer.text == drawn[seat][-1]), "it names the picture"
                shown[seat].append(query)
                drawn[seat].append(answer.text)
        for seat in seats:
            steps = list(zip(shown[seat][1:], shown[seat][2:]))
            assert any(a == b for a, b in steps) and any(a != b for a, b in steps), (seat, shown[seat])
        assert "Hidden in " in drawn["rebel"][-1] and "Hidden in " not in drawn["empire"][-1] + drawn["spectator"][-1]
        stale = next(query for query, svg in zip(shown["empire"][1:], drawn["empire"][1:])
                     if svg != drawn["empire"][-1])
        answer = picture("empire", stale)
        assert answer.text == drawn["empire"][-1] and answer.headers["cache-control"] == "no-store"


def test_a_page_that_shows_the_board_has_it_named_by_its_picture_from_the_first_panel_even_after_a_restart(db):
    """A page shows the board: the seat's page itself, and each panel its script asks for (``board=shown``), name
    the picture at once (``d=``), where a script's client that never shows it gets the version alone. A server
    started again remembers no picture: the first panel a page asks of it still names the picture, by the same
    digest while the seat's board looks the same, so a page never meets the version alone between two addresses
    of one picture (it would draw the same picture again: the three-round Chromium test met it after the
    restart)."""

    def named(text: str) -> str:
        return html.unescape(re.search(r'<img src="board\.svg\?([^"]+)"', text).group(1))

    with TestClient(create_app(Hall(new_store(db), window=0.01), poll=0.05)) as client:
        links = create(client)
        assert named(client.get(links["empire"] + "panel").text) == "v=0"  # a script's client
        page = named(client.get(links["rebel"]).text)
        assert page.startswith("v=0&d=")
        assert named(client.get(links["rebel"] + "panel?v=0&board=shown").text) == page
        assert named(client.get(links["spectator"] + "panel?v=0&board=shown").text).startswith("v=0&d=")
    with TestClient(create_app(Hall(new_store(db), window=0.01), poll=0.05)) as client:  # started again
        again = named(client.get(links["rebel"] + "panel?v=0&board=shown").text)
        assert again.split("&d=")[1] == page.split("&d=")[1]
        assert named(client.get(links["empire"] + "panel").text) == "v=0"
