"""Rise of the Empire's effect ops in words, for `rebellion show` (the ``effect_words`` hook; the base game's
:mod:`swrebellion.expansions.base.presentation.effect_words` says how a step is worded)."""

from __future__ import annotations

from typing import Any

from swrebellion.expansions.base.api.words import Phrases, Wording, join
from swrebellion.i18n import N_, gettext as _, ngettext


def _fixed(message: str) -> Wording:
    return lambda p, s: _(message)


def arrange_tactics(p: Phrases, s: dict[str, Any]) -> str:
    n = s.get("look", 1)
    deck = {"space": _("your space tactic deck"), "ground": _("your ground tactic deck")}[s.get("theater", "space")]
    return ngettext("Look at the top {n} card of {deck} and put it back on the top or the bottom.",
                    "Look at the top {n} cards of {deck} and put them back on the top and the bottom in any order.",
                    n).format(n=n, deck=deck)


def hide_probe(p: Phrases, s: dict[str, Any]) -> str:
    if s.get("source", "hand") == "deck":
        n = s.get("look", 1)
        text = ngettext("Look at the top {n} card of the probe deck; keep one face down under this card and put the "
                        "rest back.",
                        "Look at the top {n} cards of the probe deck; keep one face down under this card and put the "
                        "rest back.", n).format(n=n)
    else:
        text = _("Put one of your probe cards face down under this card, out of play.")
    use = {"turn-start": _("at the start of one of your Command Phase turns"),
           "command-end": _("at the end of a Command Phase")}[s.get("use", "turn-start")]
    to = {"hand": _("it goes back to your hand, revealed"),
          "deck-top": _("it goes face down on top of the probe deck")}[s.get("to", "hand")]
    text += " " + _("You may use it later, {when}: {then}.").format(when=use, then=to)
    if s.get("steps"):
        text += " " + _("Then, in the probe card's system:")
    return text


def place_target_markers(p: Phrases, s: dict[str, Any]) -> str:
    n = s.get("count", 1)
    marker = p.marker(s["marker"])
    if s.get("here"):
        where = p.place("system", "in")
    else:
        where = p.systems(s.get("where"), "in")
        if s.get("same_system"):
            where = _("{place}, all in the same system").format(place=where)
    text = ngettext("Place the {marker} {where}.", "Place {n} {marker}s {where}.", n).format(
        n=n, marker=marker, where=where)
    if s.get("chooser") == "opponent":
        text = _("Your opponent decides: {sentence}").format(sentence=text)
    if s.get("until_base_moves"):
        text += " " + _("The marker also goes when the Rebel base relocates.")
    return text


def reputation_roll(p: Phrases, s: dict[str, Any]) -> str:
    n, extra = s.get("dice", 1), s.get("extra", 0)
    text = ngettext("Your opponent rolls {n} red die", "Your opponent rolls {n} red dice", n).format(n=n)
    if extra and s.get("leader"):
        text = ngettext("{roll} ({n} more if {leader} is on the mission)",
                        "{roll} ({n} more if {leader} is on the mission)", extra).format(
            roll=text, n=extra, leader=p.name(s["leader"]))
    amount = s.get("amount", -1)
    change = (ngettext("the Rebels gain {n} reputation", "the Rebels gain {n} reputation", amount) if amount > 0 else
              ngettext("the Rebels lose {n} reputation", "the Rebels lose {n} reputation", -amount)).format(
        n=abs(amount))
    face = {"special": _("a special"), "hit": _("a hit"), "blank": _("a blank"),
            "direct-hit": _("a direct hit")}.get(s.get("face", "special"), s.get("face", "special"))
    return _("{roll}: if any die shows {face}, {change}.").format(roll=text, face=face, change=change)


def tactic_at_round_end(p: Phrases, s: dict[str, Any]) -> str:
    when = s.get("when") or {}
    conditions = []
    if when.get("enemy_absent"):
        conditions.append({"space": _("your opponent has no ships left here"),
                           "ground": _("your opponent has no ground units left here")}[when["enemy_absent"]])
    if when.get("own_units"):
        conditions.append(_("you still have units here ({units})").format(units=p.names(when["own_units"])))
    if when.get("retreated"):
        conditions.append(_("one of your units retreated this round"))
    if when.get("enemy_ground_lost"):
        conditions.append(_("your opponent's ground units here are all gone"))
    if conditions:
        return _("At the end of this combat round, if {conditions}:").format(conditions=join(conditions, "and"))
    return _("At the end of this combat round:")


def _kinds_and_types(p: Phrases, s: dict[str, Any]) -> list[str]:
    """The unit kinds and types a tactic card's step is limited to, in words."""
    return ([join([p.kind(k) for k in s["kinds"]], "or")] if s.get("kinds") else []) + (
        [p.names(s["units"])] if s.get("units") else [])


def tactic_damage(p: Phrases, s: dict[str, Any]) -> str:
    n = s.get("amount", 1)
    targets = _kinds_and_types(p, s)
    if s.get("colour"):
        targets.append({"red": _("units with red health"), "black": _("units with black health")}[s["colour"]])
    text = (ngettext("Deal {n} damage to one of your opponent's units here",
                     "Deal {n} damage to one of your opponent's units here", n) if s.get("mode") == "single" else
            ngettext("Deal {n} damage to your opponent's units here",
                     "Deal {n} damage to your opponent's units here", n)).format(n=n)
    if targets:
        text = _("{action} ({targets})").format(action=text, targets="; ".join(targets))
    text += "."
    if s.get("no_repair"):
        text += " " + _("That damage cannot be repaired this round.")
    return text


def tactic_destroy(p: Phrases, s: dict[str, Any]) -> str:
    which = _kinds_and_types(p, s)
    if s.get("icons"):
        which.append(_("built with {icons}").format(icons=p.icons(s["icons"])))
    if s.get("theater"):
        which.append({"space": _("a ship"), "ground": _("a ground unit")}[s["theater"]])
    text = _("Destroy one of your opponent's units here")
    if which:
        text = _("{action} ({which})").format(action=text, which="; ".join(which))
    return text + "."


def battle_effect(p: Phrases, s: dict[str, Any]) -> str:
    """A rule of the cinematic combat changed for a round of battle or the combat."""
    mine = s.get("who", "self") == "self"
    effect = s.get("effect")
    if effect == "prevent":
        parts = [ngettext("{n} red hit", "{n} red hits", s["red"]).format(n=s["red"]) if s.get("red") else "",
                 ngettext("{n} black hit", "{n} black hits", s["black"]).format(n=s["black"]) if s.get("black") else "",
                 ngettext("{n} direct hit", "{n} direct hits", s["direct"]).format(n=s["direct"])
                 if s.get("direct") else ""]
        damage = join([part for part in parts if part], "and") or _("no damage")
        text = (_("Prevent {damage} against you") if mine else _("Prevent {damage} against your opponent")).format(
            damage=damage)
    elif effect == "no-repair":
        text = _("Your units cannot remove damage") if mine else _("Your opponent's units cannot remove damage")
        if s.get("units"):
            text = _("{action} ({units})").format(action=text, units=p.names(s["units"]))
    elif effect == "shed":
        n = s.get("amount") or 0
        text = (ngettext("After the attack, remove {n} damage from your units",
                         "After the attack, remove {n} damage from your units", n) if mine else
                ngettext("After the attack, remove {n} damage from your opponent's units",
                         "After the attack, remove {n} damage from your opponent's units", n)).format(n=n)
        if s.get("exclude"):
            text = _("{action} (not from {units})").format(action=text, units=p.names(s["exclude"]))
    elif effect == "redirect":
        n = s.get("amount") or 0
        text = ngettext("Move up to {n} damage assigned to your units onto your {unit}",
                        "Move up to {n} damage assigned to your units onto your {unit}", n).format(
            n=n, unit=p.name(s.get("onto") or ""))
    elif effect == "forbid":
        text = _("You play no tactic card of this theater") if mine else \
            _("Your opponent plays no tactic card of this theater")
    elif effect == "attack-last":
        text = _("You attack second in this theater's battles") if mine else \
            _("Your opponent attacks second in this theater's battles")
    else:  # pick-first
        text = _("You choose and show your advanced tactic card first") if mine else \
            _("Your opponent chooses and shows his advanced tactic card first")
    until = {"round": _("this round of battle"), "next-round": _("in the next round of battle"),
             "combat": _("for the rest of the combat")}[s.get("until", "round")]
    return _("{effect}, {until}.").format(effect=text, until=until)


#: Rise of the Empire's ops in words (the ``effect_words`` hook).
STEPS: dict[str, Wording] = {
    "arrange_tactics": arrange_tactics, "battle_effect": battle_effect,
    "cancel_tactic": lambda p, s: (
        _("Retreat at once; if you do, your opponent's card of this round is cancelled.") if s.get("retreat_first")
        else _("Cancel your opponent's tactic card of this round.")),
    "hide_probe": hide_probe,
    "tactic_cards": lambda p, s: arrange_tactics(p, s) if s.get("move") == "arrange" else (
        _("This card leaves the game.") if s.get("move") == "leave-game" else {
            "space": _("Put your discarded space tactic cards back into their deck."),
            "ground": _("Put your discarded ground tactic cards back into their deck."),
            None: _("Put your discarded advanced tactic cards back into their decks.")}[s.get("theater")]),
    "join_opposition": lambda p, s: ngettext(
        "The card's leaders join the attempted mission's system and oppose it with {n} extra die.",
        "The card's leaders join the attempted mission's system and oppose it with {n} extra dice.",
        s.get("extra_dice", 0)).format(n=s.get("extra_dice", 0)),
    "place_target_markers": place_target_markers,
    "raise_leader_limit": lambda p, s: ngettext(
        "Your leader limit rises by {n} for the rest of the game.",
        "Your leader limit rises by {n} for the rest of the game.", s.get("amount", 1)).format(n=s.get("amount", 1)),
    "recover_tactics": lambda p, s: {
        "space": _("Put your discarded space tactic cards back into their deck."),
        "ground": _("Put your discarded ground tactic cards back into their deck."),
        None: _("Put your discarded advanced tactic cards back into their decks.")}[s.get("theater")],
    "remove_target_marker": lambda p, s: (_("Remove every target marker from that system.") if s.get("every") else
                                          _("Remove a target marker from that system.")),
    "reputation_roll": reputation_roll,
    "return_mission": lambda p, s: _(
        "Send one of your opponent's assigned missions back to his hand unrevealed; its leaders go back to the pool."),
    "reveal_opposition": _fixed(N_("You may reveal an assigned Subversion card against the mission being "
                                   "attempted; its effect runs with its leaders.")),
    "tactic_at_round_end": tactic_at_round_end,
    "tactic_capture": _fixed(N_("Capture one of your opponent's free leaders here.")),
    "tactic_damage": tactic_damage, "tactic_destroy": tactic_destroy,
    "tactic_extra": _fixed(N_("Play one more card of this theater from your deck now: one of its halves, or "
                              "neither.")),
    "tactic_leave_game": _fixed(N_("This card leaves the game.")),
    "trade_objective": lambda p, s: ngettext(
        "The Rebels may discard an objective from hand to gain {n} reputation.",
        "The Rebels may discard an objective from hand to gain {n} reputation.", s.get("reputation", 1)).format(
        n=s.get("reputation", 1)),
}
