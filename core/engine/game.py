"""The game: plain-data state, the step loop, decisions, dice, decks, the log and views.

Everything a game is lives in ``Game.state``, a JSON-serialisable dict:

``seed``, ``rng``      the seed and the generator's current state (``rng.py``)
``players``            player (or team-role) ids, set by the rules at setup
``options``            how the game was created (setup id, number of players, ...)
``dice``               die id -> faces, set by the rules from content
``data``               the rules plugins' game data (board, decks, hands ...); hidden parts are labelled secrets
``stack``              the flow: frames ``{"step": NAME, ...}`` (``steps.py``)
``pending``            the open decisions (one, or several for simultaneous secret choices)
``log``                every event, including every random outcome
``choices``            every answer given, in order: what a save file replays

``log`` and ``choices`` are :class:`~.sharedlog.SharedLog` sequences: append-only, shared by copies of a game, so a
copy costs the same however long the game has run (``list(log)`` or ``sharedlog.plain`` for a JSON encoder).
``result``             ``None`` while the game runs, then ``{"winner": ..., "reason": ...}``
``pending`` entries may hold ``withheld``: the options plugins withheld from that question, and why
(:meth:`Game.withheld`); derived from the state when asked, so the state hash leaves them out.
``answered_alone``     the decisions with a single legal option that the rules answered without asking, since the
                       last answer (:meth:`Game.answer_alone`; scenarios check them with ``offered``)
``forced_dice``        faces to use for the next dice rolled (scenarios); with ``forced_dice_only`` set, a die not
                       forced is an error (:class:`UnforcedRoll`)

:class:`Rules` holds what all copies of a game share (plugins, steps, content) and is never copied.
"""

from __future__ import annotations

import hashlib
import json
import marshal
from contextlib import contextmanager
from contextvars import ContextVar
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Mapping, Sequence

from . import rng
from .effects import register_kernel_steps
from .reactions import ReactionRegistry
from .secrets import KEY as SECRET, peek, redact, secret
from .sharedlog import SharedLog, plain
from .steps import StepError, StepRegistry
from .values import Modifier, ValueRegistry, Withholder

if TYPE_CHECKING:
    from ..expansion_records import Active

FORMAT = 1
#: A step handler that runs this many times without asking anything is taken to be stuck.
MAX_STEPS_PER_RUN = 1_000_000


class EngineError(RuntimeError):
    """A bug in rules code (not in a player's input): an unknown step, a stalled loop, an empty decision."""


class PluginError(RuntimeError):
    """A plugin failed while the rules were being built or run: names the plugin and the hook or step."""

    def __init__(self, plugin: str, where: str, error: BaseException) -> None:
        self.plugin, self.where, self.error = plugin, where, error
        super().__init__(f"expansion {plugin!r} failed in {where}: {error}")


class IllegalChoice(ValueError):
    """An answer that was not offered. The state is unchanged."""


class UnforcedRoll(EngineError):
    """A die was rolled while ``state["forced_dice_only"]`` demands that every die be forced (a strict scenario)."""


class _Record(tuple[Any, ...]):
    """An immutable record read by name: a tuple underneath, made in one step where a frozen dataclass sets each
    field in turn (the kernel makes one per decision and one per option of it). It compares only with records of
    its own class; ``_fields`` name the items, ``_shown`` those its repr shows."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    _shown: tuple[str, ...] = ()

    def __eq__(self, other: object) -> bool:
        if type(other) is type(self):
            return tuple.__eq__(self, other)
        return False if isinstance(other, tuple) else NotImplemented  # never equal to a plain tuple of the same items

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = tuple.__hash__

    def __getnewargs__(self) -> tuple[Any, ...]:  # pickled as its constructor makes it, field by field
        return tuple(self)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._shown)
        return f"{type(self).__name__}({shown})"


class Option(_Record):
    """One legal answer: a stable id, a short label for people, and a JSON form for programs. Immutable."""

    __slots__ = ()
    _fields = ("id", "label", "_data", "decision", "player")
    _shown = ("id", "label", "decision", "player")

    def __new__(cls, id: str, label: str, data: Any, decision: str, player: str) -> "Option":
        return tuple.__new__(cls, (id, label, data, decision, player))

    if TYPE_CHECKING:  # what the type checker sees; at run time, C-speed item getters
        id: str
        label: str
        decision: str
        player: str
    else:
        id = property(itemgetter(0), doc="The stable id an agent answers with.")
        label = property(itemgetter(1), doc="A short text for people (English).")
        decision = property(itemgetter(3), doc="The id of the decision it answers.")
        player = property(itemgetter(4), doc="The player (or team role) it is offered to.")

    @property
    def data(self) -> Any:
        """The option's JSON form: a copy each time, so an agent that changes it changes nothing in the game (copied
        when asked for, not when the decision is built: most agents never look)."""
        return _copied(self[2])

    def to_json(self) -> dict[str, Any]:
        return {"id": self[0], "label": self[1], "data": self.data}


class Decision(_Record):
    """A choice a player (or team role) must make, with every legal option. Immutable.

    The kernel makes one for every question but builds its :class:`Option` records only when ``options`` is first
    read: a random agent, a simulation or a search playout needs only the ids (``option_ids``), and making the
    records cost about 3% of the instructions of a random game's decision."""

    # no __slots__: the instance dict, made only when ``options`` is first read, keeps the records built from the
    # JSON form (a tuple's items cannot change)
    _fields = _shown = ("id", "player", "kind", "prompt", "options")

    def __new__(cls, id: str, player: str, kind: str, prompt: str, options: tuple[Option, ...]) -> "Decision":
        return tuple.__new__(cls, (id, player, kind, prompt, tuple(options)))

    if TYPE_CHECKING:  # what the type checker sees; at run time, C-speed item getters
        id: str
        player: str
        kind: str
        prompt: str
    else:
        id = property(itemgetter(0),
                      doc="The decision's id: the player and the number of his question (``PLAYER.N``).")
        player = property(itemgetter(1), doc="The player (or team role) who decides.")
        kind = property(itemgetter(2), doc="What is decided: the name the rules give this kind of question.")
        prompt = property(itemgetter(3), doc="The question, for people (English).")

    @property
    def options(self) -> tuple[Option, ...]:
        """Every legal option, as :class:`Option` records (built on first reading, then kept)."""
        made = self[4]
        if type(made) is tuple:  # made by the constructor
            return made
        records: tuple[Option, ...] | None = self.__dict__.get("_options")
        if records is None:
            did, player, new = self[0], self[1], tuple.__new__
            records = self.__dict__["_options"] = tuple(
                [new(Option, (o["id"], o["label"], o["data"], did, player)) for o in made])
        return records

    @property
    def option_ids(self) -> tuple[str, ...]:
        """The options' ids, in order: what an agent answers with, without building the :class:`Option` records."""
        made = self[4]
        if type(made) is tuple:
            return tuple([o[0] for o in made])
        return tuple([o["id"] for o in made])

    def option(self, option_id: str) -> Option:
        for option in self.options:
            if option[0] == option_id:
                return option
        raise KeyError(option_id)

    def __eq__(self, other: object) -> bool:
        if type(other) is Decision:
            return tuple.__eq__(self[:4], other[:4]) and self.options == other.options
        return False if isinstance(other, tuple) else NotImplemented

    def __hash__(self) -> int:
        return hash((*self[:4], self.options))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"a Decision is immutable: cannot set {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:  # pickled with its records, as the constructor makes it
        return (Decision, (*self[:4], self.options))

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self[0],
            "player": self[1],
            "kind": self[2],
            "prompt": self[3],
            "options": [o.to_json() for o in self.options],
        }

    @classmethod
    def _over_json(cls, did: str, player: str, kind: str, prompt: str, options: list[dict[str, Any]]) -> "Decision":
        """The kernel's own: a decision over the options' JSON form (``state["pending"]``), which nobody changes."""
        return tuple.__new__(cls, (did, player, kind, prompt, options))


class Rules:
    """The enabled expansions as a game sees them: hooks, step handlers, moments, extension points, effect ops and
    the content catalog. Built once per set of expansions and packs, shared by every game and copy.

    Plugins read ``rules.content``, the merged :class:`swrebellion.catalog.Catalog` of the enabled packs
    (``content.items(kind)``, ``content.item(kind, id)``; the base game's API hands out its own kinds typed:
    ``api.content``), ``rules.active`` (the enabled expansions, in dependency order: ``active.enabled``) and
    ``rules.cache``, a dict for data a plugin derives once from the content (key it by its expansion's id)."""

    def __init__(self, active: Active, content: Any = None) -> None:
        self.active = active
        self.content = content
        self.ops = active.ops
        #: Plugins' data derived once per Rules from the content (lookup tables); shared by every copy of a game.
        self.cache: dict[str, Any] = {}
        self.steps = StepRegistry()
        self.steps.current_plugin = "kernel"
        register_kernel_steps(self.steps)
        self.values = ValueRegistry()
        self.reactions = ReactionRegistry()
        registries: tuple[tuple[str, StepRegistry | ValueRegistry | ReactionRegistry], ...] = (
            ("register_steps", self.steps), ("register_values", self.values), ("register_reactions", self.reactions))
        for hook, registry in registries:
            for plugin in active.implementers(hook):
                registry.current_plugin = plugin
                try:
                    active.call_one(plugin, hook, registry=registry)
                except Exception as exc:  # third-party code: name the plugin, never a bare traceback
                    raise PluginError(plugin, hook, exc) from exc
        try:
            self.steps.finish()
        except StepError as exc:
            raise PluginError(exc.plugin or "?", "register_steps", exc) from exc
        self.values.finish()
        self._chains = self.values.chains()
        #: decision kind -> the plugins withholding its options (``ValueRegistry.withhold``), looked up at every ask
        self._withholders = self.values.withholders()
        #: event type -> its reactions (register_reactions): the log looks each event's type up here once
        self._reactions = self.reactions.table()
        relay = active.pm.hook
        #: the on_event hook's caller: the log calls it through pluggy's relay whenever a plugin implements the hook,
        #: asked at each event, so that a plugin registered on the manager after the rules were built is heard too
        self._on_event = relay.on_event
        self.warnings = list(self.values.warnings)
        #: the deprecated modify_value hook, one caller per implementing plugin so that each sees the last value
        self._modify_value = [active.pm.subset_hook_caller("modify_value", remove_plugins=[
            active.pm.get_plugin(n) for n in active.enabled if n != plugin]) for plugin in active.implementers("modify_value")]
        for plugin in active.implementers("modify_value"):
            self.warnings.append(f"expansion {plugin!r} implements the deprecated hook modify_value; declare and "
                                 "answer values through register_values instead (docs/hooks.md)")

    def call(self, hook: str, **kwargs: Any) -> Any:
        """Call a hook through pluggy's relay (dependency order; ``tryfirst``/``trylast`` honoured): the list of
        every implementation's answer (``None`` answers left out), or for a ``firstresult`` hook (``describe_event``,
        ``card_face``, ``board_svg`` ...) the first answer itself, ``None`` when none answered."""
        return getattr(self.active.pm.hook, hook)(**kwargs)

    def refuse(self, hook: str, result: Any, expected: str, **kwargs: Any) -> PluginError:
        """The error for a ``hook`` result that is not ``expected``, naming the plugin that returned it (each
        implementer is asked again to find it: this is the failing path only), not the plugin that used it."""
        spec = getattr(self.active.pm.hook, hook).spec
        one = bool(spec and spec.opts.get("firstresult"))  # such a hook answers a value, not a list of them

        def answers(name: str) -> list[Any]:
            answer = self.active.call_one(name, hook, **kwargs)
            return [answer] if one else list(answer)

        culprit = next((name for name in self.active.implementers(hook)
                        if any(r is result or r == result for r in answers(name))), "?")
        shown = repr(result)
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        return PluginError(culprit, hook, TypeError(f"it returned {type(result).__name__} {shown}, not {expected}"))


#: The state's append-only parts, shared by copies (``sharedlog.py``).
SHARED = ("log", "choices")


class Game:
    #: The open decisions as :class:`Decision` records, made by ``ask`` with the state's JSON form of them:
    #: (``state["pending"]``, its decisions, and for a single question its options by id, where ``apply`` looks
    #: the answer up; None otherwise). ``pending`` and ``apply`` trust them while the state holds that very list
    #: (the kernel replaces the list, never edits it, but for an answer) and read the state itself otherwise.
    _asked: tuple[list[dict[str, Any]], list[Decision], dict[str, Any] | None] | None = None

    def __init__(self, rules: Rules, state: dict[str, Any]) -> None:
        self.rules = rules
        self.state = state
        for key in SHARED:  # a state built elsewhere (or JSON-loaded) may hold plain lists
            if type(state.get(key)) is list:
                state[key] = SharedLog(state[key])

    # -- creating, copying, hashing --------------------------------------------------------------------------

    @classmethod
    def new(cls, rules: Rules, seed: int, options: dict[str, Any] | None = None) -> "Game":
        """Set up a game: every plugin's ``setup_game`` runs (dependency order), then the flow runs to the first
        decision."""
        game = cls.blank(rules, seed, options)
        rules.call("setup_game", game=game)
        game.run()
        return game

    @classmethod
    def blank(cls, rules: Rules, seed: int, options: dict[str, Any] | None = None) -> "Game":
        """A game with nothing set up: scenarios build their situation on it (``build_scenario`` hook)."""
        state = {
            "format": FORMAT,
            "seed": seed,
            "rng": rng.seed_state(seed),
            "players": [],
            "options": dict(options or {}),
            "dice": {},
            "data": {},
            "stack": [],
            "pending": [],
            "log": [],
            "choices": [],
            "asked": {},  # player -> questions asked so far (decision ids count each player's own)
            "forced_dice": [],
            "answered_alone": [],
            "result": None,
        }
        return cls(rules, state)

    def copy(self) -> "Game":
        """An independent game at this exact point, even in the middle of a decision. The log and the choices are
        shared (append-only, :class:`SharedLog`); everything else (``data``, ``stack``, ``pending``, the generator
        ...) is deep-copied by marshal, a C-speed copy of plain data: the cost does not grow with the game's length."""
        state = self.state
        rest = state.copy()  # C-speed copies and updates below, rather than comprehensions over the keys
        for key in SHARED:
            del rest[key]
        twin = dict.fromkeys(state)  # the original's key order
        twin.update(marshal.loads(marshal.dumps(rest)))
        for key in SHARED:
            twin[key] = state[key].copy()
        game = Game.__new__(Game)  # the shared parts are SharedLogs already: nothing for __init__ to convert
        game.rules, game.state = self.rules, twin
        return game

    def state_hash(self) -> str:
        """The hash a save is checked against. It leaves out the options withheld from the open decisions: they are
        derived from the state when asked (a plugin's reasons, re-derived by replaying), and the hash of a game is
        the same whether a plugin explains what it withholds or the rules leave an option out in silence."""
        state = self.state
        if any("withheld" in d for d in state["pending"]):
            state = {**state, "pending": [{k: v for k, v in d.items() if k != "withheld"} for d in state["pending"]]}
        return hashlib.sha256(_state_json(state).encode()).hexdigest()

    # -- the flow ---------------------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state["result"] is not None

    def push(self, step: str, **local: Any) -> dict[str, Any]:
        frame = {"step": step, **local}
        self.state["stack"].append(frame)
        return frame

    def pop(self) -> dict[str, Any]:
        frame: dict[str, Any] = self.state["stack"].pop()
        return frame

    def replace(self, step: str, **local: Any) -> dict[str, Any]:
        """Pop the top frame and push another in its place (a tail call)."""
        self.state["stack"].pop()
        return self.push(step, **local)

    def run(self) -> None:
        """Run step handlers until a decision is pending, the stack is empty or the game is over."""
        state = self.state
        stack = state["stack"]
        steps = self.rules.steps
        handlers = steps._handlers
        frame = None
        try:  # one dict lookup per step; an unknown step is told apart from a handler's own KeyError afterwards
            for _ in range(MAX_STEPS_PER_RUN):
                if state["pending"] or not stack or state["result"] is not None:
                    return
                frame = stack[-1]
                handlers[frame["step"]](self, frame)
        except KeyError:
            step = None if frame is None else frame.get("step")
            if step is not None and step not in handlers:
                raise steps.unknown(step) from None
            raise
        raise EngineError(f"the game stalled in step {stack[-1]['step']!r}: it neither asked nor moved on")

    def end(self, winner: str | None, reason: str) -> None:
        """Finish the game now (victory is checked the moment it happens, RB-WIN). ``game-over`` is the last event
        of the log: from now on nothing is logged or asked, and no step runs (see :meth:`log`)."""
        if self.over:
            return
        self.log("game-over", winner=winner, reason=reason)
        self.state["result"] = {"winner": winner, "reason": reason}
        self.state["pending"] = []

    # -- decisions --------------------------------------------------------------------------------------------

    def ask(self, player: str, kind: str, options: Iterable[Any], prompt: str = "", key: str = "choice",
            visible_to: Iterable[str] | None = None) -> None:
        """Ask ``player`` to choose. The answer lands in the asking (top) frame under ``key`` as
        ``{"id", "label", "data"}`` and that frame's handler runs again.

        ``options``: option dicts (``{"id", "label", "data"}``, ``label`` and ``data`` optional), :class:`Option`
        records, or plain ids. A dict with a str id and label becomes part of the state as it is (``"data": None``
        added when it has none): do not change an option dict after asking with it.

        ``visible_to``: when the question itself would tell the others something hidden (a card window, whose
        options show what the player holds), the players who may know it is being asked (the deciding
        player always may); the others' views do not show it, and decision ids count each player's own questions,
        so nothing in their views differs whether it was asked or not."""
        state = self.state
        if state["result"] is not None:
            return  # the game is over: nobody is asked anything (see log)
        decision, record, by_id = self._question(state, player, kind, options, prompt, key, False, visible_to)
        state["pending"] = pending = [decision]
        self._asked = (pending, [record], by_id)

    def ask_simultaneous(self, asks: Iterable[tuple[str, str, Iterable[Any], str]], key: str = "choices") -> None:
        """Ask several players at once, each in secret (e.g. both players picking a card). Nobody sees another's
        answer until all have answered; then ``frame[key]`` maps each player to their answer."""
        state = self.state
        if state["result"] is not None:
            return  # the game is over: nobody is asked anything (see log)
        pending, records = [], []
        for player, kind, options, prompt in list(asks):
            decision, record, _ = self._question(state, player, kind, options, prompt, key, True, None)
            pending.append(decision)
            records.append(record)
        state["pending"] = pending
        self._asked = (pending, records, None)

    def _question(self, state: dict[str, Any], player: str, kind: str, options: Iterable[Any], prompt: str, key: str,
                  simultaneous: bool, visible_to: Iterable[str] | None) -> tuple[dict[str, Any], Decision, dict[str, Any]]:
        """One question: its JSON form for ``state["pending"]``, the :class:`Decision` record agents are handed,
        which reads the same option dicts, and its options by id (what :meth:`apply` looks an answer up in). An
        option dict already in the JSON form (a str ``id`` and ``label``, a ``data``, nothing else) is stored as it
        is, and one lacking only ``data`` gets ``"data": None`` added: a new dict per option cost about 3% of a
        random game's instructions (``ask`` tells callers not to change an option after asking). The loop checks the
        usual form alone; the first option of another form sends the whole list through :meth:`_json_options`."""
        asked = state.get("asked")
        if asked is None:
            asked = state["asked"] = {}
        number = asked.get(player, 0) + 1
        did = f"{player}.{number}"
        opts = list(options)
        by_id = {}  # built in the loop: the duplicate check here, and the answer's lookup in apply
        for o in opts:  # the usual option, in the JSON form already, costs a few checks
            if (type(o) is dict and len(o) == 3 and "data" in o and type(oid := o["id"]) is str and "label" in o
                    and type(o["label"]) is str):
                by_id[oid] = o
            else:  # one option needs converting: all are looked at again
                opts, by_id = self._json_options(opts)
                break
        if not opts:
            raise EngineError(f"{kind!r} for {player} offers no options")
        if len(by_id) != len(opts):
            raise EngineError(f"{kind!r} offers the same option id twice: {[o['id'] for o in opts]}")
        withholders = self.rules._withholders.get(kind)  # one lookup: most kinds have none
        withheld = None
        if withholders is not None:
            opts, by_id, withheld = self._withhold(withholders, kind, player, opts, by_id)
        asked[player] = number
        decision = {"id": did, "player": player, "kind": kind, "prompt": prompt, "options": opts,
                    "frame": len(state["stack"]) - 1, "key": key, "simultaneous": simultaneous, "answer": None}
        if withheld:
            decision["withheld"] = withheld
        if visible_to is not None:
            decision["visible_to"] = sorted({player, *visible_to})
        return decision, tuple.__new__(Decision, (did, player, kind, prompt, opts)), by_id  # _over_json, written out

    def _withhold(self, withholders: Sequence[tuple[str, Withholder]], kind: str, player: str,
                  opts: list[dict[str, Any]], by_id: dict[str, Any]
                  ) -> tuple[list[dict[str, Any]], dict[str, Any], list[dict[str, Any]]]:
        """The options left once each plugin withholding options of ``kind`` has had its say (in dependency order,
        each seeing what the ones before left), their index by id, and what was withheld: ``{"id", "label",
        "reason", "by"}`` in the order offered. A plugin that raises, answers something else than ``{option id:
        reason}`` or would leave no option is a :class:`PluginError` naming it."""
        withheld: list[dict[str, Any]] = []
        for plugin, fn in withholders:
            where = f"withholding options of {kind!r}"
            try:
                answer = fn(self, kind, player, list(opts))
            except Exception as exc:  # third-party code: name the plugin
                raise PluginError(plugin, where, exc) from exc
            if not answer:
                continue
            if not isinstance(answer, Mapping) or not all(
                    type(k) is str and type(v) is str for k, v in answer.items()):
                shown = repr(answer)
                raise PluginError(plugin, where, TypeError(
                    f"it returned {type(answer).__name__} {shown[:37] + '...' if len(shown) > 40 else shown}, not "
                    "a mapping of option ids to reasons (str)"))
            kept = [o for o in opts if o["id"] not in answer]
            if len(kept) == len(opts):
                continue
            if not kept:
                raise PluginError(plugin, where, EngineError(
                    f"it withholds every option offered to {player} ({', '.join(o['id'] for o in opts)}); a decision "
                    "keeps at least one: leave one, or withhold nothing when it would be the last"))
            withheld += [{"id": o["id"], "label": o["label"], "reason": answer[o["id"]], "by": plugin}
                         for o in opts if o["id"] in answer]
            opts = kept
        if withheld:
            by_id = {o["id"]: o for o in opts}
        return opts, by_id, withheld

    def withheld(self, decision: Decision | str) -> list[dict[str, str]]:
        """The options plugins withheld from the open ``decision`` (a :class:`Decision` or its id), plugin by plugin
        in dependency order, each plugin's in the order they would have been offered: ``{"id", "label", "reason",
        "by"}``, ``label`` and ``reason`` in English as the rules store them (``swrebellion.presentation.render``
        puts them in the reader's language), ``by`` the plugin. Empty when nothing was withheld
        (``ValueRegistry.withhold``, docs/hooks.md)."""
        did = decision if isinstance(decision, str) else decision.id
        for d in self.state["pending"]:
            if d["id"] == did:
                return [dict(w) for w in d.get("withheld", ())]
        return []

    def _json_options(self, options: list[Any]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
        """The options of a question in the JSON form, and by id (see :meth:`_question`): a dict with a str ``id``
        and ``label`` is kept, given ``"data": None`` when it has none and rebuilt only when it has other keys."""
        opts, by_id = [], {}
        for o in options:
            if type(o) is dict and type(oid := o["id"]) is str and type(o.get("label")) is str:
                if "data" not in o:
                    o["data"] = None
                if len(o) != 3:  # extra keys: the JSON form holds these three only
                    o = {"id": oid, "label": o["label"], "data": o["data"]}
            else:
                o = self._option(o)
                oid = o["id"]
            opts.append(o)
            by_id[oid] = o
        return opts, by_id

    def answer_alone(self, player: str, kind: str, option: Any, prompt: str = "") -> dict[str, Any]:
        """The rules' shortcut for a decision with a single legal option: the option is taken without asking, and
        the decision is recorded in ``state["answered_alone"]`` (kept until the next answer), so that a test can
        see it was the only legal option (docs/scenarios.md, "Decisions the engine answers alone"). Returns the
        option in its JSON form, as an answer delivered by :meth:`ask` would be."""
        chosen = self._option(option)
        self.state.setdefault("answered_alone", []).append(
            {"player": player, "kind": kind, "prompt": prompt, "option": chosen["id"]})
        return chosen

    @staticmethod
    def _option(option: Any) -> dict[str, Any]:
        if type(option) is dict:  # the usual form, with a str id and label: nothing to convert
            oid = option["id"]
            label = option.get("label", oid)
            return {"id": oid if type(oid) is str else str(oid), "label": label if type(label) is str else str(label),
                    "data": option.get("data")}
        if isinstance(option, Option):
            return option.to_json()
        if isinstance(option, dict):
            return {"id": str(option["id"]), "label": str(option.get("label", option["id"])), "data": option.get("data")}
        return {"id": str(option), "label": str(option), "data": None}

    @property
    def pending(self) -> list[Decision]:
        """The open decisions not yet answered (one, or several when players choose simultaneously)."""
        pending = self.state["pending"]
        asked = self._asked
        if asked is None or asked[0] is not pending or len(asked[1]) != len(pending):
            # asked otherwise than through ask (a state loaded, copied or built by a test): made from the state once
            asked = self._asked = (pending, [self._decision(d) for d in pending], None)
        decisions = asked[1]
        if len(pending) == 1:  # the usual case: one question (answered: the game is over or between steps)
            return [] if pending[0]["answer"] is not None else [decisions[0]]
        return [decision for d, decision in zip(pending, decisions) if d["answer"] is None]

    @staticmethod
    def _decision(d: dict[str, Any]) -> Decision:
        return Decision._over_json(d["id"], d["player"], d["kind"], d["prompt"], d["options"])

    def apply(self, choice: Option | str | dict[str, Any], player: str | None = None) -> None:
        """Answer an open decision with one of its options (an :class:`Option`, an option id, or its JSON form).

        Raises :class:`IllegalChoice`, leaving the state untouched, if nothing is pending, if several players are
        deciding and ``player`` does not say who answers, if the option was not offered, or if an :class:`Option`
        comes from a decision that is no longer open. The error lists the offered options only to the player who
        was named (``player``, or the Option's own): whoever else calls must not learn another side's choices.
        """
        stale = None
        if type(choice) is str:  # an agent's usual answer
            option_id = choice
        elif isinstance(choice, Option):
            option_id, player, stale = choice.id, choice.player, choice.decision
        elif isinstance(choice, dict):
            option_id = str(choice.get("id"))
        else:
            option_id = str(choice)
        state = self.state
        pending = state["pending"]
        if len(pending) == 1 and (decision := pending[0])["answer"] is None and (
                player is None or decision["player"] == player):
            pass  # the usual case: one player deciding
        else:
            open_ = [d for d in pending if d["answer"] is None]
            if not open_:
                raise IllegalChoice("no decision is pending" + (" (the game is over)" if self.over else ""))
            if player is not None:
                open_ = [d for d in open_ if d["player"] == player]
                if not open_:
                    raise IllegalChoice(f"{player} has no decision to make now")
            elif len(open_) > 1:
                raise IllegalChoice(
                    "several players are deciding at once (" + ", ".join(d["player"] for d in open_) + "); say which"
                )
            decision = open_[0]
        if stale is not None and stale != decision["id"]:
            raise IllegalChoice(f"that option belongs to decision {stale}, which is no longer open; answer the open "
                                f"decision {decision['id']} with one of its own options")
        asked = self._asked
        if asked is not None and asked[2] is not None and asked[0] is pending:  # asked here: options by id
            chosen = asked[2].get(option_id)
        else:
            chosen = next((o for o in decision["options"] if o["id"] == option_id), None)
        if chosen is None:
            offered = "; offered: " + ", ".join(o["id"] for o in decision["options"]) if player is not None else ""
            why = next((f" (withheld by {w['by']!r}: {w['reason']})" for w in decision.get("withheld", ())
                        if w["id"] == option_id), "") if player is not None else ""
            raise IllegalChoice(
                f"{option_id!r} was not offered to {decision['player']} for {decision['kind']!r}{why}{offered}"
            )
        state["choices"].append([decision["player"], option_id])
        alone = state.get("answered_alone")
        if alone is None or alone:  # kept until the next answer (an empty list is left as it is)
            state["answered_alone"] = []
        simultaneous = decision["simultaneous"]
        if not simultaneous:  # the usual case: the answer goes to the asking frame now
            answer = chosen
        else:  # kept secret until every player has answered; then all go to the asking frame together
            decision["answer"] = secret(chosen, decision["player"])
            if any(d["answer"] is None for d in pending):
                return
            answer = {d["player"]: peek(d["answer"]) for d in pending}
        state["pending"] = []
        state["stack"][decision["frame"]][decision["key"]] = answer
        if simultaneous:
            self.log("reveal-choices", kind=decision["kind"], choices={p: a["id"] for p, a in answer.items()})
        self.run()

    # -- the log and hooks ------------------------------------------------------------------------------------

    def log(self, type_: str, **fields: Any) -> dict[str, Any]:
        """Append an event. Fields that only some players may see are wrapped with :func:`secret`.

        Once the game is over the log is closed: nothing happens after the game ends, so the rest of the step that
        ended it (a battle's last words, a deployment's bookkeeping) is recorded nowhere and no reaction or hook sees
        it. The step loop runs no further step and :meth:`ask` asks nothing.

        Once appended, the event is handed to the reactions registered for its type (``register_reactions``), then
        to the ``on_event`` hook, in dependency order both (docs/hooks.md)."""
        event = {"type": type_, **fields}
        if self.state["result"] is not None:
            return event
        for key, value in fields.items():  # the log is shared by copies: an event shares no container with the state
            if type(value) not in _SCALARS:
                if type(value) is list and _SCALARS.issuperset(map(type, value)):
                    event[key] = value.copy()  # a list of scalars (units, systems): its copy is a deep copy
                else:
                    event[key] = _event_field(value)
        self.state["log"].append(event)
        rules = self.rules
        reactions = rules._reactions.get(type_)
        if reactions is not None:  # most events have none
            for reaction in reactions:
                reaction(self, event)
        on_event = rules._on_event
        if on_event.get_hookimpls():  # no plugin listening (the base game, Rise of the Empire): no relay call
            on_event(game=self, event=event)
        return event

    def modify(self, name: str, value: Any, **context: Any) -> Any:
        """Let every plugin answering the declared value ``name`` adjust it, in dependency order, each seeing the
        value the one before returned (``register_values``; docs/hooks.md lists the values). A value nobody
        answers costs one dict lookup."""
        rules = self.rules
        chain: Sequence[Modifier] | None = rules._chains.get(name)
        if not chain:
            if chain is None:
                chain = rules.values.chain(name)  # raises: an undeclared name is an error in the rules code
            if not rules._modify_value:  # the usual case: nobody adjusts it
                return value
        for modifier in chain:
            result = modifier(self, value, context)
            if result is not None:
                value = result
        for caller in rules._modify_value:  # the deprecated hook, plugin by plugin in dependency order
            for result in caller(game=self, name=name, value=value, context=context):
                if result is not None:
                    value = result
        return value

    def answered(self, name: str) -> bool:
        """Whether any plugin adjusts the declared value ``name``: when none does, :meth:`modify` returns the value it
        is given, so a caller computing the value for many items (one for each piece on the board) may skip asking. An
        undeclared name is an error, as for :meth:`modify`."""
        rules = self.rules
        chain: Sequence[Modifier] | None = rules._chains.get(name)
        if chain is None:
            chain = rules.values.chain(name)  # raises: an undeclared name is an error in the rules code
        return bool(chain or rules._modify_value)

    def moment(self, name: str, once_in: dict[str, Any] | None = None, **local: Any) -> bool:
        """Reach the declared rule moment ``name``: the steps plugins added to it are pushed now, so they run next
        (before the calling step runs again, or before the frames the caller pushed earlier), in dependency order,
        each in a frame holding ``moment`` and ``local``. True if any step was pushed: the caller returns.

        ``once_in``: a frame that may run again later (a step with stages): the moment is reached only once for
        it. With no steps attached (or none whose guard, ``at``'s ``when``, lets it run) nothing is pushed or
        recorded, so a game without such plugins is unchanged."""
        registry = self.rules.steps
        steps = registry._moment_steps.get(name)  # one lookup; moment_steps(name) names an undeclared moment
        if steps is None:
            steps = registry.moment_steps(name)
        if not steps:
            return False
        guards = registry._moment_guards.get(name)
        if guards is not None:
            steps = tuple(step for step, when in zip(steps, guards) if when is None or when(self, name))
            if not steps:
                return False
        if once_in is not None:
            reached = once_in.setdefault("reached", [])
            if name in reached:
                return False
            reached.append(name)
        for step in reversed(steps):
            self.push(step, moment=name, **local)
        return True

    # -- randomness -------------------------------------------------------------------------------------------

    def random_below(self, n: int) -> int:
        self.state["rng"], value = rng.below(self.state["rng"], n)
        return value

    def roll(self, dice: dict[str, int], who: str | None = None, purpose: str = "") -> dict[str, list[str]]:
        """Roll dice by colour, e.g. ``{"red": 3, "black": 2}``; faces come from ``state["dice"]``. Forced faces
        (scenarios) are used first, in order. The outcome is logged."""
        faces = self.state["dice"]
        forced = self.state["forced_dice"]
        result: dict[str, list[str]] = {}
        for die, count in dice.items():
            if count <= 0:
                continue
            sides = faces[die]
            rolled = []
            for _ in range(count):
                if not forced and self.state.get("forced_dice_only"):
                    raise UnforcedRoll(f"a {die} die was rolled for {who or 'nobody'} ({purpose or 'no purpose given'}) "
                                       "that the scenario did not force (strict dice: queue it with 'dice:')")
                if forced:
                    face = forced.pop(0)
                    if face not in sides:
                        raise EngineError(f"forced face {face!r} is not on the {die} die ({sides})")
                    rolled.append(face)
                else:
                    rolled.append(sides[self.random_below(len(sides))])
            result[die] = rolled
        self.log("roll", who=who, purpose=purpose, dice=result)
        return result

    def shuffle(self, deck: dict[str, Any] | list[Any], name: str) -> None:
        """Shuffle a deck held as a secret list (Fisher-Yates); the new order is logged as a secret nobody sees."""
        cards = peek(deck)
        state = self.state
        stream, below = state["rng"], rng.below  # random_below written out: a game's setup shuffles ~700 cards
        for i in range(len(cards) - 1, 0, -1):
            stream, j = below(stream, i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        state["rng"] = stream
        self.log("shuffle", deck=name, order=secret(list(cards)))

    def draw(self, deck: dict[str, Any] | list[Any], count: int = 1) -> list[Any]:
        """Take up to ``count`` cards from the top of a deck (fewer if it runs out)."""
        cards = peek(deck)
        drawn: list[Any] = cards[:count]
        del cards[:count]
        return drawn

    # -- views ------------------------------------------------------------------------------------------------

    def view(self, player: str | None, since: int = 0) -> dict[str, Any]:
        """What ``player`` may see (``None``: a spectator). Derived from the secret labels only.

        ``since``: the view's ``log`` holds the events from that index on (all of them by default), so that an
        agent following a game need not redact the whole log at every decision. A new dict each time, but within
        :meth:`views_shared`."""
        shared = _SHARED_VIEWS.get()
        if shared is None or shared[0] is not self:
            return self._view(player, since)
        found = shared[1].get((player, since))
        if found is None:
            found = shared[1][(player, since)] = self._view(player, since)
        return found

    @contextmanager
    def views_shared(self) -> Iterator[None]:
        """Within this block (in this thread or task), each view of this game is made once and the same dict is
        handed to everyone who asks for it: for a reader that works out several things from one standing game
        (a game server drawing a seat's page: hand, status and leader screens, each reading the seat's view), who
        promises not to change the game meanwhile, nor any view."""
        token = _SHARED_VIEWS.set((self, {}))
        try:
            yield
        finally:
            _SHARED_VIEWS.reset(token)

    def _view(self, player: str | None, since: int) -> dict[str, Any]:
        state = self.state
        pending = []
        for d in state["pending"]:
            if d["player"] == player and d["answer"] is None:
                shown = self._decision(d).to_json()
                if "withheld" in d:  # the player's own question: he may know what it does not offer, and why
                    shown["withheld"] = [{"id": w["id"], "label": w["label"], "reason": w["reason"]}
                                         for w in d["withheld"]]
                pending.append(shown)
            elif player in d.get("visible_to", (player,)):
                pending.append({"player": d["player"], "kind": d["kind"], "answered": d["answer"] is not None})
        return {
            "player": player,
            "players": list(state["players"]),
            "options": _copied(state["options"]),
            "data": redact(state["data"], player),  # redact builds new containers: a copy
            "log": redact(state["log"][since:] if since else list(state["log"]), player),  # slices are plain lists
            "pending": pending,
            "result": _copied(state["result"]),
        }


#: The game whose views are shared (:meth:`Game.views_shared`), and its views made so far, by (player, since).
_SHARED_VIEWS: ContextVar[tuple[Game, dict[tuple[str | None, int], dict[str, Any]]] | None] = ContextVar(
    "shared_views", default=None)

#: Immutable JSON values, which an event may share with the state.
_SCALARS = frozenset({str, int, float, bool, type(None)})


def _event_field(value: Any) -> Any:
    """A deep copy of an event's field that is a container other than a list of scalars. Two shapes are copied here
    in half the time of marshal's round trip (:func:`_copied`), which copies anything else: a secret holding a
    scalar or a list of scalars (a card drawn, assigned or returned; a shuffle's order: a third of such fields), and
    a dict whose values are scalars or lists of scalars (the dice rolled, the units moved, a mission's successes)."""
    if type(value) is dict:
        if len(value) == 2 and next(iter(value)) == SECRET:
            inner, viewers = value["value"], value[SECRET]
            if type(viewers) is list:
                if type(inner) in _SCALARS:
                    return {SECRET: viewers.copy(), "value": inner}
                if type(inner) is list and _SCALARS.issuperset(map(type, inner)):
                    return {SECRET: viewers.copy(), "value": inner.copy()}
        else:
            copied = {}
            for key, inner in value.items():
                if type(inner) in _SCALARS:
                    copied[key] = inner
                elif type(inner) is list and _SCALARS.issuperset(map(type, inner)):
                    copied[key] = inner.copy()
                else:
                    break
            else:
                return copied
    return _copied(value)


def _copied(value: Any) -> Any:
    """A deep copy of plain data (marshal: C speed), for everything handed out of the game."""
    return marshal.loads(marshal.dumps(value))


def _state_json(state: dict[str, Any]) -> str:
    """``canonical_json(state)``, character for character, with each log's text made by :meth:`SharedLog.encoded`,
    which encodes only what was appended since the last time: the top level is written key by key, in the order
    ``sort_keys`` gives."""
    parts = []
    for key in sorted(state):
        value = state[key]
        text = value.encoded(canonical_json) if type(value) is SharedLog else canonical_json(value)
        parts.append(f"{canonical_json(key)}:{text}")
    return "{" + ",".join(parts) + "}"


def canonical_json(value: Any) -> str:
    """``value`` as canonical JSON (sorted keys, no spaces): what the state hash is taken of. A log in it is written
    as the list of its items, as a save written before logs were shared held it."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=plain)
