"""The combat odds' answer (:class:`.odds.Odds`) for a person, in the reader's language (what ``rebellion odds``
prints, the terminal's ``odds`` shows), and as plain JSON data (``rebellion odds --format json``): presentation of
what the rules compute, as docs/odds.md shows it."""

from __future__ import annotations

from typing import Mapping

from swrebellion.i18n import N_, gettext, ngettext

from ..odds import Odds
from ..odds_combat import TheaterOdds


def as_json(answer: Odds) -> dict:
    """The answer as plain JSON data (``rebellion odds --format json``)."""
    def theater(t: TheaterOdds) -> dict:
        return {
            "theater": t.theater, "forces": {answer.attacker_side: t.attacker, answer.defender_side: t.defender},
            "wiped_out": t.wiped, "both_wiped_out": t.both_wiped, "undecided": t.undecided,
            "survivors": {side: [{"units": dict(units), "chance": p}
                                 for units, p in sorted(rows.items(), key=lambda r: (-r[1], r[0]))]
                          for side, rows in t.survivors.items()},
            "expected_damage_by_round": t.damage,
        }

    return {"attacker": answer.attacker_side, "defender": answer.defender_side, "policy": answer.policy,
            "rounds": answer.rounds, "theaters": {k: theater(v) for k, v in answer.theaters.items()},
            "left_out": list(answer.left_out), "notes": answer.notes}


#: Survivors less likely than this are not listed (0.005%: they would print as 0.00%).
SHOWN = 5e-5
TITLES = {"space": N_("Space battle"), "ground": N_("Ground battle"), "combat": N_("The whole combat")}
SIDES = {"rebel": N_("Rebel"), "empire": N_("Empire")}


def as_text(answer: Odds, rows: int = 6, shown_rounds: int = 8) -> str:
    """The answer for a person, in the current language (``--lang``): per theater the chances, the expected damage
    after each round and the likeliest survivors; then what the figures leave out. Units are named by their ids,
    the words ``--attacker`` takes."""
    _ = gettext
    a, d = answer.attacker_side, answer.defender_side
    name = {f: _(SIDES[f]) for f in (a, d)}
    width = max(len(n) for n in name.values())
    how = _("both sides assigning damage as well as possible") if answer.policy == "best" else \
        _("both sides assigning damage as the heuristic agent does")
    span = ngettext("{n} round", "{n} rounds", answer.rounds).format(n=answer.rounds) if answer.rounds else \
        _("until the combat ends")
    lines = [_("{attacker} attacks first, {defender} defends; {how}; {span}.").format(
        attacker=name[a], defender=name[d], how=how, span=span)]
    if not answer.theaters:
        lines.append(_("No theater asked about holds both sides' units: no combat to work out."))
    for t in answer.theaters.values():
        chances = _("{attacker} wiped out {a}   {defender} wiped out {d}   both {both}").format(
            attacker=name[a], a=_pct(t.wiped[a]), defender=name[d], d=_pct(t.wiped[d]), both=_pct(t.both_wiped))
        if answer.rounds:
            chances += "   " + _("still fighting {p}").format(p=_pct(t.undecided))
        lines += ["", _("{theater}: {attacker}  vs  {defender}").format(
            theater=_(TITLES[t.theater]), attacker=_force(t.attacker), defender=_force(t.defender)), "  " + chances]
        if t.damage[a]:
            lines.append("  " + _("expected damage taken after round {rounds}:").format(rounds=", ".join(
                str(i + 1) for i in range(min(shown_rounds, len(t.damage[a]))))))
            for side in (a, d):
                more = " ..." if len(t.damage[side]) > shown_rounds else ""
                figures = " ".join(f"{x:5.2f}" for x in t.damage[side][:shown_rounds])
                lines.append(f"    {name[side]:<{width}} {figures}{more}")
        for side in (a, d):
            lines.append("  " + _("{side} survivors:").format(side=name[side]))
            ranked = [r for r in sorted(t.survivors[side].items(), key=lambda r: (-r[1], r[0])) if r[1] >= SHOWN]
            for units, p in ranked[:rows]:
                lines.append(f"    {_pct(p)}  {_force(dict(units)) or _('none')}")
            rest = sum(p for _units, p in ranked[rows:])
            if rows < len(ranked):
                others = len(ranked) - rows
                lines.append(f"    {_pct(rest)}  " + ngettext("{n} other outcome", "{n} other outcomes",
                                                              others).format(n=others))
    lines += ["", _("Left out: {items}.").format(items="; ".join(_(x) for x in answer.left_out))]
    notes = [_(template).format(**values) for template, values in answer.note_parts] if answer.note_parts else \
        answer.notes
    lines += [_("Note: {note}.").format(note=n) for n in notes]
    return "\n".join(lines)


def _pct(p: float) -> str:
    return f"{100 * p:6.2f}%"


def _force(units: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {u}" for u, n in units.items())
