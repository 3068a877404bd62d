"""What every request passes through: security headers (a Content-Security-Policy with no inline script), a bound
on the size of a request body, CSRF checks for state-changing requests, and a rate limit on creating games.

CSRF: a random value in a cookie (``SameSite=Strict``, ``HttpOnly``) must come back with every POST, in the form
field ``csrf`` or the ``X-CSRF-Token`` header (the page carries it in a ``<meta>``); a cross-site page can neither
read the cookie nor guess the value. A request whose ``Origin`` names another site is refused outright."""

from __future__ import annotations

import hmac
import secrets
import time
from collections import defaultdict, deque

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The largest request body accepted: a move is ~100 bytes, the create form ~1 KiB.
MAX_BODY = 16 * 1024
#: The largest WebSocket message accepted (uvicorn enforces it too): the client sends only short pings.
MAX_MESSAGE = 4 * 1024
COOKIE = "csrf"

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
       "form-action 'self'; base-uri 'none'; frame-ancestors 'none'")
HEADERS = {
    "content-security-policy": CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",        # a seat's secret link never leaves in a Referer
    "x-frame-options": "DENY",
    "cache-control": "no-store",
    "cross-origin-opener-policy": "same-origin",
}


class Guard:
    """ASGI middleware: headers on every response, and a body bound (413 beyond :data:`MAX_BODY`)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            await _plain(send, 413, "The request is too large.")
            return
        received = 0

        async def bounded() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > MAX_BODY:
                raise TooLarge()
            return message

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                have = {k.lower() for k, _v in message.get("headers", [])}
                extra = [(k.encode(), v.encode()) for k, v in HEADERS.items() if k.encode() not in have]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        try:
            await self.app(scope, bounded, with_headers)
        except TooLarge:
            await _plain(send, 413, "The request is too large.")


class TooLarge(Exception):
    pass


async def _plain(send: Send, status: int, text: str) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                            *((k.encode(), v.encode()) for k, v in HEADERS.items())]})
    await send({"type": "http.response.body", "body": text.encode()})


def csrf_value(cookies: dict[str, str]) -> tuple[str, bool]:
    """The browser's CSRF value, and whether it is new (then the response must set the cookie)."""
    value = cookies.get(COOKIE, "")
    if len(value) == 43 and value.replace("-", "").replace("_", "").isalnum():
        return value, False
    return secrets.token_urlsafe(32), True


def csrf_ok(cookies: dict[str, str], given: str | None) -> bool:
    value = cookies.get(COOKIE, "")
    return bool(value) and given is not None and hmac.compare_digest(value.encode(), given.encode())


def same_origin(headers, host: str | None) -> bool:
    """False when the request says it comes from a page of another site (``Origin``); browsers always send it
    with a WebSocket handshake and a cross-site POST."""
    origin = headers.get("origin")
    if origin is None or origin == "null" or host is None:  # "null": a form posted under no-referrer (the token guards)
        return True
    return origin.split("://", 1)[-1] == host


class RateLimit:
    """At most ``count`` events per ``seconds`` per client address (creating games)."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count, self.seconds = count, seconds
        self.seen: dict[str, deque[float]] = defaultdict(deque)

    def allow(self, who: str) -> bool:
        now = time.monotonic()
        times = self.seen[who]
        while times and times[0] <= now - self.seconds:
            times.popleft()
        if len(times) >= self.count:
            return False
        times.append(now)
        if len(self.seen) > 10_000:  # forget quiet addresses rather than grow without end
            for key in [k for k, v in self.seen.items() if not v]:
                del self.seen[key]
        return True
