"""Writing files so that a reader never sees half of one: each file goes to a temporary name, then is renamed.

A rename within one folder is atomic on POSIX and Windows, so after a crash a file is either the old one or the
new one. Used by `rebellion schema export` and `rebellion new pack` (which builds the whole folder aside first).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator


def write_text(path: Path, text: str) -> None:
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # mkstemp makes 0600: give the file the permissions open() would
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


@contextmanager
def staged_folder(target: Path) -> Iterator[Path]:
    """A temporary folder beside ``target`` that becomes ``target`` (which must be absent or empty) on success."""
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    try:
        yield staging
        if target.exists():
            target.rmdir()  # empty, checked by the caller; fails loudly otherwise
        os.replace(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
