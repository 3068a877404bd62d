"""The complete YAML reader: libyaml's event parser (pure-Python PyYAML when libyaml is missing), our own builder.

We build data from parser *events* instead of ``yaml.safe_load`` because safe_load silently keeps the last of two
duplicate keys, expands aliases without limit ("billion laughs"), applies YAML 1.1 surprises (``no`` is false,
``2016-01-01`` a date) and forgets where each value stood. The builder here:

* resolves plain scalars by the YAML 1.2 core schema (:func:`resolve_plain`), as editors and JSON Schema tools do;
* refuses tags (content is plain data, so ``!!python/object`` can never mean anything), non-string keys,
  duplicate keys, nesting deeper than ``max_depth``, more than ``max_nodes`` nodes, integers beyond 64 bits, and
  alias expansion beyond ``alias_budget`` nodes or ``alias_chars`` characters of text (an alias of a long
  string is as costly as many aliases of a short one);
* records a line and column for every JSON pointer, so any later diagnostic can point into the text.

libyaml's parser is a state machine with its own nesting limit, so no input can exhaust the C stack.
"""

from __future__ import annotations

import math
import re
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NoReturn, Protocol

import yaml

from .diagnostics import Diagnostic
from .pointers import escape_token

if TYPE_CHECKING:
    from yaml._yaml import CParser

#: A position in the text: a PyYAML ``Mark`` (libyaml's or the pure-Python one), with ``line``, ``column`` and
#: ``index`` from 0. Any, because PyYAML's stubs make every event's mark optional, while the parser always sets it.
Mark = Any


class EventParser(Protocol):
    """What the builder needs of a parser: events one at a time. ``get_event`` returns a ``yaml.events`` event; its
    type is Any because the builder dispatches on ``type(event)``, which mypy does not narrow."""

    def check_event(self) -> bool: ...

    def get_event(self) -> Any: ...


_Parser: type[CParser] | None
try:  # the C parser when PyYAML was built with libyaml (the PyPI wheels are)
    from yaml.cyaml import CParser as _Parser  # type: ignore[attr-defined]  # re-exported; the stubs omit it
except ImportError:  # pragma: no cover - exercised by tests through PurePythonParser
    _Parser = None


class PurePythonParser(yaml.reader.Reader, yaml.scanner.Scanner, yaml.parser.Parser):
    """PyYAML's own reader, scanner and parser: the fallback when libyaml is not available."""

    def __init__(self, text: str) -> None:
        yaml.reader.Reader.__init__(self, text)
        yaml.scanner.Scanner.__init__(self)
        yaml.parser.Parser.__init__(self)


def make_parser(text: str) -> EventParser:
    return _Parser(text) if _Parser is not None else PurePythonParser(text)


_WORDS: dict[str, Any] = {
    "": None, "~": None, "null": None, "Null": None, "NULL": None,
    "true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False,
}
_OCT = re.compile(r"0o[0-7]+")
_HEX = re.compile(r"0x[0-9a-fA-F]+")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_SPECIAL_FLOATS = {
    f"{sign}.{word}": value
    for word, base in (("inf", math.inf), ("Inf", math.inf), ("INF", math.inf))
    for sign, value in (("", base), ("+", base), ("-", -base))
} | {".nan": math.nan, ".NaN": math.nan, ".NAN": math.nan}
_NUMBER_START = frozenset("0123456789+-.")


#: Integers must fit in 64 bits (signed): most JSON tools cannot hold more, and Python refuses to print an int of
#: more than 4,300 digits. A larger one is a diagnostic (SW113), never a traceback.
INT_LIMIT = 2**63


class IntegerTooLarge(ValueError):
    """An integer outside the signed 64-bit range."""


def checked_int(text: str, base: int = 10) -> int:
    """``int(text, base)`` within :data:`INT_LIMIT`; the digits are counted before converting (a 5,000-digit
    number must not reach ``int()``)."""
    if len(text) < 16:  # at most 15 characters: within 64 bits in each of the bases used
        return int(text, base)
    digits = text.lstrip("+-").lstrip("0")
    if len(digits) > {10: 19, 8: 21, 16: 16}[base]:
        raise IntegerTooLarge(text)
    value = int(text, base)
    if not -INT_LIMIT <= value < INT_LIMIT:
        raise IntegerTooLarge(text)
    return value


def resolve_plain(text: str) -> Any:
    """The value of an unquoted scalar by the YAML 1.2 core schema: null, bool, int, float, else the string.
    Raises :class:`IntegerTooLarge` for an integer beyond 64 bits."""
    if text in _WORDS:
        return _WORDS[text]
    if text[0] in _NUMBER_START:
        digits = text[1:] if text[0] in "+-" else text
        if digits.isdigit() and digits.isascii():  # [-+]?[0-9]+, tested without a regular expression
            return checked_int(text)
        if _OCT.fullmatch(text):
            return checked_int(text[2:], 8)
        if _HEX.fullmatch(text):
            return checked_int(text[2:], 16)
        if _FLOAT.fullmatch(text):
            return float(text)
        if text in _SPECIAL_FLOATS:
            return _SPECIAL_FLOATS[text]
    return text


def shorten(text: str) -> str:
    """A long value shortened for a message."""
    return text if len(text) <= 30 else f"{text[:12]}...{text[-6:]} ({len(text):,} characters)"


class YamlReadError(Exception):
    """The document cannot be read; ``diagnostics`` says why (without a file name, the caller adds it)."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__(diagnostics[0].message)
        self.diagnostics = diagnostics


def _at(mark: Mark) -> tuple[int, int]:
    return mark.line + 1, mark.column + 1


def _tab_at(text: str, index: int) -> bool:
    """Whether the line of ``index`` has a tab in its indentation (a common cause of YAML syntax errors)."""
    start = text.rfind("\n", 0, index) + 1
    line = text[start:text.find("\n", start) if "\n" in text[start:] else len(text)]
    return "\t" in line[: len(line) - len(line.lstrip(" \t"))]


def _problem(code: str, message: str, mark: Mark, hint: str | None = None) -> Diagnostic:
    line, column = _at(mark)
    return Diagnostic(code, message, line=line, column=column, hint=hint)


class _Frame:
    """An open mapping or sequence while its events arrive."""

    __slots__ = ("value", "pointer", "start_mark", "key", "key_mark", "anchor", "size", "chars", "keys")

    def __init__(self, value: dict[Any, Any] | list[Any], pointer: str, start_mark: Mark, anchor: str | None) -> None:
        self.value = value
        self.pointer = pointer
        self.start_mark = start_mark
        self.key: Any = _NO_KEY
        self.key_mark: Mark = None
        self.anchor = anchor
        self.size = 1
        self.chars = 0  # characters of scalar text inside (keys included): what an alias of it repeats
        self.keys: dict[str, Any] = {}  # key -> mark of its first occurrence


_NO_KEY = object()


def read_yaml(
    text: str, *, max_depth: int, alias_budget: int, alias_chars: int, max_nodes: int, string_keys: bool = True
) -> tuple[Any, dict[str, tuple[int, int]]]:
    """Parse one YAML document. Returns ``(data, marks)``; ``marks`` maps JSON pointers to (line, column).
    ``string_keys=False`` lets scalars other than strings be keys (scenario files number build-queue spaces
    ``1:``); content files must be JSON-shaped, so theirs are refused (SW111).

    Raises :class:`YamlReadError` listing every duplicate key, or the first fatal problem.
    """
    marks: dict[str, tuple[int, int]] = {"": (1, 1)}
    anchors: dict[str, tuple[Any, int, int] | _Frame] = {}
    stack: list[_Frame] = []
    duplicates: list[Diagnostic] = []
    expanded = expanded_chars = nodes = 0
    root: Any = _NO_KEY
    documents = 0

    def fail(code: str, message: str, mark: Mark, hint: str | None = None) -> NoReturn:
        raise YamlReadError([_problem(code, message, mark, hint)])

    def check_tag(event: yaml.ScalarEvent | yaml.CollectionStartEvent) -> None:
        if event.tag not in (None, "!"):
            fail(
                "SW109",
                f"tag {event.tag!r} is not allowed",
                event.start_mark,
                "content files hold plain data: remove the tag (quote a value to keep it a string)",
            )

    def child_pointer(frame: _Frame) -> str:
        if isinstance(frame.value, list):
            return f"{frame.pointer}/{len(frame.value)}"
        return f"{frame.pointer}/{escape_token(str(frame.key))}"

    def add(value: Any, size: int, chars: int, mark: Mark) -> None:
        nonlocal root
        if not stack:
            root = value
            return
        frame = stack[-1]
        frame.size += size
        frame.chars += chars
        if isinstance(frame.value, list):
            marks.setdefault(f"{frame.pointer}/{len(frame.value)}", _at(mark))
            frame.value.append(value)
        elif frame.key is _NO_KEY:
            if string_keys and not isinstance(value, str):
                fail("SW111", f"mapping key {value!r} is not a string", mark, "quote the key")
            if value in frame.keys:
                first_line, _ = frame.keys[value]
                duplicates.append(
                    _problem(
                        "SW103",
                        f"duplicate key {value!r} (first on line {first_line})",
                        mark,
                        "YAML keeps only one of them: remove or rename one",
                    )
                )
            else:
                frame.keys[value] = _at(mark)
            frame.key = value
            frame.key_mark = mark
        else:
            if frame.key not in frame.value:
                marks.setdefault(f"{frame.pointer}/{escape_token(str(frame.key))}", _at(frame.key_mark))
                frame.value[frame.key] = value
            frame.key = _NO_KEY

    def open_collection(event: yaml.CollectionStartEvent, value: dict[Any, Any] | list[Any]) -> None:
        check_tag(event)
        if len(stack) >= max_depth:
            fail("SW108", f"nesting deeper than {max_depth} levels", event.start_mark)
        pointer = ""
        if stack:
            parent = stack[-1]
            if isinstance(parent.value, dict) and parent.key is _NO_KEY:
                fail("SW111", "a mapping key must be a string, not a collection", event.start_mark, "quote the key")
            pointer = child_pointer(parent)
        frame = _Frame(value, pointer, event.start_mark, event.anchor)
        if event.anchor:
            anchors[event.anchor] = frame
        stack.append(frame)

    def count_node(event: yaml.NodeEvent) -> None:
        nonlocal nodes
        nodes += 1
        if nodes > max_nodes:
            fail("SW112", f"more than {max_nodes:,} nodes (keys, values and items) in one file", event.start_mark,
                 "split the file into several files of the same kind")

    try:
        parser = make_parser(text)
        while parser.check_event():
            event = parser.get_event()
            kind = type(event)
            if kind is yaml.ScalarEvent:
                count_node(event)
                check_tag(event)
                try:
                    value = resolve_plain(event.value) if event.implicit[0] else event.value
                except IntegerTooLarge:
                    fail("SW113", f"the integer {shorten(event.value)} is larger than 64 bits", event.start_mark,
                         "numbers in content are small; quote it if it is meant as text")
                if event.anchor:
                    anchors[event.anchor] = (value, 1, len(event.value))
                add(value, 1, len(event.value), event.start_mark)
            elif kind is yaml.MappingStartEvent:
                count_node(event)
                open_collection(event, {})
            elif kind is yaml.SequenceStartEvent:
                count_node(event)
                open_collection(event, [])
            elif kind is yaml.MappingEndEvent or kind is yaml.SequenceEndEvent:
                frame = stack.pop()
                if frame.anchor:
                    anchors[frame.anchor] = (frame.value, frame.size, frame.chars)
                add(frame.value, frame.size, frame.chars, frame.start_mark)
            elif kind is yaml.AliasEvent:
                count_node(event)
                target = anchors.get(event.anchor)
                if target is None:
                    fail("SW101", f"alias *{event.anchor} names no anchor defined before it", event.start_mark)
                if isinstance(target, _Frame):
                    fail("SW107", f"alias *{event.anchor} refers to a node that contains it", event.start_mark)
                value, size, chars = target
                expanded += size
                expanded_chars += chars
                if expanded > alias_budget or expanded_chars > alias_chars:
                    fail(
                        "SW107",
                        f"aliases expand to more than {alias_budget:,} nodes or {alias_chars:,} characters of text",
                        event.start_mark,
                        "an alias repeats the anchored data; write it out instead of nesting aliases",
                    )
                add(value, size, chars, event.start_mark)
            elif kind is yaml.DocumentStartEvent:
                documents += 1
                if documents > 1:
                    fail("SW101", "more than one YAML document in the file", event.start_mark,
                         "a content file holds one document: remove the second '---'")
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        message = " ".join(part for part in (exc.context, exc.problem) if part) or str(exc)
        code = "SW108" if "maximum nesting depth" in message else "SW101"  # libyaml's own limit (1000 levels)
        problem = _problem(code, message, mark)
        if mark is not None and _tab_at(text, mark.index):
            problem = replace(problem, hint="YAML indents with spaces only: replace the tab at the start of the line "
                                            "with spaces (editors can turn tabs into spaces for .yaml files)")
        raise YamlReadError([problem]) from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        column = exc.position - (text.rfind("\n", 0, exc.position) + 1) + 1
        raise YamlReadError(
            [Diagnostic("SW101", f"character not allowed in YAML: {exc.reason}", line=line, column=column)]
        ) from None
    if duplicates:
        raise YamlReadError(duplicates)
    if root is _NO_KEY:
        raise YamlReadError([Diagnostic("SW105", "the file holds no YAML document (only comments or blank lines)",
                                        line=1, column=1)])
    return root, marks
