"""Reading files from strangers and writing files atomically (swrebellion.safefile; issue 16, "Hostile input").

One bounded reader of regular files and one atomic writer serve every command, so these few tests stand for the
saves, the config, scenarios, content packs, schema export and `rebellion new pack` alike.
"""

from __future__ import annotations

import os
import stat
import threading

import pytest

from swrebellion.safefile import UnsafeFileError, check_writable, read_regular, write_atomic


def test_a_regular_file_is_read_whole(tmp_path):
    path = tmp_path / "a.txt"
    path.write_bytes(b"hello")
    assert read_regular(path, 5) == b"hello"


def test_a_file_over_the_limit_is_refused_before_reading(tmp_path):
    path = tmp_path / "big.txt"
    path.write_bytes(b"x" * 11)
    with pytest.raises(UnsafeFileError, match="11 bytes; the limit is 10"):
        read_regular(path, 10)


def test_a_fifo_is_refused_at_once_instead_of_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    result: list = []
    reader = threading.Thread(target=lambda: result.append(pytest.raises(UnsafeFileError, read_regular, fifo, 10)))
    reader.start()
    reader.join(timeout=5)
    assert not reader.is_alive(), "reading a FIFO must not block"
    assert "FIFO" in str(result[0].value)


@pytest.mark.parametrize("special, kind", [("/dev/zero", "a device"), (".", "a folder")])
def test_devices_and_folders_are_refused(tmp_path, special, kind):
    with pytest.raises(UnsafeFileError, match=kind):
        read_regular(tmp_path if special == "." else special, 1 << 20)


def test_write_atomic_replaces_the_whole_file_and_leaves_no_temporary(tmp_path):
    path = tmp_path / "out.json"
    path.write_text("old")
    os.chmod(path, 0o640)
    write_atomic(path, "new\n")
    assert path.read_text() == "new\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640, "a replaced file keeps its mode"
    assert os.listdir(tmp_path) == ["out.json"]


def test_a_private_file_is_readable_by_its_owner_only(tmp_path):
    path = tmp_path / "save.json"
    write_atomic(path, "{}", private=True)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_symlink_at_the_target_is_never_replaced_nor_followed(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    link = tmp_path / "save.json"
    link.symlink_to(victim)
    with pytest.raises(UnsafeFileError, match="symlink; refusing to replace it"):
        write_atomic(link, "{}")
    assert link.is_symlink() and victim.read_text() == "precious"
    assert sorted(os.listdir(tmp_path)) == ["save.json", "victim.txt"]


@pytest.mark.parametrize("target", ["fifo", "/dev/null", "folder"])
def test_a_device_fifo_or_folder_at_the_target_is_refused(tmp_path, target):
    if target == "fifo":
        path = tmp_path / "save.json"
        os.mkfifo(path)
    elif target == "folder":
        path = tmp_path / "save.json"
        path.mkdir()
    else:
        path = target
    with pytest.raises(UnsafeFileError, match="refusing to replace it"):
        write_atomic(path, "{}")
    with pytest.raises(UnsafeFileError):
        check_writable(path)


def test_check_writable_fails_for_a_missing_folder_and_leaves_nothing(tmp_path):
    with pytest.raises(FileNotFoundError, match="does not exist"):
        check_writable(tmp_path / "nowhere" / "save.json")
    check_writable(tmp_path / "save.json")
    assert os.listdir(tmp_path) == []


def test_concurrent_writers_never_share_a_temporary_name(tmp_path):
    path = tmp_path / "shared.txt"
    errors: list[BaseException] = []

    def write(n: int) -> None:
        try:
            for _ in range(20):
                write_atomic(path, f"writer {n}\n" * 100)
        except BaseException as exc:  # noqa: BLE001 - collected for the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    text = path.read_text()
    assert len(set(text.splitlines())) == 1, "the file is one writer's whole text"
    assert os.listdir(tmp_path) == ["shared.txt"]
