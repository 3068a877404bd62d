"""The combat as a stochastic game (issue 34): the solver :func:`.odds.odds` hands a combat to, once it has read the
forces and the rules of a game. It knows nothing of games or players: a force is a side of ``(unit, damage)`` in
each theater, and the unit types (:class:`Kind`), the dice (:class:`Dice`) and the rules (:class:`Rules`) come as
data; the figures it gives are each theater's (:class:`TheaterOdds`).

The combat is modelled as the engine fights it without cards and leaders (``phases/combat.py``): rounds of a space
step then a ground step (RS-CMB-10..12); in each step the attacker (the current player, RULINGS D-03) rolls and
assigns, then the defender does; units whose damage reaches their health die at the end of the step and still roll
in it (RB-CMB-08, RULINGS C-03); damage carries over (RB-CMB-07). Dice are the colours' faces (``dice`` content), at
most 5 red and 5 black (and 3 green) per attack (RB-CMB-05); a hit goes on a unit of its health colour, a direct
hit on any (RS-ATK-05/06); the Death Star takes no damage (RB-DS-02); each Rebel Ion Cannon takes 2 red dice from
the Imperial space attack (RS-UNT-04); the end-of-round checks remove lone structures, a lone Death Star Under
Construction and lone Rebel Transports (RS-CMB-15..17) and make Rebel ships leave a Death Star the Ion Cannons
silence (RS-CMB-18). What an expansion changes comes through the declared value ``"combat-odds"``
(:class:`Rules`): Rise of the Empire's cinematic combat lets a special die remove a damage of its colour
(RE-CIN-15), keeps lone structures that rolled (RS-ROE-02), shields stations beside a Shield Bunker and silences
Ion Cannons beside an Interdictor.

The game is solved exactly: a state is both forces' units with their damage (identical miniatures merged: a
sorted tuple of ``(unit, damage)``), values are memoised per state, chance nodes sum over the distinct dice
outcomes, and the side choosing damage (or repairs) takes the option best for its margin in the theatre it is
fighting in (the attacker's chance to win it less the defender's: the attacker's highest, the defender's lowest;
ties, to 1e-12: the one that leaves the enemy least, then the first in order, as every solver takes it). The two
theaters are solved apart unless Ion Cannons tie them together (a ground battle that can destroy them changes the
Imperial space dice). The best play in a theater fought alone without repairs, the common case, is solved over
arrays of both forces' sides instead (:mod:`.odds_duel`), and the heuristic policy there is followed over them as
a chain; with repairs, the best play of a theater alone is solved over arrays too (:mod:`.odds_repairs`), and the
heuristic's followed as a chain (:mod:`.odds_cinematic`); so are two theaters an Ion Cannon ties together
(:mod:`.odds_tied`; with repairs, the best play :mod:`.odds_tied_repairs`), unless a Death Star the cannons silence
leaves them to the stage-by-stage solve.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Callable, Iterator, Mapping, Sequence

from .tables import OPPONENT

if TYPE_CHECKING:
    from .odds_cinematic import CinematicChain
    from .odds_duel import Duel, Side, State, Unit
    from .odds_finals import Branched, Finals
    from .odds_repairs import Lookahead

THEATERS = ("space", "ground")
#: How far ahead the best play looks when repairs can undo damage (cinematic combat) and no round limit is given:
#: states can then come back, so the values are those of this many rounds (the figures stay exact for that play).
LOOKAHEAD = 8
#: Options whose margins differ by no more than this are equally good (a tie: :meth:`Combat.tie_order` breaks it).
TIE = 1e-12
#: A combat still undecided with less than this chance is taken as over (its remainder is reported as undecided).
NEGLIGIBLE = 1e-12
#: Rounds played at most when no limit is given (a combat where neither side can ever hurt the other), and the
#: most a limit may ask for (past it the answer is that of no limit: no combat of a real game lasts that long).
MAX_ROUNDS = 200
#: How much damage beyond its health a unit's marks are tracked to, while its side can still repair in the step.
OVERKILL = 5


@dataclass(frozen=True)
class Bounds:
    """How large a battle :func:`.odds.odds` takes on, for each of its solvers (``odds.PATIENT``, ``odds.QUICK``);
    past it a query is refused at once (:meth:`Combat.refuse_too_large`), with ``odds.OddsTooLarge``. The sizes are
    counted, not listed, so the refusal costs milliseconds. ``where`` ends the refusal's "at most N are solved ...".
    (Times measured here, one core: docs/odds.md, How fast.)"""

    staged: int  # states of the stage-by-stage solve (the Ion Cannons' battles beside a silenced Death Star)
    duelled: int  # pairs of sides of the best play of a theater alone, over arrays (odds_duel)
    tied: int  # pairs of space sides times pairs of ground sides an Ion Cannon ties (odds_tied), the best play
    chained: int  # pairs of sides of the heuristic's chain over arrays (odds_duel.Chain), of each theater
    cinematic: int  # pairs of round-start sides of the heuristic's chain with repairs (odds_cinematic), counted
    repaired: int  # pairs of sides of the best play with repairs (odds_repairs), each with damage under its health
    repaired_tied: int  # pairs of space sides times pairs of ground sides of the same, an Ion Cannon tying them
    #                    (odds_tied_repairs)
    where: str


@dataclass(frozen=True)
class Rules:
    """The combat rules the odds follow, as data an expansion adjusts through the ``"combat-odds"`` value.

    ``repair``: a special die may remove one damage of its colour from one's own unit (RE-CIN-15);
    ``structures_kept_if_rolled``: lone structures survive a round in which their side rolled ground dice
    (RS-ROE-02); ``untouchable``: unit types that take no damage in this combat (Death Star always, RB-DS-02);
    ``ion_cannons``: whether Ion Cannons take Imperial red dice (RS-UNT-04); ``left_out``: more of what is not
    modelled, printed with the answer."""

    repair: bool = False
    structures_kept_if_rolled: bool = False
    untouchable: frozenset[str] = frozenset()
    ion_cannons: bool = True
    left_out: tuple[str, ...] = ()


@dataclass(frozen=True)
class Kind:
    """A unit type as the odds read it."""

    faction: str
    theater: str
    kind: str
    health: int | None
    colour: str | None
    dice: tuple[tuple[str, int], ...]
    abilities: frozenset[str]
    worth: float  # what the heuristic agent thinks it is worth (its damage rule reads it)
    supply: int  # how many miniatures the game has (RB-SUP-01): no force has more


@dataclass(frozen=True)
class Dice:
    faces: Mapping[str, tuple[str, ...]]
    limits: Mapping[str, int]


@dataclass
class TheaterOdds:
    """One theater's figures (or the whole combat's, ``theater == "combat"``). ``wiped`` is the chance that each
    side has no unit left there, ``both_wiped`` that neither has; ``undecided`` that both still have units after the
    rounds asked for; ``survivors`` maps each side to ``{units left: chance}`` (units as ``((type, count), ...)``);
    ``damage`` is each side's expected health lost after each round (destroyed units count their full health)."""

    theater: str
    attacker: dict[str, int]
    defender: dict[str, int]
    wiped: dict[str, float]
    both_wiped: float
    undecided: float
    survivors: dict[str, dict[tuple[tuple[str, int], ...], float]]
    damage: dict[str, list[float]]


# -- the combat as a stochastic game ---------------------------------------------------------------------------------


Values = tuple[float, float]  # in space and on the ground: the attacker's chance to win less the defender's


class Combat:
    """One combat's solver: the forces' unit types, the dice and rules, who rolls first, the damage policy; memos
    of values and round outcomes."""

    def __init__(self, kinds: Mapping[str, Kind], dice: Dice, rules: Rules, first: str, order_a: dict[str, int],
                 order_b: dict[str, int], policy: str) -> None:
        self.kinds = kinds
        self.dice = dice
        self.rules = rules
        self.factions = (first, OPPONENT[first])
        self.orders = (order_a, order_b)
        self.policy = policy
        self.tie = TIE
        self.values: dict[tuple[State, int | None], Values] = {}
        self.rounds_memo: dict[tuple[State, int | None], dict[State, float]] = {}
        self.expect_memo: dict[tuple, Values] = {}
        self.attack_memo: dict[tuple, list] = {}
        self.results_memo: dict[tuple, list] = {}
        self.rolls_memo: dict[tuple, list] = {}
        self.health_memo: dict[State, tuple[int, ...]] = {}
        self.step_memo: dict[tuple, list] = {}
        self.stage_memo: dict[tuple, object] = {}  # damage assignments and the heuristic's choices
        self.tie_memo: dict[Side, tuple[int, Side]] = {}  # (tie_order)
        self.duels: dict[tuple, Duel] = {}
        self.reach_memo: dict[tuple, tuple[list[Side], list[Side]]] = {}  # (odds_duel.reached)

    # -- facts ---------------------------------------------------------------------------------------------------

    def health(self, unit: str) -> int | None:
        return None if unit in self.rules.untouchable else self.kinds[unit].health

    def cap(self, unit: str, repairable: bool) -> int:
        """The highest damage a unit's marks are tracked to: its health, or beyond while repairs may still come."""
        h = self.health(unit) or 0
        return h + OVERKILL if repairable else h

    def pool(self, side: int, units: Side, cut_red: int) -> tuple[tuple[str, int], ...]:
        """RS-ATK-01, RB-CMB-05: the side's dice, colours in the engine's order, Ion Cannons' cut, then the cap."""
        order = self.orders[side]
        counts: dict[str, int] = {}
        for unit in sorted({u for u, _ in units}, key=lambda u: order.get(u, 99)):
            n = sum(1 for u, _ in units if u == unit)
            for colour, k in self.kinds[unit].dice:
                counts[colour] = counts.get(colour, 0) + k * n
        if cut_red:
            counts["red"] = counts.get("red", 0) - cut_red
        limits = self.dice.limits
        return tuple((c, min(n, limits.get(c, n))) for c, n in counts.items() if n > 0)

    def cannons(self, state: State) -> int:
        """RS-UNT-04: 2 Imperial red dice fewer in space for each Rebel Ion Cannon in the system."""
        if not self.rules.ion_cannons:
            return 0
        rebel = self.factions.index("rebel")
        return 2 * sum(1 for u, _ in state[2 + rebel] if "ion-cannon" in self.kinds[u].abilities)

    # -- solving -------------------------------------------------------------------------------------------------

    def duel(self, state: State) -> Duel | None:
        """The round-by-round solve of the one theater fought in ``state`` (:mod:`.odds_duel`), where it applies
        (:meth:`arrays`) to the best play."""
        return self.arrays(state) if self.policy == "best" else None

    def arrays(self, state: State) -> Duel | None:
        """The one theater fought in ``state`` over arrays of both forces' sides (:mod:`.odds_duel`: the best play
        solved, the heuristic's followed as a chain), where it applies: no repairs, the theaters not tied together,
        and no lone structure kept for having rolled (so what the end-of-round checks read of the rolls never
        matters, :meth:`monotone` included)."""
        from .odds_duel import Duel

        fought = [t for t in (0, 1) if state[2 * t] and state[2 * t + 1]]
        if self.rules.repair or self.rules.structures_kept_if_rolled or len(fought) != 1 or self.coupled(state):
            return None
        t = fought[0]
        if not self.monotone(state, t):
            return None
        frame = _put(state, t, 0, (), ())
        found = self.duels.get((t, frame))
        if found is None:
            found = self.duels[(t, frame)] = Duel(self, t, frame)
        return found

    def cinematic(self, state: State) -> CinematicChain | None:
        """The heuristic's play in the one theater fought in ``state`` with repairs (Rise of the Empire's cinematic
        combat), as a chain over arrays (:mod:`.odds_cinematic`), where it applies (:meth:`cinematic_theater`)."""
        from .odds_cinematic import CinematicChain

        t = self.cinematic_theater(state)
        if t is None:
            return None
        return CinematicChain(self, t, _put(state, t, 0, (), ()), state[2 * t], state[2 * t + 1])

    def cinematic_theater(self, state: State) -> int | None:
        """The theater the heuristic's chain with repairs follows in ``state``: with the heuristic's play and
        repairs (or lone structures kept for having rolled), the one theater fought alone (:meth:`fought_alone`;
        beside an Ion Cannon, :mod:`.odds_tied` follows its chains); else ``None``."""
        if self.policy != "heuristic" or not (self.rules.repair or self.rules.structures_kept_if_rolled):
            return None
        return self.fought_alone(state)

    def repaired_theater(self, state: State) -> int | None:
        """The theater whose best play with repairs is solved over arrays (:mod:`.odds_repairs`) in ``state``: the
        one fought alone (:meth:`fought_alone`; beside an Ion Cannon it is solved stage by stage); else ``None``."""
        if self.policy != "best" or not self.rules.repair:
            return None
        return self.fought_alone(state)

    def fought_alone(self, state: State) -> int | None:
        """The one theater fought in ``state``, when it is not tied to the other by Ion Cannons; else ``None``."""
        fought = [t for t in (0, 1) if state[2 * t] and state[2 * t + 1]]
        return fought[0] if len(fought) == 1 and not self.coupled(state) else None

    def repaired(self, state: State) -> Lookahead | None:
        """The best play in the one theater fought in ``state`` with repairs (Rise of the Empire's cinematic combat),
        solved over arrays (:mod:`.odds_repairs`), where it applies (:meth:`repaired_theater`)."""
        from .odds_repairs import Lookahead

        t = self.repaired_theater(state)
        if t is None:
            return None
        return Lookahead(self, t, _put(state, t, 0, (), ()), state[2 * t], state[2 * t + 1], LOOKAHEAD)

    def linked(self, state: State) -> bool:
        """Whether both theaters of ``state``, tied together by Ion Cannons, are solved over arrays
        (:mod:`.odds_tied`; the best play with repairs, Rise of the Empire's, by :mod:`.odds_tied_repairs`, and its
        heuristic's play by chains with repairs, :mod:`.odds_cinematic`), and never beside a Death Star the cannons
        silence or one under construction that takes no damage (:meth:`monotone`: the best play's pruning needs it,
        and its end-of-round check reads both theaters, where the solves over arrays read the space battle beside
        the cannons only)."""
        if not self.coupled(state) or not self.monotone(state, 0):
            return False
        # with lone structures kept for having rolled, the best play only with repairs too (odds_tied_repairs)
        return self.policy == "heuristic" or self.rules.repair or not self.rules.structures_kept_if_rolled

    def monotone(self, state: State, t: int) -> bool:
        """Whether weakening a force in theater ``t`` can only lower its margin, as :mod:`.odds_duel`'s pruning
        needs: not in a space battle where the end-of-round checks make the Rebel ships leave when the Empire has
        nothing left but a Death Star the Ion Cannons silence, or a Death Star Under Construction that takes no
        damage (RS-CMB-16/18): there destroying the escorts can force the Rebel out."""
        if t != 0:
            return True
        for u, _ in state[self.factions.index("empire")]:
            abilities = self.kinds[u].abilities
            if ("death-star" in abilities and self.cannons(state)) or \
                    ("death-star-under-construction" in abilities and u in self.rules.untouchable):
                return False
        return True

    def coupled(self, state: State) -> bool:
        """Ion Cannons tie the theaters: a ground battle that can destroy them changes the Imperial space dice and
        the Death Star rule (RS-CMB-18)."""
        empire = self.factions.index("empire")
        return (self.cannons(state) > 0 and bool(state[2 + empire]) and bool(state[empire])
                and bool(state[1 - empire]))

    def tied(self, start: State, wanted: Sequence[str]) -> bool:
        """Whether the theaters asked about must be solved together: the Ion Cannons tie them (:meth:`coupled`)
        and the space battle is asked. The ground battle alone is solved alone: nothing in space changes its dice
        or checks, and each side plays it for its margin there (ties too: :meth:`tie_order`)."""
        return "space" in wanted and self.coupled(start)

    def refuse_too_large(self, start: State, rounds: int | None, wanted: Sequence[str], bounds: Bounds,
                         by_heuristic: Callable[[], Sequence[str]] = tuple) -> None:
        """Raise ``odds_duel.TooLarge`` at once, before anything is solved, when :meth:`solve` would run past
        ``bounds``: a battle solved over arrays with more pairs of sides than ``bounds.duelled`` (the best play) or
        ``bounds.chained`` (the heuristic's), battles tied together by Ion Cannons with more pairs of space sides
        beside pairs of ground sides than ``bounds.tied`` (either policy), or a stage-by-stage solve with more
        states than ``bounds.staged`` (both forces' sides in the theaters solved together; with a round limit and
        no repairs only the sides the enemy's dice can leave in that many rounds). The sides are counted, not
        listed (:meth:`sides`), so the refusal costs milliseconds. Where the theaters are fought apart, a refusal
        offers each theater asked that is answered alone, and then each that the heuristic's play answers alone
        (``by_heuristic()``: asked only when refusing)."""
        from .odds_duel import TooLarge

        if self.tied(start, wanted):
            parts: list[tuple[State, tuple[int, ...]]] = [(start, (0, 1, 2, 3))]
        else:
            parts = [(self.alone(start, THEATERS.index(th)), (2 * THEATERS.index(th), 2 * THEATERS.index(th) + 1))
                     for th in wanted if _present(start, th)]
        refused = []
        for n, (state, which) in enumerate(parts):
            try:
                self._refuse_part(state, which, rounds, bounds, ())
            except TooLarge:
                refused.append(n)
        if refused:  # the first refused, offering each theater that passed its own check alone (--theater)
            theaters = [THEATERS[which[0] // 2] for _, which in parts]
            answered = tuple(th for n, th in enumerate(theaters) if n not in refused)
            heuristic = () if len(parts) < 2 else tuple(
                th for th in by_heuristic() if th in theaters and th not in answered)
            self._refuse_part(*parts[refused[0]], rounds, bounds, answered, heuristic)

    def _refuse_part(self, state: State, which: tuple[int, ...], rounds: int | None, bounds: Bounds,
                     alone: Sequence[str], heuristic: Sequence[str] = ()) -> None:
        """Raise ``odds_duel.TooLarge`` if the battles of ``state`` at ``which`` (a theater's two forces, or both
        theaters' four, tied) are past ``bounds`` (:meth:`refuse_too_large`); the refusal offers, besides fewer
        units, each theater of ``alone`` asked about alone, and each of ``heuristic`` alone by the heuristic's play."""
        from .odds_duel import TooLarge

        also = "".join(f", or about {_alone(th)}" for th in alone) + "".join(
            f", or about {_alone(th, heuristic=True)}" for th in heuristic)
        names = " and ".join(THEATERS[i // 2] for i in which[::2])
        if len(which) == 4 and self.linked(state):
            if self.policy == "heuristic" and (self.rules.repair or self.rules.structures_kept_if_rolled):
                # its chains with repairs: every side counted, as for a theater alone
                _refuse_chains([[self.sides(state, 2 * t + i, None) for i in (0, 1)] for t in (0, 1)],
                               bounds.cinematic, bounds.where)
                return
            if self.policy == "heuristic":  # a chain for each theater, followed apart (odds_tied: branches)
                # (space as the chain with no cannon standing, the most Imperial dice)
                _refuse_chains([self.chain_sides(state, t, ((), (), (), ())) for t in (0, 1)], bounds.chained,
                               bounds.where)
                return
            if self.rules.repair:  # odds_tied_repairs: every side with damage under its health, as alone
                counts = [self.sides(state, i, None) for i in which]
                size = counts[0] * counts[1] * counts[2] * counts[3]
                _refuse_tied(counts, self._repaired_most(bounds.repaired_tied, rounds), bounds.where,
                             bounds.repaired,
                             self._fewer_rounds(size, bounds.repaired_tied, rounds)
                             + (HEURISTIC_INSTEAD if max(counts[0] * counts[1], counts[2] * counts[3])
                                <= bounds.cinematic else ""))
            else:
                _refuse_tied([self.sides(state, i, None, True) for i in which], bounds.tied, bounds.where,
                             bounds.duelled, HEURISTIC_INSTEAD)
            return
        if self.cinematic_theater(state) is not None:  # every round-start side counted: more than it comes to
            _refuse_pairs(names, [self.sides(state, i, None) for i in which], bounds.cinematic, bounds.where, also)
            return
        duel = self.arrays(state)
        if duel is not None:
            if self.policy == "best":
                _refuse_pairs(names, [self.sides(state, i, None, True) for i in which], bounds.duelled,
                              bounds.where, also + HEURISTIC_INSTEAD)
            else:
                _refuse_pairs(names, self.chain_sides(state, duel.t, duel.frame), bounds.chained, bounds.where,
                              also)
            return
        if self.repaired_theater(state) is not None:  # the best play with repairs over arrays (odds_repairs)
            counts = [self.sides(state, i, None) for i in which]
            _refuse_pairs(names, counts, self._repaired_most(bounds.repaired, rounds), bounds.where,
                          self._fewer_rounds(math.prod(counts), bounds.repaired, rounds) + also
                          + (HEURISTIC_INSTEAD if math.prod(counts) <= bounds.cinematic else ""))
            return
        counts = [self.sides(state, i, rounds) for i in which]
        if math.prod(counts) * self.lookahead(rounds) <= bounds.staged:
            return
        ways = ", ".join(f"{n:,}" for n in counts[:-1]) + f" and {counts[-1]:,}"
        asks = ["fewer units"]
        if rounds != 1 and math.prod(self.sides(state, i, 1) for i in which) * self.lookahead(1) <= bounds.staged:
            asks.append("fewer rounds (--rounds 1)")
        asks += [_alone(th) for th in alone] + [_alone(th, heuristic=True) for th in heuristic]
        if self.policy == "best" and (self.rules.repair or self.rules.structures_kept_if_rolled) \
                and self.monotone(state, 0) and all(
                    math.prod(self.sides(state, i, None) for i in pair) <= bounds.cinematic
                    for pair in (which[:2], which[2:]) if pair):
            # its chains with repairs (odds_cinematic) take on this battle: each theater within their bound
            asks.append(HEURISTIC_INSTEAD.removeprefix(", or about "))
        within = f" within {rounds} round{'s' if rounds > 1 else ''}" if rounds else ""
        ahead = f", solved for each of {self.lookahead(rounds)} rounds ahead" if self.lookahead(rounds) > 1 else ""
        what = "the space and ground battles, tied together by the Ion Cannon and so solved as one, are" \
            if len(which) == 4 else f"the {names} battle is"
        raise TooLarge(f"{what} too large to solve exactly here: {'their' if len(which) == 4 else 'its'} forces "
                       f"can be left in {ways} ways ({math.prod(counts):,} states{within}{ahead}; at most "
                       f"{bounds.staged:,} are solved {bounds.where}); ask about {', or '.join(asks)} "
                       "(docs/odds.md, How fast)")

    def _repaired_most(self, bound: int, rounds: int | None) -> int:
        """How large a battle the best play with repairs takes on with ``rounds`` (``bound`` for :data:`LOOKAHEAD`
        rounds ahead): making its lists costs about as much as solving 8 rounds ahead, so fewer rounds take on no
        more, and more rounds take on fewer."""
        return bound * LOOKAHEAD // max(LOOKAHEAD, self.lookahead(rounds))

    def _fewer_rounds(self, size: int, bound: int, rounds: int | None) -> str:
        """What a refusal of the best play with repairs offers for a battle of ``size`` refused with more than
        :data:`LOOKAHEAD` rounds asked, that :data:`LOOKAHEAD` rounds take on (``bound``)."""
        if rounds is not None and rounds > LOOKAHEAD and size <= bound:
            return f", or fewer rounds (--rounds {LOOKAHEAD})"
        return ""

    def chain_sides(self, state: State, t: int, frame: State) -> list[int]:
        """How many sides each force of theater ``t`` of ``state`` comes to under the heuristic's play, the other
        theater standing as ``frame`` has it: its chain's sides (:func:`.odds_duel.reached`, found by following its
        damage from the start: some milliseconds, and kept for the chain)."""
        from .odds_duel import Duel, reached

        return [len(sides) for sides in reached(Duel(self, t, frame), state[2 * t], state[2 * t + 1])]

    def lookahead(self, rounds: int | None) -> int:
        """How many times the best play with repairs solves the states: once for each round it looks ahead (with
        repairs states come back, :meth:`value`); once otherwise."""
        if self.policy != "best" or not self.rules.repair:
            return 1
        return LOOKAHEAD if rounds is None else rounds

    def sides(self, state: State, i: int, rounds: int | None, concentrated: bool = False) -> int:
        """How many sides ``state[i]`` can be left with, as :func:`.odds_duel._weaker` lists them but counted: a
        product over its unit types. With ``rounds`` and no repairs, only those the enemy's dice can leave within
        that many rounds (each die places at most one damage); with repairs, every side of no more miniatures of
        each type than it has, whatever their damage (repairs may take off what they carried). ``concentrated``:
        as :func:`.odds_duel._concentrated` lists them for the best play over arrays (one a type per health lost)."""
        from .odds_duel import _weaker

        reach = None
        if rounds is not None and not self.rules.repair:
            t, role = divmod(i, 2)
            enemy = 1 - role
            reach = rounds * sum(n for _, n in self.pool(enemy, state[2 * t + enemy], 0))
        by_lost = {0: 1}  # how many sides lose each amount of health
        for unit in sorted({u for u, _ in state[i]}):
            health = self.health(unit)
            if health is None:
                continue
            group = tuple(x for x in state[i] if x[0] == unit)
            if self.rules.repair:
                ways = {0: math.comb(len(group) + health, health)}
            elif concentrated:
                ways = {lost: 1 for lost in range(sum(health - d for _, d in group) + 1)}
            else:
                ways = {}
                full = sum(health - d for _, d in group)
                for s in _weaker(self, group):
                    lost = full - sum(health - d for _, d in s)
                    ways[lost] = ways.get(lost, 0) + 1
            merged: dict[int, int] = {}
            for a, n in by_lost.items():
                for b, m in ways.items():
                    merged[a + b] = merged.get(a + b, 0) + n * m
            by_lost = merged
        return sum(n for lost, n in by_lost.items() if reach is None or lost <= reach)

    def alone(self, start: State, t: int) -> State:
        """Theater ``t`` fought alone, as :meth:`solve` asks it: the space battle keeps the ground units for the
        Ion Cannons' cut (then the ground is not fought), the ground battle keeps nothing of space."""
        if t == 1:
            return ((), (), start[2], start[3])
        return (start[0], start[1], start[2], start[3]) if self.cannons(start) else (start[0], start[1], (), ())

    def solve(self, start: State, rounds: int | None, wanted: Sequence[str]) -> dict[str, TheaterOdds]:
        """Each wanted theater's figures and, when both are, the whole combat's: the theaters apart (their
        product is the combat) unless :meth:`tied`. (:func:`.odds.odds` holds the garbage collector off
        meanwhile.)"""
        if self.tied(start, wanted):
            finals, damage = self.forward(start, rounds)
            out = {th: self.summary(th, start, finals, damage) for th in wanted if _present(start, th)}
            if len(wanted) == 2:
                out["combat"] = self.summary("combat", start, finals, damage)
            return out
        parts = {th: self.forward(self.alone(start, THEATERS.index(th)), rounds) for th in wanted}
        figures = {th: self.summary(th, start, *parts[th]) for th in wanted}
        out = {th: figures[th] for th in wanted if _present(start, th)}
        if len(wanted) == 2:
            out["combat"] = self.combine(figures["space"], figures["ground"], parts)
        return out

    # -- the forward pass: the distribution of states after each round ----------------------------------------------

    def forward(self, start: State, rounds: int | None) -> tuple[Finals, list[tuple[float, ...]]]:
        """The chance of each state the combat ends in (or stands in after ``rounds``), and the expected health
        each side has lost in each theater after each round."""
        duel = self.arrays(start)
        if duel is not None:
            return duel.forward(start, rounds, MAX_ROUNDS, NEGLIGIBLE)
        chain = self.cinematic(start)
        if chain is not None:
            return chain.forward(rounds, MAX_ROUNDS, NEGLIGIBLE)
        lookahead = self.repaired(start)
        if lookahead is not None:
            return lookahead.forward(rounds, MAX_ROUNDS, NEGLIGIBLE)
        if self.linked(start):
            if self.policy == "best" and self.rules.repair:
                from .odds_tied_repairs import TiedRepairs

                return TiedRepairs(self, start, LOOKAHEAD).forward(rounds, MAX_ROUNDS, NEGLIGIBLE)
            from .odds_tied import Tied

            return Tied(self, start).forward(rounds, MAX_ROUNDS, NEGLIGIBLE)
        now = {start: 1.0} if self.fought(start) else {}
        finals: dict[State, float] = {} if now else {start: 1.0}
        full = self.health_left(start)
        ended = [0.0] * 4  # the health lost in combats already over, weighted by their chances
        damage = []
        played = 0
        while now and played < (rounds if rounds is not None else MAX_ROUNDS):
            after: dict[State, float] = {}
            left = None if rounds is None else rounds - played
            for state, p in now.items():
                for nxt, q in self.round_outcomes(state, left).items():
                    after[nxt] = after.get(nxt, 0.0) + p * q
            played += 1
            now = {}
            going = [0.0] * 4
            for state, p in after.items():
                health = self.health_memo.get(state)
                if health is None:
                    health = self.health_memo[state] = self.health_left(state)
                target = going if self.fought(state) else ended
                for i in range(4):
                    target[i] += p * (full[i] - health[i])
                if self.fought(state):
                    now[state] = p
                else:
                    finals[state] = finals.get(state, 0.0) + p
            damage.append(tuple(ended[i] + going[i] for i in range(4)))
            if rounds is None and sum(now.values()) < NEGLIGIBLE:
                break
        for state, p in now.items():
            finals[state] = finals.get(state, 0.0) + p
        from .odds_finals import Finals

        return Finals.of(finals), damage

    def fought(self, state: State) -> bool:
        return bool((state[0] and state[1]) or (state[2] and state[3]))

    def health_left(self, state: State) -> tuple[int, ...]:
        """The health each side has left in each theater (units that take no damage count none)."""
        return tuple(sum(max(0, (self.health(u) or 0) - d) for u, d in side) for side in state)

    # -- one round ---------------------------------------------------------------------------------------------

    STAGES = (("space", 0), ("space", 1), ("space", None), ("ground", 0), ("ground", 1), ("ground", None))
    END = len(STAGES)

    def round_outcomes(self, state: State, left: int | None) -> dict[State, float]:
        """The states a round from ``state`` ends in, with their chances, under the policy: the round's stages
        applied in turn to the distribution of states, equal states merged."""
        duel = self.duel(state)
        if duel is not None:
            return duel.round_outcomes(state, left)
        key = (state, left)
        found = self.rounds_memo.get(key)
        if found is not None:
            return found
        now: dict[tuple[State, frozenset], float] = {(state, frozenset()): 1.0}
        for stage, (theater, side) in enumerate(self.STAGES):
            t = THEATERS.index(theater)
            nxt: dict[tuple[State, frozenset], float] = {}
            for (st, flags), p in now.items():
                for q, after, flags2 in self.step(st, stage, t, side, flags, left):
                    nxt[(after, flags2)] = nxt.get((after, flags2), 0.0) + p * q
            now = nxt
        found = {}
        for (st, flags), p in now.items():
            end = self.checks(st, flags)
            found[end] = found.get(end, 0.0) + p
        self.rounds_memo[key] = found
        return found

    def step(self, state: State, stage: int, t: int, side: int | None, flags: frozenset,
             left: int | None) -> list[tuple[float, State, frozenset]]:
        """One stage of the round: (chance, state after, flags after) under the policy."""
        if not (state[2 * t] and state[2 * t + 1]):  # not fought (units die only at the end of a step)
            return [(1.0, state, flags)]
        if side is None:  # RB-CMB-08: the step ends, units at their health die
            return [(1.0, self.destroy(state, t), flags)]
        key = (state, stage, flags, left)
        out = self.step_memo.get(key)
        if out is None:
            here = self.flag(flags, state, t, side)
            merged: dict[State, float] = {}
            for p, options in self.attack(state, t, side):
                if self.policy == "best" and len(options) > 1:
                    best = self.choose([o for _, o in options], t, side, stage + 1, here, left)
                    merged[best] = merged.get(best, 0.0) + p
                else:
                    for w, o in options:
                        merged[o] = merged.get(o, 0.0) + p * w
            out = self.step_memo[key] = [(p, o, here) for o, p in merged.items()]
        return out

    def flag(self, flags: frozenset, state: State, t: int, side: int) -> frozenset:
        """What the end-of-round checks need to know of an attack: whether a side rolled ground dice (RS-ROE-02)
        and whether the Empire rolled no space dice (RS-CMB-18)."""
        n = sum(k for _, k in self.pool(side, state[2 * t + side], self._cut(state, t, side)))
        if t == 1 and self.rules.structures_kept_if_rolled and n:
            return flags | {("ground", side)}
        if t == 0 and self.factions[side] == "empire" and not n:
            return flags | {("silent", side)}
        return flags

    def _cut(self, state: State, t: int, side: int) -> int:
        return self.cannons(state) if t == 0 and self.factions[side] == "empire" else 0

    def lethal(self, unit: str, damage: int) -> bool:
        h = self.health(unit)
        return h is not None and damage >= h

    def destroy(self, state: State, t: int) -> State:
        out = list(state)
        for i in (0, 1):
            out[2 * t + i] = tuple(x for x in state[2 * t + i] if not self.lethal(*x))
        return tuple(out)  # type: ignore[return-value]

    def checks(self, state: State, flags: frozenset) -> State:
        """RULINGS D-05, RS-CMB-15..18: lone structures against enemy ground units, a lone Death Star Under
        Construction, lone Rebel Transports, Rebel ships facing a silenced Death Star (they must leave)."""
        out = list(state)
        k = self.kinds
        for side in (0, 1):
            ground, enemy = out[2 + side], out[3 - side]
            if ground and enemy and all(k[u].kind == "structure" for u, _ in ground):
                if ("ground", side) not in flags:
                    out[2 + side] = ()
        empire = self.factions.index("empire")
        rebel = 1 - empire
        if out[empire] and out[rebel] and all("death-star-under-construction" in k[u].abilities
                                              for u, _ in out[empire]):
            if all(u in self.rules.untouchable for u, _ in out[empire]):
                out[rebel] = ()  # nothing can end it: the Rebel ships must leave (Rise of the Empire's units.py)
            else:
                out[empire] = ()
        if out[empire] and out[rebel] and all("rebel-transport" in k[u].abilities for u, _ in out[rebel]):
            out[rebel] = ()
        if (out[empire] and out[rebel] and all("death-star" in k[u].abilities for u, _ in out[empire])
                and not out[2 + empire] and ("silent", empire) in flags
                and any("ion-cannon" in k[u].abilities for u, _ in out[2 + rebel])):
            out[rebel] = ()  # RS-CMB-18: a forced retreat; the ships are gone from the battle either way
        return tuple(out)  # type: ignore[return-value]

    # -- an attack: the dice, then repairs (cinematic) and the damage ---------------------------------------------

    def attack(self, state: State, t: int, side: int) -> list[tuple[float, list[tuple[float, State]]]]:
        """Each distinct outcome of the side's roll with its chance, and the states it leads to: the options the
        side chooses between (best policy), or the heuristic's choices with their chances."""
        own, enemy = state[2 * t + side], state[2 * t + 1 - side]
        pool = self.pool(side, own, self._cut(state, t, side))
        repairable = self.rules.repair and side == 0  # the defender, attacking next, may still repair (RE-CIN-15)
        found = self.attack_options(pool, own, enemy, repairable)
        return [(p, [(w, _put(state, t, side, o, e)) for w, (o, e) in opts]) for p, opts in found]

    def attack_options(self, pool: tuple, own: Side, enemy: Side,
                       repairable: bool) -> list[tuple[float, list[tuple[float, tuple[Side, Side]]]]]:
        """:meth:`attack` for a side's pool, units and enemy: each roll's chance and its ``(own, enemy)`` options
        (with the heuristic's chances)."""
        key = (pool, own, enemy, repairable)
        found = self.attack_memo.get(key)
        if found is None:
            results = self.results(pool, own, enemy, repairable)
            found = self.attack_memo[key] = (
                _heuristic_attack(self, results, own, enemy, repairable) if self.policy == "heuristic"
                else [(p, self.options(result, own, enemy, repairable)) for result, p in results])
        return found

    def results(self, pool: tuple, own: Side, enemy: Side, repairable: bool) -> list[tuple[tuple, float]]:
        """The distinct outcomes of a roll that can change anything, with their chances. For the best policy: the
        hits of each colour (no more than the enemy's units of that colour can take), the direct hits, and the
        specials that can repair (repairs only, on a damaged unit of their colour); the heuristic also needs each
        colour's hits and direct hits apart, in the pool's order."""
        damaged, room = self._room(own, enemy, repairable)
        rooms = tuple(sorted(room.items(), key=str))
        key = (pool, rooms, damaged, self.policy)
        found = self.results_memo.get(key)
        if found is not None:
            return found
        outcomes: dict[tuple, float] = {}
        for roll, p in self.rolls(pool):
            canon = self.canonical(roll, damaged, room)
            outcomes[canon] = outcomes.get(canon, 0.0) + p
        found = self.results_memo[key] = list(outcomes.items())
        return found

    def rolls(self, pool: tuple) -> list[tuple[tuple, float]]:
        """The outcomes of a pool with their chances, merged as far as the policy allows: for the best play the
        hits of each colour, the direct hits of all colours together and (with repairs) the specials of each
        colour; the heuristic keeps each colour's hits and direct hits apart (it assigns them in the pool's
        order)."""
        found = self.rolls_memo.get(pool)
        if found is None:
            merged: dict[tuple, float] = {}
            for p, result in _outcomes(self.dice, pool, keep_specials=self.rules.repair):
                roll = self.roll_of(result)
                merged[roll] = merged.get(roll, 0.0) + p
            found = self.rolls_memo[pool] = list(merged.items())
        return found

    def colour_rolls(self, colour: str, n: int) -> tuple[tuple[float, tuple[int, int, int]], ...]:
        """The chance of each (hits, direct hits, specials) among ``n`` dice of ``colour`` (specials count only
        with repairs), of which :meth:`rolls` makes a pool's."""
        return _colour(tuple(self.dice.faces[colour]), n, self.rules.repair)

    def roll_of(self, result: tuple) -> tuple:
        """A roll ``((colour, hits, direct hits, specials), ...)`` as :meth:`rolls` merges it."""
        specials = tuple((c, s) for c, _, _, s in result if s) if self.rules.repair else ()
        if self.policy == "heuristic":
            return tuple((c, h, d) for c, h, d, _ in result), specials
        return tuple((c, h) for c, h, _, _ in result), sum(d for _, _, d, _ in result), specials

    def canonical(self, roll: tuple, damaged: frozenset, room: Mapping[str | None, int]) -> tuple:
        """A merged roll (:meth:`roll_of`) with only what can change anything here: no more hits of a colour than
        the enemy's units of that colour can take, specials only of the colours of the side's damaged units."""
        specials = tuple((c, s) for c, s in roll[-1] if c in damaged)
        if self.policy == "heuristic":
            return roll[0], specials
        hits = tuple((c, min(h, room.get(c, 0))) for c, h in roll[0])
        return hits, min(roll[1], sum(room.values())), specials

    def decide(self, state: State, t: int, side: int, result: tuple, flags: frozenset,
               left: int | None = None) -> tuple[Side, Side]:
        """The best play's choice for one attack of the round (the side's own units after its repairs, the
        enemy's after its damage) given its roll ``result`` (as :meth:`canonical` takes it) and what the round's
        attacks so far rolled (``flags``, :meth:`flag`)."""
        own, enemy = state[2 * t + side], state[2 * t + 1 - side]
        repairable = self.rules.repair and side == 0
        damaged, room = self._room(own, enemy, repairable)
        options = self.options(self.canonical(self.roll_of(result), damaged, room), own, enemy, repairable)
        duel = self.duel(state)
        if duel is not None and len(options) > 1:
            return options[duel.decide(state, side, [e for _, (_, e) in options], left)][1]
        states = [_put(state, t, side, o, e) for _, (o, e) in options]
        here = self.flag(flags, state, t, side)
        chosen = self.choose(states, t, side, 3 * t + side + 1, here, left) if len(states) > 1 else states[0]
        return chosen[2 * t + side], chosen[2 * t + 1 - side]

    def _room(self, own: Side, enemy: Side, repairable: bool) -> tuple[frozenset, dict[str | None, int]]:
        """The colours of the side's damaged units (what its specials may repair) and the damage each health
        colour of the enemy can still take."""
        damaged = frozenset(self.kinds[u].colour for u, d in own if d) if self.rules.repair else frozenset()
        room: dict[str | None, int] = {}
        for u, d in enemy:
            if self.health(u) is not None:
                colour = self.kinds[u].colour
                room[colour] = room.get(colour, 0) + self.cap(u, repairable) - d
        return damaged, room

    def options(self, result: tuple, own: Side, enemy: Side, repairable: bool) -> list[tuple[float, tuple]]:
        """The best play's options for a roll ``result`` (as :meth:`canonical` takes it): every repair its
        specials allow, with every way to place its damage."""
        hits, direct, specials = result
        owns = _repairs(self, own, dict(specials)) if specials else {own}
        results = tuple(c for c, n in hits for _ in range(n)) + (None,) * direct
        enemies = _assignments(self, enemy, results, repairable)
        return [(1.0, (o, e)) for o in sorted(owns) for e in sorted(enemies)]

    def choose(self, options: list[State], t: int, side: int, stage: int, flags: frozenset,
               left: int | None) -> State:
        """The best option for the choosing side: its chance to win this theater less the enemy's, highest. Of
        those within :data:`TIE` (``self.tie``) of the best, the one :meth:`tie_order` puts first, as the solve over
        arrays chooses (``odds_duel.Duel.decide``): a tie is played the same way by every solver, so their figures
        agree to the last survivor, and so does a theater's play whatever the other theater is doing."""
        sign = 1.0 if side == 0 else -1.0  # the margin is the attacker's: the defender wants it low
        values = [sign * self.expect(option, stage, flags, left, False)[0][t] for option in options]
        near = max(values) - self.tie
        best = [o for o, v in zip(options, values) if v >= near]
        return best[0] if len(best) == 1 else min(best, key=lambda o: self.tie_order(o, t, side))

    def tie_order(self, option: State, t: int, side: int) -> tuple:
        """Which of equally good options a side takes: the one that leaves the enemy the least health once its
        units at their health are gone (every damage placed), then the first in the order of the enemy's units
        left, then of the side's own (after its repairs). What it reads of the enemy's side is kept for the side:
        the same sides are weighed again and again (4 vs 4 in space with Rise of the Empire's repairs: half a million
        times, of a few thousand)."""
        enemy = option[2 * t + 1 - side]
        found = self.tie_memo.get(enemy)
        if found is None:
            left = tuple(x for x in enemy if not self.lethal(*x))
            found = self.tie_memo[enemy] = (sum((self.health(u) or 0) - d for u, d in left), left)
        return found[0], found[1], option[2 * t + side]

    def expect(self, state: State, stage: int, flags: frozenset, left: int | None,
               fresh: bool) -> tuple[Values, float]:
        """The values of standing at ``stage`` of the round in ``state`` (best play from there on), and, while
        nothing has changed in the round yet (``fresh``, with no round limit), the chance that the round comes
        back to where it started (its values are not known yet: :meth:`value` sums them as a series)."""
        key = (state, stage, flags, left, fresh)
        found = self.expect_memo.get(key)
        if found is not None:
            return found
        if stage == self.END:
            end = self.checks(state, flags)
            if fresh and end == state:
                found = ((0.0, 0.0), 1.0)
            else:
                found = (self.value(end, None if left is None else left - 1), 0.0)
        else:
            theater, side = self.STAGES[stage]
            space = ground = again = 0.0
            for p, after, flags2 in self.step(state, stage, THEATERS.index(theater), side, flags, left):
                v, a = self.expect(after, stage + 1, flags2, left, fresh and after == state)
                again += p * a
                space += p * v[0]
                ground += p * v[1]
            found = ((space, ground), again)
        self.expect_memo[key] = found
        return found

    def value(self, state: State, left: int | None) -> Values:
        """The attacker's chance to win each theater less the defender's, from the start of a round in ``state``
        with ``left`` rounds to go (``None``: until it ends). A round that changes nothing comes back to ``state``
        (every roll missed): its chance is summed as a geometric series. With repairs and no limit,
        :data:`LOOKAHEAD` rounds."""
        if left is None and self.rules.repair:
            left = LOOKAHEAD
        if left == 0 or not self.fought(state):
            return self.won(state)
        duel = self.duel(state)
        if duel is not None:
            won = list(self.won(state))
            won[duel.t] = duel.margin(state, left)
            return won[0], won[1]
        key = (state, left)
        found = self.values.get(key)
        if found is None:
            v, again = self.expect(state, 0, frozenset(), left, left is None)
            scale = 1.0 / (1.0 - again) if again < 1.0 else 0.0
            found = self.values[key] = (v[0] * scale, v[1] * scale)
        return found

    def won(self, state: State) -> Values:
        """The margin of a theater over (or stopped): +1 if only the attacker has units left, -1 if only the
        defender has, else 0."""
        a_space, d_space, a_ground, d_ground = (bool(side) for side in state)
        return (float(a_space and not d_space) - float(d_space and not a_space),
                float(a_ground and not d_ground) - float(d_ground and not a_ground))

    # -- the answer --------------------------------------------------------------------------------------------

    def summary(self, name: str, start: State, finals: Finals | Branched, damage: list) -> TheaterOdds:
        """The figures of one theater, or of both (``name == "combat"``), from the forward pass's ends."""
        from .odds_finals import counts

        idx = [THEATERS.index(name)] if name in THEATERS else [0, 1]
        wiped: dict[str, float] = {}
        survivors: dict[str, dict] = {}
        for i, f in enumerate(self.factions):  # each side's in the theaters asked about
            survivors[f] = finals.by_units([2 * t + i for t in idx])
            wiped[f] = finals.empty([2 * t + i for t in idx])
        forces = [dict(counts([x for t in idx for x in start[2 * t + i]])) for i in (0, 1)]
        lost = {self.factions[i]: [sum(d[2 * t + i] for t in idx) for d in damage] for i in (0, 1)}
        return TheaterOdds(name, forces[0], forces[1], wiped, finals.empty([2 * t + i for t in idx for i in (0, 1)]),
                           finals.undecided(idx), survivors, lost)

    def combine(self, space: TheaterOdds, ground: TheaterOdds, parts: dict) -> TheaterOdds:
        """The whole combat from two independent theaters, from each theater's figures (``parts``: their forward
        passes, for the damage by round): a side is wiped out of the system when it is out of both, its survivors
        are the two theaters' together, and the combat is still undecided while either theater is. (Made from the
        theaters' figures, not from every pair of their ends: with 6 units a side in each theater those are some
        100,000.)"""
        survivors: dict[str, dict] = {f: {} for f in self.factions}
        for f in self.factions:
            for units, p in space.survivors[f].items():
                for more, q in ground.survivors[f].items():
                    key = tuple(sorted(units + more))  # no unit type fights in both theaters
                    survivors[f][key] = survivors[f].get(key, 0.0) + p * q
        (_, ds), (_, dg) = parts["space"], parts["ground"]

        def at(d: list, r: int, i: int) -> float:
            return d[min(r, len(d) - 1)][i] if d else 0.0

        damage = [(at(ds, r, 0), at(ds, r, 1), at(dg, r, 2), at(dg, r, 3)) for r in range(max(len(ds), len(dg)))]
        return TheaterOdds(
            "combat", dict(sorted({**space.attacker, **ground.attacker}.items())),
            dict(sorted({**space.defender, **ground.defender}.items())),
            {f: space.wiped[f] * ground.wiped[f] for f in self.factions}, space.both_wiped * ground.both_wiped,
            space.undecided + ground.undecided - space.undecided * ground.undecided, survivors,
            {self.factions[i]: [d[i] + d[2 + i] for d in damage] for i in (0, 1)})


#: What a refusal of the best play over arrays offers besides fewer units: the heuristic's chain follows only the sides
#: its play comes to, far fewer (:func:`.odds_duel.reached`), and is answered for the largest forces of a real game.
HEURISTIC_INSTEAD = ", or about the heuristic agent's play (--policy heuristic), which takes on larger forces"


def _alone(theater: str, heuristic: bool = False) -> str:
    """What a refusal offers to ask instead of the whole combat: one theater alone, which its own check passed (by
    the heuristic's play, with ``heuristic``)."""
    if heuristic:
        return f"the {theater} battle alone by the heuristic agent's play (--theater {theater} --policy heuristic)"
    return f"the {theater} battle alone (--theater {theater})"


def _refuse_pairs(name: str, counts: Sequence[int], most: int, where: str, instead: str) -> None:
    """Raise ``odds_duel.TooLarge`` for a battle solved over arrays whose forces can be left in more than ``most``
    pairs of ways (``counts``: each force's; ``where``: :attr:`Bounds.where`)."""
    from .odds_duel import TooLarge

    if math.prod(counts) > most:
        raise TooLarge(f"the {name} battle is too large to solve exactly here: its forces can be left in "
                       f"{counts[0]:,} and {counts[1]:,} ways ({math.prod(counts):,} pairs; at most {most:,} are "
                       f"solved {where}); ask about fewer units{instead} (docs/odds.md, How fast)")


def _refuse_chains(counts: Sequence[Sequence[int]], most: int, where: str) -> None:
    """Raise ``odds_duel.TooLarge`` for the heuristic's play beside an Ion Cannon, whose chain of each theater
    (``counts``: each force's sides in space, then on the ground) is followed apart, when either has more than
    ``most`` pairs of sides; a space chain too large offers the ground battle alone where its chain is within the
    bound (nothing in space changes it)."""
    ground = f", or about {_alone('ground')}" if math.prod(counts[1]) <= most else ""
    _refuse_pairs("space", counts[0], most, where, ground)
    _refuse_pairs("ground", counts[1], most, where, "")


def _refuse_tied(counts: Sequence[int], most: int, where: str, ground_alone: int, instead: str) -> None:
    """Raise ``odds_duel.TooLarge`` for the space and ground battles an Ion Cannon ties, solved over arrays, whose
    pairs of space sides beside pairs of ground sides are more than ``most`` (``counts``: each force's sides in
    space, then on the ground); the ground battle alone is offered if it has no more than ``ground_alone`` pairs."""
    from .odds_duel import TooLarge

    space, ground = counts[0] * counts[1], counts[2] * counts[3]
    if space * ground > most:
        alone = f", or about {_alone('ground')}" if ground <= ground_alone else ""
        raise TooLarge("the space and ground battles, tied together by the Ion Cannon, are too large to solve exactly "
                       f"here: their forces can be left in {', '.join(f'{n:,}' for n in counts[:3])} and "
                       f"{counts[3]:,} ways ({space:,} pairs of sides in space beside each of {ground:,} on the "
                       f"ground: {space * ground:,}; at most {most:,} are solved {where}); ask about fewer "
                       f"units{alone}{instead} (docs/odds.md, How fast)")


def _present(start: State, theater: str) -> bool:
    """Whether the theater is fought at all: both sides have units there."""
    t = THEATERS.index(theater)
    return bool(start[2 * t] and start[2 * t + 1])


def _put(state: State, t: int, side: int, own: Side, enemy: Side) -> State:
    out = list(state)
    out[2 * t + side] = own
    out[2 * t + 1 - side] = enemy
    return tuple(out)  # type: ignore[return-value]


# -- dice ------------------------------------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def _colour(faces: tuple[str, ...], n: int,
            keep_specials: bool = True) -> tuple[tuple[float, tuple[int, int, int]], ...]:
    """The chance of each (hits, direct hits, specials) among ``n`` dice with these faces (without
    ``keep_specials``, specials are blanks: always 0)."""
    k = len(faces)
    p = [faces.count(f) / k for f in ("hit", "direct-hit", "special")]
    if not keep_specials:
        p[2] = 0.0
    other = 1.0 - sum(p)
    out = []
    for h in range(n + 1):
        for d in range(n - h + 1):
            for s in range(n - h - d + 1):
                b = n - h - d - s
                ways = math.factorial(n) // (math.factorial(h) * math.factorial(d) * math.factorial(s)
                                             * math.factorial(b))
                chance = ways * p[0] ** h * p[1] ** d * p[2] ** s * other ** b
                if chance > 0:
                    out.append((chance, (h, d, s)))
    return tuple(out)


def _outcomes(dice: Dice, pool: tuple[tuple[str, int], ...],
              keep_specials: bool = True) -> Iterator[tuple[float, tuple]]:
    """Every outcome of a pool: ``((colour, hits, direct hits, specials), ...)`` in the pool's colour order. Without
    ``keep_specials`` (no repairs: a special does nothing) the specials count as blanks, so each colour's outcomes
    that differ only in them are merged before the colours are paired (a fifth as many outcomes for 5 + 5 dice).
    (A product, not a function calling itself: a nested function that names itself is a reference cycle, left for
    the garbage collector after each query.)"""
    colours = [[(q, (colour, h, d, s)) for q, (h, d, s) in _colour(tuple(dice.faces[colour]), n, keep_specials)]
               for colour, n in pool]
    for outcome in itertools.product(*colours):
        p = 1.0
        for q, _ in outcome:
            p *= q
        yield p, tuple(result for _, result in outcome)


# -- damage and repairs ----------------------------------------------------------------------------------------------


def _assignments(combat: Combat, enemy: Side, results: tuple, repairable: bool) -> set[Side]:
    """Every state the enemy can be left in by assigning ``results`` (a colour: a hit on that health colour;
    ``None``: a direct hit on any unit), each one to a unit that can take it (RS-ATK-05/06). Damage past a unit's
    tracked cap is lost, as on a unit already destroyed."""
    key = (enemy, results, repairable)
    memo = combat.stage_memo
    found = memo.get(key)
    if found is not None:
        return found
    states = {enemy}
    for colour in results:
        nxt = set()
        for st in states:
            targets = sorted({x for x in st if combat.health(x[0]) is not None
                              and (colour is None or combat.kinds[x[0]].colour == colour)})
            if not targets:
                nxt.add(st)
                continue
            for x in targets:
                nxt.add(_hit(combat, st, x, repairable))
        states = nxt
    memo[key] = states
    return states


def _hit(combat: Combat, side: Side, x: Unit, repairable: bool) -> Side:
    unit, damage = x
    new = min(damage + 1, combat.cap(unit, repairable))
    if new == damage:
        return side
    out = list(side)
    out.remove(x)
    out.append((unit, new))
    return tuple(sorted(out))


def _repairs(combat: Combat, own: Side, specials: Mapping[str, int]) -> set[Side]:
    """RE-CIN-15: each special removes one damage from one's own damaged unit of its colour (all of them used:
    a repair never hurts the side that makes it)."""
    states = {own}
    for colour, n in sorted(specials.items()):
        for _ in range(n):
            nxt = set()
            for st in states:
                damaged = sorted({x for x in st if x[1] > 0 and combat.kinds[x[0]].colour == colour})
                if not damaged:
                    nxt.add(st)
                for unit, d in damaged:
                    out = list(st)
                    out.remove((unit, d))
                    out.append((unit, d - 1))
                    nxt.add(tuple(sorted(out)))
            states = nxt
    return states


# -- the heuristic agent's rule --------------------------------------------------------------------------------------


def _heuristic_attack(combat: Combat, results: list[tuple[tuple, float]], own: Side, enemy: Side,
                      repairable: bool) -> list[tuple[float, list[tuple[float, tuple[Side, Side]]]]]:
    """:meth:`Combat.attack_options` for the heuristic agent: for each roll its repairs (any at random:
    ``prefer_acting``) then its damage, each result on the best target by ``worth.damage_score``, equals at random
    (:mod:`.odds_greedy`): as one outcome (nothing is chosen), the chance of each ``(own, enemy)`` it leaves. A
    roll's repairs hang only on its specials and its damage only on its hits, so the damage of the rolls with the
    same specials is summed first and paired with their repairs once, not once a roll (with Rise of the Empire's
    repairs, the issue's example: 0.87 s to 0.5 s)."""
    from .odds_greedy import heuristic_damage, random_repairs

    placed = heuristic_damage(combat, enemy, tuple(sorted({dice for (dice, _), _ in results})), repairable)
    damage: dict[tuple, dict[Side, float]] = {}  # for each specials rolled, the chance of each enemy side left
    for (dice, specials), p in results:
        summed = damage.setdefault(specials, {})
        for after, q in placed[dice].items():
            summed[after] = summed.get(after, 0.0) + p * q
    out: dict[tuple[Side, Side], float] = {}
    for specials, left in damage.items():
        owns = random_repairs(combat, own, dict(specials)) if specials else {own: 1.0}
        for mine, r in owns.items():
            for after, q in left.items():
                out[(mine, after)] = out.get((mine, after), 0.0) + q * r
    return [(1.0, [(w, o) for o, w in sorted(out.items())])]
