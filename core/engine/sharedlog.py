"""The game's event log and its list of choices: append-only sequences that copies of a game share instead of
copying.

A game appends hundreds of events; copying them with the rest of the state made ``Game.copy()`` cost more the
longer the game had run (ten times more late in a game than early, issue 15), and search agents copy a game
thousands of times per decision. Nothing changes an item once it is appended (``Game.log`` stores a copy of the
event's fields, so no event shares a container with the live state), so copies may share the items:

* a :class:`SharedLog` keeps its items in full **chunks** of :data:`CHUNK` items (tuples, never changed) and a
  **tail** (a list of its own), which ``append`` grows (the tail's own C method: no Python call per event);
* :meth:`SharedLog.copy` first seals the tail's full chunks, then shares the list of chunks with the original until
  either of them seals another (copy on write) and copies the rest of the tail, fewer than :data:`CHUNK` items: a
  copy costs the same early and late in a game (but for the first after a long stretch without one, which seals
  that stretch at C speed).

It is a :class:`collections.abc.Sequence`, not a ``list``: it reads like one (``len``, indexing, slicing into a plain
list, iteration, ``reversed``, ``in``, ``index``, ``count``) but does not claim to be one, so code that reads a
list's storage directly never sees an empty list in its place (issue 27): ``marshal``, ``json`` and orjson refuse it
unless given ``list(log)`` or :func:`plain` (a ``default=`` for the JSON encoders, which turns a log into its items).
It equals another log with the same items, never a list (as a tuple never equals a list). Only ``append`` and
``extend`` change it.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import Any, Callable, Iterable, Iterator, overload

#: Items per shared chunk: a copy copies fewer than this many references (the sealed tail's rest) plus one
#: reference to the chunks.
CHUNK = 64


class SharedLog(Sequence[Any]):
    """An append-only sequence whose copies share their items (see the module docstring)."""

    __slots__ = ("_chunks", "_tail", "_shared", "append", "_sealed_text")

    def __init__(self, items: Iterable[Any] = ()) -> None:
        self._chunks: list[tuple[Any, ...]] = []  # full chunks, oldest first; shared with copies while _shared
        self._shared = False  # True while another SharedLog holds the same _chunks list
        self._sealed_text: tuple[Callable[[list[Any]], str] | None, int, str] = (None, 0, "")  # see encoded()
        self._take_tail([])
        self.extend(items)

    # -- growing --------------------------------------------------------------------------------------------------

    def _take_tail(self, tail: list[Any]) -> None:
        """Make ``tail`` the log's tail. ``append`` is the tail's own (C) method, held in a slot: a game appends an
        event or a choice about twice a decision, and a Python-level append cost a call each time. The tail's full
        chunks are sealed later, when the log is copied or extended (:meth:`_seal`)."""
        self._tail = tail
        self.append = tail.append

    def _seal(self) -> None:
        """Move the tail's full chunks of :data:`CHUNK` items to the chunk list (copying that list first while
        another log shares it: copy on write). The tail is replaced, not changed: a reader still going through
        the old one sees what it saw."""
        tail = self._tail
        full = len(tail) - len(tail) % CHUNK
        if not full:
            return
        if self._shared:
            self._chunks = self._chunks.copy()
            self._shared = False
        chunks = self._chunks
        for start in range(0, full, CHUNK):
            chunks.append(tuple(tail[start:start + CHUNK]))
        self._take_tail(tail[full:])

    def extend(self, items: Iterable[Any]) -> None:
        self._tail.extend(list(items))  # list(): extending a log with itself appends each item once
        self._seal()

    def __iadd__(self, items: Iterable[Any]) -> "SharedLog":
        self.extend(items)
        return self

    def copy(self) -> "SharedLog":
        """A log with the same items that grows independently: the tail's full chunks are sealed, then the chunks
        are shared and the rest of the tail (fewer than :data:`CHUNK` items) is copied. The first copy after a long
        stretch without one seals that stretch (tuples of references, a C-speed slice each); the next copies
        cost the same however long the game has run."""
        if len(self._tail) >= CHUNK:  # (tested here: a copy most often finds nothing to seal)
            self._seal()
        twin = SharedLog.__new__(SharedLog)
        twin._chunks = self._chunks
        twin._sealed_text = self._sealed_text  # the text of chunks both share: an immutable tuple
        twin._take_tail(self._tail.copy())
        twin._shared = self._shared = True
        return twin

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, Any]) -> "SharedLog":
        import copy

        return SharedLog(copy.deepcopy(list(self), memo))

    def __reduce__(self) -> tuple[type[SharedLog], tuple[list[Any]]]:
        return SharedLog, (list(self),)

    # -- reading --------------------------------------------------------------------------------------------------

    def encoded(self, encode: Callable[[list[Any]], str]) -> str:
        """``encode(list(self))``, for an ``encode`` that writes a list as JSON does (``[`` the items' texts joined
        by commas ``]``): how a state hash writes the log (``Game.state_hash``). Sealed chunks never change, so the
        text of theirs is kept (for the last ``encode`` asked) and shared with copies: a game server hashing its
        game after every move encodes the tail's items each time, not the whole log of a long game."""
        if len(self._tail) >= CHUNK:
            self._seal()
        chunks = self._chunks
        used, done, text = self._sealed_text
        if used is not encode:
            done, text = 0, ""
        if done < len(chunks):
            more = encode(list(chain.from_iterable(chunks[done:])))[1:-1]
            text = f"{text},{more}" if text else more
            done = len(chunks)
            self._sealed_text = (encode, done, text)
        rest = encode(self._tail)[1:-1]
        return f"[{text},{rest}]" if text and rest else f"[{text or rest}]"

    def __len__(self) -> int:
        return len(self._chunks) * CHUNK + len(self._tail)

    def __iter__(self) -> Iterator[Any]:
        # the chunks as they are now: a chunk sealed while iterating holds items of the tail being iterated
        return chain(chain.from_iterable(self._chunks.copy()), self._tail)

    def __reversed__(self) -> Iterator[Any]:
        """Newest first, lazily: a reader looking for the last event of a kind reads only back to it."""
        # the chunks as they are now, as for __iter__; the tail itself, read back from its end as it is now (an
        # item appended later is not met, and a tail replaced by _seal keeps its items): no copy of a long tail
        return chain(reversed(self._tail), chain.from_iterable(map(reversed, reversed(self._chunks.copy()))))

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> list[Any]: ...

    def __getitem__(self, index: int | slice) -> Any:
        """An item, or a slice as a plain list (a reader's own copy of those items)."""
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return list(self)[index]
            return self._range(start, stop)
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("log index out of range")
        full = len(self._chunks) * CHUNK
        if index >= full:
            return self._tail[index - full]
        return self._chunks[index // CHUNK][index % CHUNK]

    def _range(self, start: int, stop: int) -> list[Any]:
        """Items ``start`` to ``stop`` as a plain list, reading only the chunks they lie in."""
        if start >= stop:
            return []
        chunks = self._chunks
        full = len(chunks) * CHUNK  # where the tail, of any length, begins
        out: list[Any] = []
        for n in range(start // CHUNK, min(stop, full) // CHUNK + 1):
            if n < len(chunks):
                base = n * CHUNK
                out.extend(chunks[n][max(start - base, 0):stop - base])
        if stop > full:
            out.extend(self._tail[max(start - full, 0):stop - full])
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, SharedLog):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]  # it grows: no hash, as a list has none

    def __repr__(self) -> str:
        return f"SharedLog({list(self)!r})"

    def __sizeof__(self) -> int:
        return object.__sizeof__(self) + sum(t.__sizeof__() for t in self._chunks) + self._tail.__sizeof__()


def plain(value: Any) -> list[Any]:
    """A ``default=`` for ``json.dumps`` (and orjson) writing a state that holds logs: a log is written as the list
    of its items; anything else the encoder does not know stays an error."""
    if isinstance(value, SharedLog):
        return list(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")
