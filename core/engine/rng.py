"""The game's one random number generator, kept as a plain integer inside the state.

SplitMix64: tiny, fast in pure Python, and defined by integer arithmetic alone, so the same seed gives the same
numbers on every machine and every Python version (Python's own ``random.shuffle``/``choice`` may change between
releases). Its whole state is one int, so copying or saving a game copies the stream position too.
"""

from __future__ import annotations

from typing import Any, Sequence, TypeVar

T = TypeVar("T")

MASK = (1 << 64) - 1
#: The seeds a game may start from: a signed 64-bit integer, what a save (and a scenario) holds, so that every game
#: can be saved and loaded again and any JSON reader (most hold 64-bit integers at most) reads the save.
SEEDS = range(-(1 << 63), 1 << 63)
GAMMA = 0x9E3779B97F4A7C15


def next_u64(state: int) -> tuple[int, int]:
    """Return (new_state, random 64-bit value)."""
    state = (state + GAMMA) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return state, z ^ (z >> 31)


SPAN = 1 << 64
#: n -> SPAN - SPAN % n, for the few n a game asks (numbers of options, dice faces, cards in a deck)
_LIMITS: dict[int, int] = {}


def below(state: int, n: int) -> tuple[int, int]:
    """Return (new_state, uniform integer in [0, n)) without modulo bias. (``next_u64`` written out: every die,
    shuffle and random agent's choice comes through here.)"""
    limit = _LIMITS.get(n)
    if limit is None:  # the largest multiple of n that 64 bits hold, found once per n (a big-number division)
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        if len(_LIMITS) >= 4096:  # a caller asking endless different n: start afresh
            _LIMITS.clear()
        limit = _LIMITS[n] = SPAN - SPAN % n
    while True:
        state = (state + GAMMA) & MASK
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        z ^= z >> 31
        if z < limit:
            return state, z % n


def seed_state(seed: int) -> int:
    """The generator state for a user-facing seed (any int)."""
    return seed & MASK


def derive(seed: int, *path: int) -> int:
    """A seed for a sub-stream, e.g. game ``n`` of a simulation run with seed ``seed``: the same (seed, path) always
    gives the same seed, and neighbouring paths give unrelated ones."""
    state = seed_state(seed)
    for part in path:
        state, value = next_u64(state ^ seed_state(part * GAMMA))
        state = value
    return state


class Stream:
    """A seeded random stream outside any game's state (agents, search, sampling hidden information), built on the
    same generator so that results are the same on every machine and Python version."""

    def __init__(self, seed: int) -> None:
        self.state = seed_state(seed)

    def below(self, n: int) -> int:
        self.state, value = below(self.state, n)
        return value

    def random(self) -> float:
        """A float in [0, 1)."""
        self.state, value = next_u64(self.state)
        return (value >> 11) / (1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
