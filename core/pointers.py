"""JSON pointers (RFC 6901): every diagnostic names its place by one (``/items/3/effect/0/op``), scenarios check
the state at one, and ``packs upgrade`` rewrites the value at one. The escaping (``~`` as ``~0``, ``/`` as ``~1``)
lives here once, so a key holding either character means the same place everywhere."""

from __future__ import annotations

from typing import Any


def escape_token(token: str) -> str:
    """One reference token of a pointer: ``a/b`` -> ``a~1b``."""
    return token.replace("~", "~0").replace("/", "~1")


def tokens(pointer: str) -> list[str]:
    """The reference tokens of ``pointer``, unescaped: ``/a~1b/0`` -> ``["a/b", "0"]`` (``""`` -> ``[]``)."""
    return [part.replace("~1", "/").replace("~0", "~") for part in pointer.split("/")[1:]]


def parent(data: Any, pointer: str) -> tuple[Any, Any]:
    """(container, key) of the value at ``pointer`` in plain data (a list's key is an int), to replace it."""
    parts = tokens(pointer)
    node = data
    for part in parts[:-1]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node, int(parts[-1]) if isinstance(node, list) else parts[-1]
