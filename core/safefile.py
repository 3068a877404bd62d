"""Files from and for strangers: bounded reads of regular files only, and atomic writes that replace only files.

Every reader of untrusted input (content files, scenario files, saves, ``rebellion.toml``) and every writer (saves,
the config, schema export, ``rebellion new pack``, the docs generators) goes through here, so the rules below hold
everywhere:

* :func:`read_regular` opens without blocking and reads only a regular file, at most ``limit`` bytes: a FIFO
  (which would wait for a writer for ever), ``/dev/zero`` (which never ends) or a folder is refused at once.
* :func:`write_atomic` writes a unique temporary file in the target's folder, flushes it to disk and renames it
  over the target. A reader sees the old file or the new one, never half of each; two writers never share a
  temporary name; and a target that is not a regular file (a symlink, a device, a FIFO, a folder) is never
  replaced: writing a save to ``/dev/null`` or through a planted symlink is refused.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


class UnsafeFileError(OSError):
    """A file that may not be read or replaced: not a regular file, or larger than the limit."""


class NotRegularFile(UnsafeFileError):
    """Something other than a regular file; ``kind`` says what (``"a FIFO (named pipe)"``, ``"a symlink"`` ...)."""

    def __init__(self, message: str, kind: str) -> None:
        super().__init__(message)
        self.kind = kind


class FileTooLarge(UnsafeFileError):
    """A file of ``size`` bytes where at most ``limit`` may be read (``size`` is -1 if it grew while read)."""

    def __init__(self, message: str, size: int, limit: int) -> None:
        super().__init__(message)
        self.size = size
        self.limit = limit


def _kind(mode: int) -> str:
    if stat.S_ISLNK(mode):
        return "a symlink"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"


def read_regular(path: Path | str, limit: int) -> bytes:
    """The bytes of the regular file at ``path`` (symlinks followed), at most ``limit`` of them.

    Raises :class:`UnsafeFileError` for anything that is not a regular file or is larger than ``limit``, and the
    usual :class:`OSError` (missing, permission denied) otherwise. Never blocks: the file is opened non-blocking
    and checked (``fstat``) before a byte is read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = _kind(info.st_mode)
            raise NotRegularFile(f"{path} is {kind}; only regular files are read", kind)
        if info.st_size > limit:
            raise FileTooLarge(f"{path} is {info.st_size:,} bytes; the limit is {limit:,}", info.st_size, limit)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > limit:  # it grew after the check
        raise FileTooLarge(f"{path} is larger than the limit of {limit:,} bytes", -1, limit)
    return b"".join(chunks)


def refuse_special(path: Path) -> None:
    """Raise :class:`UnsafeFileError` when something other than a regular file stands at ``path`` (not followed:
    a symlink is refused even when it points at a regular file)."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(info.st_mode):
        kind = _kind(info.st_mode)
        raise NotRegularFile(f"{path} is {kind}; refusing to replace it (write to a new file name)", kind)


def check_writable(path: Path | str) -> None:
    """Fail now, not after an hour of play, if :func:`write_atomic` could not write ``path``: the folder must exist
    and take a new file, and nothing but a regular file may stand at ``path``. Raises :class:`OSError` saying why."""
    path = Path(path)
    folder = path.parent
    if not folder.is_dir():
        raise FileNotFoundError(f"the folder {folder} does not exist")
    refuse_special(path)
    fd, trial = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    os.close(fd)
    os.unlink(trial)


def _default_mode(full: int = 0o666) -> int:
    """``full`` less the process's umask: the mode ``open()`` would give a new file (or folder, with 0o777)."""
    umask = os.umask(0o022)
    os.umask(umask)
    return full & ~umask


def write_atomic(path: Path | str, data: str | bytes, *, private: bool = False) -> None:
    """Replace (or create) the regular file ``path`` with ``data`` (text is written as UTF-8 with ``\\n`` line ends)
    so that a reader sees the whole old file or the whole new one, never a mix.

    ``private`` gives the file mode 0600 (saves: they hold the game's secrets); otherwise a new file gets the usual
    mode (0666 less the umask) and a replaced file keeps its own. Raises :class:`UnsafeFileError` if ``path`` is a
    symlink, a device, a FIFO or a folder, and :class:`OSError` if the folder cannot take the file; nothing is left
    behind either way.
    """
    path = Path(path)
    refuse_special(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        mode = stat.S_IMODE(os.lstat(path).st_mode)
    except FileNotFoundError:
        mode = _default_mode()
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, 0o600 if private else mode)
        refuse_special(path)  # again, just before the rename: something may have been planted meanwhile
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


@contextmanager
def staged_folder(target: Path) -> Iterator[Path]:
    """A temporary folder beside ``target`` that becomes ``target`` (which must be absent or empty) on success;
    on any failure it is removed and ``target`` is untouched."""
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        os.chmod(staging, _default_mode(0o777))  # mkdtemp makes it 0700
        yield staging
        if target.exists():
            target.rmdir()  # empty, checked by the caller; fails loudly otherwise
        os.replace(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
