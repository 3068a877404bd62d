"""Exact combat odds (issue 34), the public entry: :func:`odds` answers what a combat between two forces gives,
computed over every roll of the dice, with both sides assigning damage as well as possible (``policy="best"``) or as
the heuristic agent does (``policy="heuristic"``). It reads the forces and the rules of a game, refuses at once a
battle too large for the time it is given (:data:`PATIENT`, :data:`QUICK`) and hands the combat to its solver
(:mod:`.odds_combat`, whose docstring says how the combat is modelled; the best play over arrays needs numpy and
numba: :class:`OddsUnavailable` without them). :func:`system_forces` and :func:`system_damage` read a saved game's
system as one side sees it. docs/odds.md says how to use it and what it assumes; the answer in words and as JSON is
presentation's (:mod:`.presentation.odds_answer`).
"""

from __future__ import annotations

import sys
import tempfile
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Iterator, Literal, Mapping, Sequence

from swrebellion.i18n import N_, gettext

from .odds_combat import LOOKAHEAD, MAX_ROUNDS, THEATERS, Bounds, Combat, Dice, Kind, Rules, TheaterOdds
from .tables import OPPONENT, tables

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

    from .odds_duel import Side, State, Unit

Policy = Literal["best", "heuristic"]
TheaterChoice = Literal["space", "ground", "both"]


#: What :func:`odds` takes on by default (``rebellion odds``, the terminal's ``odds``): some seconds at most. The
#: stage-by-stage solve about 5 s (1,600 states tied by an Ion Cannon, 1.4 s); the best play over arrays 291,600 pairs
#: in 1.4 s; the battles an Ion Cannon ties 3.7 million in 1.3 s and 0.36 GB with the best play (a Rebel base of 5
#: ships and 5 ground units with an Ion Cannon against 6 and 6); the heuristic's chain counts only the sides its play
#: comes to (``odds_duel.reached``): 46,000 pairs of the largest forces of a real game in 0.2 s, so the bound is never
#: met in one; its chain with repairs counts every side (more than it comes to): 8 vs 8 on the ground, 20,736 pairs,
#: 0.98 s; the best play with repairs (Rise of the Empire) 6 vs 6 in space, 4,500 pairs of sides with damage under
#: their health, solved 8 rounds ahead, 1.3 s; its space and ground battles an Ion Cannon ties, 51,840 pairs of
#: space sides beside pairs of ground sides in 0.66 s (155,520: 2.0 s) (docs/odds.md, How fast).
PATIENT = Bounds(staged=4_000, duelled=400_000, tied=4_000_000, chained=1_000_000, cinematic=25_000,
                 repaired=4_500, repaired_tied=100_000, where="here")
#: What :func:`odds` takes on with ``quick``: about a tenth of a second at most, for a page beside a move or an
#: agent's turn (8 vs 8 in space, 33,750 pairs, 80 ms; a Rebel base of 6 units with an Ion Cannon against 7, 17,280,
#: 20 ms; the heuristic's chain of 8 vs 8 in space, 5,670 pairs, 45 ms, of 10 against 12 on the ground, 20,720, 90 ms;
#: its chain with repairs, the issue's example, 240 pairs in space, 45 ms; the best play with repairs, the same 240
#: pairs solved 8 rounds ahead, 55 ms; beside an Ion Cannon, 1,620 pairs beside pairs, 26 ms).
QUICK = Bounds(staged=100, duelled=40_000, tied=100_000, chained=20_000, cinematic=500, repaired=250,
               repaired_tied=5_000, where="for a quick answer")


#: What every answer leaves out, in the words the command prints (docs/odds.md).
LEFT_OUT = (
    N_("tactic cards and advanced tactic cards"),
    N_("action cards and objectives (Death Star Plans)"),
    N_("leaders: their tactic draws, rerolls and abilities"),
    N_("retreats (limit the rounds with --rounds to ask about one)"),
)
#: The notes an answer may carry, as templates (translated when printed, :func:`.presentation.odds_answer.as_text`).
NOTE_DAMAGE = N_("from the damage already on units: {units}")
NOTE_DOOMED = N_("units at their health, destroyed at the end of the step under way, left out: {units}")
NOTE_LOOKAHEAD = N_("damage can be repaired, so the best play looks {rounds} rounds ahead")


# -- the answer ------------------------------------------------------------------------------------------------------


@dataclass
class Odds:
    """The answer of :func:`odds`: the sides (``attacker`` rolls first), one :class:`TheaterOdds` per theater
    fought and one for the whole combat, and what the figures leave out."""

    attacker_side: str
    defender_side: str
    policy: str
    rounds: int | None
    theaters: dict[str, TheaterOdds]
    left_out: tuple[str, ...]
    notes: list[str] = field(default_factory=list)
    #: The notes as (template, values), for :func:`.presentation.odds_answer.as_text` to print in the reader's language.
    note_parts: list[tuple[str, dict[str, object]]] = field(default_factory=list, repr=False)


class OddsError(ValueError):
    """Forces the odds cannot be computed for (an unknown unit, a count below 1, both forces of one side ...), or
    no way to compute them here (:class:`OddsUnavailable`)."""


class OddsTooLarge(OddsError):
    """A battle larger than :func:`odds` solves exactly in the time it is given (:data:`PATIENT`, or :data:`QUICK`
    with ``quick``): refused at once, before anything is solved; the message says how large it is and what to
    ask instead."""


class OddsUnavailable(OddsError):
    """The odds need numpy and numba, the optional extra ``odds``, and one of them is not installed."""


#: What :class:`OddsUnavailable` says.
MISSING_EXTRA = "the exact odds need numpy and numba, the optional extra 'odds': pip install 'swrebellion[odds]'"


# -- the public function ---------------------------------------------------------------------------------------------


def odds(game: Game, attacker: Mapping[str, int], defender: Mapping[str, int], theater: TheaterChoice = "both", *,
         rounds: int | None = None, policy: Policy = "best", damage: Mapping[str, Sequence[int]] | None = None,
         quick: bool = False, patience: float | None = None) -> Odds:
    """The exact odds of a combat between ``attacker`` (who rolls first: the current player) and ``defender``,
    each a ``{unit type: count}`` of one side's units in the system, with the rules of ``game`` (its enabled
    expansions; nothing else of the game is read). ``theater`` limits the answer to one theater; ``rounds`` to
    that many combat rounds (a side meaning to retreat after one asks for 1); ``policy`` is how both sides assign
    damage: ``"best"`` (each side playing for its chance to win the theater less the enemy's) or ``"heuristic"``
    (the heuristic agent's rule). ``damage`` is the damage already on units, as the combat under way records it
    (RB-CMB-07): for a unit type, one number per damaged miniature (``{"star-destroyer": [2]}``: one of them has 2
    damage); the figures start from it, and the damage reported is what is lost from then on. ``quick`` takes on
    only battles answered in about a tenth of a second (:data:`QUICK`: for a page beside a move, or an agent's
    turn), not in some seconds (:data:`PATIENT`). ``patience``, for a person waiting at a command or a terminal: if
    the answer takes longer than that many seconds, a line on stderr says, in the reader's language, that it is
    being worked out (the first query after installing also compiles the solver), so that the wait is not taken for
    a hang. Raises :class:`OddsError` for forces that are not two sides' units (or have more of a unit type than
    the game's supply, RB-SUP-01) or damage that does not fit them,
    and :class:`OddsTooLarge` (one) at once for a battle too large to solve exactly in that time."""
    if policy not in ("best", "heuristic"):
        raise OddsError(f"unknown policy {policy!r}: 'best' or 'heuristic'")
    if theater not in ("space", "ground", "both"):
        raise OddsError(f"unknown theater {theater!r}: 'space', 'ground' or 'both'")
    if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
        raise OddsError(f"rounds must be 1 to {MAX_ROUNDS}, not {rounds} (leave the limit out to ask until the "
                        "combat ends)")
    # The solver's memos (for the heuristic's play some 100,000 small tuples) are freed as _answered returns, before
    # the garbage collector runs again: re-enabled while they still lived, its first pass walked them all (some
    # 70 ms of 6 vs 6 in space).
    with _arrays().collector_paused():
        return _answered(game, attacker, defender, theater, rounds, policy, damage, quick, patience)


def answerable_odds(game: Game, attacker: Mapping[str, int], defender: Mapping[str, int], *,
                    damage: Mapping[str, Sequence[int]] | None = None, quick: bool = False,
                    patience: float | None = None) -> tuple[Odds, TheaterChoice]:
    """The odds of the whole combat by the best play (:func:`odds`) or, where that is too large for the time given,
    as much of them as is answered in it, asked in this order, each refused at once if it is too large: the
    heuristic agent's play of the whole combat, then each theater alone (with a battle in it) by the best play and
    then by the heuristic's, as the refusals offer. For a page beside a move or a screen at a terminal, which show
    what they can and say what it is: the answer (its ``policy``) and the theater asked (``"both"``: the whole
    combat). Raises the first refusal (:class:`OddsTooLarge`) when none is answered, and any other
    :class:`OddsError` at once."""
    try:
        return odds(game, attacker, defender, damage=damage, quick=quick, patience=patience), "both"
    except OddsTooLarge as refused:
        first = refused
    smaller: list[tuple[TheaterChoice, Policy]] = [("both", "heuristic")]
    smaller += [(theater, policy) for theater in THEATERS for policy in ("best", "heuristic")]
    for theater, policy in smaller:
        try:
            answer = odds(game, attacker, defender, theater, damage=damage, quick=quick, patience=patience,
                          policy=policy)
        except OddsTooLarge:
            continue
        if answer.theaters:  # (a theater with no battle in it is answered with nothing)
            return answer, theater
    raise first


#: Small queries that call every compiled loop of the odds with every kind of array it is given (:func:`warm_up`):
#: a theater alone, a round limit, two theaters an Ion Cannon ties together.
WARM_UP = (({"x-wing": 1}, {"tie-fighter": 1}, None), ({"x-wing": 1}, {"tie-fighter": 1}, 1),
           ({"tie-fighter": 1, "stormtrooper": 1}, {"x-wing": 1, "rebel-trooper": 1, "ion-cannon": 1}, None))


#: The file processes warming up at once take turns on (:func:`warm_up`).
WARM_UP_LOCK = Path(tempfile.gettempdir()) / "swrebellion-odds-warm-up.lock"


def warm_up(game: Game, policies: Sequence[Policy] = ("best", "heuristic")) -> None:
    """Every compiled loop of ``policies`` loaded, so that no query a person waits for pays for it: compiled and
    kept on disk the first time ever (some 20 s here), loaded afterwards (about 0.5 s, once a process). The
    benchmark, the test run and `rebellion serve` call it first. Processes warming up at once take turns
    (:data:`WARM_UP_LOCK`), so that the first time ever one compiles the loops and the others, waiting meanwhile,
    load what it kept: each compiling them for itself cost as many times the 20 s (the tests start several
    servers as the run starts)."""
    with _one_at_a_time(WARM_UP_LOCK):
        for policy in policies:
            for attacker, defender, rounds in WARM_UP:
                odds(game, attacker, defender, policy=policy, rounds=rounds)
        _warm_up_repairs(game, policies)


def _warm_up_repairs(game: Game, policies: Sequence[Policy]) -> None:
    """The loops of Rise of the Empire's cinematic combat loaded too, whatever the game's expansions (the best
    play's solve with repairs, :mod:`.odds_repairs`, beside an Ion Cannon :mod:`.odds_tied_repairs`; the heuristic's
    chain with repairs, :mod:`.odds_cinematic`): the warm-up queries' forces, solved with repairs on, to the end and
    for one round (their plays are followed apart)."""
    with _arrays().collector_paused():
        for policy in policies:
            for attacker, defender, _ in WARM_UP:
                for rounds in (None, 1):
                    combat, start = solver(game, attacker, defender, policy)
                    combat.rules = replace(combat.rules, repair=True)
                    combat.forward(start, rounds)


@contextmanager
def _one_at_a_time(path: Path) -> Iterator[None]:
    """Held by one process at a time (an exclusive ``flock`` on ``path``); where that cannot be had (no ``fcntl``,
    a file that cannot be opened), not held: taking turns saves work, it is never needed for a right answer."""
    try:
        import fcntl

        handle = open(path, "a")
    except (ImportError, OSError):
        yield
        return
    with handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
        except OSError:
            pass
        yield


def _answered(game: Game, attacker: Mapping[str, int], defender: Mapping[str, int], theater: TheaterChoice,
              rounds: int | None, policy: Policy, damage: Mapping[str, Sequence[int]] | None, quick: bool,
              patience: float | None) -> Odds:
    """:func:`odds`, its arguments checked."""
    combat, start = solver(game, attacker, defender, policy, damage)
    wanted = THEATERS if theater == "both" else (theater,)
    bounds = QUICK if quick else PATIENT
    from .odds_duel import TooLarge

    def by_heuristic() -> list[str]:
        """The theaters the heuristic's play answers alone where it does not answer them all (then the refusal offers
        its play of the whole combat), which a refusal of the best play offers: not for a quick answer, whose caller
        words its own (its chains' sides may take a tenth of a second to count)."""
        if policy == "heuristic" or quick:
            return []
        chain, begun = solver(game, attacker, defender, "heuristic", damage)
        taken = []
        for th in wanted:
            try:
                chain.refuse_too_large(begun, rounds, (th,), bounds)
            except TooLarge:
                continue
            taken.append(th)
        return [] if len(taken) == len(wanted) else taken

    try:
        with _told_if_slow(patience):
            combat.refuse_too_large(start, rounds, wanted, bounds, by_heuristic)
            answer = combat.solve(start, rounds, wanted)
    except TooLarge as exc:
        raise OddsTooLarge(str(exc)) from None
    parts: list[tuple[str, dict[str, object]]] = []
    # the notes tell of the units of the theaters solved: one asked alone, unless an Ion Cannon ties it to the other
    solved = THEATERS if combat.tied(start, wanted) else wanted
    damaged: dict[Unit, int] = {}
    for x in sorted(x for th in solved for side in start[2 * THEATERS.index(th):][:2] for x in side if x[1]):
        damaged[x] = damaged.get(x, 0) + 1
    if damaged:
        parts.append((NOTE_DAMAGE, {"units": ", ".join(f"{n} {u}:{d}" for (u, d), n in damaged.items())}))
    doomed = {u: n - sum(1 for side in start for x in side if x[0] == u) for u, n in {**attacker, **defender}.items()
              if combat.kinds[u].theater in solved}
    if any(doomed.values()):
        parts.append((NOTE_DOOMED, {"units": ", ".join(f"{n} {u}" for u, n in doomed.items() if n)}))
    if combat.rules.repair and rounds is None and policy == "best":
        parts.append((NOTE_LOOKAHEAD, {"rounds": LOOKAHEAD}))
    notes = [template.format(**values) for template, values in parts]
    return Odds(combat.factions[0], combat.factions[1], policy, rounds, answer, LEFT_OUT + combat.rules.left_out,
                notes, parts)


@contextmanager
def _told_if_slow(seconds: float | None) -> Iterator[None]:
    """:func:`odds`'s ``patience``: a line on stderr if what runs inside takes more than ``seconds`` (``None``:
    never)."""
    if seconds is None:
        yield
        return
    timer = threading.Timer(seconds, lambda: print(gettext(
        "Working out the exact odds... (the first query after installing also compiles the solver: about 12 s, "
        "once)"), file=sys.stderr, flush=True))
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()


def solver(game: Game, attacker: Mapping[str, int], defender: Mapping[str, int],
           policy: str = "best", damage: Mapping[str, Sequence[int]] | None = None) -> tuple[Combat, State]:
    """The solver of a combat between two forces, and its first state (what :func:`odds` asks; a test or an
    agent may ask it for single decisions, :meth:`Combat.decide`). Raises :class:`OddsUnavailable` without
    numpy or numba."""
    _arrays()
    kinds = _kinds(game)
    sides = [_side_of(kinds, force, name) for force, name in ((attacker, "attacker"), (defender, "defender"))]
    if sides[0] == sides[1]:
        raise OddsError(f"both forces are {sides[0]} units: the attacker and the defender must be enemies")
    everything = {**attacker, **defender}
    rules = game.modify("combat-odds", Rules(untouchable=frozenset(u for u, k in kinds.items() if k.health is None)),
                        units=dict(everything))
    t = tables(game)
    dice = Dice({c: tuple(f) for c, f in t.dice.items()}, dict(t.dice_limits))
    combat = Combat(kinds, dice, rules, sides[0], _order(attacker), _order(defender), policy)
    marks = _marks(kinds, {**attacker, **defender}, damage or {})
    return combat, tuple(_units(kinds, force, th, marks)  # type: ignore[return-value]
                         for th in THEATERS for force in (attacker, defender))


def _arrays() -> ModuleType:
    """The solver over arrays (:mod:`.odds_duel`), or :class:`OddsUnavailable` when numpy or numba, the optional
    extra ``odds``, is not installed."""
    try:
        import numba  # noqa: F401  (odds_loops.py)
        import numpy  # noqa: F401  (the best play's solve, odds_duel.py)

        from . import odds_duel
    except ImportError:
        raise OddsUnavailable(MISSING_EXTRA) from None
    return odds_duel


def _marks(kinds: Mapping[str, Kind], units: Mapping[str, int],
           damage: Mapping[str, Sequence[int]]) -> dict[str, list[int]]:
    """The damage on each unit type's miniatures (most damaged first, the undamaged ones 0), checked against the
    forces: no more marks than miniatures, whole numbers, none on a unit that takes no damage. A miniature whose
    damage reaches its health (a combat saved in the middle of a step) dies at the end of that step (RB-CMB-08):
    :func:`_units` leaves it out."""
    out = {}
    for unit, marks in damage.items():
        if unit not in units:
            raise OddsError(f"damage on {unit!r}, which neither force has")
        marks = [m for m in marks if m]
        if len(marks) > units[unit]:
            raise OddsError(f"damage on {len(marks)} {unit} but the force has {units[unit]}")
        health = kinds[unit].health
        for m in marks:
            if not isinstance(m, int) or m < 0 or health is None:
                what = "it takes no damage" if health is None else "damage is a whole number"
                raise OddsError(f"{unit} cannot carry {m!r} damage: {what}")
        out[unit] = sorted(marks, reverse=True) + [0] * (units[unit] - len(marks))
    return out


def _kinds(game: Game) -> dict[str, Kind]:
    from .worth import unit_worth

    cache = game.rules.cache.get("base.odds-kinds")
    if cache is None:
        cache = game.rules.cache["base.odds-kinds"] = {
            u: Kind(info.faction, info.theater, info.kind, info.health, info.health_colour,
                    tuple((c, n) for c, n in (info.attack or {}).items()), frozenset(info.abilities or ()),
                    unit_worth(u, info), info.supply)
            for u, info in tables(game).units.items()}
    return cache


def _side_of(kinds: Mapping[str, Kind], force: Mapping[str, int], name: str) -> str:
    if not force:
        raise OddsError(f"the {name} has no units")
    factions = set()
    for unit, count in force.items():
        if unit not in kinds:
            raise OddsError(f"unknown unit {unit!r} in the {name}")
        if not isinstance(count, int) or count < 1:
            raise OddsError(f"the {name}'s count of {unit} must be a whole number of 1 or more, not {count!r}")
        if count > kinds[unit].supply:  # (checked first: a count in the millions would be listed unit by unit)
            raise OddsError(f"the {name} has {count:,} {unit}, but the game has only {kinds[unit].supply} of them "
                            f"(RB-SUP-01: the miniatures in the box are the limit); ask about {kinds[unit].supply} "
                            "or fewer")
        factions.add(kinds[unit].faction)
    if len(factions) > 1:
        raise OddsError(f"the {name} mixes Rebel and Imperial units: give each side's units apart")
    return factions.pop()


def _order(force: Mapping[str, int]) -> dict[str, int]:
    """The place of each unit type in the force as given: the order the engine meets them in to build the dice
    pool, whose colour order the heuristic's damage order follows."""
    return {u: i for i, u in enumerate(force)}


def _units(kinds: Mapping[str, Kind], force: Mapping[str, int], theater: str,
           marks: Mapping[str, list[int]]) -> Side:
    return tuple(sorted((u, d) for u, n in force.items() if kinds[u].theater == theater
                        for d in (marks[u] if u in marks else [0] * n) if d < (kinds[u].health or 1)))


# -- forces of a saved game ------------------------------------------------------------------------------------------


def system_forces(game: Game, system: str, side: str | None) -> tuple[dict[str, int], dict[str, int]]:
    """The two sides' units in ``system`` as ``side`` (``None``: the public) sees them, the side whose turn it is
    (or who is fighting there now, RULINGS D-03) first: what the viewer cannot see is never read."""
    player = None if side is None else next((p for p in game.view(None)["players"] if p.split("-")[0] == side), None)
    view = game.view(player)
    data = view["data"]
    if system not in tables(game).systems:
        from swrebellion.diagnostics import did_you_mean

        raise OddsError(f"unknown system {system!r}; " + (did_you_mean(system, sorted(tables(game).systems))
                                                           or "`rebellion show SYSTEM` tells a system's id"))
    units = data.get("units", {}).get(system, {})
    if not isinstance(units, dict):
        raise OddsError(f"the units in {system} are hidden from the {side or 'public'} view")
    kinds = _kinds(game)
    forces: dict[str, dict[str, int]] = {"rebel": {}, "empire": {}}
    for unit, count in units.items():
        if isinstance(count, int) and count > 0 and unit in kinds:
            forces[kinds[unit].faction][unit] = count
    missing = [f for f, force in forces.items() if not force]
    if missing:
        raise OddsError(f"no {' or '.join(missing)} units in {system} as the {side or 'public'} sees it: no combat")
    combat = data.get("combat") or {}
    first = combat.get("current") if combat.get("system") == system else data.get("current")
    first = first if first in forces else "empire" if first is None else str(first).split("-")[0]
    if first not in forces:
        first = "empire"
    return forces[first], forces[OPPONENT[first]]


def system_damage(game: Game, system: str, side: str | None) -> dict[str, list[int]]:
    """The damage on the units in ``system`` (RB-CMB-07), as ``side`` (``None``: the public) sees it: one number
    per damaged miniature of each unit type, for :func:`odds`'s ``damage``. Only a combat under way there leaves
    damage on units; elsewhere there is none."""
    player = None if side is None else next((p for p in game.view(None)["players"] if p.split("-")[0] == side), None)
    combat = game.view(player)["data"].get("combat") or {}
    if combat.get("system") != system or not isinstance(combat.get("damage"), dict):
        return {}
    return {u: [m for m in marks if isinstance(m, int) and m > 0] for u, marks in combat["damage"].items()
            if isinstance(marks, list) and any(isinstance(m, int) and m > 0 for m in marks)}
