"""Scenarios: the rules test harness (docs/scenarios.md).

A scenario is a YAML file: a starting situation, a script of choices and forced dice, and expectations. It runs
in strict mode: a decision the script did not foresee fails the scenario, naming the decision and its options.

Scenario files come from fan authors as much as packs do, so they are read by the same safe reader (size, depth,
node and alias limits, duplicate keys refused, regular files only; see ``sources.py``), and every problem in them,
the plugins' ``state:`` keys included, is a :class:`ScenarioError` that names the file, line, column and pointer.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, StrictBool, ValidationError

from ..i18n import gettext as _
from ..i18n import ngettext
from ..pointers import escape_token, tokens
from .game import Decision, Game, IllegalChoice, Rules, UnforcedRoll
from .rng import SEEDS
from .secrets import peek
from .sharedlog import SharedLog

if TYPE_CHECKING:
    from ..sources import Source


class ScenarioError(Exception):
    """The scenario file itself is wrong (bad YAML, unknown keys, a state key no plugin understands)."""


class ScenarioFailure(AssertionError):
    """The rules did not do what the scenario expects. ``game`` is the game as it stood when the scenario failed
    (``None`` when it failed before the game began), so that a tool can show what happened
    (``rebellion scenario run --show``)."""

    game: Game | None = None


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Expect(_Strict):
    state: dict[str, Any] = Field(default_factory=dict, description="JSON pointer into the state -> value.")
    differ: dict[str, Any] = Field(default_factory=dict, description="Pointer -> a value it must not equal.")
    absent: list[str] = Field(default_factory=list, description="Pointers that must not exist.")
    empty: list[str] = Field(default_factory=list, description="Pointers to an empty list or mapping, or to null.")
    contains: dict[str, list[Any]] = Field(default_factory=dict, description="Pointer -> items the list holds.")
    not_contains: dict[str, list[Any]] = Field(default_factory=dict,
                                               description="Pointer -> items the list does not hold.")
    length: dict[str, int] = Field(default_factory=dict, description="Pointer -> the length of the list or mapping.")
    log: list[dict[str, Any]] = Field(default_factory=list, description="Events that must have happened (subset).")
    no_log: list[dict[str, Any]] = Field(default_factory=list, description="Events that must not have happened.")
    log_order: list[dict[str, Any]] = Field(default_factory=list,
                                            description="Events that must have happened in this order (subset).")
    since: Literal["start", "step"] = Field(
        default="start", description="Which events log, no_log and log_order look at: the whole game ('start') "
        "or only those since the previous script step ('step').")
    pending: dict[str, Any] | None = Field(default=None, description="The open decision: player and/or kind.")
    no_pending: list[str] = Field(default_factory=list,
                                  description="Players with no open decision ('anyone': no decision at all).")
    result: dict[str, Any] | None = None


class Choose(_Strict):
    player: str | None = None
    kind: str | None = None
    option: str


class Offered(_Strict):
    player: str | None = None
    kind: str | None = None
    includes: list[str] = Field(default_factory=list)
    excludes: list[str] = Field(default_factory=list)
    exactly: list[str] | None = None
    alone: bool | None = Field(default=None, description="True: the decision had a single legal option, which the "
                               "engine took without asking; false: it must be an open decision.")
    withheld: dict[str, str] = Field(default_factory=dict, description="Option id -> the reason (English) a plugin "
                                     "withheld it with (``ValueRegistry.withhold``): the open decision must say so.")


class Step(_Strict):
    choose: Choose | None = None
    dice: list[str] | None = None
    offered: Offered | None = None
    expect: Expect | None = None


class Scenario(_Strict):
    name: str
    rules: list[str] = Field(default_factory=list, description="Rule ids this scenario checks (RB-MIS-08 ...).")
    expansions: list[str] = Field(default_factory=lambda: ["base"], min_length=1,
                                  description="The expansions the scenario plays with (one at least).")
    packs: list[str] = Field(default_factory=list, description="Fan pack folders to load too, relative to the "
                             "scenario file (a fan author's scenarios test the fan pack's cards).")
    seed: int = Field(default=0, ge=SEEDS.start, lt=SEEDS.stop)
    options: dict[str, Any] = Field(default_factory=dict)
    state: dict[str, Any] = Field(default_factory=dict)
    setup: StrictBool = Field(default=False, description="Start as a new game does: every plugin's setup runs (with "
                              "`options`, such as the setup to use) instead of building `state:`, which stays empty.")
    script: list[Step] = Field(default_factory=list)
    expect: Expect | None = None
    strict_dice: StrictBool = Field(default=False, description="Every die rolled must be forced by the script.")
    dice: list[str] = Field(default_factory=list,
                            description="Forced faces for the rolls made before the first script step.")
    _source: Source | None = PrivateAttr(default=None)  # the file it was read from, to place problems in it


def _located(exc: ValidationError, source: Source | None, prefix: str = "") -> ScenarioError:
    """pydantic's errors (at ``prefix`` in the file, e.g. ``/state``) as one error naming each place: file, line,
    column and JSON pointer when the scenario was read from a file, the pointer alone otherwise."""
    lines = []
    errors = exc.errors(include_url=False)
    for error in errors[:MAX_LISTED]:
        parts = [part for part in error["loc"] if part != "[key]"]
        pointer = prefix + "".join(f"/{escape_token(str(part))}" for part in parts)
        shown = prefix + "".join(f"/{_token(part)}" for part in parts)
        message = error["msg"].removeprefix("Value error, ")
        if source is None:
            lines.append(f"{shown or '/'}: {message}")
        else:
            line, column = source.locate(pointer)
            lines.append(f"{source.display}:{line}:{column}: {shown or '/'}: {message}")
    if len(errors) > MAX_LISTED:
        lines.append(f"... and {len(errors) - MAX_LISTED} more problems like these: is this a scenario file?")
    return ScenarioError("\n".join(lines))


#: problems listed per scenario error, and characters of a key quoted in one: an error names what is wrong and
#: where, and never copies out more of a file than that (a file that is no scenario at all would be printed whole)
MAX_LISTED = 10
MAX_QUOTED = 40


def _token(part: object) -> str:
    """One JSON-pointer token of a key the file holds, cut short if it is long."""
    token = escape_token(str(part))
    return token if len(token) <= MAX_QUOTED else token[:MAX_QUOTED] + "…"


def load_scenario(path: Path) -> Scenario:
    """Read a scenario file under the limits of content files; raises :class:`ScenarioError` naming each problem's
    file, line and column."""
    from ..diagnostics import render_text
    from ..sources import JSON_SUFFIXES, YAML_SUFFIXES, read_source

    path = Path(path)
    if path.suffix.lower() not in YAML_SUFFIXES + JSON_SUFFIXES:
        raise ScenarioError(f"{path}: a scenario is a YAML file (.yaml or .yml)")
    source, problems = read_source(path, string_keys=False)
    if source is None:
        raise ScenarioError(render_text(problems))
    if not isinstance(source.data, dict):
        raise ScenarioError(f"{source.display}:1:1: a scenario is a mapping with name:, state:, script: ...")
    try:
        scenario = Scenario.model_validate(source.data)
    except ValidationError as exc:
        raise _located(exc, source) from None
    scenario._source = source
    return scenario


def start(scenario: Scenario, rules: Rules) -> Game:
    """The scenario's starting situation: every plugin's ``build_scenario`` reads its ``state:`` keys. A plugin
    that finds a key of the wrong type or naming nothing raises pydantic's ValidationError, reported here at its
    place in the file (``/state/...``)."""
    game = Game.blank(rules, scenario.seed, scenario.options)
    if scenario.setup:
        _set_up(game, scenario)
    else:
        _build(game, scenario)
    if scenario.strict_dice:
        game.state["forced_dice_only"] = True
    game.state["forced_dice"].extend(scenario.dice)
    try:
        game.run()
    except UnforcedRoll as exc:
        raise ScenarioFailure(f"starting the scenario: {exc}") from None
    return game


def _where(scenario: Scenario) -> str:
    return f"{scenario._source.display}: " if scenario._source is not None else ""


def _set_up(game: Game, scenario: Scenario) -> None:
    """``setup: true``: the game's own setup (every plugin's ``setup_game``, as ``Game.new``), to test a setup."""
    if scenario.state:
        raise ScenarioError(f"{_where(scenario)}/state: a scenario with `setup: true` starts from the game's setup; "
                            "leave `state:` out (name the setup and other choices in `options:`)")
    try:
        game.rules.call("setup_game", game=game)
    except ValueError as exc:  # how the rules refuse an option (an unknown setup, 9 players ...)
        raise ScenarioError(f"{_where(scenario)}the scenario's options cannot set up a game: {exc}") from None


def _build(game: Game, scenario: Scenario) -> None:
    """The situation ``state:`` describes, each plugin reading its own keys (``build_scenario``)."""
    rules = game.rules
    consumed: set[str] = set()
    try:
        built = rules.call("build_scenario", game=game, spec=scenario.state)
    except ValidationError as exc:
        raise _located(exc, scenario._source, "/state") from None
    except ValueError as exc:  # how the rules refuse an option (an unknown setup, 9 players ...)
        raise ScenarioError(f"{_where(scenario)}the scenario's options cannot set up a game: {exc}") from None
    except (KeyError, TypeError) as exc:  # a state the plugins cannot build: say so, no traceback
        raise ScenarioError(f"state: cannot set up this situation: {exc}") from None
    for keys in built:
        consumed |= set(keys or ())
    unknown = sorted(set(scenario.state) - consumed)
    if unknown:
        raise ScenarioError(f"no enabled plugin understands the state key(s) {', '.join(unknown)}")


def pack_folders(scenario: Scenario) -> list[Path]:
    """The scenario's ``packs:`` as folders: relative to the scenario file (to the current folder for a scenario
    built in code). A folder without pack.yaml is an error naming the scenario's line."""
    base = Path(scenario._source.path).parent if scenario._source is not None else Path.cwd()
    folders = []
    for index, entry in enumerate(scenario.packs):
        folder = base / entry
        if not (folder / "pack.yaml").is_file():
            place = ""
            if scenario._source is not None:
                line, column = scenario._source.locate(f"/packs/{index}")
                place = f"{scenario._source.display}:{line}:{column}: "
            raise ScenarioError(f"{place}/packs/{index}: {entry!r} is not a pack folder (no pack.yaml in {folder})")
        folders.append(folder)
    return folders


def run(scenario: Scenario, make_rules: Callable[..., Rules]) -> Game:
    """Play the scenario; raise :class:`ScenarioFailure` at the first script step (or the final expectations) that
    is not as scripted, naming every expectation of that step that failed. ``make_rules(expansions, packs)`` builds
    its rules (``swrebellion.games.rules_for``)."""
    from ..errors import ExpansionError
    from ..games import ContentError

    where = f"{scenario._source.display}: " if scenario._source is not None else ""
    try:
        rules = make_rules(scenario.expansions, pack_folders(scenario))
    except ExpansionError as exc:  # an expansion that is not installed, or one that needs another
        raise ScenarioError(f"{where}/expansions: {exc}") from None
    except ContentError as exc:  # a pack of its `packs:` that does not validate
        raise ScenarioError(f"{where}its packs cannot be played: {exc}") from None
    game = start(scenario, rules)
    try:
        _play(scenario, game)
    except ScenarioFailure as exc:
        exc.game = game
        raise
    return game


def _play(scenario: Scenario, game: Game) -> None:
    """The script and the final expectations. A step's ``offered`` and ``expect`` are all checked before the step
    fails, so that one run names everything that is not as the step says."""
    previous = 0  # where the log stood when the previous script step ended (``since: step``)
    for n, step in enumerate(scenario.script, 1):
        where = _("script step {n}").format(n=n)
        if step.dice is not None:
            game.state["forced_dice"].extend(step.dice)
        _pass_lone_windows(game, step.choose)
        failed: list[str] = []
        if step.offered is not None:
            failed += _offered_failures(game, step.offered)
        if step.choose is not None:
            try:
                _choose(game, step.choose)
            except (ScenarioFailure, UnforcedRoll) as exc:  # nothing after it can be checked
                _fail(where, [*failed, str(exc)])
        if step.expect is not None:
            failed += failures(game, step.expect, previous)
        _fail(where, failed)
        previous = len(game.state["log"])
    if scenario.expect is not None:
        _pass_lone_windows(game, None)
        _fail(_("final expectations"), failures(game, scenario.expect, previous))
    if game.state["forced_dice"]:
        raise ScenarioFailure(_("forced dice never rolled: {dice}").format(dice=game.state["forced_dice"]))


def _fail(where: str, failed: list[str]) -> None:
    """Raise one failure naming each of ``failed`` (none: nothing to raise)."""
    if len(failed) == 1:
        raise ScenarioFailure(_("{where}: {failure}").format(where=where, failure=failed[0]))
    if failed:
        raise ScenarioFailure(ngettext("{where}: {n} expectation failed:", "{where}: {n} expectations failed:",
                                       len(failed)).format(where=where, n=len(failed))
                              + "".join(f"\n  {f}" for f in failed))


def expects_nothing(scenario: Scenario) -> bool:
    """The scenario checks nothing but that its script can be played: no ``expect`` and no ``offered`` anywhere."""
    return scenario.expect is None and all(step.expect is None and step.offered is None for step in scenario.script)


def concerns(scenario: Scenario, game: Game) -> list[str]:
    """What a scenario that passed leaves in doubt (``rebellion scenario run`` warns, and fails under ``--strict``):
    one that expects nothing and ends with a decision open asserts only that its choices were legal, and its author
    most likely meant the game to get further."""
    _pass_lone_windows(game, None)
    if game.over or not game.pending or not expects_nothing(scenario):
        return []
    decision = game.pending[0]
    return [_("it expects nothing and ends with a decision open ({pending}): add an `expect:` saying where it "
              "should stand, e.g. `expect: {{pending: {{player: {player}, kind: {kind}}}}}`").format(
        pending=_describe(game), player=decision.player, kind=decision.kind)]


def _pass_lone_windows(game: Game, choose: Choose | None) -> None:
    """Answer the open questions that only their side may see (``visible_to``: a window the rules ask whatever the
    player holds) and that offer a single option, unless the step chooses that very option: as a person's front end
    does, so that a script names only the windows where something can be played."""
    while game.pending and not game.over:
        raw = game.state["pending"][0]
        decision = game.pending[0]
        if raw.get("visible_to") is None or len(decision.options) != 1:
            return
        only = decision.options[0].id
        if choose is not None and choose.option == only and choose.kind in (None, decision.kind) \
                and choose.player in (None, decision.player):
            return
        game.apply(only, player=decision.player)


def _describe(game: Game) -> str:
    pending = game.pending
    if not pending:
        return _("no decision is pending (game over: {result})").format(result=game.state["result"]) if game.over \
            else _("no decision is pending")
    return "; ".join(_("{player} must decide {kind!r} among {options}").format(
        player=d.player, kind=d.kind, options=[o.id for o in d.options]) for d in pending)


def _match_decision(game: Game, player: str | None, kind: str | None) -> Decision:
    for decision in game.pending:
        if (player is None or decision.player == player) and (kind is None or decision.kind == kind):
            return decision
    raise ScenarioFailure(_("expected a decision ({player}, {kind}), but {pending}").format(
        player=player or _("any player"), kind=kind or _("any kind"), pending=_describe(game)))


def _choose(game: Game, choose: Choose) -> None:
    decision = _match_decision(game, choose.player, choose.kind)
    try:
        game.apply(choose.option, player=decision.player)
    except IllegalChoice as exc:
        raise ScenarioFailure(str(exc)) from None


def _answered_alone(game: Game, player: str | None, kind: str | None) -> dict[str, Any] | None:
    """The latest decision matching player and kind that the engine answered alone since the last answer."""
    entry: dict[str, Any]
    for entry in reversed(game.state.get("answered_alone", [])):
        if (player is None or entry["player"] == player) and (kind is None or entry["kind"] == kind):
            return entry
    return None


def _offered_failures(game: Game, offered: Offered) -> list[str]:
    """An open decision, or (docs/scenarios.md) one with a single option that the engine answered alone."""
    failed: list[str] = []
    alone = None if offered.alone is False else _answered_alone(game, offered.player, offered.kind)
    if alone is not None and not any((offered.player is None or d.player == offered.player)
                                     and (offered.kind is None or d.kind == offered.kind) for d in game.pending):
        player, kind, ids = alone["player"], alone["kind"], [alone["option"]]
    elif offered.alone:
        return [_("no decision ({player}, {kind}) was answered alone by the engine since the last answer; "
                  "{pending}").format(player=offered.player or _("any player"), kind=offered.kind or _("any kind"),
                                      pending=_describe(game))]
    else:
        try:
            decision = _match_decision(game, offered.player, offered.kind)
        except ScenarioFailure as exc:
            return [str(exc)]
        player, kind, ids = decision.player, decision.kind, [o.id for o in decision.options]
        withheld = {w["id"]: w["reason"] for w in game.withheld(decision)}
        unsaid = {i: why for i, why in offered.withheld.items() if withheld.get(i) != why}
        if unsaid:
            failed.append(_("{player}'s {kind!r} withholds {withheld}; expected {expected}").format(
                player=player, kind=kind, withheld=withheld or _("nothing"), expected=unsaid))
    missing = [i for i in offered.includes if i not in ids]
    present = [i for i in offered.excludes if i in ids]
    if missing or present or (offered.exactly is not None and sorted(offered.exactly) != sorted(ids)):
        failed.insert(0, _("{player}'s {kind!r} offers {ids}").format(player=player, kind=kind, ids=ids)
                      + (_("; missing {ids}").format(ids=missing) if missing else "")
                      + (_("; should not offer {ids}").format(ids=present) if present else "")
                      + (_("; expected exactly {ids}").format(ids=offered.exactly) if offered.exactly is not None
                         else ""))
    return failed


def resolve_pointer(document: Any, pointer: str) -> Any:
    """Follow a JSON pointer, looking through secret wrappers (rules tests see everything)."""
    node = peek(document)
    if pointer in ("", "/"):
        return node
    for part in tokens("/" + pointer.lstrip("/")):
        if isinstance(node, (list, SharedLog)):
            node = peek(node[int(part)])
        elif isinstance(node, dict) and part in node:
            node = peek(node[part])
        else:
            raise KeyError(pointer)
    return node


def _subset(expected: Any, actual: Any) -> bool:
    if isinstance(expected, dict):
        actual = peek(actual)
        return isinstance(actual, dict) and all(k in actual and _subset(v, actual[k]) for k, v in expected.items())
    return bool(peek(actual) == expected)


_MISSING = object()


class _Nothing(Exception):
    """The state has nothing at a pointer an expectation reads."""


def _at(game: Game, pointer: str, missing: Any = None) -> Any:
    try:
        return resolve_pointer(game.state, pointer)
    except (KeyError, IndexError, ValueError):
        if missing is not None:
            return missing
        raise _Nothing(_("the state has nothing at {pointer} (docs/state.md lists the state's pointers; "
                         "`rebellion scenario run --show state` prints them)").format(pointer=pointer)) from None


def _state_failures(game: Game, expect: Expect) -> Iterator[str]:
    """The state expectations that fail: values, values that must differ, absence, emptiness, membership and
    lengths, each checked whatever the others found."""
    def each(pointers: Any, test: Callable[[str, Any], str | None]) -> Iterator[str]:
        items = pointers.items() if isinstance(pointers, dict) else ((p, None) for p in pointers)
        for pointer, wanted in items:
            try:
                found = test(pointer, wanted)
            except _Nothing as exc:
                found = str(exc)
            if found:
                yield found

    def equal(pointer: str, wanted: Any) -> str | None:
        actual = _at(game, pointer)
        return _("{pointer} is {actual!r}, expected {wanted!r}").format(pointer=pointer, actual=actual, wanted=wanted) \
            if actual != wanted else None

    def differ(pointer: str, unwanted: Any) -> str | None:
        actual = _at(game, pointer)
        return _("{pointer} is {actual!r}, expected anything else").format(pointer=pointer, actual=actual) \
            if actual == unwanted else None

    def absent(pointer: str, _wanted: Any) -> str | None:
        actual = _at(game, pointer, missing=_MISSING)
        return _("{pointer} should not exist, but holds {actual!r}").format(pointer=pointer, actual=actual) \
            if actual is not _MISSING else None

    def empty(pointer: str, _wanted: Any) -> str | None:
        actual = _at(game, pointer, missing=_MISSING)
        return (_("{pointer} should be empty, but holds {actual!r}").format(pointer=pointer, actual=actual)
                if actual is not _MISSING and actual not in (None, [], {}) else None)

    def contains(pointer: str, items: list[Any]) -> str | None:
        actual = _at(game, pointer)
        missing = [i for i in items if not isinstance(actual, list) or i not in actual]
        return _("{pointer} is {actual!r}, which lacks {items}").format(pointer=pointer, actual=actual, items=missing) \
            if missing else None

    def not_contains(pointer: str, items: list[Any]) -> str | None:
        actual = _at(game, pointer)
        present = [i for i in items if isinstance(actual, list) and i in actual]
        return _("{pointer} is {actual!r}, which should not hold {items}").format(
            pointer=pointer, actual=actual, items=present) if present else None

    def length(pointer: str, wanted: int) -> str | None:
        actual = _at(game, pointer)
        return (_("{pointer} is {actual!r}, expected a length of {n}").format(pointer=pointer, actual=actual, n=wanted)
                if not isinstance(actual, (list, dict)) or len(actual) != wanted else None)

    yield from each(expect.state, equal)
    yield from each(expect.differ, differ)
    yield from each(expect.absent, absent)
    yield from each(expect.empty, empty)
    yield from each(expect.contains, contains)
    yield from each(expect.not_contains, not_contains)
    yield from each(expect.length, length)


def _log_failures(log: list[dict[str, Any]], expect: Expect, scope: str) -> Iterator[str]:
    for wanted in expect.log:
        if not any(_subset(wanted, event) for event in log):
            yield _("no event {scope} matches {wanted}").format(scope=scope, wanted=wanted)
    for unwanted in expect.no_log:
        hit = next((event for event in log if _subset(unwanted, event)), None)
        if hit is not None:
            yield _("an event that should not happen did: {event}").format(event=hit)
    at = 0
    for n, wanted in enumerate(expect.log_order):
        found = next((i for i in range(at, len(log)) if _subset(wanted, log[i])), None)
        if found is None:
            yield (_("no event {scope} matches {wanted} (log_order)") if n == 0 else
                   _("no event {scope} matches {wanted} after {before} (log_order)")).format(
                scope=scope, wanted=wanted, before=expect.log_order[n - 1] if n else None)
            return  # the events after it have nothing to be ordered after
        at = found + 1


def failures(game: Game, expect: Expect, log_start: int = 0) -> list[str]:
    """Every expectation of ``expect`` that does not hold, each saying what was expected and what the game holds.
    ``log_start``: where the previous script step left the log (``since: step`` looks only at the events after
    it)."""
    found = list(_state_failures(game, expect))
    start_at = log_start if expect.since == "step" else 0
    found += _log_failures(game.state["log"][start_at:], expect,
                           _("since the previous script step") if expect.since == "step" else _("in the log"))
    if expect.pending is not None:
        try:
            _match_decision(game, expect.pending.get("player"), expect.pending.get("kind"))
        except ScenarioFailure as exc:
            found.append(str(exc))
    for player in expect.no_pending:
        busy = [d for d in game.pending if player == "anyone" or d.player == player]
        if busy:
            found.append(_("{player} must decide {kind!r}, but no decision should be pending for {whom}").format(
                player=busy[0].player, kind=busy[0].kind, whom=player))
    if expect.result is not None and not _subset(expect.result, game.state["result"]):
        found.append(_("result is {result}, expected {wanted}").format(result=game.state["result"],
                                                                         wanted=expect.result))
    return found


def check(game: Game, expect: Expect, where: str, log_start: int = 0) -> None:
    """Assert every expectation; the failure names each one that does not hold (:func:`failures`)."""
    _fail(where, failures(game, expect, log_start))
