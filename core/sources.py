"""Reading content files safely: size, encoding, syntax, and where each value stands in the text.

Content comes from strangers, so every file is read under limits (documented in the README, "Content packs"):

* at most :data:`MAX_FILE_BYTES` (5 MiB) per file, checked before reading; only regular files (a FIFO would hang);
* UTF-8 only (a leading byte-order mark is allowed); the first bad byte is reported with its line and column;
* nesting at most :data:`MAX_DEPTH` levels and at most :data:`MAX_NODES` nodes, so the work and the memory a
  file costs stay proportional to its size (a content file may also hold at most :data:`MAX_ITEMS` items,
  checked in ``filecheck``);
* YAML aliases may add at most :data:`ALIAS_BUDGET` nodes and :data:`ALIAS_CHARS` characters of text in all;
* YAML without tags, duplicate keys or non-string keys; JSON without duplicate keys or NaN; integers within 64 bits.

A :class:`Source` keeps the text, so a diagnostic about any JSON pointer gets its line and column, whether the file
is YAML or JSON. Positions are computed only when a diagnostic asks for one: the fast path never pays for them.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostic, Severity
from .text import UNSAFE_IN_CONTENT, control_characters

if TYPE_CHECKING:
    from .json_source import JsonReadError
    from .yaml_full import YamlReadError

MAX_FILE_BYTES = 5 * 1024 * 1024
MAX_DEPTH = 64
MAX_NODES = 200_000
MAX_ITEMS = 5_000
ALIAS_BUDGET = 10_000
ALIAS_CHARS = 1024 * 1024

YAML_SUFFIXES = (".yaml", ".yml")
JSON_SUFFIXES = (".json",)
_BOM = b"\xef\xbb\xbf"


def display_path(path: Path) -> str:
    """A path as people should see it: relative to the current folder when inside it, else absolute."""
    absolute = Path(os.path.abspath(path))
    try:
        return absolute.relative_to(Path.cwd()).as_posix()
    except ValueError:
        return str(absolute)


@dataclass(eq=False)
class Source:
    """A content file that was read: its text, its data and (on demand) the position of every value."""

    path: Path
    display: str
    format: str  # "yaml" or "json"
    text: str
    data: Any
    digest: str  # sha256 of the file's bytes
    _marks: dict[str, tuple[int, int]] | None = field(default=None, repr=False)
    string_keys: bool = True  # False: YAML keys may be other scalars (scenario files)

    def locate(self, pointer: str) -> tuple[int, int]:
        """(line, column) of ``pointer``, or of its nearest ancestor that stands in the text (e.g. a missing key's
        object, or the alias a value came through)."""
        if self._marks is None:
            self._marks = _marks(self)
        while pointer not in self._marks:
            pointer = pointer.rpartition("/")[0]
        return self._marks[pointer]

    def diagnostic(
        self, code: str, message: str, pointer: str = "", hint: str | None = None, severity: Severity = "error"
    ) -> Diagnostic:
        line, column = self.locate(pointer)
        return Diagnostic(code, message, severity, self.display, line, column, pointer, hint)


def _marks(source: Source) -> dict[str, tuple[int, int]]:
    if source.format == "json":
        from .json_source import json_marks

        return json_marks(source.text)
    return _yaml_full(source.text, source.string_keys)[1]


def _yaml_full(text: str, string_keys: bool = True) -> tuple[Any, dict[str, tuple[int, int]]]:
    from .yaml_full import read_yaml

    return read_yaml(text, max_depth=MAX_DEPTH, alias_budget=ALIAS_BUDGET, alias_chars=ALIAS_CHARS,
                     max_nodes=MAX_NODES, string_keys=string_keys)


def _located(diagnostics: list[Diagnostic], display: str) -> list[Diagnostic]:
    return [replace(d, file=display) for d in diagnostics]


def _byte_position(data: bytes, offset: int) -> tuple[int, int]:
    line_start = data.rfind(b"\n", 0, offset) + 1
    column = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
    return data.count(b"\n", 0, offset) + 1, column


def read_bounded(path: Path, limit: int) -> tuple[bytes | None, str, str]:
    """``(bytes, "", "")``, or ``(None, code, message)``: SW106 for a file over ``limit``, SW110 for anything that
    is not a regular file or cannot be read (see :func:`swrebellion.safefile.read_regular`)."""
    from .safefile import FileTooLarge, NotRegularFile, read_regular

    try:
        return read_regular(path, limit), "", ""
    except FileTooLarge as exc:
        size = f"{exc.size:,} bytes" if exc.size >= 0 else "larger than that"
        return None, "SW106", f"file is {size}; the limit is {limit:,} ({limit / 1048576:g} MiB)"
    except NotRegularFile as exc:
        return None, "SW110", f"{exc.kind} is not a regular file: only regular files are read"
    except OSError as exc:
        return None, "SW110", f"cannot read the file: {exc.strerror or exc}"


def read_source(
    path: Path, display: str | None = None, *, string_keys: bool = True
) -> tuple[Source | None, list[Diagnostic]]:
    """Read and parse one content file (or another data file read under the same limits, such as a scenario:
    ``string_keys=False`` then lets YAML keys be numbers). Returns the source, or ``None`` and the diagnostics that
    say why not."""
    display = display or display_path(path)

    def problem(code: str, message: str, hint: str | None = None, line: int | None = None,
                column: int | None = None) -> tuple[None, list[Diagnostic]]:
        return None, [Diagnostic(code, message, "error", display, line, column, None, hint)]

    suffix = path.suffix.lower()
    if suffix not in YAML_SUFFIXES + JSON_SUFFIXES:
        return problem("SW209", f"not a content file: {path.name}", "content files end in .yaml, .yml or .json")
    raw, code, message = read_bounded(path, MAX_FILE_BYTES)
    if raw is None:
        return problem(code, message, "split it into several files of the same kind" if code == "SW106" else None)
    digest = hashlib.sha256(raw).hexdigest()
    body = raw[len(_BOM):] if raw.startswith(_BOM) else raw
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _byte_position(body, exc.start)
        return problem(
            "SW104",
            f"not UTF-8: byte 0x{body[exc.start]:02x} at offset {exc.start + (len(raw) - len(body))}",
            "save the file as UTF-8",
            line,
            column,
        )
    return source_from_text(path, text, display, digest, string_keys=string_keys)


def source_from_text(path: Path, text: str, display: str | None = None, digest: str | None = None, *,
                     string_keys: bool = True) -> tuple[Source | None, list[Diagnostic]]:
    """Parse ``text`` as the content file ``path`` would be (its suffix says YAML or JSON), under the same limits:
    a file about to be written (``rebellion packs upgrade``) is checked exactly as it will be read."""
    display = display or display_path(path)
    digest = digest or hashlib.sha256(text.encode()).hexdigest()
    if not text.strip():
        return None, [Diagnostic("SW105", "the file is empty", "error", display, 1, 1, None,
                                 "remove it, or give it a `kind:` and `items:`")]
    fmt = "json" if path.suffix.lower() in JSON_SUFFIXES else "yaml"
    marks = None
    ReadError: type[JsonReadError] | type[YamlReadError]
    try:
        if fmt == "json":
            from .json_source import JsonReadError as ReadError
            from .json_source import read_json

            data = read_json(text, max_depth=MAX_DEPTH, max_nodes=MAX_NODES)
        else:
            from .yaml_fast import Unsupported, read_fast
            from .yaml_full import YamlReadError as ReadError

            try:
                data = read_fast(text, MAX_DEPTH, MAX_NODES)
            except Unsupported:
                data, marks = _yaml_full(text, string_keys)
    except ReadError as exc:
        return None, _located(exc.diagnostics, display)
    source = Source(path, display, fmt, text, data, digest, marks, string_keys)
    # only an escape (YAML "\e", JSON "\u001b") or a raw character can put a control character in a string
    if "\\" in text or UNSAFE_IN_CONTENT.search(text):
        for pointer, char in control_characters(data):
            line, column = source.locate(pointer)
            return None, [Diagnostic("SW114", f"text holds the control character {char}", "error", display, line,
                                     column, pointer, "remove it: a terminal or a CI log would obey it, not "
                                     "show it (names and texts are plain text)")]
    return source, []
