"""Extension points: values the rules compute that plugins may adjust, each declared by the plugin that offers it.

Rules code asks ``game.modify(name, value, **context)``; every plugin that answers ``name`` adjusts the value in
turn (dependency order, each seeing the value the one before returned). Plugins fill the registry through the
``register_values`` hook:

* :meth:`ValueRegistry.declare` (by the plugin whose rules call ``game.modify``): the name, what the value is,
  and the context keys the rules pass;
* :meth:`ValueRegistry.modify` (by any plugin): ``fn(game, value, context)`` returns the new value, or ``None``
  to leave it.

``game.modify`` with an undeclared name is an error in the rules code; answering a name nobody declares is a
warning when the expansions are activated (:attr:`ValueRegistry.warnings`): probably a typo, or a plugin written
for an expansion that is not enabled.

The options of every decision are an extension point of the same kind, kept here with the values:
:meth:`ValueRegistry.withhold` lets a plugin withhold options of a decision kind, with a reason the player is shown
(``Game.ask`` applies it, for every step's questions).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

#: ``fn(game, value, context)`` -> the new value, or ``None`` to leave it unchanged. ``game`` is a
#: :class:`swrebellion.engine.Game`, typed ``Any`` here because a game's rules own a value registry: this module sits
#: below the game's in the import layers (tests/test_layers.py). A modifier annotates its own ``game: Game``.
Modifier = Callable[[Any, Any, dict[str, Any]], Any]

#: ``fn(game, kind, player, options)`` -> ``{option id: reason}`` for the options ``player`` is not to be offered
#: (ids not among ``options`` are ignored), or ``None``/``{}`` to withhold nothing. ``options`` are the decision's
#: option dicts (``{"id", "label", "data"}``), to read only; ``reason`` is English text as the rules store it (an
#: option's label is: ``api.words.text``), shown to the player beside "not offered". ``game`` is typed ``Any`` for
#: the reason given at :data:`Modifier`.
Withholder = Callable[[Any, str, str, list[dict[str, Any]]], Any]


class ExtensionPointError(ValueError):
    """A clash or an unknown name in the value registry."""


@dataclass
class ExtensionPoint:
    name: str
    doc: str
    context: dict[str, str]
    owner: str
    answered_by: list[str] = field(default_factory=list)


class ValueRegistry:
    def __init__(self) -> None:
        self.points: dict[str, ExtensionPoint] = {}
        self._modifiers: dict[str, list[Modifier]] = {}
        self._answers: list[tuple[str, str]] = []  # (name, plugin)
        self._withholders: dict[str, list[tuple[str, Withholder]]] = {}  # decision kind -> (plugin, fn)
        self.warnings: list[str] = []
        self.current_plugin = "?"

    def declare(self, name: str, doc: str, context: dict[str, str] | None = None) -> None:
        """Declare a value this plugin's rules let others adjust: ``doc`` says what the value is, ``context`` maps
        each context key the rules pass to its meaning."""
        if name in self.points:
            raise ExtensionPointError(f"value {name!r} is declared by both {self.points[name].owner!r} and "
                              f"{self.current_plugin!r}")
        self.points[name] = ExtensionPoint(name, doc, dict(context or {}), self.current_plugin)

    def modify(self, name: str, fn: Modifier) -> None:
        """Adjust the value ``name`` with ``fn(game, value, context)`` (after the plugins registered before)."""
        self._modifiers.setdefault(name, []).append(fn)
        self._answers.append((name, self.current_plugin))

    def withhold(self, kind: str, fn: Withholder) -> None:
        """Withhold options of the decisions of ``kind`` (``"command-action"``, ``"assign-card"`` ...): whenever the
        rules ask one, ``fn(game, kind, player, options)`` names the options not to offer and why (see
        :data:`Withholder`), after the plugins registered before. The player is shown the reasons; the decision keeps
        at least one option: a plugin withholding the last one is an error naming it. A decision the rules answer
        alone (a single legal option, ``Game.answer_alone``) is not asked, and so not filtered."""
        self._withholders.setdefault(kind, []).append((self.current_plugin, fn))

    def withholders(self) -> dict[str, tuple[tuple[str, Withholder], ...]]:
        """Decision kind -> its withholders with their plugins, in order: ``Game.ask`` looks each question's kind up
        here once."""
        return {kind: tuple(found) for kind, found in self._withholders.items()}

    def finish(self) -> None:
        """Once every plugin has registered: record who answers what; warn of answers to undeclared names."""
        for name, plugin in self._answers:
            point = self.points.get(name)
            if point is None:
                self.warnings.append(
                    f"expansion {plugin!r} adjusts the value {name!r}, which no enabled expansion declares; "
                    "its adjustment never runs (a typo, or written for an expansion that is not enabled?)"
                )
            elif plugin not in point.answered_by:
                point.answered_by.append(plugin)

    def chains(self) -> dict[str, tuple[Modifier, ...]]:
        """Every declared value's modifiers, in order (empty when nobody answers it): ``Game.modify`` looks a name up
        here once per call, tens of thousands of times a game."""
        return {name: tuple(self._modifiers.get(name, ())) for name in self.points}

    def chain(self, name: str) -> list[Modifier]:
        """The modifiers of a declared value, in order (empty when nobody answers it)."""
        if name not in self.points:
            raise ExtensionPointError(f"the rules ask to modify {name!r}, which no enabled expansion declares "
                              "(declare it with registry.declare in register_values)")
        return self._modifiers.get(name, [])
