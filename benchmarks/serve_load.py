"""Load on `rebellion serve` (issue 28): concurrent games of two people's seats, each played by a scripted client
that moves as fast as the server answers, as a browser does (a move is a POST; each seat's WebSocket says the game
moved, and the client then fetches the seats' panels until it finds the one asked, and picks one of the options
that panel offers).

    python benchmarks/serve_load.py                         # SQLite in a temporary folder
    python benchmarks/serve_load.py --db postgresql://rebellion@127.0.0.1:5432/rebellion
    python benchmarks/serve_load.py --games 50 --moves 10000 --servers 2

Prints the time from a move's request to the other seat's update over its WebSocket (p50, p95), moves and games
per second, the errors seen, the CPU time per move of the servers and of the clients, and the servers' memory per
open game (their resident size after the games are open, less before, divided by the games; a server is measured
once it has settled from its start). The time a card window's answer is held (rooms.WINDOW_SECONDS, against timing
tells; the server says it in a Server-Timing header) is left out of the latency, as bot thinking would be, and
counted apart. ``--servers N``: N server processes on
the one database, each game played on one of them (as a proxy routing by the game's path does: docs/serve.md,
Scale-out). The servers and the clients share this machine's cores, and so does whatever else runs on it: the
machine's load is printed with the figures. Figures are measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

import httpx
import websockets


def _port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _cpu_seconds(pid: int) -> float:
    """The CPU time a process has used (user and system), from /proc."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return int(next(line for line in status if line.startswith("VmRSS")).split()[1])


class Connection:
    """One keep-alive HTTP/1.1 connection, as a browser keeps one per page. The requests are written by hand and
    the answers read by their Content-Length: httpx cost the clients more CPU per move than the server spent, on the
    same two cores, which measured the benchmark more than the server."""

    def __init__(self, host: str, port: int, cookie: str) -> None:
        self.host, self.port, self.cookie = host, port, cookie
        self.streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None

    async def request(self, method: str, path: str, body: bytes = b"", headers: str = "") -> tuple[int, bytes, bytes]:
        """(status, head, body); sent again once on a new connection if the server had closed the idle one."""
        for last in (False, True):
            if self.streams is None:
                self.streams = await asyncio.open_connection(self.host, self.port)
            reader, writer = self.streams
            writer.write(f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nCookie: {self.cookie}\r\n"
                         f"Content-Length: {len(body)}\r\n{headers}\r\n".encode() + body)
            try:
                head = await reader.readuntil(b"\r\n\r\n")
                length = int(re.search(rb"(?i)\r\ncontent-length: *(\d+)", head).group(1))
                return int(head[9:12]), head, await reader.readexactly(length)
            except (asyncio.IncompleteReadError, ConnectionError):
                writer.close()
                self.streams = None
                if last:
                    raise
        raise AssertionError("unreachable")


#: What a seat's panel says, found without parsing the whole page: whether the game is over, the open decision's
#: id, and the options offered (a scripted player chooses among those, as a person among the buttons).
OVER = b"<h2 data-over>"
DECISION = re.compile(rb'data-decision="([^"]+)"')
OPTION = re.compile(rb'name="option" value="([^"]*)"')
HELD = re.compile(rb"(?i)\r\nserver-timing: *hold;dur=([0-9.]+)")


class Game:
    def __init__(self, address: tuple[str, int], links: dict[str, str], cookie: str, csrf: str) -> None:
        self.address, self.links, self.cookie, self.csrf = address, links, cookie, csrf
        self.pages = {seat: Connection(*address, cookie) for seat in links}  # one connection per seat's page
        self.moved: dict[str, asyncio.Queue] = {seat: asyncio.Queue() for seat in links}
        self.version = 0  # the game's version as the last move's answer said, which the panels are asked for

    async def listen(self, seat: str) -> None:
        host, port = self.address
        async with websockets.connect(f"ws://{host}:{port}{self.links[seat]}ws", compression=None) as sock:
            async for message in sock:
                await self.moved[seat].put((time.perf_counter(), json.loads(message)))

    async def play(self, budget: list[int], latencies: list[float], held: list[float], errors: list[str]) -> bool:
        """Move until the game ends or the shared budget of moves is spent; True if the game ended."""
        for seat in self.links:
            await self.moved[seat].get()  # the socket's first message: connected
        moves = 0
        while budget[0] > 0:
            asked = None
            for seat, link in self.links.items():
                _status, _head, text = await self.pages[seat].request("GET", f"{link}panel?v={self.version}")
                if OVER in text:
                    return True
                found = DECISION.search(text)
                if found:
                    options = OPTION.findall(text)
                    asked = (seat, html.unescape(found.group(1).decode()),
                             html.unescape(options[moves * 7 % len(options)].decode()))
                    break
            if asked is None:  # a card window the server answers alone, after the window time: wait for its news
                try:
                    while self.version >= (news := (await asyncio.wait_for(self.moved[seat].get(), 30))[1])["moves"]:
                        pass
                except asyncio.TimeoutError:
                    errors.append("nobody is asked")
                    return False
                self.version = news["moves"]
                continue
            seat, decision, option = asked
            other = next(s for s in self.links if s != seat)
            started = time.perf_counter()
            status, head, body = await self.pages[seat].request(
                "POST", self.links[seat] + "move", json.dumps({"decision": decision, "option": option}).encode(),
                f"Content-Type: application/json\r\nAccept: application/json\r\nX-CSRF-Token: {self.csrf}\r\n")
            if status != 200:
                errors.append(f"{status}: {body[:120]!r}")
                return False
            moves += 1
            budget[0] -= 1
            wanted = self.version = json.loads(body)["moves"]
            # a card window's answer waits until the window has been open WINDOW_SECONDS (rooms.py), as long as a
            # person is seen to think at a table; the server says how long (Server-Timing), and that time is left
            # out, as bot thinking is
            hold = HELD.search(head)
            hold_s = float(hold.group(1)) / 1000 if hold else 0.0
            while True:  # the other seat's update for this move
                arrived, news = await self.moved[other].get()
                if news["moves"] >= wanted:
                    latencies.append(arrived - started - hold_s)
                    if hold_s:
                        held.append(hold_s)
                    break
            while not self.moved[seat].empty():
                self.moved[seat].get_nowait()
        return False


async def _clients(games: list[tuple[int, dict[str, str]]], csrf: str, moves: int, start) -> dict:
    """One process of clients: its games' sockets connect, then it waits for the other processes (``start``, a
    barrier) and plays its share of the moves. ``games``: (the port of the server it plays on, its links)."""
    made = [Game(("127.0.0.1", port), links, f"csrf={csrf}", csrf) for port, links in games]
    listeners = [asyncio.create_task(g.listen(seat)) for g in made for seat in g.links]
    await asyncio.sleep(1)
    await asyncio.to_thread(start.wait)
    budget, latencies, held, errors = [moves], [], [], []
    cpu = time.process_time()
    ended = await asyncio.gather(*(g.play(budget, latencies, held, errors) for g in made))
    cpu = time.process_time() - cpu
    for task in listeners:
        task.cancel()
    return {"latencies": latencies, "held": held, "errors": errors, "ended": sum(ended), "cpu": cpu}


def _client_process(games, csrf, moves, start, results) -> None:
    results.put(asyncio.run(_clients(games, csrf, moves, start)))


def run(ports: list[int], server_pids: list[int], games: int, moves: int, processes: int) -> dict:
    """Create the games, spread over the servers (every request of a game goes to one server, as a proxy routing by
    the game's path would), play them from ``processes`` processes of clients, and gather the figures."""
    import multiprocessing

    with httpx.Client(timeout=60) as client:
        client.get(f"http://127.0.0.1:{ports[0]}/")
        csrf = client.cookies["csrf"]
        before = sum(_rss_kib(pid) for pid in server_pids)
        made: list[list[tuple[int, dict[str, str]]]] = [[] for _ in range(processes)]
        for n in range(games):
            port = ports[n % len(ports)]
            page = client.post(f"http://127.0.0.1:{port}/games", data={"csrf": csrf, "players": "2"})
            found = dict(re.findall(r'<dt data-seat="(rebel|empire)">[^<]*</dt><dd><a href="[^"]*?(/g/[^"]+)"',
                                    page.text))
            made[n % processes].append((port, {"rebel": found["rebel"], "empire": found["empire"]}))
    context = multiprocessing.get_context("fork")
    start, results = context.Barrier(processes + 1), context.Queue()
    workers = [context.Process(target=_client_process, args=(mine, csrf, moves // processes, start, results))
               for mine in made]
    for worker in workers:
        worker.start()
    start.wait()
    after = sum(_rss_kib(pid) for pid in server_pids)
    began, server_cpu = time.perf_counter(), sum(_cpu_seconds(pid) for pid in server_pids)
    gathered = [results.get() for _ in workers]
    elapsed = time.perf_counter() - began
    server_cpu = sum(_cpu_seconds(pid) for pid in server_pids) - server_cpu
    for worker in workers:
        worker.join()
    latencies = sorted(x for r in gathered for x in r["latencies"])
    held = [x for r in gathered for x in r["held"]]
    errors = [x for r in gathered for x in r["errors"]]
    ended = sum(r["ended"] for r in gathered)
    done = max(len(latencies), 1)
    return {"moves": len(latencies), "errors": len(errors), "first_errors": errors[:3], "seconds": round(elapsed, 1),
            "moves_per_s": round(len(latencies) / elapsed, 1), "games_finished": ended,
            "games_per_s": round(ended / elapsed, 3),
            "p50_ms": round(1000 * statistics.median(latencies), 1),
            "p95_ms": round(1000 * latencies[int(0.95 * (len(latencies) - 1))], 1),
            "card_windows_held": len(held), "mean_hold_ms": round(1000 * statistics.fmean(held), 1) if held else 0,
            "memory_per_open_game_kib": round((after - before) / games),
            "server_cpu_ms_per_move": round(1000 * server_cpu / done, 2),
            "clients_cpu_ms_per_move": round(1000 * sum(r["cpu"] for r in gathered) / done, 2)}


def _serve(db: str, folder: str, n: int) -> tuple[int, subprocess.Popen]:
    port = _port()
    server = subprocess.Popen([sys.executable, "-m", "swrebellion.tools", "serve", "--port", str(port), "--db", db,
                               "--create-limit", "100000"], stderr=open(f"{folder}/server{n}.log", "wb"))
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2).read()
            break
        except OSError:
            time.sleep(0.2)
    _settled(server.pid)
    return port, server


def _settled(pid: int) -> None:
    """Wait until the server has done what it does as it starts (it loads the exact odds' compiled loops in a
    thread of its own: some 0.5 s of CPU and tens of MB, which the figures of the games would otherwise take in):
    until its CPU time stands still for half a second, 30 s at most."""
    deadline, used = time.monotonic() + 30, _cpu_seconds(pid)
    while time.monotonic() < deadline:
        time.sleep(0.5)
        now = _cpu_seconds(pid)
        if now == used:
            return
        used = now


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="database URL (default: SQLite in a temporary folder)")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=10_000, help="moves in all, over all games")
    parser.add_argument("--servers", type=int, default=1, help="server processes on the one database (scale-out)")
    parser.add_argument("--clients", type=int, default=1, help="processes the scripted clients run in")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="serve-load-")
    db = args.db or f"sqlite:///{folder}/games.sqlite3"
    servers = []
    try:
        for n in range(args.servers):  # one after the other: the first creates the schema
            servers.append(_serve(db, folder, n))
        load_before = os.getloadavg()[0]
        result = run([port for port, _s in servers], [s.pid for _p, s in servers], args.games, args.moves,
                     args.clients)
    finally:
        for _port, server in servers:
            server.terminate()
            server.wait()
    # the machine's load (1-minute average) before and after: other work on the machine is in these figures
    load = {"load_before": round(load_before, 2), "load_after": round(os.getloadavg()[0], 2), "cores": os.cpu_count()}
    print(json.dumps({"db": db.split(":")[0], "games": args.games, "servers": args.servers, "client_processes":
                      args.clients, **result, **load}, indent=1))


if __name__ == "__main__":
    main()
