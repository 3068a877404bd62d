"""Reading JSON content: the fast C decoder, and a position-aware parser for when a problem needs a place.

``json.loads`` keeps the last of two duplicate keys, accepts ``NaN`` and huge integers, and forgets positions.
Before decoding, a scan of the text (strings left out) checks the nesting depth and counts the nodes, so neither
the decoder's recursion nor its memory can be driven by the file. We then decode with it (fast) while watching for
duplicates, non-standard constants and integers beyond 64 bits; when it finds one, or when a later diagnostic needs
a line and column, :func:`json_marks` parses the text again, recording where every JSON pointer starts.
"""

from __future__ import annotations

import bisect
import json
import re
from typing import Any, NoReturn

from .diagnostics import Diagnostic
from .pointers import escape_token
from .yaml_full import IntegerTooLarge, checked_int, shorten

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")
_STRING_OR_BRACKET = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)
_STRING_OR_NODE_START = re.compile(r'"(?:[^"\\]|\\.)*"|[,:\[{]', re.DOTALL)
_WHITESPACE = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_LITERALS = {"true": True, "false": False, "null": None}


class JsonReadError(Exception):
    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__(diagnostics[0].message)
        self.diagnostics = diagnostics


class _Redo(Exception):
    """The fast decoder saw something only the position-aware parser reports well."""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        raise _Redo
    return result


def _constant(name: str) -> NoReturn:
    raise _Redo


def _int(text: str) -> int:
    try:
        return checked_int(text)
    except IntegerTooLarge:
        raise _Redo from None


def read_json(text: str, *, max_depth: int, max_nodes: int) -> Any:
    """Decode ``text``; raises :class:`JsonReadError` with located diagnostics."""
    skeleton = _STRING.sub('""', text)  # brackets and commas inside strings do not count
    _check_depth(text, skeleton, max_depth)
    _check_nodes(text, skeleton, max_nodes)
    try:
        return json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant, parse_int=_int)
    except json.JSONDecodeError as exc:
        raise JsonReadError([Diagnostic("SW102", exc.msg, line=exc.lineno, column=exc.colno)]) from None
    except _Redo:
        _Positions(text).parse()  # raises with every duplicate key, the bad constant or number, each located
        raise AssertionError("the position-aware parser accepted what the decoder refused") from None


def _check_nodes(text: str, skeleton: str, max_nodes: int) -> None:
    """Refuse more than ``max_nodes`` nodes (keys, values and items) before decoding: every node but the first
    follows a ``[``, ``{``, ``,`` or ``:``, so counting those (outside strings) bounds the count from above."""
    count = 1 + sum(skeleton.count(c) for c in ",:[{")
    if count <= max_nodes:
        return
    count = 1
    for match in _STRING_OR_NODE_START.finditer(text):
        if match.group()[0] != '"':
            count += 1
            if count > max_nodes:
                line, column = _LineIndex(text).position(match.end())
                raise JsonReadError([Diagnostic(
                    "SW112", f"more than {max_nodes:,} nodes (keys, values and items) in one file", line=line,
                    column=column, hint="split the file into several files of the same kind")])


def _check_depth(text: str, skeleton: str, max_depth: int) -> None:
    """Refuse nesting deeper than ``max_depth``, pointing at the first bracket beyond it."""
    depth = deepest = 0
    for match in _BRACKET.finditer(skeleton):
        depth += 1 if match.group() in "[{" else -1
        deepest = max(deepest, depth)
    if deepest <= max_depth:
        return
    depth = 0
    for match in _STRING_OR_BRACKET.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > max_depth:
                line, column = _LineIndex(text).position(match.start())
                raise JsonReadError([Diagnostic("SW108", f"nesting deeper than {max_depth} levels",
                                                line=line, column=column)])
        elif token in "]}":
            depth -= 1


class _LineIndex:
    """Offsets to 1-based (line, column)."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def position(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self.starts, offset) - 1
        return line + 1, offset - self.starts[line] + 1


def json_marks(text: str) -> dict[str, tuple[int, int]]:
    """JSON pointer -> (line, column) of the member's key (object members) or of the value (array items)."""
    return _Positions(text).parse()


class _Positions:
    """A small recursive-descent JSON parser that records positions. Only run on text whose depth is checked."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.lines = _LineIndex(text)
        self.marks: dict[str, tuple[int, int]] = {"": (1, 1)}
        self.duplicates: list[Diagnostic] = []

    def parse(self) -> dict[str, tuple[int, int]]:
        end = self.value(self.skip(0), "")
        if self.skip(end) != len(self.text):
            self.fail(self.skip(end), "Extra data")
        if self.duplicates:
            raise JsonReadError(self.duplicates)
        return self.marks

    def fail(self, offset: int, message: str, code: str = "SW102", hint: str | None = None) -> NoReturn:
        line, column = self.lines.position(offset)
        raise JsonReadError([Diagnostic(code, message, line=line, column=column, hint=hint)])

    def skip(self, offset: int) -> int:
        return _WHITESPACE.match(self.text, offset).end()  # type: ignore[union-attr]  # [ \t\n\r]* always matches

    def string(self, offset: int) -> tuple[str, int]:
        try:
            # json.decoder.scanstring (the decoder's own string scanner) is missing from typeshed's json stubs
            return json.decoder.scanstring(self.text, offset + 1, True)  # type: ignore[attr-defined,no-any-return]
        except json.JSONDecodeError as exc:
            self.fail(exc.pos, exc.msg)

    def value(self, offset: int, pointer: str) -> int:
        text = self.text
        char = text[offset:offset + 1]
        if char == "{":
            return self.object(offset, pointer)
        if char == "[":
            return self.array(offset, pointer)
        if char == '"':
            return self.string(offset)[1]
        number = _NUMBER.match(text, offset)
        if number and number.end() > offset:
            digits = number.group()
            if not any(c in digits for c in ".eE"):
                try:
                    checked_int(digits)
                except IntegerTooLarge:
                    self.fail(offset, f"the integer {shorten(digits)} is larger than 64 bits", "SW113",
                              "numbers in content are small; quote it if it is meant as text")
            return number.end()
        for word in _LITERALS:
            if text.startswith(word, offset):
                return offset + len(word)
        if text.startswith(("NaN", "Infinity", "-Infinity"), offset):
            self.fail(offset, "NaN and Infinity are not JSON numbers")
        self.fail(offset, "Expecting value")

    def object(self, offset: int, pointer: str) -> int:
        seen: dict[str, int] = {}
        offset = self.skip(offset + 1)
        if self.text[offset:offset + 1] == "}":
            return offset + 1
        while True:
            if self.text[offset:offset + 1] != '"':
                self.fail(offset, "Expecting property name enclosed in double quotes")
            key, after = self.string(offset)
            line, column = self.lines.position(offset)
            if key in seen:
                self.duplicates.append(Diagnostic(
                    "SW103", f"duplicate key {key!r} (first on line {seen[key]})", line=line, column=column,
                    hint="JSON readers keep only one of them: remove or rename one"))
            else:
                seen[key] = line
                self.marks[f"{pointer}/{escape_token(key)}"] = (line, column)
            offset = self.skip(after)
            if self.text[offset:offset + 1] != ":":
                self.fail(offset, "Expecting ':' delimiter")
            offset = self.skip(self.value(self.skip(offset + 1), f"{pointer}/{escape_token(key)}"))
            char = self.text[offset:offset + 1]
            if char == "}":
                return offset + 1
            if char != ",":
                self.fail(offset, "Expecting ',' delimiter")
            offset = self.skip(offset + 1)

    def array(self, offset: int, pointer: str) -> int:
        offset = self.skip(offset + 1)
        if self.text[offset:offset + 1] == "]":
            return offset + 1
        index = 0
        while True:
            child = f"{pointer}/{index}"
            self.marks[child] = self.lines.position(offset)
            offset = self.skip(self.value(offset, child))
            char = self.text[offset:offset + 1]
            if char == "]":
                return offset + 1
            if char != ",":
                self.fail(offset, "Expecting ',' delimiter")
            offset = self.skip(offset + 1)
            index += 1
