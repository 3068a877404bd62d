"""Mission primitives (RB-ASG, RB-MIS): skill requirements, assigning a card, returning it unrevealed, counting
successes. The Assignment Phase and a mission's stages are steps (``phases/missions.py``)."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from swrebellion.engine import peek
from swrebellion.i18n import N_

from .. import board
from ..cards import hand
from ..names import named_options
from ..tables import tables

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

#: Mission successes by die face (RB-MIS-11, RULINGS C-01).
SUCCESSES = {"hit": 1, "direct-hit": 1, "special": 2}


PORTRAIT_BONUS = 2  # RB-MIS-12


def icons_of(game, leaders) -> dict[str, dict[str, int]]:
    """Each leader's requirement icons (leader -> skill -> count), RS-MIS-02: his printed icons, through
    ``game.modify("requirement-icons", ...)`` so that an expansion may count more (Rise of the Empire's small
    icons, RE-SKL-03). A caller testing many cards or pairs of leaders counts them once: they cannot change while
    the options of one decision are being listed."""
    printed = _printed_icons(game)
    icons: dict[str, dict[str, int]] = {}
    if not game.answered("requirement-icons"):  # no plugin adjusts them: the printed icons are the answer
        for lid in leaders:
            icons[lid] = printed[lid]
        return icons
    modify = game.modify
    for lid in leaders:
        icons[lid] = modify("requirement-icons", printed[lid], leader=lid)
    return icons


def _printed_icons(game) -> dict[str, dict[str, int]]:
    """Each leader's printed skill icons (his model's ``skills``), as a table made once per rules: the icons of every
    leader of the pool or on a card are read at every assignment and Command Phase turn."""
    try:
        return game.rules.cache[_PRINTED_ICONS]  # type: ignore[no-any-return]
    except KeyError:
        found = {lid: info.skills for lid, info in tables(game).leaders.items()}
        return game.rules.cache.setdefault(_PRINTED_ICONS, found)  # type: ignore[no-any-return]


_PRINTED_ICONS = "base-printed-icons"


def _reach(requires: dict[str, int], *icons: dict[str, int]) -> bool:
    """Whether the icons together reach the count of every skill the card requires (RS-MIS-02)."""
    for skill, need in requires.items():
        have = 0
        for counts in icons:
            have += counts.get(skill, 0)
        if have < need:
            return False
    return True


def meets(game: Game, card: str, leaders: list[str], icons: dict[str, dict[str, int]] | None = None) -> bool:
    """RS-MIS-02: the leaders' icons of each of the card's skill types reach the number the card requires.
    ``icons``: the leaders' icons when the caller has counted them (:func:`icons_of`). Asked for every card on the
    board at every Command Phase turn: a card requiring one skill (every card so far) adds up that skill alone."""
    if icons is None:
        icons = icons_of(game, leaders)
    single = _single_skill(game)
    needed = single.get(card)
    if needed is not None:
        skill, missing = needed
        return sum([icons[lid].get(skill, 0) for lid in leaders]) >= missing
    return _reach(tables(game).missions[card].requires, *[icons[lid] for lid in leaders])


def completable(game, card: str, leaders: list[str], pool: list[str],
                icons: dict[str, dict[str, int]] | None = None) -> bool:
    """Whether ``leaders`` meet the requirement, alone or with one more leader from ``pool`` (at most two, RS-ASG-02).
    ``icons``: as for :func:`meets`, covering ``leaders`` and ``pool``."""
    if icons is None:
        icons = icons_of(game, [*leaders, *pool])
    if meets(game, card, leaders, icons):
        return True
    if len(leaders) == 1:
        requires = tables(game).missions[card].requires
        first = icons[leaders[0]]
        if len(requires) == 1:  # every card so far: one skill, so the best partner decides
            (skill, need), = requires.items()
            partners = [icons[other].get(skill, 0) for other in pool if other != leaders[0]]
            return bool(partners) and first.get(skill, 0) + max(partners) >= need
        for other in pool:
            if other != leaders[0] and _reach(requires, first, icons[other]):
                return True
    return False


def assignable(game, cards: list[str], pool: list[str], icons: dict[str, dict[str, int]],
               options: dict[str, Any] | None = None) -> list[Any]:
    """The cards of ``cards`` that one or two of the pool's leaders together meet (the cards offered for
    assignment), in their order; with ``options`` (card -> its option), their options instead, picked in the same
    pass. ``icons``: as for :func:`meets`, covering ``pool``. A card requiring one skill (every card so far) is met
    when the pool's best two leaders of that skill reach it (:func:`_best_pairs`, found in one pass over the pool
    for all the cards, not once per card)."""
    if not pool or not cards:
        return []
    single = _single_skill(game)
    pairs = _best_pairs(pool, icons)
    out = []
    for card in cards:
        needed = single.get(card)
        if needed is not None:
            if pairs.get(needed[0], 0) < needed[1]:
                continue
        elif not _pair_reaches(tables(game).missions[card].requires, [icons[lid] for lid in pool]):
            continue
        out.append(card if options is None else options[card])
    return out


def _single_skill(game) -> dict[str, tuple[str, int]]:
    """The (skill, count) each mission or project card requiring a single skill requires (every card so far), found
    once per set of rules: the assignment options read it for every card in hand at every choice."""
    try:
        return game.rules.cache["base-single-skill"]  # type: ignore[no-any-return]
    except KeyError:
        found = {card: next(iter(info.requires.items())) for card, info in tables(game).missions.items()
                 if len(info.requires) == 1}
        return game.rules.cache.setdefault("base-single-skill", found)  # type: ignore[no-any-return]


def _best_pairs(pool: list[str], icons: dict[str, dict[str, int]]) -> dict[str, int]:
    """Each skill's most icons that one leader or two together have (the best count one leader has and the next
    best, another leader's, added), from the icons of each leader of ``pool``, in one pass over them. A skill
    nobody has is left out (none: 0)."""
    best: dict[str, int] = {}
    pairs: dict[str, int] = {}
    for lid in pool:
        for skill, n in icons[lid].items():
            top = best.get(skill, 0)
            if n > top:  # he is the best now, the one best before him the next best
                best[skill] = n
                pairs[skill] = n + top
            elif n + top > pairs.get(skill, 0):  # he beats the next best
                pairs[skill] = n + top
    return pairs


def _pair_reaches(requires: dict[str, int], skills: list[dict[str, int]]) -> bool:
    """Whether one of ``skills`` (each leader's icons) or two together reach ``requires``."""
    for one in skills:
        if _reach(requires, one):
            return True
    for one, two in combinations(skills, 2):
        if _reach(requires, one, two):
            return True
    return False


def first_leaders(game, card: str, pool: list[str], icons: dict[str, dict[str, int]]) -> list[str]:
    """The pool's leaders who meet the card alone or with one more of the pool (:func:`completable`): the first
    leaders offered for it, in pool order. ``icons``: as for :func:`meets`, covering ``pool``. For a card requiring
    one skill (every card so far) each leader's best partner has the pool's best count of it, or its second best
    for a leader having the best (the same when two have it; 0 for a leader alone: no partner adds nothing), both
    found in one pass for all the leaders rather than once per leader."""
    single = _single_skill(game)
    needed = single.get(card)
    if needed is None:
        return [l for l in pool if completable(game, card, [l], pool, icons)]
    skill, need = needed
    best = second = 0
    for lid in pool:
        mine = icons[lid].get(skill, 0)
        if mine > best:
            best, second = mine, best
        elif mine > second:
            second = mine
    low = need - best  # what a leader short of the best must have: the best is his partner
    top = best + second >= need  # whether a leader having the best meets it, the next best his partner
    out = []
    for lid in pool:
        mine = icons[lid].get(skill, 0)
        if top if mine == best else mine >= low:
            out.append(lid)
    return out


def second_leader_options(game, faction: str, card: str, first: str, pool: list[str] | None = None,
                          icons: dict[str, dict[str, int]] | None = None) -> list[dict]:
    """A second leader may join when the pair meets the card (RS-ASG-03: even if the first alone does). In team play
    he is the assigning player's own, like the first (RS-ASG-09, RB-TEAM-02). ``pool`` and ``icons``: the side's
    pool and its leaders' icons (:func:`icons_of`), when the caller has them (the Assignment Phase listed them for
    the card just chosen, and nothing has happened since)."""
    pool = board.pool(game, faction) if pool is None else [*pool]  # his partners: the pool less himself
    if first in pool:
        pool.remove(first)
    if len(board.side_players(game, faction)) > 1:  # team play: only the first leader's player's own leaders
        player = board.leader_player(game, faction, first)
        pool = [l for l in pool if board.leader_player(game, faction, l) == player]
    mine = icons[first] if icons is not None else icons_of(game, [first])[first]
    lacking = {}  # the icons he lacks of each skill the card requires
    for skill, need in tables(game).missions[card].requires.items():
        short = need - mine.get(skill, 0)
        if short > 0:
            lacking[skill] = short
    if not lacking:
        return [NO_SECOND, *named_options(game, pool)]  # icons are never below 0: every partner meets it too
    if icons is None:
        icons = icons_of(game, pool)
    return named_options(game, [lid for lid in pool if _reach(lacking, icons[lid])])


#: The option of assigning no second leader: one dict for every question (never changed, as
#: :func:`~..names.named_options` says of the leaders' own options).
NO_SECOND = {"id": "none", "label": N_("No second leader"), "data": None}


def assign(game, faction: str, card: str, leaders: list[str]) -> None:
    """Lay the card face down with its leaders (RS-ASG-02, RS-ASG-07: card hidden, leaders public)."""
    data = game.state["data"]
    for lid in leaders:
        board.place_leader(game, lid, "mission")
    hidden = board.team_secret(game, card, faction)  # the log keeps its own copy of what it is handed (Game.log)
    data["assigned"][faction].append({"card": hidden, "leaders": list(leaders)})
    game.log("assigned", faction=faction, leaders=leaders, card=hidden)


def return_to_hand(game: Game, faction: str, entry: dict[str, Any], why: str) -> None:
    """The card goes back to hand unrevealed; its leaders still on it go back to the pool (RB-MIS-23, C-11)."""
    card = peek(entry["card"])
    hand(game, faction, "missions").append(card)
    for lid in entry["leaders"]:
        if board.leader(game, lid)["at"] == "mission":
            board.place_leader(game, lid, "pool")
    game.log("mission-returned", faction=faction, leaders=entry["leaders"], reason=why,  # copied by the log
             card=board.team_secret(game, card, faction))


def take_assigned(game: Game, faction: str, index: int) -> dict[str, Any]:
    """Take the side's assigned mission number ``index`` (in the order assigned) from the board, with its leaders
    as they are: the caller returns it to hand (:func:`return_to_hand`) or reveals it."""
    entry: dict[str, Any] = game.state["data"]["assigned"][faction].pop(index)
    return entry


def oppose_mission(game: Game, extra_dice: int) -> None:
    """The side opposing the mission being resolved rolls ``extra_dice`` more dice against it (Subversion; at most
    10 dice in all, RB-MIS-15). Nothing happens when no mission is being resolved."""
    mission = mission_frame(game)
    if mission is not None and extra_dice:
        mission["ctx"]["opposition_dice"] = mission["ctx"].get("opposition_dice", 0) + extra_dice


def successes(game: Game, frame: dict[str, Any], faction: str) -> int:
    """RB-MIS-11 per die; RB-MIS-12 portrait bonus on attempts (RS-MIS-06), for the card's own side, and extra
    successes a card gave its leaders this round (Contingency Plan's Lando)."""
    total = sum(SUCCESSES.get(face, 0) for faces in frame["rolls"].get(faction, {}).values() for face in faces)
    if faction == frame["faction"]:
        total += sum(effect["amount"] for effect in leader_effects(game, "extra-successes", frame["leaders"]))
        t = tables(game)
        portrait = t.missions[frame["card"]].portrait
        if portrait and any(portrait in (lid, t.leaders[lid].replaces) for lid in frame["leaders"]):
            total += PORTRAIT_BONUS
    return total


def leader_effects(game, kind: str, leaders: list[str]) -> list[dict]:
    """The effects of ``kind`` on any of ``leaders`` this round."""
    data = game.state["data"]
    effects = data["limits"].get("leader-effects")
    if not effects:  # the usual answer (Misdirection, Contingency Plan seldom played): no list to filter
        return []
    return [e for e in effects if e["kind"] == kind and e["round"] == data["round"] and e["leader"] in leaders]


def mission_frame(game: Game) -> dict[str, Any] | None:
    """The innermost mission being resolved (``missions.mission_step``)."""
    return next((f for f in reversed(game.state["stack"]) if f["step"] == "base.mission"), None)


def cancel(game, frame: dict, cause: str | None) -> None:
    """End the revealed mission of ``frame`` at once, with no further effect: the card goes back to its owner's
    hand and its leaders from the mission's system to their pool (a card's cancel, ``stop_mission`` ``how: cancel``)."""
    faction, card = frame["faction"], frame["card"]
    where = (frame.get("ctx") or {}).get("system")
    for lid in frame["leaders"]:
        info = board.leader(game, lid)
        if info["at"] in (where, "mission") and not board.is_captured(game, lid):
            info["at"] = "pool"
    hand(game, faction, "missions").append(card)
    frame["stage"] = "cancelled"
    game.log("mission-cancelled", faction=faction, card=card, leaders=list(frame["leaders"]), cause=cause)
