"""Scale-out is real (issue 28): two `rebellion serve` processes on one PostgreSQL database play one game; a move
made through either is seen through the other (its page's socket told, its panel moved on), and a database that
goes away and comes back is said in words and loses nothing."""

from __future__ import annotations

import httpx
import pytest

from pgkit import postgres  # noqa: F401 (a fixture)
from servekit import Server, links_of, read_panel


def _client(server: Server) -> httpx.Client:
    return httpx.Client(base_url=server.url, timeout=20)


def _move(client: httpx.Client, link: str, csrf: str) -> httpx.Response:
    open_ = read_panel(client.get(link + "panel").text)
    return client.post(link + "move", json={"decision": open_.decision, "option": open_.options[0]},
                       headers={"X-CSRF-Token": csrf, "Accept": "application/json"})


@pytest.fixture
def two_servers(postgres):  # noqa: F811
    servers = [Server(postgres.url), Server(postgres.url)]
    for server in servers:
        server.start()
    yield servers
    for server in servers:
        server.stop()


def test_two_server_processes_play_one_game_on_one_database(two_servers, postgres):  # noqa: F811
    import websockets.sync.client as ws

    one, two = (_client(s) for s in two_servers)
    page = one.get("/")
    csrf = one.cookies["csrf"]
    links = links_of(one.post("/games", data={"csrf": csrf, "players": "2"}).text)
    two.get("/")
    csrf_two = two.cookies["csrf"]
    empire = links["empire"]
    with ws.connect(f"ws://127.0.0.1:{two_servers[1].port}{empire}ws") as socket:
        assert socket.recv(timeout=10) == '{"moves":0,"over":false}'
        assert _move(one, empire, csrf).status_code == 200  # made on one ...
        assert socket.recv(timeout=10) == '{"moves":1,"over":false}'  # ... told on two
    assert read_panel(two.get(empire + "panel").text).moves == 1
    assert _move(two, empire, csrf_two).status_code == 200
    assert read_panel(one.get(empire + "panel").text).moves == 2
    stale = one.post(empire + "move", json={"decision": "empire.1", "option": "x"},
                     headers={"X-CSRF-Token": csrf, "Accept": "application/json"})
    assert stale.status_code == 409  # answered already, through the other process
    open_ = read_panel(one.get(empire + "panel").text)
    postgres.stop()
    gone = one.post(empire + "move", json={"decision": open_.decision, "option": open_.options[0]},
                    headers={"X-CSRF-Token": csrf, "Accept": "application/json"})
    assert gone.status_code == 503 and "Nothing was changed" in gone.json()["error"]
    assert one.get(empire + "panel").status_code == 503
    postgres.start()
    assert read_panel(two.get(empire + "panel").text).moves == 2
    assert _move(two, empire, csrf_two).status_code == 200
    assert read_panel(one.get(empire + "panel").text).moves == 3
    assert page.status_code == 200
