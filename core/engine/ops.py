"""How an effect op is written: the plumbing every plugin's ops share (issue 27 §4 moved it here from the base
game, since Rise of the Empire, the example plugin and any third-party plugin write their ops with it).

An op is a parameter model (:class:`Strict`, its ``model_config`` made by :func:`uses` to say which context keys
it reads and writes) and a function ``fn(game, frame, params, ctx)`` declared with :func:`op` in a module's
:data:`OpTable`; :func:`register_ops` registers the tables in the ``register_effect_ops`` hook. An op that asks a
question uses :func:`pick` (or reads the answer with :func:`answer`) and runs again with the answer. Parameters
are parsed once per distinct step (:func:`parsed`).
"""

from __future__ import annotations

import marshal
from typing import TYPE_CHECKING, Any, Callable, TypeVar

from pydantic import BaseModel, ConfigDict

from ..errors import UnknownIdError
from .effects import context

if TYPE_CHECKING:
    from swrebellion.effects import OpRegistry

    from .game import Game


class Strict(BaseModel):
    """Parameters of an op or a condition: unknown keys are errors (a typo in card data fails validation)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def uses(reads: tuple[str, ...] = (), writes: tuple[str, ...] = (), group: str | None = None,
         values: dict[str, dict[str, str]] | None = None) -> ConfigDict:
    """The ``model_config`` of an op's parameter model that says which context keys the op reads and writes (and
    the verb group docs/effects.md files it under): ``model_config = uses(reads=("system",))``. A key named by a
    parameter (``as``, ``system``, ``key``) is written ``<as>``. ``values``: for a parameter whose allowed values
    need words (moments, card zones), ``{parameter: {value: meaning}}``, listed by docs/effects.md."""
    extra: dict[str, Any] = {"reads": list(reads), "writes": list(writes)}
    if group is not None:
        extra["group"] = group
    if values:
        extra["values"] = {name: dict(meanings) for name, meanings in values.items()}
    return ConfigDict(json_schema_extra=extra)


#: op name -> (parameter model, handler, feasibility test or None)
OpTable = dict[str, tuple[type[Strict], Callable[..., None], Callable[..., bool] | None]]

#: An op's function, ``fn(game, frame, params, ctx)``.
OpFunction = TypeVar("OpFunction", bound=Callable[..., None])
StrictModel = TypeVar("StrictModel", bound=Strict)


def op(
    table: OpTable, name: str, params: type[Strict], feasible: Callable[..., bool] | None = None
) -> Callable[[OpFunction], OpFunction]:
    """Declare ``fn(game, frame, params, ctx)`` as the op ``name`` in a module's table (registered with
    :func:`register_ops`). ``feasible(game, params, ctx)`` says whether the op, run first, could do anything: a
    card is offered only then, so players are never offered one that would stop at once for want of a target.
    The handler need not pop its frame: the effect runner ends an op that returns without asking or pushing
    (``swrebellion.engine.effects``)."""

    def wrap(fn: OpFunction) -> OpFunction:
        def handler(game: Game, frame: dict[str, Any]) -> None:
            try:
                fn(game, frame, parsed(params, frame["params"]), context(game))
            except KeyError as exc:
                raise _unknown_id(game, name, frame["params"], exc) from exc

        handler.__doc__ = fn.__doc__
        handler.__name__ = fn.__name__
        table[name] = (params, handler, feasible)
        return fn

    return wrap


def _unknown_id(game: Game, name: str, params: dict[str, Any], error: KeyError) -> Exception:
    """An :class:`UnknownIdError` when the missing key is a string the step's own parameters hold (an id in the card
    data that no loaded item has), else the KeyError itself: a bug in the rules stays one."""
    missing = error.args[0] if len(error.args) == 1 else None
    if not (isinstance(missing, str) and missing in _strings(params)):
        return error
    try:
        card = context(game).get("card")
    except LookupError:
        card = None
    of = f" of card {card!r}" if card else ""
    return UnknownIdError(f"the effect step {name!r}{of} names {missing!r}, which no loaded content has; run "
                          "`rebellion validate` on the pack (and report it if validate finds nothing)")


def _strings(value: Any) -> set[str]:
    """Every string in ``value`` (keys included), at any depth."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return {s for k, v in value.items() for s in (*_strings(k), *_strings(v))}
    if isinstance(value, list):
        return {s for v in value for s in _strings(v)}
    return set()


#: (parameter model, the parameters marshalled) -> the parsed model; bounded (see :func:`parsed`)
_PARSED: dict[tuple[type[Strict], bytes], Strict] = {}
_PARSED_MAX = 4096


def parsed(model: type[StrictModel], raw: dict[str, Any]) -> StrictModel:
    """``model.model_validate(raw)``, remembered: an op runs again with the same parameters (the same card, and each
    time it resumes with an answer), and the models are frozen, so one parsed copy serves every run. Keyed by the
    model and the parameters' marshal bytes (plain data: equal bytes, equal data, ``1`` and ``True`` apart); data
    that fails to parse is never remembered and raises each time."""
    key = (model, marshal.dumps(raw))
    found = _PARSED.get(key)
    if found is None:
        if len(_PARSED) >= _PARSED_MAX:  # parameters made by code at run time could be endless: start afresh
            _PARSED.clear()
        found = _PARSED[key] = model.model_validate(raw)
    return found  # type: ignore[return-value]


def register_ops(registry: OpRegistry, *tables: OpTable) -> None:
    """Register the ops of ``tables`` (declared with :func:`op`), with their feasibility tests."""
    for table in tables:
        for name, (params, handler, feasible) in table.items():
            registry.register(name, params, handler, feasible)


def answer(frame: dict[str, Any]) -> dict[str, Any] | None:
    """The answer to the decision this op frame asked, taken out of the frame (None if it has not asked yet)."""
    chosen: dict[str, Any] | None = frame.pop("choice", None)
    return chosen


def pick(game: Game, frame: dict[str, Any], player: str, kind: str, options: list[dict[str, Any]],
         prompt: str) -> dict[str, Any] | None:
    """The option chosen: the player's answer, or the only option without asking (nothing to decide). None means
    the question was just asked: the op returns and runs again with the answer. ``options`` must not be empty."""
    chosen = answer(frame)
    if chosen is not None:
        return chosen
    if len(options) == 1:
        return game.answer_alone(player, kind, options[0], prompt)
    game.ask(player, kind, options, prompt)
    return None


__all__ = ["OpFunction", "OpTable", "Strict", "StrictModel", "answer", "op", "parsed", "pick", "register_ops", "uses"]
