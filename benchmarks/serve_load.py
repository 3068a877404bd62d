"""Load on `rebellion serve` (issue 28): concurrent games, each with two scripted seats that move as fast as the
server answers, as a browser does (a move is a POST; each seat's WebSocket says the game moved, and the seat then
fetches its panel to see whether it is asked).

    python benchmarks/serve_load.py                         # SQLite in a temporary folder
    python benchmarks/serve_load.py --db postgresql://rebellion@127.0.0.1:5432/rebellion
    python benchmarks/serve_load.py --games 50 --moves 10000

Prints the time from a move's request to the other seat's update (p50, p95), moves and games per second, the
errors seen, and the server's memory per open game (its resident size after the games are open, less before,
divided by the games). The server runs in its own process (`rebellion serve`), so the clients' work is not
counted in its memory; both share this machine's cores. Figures are measured here, never asserted in tests.
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


async def _ask(call, *args, **kwargs):
    """A request, sent again once if the server had closed the idle keep-alive connection (as a browser does)."""
    try:
        return await call(*args, **kwargs)
    except (httpx.ReadError, httpx.RemoteProtocolError):
        return await call(*args, **kwargs)


class Game:
    def __init__(self, client: httpx.AsyncClient, links: dict[str, str], ws_base: str, csrf: str) -> None:
        self.client, self.links, self.ws_base, self.csrf = client, links, ws_base, csrf
        self.moved: dict[str, asyncio.Queue] = {seat: asyncio.Queue() for seat in links}
        self.version = 0  # the game's version as the last move's answer said, which the panels are asked for

    async def listen(self, seat: str) -> None:
        async with websockets.connect(self.ws_base + self.links[seat] + "ws") as sock:
            async for message in sock:
                await self.moved[seat].put((time.perf_counter(), json.loads(message)))

    async def play(self, budget: list[int], latencies: list[float], errors: list[str]) -> bool:
        """Move until the game ends or the shared budget of moves is spent; True if the game ended."""
        for seat in self.links:
            await self.moved[seat].get()  # the socket's first message: connected
        moves = 0
        while budget[0] > 0:
            asked = None
            for seat, link in self.links.items():
                text = (await _ask(self.client.get, f"{link}panel?v={self.version}")).text
                found = re.search(r'data-decision="([^"]+)"', text)
                if "<h2 data-over>" in text:
                    return True
                if found:
                    options = re.findall(r'name="option" value="([^"]*)"', text)
                    asked = (seat, html.unescape(found.group(1)), html.unescape(options[moves * 7 % len(options)]))
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
            answer = await _ask(self.client.post, self.links[seat] + "move", json={"decision": decision, "option": option},
                                            headers={"X-CSRF-Token": self.csrf, "Accept": "application/json"})
            if answer.status_code != 200:
                errors.append(f"{answer.status_code}: {answer.text[:120]}")
                return False
            moves += 1
            budget[0] -= 1
            wanted = self.version = answer.json()["moves"]
            while True:  # the other seat's update for this move
                arrived, news = await self.moved[other].get()
                if news["moves"] >= wanted:
                    latencies.append(arrived - started)
                    break
            while not self.moved[seat].empty():
                self.moved[seat].get_nowait()
        return False


async def run(url: str, server_pid: int, games: int, moves: int) -> dict:
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=httpx.Limits(max_connections=games * 2)) as client:
        await client.get("/")
        csrf = client.cookies["csrf"]
        before = _rss_kib(server_pid)
        made = []
        for _ in range(games):
            page = await client.post("/games", data={"csrf": csrf, "players": "2"})
            found = dict(re.findall(r'<dt data-seat="(rebel|empire)">[^<]*</dt><dd><a href="[^"]*?(/g/[^"]+)"', page.text))
            made.append(Game(client, {"rebel": found["rebel"], "empire": found["empire"]},
                             url.replace("http", "ws"), csrf))
        listeners = [asyncio.create_task(g.listen(seat)) for g in made for seat in g.links]
        await asyncio.sleep(1)
        after = _rss_kib(server_pid)
        budget, latencies, errors = [moves], [], []
        started, server_cpu, client_cpu = time.perf_counter(), _cpu_seconds(server_pid), time.process_time()
        ended = await asyncio.gather(*(g.play(budget, latencies, errors) for g in made))
        elapsed = time.perf_counter() - started
        server_cpu, client_cpu = _cpu_seconds(server_pid) - server_cpu, time.process_time() - client_cpu
        for task in listeners:
            task.cancel()
    latencies.sort()
    return {"moves": len(latencies), "errors": len(errors), "first_errors": errors[:3], "seconds": round(elapsed, 1),
            "moves_per_s": round(len(latencies) / elapsed, 1), "games_finished": sum(ended),
            "games_per_s": round(sum(ended) / elapsed, 3),
            "p50_ms": round(1000 * statistics.median(latencies), 1),
            "p95_ms": round(1000 * latencies[int(0.95 * (len(latencies) - 1))], 1),
            "memory_per_open_game_kib": round((after - before) / games),
            "server_cpu_ms_per_move": round(1000 * server_cpu / max(len(latencies), 1), 2),
            "clients_cpu_ms_per_move": round(1000 * client_cpu / max(len(latencies), 1), 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", help="database URL (default: SQLite in a temporary folder)")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--moves", type=int, default=10_000, help="moves in all, over all games")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="serve-load-")
    db = args.db or f"sqlite:///{folder}/games.sqlite3"
    port = _port()
    server = subprocess.Popen([sys.executable, "-m", "swrebellion.tools", "serve", "--port", str(port), "--db", db,
                               "--create-limit", "100000"], stderr=open(f"{folder}/server.log", "wb"))
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(300):
            try:
                urllib.request.urlopen(url + "/", timeout=2).read()
                break
            except OSError:
                time.sleep(0.2)
        load_before = os.getloadavg()[0]
        result = asyncio.run(run(url, server.pid, args.games, args.moves))
    finally:
        server.terminate()
        server.wait()
    # the machine's load (1-minute average) before and after: other work on the machine is in these figures
    load = {"load_before": round(load_before, 2), "load_after": round(os.getloadavg()[0], 2), "cores": os.cpu_count()}
    print(json.dumps({"db": db.split(":")[0], "games": args.games, **result, **load}, indent=1))


if __name__ == "__main__":
    main()
