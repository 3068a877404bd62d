"""`rebellion serve`: Star Wars: Rebellion in the browser (docs/serve.md).

``store`` keeps games in a database as saves are kept (seed, packs, choices); ``rooms`` holds the games a process
has open and is where moves are judged (by the engine) and written; ``app`` is the Starlette application;
``guard`` the security every request passes; ``presentation`` the one adapter onto the game's words and pictures;
``tokens`` the secret links."""

from .app import create_app
from .rooms import Hall
from .store import Store, connect

__all__ = ["Hall", "Store", "connect", "create_app"]
