"""A hostile or stale ./rebellion.toml (issue 16, "Saves, play and config"): wrong types, a folder, a FIFO, an
unreadable or huge file give a clear `Error:` naming the file and what to do (exit 2), at once, never a traceback
or a hang; an expansion that is no longer installed breaks no command and `expansions disable` removes it;
concurrent `enable`/`disable` never collide."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from packkit import cli

CONFIG = "rebellion.toml"


def _write_only_sysfs_file() -> Path | None:
    for path in sorted(Path("/sys/bus").glob("*/uevent")):
        try:
            os.close(os.open(path, os.O_RDONLY))
        except PermissionError:
            return path
        except OSError:
            continue
    return None


def _unreadable(world: Path) -> None:
    """A rebellion.toml this process cannot read: mode 000, or (root reads anything) a write-only sysfs file."""
    if os.geteuid() != 0:
        (world / CONFIG).write_text("[expansions]\n")
        (world / CONFIG).chmod(0)
        return
    target = _write_only_sysfs_file()
    if target is None:
        pytest.skip("running as root with no write-only file to stand for an unreadable one")
    (world / CONFIG).symlink_to(target)


# name -> (what stands at ./rebellion.toml, what the error says)
CASES = {
    "expansions = 'x'": ('expansions = "x"\n', "`expansions` must be a table"),
    "enabled = 'x'": ('[expansions]\nenabled = "x"\n', "[expansions] enabled must be a list of expansion names"),
    "enabled = [1]": ("[expansions]\nenabled = [1]\n", "[expansions] enabled must be a list of expansion names"),
    "disabled = {}": ("[expansions]\ndisabled = {}\n", "[expansions] disabled must be a list of expansion names"),
    "not TOML": ("[expansions\n", "not valid TOML"),
    "not UTF-8": (b"[expansions]\nenabled = ['\xff']\n", "not valid TOML"),
    "larger than 64 KiB": ("#" * 70_000 + "\n", "larger than 64 KiB"),
    "a folder": ("folder", "is a folder, not a config file; remove it"),
    "a FIFO": ("fifo", "is a FIFO (named pipe), not a config file; remove it"),
    "a symlink to /dev/zero": ("zero", "is a device, not a config file"),
    "unreadable": ("unreadable", "cannot read it (Permission denied)"),
    # issue 32: a NUL in a pack path was reported without naming rebellion.toml
    "a NUL in a pack folder": ('packs = ["a\\u0000b"]\n', "the pack folder 'a\\x00b' holds a control character"),
}


def _place(world: Path, what) -> None:
    path = world / CONFIG
    if what == "folder":
        path.mkdir()
    elif what == "fifo":
        os.mkfifo(path)
    elif what == "zero":
        path.symlink_to("/dev/zero")
    elif what == "unreadable":
        _unreadable(world)
    elif isinstance(what, bytes):
        path.write_bytes(what)
    else:
        path.write_text(what, encoding="utf-8")


@pytest.mark.parametrize("command", [("validate",), ("expansions", "enable", "rise-of-the-empire")])
@pytest.mark.parametrize("case", list(CASES))
def test_hostile_config(world, bounded, case, command):
    what, message = CASES[case]
    _place(world, what)
    with bounded(15):
        result = cli(*command)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
    assert "Error: " in result.output and CONFIG in result.output and message in result.output, result.output


def test_an_uninstalled_expansion_in_the_config_breaks_no_command(world, bounded):
    (world / CONFIG).write_text('[expansions]\nenabled = ["ghost", "rise-of-the-empire"]\ndisabled = ["gone"]\n')
    with bounded(60):
        validated = cli("validate")
        listed = cli("expansions", "list")
        enabled = cli("expansions", "enable", "base")
    for result in (validated, listed, enabled):
        assert result.exit_code == 0, result.output
        assert "'ghost'" in result.stderr and "rebellion expansions disable ghost" in result.stderr
    assert "rise-of-the-empire 1.0.0" in validated.stdout, "the installed names in the config still count"
    with bounded(30):
        cleaned = cli("expansions", "disable", "ghost")
        cleaned_too = cli("expansions", "disable", "gone")
    assert cleaned.exit_code == 0 and "ghost is not installed; removed it" in cleaned.stdout
    assert cleaned_too.exit_code == 0
    config = tomllib.loads((world / CONFIG).read_text())["expansions"]
    assert config == {"enabled": ["base", "rise-of-the-empire"], "disabled": []}


def test_enabling_an_unknown_expansion_is_still_refused(world, bounded):
    with bounded(15):
        result = cli("expansions", "enable", "ghost")
    assert result.exit_code == 2 and "unknown expansion 'ghost'" in result.output
    assert not (world / CONFIG).exists()


def test_the_config_is_not_written_through_a_symlink(world, bounded):
    (world / "elsewhere.toml").write_text("[expansions]\n")
    (world / CONFIG).symlink_to(world / "elsewhere.toml")
    with bounded(15):
        result = cli("expansions", "enable", "rise-of-the-empire")
    assert result.exit_code == 1 and "is a symlink; refusing to replace it" in result.output
    assert (world / "elsewhere.toml").read_text() == "[expansions]\n" and (world / CONFIG).is_symlink()


def test_concurrent_enable_and_disable_never_collide(world, bounded):
    """Six processes at once, each enabling and disabling an expansion 40 times (the old code wrote one fixed
    'rebellion.toml.tmp' name, so one process's rename failed when another had just moved the file away). Every
    change must succeed, the file must stay whole and no temporary file may be left behind."""
    script = (
        "import sys\n"
        "from swrebellion.tools.cli import main\n"
        "for n in range(40):\n"
        "    main(['expansions', ('enable', 'disable')[n % 2], 'rise-of-the-empire'], standalone_mode=False)\n"
    )
    with bounded(150):
        processes = [subprocess.Popen([sys.executable, "-c", script], cwd=world, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.PIPE, text=True) for _ in range(6)]
        outputs = [(p.communicate(timeout=140)[1], p.returncode) for p in processes]
    for errors, status in outputs:
        assert status == 0 and "Traceback" not in errors, errors
    config = tomllib.loads((world / CONFIG).read_text())["expansions"]
    assert config == {"enabled": [], "disabled": ["rise-of-the-empire"]}, "each process ends with a disable"
    assert sorted(p.name for p in world.iterdir()) == [CONFIG]


def test_concurrent_writers_of_the_config_never_share_a_temporary_name(world, bounded):
    """The write itself, at full speed from six processes and without the lock: each write goes through its own
    temporary file, so none fails and the file is always one writer's whole text."""
    script = (
        "import sys, time\n"
        "from swrebellion import plugins\n"
        "start = float(sys.argv[2])\n"
        "time.sleep(max(0.0, start - time.time()))  # all together, once every process has started\n"
        "n = 0\n"
        "while n == 0 or time.time() < start + 1.0:  # at least once, however late a loaded machine started it\n"
        "    plugins.write_config({'enabled': ['writer-' + sys.argv[1]] * (n % 2), 'disabled': []})\n"
        "    n += 1\n"
    )
    start = time.time() + 3.0
    with bounded(150):
        processes = [subprocess.Popen([sys.executable, "-c", script, str(k), str(start)], cwd=world,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
                     for k in range(6)]
        outputs = [(p.communicate(timeout=140)[1], p.returncode) for p in processes]
    for errors, status in outputs:
        assert status == 0 and "Traceback" not in errors, errors
    assert len(tomllib.loads((world / CONFIG).read_text())["expansions"]["enabled"]) <= 1
    assert sorted(p.name for p in world.iterdir()) == [CONFIG]


#: A config written by hand: comments, a key and a table no swrebellion command knows (issue 32 #12).
HAND_WRITTEN = """\
# my settings, kept by hand
packs = ["fan"]   # the campaign's pack
colour = "a key swrebellion does not know"

[expansions]
# Rise of the Empire for the campaign
enabled = ["rise-of-the-empire"]
disabled = []

[tool.other]
answer = 42  # another tool's table
"""


def test_the_config_keeps_what_the_user_wrote(world, bounded):
    """Issue 32 #12, issue 27 §5: `expansions enable/disable` and `packs add` change only the value they change; the
    comments, the unknown key, the other table and the layout survive byte for byte, and a pack folder named outside
    the Basic Multilingual Plane is written as valid TOML (json.dumps wrote surrogate escapes TOML forbids)."""
    from packkit import write_pack

    write_pack(world / "fan", requires=["base"])
    write_pack(world / "réseau-🚀", "reseau", requires=["base"])
    (world / CONFIG).write_text(HAND_WRITTEN, encoding="utf-8")
    rise_off = HAND_WRITTEN.replace('enabled = ["rise-of-the-empire"]\ndisabled = []',
                                    'enabled = []\ndisabled = ["rise-of-the-empire"]')
    with bounded(60):
        assert cli("expansions", "disable", "rise-of-the-empire").exit_code == 0
        assert (world / CONFIG).read_text(encoding="utf-8") == rise_off
        assert cli("expansions", "enable", "rise-of-the-empire").exit_code == 0
        assert (world / CONFIG).read_text(encoding="utf-8") == HAND_WRITTEN
        added = cli("packs", "add", "réseau-🚀")
    assert added.exit_code == 0, added.output
    text = (world / CONFIG).read_text(encoding="utf-8")
    assert text == HAND_WRITTEN.replace('packs = ["fan"]', 'packs = ["fan", "réseau-🚀"]')
    assert tomllib.loads(text)["packs"] == ["fan", "réseau-🚀"]


def test_a_pack_folder_name_that_is_not_utf8_is_refused_and_nothing_written(world, bounded):
    """A folder name in another encoding cannot go into a UTF-8 TOML file: a clear error, the config untouched."""
    from packkit import write_pack

    folder = write_pack(Path(os.fsdecode(bytes(world) + b"/caf\xe9")), "cafe", requires=["base"])
    (world / CONFIG).write_text(HAND_WRITTEN, encoding="utf-8")
    with bounded(60):
        result = cli("packs", "add", folder.name)
    assert result.exit_code == 2 and "cannot write" in result.output and "as UTF-8" in result.output, result.output
    assert (world / CONFIG).read_text(encoding="utf-8") == HAND_WRITTEN
    assert sorted(p.name for p in world.iterdir()) == sorted([CONFIG, folder.name]), "no temporary file left"
