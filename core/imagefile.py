"""Pictures from strangers: a PNG or JPEG named by a pack, read only after its header says it is small enough.

A pack may give a card a picture (fan art). The file is untrusted like every other input of a pack: it must lie
inside the pack folder (no ``..``, no symlink leading out), be a regular file no larger than :data:`MAX_BYTES`, be a
PNG or a JPEG by its first bytes, and declare at most :data:`MAX_PIXELS` pixels in its header. The header is read
here by hand, before any decoder sees the file, so a decompression bomb (a tiny file declaring a huge image) is
refused without a byte of it being decompressed. :func:`read_image` is used by ``validate`` (to report) and by
the printer (to embed), so both refuse the same files.
"""

from __future__ import annotations

import os
import struct
from dataclasses import dataclass
from pathlib import Path

from .safefile import FileTooLarge, NotRegularFile, read_regular

#: At most 8 MiB per picture: a card face printed at 300 dpi needs far less.
MAX_BYTES = 8 * 1024 * 1024
#: At most 24 million pixels (a 6000 x 4000 photograph); a card at 300 dpi holds about 750 x 1040.
MAX_PIXELS = 24_000_000
_PNG = b"\x89PNG\r\n\x1a\n"
_JPEG = b"\xff\xd8\xff"
#: JPEG start-of-frame markers (baseline, progressive, lossless ...): they carry the picture's size.
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


class ImageError(ValueError):
    """A picture that may not be used; the message says what is wrong and how to fix it."""


@dataclass(frozen=True)
class Image:
    """A checked picture: its bytes, ``png`` or ``jpeg``, and its size in pixels."""

    data: bytes
    format: str
    width: int
    height: int


def read_image(folder: Path, relative: str) -> Image:
    """The picture at ``relative`` (a path with ``/``) inside the pack folder ``folder``, checked as the module
    docstring says; :class:`ImageError` otherwise."""
    if "\\" in relative or relative.startswith("/") or any(part in ("", "..") for part in relative.split("/")):
        raise ImageError(f"{relative!r} is not a relative path inside the pack (use / between folders, no '..')")
    root = Path(os.path.realpath(folder))
    path = Path(os.path.realpath(root / relative))
    if root != path and root not in path.parents:
        raise ImageError(f"{relative!r} leads outside the pack folder (a symlink?); keep pictures inside the pack")
    try:
        data = read_regular(path, MAX_BYTES)
    except FileNotFoundError:
        raise ImageError(f"{relative!r} does not exist in the pack") from None
    except NotRegularFile as exc:
        raise ImageError(f"{relative!r} is {exc.kind}, not a regular file") from None
    except FileTooLarge as exc:
        raise ImageError(f"{relative!r} is larger than the limit of {MAX_BYTES // 2**20} MiB ({exc.size:,} "
                         "bytes); scale it down") from None
    except OSError as exc:
        raise ImageError(f"{relative!r} cannot be read: {exc.strerror}") from None
    try:
        if data.startswith(_PNG):
            fmt, (width, height) = "png", _png_size(data)
        elif data.startswith(_JPEG):
            fmt, (width, height) = "jpeg", _jpeg_size(data)
        else:
            raise ImageError("not a PNG or JPEG file (by its first bytes)")
    except ImageError as exc:
        raise ImageError(f"{relative!r}: {exc}") from None
    if width < 1 or height < 1:
        raise ImageError(f"{relative!r} declares an empty picture ({width} x {height} pixels)")
    if width * height > MAX_PIXELS:
        raise ImageError(f"{relative!r} declares {width} x {height} pixels, more than the limit of "
                         f"{MAX_PIXELS:,}; scale it down (a card needs about 750 x 1050)")
    return Image(data, fmt, width, height)


def _png_size(data: bytes) -> tuple[int, int]:
    if len(data) < 24 or data[12:16] != b"IHDR":
        raise ImageError("a PNG file without its IHDR header (damaged or cut short)")
    width, height = struct.unpack(">II", data[16:24])
    return int(width), int(height)


def _jpeg_size(data: bytes) -> tuple[int, int]:
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            break
        marker = data[at + 1]
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:  # markers without a length
            at += 2
            continue
        (length,) = struct.unpack(">H", data[at + 2:at + 4])
        if marker in _SOF:
            if at + 9 > len(data):
                break
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return int(width), int(height)
        at += 2 + length
    raise ImageError("a JPEG file without a frame header giving its size")
