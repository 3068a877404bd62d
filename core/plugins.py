"""Expansions: discovery through entry points, enable/disable, and the plugin manager.

An expansion is a module (or object) published in the entry-point group ``swrebellion.expansions``. It carries an
``EXPANSION`` attribute (:class:`Expansion`) and pluggy hook implementations (see ``hookspecs.py``). The built-in
base game and Rise of the Empire are found exactly this way, with no special case.

Which expansions are enabled, lowest precedence first:
1. each expansion's ``enabled_by_default``;
2. ``rebellion.toml`` in the current folder (``rebellion expansions enable/disable`` writes it); a name there of an
   expansion that is no longer installed is ignored with a warning, so uninstalling a plugin breaks no command;
3. the environment variable ``SWREBELLION_EXPANSIONS`` (comma list): when set, exactly those, in place of 1 and 2;
4. command-line ``--expansion NAME`` / ``--no-expansion NAME``: what the person typed for this run wins, with a
   warning when it changes what the environment variable says (issue 35 #16).
"""

from __future__ import annotations

import difflib
import os
import tomllib
from contextlib import contextmanager
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator

from .dependencies import dependency_order
from .errors import ExpansionError
from .text import UNSAFE, printable
# The records are defined below the wiring (expansion_records.py) and are public here, where docs/plugins.md names them.
from .expansion_records import Active as Active
from .expansion_records import Discovery as Discovery
from .expansion_records import Expansion as Expansion
from .expansion_records import Installed as Installed

if TYPE_CHECKING:
    import pluggy

    from .kinds import KindRegistry

ENTRY_POINT_GROUP = "swrebellion.expansions"
ENV_VAR = "SWREBELLION_EXPANSIONS"
CONFIG_FILE = "rebellion.toml"


def discover(extra: Iterable[tuple[Any, str]] = ()) -> Discovery:
    """Load every expansion in the entry-point group. A plugin that fails to import (even by ``sys.exit()``), has
    no ``EXPANSION`` declaration or has a hook implementation pluggy refuses (a misspelled hook name, an argument
    the hookspec does not have) is recorded as broken, with the reason, and never raised: commands that do not
    need it keep working, and ``rebellion expansions list`` shows it as broken."""
    found = Discovery()
    candidates: list[tuple[str, Any, str]] = []
    for ep in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        dist = getattr(ep, "dist", None)
        source = f"{dist.name} {dist.version}" if dist else ep.value
        try:
            candidates.append((ep.name, ep.load(), source))
        except BaseException as exc:  # noqa: BLE001 - third-party import code, SystemExit included
            if isinstance(exc, KeyboardInterrupt):
                raise
            found.broken[ep.name] = f"{type(exc).__name__}: {exc} (entry point {ep.value})"
    for plugin, source in extra:
        candidates.append((getattr(plugin, "EXPANSION").id, plugin, source))
    for name, plugin, source in candidates:
        info = getattr(plugin, "EXPANSION", None)
        if not isinstance(info, Expansion):
            found.broken[name] = f"{source} has no EXPANSION = Expansion(...) declaration"
            continue
        if info.id in found.installed:
            found.broken[name] = f"expansion id {info.id!r} is also provided by {found.installed[info.id].source}"
            continue
        problem = hook_problem(plugin, info.id) or packs_problem(info)
        if problem:
            found.broken[info.id] = f"{problem} ({source})"
            continue
        found.installed[info.id] = Installed(info, plugin, source)
    return found


def blame(exc: BaseException, discovery: Discovery | None = None) -> str | None:
    """The installed expansion whose code raised ``exc`` (the innermost frame of the traceback in one of their
    modules), or ``None`` when none did: a plugin's failure is reported naming it."""
    named = getattr(exc, "plugin", None)  # a PluginError knows whose hook it was
    if isinstance(named, str) and named != "?":
        return named
    discovery = discovery or discover()
    prefixes = {}
    for name, installed in discovery.installed.items():
        module = getattr(installed.plugin, "__name__", None)
        if isinstance(module, str):
            prefixes[module] = name
    culprit = None
    tb = exc.__traceback__
    while tb is not None:
        module = tb.tb_frame.f_globals.get("__name__", "")
        for prefix, name in prefixes.items():
            if module == prefix or module.startswith(prefix + "."):
                culprit = name
        tb = tb.tb_next
    if culprit is None and exc.__cause__ is not None and exc.__cause__ is not exc:
        return blame(exc.__cause__, discovery)
    return culprit


def packs_problem(info: Expansion) -> str | None:
    """Why the expansion's ``packs`` declaration cannot be used (None when every folder it names holds a
    pack.yaml): a broken declaration makes the plugin broken, never the commands of everyone else."""
    try:
        folders = info.pack_paths()
    except Exception as exc:  # noqa: BLE001 - a third party's declaration: any failure is reported, not raised
        return f"its packs declaration {info.packs!r} cannot be found: {type(exc).__name__}: {exc}"
    missing = [str(folder) for folder in folders if not (folder / "pack.yaml").is_file()]
    return f"its packs declaration names folders without pack.yaml: {', '.join(missing)}" if missing else None


def hook_problem(plugin: Any, name: str) -> str | None:
    """Why pluggy would refuse the plugin's hook implementations (None when it accepts them): each is checked
    against the hookspecs exactly as activation will, so a broken plugin is known before anyone enables it."""
    try:
        plugin_manager_for([(name, plugin)])
    except ExpansionError as exc:
        return str(exc)
    return None


#: ``rebellion.toml`` is a few lines; anything larger is not one.
MAX_CONFIG_BYTES = 64 * 1024


def _config_text(path: Path) -> str | None:
    """The text of the ``rebellion.toml`` at ``path`` (None when there is none), read as a config must be: a regular
    file of at most :data:`MAX_CONFIG_BYTES`, UTF-8. Raises :class:`ExpansionError` saying what is wrong and how to
    fix it: a folder, a FIFO or a device where the file should be (refused at once, never waited on), an unreadable
    or oversized file, bytes that are not UTF-8."""
    from .safefile import FileTooLarge, NotRegularFile, read_regular

    fix = "fix or delete the file"
    try:
        raw = read_regular(path, MAX_CONFIG_BYTES)
    except FileNotFoundError:
        return None
    except NotRegularFile as exc:
        raise ExpansionError(f"{path} is {exc.kind}, not a config file; remove it") from None
    except FileTooLarge:
        limit = MAX_CONFIG_BYTES // 1024
        raise ExpansionError(f"{path} is larger than {limit} KiB: not a config file; {fix}") from None
    except OSError as exc:
        raise ExpansionError(f"{path}: cannot read it ({exc.strerror or exc}); {fix}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ExpansionError(f"{path}: not valid TOML ({exc}); {fix}") from None


def read_config(folder: Path | None = None) -> dict[str, list[str]]:
    """``rebellion.toml``: the ``[expansions]`` table's ``enabled`` and ``disabled`` lists, and the top-level
    ``packs`` list of fan pack folders (paths relative to the file; :func:`config_packs` resolves them). All empty
    without a file.

    Raises :class:`ExpansionError` saying what is wrong and how to fix it: a folder, a FIFO or a device where the
    file should be (refused at once, never waited on), an unreadable or oversized file, bad TOML, wrong types.
    """
    path = (folder or Path.cwd()) / CONFIG_FILE
    fix = "fix or delete the file"
    text = _config_text(path)
    if text is None:
        return {"enabled": [], "disabled": [], "packs": []}
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ExpansionError(f"{path}: not valid TOML ({exc}); {fix}") from None
    table = data.get("expansions", {})
    if not isinstance(table, dict):
        raise ExpansionError(f"{path}: `expansions` must be a table ([expansions] with enabled = [...]); {fix}")
    result = {}
    for key in ("enabled", "disabled"):
        value = table.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ExpansionError(f"{path}: [expansions] {key} must be a list of expansion names; {fix}")
        result[key] = value
    packs = data.get("packs", [])
    if not isinstance(packs, list) or not all(isinstance(v, str) and v for v in packs):
        raise ExpansionError(f"{path}: `packs` must be a list of pack folders (packs = [\"my-pack\"]), written "
                             f"before [expansions]; {fix}")
    for entry in packs:
        if UNSAFE.search(entry):  # a NUL or a control character: no folder has such a name, and it would be printed
            raise ExpansionError(f"{path}: the pack folder '{printable(entry)}' holds a control character; {fix}")
    result["packs"] = packs
    return result


def config_packs(folder: Path | None = None) -> list[Path]:
    """The fan pack folders ``rebellion.toml`` lists (``rebellion packs add``), relative to the file's folder."""
    base = folder or Path.cwd()
    return [base / entry for entry in read_config(folder)["packs"]]


def stale_names(config: dict[str, list[str]], discovery: Discovery) -> list[str]:
    """Names in the config of expansions that are not installed at all (uninstalled since they were enabled)."""
    known = set(discovery.installed) | set(discovery.broken)
    return sorted({name for key in ("enabled", "disabled") for name in config.get(key, []) if name not in known})


def without(config: dict[str, list[str]], names: Iterable[str]) -> dict[str, list[str]]:
    drop = set(names)
    return {key: [n for n in values if n not in drop] if key in ("enabled", "disabled") else values
            for key, values in config.items()}


def write_config(config: dict[str, list[str]], folder: Path | None = None) -> Path:
    """Write ``rebellion.toml`` atomically (a unique temporary file renamed over the old one).

    The file is the user's as much as ours, so it is edited, not regenerated: tomlkit changes only the values that
    differ (``packs``, ``[expansions]`` ``enabled``/``disabled``) and keeps every comment, unknown key, other table
    (``[tool.other]``) and the layout byte for byte, and it writes valid TOML for any folder name (``json.dumps``,
    used before, wrote surrogate escapes such as ``"\\ud83d"`` for a name outside the Basic Multilingual Plane, which
    TOML forbids). Raises :class:`ExpansionError` when the existing file cannot be read as TOML or a value cannot
    be written as UTF-8 (a folder name in another encoding).
    """
    import tomlkit

    from .safefile import write_atomic

    path = (folder or Path.cwd()) / CONFIG_FILE
    text = _config_text(path)
    if text is None:
        document = tomlkit.document()
        document.add(tomlkit.comment("swrebellion settings: `rebellion expansions enable/disable` and "
                                     "`rebellion packs add/remove` write them."))
        listed = tomlkit.table()
        listed.update({"enabled": [], "disabled": []})  # both shown, to say what may go there
        document.add("expansions", listed)
    else:
        try:
            document = tomlkit.parse(text)
        except tomlkit.exceptions.ParseError as exc:
            raise ExpansionError(f"{path}: not valid TOML ({exc}); fix or delete the file") from None
    packs = list(config.get("packs", []))
    if list(document.get("packs", [])) != packs:
        if packs:
            document["packs"] = packs
        else:
            document.remove("packs")
    table = document.setdefault("expansions", tomlkit.table())
    for key in ("enabled", "disabled"):
        names = sorted(set(config.get(key, [])))
        if sorted(set(table.get(key, []))) != names:
            table[key] = names
    try:
        write_atomic(path, tomlkit.dumps(document))
    except UnicodeEncodeError as exc:
        raise ExpansionError(f"{path}: cannot write {exc.object[exc.start:exc.end]!r} as UTF-8 (a folder name in "
                             "another encoding?); rename the folder") from None
    return path


@contextmanager
def config_lock(folder: Path | None = None) -> Iterator[None]:
    """Hold the folder's lock while reading, changing and writing ``rebellion.toml``, so that two
    ``rebellion expansions enable/disable`` running at once apply both changes instead of one overwriting the
    other (``flock`` on the folder itself: no lock file is left behind; where ``fcntl`` is missing, no lock)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        yield
        return
    fd = os.open(folder or Path.cwd(), os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _unknown(name: str, known: Iterable[str]) -> ExpansionError:
    close = difflib.get_close_matches(name, list(known), n=1)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return ExpansionError(
        f"unknown expansion {name!r}{hint} Installed: {', '.join(sorted(known)) or 'none'} "
        "(see `rebellion expansions list`)"
    )


def resolve_enabled(
    discovery: Discovery,
    enable: Iterable[str] = (),
    disable: Iterable[str] = (),
    config: dict[str, list[str]] | None = None,
    env: str | None = None,
) -> list[str]:
    """The enabled expansion ids in dependency order (requirements first, then by id).

    Raises :class:`ExpansionError` for an unknown name, a broken plugin that was asked for, or an enabled
    expansion whose requirement is disabled.
    """
    installed = discovery.installed
    known = set(installed) | set(discovery.broken)

    def check(name: str) -> str:
        if name in discovery.broken:
            raise ExpansionError(f"expansion {name!r} failed to load: {discovery.broken[name]}")
        if name not in installed:
            raise _unknown(name, installed)
        return name

    config = config if config is not None else {"enabled": [], "disabled": []}
    if env is None:
        env = os.environ.get(ENV_VAR)
    if env is not None and env.strip():
        chosen = {check(n.strip()) for n in env.split(",") if n.strip()}
        sources = [{"enabled": list(enable), "disabled": list(disable)}]
        origin = f"the environment variable {ENV_VAR}" if not (enable or disable) else "your selection"
    else:
        chosen = {i for i, inst in installed.items() if inst.expansion.enabled_by_default}
        sources = [config, {"enabled": list(enable), "disabled": list(disable)}]
        origin = "your selection"
    for source in sources:
        for name in source.get("enabled", []):
            chosen.add(check(name))
        for name in source.get("disabled", []):
            chosen.discard(check(name))
    for name in sorted(chosen):
        for req in installed[name].expansion.requires:
            if req not in chosen:
                if req not in known:
                    raise ExpansionError(f"expansion {name!r} requires {req!r}, which is not installed")
                raise ExpansionError(
                    f"expansion {name!r} requires {req!r}, but {origin} disables it; "
                    f"enable {req!r} too, or disable {name!r}"
                )
    order, cycles = dependency_order({n: installed[n].expansion.requires for n in chosen})
    if cycles:
        raise ExpansionError(f"expansions {', '.join(cycles[0])} require each other in a cycle; one of them must "
                             "stop requiring the other")
    return order


def plugin_manager(discovery: Discovery, enabled: list[str]) -> pluggy.PluginManager:
    """A pluggy manager with the enabled expansions (see :func:`plugin_manager_for`)."""
    return plugin_manager_for([(name, discovery.installed[name].plugin) for name in enabled])


def plugin_manager_for(plugins: list[tuple[str, Any]]) -> pluggy.PluginManager:
    """A pluggy manager holding ``plugins``, given in dependency order (requirements first).

    pluggy calls the implementations of a hook last-registered-first, so the plugins are registered in *reverse*
    dependency order: every hook then runs in dependency order (the base game before the expansions that build
    on it), and ``tryfirst``/``trylast`` move an implementation as pluggy documents. ``check_pending`` refuses a
    hook implementation that matches no hookspec (a misspelled name): :class:`ExpansionError` names the plugin.
    """
    import pluggy

    from . import hookspecs

    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    for name, plugin in reversed(plugins):
        try:
            pm.register(plugin, name=name)
        except (pluggy.PluginValidationError, ValueError) as exc:
            raise ExpansionError(f"expansion {name!r} has a hook implementation pluggy refuses: {exc}") from None
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        culprit = pm.get_name(exc.plugin) if exc.plugin is not None else "?"
        raise ExpansionError(
            f"expansion {culprit!r} implements a hook that does not exist: {exc} "
            f"(see docs/hooks.md for the hooks and their spelling)"
        ) from None
    return pm


def activate(
    enable: Iterable[str] = (),
    disable: Iterable[str] = (),
    *,
    env: str | None = None,
    folder: Path | None = None,
    discovery: Discovery | None = None,
) -> Active:
    """Discover, resolve the selection (see the module docstring) and build the plugin manager and op registry."""
    from .effects import OpRegistry

    discovery = discovery or discover()
    if env is None:
        env = os.environ.get(ENV_VAR)
    # The environment variable replaces the config: a broken rebellion.toml must not stop a run that ignores it.
    config = read_config(folder) if not (env and env.strip()) else {"enabled": [], "disabled": []}
    stale = stale_names(config, discovery)
    enabled = resolve_enabled(discovery, enable, disable, without(config, stale), env)
    pm = plugin_manager(discovery, enabled)
    active = Active(discovery, enabled, pm, OpRegistry())
    active.warnings = [f"{CONFIG_FILE} names the expansion {name!r}, which is not installed; it is ignored (remove "
                       f"it with `rebellion expansions disable {name}`)" for name in stale]
    if env and env.strip() and (enable or disable):
        try:
            alone = resolve_enabled(discovery, (), (), None, env)
        except ExpansionError:  # the variable alone is no working selection (a requirement the flags add)
            alone = []
        if alone != enabled:
            active.warnings.append(f"--expansion/--no-expansion change what {ENV_VAR}={env.strip()} enables "
                                   f"({', '.join(alone) or 'none'}): this run enables {', '.join(enabled) or 'none'}")
    for name in active.implementers("register_effect_ops"):
        active.ops.current_plugin = name
        active.call_one(name, "register_effect_ops", registry=active.ops)
    active.kinds = collect_kinds(active, discovery)
    return active


def collect_kinds(active: Active, discovery: Discovery | None = None) -> KindRegistry:
    """Call ``register_content_kinds`` of each enabled plugin (``Active.call_one``: through pluggy, one plugin at a
    time in dependency order, so that the registry knows who registers what). With ``discovery``, the registry can
    also say which disabled plugin registers a kind it lacks (``elsewhere``)."""
    from .kinds import KindRegistry

    enabled = list(active.enabled)
    registry = KindRegistry(None if discovery is None else lambda: _kinds_of_disabled(discovery, enabled))
    for name in active.implementers("register_content_kinds"):
        registry.current_plugin = name
        active.call_one(name, "register_content_kinds", registry=registry)
    registry.check_references()
    return registry


def _kinds_of_disabled(discovery: Discovery, enabled: list[str]) -> dict[str, str]:
    """Kind name -> the first installed, disabled plugin (by id) that registers it, each asked on its own."""
    import pluggy

    from . import hookspecs
    from .kinds import KindRegistry

    found: dict[str, str] = {}
    for name, installed in sorted(discovery.installed.items()):
        if name in enabled:
            continue
        pm = pluggy.PluginManager(hookspecs.PROJECT)
        pm.add_hookspecs(hookspecs)
        scratch = KindRegistry()
        scratch.current_plugin = name
        try:
            pm.register(installed.plugin, name=name)
            pm.hook.register_content_kinds(registry=scratch)
        except Exception:  # only a hint depends on it: a plugin that cannot say is left out
            continue
        for kind in scratch:
            found.setdefault(kind.name, name)
    return found
