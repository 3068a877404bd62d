"""The printed faces of the base game's cards (the ``card_face`` hook; ``rebellion print``, docs/printing.md).

A face shows what the card data holds, in the current language: the name, the side (by colour and word), the
kind, the skills a mission needs, timing words, the leaders the card pictures, and the summary written in our own
words (never the publisher's card text). A card whose name or summary has no translation is printed with English
in its place and the face says so (``translated=False``), so ``rebellion print`` can tell which.
"""

from __future__ import annotations

from typing import Any

from swrebellion.cardface import Badge, CardFace
from swrebellion.i18n import N_, gettext, language
from swrebellion.imagefile import read_image

#: The sides' colours, darker tones of the board picture's loyalty colours so white text reads on them.
SIDE_COLOURS = {"empire": "#4a5f78", "rebel": "#a8322a"}
NEUTRAL = "#55585e"
SIDES = {"empire": N_("Empire"), "rebel": N_("Rebel")}
SKILLS = {"diplomacy": N_("diplomacy"), "intelligence": N_("intelligence"), "special-ops": N_("special ops"),
          "logistics": N_("logistics")}
SKILL_COLOURS = {"diplomacy": "#2f6f9f", "intelligence": "#3d7f3a", "special-ops": "#8a3b8f",
                 "logistics": "#a86a1c"}
TIMING = {"assignment": N_("assignment"), "start-of-combat": N_("start of combat"), "immediate": N_("immediate"),
          "special": N_("special"), "combat": N_("combat"), "start-of-refresh": N_("start of refresh")}
THEATERS = {"space": N_("space"), "ground": N_("ground")}
#: What each kind is called on the face and on the back.
KINDS = {"missions": N_("Mission"), "objectives": N_("Objective"), "actions": N_("Action"),
         "tactics": N_("Tactic"), "probes": N_("Probe")}
DECKS = {"starting": N_("Starting mission"), "project": N_("Project"), "regular": N_("Mission")}


def face(catalog: Any, kind: str, card: Any) -> CardFace | None:
    """The face of ``card`` (of ``kind``), or None for a kind that is not a card kind. A card kind of another
    plugin gets the common parts (name, side, summary, picture) under its kind's registered title; the plugin may
    add its own parts by wrapping this hook (as Rise of the Empire does)."""
    registered = catalog.kinds.get(kind)
    if registered is None or "card" not in registered.tags:
        return None
    words = _Words()
    side = getattr(card, "faction", None)
    badges: list[Badge] = []
    notes: list[str] = []
    kind_word = gettext(KINDS[kind]) if kind in KINDS else registered.title
    back_word = kind_word  # what the back says: one back per deck
    if kind == "missions":
        kind_word = gettext(DECKS[card.deck])
        back_word = kind_word if card.deck == "project" else back_word
        for skill, count in card.requires.items():
            badges.append(Badge(f"{gettext(SKILLS[skill])} {count}", SKILL_COLOURS[skill]))
        badges.append(Badge(gettext(N_("attempt") if card.mode == "attempt" else N_("resolve"))))
        if card.vader_icon:  # the mark of Rise of the Empire's mission set (RE-MSS-03)
            badges.append(Badge(gettext(N_("Vader icon")), "#1d1d1f"))
        if card.portrait:
            notes.append(gettext(N_("Pictured: {leader}")).format(leader=words.name(catalog, "leaders",
                                                                                      card.portrait)))
    elif kind == "actions":
        if card.starting:
            kind_word = gettext(N_("Starting action"))
        badges.append(Badge(gettext(TIMING[card.timing])))
        if card.leaders:
            notes.append(gettext(N_("Recruits: {leaders}")).format(
                leaders=", ".join(words.name(catalog, "leaders", ident) for ident in card.leaders)))
    elif kind == "objectives":
        badges.append(Badge(gettext(N_("stage {n}")).format(n=card.stage), "#6b5a2a"))
        badges.append(Badge(gettext(TIMING[card.timing])))
        if card.reputation is not None:
            badges.append(Badge(gettext(N_("reputation {n}")).format(n=card.reputation), "#2d6b5f"))
    elif kind == "tactics":
        badges.append(Badge(gettext(THEATERS[card.theater])))
        if card.requires_special:
            badges.append(Badge("\u2736 " + gettext(N_("special die")), "#7a2a2a"))
    elif kind == "probes":
        system = catalog.get("systems", card.system)
        if system is not None:
            notes.append(gettext(N_("Region: {region}")).format(region=words.name(catalog, "regions", system.region)))
    summary = getattr(card, "summary", None)
    sections = (("", words.text(summary)),) if summary is not None else ()
    side_word = gettext(SIDES[side]) if side in SIDES else ""
    subtitle = f"{kind_word} \u00b7 {side_word}" if side_word else kind_word
    return CardFace(
        title=words.text(card.name), subtitle=subtitle, colour=SIDE_COLOURS.get(side, NEUTRAL),
        badges=tuple(badges), notes=tuple(notes), sections=sections,
        footer=f"{card.set} \u00b7 {kind}/{card.id}" + (f" \u00b7 \u00d7{card.copies}" if getattr(
            card, "copies", 1) > 1 else ""),
        art=_art(catalog, kind, card), back_title=back_word, back_subtitle=side_word,
        translated=words.translated)


class _Words:
    """Content text in the current language, remembering whether English had to stand in."""

    def __init__(self) -> None:
        self.translated = True

    def text(self, value: Any) -> str:
        lang = language()
        local = getattr(value, lang, None) if lang != "en" else value.en
        if local is None:
            self.translated = False
            return str(value.en)
        return str(local)

    def name(self, catalog: Any, kind: str, ident: str) -> str:
        item = catalog.get(kind, ident)
        return ident if item is None else self.text(item.name)


def _art(catalog: Any, kind: str, card: Any) -> Any:
    """The card's picture, checked again as it is read (``validate`` reports the same problems as SW701)."""
    if getattr(card, "art", None) is None:
        return None
    entry = catalog.entry(kind, card.id)
    return read_image(catalog.pack(entry.pack).folder, card.art)
