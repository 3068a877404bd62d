"""Building the rules of a game from expansions and content packs: the seam between the CLI, tests and saves on
one side and plugins, the content loader and the engine on the other."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .engine import Rules
from .plugins import activate


def rules_for(expansions, extra_packs=()) -> Rules:
    """Rules with exactly ``expansions`` enabled and their packs (plus ``extra_packs`` folders) loaded.

    Cached: a Rules object is immutable during play and shared by every game and copy made from it.
    """
    return _rules_for(tuple(expansions), tuple(str(p) for p in extra_packs))


@lru_cache(maxsize=16)
def _rules_for(expansions: tuple[str, ...], extra_packs: tuple[str, ...]) -> Rules:
    return rules_from_active(activate(env=",".join(expansions) or " "), extra_packs)


def rules_from_active(active, extra_packs: tuple[str, ...] = ()) -> Rules:
    """Rules for an already resolved expansion selection (the CLI's --expansion options)."""
    return Rules(active, _load(active, tuple(Path(p) for p in extra_packs)))


def _load(active, extra: tuple[Path, ...]):
    # Interim loader until swrebellion.loader lands: pydantic over the packs' YAML, later packs replacing items.
    import yaml

    from .models import FILE_KINDS

    class Catalog:
        def __init__(self) -> None:
            self._items: dict[str, dict] = {kind: {} for kind in FILE_KINDS}

        def items(self, kind: str) -> dict:
            return self._items[kind]

    catalog = Catalog()
    for folder in [*active.pack_paths(), *extra]:
        for path in sorted(folder.rglob("*.yaml")):
            if path.name == "pack.yaml":
                continue
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            for item in FILE_KINDS[data["kind"]].file.model_validate(data).items:
                catalog._items[data["kind"]][getattr(item, "id")] = item
    return catalog
