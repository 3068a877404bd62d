"""Secret links: a seat's token is 256 random bits; the database keeps only its SHA-256, compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: Tokens and game ids are URL-safe base64; anything else in a link is refused before any database look-up.
ALPHABET = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def new_token() -> str:
    """A fresh secret for a link: 32 random bytes (256 bits), 43 characters."""
    return secrets.token_urlsafe(32)


def new_game_id() -> str:
    """A game's public id: 12 random bytes, 16 characters (not a secret: a link needs a token too)."""
    return secrets.token_urlsafe(12)


def digest(token: str) -> str:
    """What the database keeps of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


def matches(token: str, stored: str) -> bool:
    """Whether ``token`` is the one whose digest is ``stored``, in time that does not depend on where they differ."""
    return hmac.compare_digest(digest(token), stored)


def well_formed(text: str, length: int) -> bool:
    return len(text) == length and ALPHABET.issuperset(text)
