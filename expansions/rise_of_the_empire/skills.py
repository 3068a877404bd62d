"""Green dice and secondary skills (RE-DIE-01..05, RE-SKL-01..03, RULINGS D-01, FAQ-113/115/116).

In combat nothing needs code: units that roll green dice say so in their ``attack`` data and the green die's
``limit_per_roll: 3`` (dice.yaml) is a third limit beside the 5 red and 5 black (``"dice-limits"``), so a green
direct hit is assigned like any other (RE-DIE-02). In missions each small icon of a matching skill rolls one green
die on top of the red/black dice (``"mission-dice"``, at most 3), and small icons count toward the card's
requirement (``"requirement-icons"``). Abilities that just say "roll dice" keep rolling red or black (RE-DIE-05):
the base game's ops name their colours.
"""

from __future__ import annotations

from swrebellion.expansions.base import api

from .tables import tables

GREEN = "green"

#: Small icons an attachment ring gives its wearer (He Means Well's K-2SO ring, markers.yaml; RS-ACT-13: a ring
#: replaced or removed ends its effect).
RING_SKILLS = {"k-2so-ring": {"special-ops": 1, "intelligence": 1}}


def secondary(game, lid: str) -> dict[str, int]:
    """The leader's small icons: his own plus his ring's (to read, not to change: without a ring that gives icons
    it is the leader's own table, asked for every leader at every assignment)."""
    own = tables(game).small_icons[lid]
    info = api.leaders.states(game).get(lid)
    extra = RING_SKILLS.get(info.get("ring")) if info is not None else None
    if extra is None:
        return own
    merged = dict(own)
    for skill, n in extra.items():
        merged[skill] = merged.get(skill, 0) + n
    return merged


def requirement_icons(game, value, context):
    """RE-SKL-03, FAQ-116: a leader's small icons count like his large ones toward a mission's requirement.

    Asked for every leader of the pool at every assignment choice and for every leader on a card at every Command
    Phase turn, so each sum is made once per rules for a leader, his ring and the value it was given (his printed
    icons, or what an earlier modifier returned), and handed out again only for that very value: it cannot go stale.
    The dict handed out is shared, like the printed icons the base game hands out: neither the callers of
    ``requirement-icons`` (``missions.icons_of`` and those it serves only read it) nor a later modifier may change it
    in place; a modifier that adjusts it returns a new dict (this is the only modifier of it so far)."""
    lid = context["leader"]
    ring = api.leaders.states(game)[lid]["ring"]
    sums = game.rules.cache.setdefault(_SUMS, {})  # leader or (leader, ring) -> (the value given, the icons made)
    key = lid if ring is None else (lid, ring)
    made = sums.get(key)
    if made is not None and made[0] is value:
        return made[1]
    small = secondary(game, lid)
    merged = None
    if small:
        merged = dict(value)
        for skill, n in small.items():
            merged[skill] = merged.get(skill, 0) + n
    sums[key] = (value, merged)  # the value is kept with it, so ``is`` never compares a recycled id
    return merged


_SUMS = "rise-of-the-empire.requirement-icons"


def mission_dice(game, value, context):
    """RE-SKL-02, FAQ-115: one green die per small icon of the leaders taking part that matches the card's skills
    (every small icon when the card counts all skills), at most 3 (RE-DIE-03, RULINGS D-01)."""
    card = api.content.mission(game, context["card"])
    skills = None if card.count_all_skills else set(card.requires)
    green = sum(n for lid in context.get("leaders", ()) for s, n in secondary(game, lid).items()
                if skills is None or s in skills)
    if not green:
        return None
    return {**value, GREEN: min(green, api.content.dice_limit(game, GREEN) or green)}
