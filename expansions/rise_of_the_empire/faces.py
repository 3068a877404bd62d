"""The printed face of an advanced tactic card (RE-CIN): the base game's face of any card (name, side, summary,
picture), with the kind named, its theater, and its two abilities, each in our own words; the top one names the
unit it needs in the system."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from swrebellion.cardface import Badge, CardFace
from swrebellion.i18n import N_, gettext, language

THEATERS = {"space": N_("space"), "ground": N_("ground")}


def advanced_tactic(catalog: Any, card: Any, face: CardFace) -> CardFace:
    """``face`` (the base game's) with what only an advanced tactic card shows."""
    translated = face.translated
    lang = language()

    def local(text: Any) -> str:
        nonlocal translated
        value = getattr(text, lang, None) if lang != "en" else text.en
        translated = translated and value is not None
        return str(value or text.en)

    units = [local(catalog.items("units")[u].name) for u in card.units if u in catalog.items("units")]
    top = gettext(N_("Top (needs {units})")).format(units=", ".join(units)) if units else gettext(N_("Top"))
    sections = [(heading, local(ability.summary)) for heading, ability in
                ((top, card.top), (gettext(N_("Bottom")), card.bottom)) if ability.summary is not None]
    kind_word = gettext(N_("Advanced tactic"))
    return replace(face, subtitle=f"{kind_word} \u00b7 {face.back_subtitle}", back_title=kind_word,
                   badges=(Badge(gettext(THEATERS[card.theater])), *face.badges), sections=tuple(sections),
                   translated=translated)
