"""Expansions as records: what an expansion declares (:class:`Expansion`), what discovery found (:class:`Installed`,
:class:`Discovery`) and the enabled set a game's rules are built from (:class:`Active`).

These are plain data with no wiring: the plugin manager, discovery and activation live in ``plugins.py``, which
re-exports these names (``from swrebellion.plugins import Expansion`` is the documented spelling). They sit low in
the kernel's import layers so that the modules below the wiring (the game's ``Rules``, content loading, the kind
registry) can name them without importing ``plugins.py``, which imports the hookspecs, which name the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pluggy

    from .effects import OpRegistry
    from .kinds import KindRegistry


@dataclass(frozen=True)
class Expansion:
    """What an expansion declares about itself."""

    id: str
    name: str
    version: str
    requires: tuple[str, ...] = ()
    #: Content packs it provides: (package, resource folder), e.g. ("swrebellion.content", "base").
    packs: tuple[tuple[str, str], ...] = ()
    enabled_by_default: bool = False
    description: str = ""
    #: The keys of ``game.state["data"]`` this expansion owns, as a ``TypedDict`` (``None``: it keeps nothing there).
    #: It writes only these; another plugin changes them through the owner's API, never directly (docs/state.md,
    #: generated from these declarations; tests/test_state_ownership.py reads the code to hold every plugin to it).
    state: type | None = None

    def pack_paths(self) -> list[Path]:
        from importlib.resources import files

        return [Path(str(files(package).joinpath(folder))) for package, folder in self.packs]


@dataclass
class Installed:
    """An installed expansion: its declaration, the loaded plugin object and where it came from."""

    expansion: Expansion
    plugin: Any
    source: str


@dataclass
class Discovery:
    installed: dict[str, Installed] = field(default_factory=dict)
    broken: dict[str, str] = field(default_factory=dict)  # entry-point name -> error


@dataclass
class Active:
    """The enabled expansions, their plugin manager and the effect ops they registered."""

    discovery: Discovery
    enabled: list[str]
    pm: pluggy.PluginManager
    ops: OpRegistry
    kinds: KindRegistry = None  # type: ignore[assignment]  # set by activate(): the enabled plugins' content kinds
    #: Problems worth a warning that did not stop the selection (e.g. an uninstalled expansion in the config).
    warnings: list[str] = field(default_factory=list)

    def expansion(self, name: str) -> Expansion:
        return self.discovery.installed[name].expansion

    def pack_paths(self) -> list[Path]:
        return [path for name in self.enabled for path in self.expansion(name).pack_paths()]

    def implementers(self, hook: str) -> list[str]:
        """The enabled plugins implementing ``hook``, in dependency order."""
        names = {impl.plugin_name for impl in getattr(self.pm.hook, hook).get_hookimpls()}
        return [name for name in self.enabled if name in names]

    def call_one(self, plugin: str, hook: str, **kwargs: Any) -> list[Any]:
        """Call one plugin's implementation of ``hook`` through pluggy's hook caller (so argument subsets and the
        hookspec hold).

        Used for the registration hooks (``register_*``), called plugin by plugin in dependency order so that a
        registry knows which plugin registers what (a clash names both), and for ``validate_catalog``, so that a
        plugin whose check fails is named rather than fatal.
        """
        others = [self.pm.get_plugin(name) for name in self.enabled if name != plugin]
        results: list[Any] = self.pm.subset_hook_caller(hook, remove_plugins=others)(**kwargs)
        return results
