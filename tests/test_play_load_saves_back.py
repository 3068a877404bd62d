"""`rebellion play --load FILE` without `--save` keeps what is played (issue 35 #4): Ctrl-D or Ctrl-C at the prompt
saves the game back to the file it was loaded from, atomically, and says where (docs/terminal.md). Before, the
game printed "Game stopped." and the moves since the load were gone. Driven through a pseudo-terminal."""

from __future__ import annotations

import json
import time

import pytest

from test_terminal_play import PROMPT, spawn

pexpect = pytest.importorskip("pexpect")


def _choices(path) -> int:
    return len(json.loads(path.read_text(encoding="utf-8"))["choices"])


def _play_on(tmp_path, save, stop) -> str:
    """Load ``save``, answer the first option twice, stop with ``stop`` (the child's sendeof or sendintr); what
    the terminal showed after the last answer."""
    child = spawn("play", "--load", str(save), tmp_path=tmp_path)
    for _ in range(2):
        child.expect_exact(PROMPT)
        child.sendline("1")
    child.expect_exact(PROMPT)
    stop(child)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    return child.before


def _ctrl_c(child) -> None:
    """Ctrl-C at the prompt, as a person presses it: not within microseconds of the prompt appearing. Python's
    ``input()`` writes the prompt, then reads; a SIGINT that arrives between the two is noted but interrupts no read,
    so the read waits on (a second Ctrl-C ends the game): found when this test, pressing at once, waited out its 60 s
    about once in 80 runs on a loaded machine, the process blocked in the terminal's read with the signal handled."""
    time.sleep(0.3)
    child.sendintr()


def test_ctrl_d_and_ctrl_c_after_a_load_save_the_game_back_to_its_file(tmp_path):
    save = tmp_path / "g.json"
    child = spawn("play", "--human", "rebel", "--seed", "3", "--save", str(save), tmp_path=tmp_path)
    child.expect_exact(PROMPT)
    child.sendeof()
    child.expect(pexpect.EOF)
    started = _choices(save)

    shown = _play_on(tmp_path, save, lambda child: child.sendeof())
    assert "Game stopped." in shown and f"Saved to {save}" in shown
    after_eof = _choices(save)
    assert after_eof >= started + 2  # both answers kept (and what the agent played in between)

    shown = _play_on(tmp_path, save, _ctrl_c)
    assert "Game stopped." in shown and f"Saved to {save}" in shown
    assert _choices(save) >= after_eof + 2
    assert json.loads(save.read_text(encoding="utf-8"))["humans"] == ["rebel"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json", "screen.txt"]  # no temporary file left behind


def test_a_loaded_file_that_cannot_be_written_is_refused_before_the_game(tmp_path, monkeypatch):
    """A save on a read-only disk (as root, permissions refuse nothing: the file system is made to refuse)."""
    import errno

    import swrebellion.safefile
    from packkit import cli

    save = tmp_path / "g.json"
    assert cli("play", "--seed", "1", "--save", str(save)).exit_code == 0

    def read_only(path):
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(swrebellion.safefile, "check_writable", read_only)
    result = cli("play", "--load", str(save))
    assert result.exit_code == 2 and "Read-only file system" in result.output and "--save" in result.output
    assert "Traceback" not in result.output
