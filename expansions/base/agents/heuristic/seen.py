"""What one side sees, and the board questions the heuristic asks of it.

Everything here reads what ``game.view(player)`` shows (and the public content tables): the data and the events
go through the same redaction as the view, so the heuristic decides from its side's view only, and two games that
differ only in what that side cannot know look the same to it.
"""

from __future__ import annotations

import marshal
from collections.abc import Mapping
from functools import cached_property

from swrebellion.engine.secrets import KEY, redact

from ...tables import OPPONENT, tables
from ...worth import unit_worth

#: A die's chance of each result (red and black have the same faces, RULINGS C-01).
P_HIT, P_DIRECT, P_SPECIAL = 2 / 6, 1 / 6, 1 / 6
#: Value of a unit beyond what it does in combat (a Death Star destroys systems; a transport carries an army).
#: Rings that hold a leader: a captured (or frozen) leader pins no units and takes no part (RB-LDR-02, RB-LDR-09).
HELD = ("captured", "carbonite")
#: The secret marker as marshal writes it: in the bytes of any data that holds a secret (its first use is in full).
_MARKER = KEY.encode()


#: possible_bases answers for recent positions, keyed by (game, player, log length, last event): deploying ten
#: units asks the same question ten times in a row.
_CANDIDATES: dict[tuple, tuple[object, list[str]]] = {}
#: Events of some kinds as a player saw them, per game followed: (game id, player, kinds) -> (events read, last
#: event object read, redacted events). A game's log only grows, so later calls redact only what is new.
_EVENTS: dict[tuple, tuple[int, object, list]] = {}


class ViewData(Mapping):
    """``game.view(player)["data"]``, redacted one top-level key at a time as the heuristic asks for it (the same
    redaction as the view, without paying for the parts a decision never looks at).

    A part that holds no secret (the board, the units, the leaders: most of what a decision reads) is handed out as
    the state's own data rather than a redacted copy, which costs a tenth as much to tell (marshal's bytes hold the
    secret marker wherever a secret is). The heuristic only reads what it sees; a test checks that deciding leaves
    the game unchanged."""

    def __init__(self, game, player: str) -> None:
        self._raw = game.state["data"]
        self._player = player
        self._done: dict = {}

    def __getitem__(self, key):
        done = self._done
        if key not in done:
            raw = self._raw[key]
            kind = type(raw)
            if (kind is dict or kind is list) and _MARKER in marshal.dumps(raw):
                done[key] = redact(raw, self._player)
            else:
                done[key] = raw
        return done[key]

    def __iter__(self):
        return iter(self._raw)

    def __len__(self) -> int:
        return len(self._raw)


class Seen:
    """One decision's worth of a side's view: the data, the side, and board helpers over them."""

    def __init__(self, game, player: str) -> None:
        self.game = game
        self.player = player
        self.t = tables(game)
        self.data = ViewData(game, player)
        self.faction = next((f for f, ps in self.data["teams"].items() if player in ps), "rebel")
        self.enemy = OPPONENT[self.faction]
        self._units: dict[tuple, dict[str, int]] = {}
        #: Answers worked out once per decision by the heuristic's planners (the board does not change meanwhile).
        self.memo: dict[tuple, object] = {}

    @cached_property
    def names(self) -> dict[str, str]:
        """English names of content items (public)."""
        from ...names import names

        return names(self.game)

    @cached_property
    def result(self):
        return self.game.state["result"]  # public: the winner and why, once the game is over

    # -- recent events ---------------------------------------------------------------------------------------------

    @cached_property
    def recent(self) -> list[dict]:
        """The last events as this side may see them (what a mission or a card in play is); the log's length is
        public. The same redaction as the view's log, without redacting the view's data too."""
        log = self.game.state["log"]
        return redact(log[max(0, len(log) - 80):], self.player)

    def events(self, kinds: tuple[str, ...]) -> list[dict]:
        """Every event of these kinds so far, as this side sees it (each redacted for it, like the view's log)."""
        log = self.game.state["log"]
        key = (id(self.game), self.player, kinds)
        done, last, found = _EVENTS.get(key, (0, None, []))
        if done > len(log) or (done and log[done - 1] is not last):
            done, found = 0, []  # another game now has that id: start again
        found = found + [redact(e, self.player) for e in log[done:] if e["type"] in kinds]
        if len(_EVENTS) > 16:
            _EVENTS.clear()
        _EVENTS[key] = (len(log), log[-1] if log else None, found)
        return found

    def recent_event(self, kind: str) -> dict | None:
        return next((e for e in reversed(self.recent) if e["type"] == kind), None)

    def card_in_play(self) -> tuple[str | None, str]:
        """The card whose effect is asking now: the last mission revealed or action card played."""
        for event in reversed(self.recent):
            if event["type"] == "mission-revealed" and isinstance(event.get("card"), str):
                return event["card"], "missions"
            if event["type"] == "action-played" and isinstance(event.get("card"), str):
                return event["card"], "actions"
        return None, "missions"

    # -- board ---------------------------------------------------------------------------------------------------

    @property
    def systems(self) -> dict:
        return self.data["systems"]

    def units(self, location: str, faction: str, theater: str | None = None) -> dict[str, int]:
        """A side's units in a location (of one theater); do not change the dict returned (it is kept)."""
        key = (location, faction, theater)
        found = self._units.get(key)
        if found is None:
            t = self.t.units
            found = self._units[key] = {
                u: n for u, n in self.data["units"].get(location, {}).items()
                if u in t and t[u].faction == faction and (theater is None or t[u].theater == theater)}
        return found

    def has(self, location: str, faction: str, theater: str | None = None) -> bool:
        return bool(self.units(location, faction, theater))

    @cached_property
    def _leaders(self) -> dict[tuple[str, str], list[str]]:
        out: dict[tuple[str, str], list[str]] = {}
        for lid, info in sorted(self.data["leaders"].items()):
            out.setdefault((info["at"], self.t.leaders[lid].faction), []).append(lid)
        return out

    def leaders_at(self, location: str, faction: str | None = None) -> list[str]:
        if faction is not None:
            return list(self._leaders.get((location, faction), ()))
        return sorted(self._leaders.get((location, "rebel"), []) + self._leaders.get((location, "empire"), []))

    def free_leaders_at(self, location: str, faction: str) -> list[str]:
        leaders = self.data["leaders"]
        return [lid for lid in self._leaders.get((location, faction), ())
                if leaders[lid].get("ring") not in HELD]

    def captured(self, leader: str) -> bool:
        return self.data["leaders"][leader].get("ring") in HELD

    def pool(self, faction: str | None = None) -> list[str]:
        return self.leaders_at("pool", faction or self.faction)

    def pinned(self, location: str, faction: str) -> bool:
        """A free leader of ``faction`` stands there, so its units cannot leave (RB-MOV-10, RB-LDR-09)."""
        leaders = self.data["leaders"]
        return any(leaders[lid].get("ring") not in HELD for lid in self._leaders.get((location, faction), ()))

    def adjacent(self, system_id: str) -> frozenset[str]:
        return self.t.adjacent.get(system_id, frozenset())

    def neighbourhood(self, system_id: str, steps: int) -> set[str]:
        seen, frontier = {system_id}, {system_id}
        for _ in range(steps):
            frontier = {n for s in frontier for n in self.adjacent(s)} - seen
            seen |= frontier
        return seen

    @cached_property
    def distances(self) -> dict[str, dict[str, int]]:
        """Moves between every two systems (RB-SYS-03), computed once per content set."""
        cache = self.game.rules.cache.setdefault("heuristic", {})
        if "distances" not in cache:
            out = {}
            for start in self.t.systems:
                dist, frontier = {start: 0}, [start]
                while frontier:
                    nxt = []
                    for s in frontier:
                        for n in self.t.adjacent.get(s, ()):
                            if n not in dist:
                                dist[n] = dist[s] + 1
                                nxt.append(n)
                    frontier = nxt
                out[start] = dist
            cache["distances"] = out
        return cache["distances"]

    def distance(self, a: str, b: str) -> int:
        return self.distances.get(a, {}).get(b, 99)

    def populous(self, system_id: str) -> bool:
        info = self.t.systems.get(system_id)
        return bool(info and info.populous)

    def resources(self, system_id: str) -> int:
        info = self.t.systems.get(system_id)
        return len(info.resources) if info else 0

    def imperial(self, system_id: str) -> bool:
        s = self.systems[system_id]
        return s["loyalty"] == "empire" or s["subjugated"]

    def loyal_to(self, system_id: str, faction: str) -> bool:
        s = self.systems[system_id]
        return s["loyalty"] == faction and not (faction == "rebel" and s["subjugated"])

    # -- the base ------------------------------------------------------------------------------------------------

    @property
    def base_revealed(self) -> str | None:
        return self.data.get("base_revealed")

    @property
    def own_base(self) -> str | None:
        """Where the base is, if this side may know it (the Rebels always do; everyone once it is found)."""
        if self.base_revealed:
            return self.base_revealed
        base = self.data.get("base")
        return base if isinstance(base, str) else None

    @cached_property
    def base_candidates(self) -> list[str]:
        """Systems the hidden base may be in, as the Empire can tell from what it has seen (``knowledge``)."""
        from ...knowledge import EVENTS, possible_bases

        if self.own_base:
            return [self.own_base]
        log = self.game.state["log"]
        key = (id(self.game), self.player, len(log), repr(log[-1]) if log else "")
        if _CANDIDATES.get(key, (None,))[0] is not self.game:  # the game kept with its answer: ids are reused
            probes = self.data["hands"]["empire"].get("probes")
            seen = set(probes) if isinstance(probes, list) else set()
            seen |= set(self.data["discards"].get("probes", []))
            if len(_CANDIDATES) > 64:
                _CANDIDATES.clear()
            _CANDIDATES[key] = (self.game, possible_bases(self.game, self.data, self.events(EVENTS), seen, self.player))
        return list(_CANDIDATES[key][1])

    # -- forces --------------------------------------------------------------------------------------------------

    def unit_value(self, unit: str) -> float:
        info = self.t.units.get(unit)
        return 1.0 if info is None else unit_worth(unit, info)

    def army_value(self, units: dict[str, int]) -> float:
        return sum(self.unit_value(u) * n for u, n in units.items())

    def capacity(self, units: dict[str, int]) -> int:
        t = self.t.units
        return sum(t[u].transport_capacity * n for u, n in units.items() if u in t and not t[u].needs_transport)


#: The most units a side may have in a theater for the heuristic agent to ask the exact odds (the ``exact_odds``
#: knob): past it the exact solve of the best play takes too long for judging a move (docs/odds.md, "How fast").
EXACT_UNITS = 4


def exact_battle(seen: Seen, attackers: dict[str, int], defenders: dict[str, int],
                 theater: str) -> tuple[float, float, float] | None:
    """One theater's battle by its exact odds (issue 34), ``attackers`` rolling first, both sides assigning damage
    at their best, until it ends: the share of each side's value it expects to keep, and the attackers' chance to
    win the theater (the defenders wiped out, some attackers left). ``None`` when a side has no units there or more
    than :data:`EXACT_UNITS`, when the odds are not answered at once (``quick``: with Rise of the Empire's repairs
    the best play takes seconds), or without numpy (the ``odds`` extra): the estimate, :func:`battle`, answers.
    Answers are kept with the rules: they depend on the expansions and the forces only."""
    if not attackers or not defenders or max(sum(attackers.values()), sum(defenders.values())) > EXACT_UNITS:
        return None
    key = ("exact-battle", theater, tuple(sorted(attackers.items())), tuple(sorted(defenders.items())))
    cache = seen.game.rules.cache
    if key not in cache:
        from ...odds import OddsError, odds

        try:
            answer = odds(seen.game, attackers, defenders, theater, quick=True)  # type: ignore[arg-type]
        except OddsError:
            cache[key] = None
        else:
            t = answer.theaters[theater]
            a, d = answer.attacker_side, answer.defender_side

            def kept(side: str, force: dict[str, int]) -> float:
                value = sum(p * seen.army_value(dict(units)) for units, p in t.survivors[side].items())
                return value / (seen.army_value(force) or 1.0)

            cache[key] = (kept(a, attackers), kept(d, defenders), t.wiped[d] - t.both_wiped)
    return cache[key]


def battle(seen: Seen, attackers: dict[str, int], defenders: dict[str, int], theater: str,
           rounds: int = 3, bonus: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
    """Expected fractions of each side's strength left after a few rounds of one theater's battle.

    A deterministic estimate: each round each side deals its expected damage (a hit on the matching health colour,
    a direct hit on anything, RS-ATK-05/06), taken off the enemy's cheapest units first. ``bonus`` adds expected
    damage per round for each side (leaders' tactic cards)."""
    t = seen.t.units
    a = _pieces(t, attackers, theater)
    d = _pieces(t, defenders, theater)
    a0, d0 = sum(h for _, h, _ in a) or 1, sum(h for _, h, _ in d) or 1
    if not a:
        return 0.0, 1.0 if d else 0.0
    if not d:
        return 1.0, 0.0
    for _ in range(rounds):
        hits_a = _damage(t, a, d) + bonus[0]
        hits_d = _damage(t, d, a) + bonus[1]
        d = _take(d, hits_a)
        a = _take(a, hits_d)
        if not a or not d:
            break
    return sum(h for _, h, _ in a) / a0, sum(h for _, h, _ in d) / d0


def _pieces(t, units: dict[str, int], theater: str) -> list[tuple[str, float, str]]:
    out = []
    for unit, n in sorted(units.items()):
        info = t.get(unit)
        if info is None or info.theater != theater or not info.health:
            if info is not None and info.theater == theater and not info.health and sum(info.attack.values()):
                out += [(unit, 6.0, "none")] * n  # the Death Star: cannot be damaged (RB-DS-02), shoots
            continue
        out += [(unit, float(info.health), info.health_colour or "red")] * n
    return sorted(out, key=lambda p: p[1])


def _damage(t, shooters, targets) -> float:
    colours = {c for _, _, c in targets}
    total = 0.0
    dice: dict[str, int] = {}
    for unit, _, _ in shooters:
        for colour, n in t[unit].attack.items():
            dice[colour] = dice.get(colour, 0) + n
    for colour, n in dice.items():
        n = min(n, 5)  # at most 5 dice of a colour per attack (RB-CMB-05)
        total += n * (P_DIRECT + (P_HIT if colour in colours or colour == "green" else 0) + P_SPECIAL / 2)
    return total


def _take(pieces, damage: float):
    """Damage off the cheapest pieces first; the Death Star ("none") takes none (RB-DS-02)."""
    out = list(pieces)
    while damage > 0:
        hittable = [i for i, p in enumerate(out) if p[2] != "none"]
        if not hittable:
            break
        i = hittable[0]
        unit, health, colour = out[i]
        if damage >= health:
            damage -= health
            out.pop(i)
        else:
            out[i] = (unit, health - damage, colour)
            damage = 0
    return out
